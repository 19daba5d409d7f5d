package org.tracejudge.importer;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.tracejudge.json.Json;

/** Tells a file's format from its first record. */
public final class FormatDetector {
    private FormatDetector() {}

    public static Format detect(Path file) {
        byte[] head;
        try (InputStream in = Files.newInputStream(file)) {
            head = in.readNBytes(1 << 16);
        } catch (IOException e) {
            throw new ImportException(file, -1, null, "cannot read: " + e.getMessage());
        }
        if (AgentFormats.isGzip(head)) {
            // gzip: the agent-trace formats are read through it; tell which from the first bytes inflated
            byte[] inner;
            try (InputStream in = new java.util.zip.GZIPInputStream(Files.newInputStream(file))) {
                inner = in.readNBytes(1 << 16);
            } catch (IOException e) {
                throw new ImportException(
                        file, -1, null, "a gzip file that cannot be inflated (" + e.getMessage() + ")");
            }
            if (OtlpProtobuf.mayStart(inner, inner.length) && OtlpProtobuf.isRequest(file)) {
                return Format.OTLP; // OTLP/protobuf, gzip-compressed as exporters send it
            }
            int j = 0;
            while (j < inner.length && Character.isWhitespace(inner[j])) {
                j++;
            }
            Format agent = j < inner.length && inner[j] == '{' ? agentFormat(topLevelKeys(inner, j)) : null;
            if (agent == null || agent == Format.INSPECT) {
                throw new ImportException(
                        file,
                        -1,
                        null,
                        "a gzip file: gzip is read for OpenTelemetry, Langfuse, ATIF and "
                                + "SWE-agent files, and this one is none of them; inflate it and import the result");
            }
            return agent;
        }
        if (head.length >= 4 && head[0] == 'P' && head[1] == 'K' && head[2] == 3 && head[3] == 4) {
            if (InspectReader.isEvalZip(file)) {
                return Format.INSPECT;
            }
            throw new ImportException(
                    file,
                    -1,
                    null,
                    "a zip file that is not an Inspect .eval log (it has no header.json, "
                            + "_journal/start.json or samples/ entry); expected an Inspect .eval zip or a JSON file");
        }
        if (OtlpProtobuf.mayStart(head, head.length) && OtlpProtobuf.isRequest(file)) {
            return Format.OTLP; // an OTLP/protobuf request (ExportTraceServiceRequest or ExportLogsServiceRequest)
        }
        int i = 0;
        if (head.length >= 3 && (head[0] & 0xff) == 0xEF && (head[1] & 0xff) == 0xBB && (head[2] & 0xff) == 0xBF) {
            i = 3;
        }
        while (i < head.length && Character.isWhitespace(head[i])) {
            i++;
        }
        if (i >= head.length) {
            throw new ImportException(file, -1, null, "the file is empty");
        }
        if (head[i] == '[') {
            return detectArray(file, head);
        }
        if (head[i] == '{') {
            Set<String> keys = topLevelKeys(head, i);
            if (keys.contains("data") && new String(head, StandardCharsets.UTF_8).contains("\"traceID\"")) {
                keys.add("limit"); // a Jaeger export whose first value is longer than the sniffed head
            }
            Format agent = agentFormat(keys);
            if (agent != null) {
                return agent;
            }
            return detectObjectOrLines(file);
        }
        throw new ImportException(
                file,
                1,
                null,
                "cannot tell the format: expected JSON (an array or an object) or "
                        + "JSON Lines; pass --input-format (one of " + Format.codes() + ")");
    }

    /** The first element's field names decide between results and judge files. */
    private static Format detectArray(Path file, byte[] head) {
        Set<String> fields = new HashSet<>();
        JsonToken firstRow = null;
        // the first row is read from the file, not the sniffed head: a row past 64 kB (a 10 MB key, a long array)
        // is then judged by what it is, and a limit it breaks is named instead of "cannot tell"
        try (InputStream in = Files.newInputStream(file);
                JsonParser p = StrictJson.parser(in)) {
            p.nextToken();
            firstRow = p.nextToken();
            if (firstRow == JsonToken.START_OBJECT) {
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    fields.add(p.currentName());
                    p.nextToken();
                    p.skipChildren();
                }
            }
        } catch (com.fasterxml.jackson.core.io.JsonEOFException e) {
            // a first row larger than the sniffed head: decide from what was seen
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            if (head.length < (1 << 16)
                    || !String.valueOf(e.getOriginalMessage()).contains("end-of-input")) {
                // the first row itself is bad (NaN, a duplicate key, 10,000 levels deep...): say so, not "cannot tell"
                throw ImportException.fromParse(file, e, "/0", 0);
            }
        } catch (IOException e) {
            // a first row larger than the sniffed head: decide from what was seen
        }
        if (fields.contains("agent_answer")
                || fields.contains("agent_trace")
                || (fields.contains("task") && fields.contains("model_id"))) {
            return Format.TOOLFAILBENCH_RESULTS;
        }
        if (fields.contains("judge") || fields.contains("rule_based_classification")) {
            return Format.TOOLFAILBENCH_JUDGE;
        }
        if (fields.contains("trace") && fields.contains("observations")) {
            return Format.LANGFUSE; // an array of Langfuse trace exports
        }
        Format agent = agentFormat(fields);
        if (agent == Format.OTLP) {
            return agent; // an array of OTLP requests or of OpenTelemetry Python spans
        }
        if (firstRow != null && firstRow != JsonToken.START_OBJECT) {
            throw new ImportException(
                    file,
                    1,
                    "/0",
                    "cannot tell the format: an array whose first element is "
                            + (firstRow == JsonToken.END_ARRAY
                                    ? "missing (the array is empty)"
                                    : "not an object ("
                                            + firstRow.name()
                                                    .toLowerCase(java.util.Locale.ROOT)
                                                    .replace("value_", "a ")
                                                    .replace('_', ' ')
                                            + ")")
                            + "; results and judge files are arrays of objects");
        }
        throw new ImportException(
                file,
                1,
                "/0",
                "cannot tell the format: an array whose rows have neither "
                        + "'agent_answer' (results file) nor 'judge' (judge file) nor 'trace' + 'observations' (Langfuse exports); "
                        + "pass --input-format");
    }

    /**
     * The file's first line, refused when longer than a document this heap reads whole (a 300 MB line would otherwise
     * end in an OutOfMemoryError that names no file).
     */
    private static String firstLine(BufferedReader r, Path file) throws IOException {
        long limit = AgentFormats.wholeDocumentLimit();
        StringBuilder sb = new StringBuilder();
        char[] buf = new char[8192];
        int n;
        while ((n = r.read(buf)) > 0) {
            for (int i = 0; i < n; i++) {
                if (buf[i] == '\n' || buf[i] == '\r') {
                    return sb.append(buf, 0, i).toString();
                }
            }
            sb.append(buf, 0, n);
            if (sb.length() > limit) {
                throw new ImportException(
                        file,
                        1,
                        null,
                        "line 1 is longer than " + (limit >> 20) + " MB, the most this "
                                + "Java heap (" + (Runtime.getRuntime().maxMemory() >> 20)
                                + " MB) reads as one JSON value (a sixth "
                                + "of it): run Java with a larger -Xmx, or check that the file is JSON Lines");
            }
        }
        return sb.isEmpty() ? null : sb.toString();
    }

    private static Format detectObjectOrLines(Path file) {
        String first;
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            first = firstLine(r, file);
        } catch (java.nio.charset.MalformedInputException e) {
            throw new ImportException(
                    file,
                    1,
                    null,
                    "not UTF-8 text (an invalid byte sequence); save the file as " + "UTF-8 and import it again");
        } catch (IOException e) {
            first = null;
        }
        JsonNode node = null;
        if (first != null) {
            try {
                node = StrictJson.readTree(first.startsWith("\uFEFF") ? first.substring(1) : first);
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                String line = first.strip();
                if (line.startsWith("{") && line.endsWith("}")) {
                    throw ImportException.fromParse(file, e, "", 0); // a whole JSON line that is not valid JSON
                }
                node = null;
            } catch (IOException e) {
                node = null;
            }
        }
        if (node == null || !node.isObject()) {
            // a pretty-printed single object, e.g. tasks.json
            try {
                if (Files.size(file) > AgentFormats.wholeDocumentLimit()) {
                    throw new ImportException(
                            file,
                            1,
                            null,
                            "a JSON document of " + (Files.size(file) >> 20) + " MB whose "
                                    + "first line is not a JSON object: a single document is read whole, and this Java heap ("
                                    + (Runtime.getRuntime().maxMemory() >> 20) + " MB) reads up to "
                                    + (AgentFormats.wholeDocumentLimit() >> 20)
                                    + " MB; run Java with a larger -Xmx, or give JSON Lines");
                }
                try (JsonParser p = StrictJson.parser(Files.readAllBytes(file))) {
                    node = Json.MAPPER.readTree(p);
                }
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw ImportException.fromParse(file, e, "", 0);
            } catch (IOException e) {
                throw new ImportException(
                        file,
                        -1,
                        null,
                        "cannot tell the format: not a JSON object and its first " + "line is not one either ("
                                + e.getMessage().split("\n")[0] + ")");
            }
            if (node.has("tasks")) {
                return Format.TOOLFAILBENCH_TASKS;
            }
            if (node.has("scenario") && node.has("tools") && node.has("inputs")) {
                return Format.NLT_SCENARIO;
            }
            if (node.has("sessions") || node.has("dialogue")) {
                throw new ImportException(
                        file,
                        1,
                        null,
                        "a " + (node.has("sessions") ? "ToolHaystack case" : "DiaBench dialogue")
                                + " written over several lines; these formats are JSON Lines: write one case per line");
            }
            JsonNode firstValue = node.isEmpty() ? null : node.elements().next();
            if (firstValue != null && firstValue.isArray() && firstValue.path(0).has("spanContext")) {
                throw new ImportException(
                        file,
                        1,
                        "/" + node.fieldNames().next(),
                        "an object grouping OpenTelemetry JS span objects under names ('"
                                + node.fieldNames().next() + "', ...), not a trace export; import the spans as a JSON "
                                + "array, or an OTLP export (resourceSpans)");
            }
            throw new ImportException(
                    file,
                    1,
                    null,
                    "cannot tell the format: a JSON object without 'tasks' "
                            + "(a ToolFailBench tasks.json has one) or 'scenario' + 'inputs' (an NLT scenario); pass --input-format");
        }
        if (node.has("tasks")) {
            return Format.TOOLFAILBENCH_TASKS;
        }
        if ("header".equals(node.path("kind").asText()) || node.has("kind")) {
            return Format.TRACEJUDGE;
        }
        boolean haystack = node.has("sessions") && node.has("gold");
        boolean dia = node.has("dialogue") && node.has("candidate_tools");
        if (haystack && !dia) {
            return Format.TOOLHAYSTACK;
        }
        if (dia && !haystack) {
            return Format.DIABENCH;
        }
        if (node.has("messages")) {
            return looksAnthropic(node) ? Format.ANTHROPIC : Format.OPENAI;
        }
        if (node.has("expected_tools") && (node.has("output") || node.has("tool_calls"))) {
            return Format.NLT;
        }
        if (node.has("scenario") && node.has("tools") && node.has("inputs")) {
            return Format.NLT_SCENARIO;
        }
        throw new ImportException(
                file,
                1,
                null,
                "cannot tell the format: a JSON line with neither 'messages' "
                        + "(chat transcript) nor 'kind' (Tracejudge export) nor 'tasks' nor 'sessions' + 'gold' (ToolHaystack) "
                        + "nor 'dialogue' + 'candidate_tools' (DiaBench); pass --input-format");
    }

    private static final Set<String> SWE_AGENT_KEYS =
            Set.of("environment", "trajectory", "history", "info", "replay_config");

    /** The agent-trace formats of spec section 8, told by the top-level keys of the first object; null if none fits. */
    static Format agentFormat(Set<String> keys) {
        if (keys.contains("resourceSpans") || keys.contains("resourceLogs") || keys.contains("batches")) {
            return Format.OTLP;
        }
        if (keys.contains("data") && (keys.contains("limit") || keys.contains("total") || keys.contains("errors"))) {
            return Format.OTLP; // a Jaeger UI export
        }
        if (keys.contains("trace") && keys.contains("observations")) {
            return Format.LANGFUSE;
        }
        if (keys.contains("batch")) {
            return Format.LANGFUSE; // a Langfuse ingestion batch (POST /api/public/ingestion)
        }
        if (keys.contains("observations")
                && keys.contains("id")
                && (keys.contains("scores") || keys.contains("htmlPath"))) {
            return Format.LANGFUSE; // a trace from Langfuse's public API (GET /api/public/traces/{id})
        }
        if (keys.contains("context")
                && keys.contains("name")
                && (keys.contains("parent_id") || keys.contains("start_time"))) {
            return Format.OTLP; // OpenTelemetry Python's span JSON (ConsoleSpanExporter and file exporters)
        }
        if (keys.contains("spanContext")
                && keys.contains("name")
                && (keys.contains("attributes") || keys.contains("startTime"))) {
            return Format.OTLP; // OpenTelemetry JS's span objects (ReadableSpan) as JSON
        }
        if (keys.contains("eval")
                && (keys.contains("samples") || keys.contains("version") || keys.contains("status"))) {
            return Format.INSPECT;
        }
        if ((keys.contains("schema_version") && keys.contains("steps"))
                || (keys.contains("steps") && keys.contains("agent") && keys.contains("session_id"))) {
            return Format.ATIF;
        }
        if (!keys.isEmpty()
                && SWE_AGENT_KEYS.containsAll(keys)
                && (keys.contains("history") || keys.contains("trajectory"))) {
            return Format.SWE_AGENT;
        }
        for (String k : keys) {
            if (k.startsWith("gen_ai.") || k.equals("openinference.span.kind") || k.startsWith("llm.")) {
                return Format.OTLP; // one span's attribute map
            }
        }
        return null;
    }

    /**
     * The keys of the object starting at {@code from}, as far as the sniffed head goes (values skipped), or as far as
     * they name an agent-trace format: the large values after the deciding keys (an ATIF trajectory's steps, a
     * SWE-agent trajectory, a Langfuse trace's observations) are not tokenised just to be skipped. A file that begins
     * with the keys of one of these formats is taken to be that format (its reader then says what else is wrong).
     */
    static Set<String> topLevelKeys(byte[] head, int from) {
        Set<String> keys = new HashSet<>();
        // sniffing only: no duplicate-key bookkeeping (the reader that reads the file checks the keys)
        try (JsonParser p = Json.FACTORY.createParser(head, from, head.length - from)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return keys;
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                keys.add(p.currentName());
                if (agentFormat(keys) != null) {
                    break;
                }
                p.nextToken();
                p.skipChildren();
            }
        } catch (IOException e) {
            // the head ends inside a value, or the file is not JSON: decide from what was seen
        }
        return keys;
    }

    private static boolean looksAnthropic(JsonNode conv) {
        if (conv.has("system") && conv.get("system").isTextual()) {
            return true;
        }
        for (JsonNode m : conv.path("messages")) {
            if (m.has("tool_calls") || "tool".equals(m.path("role").asText())) {
                return false;
            }
            JsonNode content = m.get("content");
            if (content != null && content.isArray()) {
                for (JsonNode b : content) {
                    String t = b.path("type").asText();
                    if (t.equals("tool_use") || t.equals("tool_result")) {
                        return true;
                    }
                }
            }
        }
        return false;
    }
}
