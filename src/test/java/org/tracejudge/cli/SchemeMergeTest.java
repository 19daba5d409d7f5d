package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.model.RaterKind;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.scheme.SchemeFile;
import org.tracejudge.store.Answers;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;
import org.tracejudge.store.SchemeVersions;

/**
 * Issue 49 with issue 47's promise: answers to a scheme's questions merged from another laptop speak for that laptop's
 * people only (an answer in the name of one of the target's own people is refused, as their labels are), and a source
 * whose scheme history differs from the target's is refused whole.
 */
class SchemeMergeTest {
    @TempDir
    Path dir;

    private static final String BODY =
            SchemeFile.write(SchemeFile.example("helpfulness-1-5.yaml").withVersion(1));

    private Path laptop(String name) throws Exception {
        Path p = dir.resolve(name);
        SampleProject.build(p);
        try (Project pr = Project.open(p)) {
            pr.write(c -> SchemeVersions.append(c, "helpfulness-1-5", BODY, null, null, "lead"));
        }
        return p;
    }

    private static void answer(Path p, String trace, String person, int step) throws Exception {
        try (Project pr = Project.open(p)) {
            pr.write(c -> {
                String r = Ledger.ensureRater(c, person, RaterKind.HUMAN, "", null, null);
                return Answers.append(c, null, Answers.Entry.set(trace, r, "helpfulness", 1, "" + step, person));
            });
        }
    }

    @Test
    void aSourceCannotAnswerInTheTargetsPeoplesNames() throws Exception {
        Path alice = laptop("alice.tjdb");
        List<String> t;
        try (Project pr = Project.open(alice)) {
            t = List.of(TestData.scalar(
                            pr, "SELECT group_concat(id, ',') FROM (SELECT id FROM trace ORDER BY id " + "LIMIT 3)")
                    .split(","));
        }
        answer(alice, t.get(0), "alice", 4);
        Path mallory = laptop("mallory.tjdb");
        answer(mallory, t.get(1), "alice", 1); // in the victim's name
        answer(mallory, t.get(2), "mallory", 3); // her own work
        CliTest.Run r = CliTest.run("merge", alice.toString(), mallory.toString());
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("an answer in the name of alice, one of this project's own annotators"), r.out());
        try (Project pr = Project.open(alice)) {
            Map<String, Map<String, String>> now = pr.read(c -> Answers.current(c, "helpfulness"));
            assertEquals(Map.of(t.get(0), Map.of("alice", "4"), t.get(2), Map.of("mallory", "3")), now);
        }

        // a source with another scheme under the same version number: refused whole, nothing taken
        Path other = dir.resolve("other.tjdb");
        SampleProject.build(other);
        try (Project pr = Project.open(other)) {
            pr.write(c -> SchemeVersions.append(
                    c,
                    "agent-failure-taxonomy",
                    SchemeFile.write(
                            SchemeFile.example("agent-failure-taxonomy.yaml").withVersion(1)),
                    null,
                    null,
                    "lead"));
        }
        r = CliTest.run("merge", alice.toString(), other.toString());
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("scheme version 1 differs from this project's version 1"), r.err());
        try (Project pr = Project.open(alice)) {
            assertEquals("1", TestData.scalar(pr, "SELECT count(*) FROM scheme_version"));
        }
    }

    /**
     * The work of the target's own people that came back through another laptop (A exported, B imported it and worked
     * on, A merges B) is the same entries, already here: seen, never refused as if it were forged.
     */
    @Test
    void ownWorkComingBackThroughAnotherLaptopIsSeenNotRefused() throws Exception {
        Path a = laptop("a.tjdb");
        String t0;
        String t1;
        try (Project pr = Project.open(a)) {
            t0 = TestData.scalar(pr, "SELECT id FROM trace ORDER BY id LIMIT 1");
            t1 = TestData.scalar(pr, "SELECT id FROM trace ORDER BY id LIMIT 1 OFFSET 1");
        }
        answer(a, t0, "alice", 4);
        try (Project pr = Project.open(a)) {
            org.tracejudge.store.Adjudications.decide(pr, t0, "alice", "correct", "mine");
        }
        Path exported = dir.resolve("a.jsonl");
        assertEquals(0, CliTest.run("export", a.toString(), exported.toString()).code());
        Path b = dir.resolve("b.tjdb");
        CliTest.Run r = CliTest.run("import", b.toString(), exported.toString());
        assertEquals(0, r.code(), r.err());
        answer(b, t1, "bob", 2);
        r = CliTest.run("merge", a.toString(), b.toString());
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(!r.out().contains("refused"), r.out());
        assertTrue(r.out().contains("1 new answers"), r.out());
        try (Project pr = Project.open(a)) {
            assertEquals(
                    Map.of(t0, Map.of("alice", "4"), t1, Map.of("bob", "2")),
                    pr.read(c -> Answers.current(c, "helpfulness")));
        }
    }
}
