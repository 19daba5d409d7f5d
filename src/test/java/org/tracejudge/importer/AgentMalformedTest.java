package org.tracejudge.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.tracejudge.TestData.count;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.tracejudge.store.Project;

/**
 * Files that are almost one of the agent-trace formats: a clear message naming the file, the line or entry and the
 * field, and nothing imported; unknown span kinds are reported and skipped, never fatal.
 */
class AgentMalformedTest extends WithProject {
    static String span(String traceId, String spanId, String extra, String attrs) {
        return "{\"traceId\":" + traceId + ",\"spanId\":" + spanId + ",\"name\":\"chat gpt-4o\",\"kind\":3,"
                + "\"startTimeUnixNano\":\"1700000000000000000\"" + extra + ",\"attributes\":[" + attrs + "]}";
    }

    static String request(String... spans) {
        return "{\"resourceSpans\":[{\"resource\":{\"attributes\":[]},\"scopeSpans\":[{\"scope\":{\"name\":\"t\"},\"spans\":["
                + String.join(",", spans) + "]}]}]}";
    }

    static final String CHAT = "{\"key\":\"gen_ai.operation.name\",\"value\":{\"stringValue\":\"chat\"}},"
            + "{\"key\":\"gen_ai.input.messages\",\"value\":{\"stringValue\":\"[{\\\"role\\\":\\\"user\\\",\\\"parts\\\":[{\\\"type\\\":\\\"text\\\",\\\"content\\\":\\\"hi\\\"}]}]\"}},"
            + "{\"key\":\"gen_ai.output.messages\",\"value\":{\"stringValue\":\"[{\\\"role\\\":\\\"assistant\\\",\\\"parts\\\":[{\\\"type\\\":\\\"text\\\",\\\"content\\\":\\\"hello\\\"}]}]\"}}";

    Path write(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    ImportException refused(Path... files) {
        ImportException e = assertThrows(ImportException.class, () -> new Importer(project, null)
                .importFiles(List.of(files), Format.AUTO, null));
        assertEquals(0, count(project, "trace"), "nothing half-imported");
        assertEquals(0, count(project, "task"));
        return e;
    }

    @Test
    void aSpanWithoutATraceIdNamesTheFileAndTheField() throws Exception {
        Path good = write("good.json", request(span("\"aa\"", "\"01\"", "", CHAT)));
        Path bad = write("bad.json", request(span("\"aa\"", "\"01\"", "", CHAT), "{\"spanId\":\"02\",\"name\":\"x\"}"));
        ImportException e = refused(good, bad);
        assertEquals("bad.json", e.file());
        assertEquals("/resourceSpans/0/scopeSpans/0/spans/1/traceId", e.pointer());
        assertTrue(e.getMessage().contains("expected the span's traceId"), e.getMessage());
    }

    @Test
    void inJsonLinesAnEarlierLinesWrongFieldIsReportedBeforeALaterLineThatIsNotJson() throws Exception {
        // lines are parsed on one thread and turned into spans on another: the error met first is still line 2's
        StringBuilder text = new StringBuilder(request(span("\"aa\"", "\"01\"", "", CHAT))).append('\n');
        String attrs = CHAT + ",{\"key\":\"gen_ai.usage.input_tokens\",\"value\":{\"intValue\":\"many\"}}";
        text.append(request(span("\"bb\"", "\"02\"", "", attrs))).append('\n');
        for (int i = 0; i < 200; i++) {
            text.append(request(span("\"c" + i + "\"", "\"03\"", "", CHAT))).append('\n');
        }
        text.append("{\"resourceSpans\": [\n");
        ImportException e = refused(write("two-errors.jsonl", text.toString()));
        assertEquals(2, e.line());
        assertTrue(e.getMessage().contains("expected an integer"), e.getMessage());
    }

    @Test
    void anIdThatIsNotAStringIsRefused() throws Exception {
        ImportException e = refused(write("num.json", request(span("12345", "\"01\"", "", CHAT))));
        assertEquals("/resourceSpans/0/scopeSpans/0/spans/0/traceId", e.pointer());
        assertTrue(e.getMessage().contains("expected a hex string, found a number"), e.getMessage());
    }

    @Test
    void anAttributeOfTheWrongTypeNamesTheAttribute() throws Exception {
        String attrs = CHAT + ",{\"key\":\"gen_ai.usage.input_tokens\",\"value\":{\"intValue\":\"many\"}}";
        ImportException e = refused(write("type.json", request(span("\"aa\"", "\"01\"", "", attrs))));
        assertEquals("/resourceSpans/0/scopeSpans/0/spans/0/attributes/3/value/intValue", e.pointer());
        assertTrue(e.getMessage().contains("expected an integer"), e.getMessage());
    }

    @Test
    void messagesThatAreNotJsonNameTheAttribute() throws Exception {
        String attrs = "{\"key\":\"gen_ai.operation.name\",\"value\":{\"stringValue\":\"chat\"}},"
                + "{\"key\":\"gen_ai.input.messages\",\"value\":{\"stringValue\":\"[{role: user\"}}";
        ImportException e = refused(write("msgs.json", request(span("\"aa\"", "\"01\"", "", attrs))));
        assertTrue(e.pointer().endsWith("attributes[gen_ai.input.messages]"), e.pointer());
    }

    @Test
    void jsonLinesNameTheLine() throws Exception {
        String line1 = request(span("\"aa\"", "\"01\"", "", CHAT));
        String line2 = request("{\"traceId\":\"bb\",\"name\":\"x\"}");
        ImportException e = refused(write("otlp.jsonl", line1 + "\n" + line2 + "\n"));
        assertEquals(2, e.line());
        assertEquals("/resourceSpans/0/scopeSpans/0/spans/0/spanId", e.pointer());
        assertTrue(e.getMessage().startsWith("otlp.jsonl: line 2"), e.getMessage());
    }

    @Test
    void crlfJsonLinesNameTheRightLine() throws Exception {
        String ok = request(span("\"aa\"", "\"01\"", "", CHAT));
        String bad = request("{\"traceId\":\"bb\",\"name\":\"x\"}");
        ImportException e =
                refused(write("crlf.jsonl", ok + "\r\n\r\n" + ok.replace("\"aa\"", "\"cc\"") + "\r\n" + bad + "\r\n"));
        assertEquals(4, e.line());
        Path good = write("crlf-good.jsonl", ok + "\r\n" + request(span("\"aa\"", "\"02\"", "", CHAT)) + "\r\n");
        ImportReport.FileCounts c = new Importer(project, null)
                .importFiles(List.of(good), Format.AUTO, null)
                .files()
                .get(0);
        assertEquals(1, c.runs, "one trace over two CRLF lines, handed on after its last one");
        assertEquals(2, AgentCorpus.runs(project).get(0).count(org.tracejudge.model.Role.ASSISTANT));
    }

    @Test
    void jsonLinesStreamAndATraceMaySpanSeveralLines() throws Exception {
        String tool = "{\"key\":\"gen_ai.operation.name\",\"value\":{\"stringValue\":\"execute_tool\"}},"
                + "{\"key\":\"gen_ai.tool.name\",\"value\":{\"stringValue\":\"lookup\"}},"
                + "{\"key\":\"gen_ai.tool.call.result\",\"value\":{\"stringValue\":\"{\\\"v\\\":1}\"}}";
        StringBuilder sb = new StringBuilder();
        for (int t = 0; t < 50; t++) {
            String id = "\"t" + t + "\"";
            sb.append(request(span(id, "\"m\"", "", CHAT))).append('\n');
            sb.append(request(span(id, "\"x\"", "", tool).replace("\"kind\":3", "\"kind\":\"SPAN_KIND_INTERNAL\"")))
                    .append('\n');
        }
        Path f = write("many.jsonl", sb.toString());
        assertEquals(Format.OTLP, FormatDetector.detect(f));
        ImportReport.FileCounts c = new Importer(project, null)
                .importFiles(List.of(f), Format.AUTO, null)
                .files()
                .get(0);
        assertEquals(50, c.runs);
        assertEquals(50, c.toolCalls, "a tool execution without a calling model turn is still a call, with its result");
        assertEquals(50, count(project, "trace"));
    }

    @Test
    void unknownSpanKindsAreReportedAndSkippedNeverFatal() throws Exception {
        String oi = "{\"key\":\"openinference.span.kind\",\"value\":{\"stringValue\":\"TELEPORTER\"}}";
        String retriever = "{\"key\":\"openinference.span.kind\",\"value\":{\"stringValue\":\"RETRIEVER\"}}";
        Path f = write(
                "kinds.json",
                request(
                        span("\"aa\"", "\"01\"", "", CHAT),
                        span("\"aa\"", "\"02\"", "", oi),
                        span("\"aa\"", "\"03\"", "", retriever),
                        span("\"aa\"", "\"04\"", "", CHAT).replace("\"kind\":3", "\"kind\":42")));
        ImportReport.FileCounts c = new Importer(project, null)
                .importFiles(List.of(f), Format.AUTO, null)
                .files()
                .get(0);
        assertEquals(1, c.runs);
        assertEquals(1, c.skipped.get("spans of unknown OpenInference kind 'TELEPORTER'"), c.skipped.toString());
        assertEquals(1, c.skipped.get("OpenInference RETRIEVER spans (not used)"));
        assertEquals(1, c.skipped.get("spans of unknown span kind 42"));
        assertTrue(c.summary().contains("skipped:"), c.summary());
        assertEquals("hello", AgentCorpus.runs(project).get(0).answer());
    }

    @Test
    void aLangfuseObservationWithoutAnIdNamesIt() throws Exception {
        String doc = "{\"trace\":{\"id\":\"t1\",\"input\":\"hi\",\"scores\":[]},\"observations\":["
                + "{\"id\":\"o1\",\"type\":\"GENERATION\",\"startTime\":\"2025-01-01T00:00:00Z\",\"input\":\"hi\",\"output\":\"yo\"},"
                + "{\"type\":\"TOOL\",\"name\":\"x\",\"startTime\":\"2025-01-01T00:00:01Z\"}]}";
        ImportException e = refused(write("lf.json", doc));
        assertEquals("/observations/1/id", e.pointer());
        assertTrue(e.getMessage().startsWith("lf.json: at /observations/1/id: expected a string"), e.getMessage());
    }

    @Test
    void aTruncatedEvalZipIsRefused() throws Exception {
        byte[] whole = Files.readAllBytes(AgentCorpus.file("inspect-ai", "log_message_deduplication.eval"));
        Path cut = dir.resolve("cut.eval");
        Files.write(cut, java.util.Arrays.copyOf(whole, whole.length / 2));
        assertEquals(Format.INSPECT, FormatDetector.detect(cut), "told from its first entry even when cut short");
        ImportException e = refused(cut);
        assertEquals("cut.eval", e.file());
        assertTrue(e.getMessage().contains("truncated or damaged"), e.getMessage());
    }

    static Path zip(Path p, List<String> names, byte[] content) throws Exception {
        try (OutputStream o = Files.newOutputStream(p);
                ZipOutputStream z = new ZipOutputStream(o)) {
            for (String n : names) {
                z.putNextEntry(new ZipEntry(n));
                z.write(content);
                z.closeEntry();
            }
        }
        return p;
    }

    @Test
    void aZipBombIsStoppedWhileInflating() throws Exception {
        byte[] zeros = new byte[8 << 20]; // 8 MB of zeros: a few kB compressed
        Path bomb = zip(dir.resolve("bomb.eval"), List.of("header.json", "samples/1_epoch_1.json"), zeros);
        ImportException e = assertThrows(
                ImportException.class, () -> new InspectReader(bomb, 1000, 1 << 20, 4L << 20).readZip(r -> {}));
        assertEquals("header.json", e.pointer(), "the entry is named");
        assertTrue(e.getMessage().contains("expands beyond 1 MB (a zip bomb?)"), e.getMessage());
        // many entries, each small and valid: the total is capped too
        Path wide = dir.resolve("wide.eval");
        try (OutputStream o = Files.newOutputStream(wide);
                ZipOutputStream z = new ZipOutputStream(o)) {
            z.putNextEntry(new ZipEntry("header.json"));
            z.write("{\"version\":3,\"status\":\"success\",\"eval\":{\"task\":\"t\",\"model\":\"m\"}}"
                    .getBytes(StandardCharsets.UTF_8));
            z.closeEntry();
            for (int i = 0; i < 10; i++) {
                z.putNextEntry(new ZipEntry("samples/" + i + "_epoch_1.json"));
                z.write(("{\"id\":" + i + ",\"epoch\":1,\"messages\":[]}" + " ".repeat(600 << 10))
                        .getBytes(StandardCharsets.UTF_8));
                z.closeEntry();
            }
        }
        ImportException total = assertThrows(
                ImportException.class, () -> new InspectReader(wide, 1000, 1 << 20, 4L << 20).readZip(r -> {}));
        assertTrue(total.getMessage().contains("in all (a zip bomb?)"), total.getMessage());
        ImportException entries = assertThrows(
                ImportException.class, () -> new InspectReader(wide, 5, 1 << 20, 4L << 20).readZip(r -> {}));
        assertTrue(entries.getMessage().contains("the zip has 11 entries; at most 5"), entries.getMessage());
    }

    @Test
    void aStringLongerThanTheLimitIsRefusedNamingTheEntryAndTheLimit() throws Exception {
        byte[] sample = ("{\"id\":1,\"epoch\":1,\"input\":\"" + "x".repeat(5000) + "\",\"messages\":[]}")
                .getBytes(StandardCharsets.UTF_8);
        Path p = dir.resolve("long.eval");
        try (OutputStream o = Files.newOutputStream(p);
                ZipOutputStream z = new ZipOutputStream(o)) {
            z.putNextEntry(new ZipEntry("header.json"));
            z.write("{\"version\":3,\"status\":\"success\",\"eval\":{\"task\":\"t\",\"model\":\"m\"}}"
                    .getBytes(StandardCharsets.UTF_8));
            z.closeEntry();
            z.putNextEntry(new ZipEntry("samples/1_epoch_1.json"));
            z.write(sample);
            z.closeEntry();
        }
        ImportException e = assertThrows(
                ImportException.class, () -> new InspectReader(p, 1000, 1 << 20, 4L << 20, 4096).readZip(r -> {}));
        assertEquals("samples/1_epoch_1.json", e.pointer());
        assertTrue(e.getMessage().contains("holds a string longer than 4096 characters"), e.getMessage());
        assertEquals(64 << 20, InspectReader.maxString(1L << 30), "a sixteenth of a 1 GB heap");
        assertEquals(
                StrictJson.FACTORY.streamReadConstraints().getMaxStringLength(),
                InspectReader.maxString(64L << 30),
                "never above what every reader allows");
    }

    @Test
    void anEvalSampleThatIsNotJsonNamesTheEntry() throws Exception {
        Path p = dir.resolve("badsample.eval");
        try (OutputStream o = Files.newOutputStream(p);
                ZipOutputStream z = new ZipOutputStream(o)) {
            z.putNextEntry(new ZipEntry("header.json"));
            z.write("{\"version\":3,\"status\":\"success\",\"eval\":{\"task\":\"t\",\"model\":\"m\"}}"
                    .getBytes(StandardCharsets.UTF_8));
            z.closeEntry();
            z.putNextEntry(new ZipEntry("samples/1_epoch_1.json"));
            z.write("{\"id\":1,\"epoch\":1,\"messages\":[{\"role\":\"user\",\"content\":\"hi\"},"
                    .getBytes(StandardCharsets.UTF_8));
            z.closeEntry();
        }
        ImportException e = refused(p);
        assertTrue(e.pointer().startsWith("samples/1_epoch_1.json"), e.pointer());
        assertTrue(e.getMessage().contains("truncated"), e.getMessage());
    }

    @Test
    void anInspectMessageWithAnUnknownRoleNamesIt() throws Exception {
        String log = "{\"version\":2,\"status\":\"success\",\"eval\":{\"task\":\"t\",\"model\":\"m\",\"run_id\":\"r\"},"
                + "\"samples\":[{\"id\":1,\"epoch\":1,\"input\":\"hi\",\"target\":\"x\",\"messages\":[{\"role\":\"robot\",\"content\":\"hi\"}]}]}";
        ImportException e = refused(write("role.json", log));
        assertEquals("/samples/0/messages/0/role", e.pointer());
        assertTrue(
                e.getMessage().contains("expected system, user, assistant or tool, found \"robot\""), e.getMessage());
    }

    @Test
    void aChangedTraceIsReportedNotMergedSilently() throws Exception {
        Path f = AgentCorpus.file("langfuse", "vercel-aisdk-2025-11-17.trace.json");
        new Importer(project, null).importFiles(List.of(f), Format.AUTO, null);
        Path changed = write(
                "vercel-changed.json", Files.readString(f).replace("\\\"temperature\\\":64", "\\\"temperature\\\":99"));
        assertTrue(Files.readString(changed).contains("99"), "the copy differs in the tool result");
        ImportException e = assertThrows(ImportException.class, () -> new Importer(project, null)
                .importFiles(List.of(changed), Format.AUTO, null));
        assertTrue(
                e.getMessage().contains("vercel-changed.json") && e.getMessage().contains("turns"), e.getMessage());
        assertEquals(1, count(project, "trace"));
        ImportReport replaced =
                new Importer(project, null).replacing(true).importFiles(List.of(changed), Format.AUTO, null);
        assertEquals(1, replaced.files().get(0).tracesReplaced);
    }

    @Test
    void theSameTraceAgainIsNotImportedTwice() throws Exception {
        Path f = AgentCorpus.file("langfuse", "vercel-aisdk-2025-11-17.trace.json");
        new Importer(project, null).importFiles(List.of(f), Format.AUTO, null);
        ImportReport again = new Importer(project, null).importFiles(List.of(f), Format.AUTO, null);
        assertEquals(0, again.tracesNew());
        assertEquals(1, count(project, "trace"));
        assertTrue(again.summary().contains("already in the project"), again.summary());
    }

    static Path gzip(Path from, Path to) throws Exception {
        try (OutputStream o = new java.util.zip.GZIPOutputStream(Files.newOutputStream(to))) {
            Files.copy(from, o);
        }
        return to;
    }

    @Test
    void gzipCompressedFilesAreReadAsTheyAre() throws Exception {
        Path lf = gzip(AgentCorpus.file("langfuse", "claude-agent-2025-12-22.trace.json"), dir.resolve("lf.json.gz"));
        Path plain = write(
                "spans.jsonl",
                request(span("\"aa\"", "\"01\"", "", CHAT)) + "\n" + request(span("\"bb\"", "\"02\"", "", CHAT))
                        + "\n");
        Path jsonl = gzip(plain, dir.resolve("spans.jsonl.gz"));
        assertEquals(Format.LANGFUSE, FormatDetector.detect(lf));
        assertEquals(Format.OTLP, FormatDetector.detect(jsonl));
        ImportReport r = new Importer(project, null).importFiles(List.of(lf, jsonl), Format.AUTO, null);
        assertEquals(1, r.files().get(0).runs);
        assertEquals(2, r.files().get(1).runs);
        assertEquals(3, count(project, "trace"));
        byte[] whole = Files.readAllBytes(jsonl);
        Path cut = dir.resolve("cut.jsonl.gz");
        Files.write(cut, java.util.Arrays.copyOf(whole, whole.length - 12));
        try (Project other = Project.open(dir.resolve("o.tjdb"), Project.OpenOptions.createIfMissing("o"))) {
            ImportException e = assertThrows(ImportException.class, () -> new Importer(other, null)
                    .importFiles(List.of(cut), Format.AUTO, null));
            assertTrue(e.getMessage().startsWith("cut.jsonl.gz"), e.getMessage());
            assertEquals(0, count(other, "trace"));
        }
    }
}
