package org.tracejudge.importer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.tracejudge.json.Json;

/**
 * Runs kept open ({@code otlp_run}): a run with model calls still lacking their messages is handed on with its spans
 * as one OTLP/JSON request and the message records joined so far, so the project can assemble it again when the rest
 * of its log records come ({@link OtlpReader#reassemble}). This class counts a run's open calls and writes and reads
 * that stored form.
 */
final class OtlpOpenRuns {
    private static final JsonNodeFactory NF = JsonNodeFactory.instance;

    private OtlpOpenRuns() {}

    /** An OTLP span as {@link OtlpReader#otlpSpan} read it: written back as OTLP/JSON when its run is kept open. */
    record RawSpan(
            String spanId,
            String parent,
            Map<String, JsonNode> attributes,
            long start,
            String name,
            JsonNode status,
            JsonNode events) {}

    /**
     * Model calls of a run that still lack their messages: no input, or no output from a call that did not fail. A
     * model span with a model span below it wraps that call (its own messages are not read) and is not counted.
     */
    static int withoutMessages(List<SpanAssembler.Span> spans) {
        Map<String, String> parents = new HashMap<>();
        for (SpanAssembler.Span s : spans) {
            if (s.id != null && s.parentId != null) {
                parents.put(s.id, s.parentId);
            }
        }
        Set<String> wrappers = new java.util.HashSet<>();
        for (SpanAssembler.Span s : spans) {
            if (s.kind != SpanAssembler.Kind.MODEL) {
                continue;
            }
            String p = parents.get(s.id);
            for (int hops = 0; p != null && hops < spans.size(); hops++) {
                wrappers.add(p);
                p = parents.get(p);
            }
        }
        int open = 0;
        for (SpanAssembler.Span s : spans) {
            if (s.kind == SpanAssembler.Kind.MODEL
                    && !wrappers.contains(s.id)
                    && (s.input == null
                            || s.input.isEmpty()
                            || ((s.output == null || s.output.isEmpty()) && !s.failed()))) {
                open++;
            }
        }
        return open;
    }

    /** The spans of a run as one OTLP/JSON request (their attributes as read, linked log records' included). */
    static String spansDocument(String traceId, List<RawSpan> raw) {
        ObjectNode doc = NF.objectNode();
        ArrayNode spans = doc.putArray("resourceSpans")
                .addObject()
                .putArray("scopeSpans")
                .addObject()
                .putArray("spans");
        for (RawSpan r : raw) {
            ObjectNode s = spans.addObject();
            s.put("traceId", traceId).put("spanId", r.spanId());
            if (r.parent() != null) {
                s.put("parentSpanId", r.parent());
            }
            s.put("name", r.name() == null ? "" : r.name());
            s.put("startTimeUnixNano", Long.toString(r.start()));
            ArrayNode attrs = s.putArray("attributes");
            r.attributes().forEach((k, v) -> attrs.addObject().put("key", k).set("value", OtlpValues.toAnyValue(v)));
            if (r.status() != null && r.status().isObject()) {
                s.set("status", r.status());
            }
            if (r.events() != null && r.events().isArray() && !r.events().isEmpty()) {
                s.set("events", r.events());
            }
        }
        return Json.write(doc);
    }

    static String messagesJson(Map<String, List<ObjectNode>> messages) {
        ObjectNode o = NF.objectNode();
        messages.forEach((spanId, events) -> o.putArray(spanId).addAll(events));
        return Json.write(o);
    }

    /** {@code {span id: [event, ...]}} as stored back as the map {@link OtlpReader#reassemble} takes. */
    static Map<String, List<ObjectNode>> messages(JsonNode stored) {
        Map<String, List<ObjectNode>> out = new LinkedHashMap<>();
        if (stored != null && stored.isObject()) {
            stored.properties().forEach(e -> {
                List<ObjectNode> events = new ArrayList<>();
                e.getValue().forEach(ev -> {
                    if (ev.isObject()) {
                        events.add((ObjectNode) ev);
                    }
                });
                out.put(e.getKey(), events);
            });
        }
        return out;
    }
}
