package org.tracejudge.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.tracejudge.TestData.count;
import static org.tracejudge.TestData.scalar;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.importer.Importer;
import org.tracejudge.json.Json;

/** A child JVM killed with SIGKILL mid-import or mid-labelling leaves a project that reopens consistent. */
class CrashSafetyTest {
    @TempDir
    Path dir;

    /** A results file of {@code models} × 20 sample rows (distinct model ids), about 4.4 KB a row. */
    static Path bigResults(Path dir, int models) throws Exception {
        ArrayNode sample = (ArrayNode) Json.MAPPER.readTree(
                TestData.list(TestData.SAMPLE.resolve("results")).get(0).toFile());
        ArrayNode out = Json.MAPPER.createArrayNode();
        for (int m = 0; m < models; m++) {
            for (var row : sample) {
                ObjectNode r = row.deepCopy();
                r.put("model_id", "model-" + m);
                out.add(r);
            }
        }
        Path f = dir.resolve("many_20261101_120000.json");
        Files.writeString(f, out.toString());
        return f;
    }

    @Test
    void sigkillInTheMiddleOfAnImportLeavesNoneOfIt() throws Exception {
        Path file = bigResults(dir, 100); // 2,000 traces
        Path project = dir.resolve("p.tjdb");
        try (Project p = Project.open(project, Project.OpenOptions.createIfMissing(null))) {
            new Importer(p, null).importFiles(TestData.sampleFiles(), null, null); // something already there
        }
        Process child = ChildProcesses.start(
                KillableWork.class.getName(), List.of(), "import", project.toString(), file.toString(), "1200");
        String line =
                new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8)).readLine();
        assertTrue(line != null && line.startsWith("MIDWAY"), "the child reached the middle of the import: " + line);
        child.destroyForcibly(); // SIGKILL on Unix
        assertTrue(child.waitFor(30, TimeUnit.SECONDS));
        assertEquals(137, child.exitValue(), "killed by SIGKILL");
        try (Project p = Project.open(project)) { // runs integrity_check
            assertEquals(60, count(p, "trace"), "none of the killed import, all of the earlier one");
            assertEquals("0", scalar(p, "SELECT count(*) FROM trace WHERE model LIKE 'model-%'"));
            assertEquals("0", scalar(p, "SELECT count(*) FROM import_source WHERE file_name LIKE 'many_%'"));
            assertEquals("ok", scalar(p, "PRAGMA integrity_check"));
            // and the same import then succeeds whole
            new Importer(p, null).importFiles(List.of(file), null, null);
            assertEquals(2060, count(p, "trace"));
        }
    }

    @Test
    void sigkillDuringALabellingBurstKeepsEveryCommittedLabelAndNoHalfOne() throws Exception {
        Path project = dir.resolve("p.tjdb");
        try (Project p = Project.open(project, Project.OpenOptions.createIfMissing(null))) {
            new Importer(p, null).importFiles(TestData.sampleFiles(), null, null);
        }
        Process child = ChildProcesses.start(KillableWork.class.getName(), List.of(), "label", project.toString());
        BufferedReader in = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
        List<String> committed = new ArrayList<>();
        while (committed.size() < 150) {
            String l = in.readLine();
            assertTrue(l != null, "child ended early");
            committed.add(l.substring("COMMITTED ".length()));
        }
        child.destroyForcibly();
        assertTrue(child.waitFor(30, TimeUnit.SECONDS));
        try (Project p = Project.open(project)) {
            assertEquals("ok", scalar(p, "PRAGMA integrity_check"));
            String rater = KillableWork.raterId();
            int stored = Integer.parseInt(scalar(p, "SELECT count(*) FROM label WHERE rater_id = '" + rater + "'"));
            assertTrue(stored >= committed.size(), "every label the child saw committed is there: " + stored);
            for (String id : committed) {
                assertEquals("1", scalar(p, "SELECT count(*) FROM label WHERE id = '" + id + "'"));
            }
            // every entry is whole, and the replaces chain has no gaps: each entry but the first per trace replaces one
            assertEquals(
                    "0",
                    scalar(
                            p,
                            "SELECT count(*) FROM label WHERE rater_id = '" + rater + "' AND (value IS NULL "
                                    + "OR created_at IS NULL)"));
            int traces = Integer.parseInt(
                    scalar(p, "SELECT count(DISTINCT trace_id) FROM label WHERE rater_id = '" + rater + "'"));
            assertEquals(
                    String.valueOf(stored - traces),
                    scalar(p, "SELECT count(*) FROM label WHERE rater_id = '" + rater + "' AND replaces IS NOT NULL"));
            assertEquals(
                    String.valueOf(traces),
                    scalar(p, "SELECT count(*) FROM current_label WHERE rater_id = '" + rater + "'"));
        }
    }

    @Test
    void aTenMegabyteResultsFileImportsWithin100MegabytesOfHeap() throws Exception {
        Path file = bigResults(dir, 120); // 2,400 rows, ~10.5 MB
        assertTrue(Files.size(file) > 9_000_000, "at least ~10 MB: " + Files.size(file));
        Path project = dir.resolve("heap.tjdb");
        Process child = ChildProcesses.start(
                KillableWork.class.getName(),
                List.of("-Xmx100m"),
                "import",
                project.toString(),
                file.toString(),
                String.valueOf(Long.MAX_VALUE));
        String line =
                new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8)).readLine();
        assertTrue(child.waitFor(120, TimeUnit.SECONDS));
        assertEquals("DONE", line);
        assertEquals(0, child.exitValue());
        try (Project p = Project.open(project)) {
            assertEquals(2400, count(p, "trace"));
        }
    }
}
