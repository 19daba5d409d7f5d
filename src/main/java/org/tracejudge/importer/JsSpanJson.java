package org.tracejudge.importer;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The span source for a span as OpenTelemetry JS's SDK holds it ({@code ReadableSpan}), serialised as JSON:
 * {@code spanContext.traceId} / {@code spanId}, {@code parentSpanId} (SDK 1.x) or {@code parentSpanContext.spanId}
 * (2.x), flat attributes, {@code startTime} as an {@code HrTime} [seconds, nanoseconds], {@code status.code} 2 = ERROR,
 * events as in Python. Test suites and debugging exporters write spans this way (e.g. openinference-vercel's captured
 * AI SDK spans). Never kept open.
 */
final class JsSpanJson implements SpanSource {
    static final JsSpanJson INSTANCE = new JsSpanJson();

    private JsSpanJson() {}

    @Override
    public boolean reads(JsonNode doc) {
        return doc.path("spanContext").isObject() && doc.get("spanContext").has("traceId");
    }

    @Override
    public void read(JsonNode s, Fields f, String ptr, OtlpReader into) {
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
        FlatSpans.read(
                into,
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
}
