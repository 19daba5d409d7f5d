package org.tracejudge.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.tracejudge.TestData.count;

import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

/**
 * The agent formats that stream (OTLP JSON Lines, Langfuse export arrays, Inspect .json logs) on generated files
 * larger than the buffers they are read through, and the limit of the formats read whole: every run counted, lines
 * and pointers named as before.
 */
class AgentStreamingTest extends WithProject {
    private static final String CHAT = AgentMalformedTest.CHAT;

    /** A chat span whose user message is {@code text} (escaped for a JSON string inside a JSON string). */
    private static String chat(String text) {
        return "{\"key\":\"gen_ai.operation.name\",\"value\":{\"stringValue\":\"chat\"}},"
                + "{\"key\":\"gen_ai.input.messages\",\"value\":{\"stringValue\":\"[{\\\"role\\\":\\\"user\\\",\\\"parts\\\":"
                + "[{\\\"type\\\":\\\"text\\\",\\\"content\\\":\\\"" + text + "\\\"}]}]\"}},"
                + "{\"key\":\"gen_ai.output.messages\",\"value\":{\"stringValue\":\"[{\\\"role\\\":\\\"assistant\\\","
                + "\\\"parts\\\":[{\\\"type\\\":\\\"text\\\",\\\"content\\\":\\\"hello\\\"}]}]\"}}";
    }

    private static String line(int trace, String span, String attrs) {
        return AgentMalformedTest.request(
                AgentMalformedTest.span("\"" + String.format("%032x", trace) + "\"", "\"" + span + "\"", "", attrs));
    }

    @Test
    void otlpJsonLinesPastTheLineBufferWithALongLineAndEveryLineEnd() throws Exception {
        Path f = dir.resolve("spans.jsonl");
        String filler = "x".repeat(2000);
        int traces = 3000;
        try (Writer w = Files.newBufferedWriter(f, StandardCharsets.UTF_8)) {
            for (int i = 0; i < traces; i++) {
                // \n, \r\n and a lone \r all end a line, as BufferedReader.readLine has it
                String end = i % 3 == 0 ? "\n" : i % 3 == 1 ? "\r\n" : "\r";
                w.write(line(i, "01", chat("question " + i + " " + filler)) + end);
                if (i == 1) {
                    w.write("\n   \n"); // blank lines are skipped
                }
            }
            // a line longer than the 1 MB buffer lines are read through, and a trace's second span 3,000 lines on
            w.write(line(traces, "01", chat("long " + "y".repeat(1_500_000))) + "\n");
            w.write(line(1, "02", CHAT));
        }
        assertTrue(Files.size(f) > 7_000_000, "several times the buffer: " + Files.size(f));
        ImportReport r = new Importer(project, null).importFiles(List.of(f), Format.AUTO, null);
        assertEquals(Format.OTLP, r.files().get(0).format);
        assertEquals(traces + 1, r.files().get(0).runs);
        assertEquals(traces + 1, count(project, "trace"));
        List<AgentCorpus.Run> runs = AgentCorpus.runs(project);
        AgentCorpus.Run split = runs.stream()
                .filter(run -> run.userMessage().startsWith("question 1 "))
                .findFirst()
                .orElseThrow();
        assertEquals(
                2,
                split.turns().stream()
                        .filter(t -> t.role() == org.tracejudge.model.Role.ASSISTANT)
                        .count(),
                "both spans of the split trace, 3,000 lines apart");
        assertTrue(runs.stream().anyMatch(run -> run.userMessage().length() == "long ".length() + 1_500_000));
    }

    @Test
    void aGzipLineThatIsNotUtf8IsNamedByItsLine() throws Exception {
        Path f = dir.resolve("spans.jsonl.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(f))) {
            out.write((line(1, "01", CHAT) + "\n" + line(2, "01", CHAT) + "\n").getBytes(StandardCharsets.UTF_8));
            byte[] bad = (line(3, "01", chat("caf\u00e9")) + "\n").getBytes(StandardCharsets.ISO_8859_1);
            out.write(bad); // Latin-1: a lone 0xE9
        }
        ImportException e = assertThrows(
                ImportException.class, () -> new Importer(project, null).importFiles(List.of(f), Format.AUTO, null));
        assertEquals(3, e.line());
        assertTrue(e.getMessage().contains("not UTF-8 text"), e.getMessage());
        assertEquals(0, count(project, "trace"), "nothing half-imported");
    }

    @Test
    void aLoneSurrogateEscapeInAnAsciiLineIsStillRefused() throws Exception {
        // ASCII lines skip the per-string surrogate scan unless they hold a surrogate escape (backslash-u-D8..DF):
        // these do
        Path ok = dir.resolve("pair.jsonl");
        Files.writeString(ok, line(1, "01", CHAT) + "\n" + line(2, "01", chat("smile \\\\ud83d\\\\ude00")) + "\n");
        assertEquals(
                2,
                new Importer(project, null)
                        .importFiles(List.of(ok), Format.AUTO, null)
                        .files()
                        .get(0)
                        .runs);
        Path bad = dir.resolve("lone.jsonl");
        Files.writeString(
                bad, line(3, "01", CHAT) + "\n" + line(4, "01", CHAT).replace("chat gpt-4o", "\\ud800 chat") + "\n");
        ImportException e = assertThrows(
                ImportException.class, () -> new Importer(project, null).importFiles(List.of(bad), Format.AUTO, null));
        assertEquals(2, e.line());
        assertTrue(e.getMessage().contains("invalid Unicode in a string: a lone surrogate \\ud800"), e.getMessage());
        assertEquals(2, count(project, "trace"), "the refused file added nothing");
    }

    /** A Langfuse export in the shape of the corpus' hand-made error trace, one per run. */
    private static String langfuseExport(int i) {
        return "{\"trace\":{\"id\":\"t-" + i + "\",\"input\":\"{\\\"prompt\\\":\\\"Weather in city " + i + "?\\\"}\","
                + "\"scores\":[{\"name\":\"verdict\",\"dataType\":\"NUMERIC\",\"value\":1,\"source\":\"EVAL\"}]},"
                + "\"observations\":["
                + "{\"id\":\"g2\",\"type\":\"GENERATION\",\"startTime\":\"2025-01-01T00:00:02Z\",\"input\":[{\"role\":\"user\","
                + "\"content\":\"Weather?\"}],\"output\":{\"role\":\"assistant\",\"content\":\""
                + "It is mild. ".repeat(100)
                + "\"}},{\"id\":\"t1\",\"type\":\"TOOL\",\"name\":\"get_weather\",\"startTime\":\"2025-01-01T00:00:01Z\","
                + "\"input\":{\"city\":\"c" + i + "\"},\"output\":{\"temp\":" + i + "}},"
                + "{\"id\":\"g1\",\"type\":\"GENERATION\",\"startTime\":\"2025-01-01T00:00:00Z\",\"input\":[{\"role\":\"user\","
                + "\"content\":\"Weather?\"}],\"output\":{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":\"c1\","
                + "\"type\":\"function\",\"function\":{\"name\":\"get_weather\",\"arguments\":\"{}\"}}]}}]}";
    }

    @Test
    void aLangfuseArrayIsReadOneExportAtATime() throws Exception {
        Path f = dir.resolve("exports.json");
        int n = 2500;
        try (Writer w = Files.newBufferedWriter(f, StandardCharsets.UTF_8)) {
            w.write("[\n");
            for (int i = 0; i < n; i++) {
                w.write((i == 0 ? "" : ",\n") + langfuseExport(i));
            }
            w.write("\n]\n");
        }
        assertTrue(Files.size(f) > 4_000_000, "larger than any parser buffer: " + Files.size(f));
        ImportReport r = new Importer(project, null).importFiles(List.of(f), Format.AUTO, null);
        assertEquals(Format.LANGFUSE, r.files().get(0).format);
        assertEquals(n, r.files().get(0).runs);
        assertEquals(n, count(project, "trace"));
        assertEquals(n, r.files().get(0).labelsNew);
    }

    @Test
    void whenOneFileFailsTheOtherReadersStopQuietly() throws Exception {
        // a bad file beside big good ones: the writer stops at its failure while the other readers are still
        // handing over chunks; they must end without a stack trace on stderr ("Exception in thread import-reader")
        List<Path> files = new java.util.ArrayList<>();
        for (int k = 0; k < 3; k++) {
            Path f = dir.resolve("big" + k + ".jsonl");
            try (Writer w = Files.newBufferedWriter(f, StandardCharsets.UTF_8)) {
                for (int i = 0; i < 1500; i++) {
                    w.write(line(k * 10_000 + i, "01", chat("question " + i + " " + "x".repeat(2000))) + "\n");
                }
            }
            files.add(f);
            if (k == 0) {
                Path bad = dir.resolve("bad.jsonl");
                Files.writeString(bad, line(99_999, "01", CHAT) + "\n{\n");
                files.add(bad);
            }
        }
        java.io.PrintStream saved = System.err;
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            for (int round = 0; round < 3; round++) {
                ImportException e = assertThrows(
                        ImportException.class, () -> new Importer(project, null).importFiles(files, Format.AUTO, null));
                assertTrue(e.getMessage().contains("bad.jsonl"), e.getMessage());
            }
            Thread.sleep(300); // a reader that failed to hand over its chunk would print by now
        } finally {
            System.setErr(saved);
        }
        assertEquals(0, count(project, "trace"), "nothing half-imported");
        assertTrue(
                !err.toString(StandardCharsets.UTF_8).contains("Exception in thread"),
                err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aBadExportDeepInTheArrayIsNamedAndNothingIsImported() throws Exception {
        Path f = dir.resolve("exports.json");
        StringBuilder s = new StringBuilder("[");
        for (int i = 0; i < 300; i++) {
            s.append(i == 0 ? "" : ",").append(i == 250 ? "42" : langfuseExport(i));
        }
        Files.writeString(f, s.append("]").toString());
        ImportException e = assertThrows(
                ImportException.class, () -> new Importer(project, null).importFiles(List.of(f), Format.AUTO, null));
        assertEquals("/250", e.pointer());
        assertTrue(e.getMessage().contains("expected a Langfuse trace export"), e.getMessage());
        assertEquals(0, count(project, "trace"), "nothing half-imported");
    }

    private static String inspectSample(int i) {
        return "{\"id\":" + i + ",\"epoch\":1,\"input\":\"What is " + i + "+1?\",\"target\":\"" + (i + 1) + "\","
                + "\"messages\":[{\"role\":\"user\",\"content\":\"What is " + i + "+1?\"},"
                + "{\"role\":\"assistant\",\"content\":\"" + "Let me think. ".repeat(80) + (i + 1) + "\"}],"
                + "\"scores\":{\"match\":{\"value\":\"C\"}}}";
    }

    private Path inspectLog(String name, boolean samplesFirst, int n) throws Exception {
        Path f = dir.resolve(name);
        String header =
                "\"version\":2,\"status\":\"success\",\"eval\":{\"task\":\"t\",\"model\":\"m\",\"run_id\":\"r\"}";
        try (Writer w = Files.newBufferedWriter(f, StandardCharsets.UTF_8)) {
            w.write("{" + (samplesFirst ? "" : header + ",") + "\"samples\":[");
            for (int i = 0; i < n; i++) {
                w.write((i == 0 ? "" : ",") + inspectSample(i));
            }
            w.write("]" + (samplesFirst ? "," + header : "") + ",\"reductions\":[]}");
        }
        return f;
    }

    @Test
    void anInspectLogIsReadOneSampleAtATime() throws Exception {
        Path f = inspectLog("log.json", false, 3000);
        assertTrue(Files.size(f) > 3_000_000, "larger than any parser buffer: " + Files.size(f));
        ImportReport r = new Importer(project, null).importFiles(List.of(f), Format.AUTO, null);
        assertEquals(Format.INSPECT, r.files().get(0).format);
        assertEquals(3000, r.files().get(0).runs);
        assertEquals(3000, count(project, "trace"));
    }

    @Test
    void samplesWrittenBeforeTheHeaderAreHeldUntilItIsRead() throws Exception {
        Path f = inspectLog("samples-first.json", true, 200);
        ImportReport r = new Importer(project, null).importFiles(List.of(f), Format.INSPECT, null);
        assertEquals(200, r.files().get(0).runs);
        assertEquals(200, count(project, "trace"));
    }

    @Test
    void inspectSamplesThatAreNotAnArrayAreNamed() throws Exception {
        Path f = dir.resolve("bad.json");
        Files.writeString(f, "{\"version\":2,\"eval\":{\"task\":\"t\",\"model\":\"m\"},\"samples\":{\"id\":1}}");
        ImportException e = assertThrows(
                ImportException.class, () -> new Importer(project, null).importFiles(List.of(f), Format.INSPECT, null));
        assertEquals("/samples", e.pointer());
        assertTrue(e.getMessage().contains("expected an array, found an object"), e.getMessage());
    }

    @Test
    void aTrajectoryLargerThanTheHeapAllowsIsRefusedWithTheLimitNamed() throws Exception {
        assertEquals(85, AgentFormats.wholeDocumentLimit(512L << 20) >> 20, "a sixth of -Xmx512m");
        assertEquals(1L << 30, AgentFormats.wholeDocumentLimit(64L << 30), "at most 1 GB");
        Path f = dir.resolve("run.trajectory.json");
        Files.writeString(
                f, "{\"schema_version\":\"ATIF-v1.5\",\"session_id\":\"s\",\"steps\":[" + "{}, ".repeat(400) + "{}]}");
        ImportException e = assertThrows(ImportException.class, () -> AgentFormats.bytes(f, Format.ATIF, 1000));
        assertEquals("run.trajectory.json", e.file());
        assertTrue(e.getMessage().contains("an ATIF trajectory is one run and is read whole"), e.getMessage());
        assertTrue(
                e.getMessage().contains("files up to 1000 bytes are read")
                        && e.getMessage().contains("larger -Xmx"),
                e.getMessage());
    }
}
