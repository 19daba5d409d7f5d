package org.tracejudge.importer;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The span source for a span as OpenTelemetry Python writes it as JSON (its console exporter, {@code to_json()}):
 * {@code context.trace_id}, {@code parent_id}, flat attributes, an ISO-8601 {@code start_time}. Never kept open.
 */
final class PythonSpanJson implements SpanSource {
    static final PythonSpanJson INSTANCE = new PythonSpanJson();

    private PythonSpanJson() {}

    @Override
    public boolean reads(JsonNode doc) {
        return doc.path("context").isObject() && doc.get("context").has("trace_id");
    }

    @Override
    public void read(JsonNode s, Fields f, String ptr, OtlpReader into) {
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
        FlatSpans.read(
                into,
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
}
