package org.tracejudge.importer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tracejudge.json.Json;

/**
 * Spans in the shapes other than OTLP/JSON that SDKs and trace stores write: OpenTelemetry Python's JSON
 * ({@code context.trace_id}, flat attributes), OpenTelemetry JS's {@code ReadableSpan} as JSON, and Jaeger UI exports
 * ({@code data[].spans[].tags}). Each span is read into the {@link OtlpReader} it serves, which classifies and buffers it;
 * runs of these shapes are never kept open for late log records.
 */
final class ForeignSpans {
    private final OtlpReader reader;

    ForeignSpans(OtlpReader reader) {
        this.reader = reader;
    }

    /** A span as OpenTelemetry Python writes it as JSON: {@code context.trace_id}, {@code parent_id}, flat attributes. */
    void pythonSpan(JsonNode s, Fields f, String ptr) {
        JsonNode ctx = s.get("context");
        String traceId = OtlpValues.hexId(ctx.get("trace_id"), f, ptr + "/context/trace_id", true);
        String spanId = OtlpValues.hexId(ctx.get("span_id"), f, ptr + "/context/span_id", true);
        String parent = OtlpValues.hexId(s.get("parent_id"), f, ptr + "/parent_id", false);
        JsonNode attrs = s.get("attributes");
        if (attrs != null && !attrs.isNull() && !attrs.isObject()) {
            throw f.error(ptr + "/attributes", "expected an object of attributes, found " + Fields.describe(attrs));
        }
        Map<String, JsonNode> a = new LinkedHashMap<>();
        if (attrs != null && attrs.isObject()) {
            attrs.properties().iterator().forEachRemaining(e -> a.put(e.getKey(), e.getValue()));
        }
        long start = 0;
        if (s.path("start_time").isTextual()) {
            try {
                java.time.Instant t =
                        java.time.Instant.parse(s.get("start_time").asText());
                start = t.getEpochSecond() * 1_000_000_000L + t.getNano();
            } catch (java.time.format.DateTimeParseException e) {
                throw f.error(
                        ptr + "/start_time",
                        "expected an ISO-8601 time, found \""
                                + s.get("start_time").asText() + "\"");
            }
        }
        boolean failed = "ERROR".equals(s.path("status").path("status_code").asText());
        flatSpan(
                s,
                traceId,
                spanId,
                parent,
                a,
                start,
                failed,
                s.path("status").path("description").asText(null),
                f,
                ptr);
    }

    /**
     * A span as OpenTelemetry JS's SDK holds it ({@code ReadableSpan}), serialised as JSON: {@code spanContext.traceId}
     * / {@code spanId}, {@code parentSpanId} (SDK 1.x) or {@code parentSpanContext.spanId} (2.x), flat attributes,
     * {@code startTime} as an {@code HrTime} [seconds, nanoseconds], {@code status.code} 2 = ERROR, events as in Python.
     * Test suites and debugging exporters write spans this way (e.g. openinference-vercel's captured AI SDK spans).
     */
    void jsSpan(JsonNode s, Fields f, String ptr) {
        JsonNode ctx = s.get("spanContext");
        String traceId = OtlpValues.hexId(ctx.get("traceId"), f, ptr + "/spanContext/traceId", true);
        String spanId = OtlpValues.hexId(ctx.get("spanId"), f, ptr + "/spanContext/spanId", true);
        String parent = s.has("parentSpanId")
                ? OtlpValues.hexId(s.get("parentSpanId"), f, ptr + "/parentSpanId", false)
                : OtlpValues.hexId(
                        s.path("parentSpanContext").get("spanId"), f, ptr + "/parentSpanContext/spanId", false);
        JsonNode attrs = s.get("attributes");
        if (attrs != null && !attrs.isNull() && !attrs.isObject()) {
            throw f.error(ptr + "/attributes", "expected an object of attributes, found " + Fields.describe(attrs));
        }
        Map<String, JsonNode> a = new LinkedHashMap<>();
        if (attrs != null && attrs.isObject()) {
            attrs.properties().iterator().forEachRemaining(e -> a.put(e.getKey(), e.getValue()));
        }
        JsonNode t = s.get("startTime");
        long start = 0;
        if (t != null
                && t.isArray()
                && t.size() == 2
                && t.get(0).isNumber()
                && t.get(1).isNumber()) {
            start = t.get(0).asLong() * 1_000_000_000L + t.get(1).asLong();
        } else if (t != null && !t.isNull()) {
            throw f.error(ptr + "/startTime", "expected [seconds, nanoseconds], found " + Fields.describe(t));
        }
        boolean failed = s.path("status").path("code").asInt(0) == 2;
        flatSpan(
                s,
                traceId,
                spanId,
                parent,
                a,
                start,
                failed,
                s.path("status").path("message").asText(null),
                f,
                ptr);
    }

    /** The part of a Python or JS span that is read the same way: kind, attributes, status, events. */
    void flatSpan(
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
        SpanAssembler.Span sp = reader.span(a, spanId, parent, s.path("name").asText(""), start, f, ptr);
        if (sp == null) {
            return;
        }
        reader.untrack(traceId);
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
            reader.skip(traceId, OtlpReader.plumbingNote(a));
        }
        reader.add(traceId, sp);
    }

    void jaeger(JsonNode data, Fields f, String ptr) {
        for (int i = 0; i < data.size(); i++) {
            JsonNode t = data.get(i);
            JsonNode spans = t.get("spans");
            if (spans == null || !spans.isArray()) {
                throw f.error(ptr + "/" + i + "/spans", "expected an array of spans, found " + Fields.describe(spans));
            }
            for (int k = 0; k < spans.size(); k++) {
                String sptr = ptr + "/" + i + "/spans/" + k;
                JsonNode s = spans.get(k);
                String traceId = OtlpValues.id(s, "traceID", f, sptr, true);
                String spanId = OtlpValues.id(s, "spanID", f, sptr, true);
                String parent = null;
                for (JsonNode ref : s.path("references")) {
                    if ("CHILD_OF".equals(ref.path("refType").asText())) {
                        parent = ref.path("spanID").asText(null);
                    }
                }
                Map<String, JsonNode> a = new LinkedHashMap<>();
                JsonNode tags = s.get("tags");
                if (tags != null && !tags.isArray()) {
                    throw f.error(
                            sptr + "/tags",
                            "expected an array of tags {key, type, value}, found " + Fields.describe(tags));
                }
                if (tags != null) {
                    for (int j = 0; j < tags.size(); j++) {
                        JsonNode tag = tags.get(j);
                        if (!tag.path("key").isTextual()) {
                            throw f.error(
                                    sptr + "/tags/" + j + "/key",
                                    "expected a string, found " + Fields.describe(tag.get("key")));
                        }
                        a.put(tag.get("key").asText(), tag.get("value"));
                    }
                }
                JsonNode st = s.get("startTime");
                long start = st != null && st.canConvertToLong() ? st.asLong() * 1000 : 0;
                SpanAssembler.Span sp =
                        reader.span(a, spanId, parent, s.path("operationName").asText(""), start, f, sptr);
                if (sp == null) {
                    continue;
                }
                reader.untrack(traceId);
                boolean failed = (a.containsKey("error") && a.get("error").asBoolean(false))
                        || "ERROR".equals(GenAiAttributes.text(a, "otel.status_code"));
                if (failed) {
                    sp.errorType = sp.errorType != null ? sp.errorType : "ERROR";
                    sp.errorMessage = GenAiAttributes.text(a, "otel.status_description");
                }
                if (sp.kind == SpanAssembler.Kind.OTHER) {
                    reader.skip(traceId, OtlpReader.plumbingNote(a));
                    if (failed) {
                        reader.skip(traceId, "plumbing spans with an error status (not errors of the run)");
                    }
                }
                reader.add(traceId, sp);
            }
        }
    }
}
