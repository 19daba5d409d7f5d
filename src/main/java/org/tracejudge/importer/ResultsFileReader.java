package org.tracejudge.importer;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.zip.CRC32C;
import org.tracejudge.json.Json;
import org.tracejudge.model.Ids;
import org.tracejudge.model.LabelSets;
import org.tracejudge.model.TaskType;
import org.tracejudge.store.Ledger;

/**
 * Reads a ToolFailBench results file (a JSON array, one row per task) row by row. Each row's task
 * object is recognised by a checksum of its bytes, so a task repeated across files is parsed once.
 * The harness's {@code classification} becomes a label of the imported rater {@code harness}.
 */
final class ResultsFileReader {
    static final String HARNESS = "harness";
    static final String HARNESS_ID = Ids.of("rater", HARNESS, "");
    /** The labels the ToolFailBench harness writes (formats.md, section 2), other_error for a failed run. */
    static final java.util.List<String> CLASSIFICATIONS = java.util.List.of(
            "correct",
            "tool_skip",
            "result_ignore",
            "output_fabrication",
            "unnecessary_tool_use",
            "wrong_answer",
            "other_error");

    /** Task already seen in this import: its id and type, keyed by task_id + byte length + CRC32C. */
    record SeenTask(String id, String type) {}

    private final Map<String, SeenTask> seenTasks;

    ResultsFileReader(Map<String, SeenTask> seenTasks) {
        this.seenTasks = seenTasks;
    }

    ResultsFileReader() {
        this(new ConcurrentHashMap<>());
    }

    void read(Path file, byte[] bytes, String run, Consumer<Records.Rec> out, ImportListener listener) {
        int[] rows = scanRows(bytes);
        if (rows == null) {
            // Something the structural scan does not expect: the full parse reads it or says what is wrong.
            readFull(file, bytes, run, out, listener);
            return;
        }
        try {
            readScanned(file, bytes, rows, run, out, listener);
        } catch (ImportException | IOException e) {
            // Report exactly what the full parse reports (line, column, pointer); nothing of this import is kept.
            readFull(file, bytes, run, rec -> {}, ImportListener.NONE);
            throw e instanceof ImportException ie
                    ? ie
                    : new ImportException(file, -1, null, "cannot read: " + e.getMessage());
        }
    }

    private static final byte[] TASK = "task".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NULL = "null".getBytes(StandardCharsets.US_ASCII);

    /**
     * The fast path's first pass: the extents of each row and of its {@code task} member, as
     * {@code [rowStart, rowEnd, taskStart, taskEnd]} per row (task -1 when absent), or null when the
     * bytes are not a plain array of objects.
     */
    static int[] scanRows(byte[] b) {
        int end = b.length;
        int i = JsonScan.skipWs(b, 0, end);
        if (i >= end || b[i] != '[') {
            return null;
        }
        int[] out = new int[4 * 1024];
        int n = 0;
        i = JsonScan.skipWs(b, i + 1, end);
        if (i < end && b[i] == ']') {
            return JsonScan.skipWs(b, i + 1, end) == end ? new int[0] : null;
        }
        while (true) {
            if (i >= end || b[i] != '{') {
                return null;
            }
            int rowStart = i;
            int taskStart = -1;
            int taskEnd = -1;
            int j = JsonScan.skipWs(b, i + 1, end);
            if (j < end && b[j] == '}') {
                j++;
            } else {
                while (true) {
                    if (j >= end || b[j] != '"') {
                        return null;
                    }
                    int keyEnd = JsonScan.skipString(b, j, end);
                    if (keyEnd == JsonScan.BAD) {
                        return null;
                    }
                    boolean isTask = JsonScan.stringEquals(b, j, keyEnd, TASK);
                    j = JsonScan.skipWs(b, keyEnd, end);
                    if (j >= end || b[j] != ':') {
                        return null;
                    }
                    int vs = JsonScan.skipWs(b, j + 1, end);
                    int ve = JsonScan.skipValue(b, vs, end);
                    if (ve == JsonScan.BAD || (isTask && taskStart >= 0)) {
                        return null;
                    }
                    if (isTask) {
                        taskStart = vs;
                        taskEnd = ve;
                    }
                    j = JsonScan.skipWs(b, ve, end);
                    if (j < end && b[j] == ',') {
                        j = JsonScan.skipWs(b, j + 1, end);
                    } else if (j < end && b[j] == '}') {
                        j++;
                        break;
                    } else {
                        return null;
                    }
                }
            }
            if (n + 4 > out.length) {
                out = java.util.Arrays.copyOf(out, out.length * 2);
            }
            out[n++] = rowStart;
            out[n++] = j;
            out[n++] = taskStart;
            out[n++] = taskEnd;
            i = JsonScan.skipWs(b, j, end);
            if (i < end && b[i] == ',') {
                i = JsonScan.skipWs(b, i + 1, end);
            } else if (i < end && b[i] == ']') {
                return JsonScan.skipWs(b, i + 1, end) == end ? java.util.Arrays.copyOf(out, n) : null;
            } else {
                return null;
            }
        }
    }

    /**
     * The fast path's second pass. A task object byte-identical to one already read is recognised by its
     * checksum without being tokenised; the rest of the row (a few hundred bytes) is parsed as usual, with
     * the task replaced by a placeholder.
     */
    private void readScanned(
            Path file, byte[] bytes, int[] rows, String run, Consumer<Records.Rec> out, ImportListener listener)
            throws IOException {
        byte[] small = new byte[1024];
        for (int r = 0; r < rows.length / 4; r++) {
            int rowStart = rows[4 * r];
            int rowEnd = rows[4 * r + 1];
            int ts = rows[4 * r + 2];
            int te = rows[4 * r + 3];
            String ptr = "/" + r;
            SeenTask task = null;
            int len = rowEnd - rowStart;
            if (ts >= 0 && bytes[ts] == '{') {
                task = readTask(file, bytes, ts, te, ptr + "/task", -1, out);
                len = (ts - rowStart) + NULL.length + (rowEnd - te);
            }
            if (small.length < len) {
                small = new byte[Math.max(len, small.length * 2)];
            }
            if (task != null) {
                System.arraycopy(bytes, rowStart, small, 0, ts - rowStart);
                System.arraycopy(NULL, 0, small, ts - rowStart, NULL.length);
                System.arraycopy(bytes, te, small, ts - rowStart + NULL.length, rowEnd - te);
            } else {
                System.arraycopy(bytes, rowStart, small, 0, len);
            }
            try (JsonParser p = StrictJson.parser(small, 0, len)) {
                p.nextToken();
                readRow(file, small, p, r, run, out, task);
                if (p.nextToken() != null) {
                    throw new ImportException(file, -1, ptr, "unexpected content after the row");
                }
            }
            if (((r + 1) & 63) == 0) {
                listener.progress(file, rowEnd, bytes.length);
                if (listener.cancelled()) {
                    throw new ImportCancelledException();
                }
            }
        }
        listener.progress(file, bytes.length, bytes.length);
    }

    /** The full, token-by-token parse: the reference for every error message. */
    void readFull(Path file, byte[] bytes, String run, Consumer<Records.Rec> out, ImportListener listener) {
        String pointer = "";
        try (JsonParser p = StrictJson.parser(bytes)) {
            if (p.nextToken() != JsonToken.START_ARRAY) {
                throw new ImportException(
                        file,
                        p.currentTokenLocation().getLineNr(),
                        "",
                        "expected a JSON array of result rows, found " + token(p.currentToken()));
            }
            int row = 0;
            while (p.nextToken() != JsonToken.END_ARRAY) {
                pointer = "/" + row;
                if (p.currentToken() == null) {
                    throw new ImportException(
                            file, -1, pointer, "the file ends in the middle of the array (truncated?)");
                }
                if (p.currentToken() != JsonToken.START_OBJECT) {
                    throw new ImportException(
                            file,
                            p.currentTokenLocation().getLineNr(),
                            pointer,
                            "expected a result row (an object), found " + token(p.currentToken()));
                }
                readRow(file, bytes, p, row, run, out, null);
                row++;
                if ((row & 63) == 0) {
                    listener.progress(file, p.currentLocation().getByteOffset(), bytes.length);
                    if (listener.cancelled()) {
                        throw new ImportCancelledException();
                    }
                }
            }
            if (p.nextToken() != null) {
                throw new ImportException(
                        file,
                        p.currentTokenLocation().getLineNr(),
                        "",
                        "unexpected content after the array's closing bracket");
            }
            listener.progress(file, bytes.length, bytes.length);
        } catch (JsonProcessingException e) {
            throw ImportException.fromParse(file, e, pointer, 0);
        } catch (IOException e) {
            throw new ImportException(file, -1, pointer, "cannot read: " + e.getMessage());
        }
    }

    /** One row, the parser at its START_OBJECT; {@code preread} is the row's task when the fast path read it already. */
    private void readRow(
            Path file, byte[] bytes, JsonParser p, int row, String run, Consumer<Records.Rec> out, SeenTask preread)
            throws IOException {
        String ptr = "/" + row;
        long rowLine = p.currentTokenLocation().getLineNr();
        SeenTask task = null;
        String model = null;
        JsonNode agentTrace = null;
        String answer = null;
        boolean answerSeen = false;
        String classification = null;
        boolean classificationSeen = false;
        StringBuilder extra = new StringBuilder("{");
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            JsonToken t = p.nextToken();
            long line = p.currentTokenLocation().getLineNr();
            switch (field) {
                case "task" -> {
                    if (preread != null && t == JsonToken.VALUE_NULL) {
                        task = preread; // the placeholder the fast path put in the task's place
                    } else if (t != JsonToken.START_OBJECT) {
                        throw new ImportException(
                                file, line, ptr + "/task", "expected the task object, found " + token(t));
                    } else {
                        int start = (int) p.currentTokenLocation().getByteOffset();
                        p.skipChildren();
                        task = readTask(
                                file,
                                bytes,
                                start,
                                (int) p.currentLocation().getByteOffset(),
                                ptr + "/task",
                                line,
                                out);
                    }
                }
                case "model_id" -> {
                    if (t != JsonToken.VALUE_STRING) {
                        throw new ImportException(
                                file, line, ptr + "/model_id", "expected a string, found " + token(t));
                    }
                    model = p.getText();
                    if (model.isBlank()) {
                        throw new ImportException(
                                file, line, ptr + "/model_id", "expected the model's name, found an " + "empty string");
                    }
                }
                case "agent_trace" -> {
                    if (t != JsonToken.START_OBJECT) {
                        throw new ImportException(
                                file,
                                line,
                                ptr + "/agent_trace",
                                "expected an object {tool_calls: [...]}, found " + token(t));
                    }
                    agentTrace = Json.MAPPER.readTree(p);
                }
                case "agent_answer" -> {
                    if (t != JsonToken.VALUE_STRING && t != JsonToken.VALUE_NULL) {
                        throw new ImportException(
                                file, line, ptr + "/agent_answer", "expected a string, found " + token(t));
                    }
                    answer = t == JsonToken.VALUE_NULL ? "" : p.getText();
                    answerSeen = true;
                }
                case "classification" -> {
                    if (t != JsonToken.VALUE_STRING && t != JsonToken.VALUE_NULL) {
                        throw new ImportException(
                                file, line, ptr + "/classification", "expected a string, found " + token(t));
                    }
                    classification = t == JsonToken.VALUE_NULL ? null : p.getText();
                    classificationSeen = true;
                }
                default -> {
                    // raw_responses, error and anything else: kept verbatim
                    int start = (int) p.currentTokenLocation().getByteOffset();
                    p.skipChildren();
                    int end = (int) p.currentLocation().getByteOffset();
                    if (extra.length() > 1) {
                        extra.append(',');
                    }
                    extra.append(Json.MAPPER.getNodeFactory().textNode(field))
                            .append(':')
                            .append(JsonScan.compact(bytes, start, end));
                }
            }
        }
        extra.append('}');
        if (task == null) {
            throw new ImportException(
                    file, rowLine, ptr + "/task", "expected the task object, found nothing (the field is missing)");
        }
        if (model == null) {
            throw new ImportException(
                    file, rowLine, ptr + "/model_id", "expected a string, found nothing (the field is missing)");
        }
        if (!answerSeen) {
            throw new ImportException(
                    file, rowLine, ptr + "/agent_answer", "expected a string, found nothing (the field is missing)");
        }
        if (agentTrace == null) {
            throw new ImportException(
                    file,
                    rowLine,
                    ptr + "/agent_trace",
                    "expected an object {tool_calls: [...]}, found nothing (the field is missing)");
        }
        if (!classificationSeen) {
            throw new ImportException(
                    file,
                    rowLine,
                    ptr + "/classification",
                    "expected the harness's label (a string), found nothing (the field is missing)");
        }
        if (classification != null && !CLASSIFICATIONS.contains(classification)) {
            throw new ImportException(
                    file,
                    rowLine,
                    ptr + "/classification",
                    "expected one of " + String.join(", ", CLASSIFICATIONS) + ", found \"" + classification + "\"");
        }
        String calls = toolCalls(file, rowLine, agentTrace, ptr + "/agent_trace");
        String traceId = Ids.of("trace", model, task.id(), run);
        out.accept(new Records.TraceRec(
                traceId, task.id(), model, run, answer, calls, null, extra.length() > 2 ? extra.toString() : null));
        if (classification != null) {
            out.accept(harnessLabel(traceId, task.type(), classification));
        }
    }

    /** The task object in {@code bytes[start, end)}: parsed the first time this import meets its bytes. */
    private SeenTask readTask(
            Path file, byte[] bytes, int start, int end, String ptr, long line, Consumer<Records.Rec> out)
            throws IOException {
        CRC32C crc = new CRC32C();
        crc.update(bytes, start, end - start);
        String key = (end - start) + ":" + Long.toHexString(crc.getValue());
        SeenTask seen = seenTasks.get(key);
        if (seen != null) {
            out.accept(new Records.TaskRef(seen.id()));
            return seen;
        }
        JsonNode node = StrictJson.readTree(bytes, start, end - start);
        Fields f = new Fields(file, line);
        Records.TaskRec rec = TaskCodec.fromToolFailBench((ObjectNode) node, null, f, ptr);
        SeenTask fresh = new SeenTask(rec.id(), rec.type());
        SeenTask prior = seenTasks.putIfAbsent(key, fresh);
        out.accept(rec);
        return prior == null ? fresh : prior;
    }

    /** Validates agent_trace.tool_calls and returns them as a JSON array of {name, arguments}. */
    static String toolCalls(Path file, long line, JsonNode agentTrace, String ptr) {
        if (agentTrace == null || agentTrace.isNull()) {
            return "[]";
        }
        JsonNode calls = agentTrace.get("tool_calls");
        if (calls == null) {
            return "[]";
        }
        if (calls.isNull()) {
            // null is not "no calls": the harness may have lost them; an empty list says so
            throw new ImportException(
                    file,
                    line,
                    ptr + "/tool_calls",
                    "expected an array of {name, arguments} " + "([] when the model called no tool), found null");
        }
        if (!calls.isArray()) {
            throw new ImportException(
                    file,
                    line,
                    ptr + "/tool_calls",
                    "expected an array of {name, arguments}, found " + Fields.describe(calls));
        }
        ArrayNode clean = Json.MAPPER.createArrayNode();
        for (int i = 0; i < calls.size(); i++) {
            JsonNode c = calls.get(i);
            if (!c.isObject() || !c.path("name").isTextual()) {
                throw new ImportException(
                        file,
                        line,
                        ptr + "/tool_calls/" + i,
                        "expected a call {name: string, arguments}, found " + Fields.describe(c)
                                + (c.isObject() ? " whose name is " + Fields.describe(c.get("name")) : ""));
            }
            ObjectNode call = clean.addObject();
            if (c.has("id") && c.get("id").isTextual()) {
                call.put("id", c.get("id").asText());
            }
            call.put("name", c.get("name").asText());
            JsonNode args = c.get("arguments");
            if (args != null && args.isTextual()) {
                try {
                    // strictly: arguments with a key twice are kept as the string the model wrote, never with
                    // one of the two values silently dropped
                    args = StrictJson.readTree(args.asText());
                } catch (IOException e) {
                    // keep the string as the model wrote it
                }
            } else if (args != null && !args.isObject() && !args.isNull()) {
                throw new ImportException(
                        file,
                        line,
                        ptr + "/tool_calls/" + i + "/arguments",
                        "expected an object of arguments (or a JSON string of one), found " + Fields.describe(args));
            }
            call.set("arguments", args == null ? Json.MAPPER.nullNode() : args);
        }
        return clean.toString();
    }

    static Records.LabelRec harnessLabel(String traceId, String taskType, String classification) {
        String id = Ids.of("label", traceId, HARNESS_ID, classification);
        var set = LabelSets.forType(TaskType.fromCode(taskType));
        Ledger.Entry e;
        if (set.allows(classification)) {
            e = Ledger.Entry.set(traceId, HARNESS_ID, classification, "import");
        } else {
            String reason = classification.equals("other_error")
                    ? "the harness recorded an error for this run (other_error)"
                    : "'" + classification + "' is not a label of " + set.name();
            e = Ledger.Entry.nullVerdict(traceId, HARNESS_ID, reason, classification, "import");
        }
        return new Records.LabelRec(id, HARNESS_ID, e, null, null, false, -1);
    }

    static String token(JsonToken t) {
        if (t == null) {
            return "the end of the file";
        }
        return switch (t) {
            case START_OBJECT -> "an object";
            case START_ARRAY -> "an array";
            case VALUE_STRING -> "a string";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
            case VALUE_TRUE, VALUE_FALSE -> "a boolean";
            case VALUE_NULL -> "null";
            default -> t.asString() == null ? t.name() : "'" + t.asString() + "'";
        };
    }
}
