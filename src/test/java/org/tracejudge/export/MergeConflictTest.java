package org.tracejudge.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.importer.Format;
import org.tracejudge.importer.Importer;
import org.tracejudge.model.RaterKind;
import org.tracejudge.store.Conflicts;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;

/**
 * One annotator deciding differently on two laptops: after importing the other laptop's export the decision is a
 * conflict (store, `info`, `labels`), not the later clock's value; the same decision on both is no conflict, and
 * withdrawing one side resolves it.
 */
class MergeConflictTest {
    @TempDir
    Path dir;

    private Project laptop(String file, String labelValue, String adjudication) {
        Project p = Project.open(dir.resolve(file), Project.OpenOptions.createIfMissing(file));
        new Importer(p, null).importFiles(TestData.sampleFiles(), null, null);
        String first = TestData.scalar(p, "SELECT id FROM trace ORDER BY model, id LIMIT 1");
        String second = TestData.scalar(p, "SELECT id FROM trace ORDER BY model, id LIMIT 1 OFFSET 1");
        p.write(c -> {
            String rater = Ledger.ensureRater(c, "dana", RaterKind.HUMAN, "", null, "annotator");
            Ledger.append(c, null, Ledger.Entry.set(first, rater, labelValue, "dana"));
            Ledger.append(c, null, Ledger.Entry.set(second, rater, "correct", "dana")); // the same on both laptops
            Ledger.adjudicate(c, second, "dana", adjudication, "checked");
            return null;
        });
        return p;
    }

    @Test
    void differentDecisionsOnTwoLaptopsAreAConflictNotTheLaterOne() throws Exception {
        Path fromA = dir.resolve("a.jsonl");
        try (Project a = laptop("a.tjdb", "tool_skip", "result_ignore")) {
            JsonlExporter.export(a, fromA);
        }
        Path b = dir.resolve("b.tjdb");
        try (Project pb = laptop("b.tjdb", "correct", "correct")) {
            assertTrue(Conflicts.find(pb).isEmpty(), "one laptop alone has no conflict");
            new Importer(pb, null).importFiles(List.of(fromA), Format.AUTO, null);
            List<Conflicts.Conflict> cs = Conflicts.find(pb);
            assertEquals(2, cs.size(), cs.toString());
            Conflicts.Conflict label = cs.stream()
                    .filter(c -> c.kind().equals("label"))
                    .findFirst()
                    .orElseThrow();
            assertEquals("dana", label.who());
            assertEquals(List.of("correct", "tool_skip"), label.values());
            Conflicts.Conflict adj = cs.stream()
                    .filter(c -> c.kind().equals("adjudication"))
                    .findFirst()
                    .orElseThrow();
            assertEquals(List.of("correct", "result_ignore"), adj.values());
            // the workbench's quick filter shows exactly these traces
            org.tracejudge.store.TraceTable table =
                    new org.tracejudge.store.TraceTable(pb, org.tracejudge.store.TraceTable.layout(pb, "dana"));
            List<String> shown = table
                    .page(
                            org.tracejudge.store.TraceTable.Filter.NONE.withShow(
                                    org.tracejudge.store.TraceTable.Show.CONFLICTS),
                            org.tracejudge.store.TraceTable.Sort.DEFAULT,
                            0,
                            100)
                    .stream()
                    .map(org.tracejudge.store.TraceTable.Row::traceId)
                    .sorted()
                    .toList();
            assertEquals(
                    cs.stream()
                            .map(Conflicts.Conflict::traceId)
                            .distinct()
                            .sorted()
                            .toList(),
                    shown);
        }
        org.tracejudge.cli.CliAccess.Run info = org.tracejudge.cli.CliAccess.run("info", b.toString());
        assertTrue(info.out().contains("Conflicts: 2 (a person decided differently on two laptops"), info.out());
        assertTrue(info.out().contains("dana on ") && info.out().contains("correct vs tool_skip (label)"), info.out());
        org.tracejudge.cli.CliAccess.Run labels = org.tracejudge.cli.CliAccess.run("labels", b.toString());
        assertEquals(0, labels.code(), labels.err());
        assertTrue(labels.out().contains("conflict: correct | tool_skip"), labels.out());
        assertEquals(
                1, labels.out().lines().filter(l -> l.contains("conflict:")).count());
        assertTrue(labels.err().contains("2 conflicting decisions"), labels.err());

        // withdrawing one side resolves it
        try (Project pb = Project.open(b)) {
            Conflicts.Conflict label = Conflicts.find(pb).stream()
                    .filter(c -> c.kind().equals("label"))
                    .findFirst()
                    .orElseThrow();
            pb.write(c -> {
                String head = TestData.scalar(
                        pb,
                        "SELECT h.id FROM label h JOIN rater r ON r.id = h.rater_id AND r.name = 'dana' "
                                + "WHERE h.trace_id = '" + label.traceId()
                                + "' AND h.value = 'tool_skip' AND NOT EXISTS "
                                + "(SELECT 1 FROM label n WHERE n.replaces = h.id)");
                try (var s = c.prepareStatement(Ledger.INSERT_LABEL)) {
                    Ledger.bind(
                            s,
                            "withdraw-" + head,
                            Ledger.Entry.withdraw(
                                    label.traceId(), org.tracejudge.model.Ids.of("rater", "dana", ""), "dana"),
                            head,
                            org.tracejudge.store.Timestamps.now());
                    s.executeUpdate();
                }
                return null;
            });
            assertEquals(1, Conflicts.find(pb).size(), "only the adjudication conflict is left");
        }
    }
}
