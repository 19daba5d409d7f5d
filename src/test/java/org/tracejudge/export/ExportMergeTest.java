package org.tracejudge.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.tracejudge.TestData.count;
import static org.tracejudge.TestData.scalar;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.importer.Format;
import org.tracejudge.importer.ImportException;
import org.tracejudge.importer.ImportReport;
import org.tracejudge.importer.Importer;
import org.tracejudge.model.Ids;
import org.tracejudge.model.RaterKind;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;

class ExportMergeTest {
    @TempDir
    Path dir;

    private Project sampleWithWork(String file, String annotator, int labels, int adjudications) {
        Project p = Project.open(dir.resolve(file), Project.OpenOptions.createIfMissing("laptop " + annotator));
        new Importer(p, null).importFiles(TestData.sampleFiles(), null, null);
        List<String> traces = p.read(c -> {
            List<String> ids = new java.util.ArrayList<>();
            try (var s = c.createStatement();
                    var rs = s.executeQuery("SELECT id FROM trace ORDER BY model, id")) {
                while (rs.next()) {
                    ids.add(rs.getString(1));
                }
            }
            return ids;
        });
        p.write(c -> {
            String rater = Ledger.ensureRater(c, annotator, RaterKind.HUMAN, "", null, "annotator");
            for (int i = 0; i < labels; i++) {
                Ledger.append(c, null, Ledger.Entry.set(traces.get(i), rater, "correct", annotator));
            }
            Ledger.append(c, null, Ledger.Entry.set(traces.get(0), rater, "tool_skip", annotator)); // a change of mind
            for (int i = 0; i < adjudications; i++) {
                Ledger.adjudicate(c, traces.get(10 + i), annotator, "result_ignore", "checked the return");
            }
            return null;
        });
        return p;
    }

    /** The export without its header line (which carries the project name and the export time). */
    private static List<String> body(Path export) throws Exception {
        List<String> lines = Files.readAllLines(export);
        return lines.subList(1, lines.size());
    }

    private static java.util.Set<String> ids(Path export) throws Exception {
        java.util.Set<String> out = new java.util.TreeSet<>();
        for (String line : body(export)) {
            var o = JsonlExporter.parseLine(line);
            out.add(o.path("kind").asText() + ":"
                    + o.path("id").asText(o.path("name").asText()));
        }
        return out;
    }

    /**
     * Issue 48: the export, "the whole project (importable on another laptop)", left out the comments and the flags
     * for the lead. They go out and come back in: the same rows, the trace still flagged, a second import adds none.
     */
    @Test
    void commentsAndFlagsGoOutAndComeBackIn() throws Exception {
        Path out = dir.resolve("c.jsonl");
        String flagged;
        String noted;
        try (Project a = sampleWithWork("c.tjdb", "alice", 2, 0)) {
            flagged = scalar(a, "SELECT id FROM trace ORDER BY model, id LIMIT 1");
            noted = scalar(a, "SELECT id FROM trace ORDER BY model, id LIMIT 1 OFFSET 1");
            org.tracejudge.store.Comments.add(
                    a, flagged, "alice", org.tracejudge.store.Comments.Action.FLAG, "return cut off");
            org.tracejudge.store.Comments.add(
                    a, noted, "alice", org.tracejudge.store.Comments.Action.NOTE, "line one\nline \"two\"");
            org.tracejudge.store.Comments.add(a, noted, "bob", org.tracejudge.store.Comments.Action.FLAG, "");
            org.tracejudge.store.Comments.add(a, noted, "bob", org.tracejudge.store.Comments.Action.UNFLAG, "");
            JsonlExporter.Summary s = JsonlExporter.export(a, out);
            assertEquals(4, s.comments());
            try (Project b = Project.open(dir.resolve("c-copy.tjdb"), Project.OpenOptions.createIfMissing("copy"))) {
                ImportReport r = new Importer(b, null).importFiles(List.of(out), Format.AUTO, null);
                assertTrue(
                        r.files().get(0).summary().contains("4 comments (4 new)"),
                        r.files().get(0).summary());
                String rows = "SELECT group_concat(id || '|' || trace_id || '|' || author || '|' || action || '|' "
                        + "|| text || '|' || created_at, ';') FROM (SELECT * FROM trace_comment ORDER BY id)";
                assertEquals(scalar(a, rows), scalar(b, rows));
                boolean stillFlagged = b.read(c -> org.tracejudge.store.Comments.flagged(c, flagged));
                boolean cleared = !b.read(c -> org.tracejudge.store.Comments.flagged(c, noted));
                assertTrue(stillFlagged && cleared);
                ImportReport again = new Importer(b, null).importFiles(List.of(out), Format.AUTO, null);
                assertTrue(
                        again.files().get(0).summary().contains("4 comments (0 new)"),
                        again.files().get(0).summary());
                assertEquals("4", scalar(b, "SELECT count(*) FROM trace_comment"));
            }
        }
    }

    @Test
    void exportThenImportIntoAnEmptyProjectReproducesEverything() throws Exception {
        Path out = dir.resolve("a.jsonl");
        try (Project a = sampleWithWork("a.tjdb", "alice", 5, 2)) {
            JsonlExporter.Summary s = JsonlExporter.export(a, out);
            assertEquals(60, s.traces());
            assertEquals(2, s.adjudications());
            try (Project empty = Project.open(dir.resolve("copy.tjdb"), Project.OpenOptions.createIfMissing("copy"))) {
                ImportReport r = new Importer(empty, null).importFiles(List.of(out), Format.AUTO, null);
                assertEquals(60, r.tracesNew());
                for (String table : List.of("task", "trace", "label", "adjudication", "rater", "toolset")) {
                    assertEquals(count(a, table), count(empty, table), table);
                }
                assertEquals(
                        scalar(
                                a,
                                "SELECT group_concat(x, '|') FROM (SELECT trace_id || rater_id || value AS x "
                                        + "FROM current_label WHERE action = 'set' ORDER BY x)"),
                        scalar(
                                empty,
                                "SELECT group_concat(x, '|') FROM (SELECT trace_id || rater_id || value AS x "
                                        + "FROM current_label WHERE action = 'set' ORDER BY x)"));
                Path again = dir.resolve("copy.jsonl");
                JsonlExporter.export(empty, again);
                List<String> x = body(out);
                List<String> y = body(again);
                for (int i = 0; i < Math.min(x.size(), y.size()); i++) {
                    assertEquals(x.get(i), y.get(i), "line " + (i + 2) + " of the export");
                }
                assertEquals(x.size(), y.size(), "a second export is line for line the same");
            }
        }
    }

    @Test
    void twoLaptopsMergeWithoutDuplicates() throws Exception {
        Path fromA = dir.resolve("a.jsonl");
        Path fromB = dir.resolve("b.jsonl");
        try (Project a = sampleWithWork("a.tjdb", "alice", 5, 2);
                Project b = sampleWithWork("b.tjdb", "bob", 3, 1)) {
            JsonlExporter.export(a, fromA);
            JsonlExporter.export(b, fromB);
            int bLabels = count(b, "label");
            ImportReport r = new Importer(b, null).importFiles(List.of(fromA), Format.AUTO, null);
            assertEquals(0, r.tracesNew(), "the traces were the same on both laptops");
            assertEquals(6, r.labelsNew(), "alice's 6 label entries arrive");
            assertEquals(bLabels + 6, count(b, "label"));
            assertEquals(3, count(b, "adjudication"));
            assertEquals(
                    "tool_skip",
                    scalar(
                            b,
                            "SELECT value FROM current_label WHERE rater_id = '" + Ids.of("rater", "alice", "")
                                    + "' AND replaces IS NOT NULL"));
            // importing it again adds nothing
            ImportReport again = new Importer(b, null).importFiles(List.of(fromA), Format.AUTO, null);
            assertTrue(again.files().get(0).changedNothing());
            // and merging the other way makes the two laptops hold the same ledger
            new Importer(a, null).importFiles(List.of(fromB), Format.AUTO, null);
            Path a2 = dir.resolve("a2.jsonl");
            Path b2 = dir.resolve("b2.jsonl");
            JsonlExporter.export(a, a2);
            JsonlExporter.export(b, b2);
            // the same entries on both laptops (imported verdicts carry each laptop's own import time)
            assertEquals(ids(a2), ids(b2));
            assertEquals(count(a, "label"), count(b, "label"));
        }
    }

    @Test
    void aBrokenExportLineNamesItsLine() throws Exception {
        Path out = dir.resolve("a.jsonl");
        try (Project a = sampleWithWork("a.tjdb", "alice", 1, 0)) {
            JsonlExporter.export(a, out);
        }
        List<String> lines = new java.util.ArrayList<>(Files.readAllLines(out));
        lines.set(30, lines.get(30).replace("\"kind\":\"trace\"", "\"kind\":\"tracer\""));
        Files.write(out, lines);
        try (Project empty = Project.open(dir.resolve("e.tjdb"), Project.OpenOptions.createIfMissing(null))) {
            ImportException e =
                    org.junit.jupiter.api.Assertions.assertThrows(ImportException.class, () -> new Importer(empty, null)
                            .importFiles(List.of(out), Format.AUTO, null));
            assertTrue(e.getMessage().startsWith("a.jsonl: line 31 at /kind: expected one of"), e.getMessage());
            assertEquals(0, count(empty, "trace"));
        }
    }
}
