package org.tracejudge.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * OTLP JSON Lines read by {@link OtlpStreamedLine} (the streaming fast path) give what the tree path gives: the same
 * records for every shape a line may have, and for every malformed line the same message (file, line, field) — either
 * because the fast path read it alike or because it gave the line up to the tree path.
 */
class OtlpStreamedLineTest {
    private static final Path FILE = Path.of("spans.jsonl");
    private static final String TRACE = "\"0af7651916cd43dd8448eb211c80319c\"";
    private static final String OTHER = "\"1af7651916cd43dd8448eb211c80319d\"";

    private static String span(String traceId, String spanId, String extra, String attrs) {
        return AgentMalformedTest.span(traceId, spanId, extra, attrs);
    }

    private static String attr(String key, String value) {
        return "{\"key\":\"" + key + "\",\"value\":" + value + "}";
    }

    private static String chatWith(String more) {
        return AgentMalformedTest.CHAT + (more.isEmpty() ? "" : "," + more);
    }

    private static final String TOOL = attr("gen_ai.operation.name", "{\"stringValue\":\"execute_tool\"}") + ","
            + attr("gen_ai.tool.name", "{\"stringValue\":\"get_weather\"}") + ","
            + attr("gen_ai.tool.call.id", "{\"stringValue\":\"call_1\"}") + ","
            + attr("gen_ai.tool.call.result", "{\"stringValue\":\"{\\\"temp\\\": 21}\"}");

    /** Lines of the plain shape, each a variation the fast path must read as the tree path does. */
    private static List<String> readable() {
        String plain = AgentMalformedTest.request(span(TRACE, "\"01\"", "", AgentMalformedTest.CHAT));
        List<String> v = new ArrayList<>();
        v.add(plain);
        v.add(plain.replace("\"kind\":3", "\"kind\":\"SPAN_KIND_CLIENT\""));
        v.add(plain.replace("\"kind\":3", "\"kind\":null"));
        v.add(plain.replace(",\"kind\":3", ""));
        v.add(plain.replace("\"kind\":3", "\"kind\":9")); // unknown: skipped
        v.add(plain.replace("\"kind\":3", "\"kind\":\"SPAN_KIND_ODD\""));
        v.add(plain.replace(
                "\"startTimeUnixNano\":\"1700000000000000000\"", "\"startTimeUnixNano\":1700000000000000000"));
        v.add(plain.replace("\"startTimeUnixNano\":\"1700000000000000000\"", "\"startTimeUnixNano\":null"));
        v.add(plain.replace("\"name\":\"chat gpt-4o\",", ""));
        v.add(AgentMalformedTest.request(span(TRACE, "\"01\"", ",\"parentSpanId\":\"\"", AgentMalformedTest.CHAT)));
        v.add(AgentMalformedTest.request(span(TRACE, "\"01\"", ",\"parentSpanId\":null", AgentMalformedTest.CHAT)));
        v.add(AgentMalformedTest.request(
                span(TRACE, "\"01\"", "", AgentMalformedTest.CHAT),
                span(TRACE, "\"02\"", ",\"parentSpanId\":\"01\"", TOOL)));
        // every kind of AnyValue, and attributes the tree path reads to null
        v.add(AgentMalformedTest.request(span(
                TRACE,
                "\"01\"",
                "",
                chatWith(String.join(
                        ",",
                        attr("gen_ai.usage.input_tokens", "{\"intValue\":\"12\"}"),
                        attr("gen_ai.usage.output_tokens", "{\"intValue\":7}"),
                        attr("big", "{\"intValue\":\"99999999999\"}"),
                        attr("d1", "{\"doubleValue\":1.5}"),
                        attr("d2", "{\"doubleValue\":\"2.5\"}"),
                        attr("b", "{\"boolValue\":true}"),
                        attr("arr", "{\"arrayValue\":{\"values\":[{\"stringValue\":\"a\"},{\"intValue\":\"3\"}]}}"),
                        attr("kv", "{\"kvlistValue\":{\"values\":[" + attr("x", "{\"boolValue\":false}") + "]}}"),
                        attr("bytes", "{\"bytesValue\":\"AAEC\"}"),
                        attr("empty", "{}"),
                        attr("nothing", "null"),
                        "{\"key\":\"missing\"}",
                        "{\"key\":\"extra\",\"value\":{\"stringValue\":\"s\"},\"type\":\"x\"}",
                        attr("gen_ai.response.model", "{\"stringValue\":\"gpt-4o-2024\"}"),
                        attr("unicode \u00e9\u4e2d", "{\"stringValue\":\"caf\\u00e9 \\ud83d\\ude00 \u4e2d\"}"))))));
        // status, events, keys nothing reads, two resources and two scopes, null attributes
        v.add(AgentMalformedTest.request(span(
                TRACE,
                "\"01\"",
                ",\"status\":{\"code\":2,\"message\":\"boom\"},\"endTimeUnixNano\":\"1700000000000000005\","
                        + "\"droppedAttributesCount\":0,\"links\":[{\"traceId\":\"ab\",\"spanId\":\"cd\"}],\"flags\":1,"
                        + "\"events\":[{\"name\":\"exception\",\"attributes\":["
                        + attr("exception.type", "{\"stringValue\":\"ValueError\"}") + "]}]",
                AgentMalformedTest.CHAT)));
        v.add(AgentMalformedTest.request(span(
                TRACE,
                "\"01\"",
                ",\"status\":{\"code\":\"STATUS_CODE_ERROR\"},\"events\":[{\"name\":\"gen_ai.choice\",\"attributes\":["
                        + attr("message", "{\"stringValue\":\"{\\\"content\\\":\\\"from the event\\\"}\"}") + "]}]",
                attr("gen_ai.operation.name", "{\"stringValue\":\"chat\"}"))));
        v.add("{\"resourceSpans\":[{\"resource\":{\"attributes\":[" + attr("service.name", "{\"stringValue\":\"s\"}")
                + "],\"droppedAttributesCount\":0},\"schemaUrl\":\"u\",\"scopeSpans\":[{\"scope\":{\"name\":\"a\"},"
                + "\"spans\":[" + span(TRACE, "\"01\"", "", AgentMalformedTest.CHAT) + "]},{\"spans\":[]}]},"
                + "{\"scopeSpans\":[{\"spans\":[" + span(OTHER, "\"02\"", "", AgentMalformedTest.CHAT) + "]}]}]}");
        v.add(AgentMalformedTest.request(span(TRACE, "\"01\"", "", ""))
                .replace("\"attributes\":[]}]}]}]}", "\"attributes\":null}]}]}]}"));
        v.add("{\"resourceSpans\":[]}");
        // plumbing and OpenInference spans
        v.add(AgentMalformedTest.request(
                span(TRACE, "\"01\"", "", attr("http.method", "{\"stringValue\":\"POST\"}")),
                span(TRACE, "\"02\"", ",\"parentSpanId\":\"01\"", AgentMalformedTest.CHAT)));
        v.add(AgentMalformedTest.request(span(
                TRACE,
                "\"01\"",
                "",
                String.join(
                        ",",
                        attr("openinference.span.kind", "{\"stringValue\":\"LLM\"}"),
                        attr("llm.input_messages.0.message.role", "{\"stringValue\":\"user\"}"),
                        attr("llm.input_messages.0.message.content", "{\"stringValue\":\"hi\"}"),
                        attr("llm.output_messages.0.message.role", "{\"stringValue\":\"assistant\"}"),
                        attr("llm.output_messages.0.message.content", "{\"stringValue\":\"hello\"}")))));
        return v;
    }

    /** Lines that are wrong, or not the plain shape; most are given up to the tree path, a few fail later. */
    private static List<String> others() {
        String plain = AgentMalformedTest.request(span(TRACE, "\"01\"", "", AgentMalformedTest.CHAT));
        List<String> v = new ArrayList<>();
        v.add(plain.replace("\"spanId\":\"01\"", "\"spanId\":\"01\",\"traceId\":" + TRACE)); // a duplicate key
        v.add(plain.replace("{\"stringValue\":\"chat\"}", "{\"stringValue\":\"chat\",\"stringValue\":\"x\"}"));
        v.add(plain.replace("\"traceId\":" + TRACE + ",", ""));
        v.add(plain.replace("\"traceId\":" + TRACE, "\"traceId\":5"));
        v.add(plain.replace("\"traceId\":" + TRACE, "\"traceId\":\"\""));
        v.add(plain.replace("\"spanId\":\"01\"", "\"spanId\":null"));
        v.add(AgentMalformedTest.request(span(TRACE, "\"01\"", ",\"parentSpanId\":7", AgentMalformedTest.CHAT)));
        v.add(plain.replace("\"attributes\":[{", "\"attributes\":\"x\",\"a\":[{"));
        v.add(plain.replace("\"attributes\":[{", "\"attributes\":[1,{"));
        v.add(plain.replace("{\"key\":\"gen_ai.operation.name\",", "{\"k\":\"gen_ai.operation.name\","));
        v.add(plain.replace("{\"key\":\"gen_ai.operation.name\",", "{\"key\":4,"));
        v.add(plain.replace("{\"stringValue\":\"chat\"}", "\"chat\""));
        v.add(plain.replace("{\"stringValue\":\"chat\"}", "{\"stringValue\":5}"));
        v.add(plain.replace("{\"stringValue\":\"chat\"}", "{\"intValue\":\"abc\"}"));
        v.add(plain.replace("{\"stringValue\":\"chat\"}", "{\"intValue\":1.5}"));
        v.add(plain.replace("{\"stringValue\":\"chat\"}", "{\"doubleValue\":\"x\"}"));
        v.add(plain.replace("{\"stringValue\":\"chat\"}", "{\"boolValue\":\"yes\"}"));
        v.add(plain.replace("{\"stringValue\":\"chat\"}", "{\"foo\":1}"));
        v.add(plain.replace("{\"stringValue\":\"chat\"}", "{\"stringValue\":\"chat\",\"intValue\":\"1\"}"));
        v.add(plain.replace("{\"stringValue\":\"chat\"}", "{\"doubleValue\":1e400}"));
        v.add(plain.replace("{\"stringValue\":\"chat\"}", "{\"intValue\":\"5\",\"stringValue\":\"chat\"}"));
        v.add(plain.replace("{\"stringValue\":\"chat\"}", "{\"boolValue\":true,\"x\":1}"));
        v.add(plain.replace("{\"stringValue\":\"chat\"}", "{\"intValue\":\" 5\"}"));
        v.add(plain.replace("{\"stringValue\":\"chat\"}", "{\"stringValue\":\"\\ud800\"}"));
        v.add(plain.replace("\"startTimeUnixNano\":\"1700000000000000000\"", "\"startTimeUnixNano\":\"soon\""));
        v.add(plain.replace("\"startTimeUnixNano\":\"1700000000000000000\"", "\"startTimeUnixNano\":1.5"));
        v.add(plain.replace(
                "\"startTimeUnixNano\":\"1700000000000000000\"", "\"startTimeUnixNano\":123456789012345678901234"));
        v.add(plain.replace("\"name\":\"chat gpt-4o\"", "\"name\":12"));
        v.add(plain + " {}");
        v.add(plain + "x");
        v.add(plain.substring(0, plain.length() - 9));
        v.add("{\"resourceSpans\":{}}");
        v.add("{\"resourceSpans\":[{\"resource\":{}}]}");
        v.add("{\"resourceSpans\":[{\"scopeSpans\":[{\"spans\":{}}]}]}");
        v.add("{\"resourceSpans\":[{\"scopeSpans\":[{\"spans\":[7]}]}]}");
        v.add("{\"resourceSpans\":[{\"resource\":{\"attributes\":null},\"scopeSpans\":[]}]}");
        v.add("{\"resourceSpans\":[{\"resource\":{\"attributes\":[{\"key\":1}]},\"scopeSpans\":[]}]}");
        v.add("{\"resourceSpans\":[{\"resource\":\"r\",\"scopeSpans\":[]}]}");
        v.add("{\"resourceSpans\":[{\"instrumentationLibrarySpans\":[{\"spans\":["
                + span(TRACE, "\"01\"", "", AgentMalformedTest.CHAT) + "]}]}]}");
        v.add("{\"resourceSpans\":[],\"resourceLogs\":[]}");
        v.add("[" + plain + "]");
        v.add("{}");
        // the fast path reads these; the assembler finds what is wrong, as on the tree path
        v.add(plain.replace("\"[{\\\"role\\\":\\\"user\\\"", "\"not json [{\\\"role\\\":\\\"user\\\""));
        v.add(AgentMalformedTest.request(
                span(TRACE, "\"01\"", "", chatWith(attr("gen_ai.usage.input_tokens", "{\"stringValue\":\"many\"}")))));
        // an unknown kind is skipped before its attributes are looked at
        v.add(plain.replace("\"kind\":3", "\"kind\":9").replace("{\"stringValue\":\"chat\"}", "\"chat\""));
        return v;
    }

    /** The records of reading {@code text}, or the message it was refused with. */
    private static Object outcome(String text, boolean streamed) throws Exception {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        OtlpReader r = new OtlpReader(FILE);
        r.streamed = streamed;
        List<Records.Rec> out = new ArrayList<>();
        try {
            r.readLines(
                    new ByteArrayInputStream(b),
                    false,
                    OtlpLineIndex.lastLines(new ByteArrayInputStream(b)),
                    new ImportListener() {},
                    out::add);
        } catch (ImportException e) {
            return "refused: " + e.getMessage();
        }
        return out;
    }

    /** A file of a good trace, the line, another good trace and a second span of the first, so order shows. */
    private static String file(String line) {
        return AgentMalformedTest.request(span(OTHER, "\"0a\"", "", AgentMalformedTest.CHAT)) + "\n" + line + "\n"
                + AgentMalformedTest.request(
                        span("\"2af7651916cd43dd8448eb211c80319e\"", "\"0b\"", "", AgentMalformedTest.CHAT))
                + "\n" + AgentMalformedTest.request(span(OTHER, "\"0c\"", ",\"parentSpanId\":\"0a\"", TOOL)) + "\n";
    }

    @Test
    void readableLinesTakeTheFastPathAndGiveTheTreePathsRecords() throws Exception {
        for (String line : readable()) {
            byte[] b = line.getBytes(StandardCharsets.UTF_8);
            assertNotNull(OtlpStreamedLine.read(b, 0, b.length), "read by the fast path: " + line);
            Object tree = outcome(file(line), false);
            assertTrue(tree instanceof List<?> l && !l.isEmpty(), "the tree path reads it: " + tree);
            assertEquals(tree, outcome(file(line), true), line);
        }
    }

    @Test
    void otherLinesGiveTheTreePathsRecordsOrMessage() throws Exception {
        int refused = 0;
        for (String line : others()) {
            Object tree = outcome(file(line), false);
            if (tree instanceof String message) {
                refused++;
                assertTrue(message.contains("spans.jsonl: line 2"), message);
            }
            assertEquals(tree, outcome(file(line), true), line);
        }
        assertTrue(refused >= 30, "most are refused: " + refused);
    }

    @Test
    void whatTheFastPathGivesUp() throws Exception {
        for (String line : List.of(
                "{\"resourceSpans\":[],\"resourceLogs\":[]}",
                "{\"batches\":[]}",
                "[]",
                AgentMalformedTest.request(span(TRACE, "\"01\"", "", AgentMalformedTest.CHAT)) + " 1")) {
            byte[] b = line.getBytes(StandardCharsets.UTF_8);
            assertNull(OtlpStreamedLine.read(b, 0, b.length), line);
        }
        byte[] b = (" " + AgentMalformedTest.request(span(TRACE, "\"01\"", "", AgentMalformedTest.CHAT)) + " ")
                .getBytes(StandardCharsets.UTF_8);
        List<OtlpStreamedLine.Span> spans = OtlpStreamedLine.read(b, 1, b.length - 1);
        assertNotNull(spans);
        assertEquals(1, spans.size());
        assertEquals("0af7651916cd43dd8448eb211c80319c", spans.get(0).traceId());
        assertEquals(1700000000000000000L, spans.get(0).start());
        assertEquals(
                "chat", spans.get(0).attributes().get("gen_ai.operation.name").asText());
    }
}
