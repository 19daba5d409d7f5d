package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.json.Json;

/** What every command shares: '-' for stdin/stdout, the JSON convention, -q/-v, progress, failed imports. */
class CliPlumbingTest {
    @TempDir
    Path dir;

    @AfterEach
    void restoreStdin() {
        StdStreams.stdin = System.in;
    }

    private CliTest.Run importSample(Path p, String... extra) {
        List<String> args = new ArrayList<>(List.of("import", p.toString()));
        args.addAll(List.of(extra));
        TestData.sampleFiles().forEach(f -> args.add(f.toString()));
        return CliTest.run(args.toArray(String[]::new));
    }

    @Test
    void importSummariesAreTheSameOnEveryRunAndCountEachTaskForTheFirstFileThatHasIt() {
        // the three results files embed the same 20 tasks and are read in parallel: whichever reader comes first,
        // the tasks count for the first file on the command line
        List<Path> results = TestData.sampleFiles().stream()
                .filter(f -> f.getParent().getFileName().toString().equals("results"))
                .sorted()
                .toList();
        assertEquals(3, results.size(), results.toString());
        String first = null;
        for (int i = 0; i < 8; i++) {
            List<String> args = new ArrayList<>(
                    List.of("import", dir.resolve("run" + i + ".tjdb").toString()));
            results.forEach(f -> args.add(f.toString()));
            CliTest.Run r = CliTest.run(args.toArray(String[]::new));
            assertEquals(0, r.code(), r.err());
            if (first == null) {
                first = r.out();
            }
            assertEquals(first, r.out(), "run " + i + " differs from the first");
        }
        List<String> lines = first.lines().toList();
        assertTrue(lines.get(0).contains(": 20 tasks (20 new), 20 traces (20 new)"), first);
        assertTrue(
                lines.get(1).contains(": 20 traces (20 new)") && !lines.get(1).contains("tasks"), first);
        // with the tasks files in the same import, they bring the tasks (they are read first)
        CliTest.Run all = importSample(dir.resolve("all.tjdb"));
        assertTrue(
                all.out()
                        .contains(
                                "imported acme-lm-7b_20261101_120000.json (toolfailbench-results): 20 traces (20 new)"),
                all.out());
    }

    @Test
    void importJsonFollowsTheConvention() {
        CliTest.Run r = importSample(dir.resolve("j.tjdb"), "--output", "JSON");
        assertEquals(0, r.code(), r.err());
        JsonNode doc = Json.read(r.out());
        assertEquals(CliJson.SCHEMA, doc.get("schema").asInt());
        assertEquals("import", doc.get("command").asText());
        assertTrue(doc.get("created").asBoolean());
        assertEquals(TestData.sampleFiles().size(), doc.get("files").size());
        assertEquals(60, doc.get("new").get("traces").asInt());
        assertEquals(20, doc.get("new").get("tasks").asInt(), "tasks counted once over the files");
        JsonNode acme = null;
        for (JsonNode f : doc.get("files")) {
            if (f.get("file").asText().startsWith("acme")
                    && f.get("format").asText().equals("toolfailbench-results")) {
                acme = f;
            }
        }
        assertEquals(20, acme.get("traces").get("new").asInt(), doc.toString());
    }

    @Test
    void aFailedImportOfANewProjectLeavesNoFileBehind() throws Exception {
        Path bad = dir.resolve("bad.jsonl");
        Files.writeString(bad, "{\"messages\": [ this is not json\n");
        Path p = dir.resolve("sub").resolve("new.tjdb");
        CliTest.Run r = CliTest.run("import", p.toString(), "--input-format", "openai", bad.toString());
        assertEquals(1, r.code(), r.out());
        assertTrue(r.err().contains("bad.jsonl"), r.err());
        assertFalse(Files.exists(p), "no project file");
        assertFalse(Files.exists(Path.of(p + "-wal")) || Files.exists(Path.of(p + "-shm")), "no journal files");
        // an existing project is kept as it was
        Path existing = dir.resolve("kept.tjdb");
        assertEquals(0, importSample(existing).code());
        long size = Files.size(existing);
        assertEquals(
                1,
                CliTest.run("import", existing.toString(), "--input-format", "openai", bad.toString())
                        .code());
        assertTrue(Files.exists(existing));
        assertEquals(
                60,
                Json.read(CliTest.run("info", existing.toString(), "--format", "json")
                                .out())
                        .get("traces")
                        .asInt());
        assertTrue(size > 0);
    }

    @Test
    void dashIsStandardInputForImportAndStandardOutputForExport() throws Exception {
        Path p = dir.resolve("s.tjdb");
        assertEquals(0, importSample(p).code());
        CliTest.Run exp = CliTest.run("export", p.toString(), "-");
        assertEquals(0, exp.code(), exp.err());
        assertFalse(Files.exists(Path.of("-")), "no file named '-'");
        assertTrue(
                exp.out().startsWith("{\"kind\":\"header\""),
                exp.out().substring(0, Math.min(200, exp.out().length())));
        assertTrue(exp.err().contains("to standard output"), exp.err());
        assertEquals("", CliTest.run("-q", "export", p.toString(), "-").err());

        StdStreams.stdin = new ByteArrayInputStream(exp.out().getBytes(StandardCharsets.UTF_8));
        Path copy = dir.resolve("copy.tjdb");
        CliTest.Run imp = CliTest.run("import", copy.toString(), "-");
        assertEquals(0, imp.code(), imp.err());
        assertTrue(imp.out().contains("(tracejudge)") && imp.out().contains("60 traces (60 new)"), imp.out());

        StdStreams.stdin = new ByteArrayInputStream(
                "item,rater,label\n1,a,x\n1,b,x\n2,a,y\n2,b,x\n3,a,y\n3,b,y\n".getBytes(StandardCharsets.UTF_8));
        CliTest.Run ag = CliTest.run("agreement", "--labels", "-", "--resamples", "0", "--format", "json");
        assertEquals(0, ag.code(), ag.err());
        JsonNode doc = Json.read(ag.out());
        assertEquals("agreement", doc.get("command").asText());
        assertEquals(CliJson.SCHEMA, doc.get("schema").asInt());
    }

    @Test
    void enumValuesAreCaseInsensitiveAndOptionsMayComeAfterTheCommand() {
        Path p = dir.resolve("s.tjdb");
        assertEquals(0, importSample(p, "-q").code());
        CliTest.Run r = CliTest.run("info", "--format", "JSON", p.toString(), "-v");
        assertEquals(0, r.code(), r.err());
        assertEquals("info", Json.read(r.out()).get("command").asText());
        CliTest.Run c = CliTest.run("classify", p.toString(), "--mode", "Tolerant", "--format", "json");
        assertEquals(0, c.code(), c.err());
        JsonNode doc = Json.read(c.out());
        assertEquals("classify", doc.get("command").asText());
        assertEquals("rule-tolerant", doc.get("rule").get("rater").asText());
        assertEquals(60, doc.get("rule").get("traces").asInt());
        CliTest.Run m = CliTest.run("metrics", p.toString(), "--source", "harness", "--format", "json");
        assertEquals(0, m.code(), m.err());
        JsonNode metrics = Json.read(m.out());
        assertEquals("metrics", metrics.get("command").asText());
        for (JsonNode model : metrics.get("models")) {
            double tsr = model.get("TSR").asDouble();
            assertTrue(tsr >= 0 && tsr <= 1, "a fraction: " + model);
        }
    }

    @Test
    void judgeSummaryAsJsonIsTheOnlyThingOnStdout() throws Exception {
        Path p = dir.resolve("j.tjdb");
        assertEquals(0, importSample(p).code());
        // the OpenAI-compatible answers of JudgeCliTest (shape from the Chat Completions API reference)
        try (mockwebserver3.MockWebServer server = new mockwebserver3.MockWebServer()) {
            server.setDispatcher(new JudgeCliTest.Judge());
            server.start();
            CliTest.Run r = CliTest.run(
                    "judge",
                    p.toString(),
                    "--name",
                    "j",
                    "--provider",
                    "openai",
                    "--base-url",
                    server.url("/v1").toString(),
                    "--model",
                    "m",
                    "--limit",
                    "5",
                    "--format",
                    "json",
                    "-q");
            assertEquals(0, r.code(), r.err());
            JsonNode doc = Json.read(r.out());
            assertEquals(CliJson.SCHEMA, doc.get("schema").asInt());
            assertEquals("judge", doc.get("command").asText());
            assertEquals(5, doc.get("run").get("labelled").asInt(), doc.toString());
            assertEquals("j", doc.get("run").get("judge").asText());
            assertTrue(doc.get("run").has("tokens_in"), "snake_case: " + doc);
            assertEquals("", r.err(), "-q: nothing on stderr");
        }
    }

    @Test
    void noDisplayGivesAHintInsteadOfAStackTrace() throws Exception {
        var m = org.tracejudge.Main.class.getDeclaredMethod("noDisplay", String.class, String.class, String.class);
        m.setAccessible(true);
        String hint = (String) m.invoke(null, "Linux", null, "");
        assertTrue(hint.contains("no display") && hint.contains("tracejudge --help"), hint);
        assertNull(m.invoke(null, "Linux", ":0", null));
        assertNull(m.invoke(null, "Linux", null, "wayland-0"));
        assertNull(m.invoke(null, "Windows 11", null, null));
    }

    @Test
    void progressBarShowsPercentAmountAndEtaAndHonoursNoColor() {
        long[] now = {0};
        StringWriter sw = new StringWriter();
        ProgressBar bar = new ProgressBar(new PrintWriter(sw), "importing", false, () -> now[0]);
        String line = bar.render(25_000_000, 100_000_000, true, 10_000_000_000L, 80, false);
        assertEquals("importing [#########----------------------------]  25%  25.0/100.0 MB  ETA 0:30", line);
        assertTrue(bar.render(1, 4, false, 0, 80, true).contains("\u001b[32m"), "colour when allowed");
        assertFalse(ProgressBar.colourAllowed("1", "xterm"), "NO_COLOR set");
        assertTrue(ProgressBar.colourAllowed("", "xterm"), "an empty NO_COLOR does not count");
        assertFalse(ProgressBar.colourAllowed(null, "dumb"));
        now[0] = 1_000_000_000L;
        bar.update(1, 2, false);
        now[0] += 10_000_000L; // redrawn at most ten times a second
        bar.update(1, 2, false);
        bar.close();
        String drawn = sw.toString();
        assertEquals(1, drawn.chars().filter(ch -> ch == '[').count(), drawn);
        assertTrue(drawn.endsWith("\r"), "the line is cleared at the end");
    }

    @Test
    void progressIsNotDrawnWhenStderrIsNotATerminal() {
        CliTest.Run r = importSample(dir.resolve("p.tjdb"));
        assertEquals(0, r.code());
        assertEquals("", r.err(), "piped: the summary only");
    }
}
