package org.tracejudge.importer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.tracejudge.json.Json;

/**
 * The span source for an OTLP/JSON request ({@code resourceSpans}, with {@code resourceLogs} linked to their spans by
 * span id) and a Grafana Tempo export ({@code batches} / {@code instrumentationLibrarySpans}); a protobuf request is
 * read here too, in the OTLP/JSON form {@link OtlpProtobuf} makes of it. A log record that is a GenAI message event is
 * handed to the reader for its span; any other linked log record's attributes complete its span's.
 */
final class OtlpJsonRequest implements SpanSource {
    static final OtlpJsonRequest INSTANCE = new OtlpJsonRequest();

    private static final Set<String> SPAN_KINDS = Set.of(
            "SPAN_KIND_UNSPECIFIED",
            "SPAN_KIND_INTERNAL",
            "SPAN_KIND_SERVER",
            "SPAN_KIND_CLIENT",
            "SPAN_KIND_PRODUCER",
            "SPAN_KIND_CONSUMER");

    private OtlpJsonRequest() {}

    @Override
    public boolean reads(JsonNode doc) {
        return doc.has("resourceSpans") || doc.has("resourceLogs") || doc.has("batches");
    }

    @Override
    public void read(JsonNode doc, Fields f, String ptr, OtlpReader into) {
        Map<String, Map<String, JsonNode>> logAttrs = logs(doc, f, into);
        String key = doc.has("resourceSpans") ? "resourceSpans" : "batches";
        JsonNode rs = doc.get(key);
        if (rs == null && doc.has("resourceLogs")) {
            return;
        }
        if (rs == null || !rs.isArray()) {
            throw f.error(ptr + "/" + key, "expected an array of resource spans, found " + Fields.describe(rs));
        }
        for (int i = 0; i < rs.size(); i++) {
            String rptr = ptr + "/" + key + "/" + i;
            JsonNode r = rs.get(i);
            // the resource's attributes are checked (a malformed one is refused) though nothing reads them yet
            OtlpValues.attributes(r.path("resource").get("attributes"), f, rptr + "/resource/attributes");
            String scopeKey = r.has("scopeSpans") ? "scopeSpans" : "instrumentationLibrarySpans";
            JsonNode scopes = r.get(scopeKey);
            if (scopes == null || !scopes.isArray()) {
                throw f.error(
                        rptr + "/scopeSpans", "expected an array of scope spans, found " + Fields.describe(scopes));
            }
            for (int j = 0; j < scopes.size(); j++) {
                String sptr = rptr + "/" + scopeKey + "/" + j;
                JsonNode spans = scopes.get(j).get("spans");
                if (spans == null || !spans.isArray()) {
                    throw f.error(sptr + "/spans", "expected an array of spans, found " + Fields.describe(spans));
                }
                for (int k = 0; k < spans.size(); k++) {
                    span(spans.get(k), f, sptr + "/spans/" + k, logAttrs, into);
                }
            }
        }
    }

    /** Log records by span id (their attributes complete the span's where it lacks them). */
    private static Map<String, Map<String, JsonNode>> logs(JsonNode doc, Fields f, OtlpReader into) {
        Map<String, Map<String, JsonNode>> out = new HashMap<>();
        JsonNode rl = doc.get("resourceLogs");
        if (rl == null || !rl.isArray()) {
            return out;
        }
        for (int i = 0; i < rl.size(); i++) {
            JsonNode scopes = rl.get(i).path("scopeLogs");
            for (int j = 0; j < scopes.size(); j++) {
                JsonNode recs = scopes.get(j).path("logRecords");
                for (int k = 0; k < recs.size(); k++) {
                    JsonNode r = recs.get(k);
                    String ptr = "/resourceLogs/" + i + "/scopeLogs/" + j + "/logRecords/" + k;
                    String spanId = r.path("spanId").asText("");
                    if (spanId.isEmpty()) {
                        into.skipOutside("log records not linked to a span");
                        continue;
                    }
                    Map<String, JsonNode> a = OtlpValues.attributes(r.get("attributes"), f, ptr + "/attributes");
                    String event = r.path("eventName").isTextual()
                            ? r.get("eventName").asText()
                            : GenAiAttributes.text(a, "event.name");
                    if (event != null && GenAiEvents.MESSAGE_EVENTS.contains(event)) {
                        ObjectNode ev = Json.object().put("event", event);
                        JsonNode body = r.get("body");
                        if (body != null && body.has("kvlistValue")) {
                            OtlpValues.attributes(
                                            body.get("kvlistValue").get("values"), f, ptr + "/body/kvlistValue/values")
                                    .forEach(ev::set);
                        } else if (body != null && body.isObject() && !body.isEmpty()) {
                            ev.set("content", OtlpValues.anyValue(body, f, ptr + "/body"));
                        }
                        a.forEach((key, v) -> {
                            if (!key.equals("event.name") && !ev.has(key)) {
                                ev.set(key, v);
                            }
                        });
                        into.logMessage(spanId, r.path("traceId").asText(""), ev);
                        continue;
                    }
                    if (r.path("body").has("kvlistValue")) {
                        a.putAll(OtlpValues.attributes(
                                r.get("body").get("kvlistValue").get("values"), f, ptr + "/body/kvlistValue/values"));
                    }
                    out.computeIfAbsent(spanId, x -> new HashMap<>()).putAll(a);
                }
            }
        }
        return out;
    }

    /** One span object of the request, read into the reader (also {@link OtlpJsonStream}'s, with no log records). */
    static void span(JsonNode s, Fields f, String ptr, Map<String, Map<String, JsonNode>> logAttrs, OtlpReader into) {
        if (!s.isObject()) {
            throw f.error(ptr, "expected a span object, found " + Fields.describe(s));
        }
        String traceId = OtlpValues.id(s, "traceId", f, ptr, true);
        String spanId = OtlpValues.id(s, "spanId", f, ptr, true);
        String parent = OtlpValues.id(s, "parentSpanId", f, ptr, false);
        JsonNode kind = s.get("kind");
        if (unknownKind(kind)) {
            into.skip(traceId, "spans of unknown span kind " + kind);
            return;
        }
        Map<String, JsonNode> a = OtlpValues.attributes(s.get("attributes"), f, ptr + "/attributes");
        long start = OtlpValues.nanos(s.get("startTimeUnixNano"), f, ptr + "/startTimeUnixNano");
        into.otlpSpan(
                traceId,
                spanId,
                parent,
                a,
                start,
                s.path("name").asText(""),
                s.get("status"),
                s.get("events"),
                f,
                ptr,
                logAttrs);
    }

    /** A span kind OTLP does not define (such a span is skipped before its attributes are read). */
    static boolean unknownKind(JsonNode kind) {
        return kind != null
                && !kind.isNull()
                && !(kind.isInt() && kind.asInt() >= 0 && kind.asInt() <= 5)
                && !(kind.isTextual() && SPAN_KINDS.contains(kind.asText()));
    }
}
