package org.tracejudge.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.model.LabelSets;
import org.tracejudge.model.RaterKind;
import org.tracejudge.store.Adjudications;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;

class ProvenanceTest {
    @TempDir
    Path dir;

    @Test
    void ownPeopleAreTheTargetsAuthorsLessThoseAMergeBrought() {
        try (Project p = Project.open(dir.resolve("p.tjdb"), Project.OpenOptions.createIfMissing("p"))) {
            new Importer(p, null).importFiles(TestData.sampleFiles(), null, null);
            String t = TestData.scalar(p, "SELECT id FROM trace ORDER BY id LIMIT 1");
            Adjudications.decide(p, t, "Alice", "correct", null);
            p.write(c -> {
                Ledger.append(
                        c,
                        null,
                        Ledger.Entry.set(
                                t, Ledger.ensureRater(c, "dana", RaterKind.HUMAN, "", null, null), "correct", "dana"));
                Ledger.ensureRater(c, "nobody-yet", RaterKind.HUMAN, "", null, null); // no label: not a person here
                return null;
            });
            Provenance prov = p.read(c -> Provenance.of(c, List.of("DANA")));
            assertEquals(Set.of("alice", "dana"), prov.ownPeople());
            String judge = p.write(c -> Ledger.ensureRater(c, "judge", RaterKind.LLM_JUDGE, "1", null, null));
            String dana = p.read(c -> Ledger.ensureRater(c, "dana", RaterKind.HUMAN, "", null, null));
            String fake = p.write(c -> Ledger.ensureRater(c, "ALICE", RaterKind.HUMAN, "x", null, null));
            p.read(c -> {
                var req = LabelSets.TOOLFAILBENCH_REQUIRED;
                assertNull(prov.label(c, "1", t, dana, "set", "correct", req, 3), "dana said she worked there");
                assertNotNull(prov.label(c, "2", t, fake, "set", "correct", req, 4), "alice, whatever the case");
                assertNotNull(prov.label(c, "3", t, judge, "set", "banana", req, 5));
                assertNull(prov.label(c, "4", t, judge, "set", "correct", req, 6));
                assertNotNull(prov.adjudication(c, "5", t, "alice", "set", "correct", "2099", req, 7));
                assertNotNull(
                        prov.adjudication(c, "6", t, "bob", "withdraw", null, "2099-01-01", req, 8),
                        "bob withdrawing alice's newer-than-nothing decision");
                assertNull(
                        prov.adjudication(c, "7", t, "bob", "withdraw", null, "2000-01-01", req, 9),
                        "an older withdrawal changes nothing");
                assertNull(prov.adjudication(c, "8", t, "bob", "set", "correct", "2099", req, 10));
                return null;
            });
            assertTrue(prov.wasRefused("2") && !prov.wasRefused("1"));
            assertEquals(4, prov.takeRefusals().size());
            Set<String> brought = prov.takeBrought();
            assertTrue(brought.contains("bob") && brought.contains("dana"), brought.toString());
            p.write(c -> {
                prov.remember(c, brought);
                return null;
            });
            assertEquals("[\"bob\"]", TestData.scalar(p, "SELECT value FROM project_meta WHERE key = 'merge.people'"));
            Adjudications.decide(p, t, "bob", "correct", null); // bob's work now in the target, as merged
            assertEquals(
                    Set.of("alice", "dana"),
                    p.read(c -> Provenance.of(c, List.of())).ownPeople());
        }
    }
}
