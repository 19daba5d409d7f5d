package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.store.Project;

/**
 * Issue 53 on the command line: a capture folder (request bodies with their NAME.meta.json side files) imported as a
 * folder, the otel-openai capture's log records imported after its spans, and --replace-poorer without --replace.
 */
class ImportCaptureCliTest {
    @TempDir
    Path dir;

    private static Path capture(String sdk) throws Exception {
        return Path.of(
                ImportCaptureCliTest.class.getResource("/sdk-captures/" + sdk).toURI());
    }

    private static String count(Path project, String sql) {
        try (Project p = Project.open(project)) {
            return TestData.scalar(p, sql);
        }
    }

    @Test
    void aCaptureFolderIsImportedWithoutItsSideFiles() throws Exception {
        Path p = dir.resolve("p.tjdb");
        CliTest.Run r =
                CliTest.run("import", p.toString(), capture("otel-openai").toString());
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(
                r.err()
                        .contains("note: left out 2 capture side files (001-v1_traces.meta.json, "
                                + "002-v1_logs.meta.json): the method, path and headers of the request beside each, not a "
                                + "trace"),
                r.err());
        assertEquals("4", count(p, "SELECT count(*) FROM trace"));
        assertEquals("0", count(p, "SELECT count(*) FROM otlp_run"), "spans and logs together: complete runs");
    }

    @Test
    void sideFilesGivenOneByOneBesideTheirBodiesAreLeftOutToo() throws Exception {
        Path p = dir.resolve("p.tjdb");
        Path folder = capture("traceloop-json");
        java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("import", p.toString()));
        try (var s = Files.list(folder)) {
            s.sorted().forEach(f -> args.add(f.toString())); // as a shell's folder/* gives them
        }
        CliTest.Run r = CliTest.run(args.toArray(String[]::new));
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("capture side files"), r.err());
        assertFalse(r.out().contains("meta.json"), r.out());
        assertEquals("4", count(p, "SELECT count(*) FROM trace"));
    }

    @Test
    void logRecordsImportedAfterTheirSpansCompleteTheRuns() throws Exception {
        Path p = dir.resolve("p.tjdb");
        Path folder = capture("otel-openai");
        CliTest.Run spans = CliTest.run(
                "import", p.toString(), folder.resolve("001-v1_traces.pb").toString());
        assertEquals(0, spans.code(), spans.out() + spans.err());
        CliTest.Run logs = CliTest.run(
                "import", p.toString(), folder.resolve("002-v1_logs.pb").toString(), "--output", "json");
        assertEquals(0, logs.code(), logs.out() + logs.err());
        com.fasterxml.jackson.databind.JsonNode doc = org.tracejudge.json.Json.read(logs.out());
        assertEquals(
                4, doc.path("files").get(0).path("completed_runs").path("runs").asInt(), logs.out());
        assertEquals("0", count(p, "SELECT count(*) FROM otlp_run"));
        assertEquals(
                "4",
                count(p, "SELECT count(*) FROM trace t JOIN task k ON k.id = t.task_id WHERE k.user_message <> ''"));
    }

    @Test
    void replacePoorerWithoutReplaceIsAUsageError() throws Exception {
        Path p = dir.resolve("p.tjdb");
        CliTest.Run r = CliTest.run(
                "import",
                p.toString(),
                capture("otel-openai").resolve("001-v1_traces.pb").toString(),
                "--replace-poorer",
                "abc");
        assertEquals(2, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("--replace-poorer") && r.err().contains("add --replace"), r.err());
        assertFalse(Files.exists(p), "nothing made");
    }
}
