package org.tracejudge.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.tracejudge.TestData.count;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * OTLP traces whose parent links go round are refused naming the span ids (issue 47 item 9); a run whose spans came in
 * several files of one import is one run (issue 53 item 3); bytes that are neither JSON nor protobuf are said so.
 */
class OtlpIntegrityTest extends WithProject {
    static final String TRACE = "\"5b8efff798038103d269b633813fc60c\"";

    static String span(String spanId, String parent, String name, String attrs) {
        return "{\"traceId\":" + TRACE + ",\"spanId\":\"" + spanId + "\""
                + (parent == null ? "" : ",\"parentSpanId\":\"" + parent + "\"")
                + ",\"name\":\"" + name + "\",\"kind\":1,\"startTimeUnixNano\":\"17000000000000000"
                + spanId.substring(15)
                + "\",\"attributes\":[" + attrs + "]}";
    }

    static String chat(String user, String answer) {
        return "{\"key\":\"gen_ai.operation.name\",\"value\":{\"stringValue\":\"chat\"}},"
                + "{\"key\":\"gen_ai.input.messages\",\"value\":{\"stringValue\":\"[{\\\"role\\\":\\\"user\\\",\\\"parts\\\":[{\\\"type\\\":\\\"text\\\",\\\"content\\\":\\\""
                + user + "\\\"}]}]\"}},"
                + "{\"key\":\"gen_ai.output.messages\",\"value\":{\"stringValue\":\"[{\\\"role\\\":\\\"assistant\\\",\\\"parts\\\":[{\\\"type\\\":\\\"text\\\",\\\"content\\\":\\\""
                + answer + "\\\"}]}]\"}}";
    }

    static final String AGENT = "{\"key\":\"gen_ai.operation.name\",\"value\":{\"stringValue\":\"invoke_agent\"}}";

    Path write(String name, String... spans) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(
                p,
                "{\"resourceSpans\":[{\"resource\":{\"attributes\":[]},\"scopeSpans\":[{\"scope\":{\"name\":\"t\"},\"spans\":["
                        + String.join(",", spans) + "]}]}]}",
                StandardCharsets.UTF_8);
        return p;
    }

    ImportException refused(Path... files) {
        ImportException e = assertThrows(ImportException.class, () -> new Importer(project, null)
                .importFiles(List.of(files), Format.AUTO, null));
        assertEquals(0, count(project, "trace"), "nothing imported");
        return e;
    }

    @Test
    void aSpanThatIsItsOwnParentIsRefusedNamingIt() throws Exception {
        Path f = write(
                "self.json",
                span("00000000000000a1", "00000000000000a1", "invoke_agent a", AGENT),
                span("00000000000000a2", "00000000000000a1", "chat", chat("hi", "hello")));
        ImportException e = refused(f);
        assertTrue(e.getMessage().contains("span 00000000000000a1 is its own parent"), e.getMessage());
        assertTrue(e.getMessage().contains("5b8efff798038103d269b633813fc60c"), e.getMessage());
    }

    @Test
    void aParentCycleIsRefusedNamingEverySpanOfIt() throws Exception {
        // two model spans, each the other's parent: taken as they were, each wrapped the other and no call was kept
        Path f = write(
                "cycle.json",
                span("00000000000000b1", "00000000000000b2", "chat", chat("hi", "hello")),
                span("00000000000000b2", "00000000000000b1", "chat", chat("hi", "hello")));
        ImportException e = refused(f);
        assertTrue(
                e.getMessage().contains("00000000000000b1") && e.getMessage().contains("00000000000000b2"),
                e.getMessage());
        assertTrue(e.getMessage().contains("cycle"), e.getMessage());
    }

    @Test
    void aRunWhoseRootCameInALaterFileIsOneRun() throws Exception {
        Path first = write("1.json", span("00000000000000c2", "00000000000000c1", "chat", chat("hi", "hello")));
        Path later = write("2.json", span("00000000000000c1", null, "invoke_agent a", AGENT));
        ImportReport r = new Importer(project, null).importFiles(List.of(first, later), Format.AUTO, null);
        List<AgentCorpus.Run> runs = AgentCorpus.runs(project);
        assertEquals(1, runs.size(), r.summary());
        assertEquals("hi", runs.get(0).userMessage());
        assertEquals("hello", runs.get(0).answer());
    }

    @Test
    void bytesThatAreNeitherJsonNorProtobufAreSaidSo() throws Exception {
        Path f = dir.resolve("junk.pb");
        Files.write(f, new byte[] {0x0A, 0x05, 0x0A, 0x03, (byte) 0xFF, (byte) 0xFF});
        ImportException e = assertThrows(
                ImportException.class, () -> new Importer(project, null).importFiles(List.of(f), Format.OTLP, null));
        assertTrue(e.getMessage().contains("OTLP/protobuf"), e.getMessage());
    }
}
