package org.tracejudge.importer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.tracejudge.json.Json;

/**
 * Langfuse ingestion batches, as the Langfuse JS v3 and Python v2 SDKs post them to {@code /api/public/ingestion}:
 * {@code {"batch": [{id, type, timestamp, body}, …]}} with {@code trace-create}, {@code span-create} /
 * {@code span-update}, {@code generation-create} / {@code generation-update}, {@code event-create},
 * {@code observation-create} / {@code -update}, {@code score-create} and {@code sdk-log} events (see the ingestion API
 * reference, api.reference.langfuse.com). Events with the same body id are one object, later fields over earlier ones
 * (the SDKs send a trace's output as a second {@code trace-create}); each trace then becomes the export shape
 * {@code {trace: {…, scores}, observations}} that {@link LangfuseReader} reads, so scores become labels as they do for
 * exports.
 */
final class LangfuseIngestion {
    private final Map<String, ObjectNode> traces = new LinkedHashMap<>();
    private final Map<String, ObjectNode> observations = new LinkedHashMap<>();
    private final Map<String, ObjectNode> scores = new LinkedHashMap<>();
    private final Map<String, Integer> ignored = new LinkedHashMap<>();

    static boolean is(JsonNode doc) {
        return doc != null && doc.isObject() && doc.path("batch").isArray();
    }

    /** Takes one batch's events; a malformed event is refused naming its place. */
    void take(JsonNode doc, Fields f, String ptr) {
        JsonNode batch = doc.get("batch");
        for (int i = 0; i < batch.size(); i++) {
            String eptr = ptr + "/batch/" + i;
            JsonNode e = batch.get(i);
            if (!e.isObject()) {
                throw f.error(eptr, "expected an ingestion event {id, type, body}, found " + Fields.describe(e));
            }
            String type = f.requiredText(e, "type", eptr);
            JsonNode body = f.requiredObject(e, "body", eptr);
            String kind = type.toLowerCase(Locale.ROOT);
            switch (kind) {
                case "trace-create" -> merge(traces, body, f, eptr, null);
                case "span-create", "span-update" -> merge(observations, body, f, eptr, "SPAN");
                case "generation-create", "generation-update" -> merge(observations, body, f, eptr, "GENERATION");
                case "event-create" -> merge(observations, body, f, eptr, "EVENT");
                case "observation-create", "observation-update" -> merge(observations, body, f, eptr, null);
                case "score-create" -> merge(scores, body, f, eptr, null);
                default -> ignored.merge(type, 1, Integer::sum);
            }
        }
    }

    private static void merge(Map<String, ObjectNode> into, JsonNode body, Fields f, String ptr, String type) {
        String id = f.requiredText(body, "id", ptr + "/body");
        ObjectNode o = into.computeIfAbsent(id, k -> Json.object());
        body.properties().forEach(e -> {
            if (!e.getValue().isNull() || !o.has(e.getKey())) {
                o.set(e.getKey(), e.getValue());
            }
        });
        if (type != null && !o.has("type")) {
            o.put("type", type);
        }
        if (!o.hasNonNull("name") && o.path("generationName").isTextual()) {
            o.set("name", o.get("generationName"));
        }
    }

    /** The event types this does not read (sdk-log …), with their counts, for the import report. */
    Map<String, Integer> ignored() {
        return ignored;
    }

    /**
     * Each trace as an export {trace, observations}, its scores inside; observations and scores whose trace never
     * came are exported under a trace of their own id (the trace's create event may come in another batch).
     */
    List<ObjectNode> exports() {
        Map<String, ObjectNode> out = new LinkedHashMap<>();
        for (ObjectNode t : traces.values()) {
            ObjectNode x = Json.object();
            ObjectNode trace = t.deepCopy();
            trace.putArray("scores");
            x.set("trace", trace);
            x.putArray("observations");
            out.put(t.get("id").asText(), x);
        }
        for (ObjectNode o : observations.values()) {
            String traceId = o.path("traceId").asText(null);
            if (traceId == null) {
                ignored.merge("observations without a traceId", 1, Integer::sum);
                continue;
            }
            export(out, traceId).withArray("observations").add(o);
        }
        for (ObjectNode s : scores.values()) {
            String traceId = s.path("traceId").asText(null);
            if (traceId == null) {
                ignored.merge("scores without a traceId (session or dataset-run scores)", 1, Integer::sum);
                continue;
            }
            ObjectNode score = s.deepCopy();
            if (!score.has("dataType")) {
                score.put("dataType", score.path("value").isNumber() ? "NUMERIC" : "CATEGORICAL");
            }
            if (!score.has("source")) {
                score.put("source", "API");
            }
            ((ArrayNode) export(out, traceId).get("trace").get("scores")).add(score);
        }
        return List.copyOf(out.values());
    }

    private static ObjectNode export(Map<String, ObjectNode> out, String traceId) {
        return out.computeIfAbsent(traceId, id -> {
            ObjectNode x = Json.object();
            x.putObject("trace").put("id", id).putArray("scores");
            x.putArray("observations");
            return x;
        });
    }
}
