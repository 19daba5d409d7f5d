package org.tracejudge.importer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.tracejudge.json.Json;

/**
 * What {@link PythonSpanJson} and {@link JsSpanJson} read the same way once they have a span's ids, start and flat
 * attributes: its kind, status and events. Runs of these shapes are never kept open for late log records.
 */
final class FlatSpans {
    private FlatSpans() {}

    /** The part of a Python or JS span that is read the same way: kind, attributes, status, events. */
    static void read(
            OtlpReader into,
            JsonNode s,
            String traceId,
            String spanId,
            String parent,
            Map<String, JsonNode> a,
            long start,
            boolean failed,
            String statusMessage,
            Fields f,
            String ptr) {
        SpanAssembler.Span sp = into.span(a, spanId, parent, s.path("name").asText(""), start, f, ptr);
        if (sp == null) {
            return;
        }
        into.untrack(traceId);
        if (failed) {
            sp.errorType = sp.errorType != null ? sp.errorType : "ERROR";
            sp.errorMessage = statusMessage;
        }
        List<ObjectNode> messageEvents = new ArrayList<>();
        for (JsonNode e : s.path("events")) {
            String name = e.path("name").asText();
            JsonNode ea = e.path("attributes");
            if (GenAiEvents.MESSAGE_EVENTS.contains(name)) {
                ObjectNode ev = Json.object().put("event", name);
                if (ea.isObject()) {
                    ea.properties().iterator().forEachRemaining(x -> ev.set(x.getKey(), x.getValue()));
                }
                messageEvents.add(ev);
            } else if (name.equals("exception")) {
                sp.errorType = sp.errorType != null
                        ? sp.errorType
                        : ea.path("exception.type").asText(null);
                sp.errorMessage = sp.errorMessage != null
                        ? sp.errorMessage
                        : ea.path("exception.message").asText(null);
            }
        }
        if (sp.kind == SpanAssembler.Kind.MODEL && !messageEvents.isEmpty()) {
            GenAiEvents.eventMessages(sp, messageEvents);
        }
        if (sp.kind == SpanAssembler.Kind.OTHER) {
            into.skip(traceId, SpanKinds.plumbingNote(a));
        }
        into.add(traceId, sp);
    }
}
