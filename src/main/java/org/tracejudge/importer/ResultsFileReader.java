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
        String pointer = "";
        try (JsonParser p = Json.FACTORY.createParser(bytes)) {
            if (p.nextToken() != JsonToken.START_ARRAY) {
                throw new ImportException(file, p.currentTokenLocation().getLineNr(), "",
                        "expected a JSON array of result rows, found " + token(p.currentToken()));
            }
            int row = 0;
            while (p.nextToken() != JsonToken.END_ARRAY) {
                pointer = "/" + row;
                if (p.currentToken() == null) {
                    throw new ImportException(file, -1, pointer, "the file ends in the middle of the array (truncated?)");
                }
                if (p.currentToken() != JsonToken.START_OBJECT) {
                    throw new ImportException(file, p.currentTokenLocation().getLineNr(), pointer,
                            "expected a result row (an object), found " + token(p.currentToken()));
                }
                readRow(file, bytes, p, row, run, out);
                row++;
                if ((row & 63) == 0) {
                    listener.progress(file, p.currentLocation().getByteOffset(), bytes.length);
                    if (listener.cancelled()) {
                        throw new ImportCancelledException();
                    }
                }
            }
            if (p.nextToken() != null) {
                throw new ImportException(file, p.currentTokenLocation().getLineNr(), "",
                        "unexpected content after the array's closing bracket");
            }
            listener.progress(file, bytes.length, bytes.length);
        } catch (JsonProcessingException e) {
            throw ImportException.fromParse(file, e, pointer, 0);
        } catch (IOException e) {
            throw new ImportException(file, -1, pointer, "cannot read: " + e.getMessage());
        }
    }

    private void readRow(Path file, byte[] bytes, JsonParser p, int row, String run, Consumer<Records.Rec> out)
            throws IOException {
        String ptr = "/" + row;
        long rowLine = p.currentTokenLocation().getLineNr();
        SeenTask task = null;
        String model = null;
        JsonNode agentTrace = null;
        String answer = null;
        boolean answerSeen = false;
        String classification = null;
        StringBuilder extra = new StringBuilder("{");
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            JsonToken t = p.nextToken();
            long line = p.currentTokenLocation().getLineNr();
            switch (field) {
                case "task" -> {
                    if (t != JsonToken.START_OBJECT) {
                        throw new ImportException(file, line, ptr + "/task", "expected the task object, found " + token(t));
                    }
                    task = readTask(file, bytes, p, ptr + "/task", line, out);
                }
                case "model_id" -> {
                    if (t != JsonToken.VALUE_STRING) {
                        throw new ImportException(file, line, ptr + "/model_id", "expected a string, found " + token(t));
                    }
                    model = p.getText();
                }
                case "agent_trace" -> {
                    if (t != JsonToken.START_OBJECT && t != JsonToken.VALUE_NULL) {
                        throw new ImportException(file, line, ptr + "/agent_trace",
                                "expected an object {tool_calls: [...]}, found " + token(t));
                    }
                    agentTrace = Json.MAPPER.readTree(p);
                }
                case "agent_answer" -> {
                    if (t != JsonToken.VALUE_STRING && t != JsonToken.VALUE_NULL) {
                        throw new ImportException(file, line, ptr + "/agent_answer", "expected a string, found " + token(t));
                    }
                    answer = t == JsonToken.VALUE_NULL ? "" : p.getText();
                    answerSeen = true;
                }
                case "classification" -> {
                    if (t != JsonToken.VALUE_STRING && t != JsonToken.VALUE_NULL) {
                        throw new ImportException(file, line, ptr + "/classification", "expected a string, found " + token(t));
                    }
                    classification = t == JsonToken.VALUE_NULL ? null : p.getText();
                }
                default -> {
                    // raw_responses, error and anything else: kept verbatim
                    int start = (int) p.currentTokenLocation().getByteOffset();
                    p.skipChildren();
                    int end = (int) p.currentLocation().getByteOffset();
                    if (extra.length() > 1) {
                        extra.append(',');
                    }
                    extra.append(Json.MAPPER.getNodeFactory().textNode(field)).append(':')
                            .append(new String(bytes, start, end - start, StandardCharsets.UTF_8));
                }
            }
        }
        extra.append('}');
        if (task == null) {
            throw new ImportException(file, rowLine, ptr + "/task", "expected the task object, found nothing (the field is missing)");
        }
        if (model == null) {
            throw new ImportException(file, rowLine, ptr + "/model_id", "expected a string, found nothing (the field is missing)");
        }
        if (!answerSeen) {
            throw new ImportException(file, rowLine, ptr + "/agent_answer", "expected a string, found nothing (the field is missing)");
        }
        String calls = toolCalls(file, rowLine, agentTrace, ptr + "/agent_trace");
        String traceId = Ids.of("trace", model, task.id(), run);
        out.accept(new Records.TraceRec(traceId, task.id(), model, run, answer, calls, null,
                extra.length() > 2 ? extra.toString() : null));
        if (classification != null) {
            out.accept(harnessLabel(traceId, task.type(), classification));
        }
    }

    private SeenTask readTask(Path file, byte[] bytes, JsonParser p, String ptr, long line,
                              Consumer<Records.Rec> out) throws IOException {
        int start = (int) p.currentTokenLocation().getByteOffset();
        p.skipChildren();
        int end = (int) p.currentLocation().getByteOffset();
        CRC32C crc = new CRC32C();
        crc.update(bytes, start, end - start);
        String key = (end - start) + ":" + Long.toHexString(crc.getValue());
        SeenTask seen = seenTasks.get(key);
        if (seen != null) {
            return seen;
        }
        JsonNode node = Json.MAPPER.readTree(bytes, start, end - start);
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
        if (calls == null || calls.isNull()) {
            return "[]";
        }
        if (!calls.isArray()) {
            throw new ImportException(file, line, ptr + "/tool_calls",
                    "expected an array of {name, arguments}, found " + Fields.describe(calls));
        }
        ArrayNode clean = Json.MAPPER.createArrayNode();
        for (int i = 0; i < calls.size(); i++) {
            JsonNode c = calls.get(i);
            if (!c.isObject() || !c.path("name").isTextual()) {
                throw new ImportException(file, line, ptr + "/tool_calls/" + i,
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
                    args = Json.MAPPER.readTree(args.asText());
                } catch (IOException e) {
                    // keep the string as the model wrote it
                }
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
        return new Records.LabelRec(id, HARNESS_ID, e, null, null, false);
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
