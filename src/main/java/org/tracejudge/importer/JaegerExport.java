package org.tracejudge.importer;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The span source for a Jaeger UI export ({@code {"data": [{"spans": [{traceID, spanID, references, tags, ...}]}]}}):
 * tags {key, type, value} as attributes, the {@code CHILD_OF} reference as the parent, microsecond start times, the
 * {@code error} tag or {@code otel.status_code} as the status. Never kept open.
 */
final class JaegerExport implements SpanSource {
    static final JaegerExport INSTANCE = new JaegerExport();

    private JaegerExport() {}

    @Override
    public boolean reads(JsonNode doc) {
        return doc.path("data").isArray();
    }

    @Override
    public void read(JsonNode doc, Fields f, String docPtr, OtlpReader into) {
        JsonNode data = doc.get("data");
        String ptr = docPtr + "/data";
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
                        into.span(a, spanId, parent, s.path("operationName").asText(""), start, f, sptr);
                if (sp == null) {
                    continue;
                }
                into.untrack(traceId);
                boolean failed = (a.containsKey("error") && a.get("error").asBoolean(false))
                        || "ERROR".equals(GenAiAttributes.text(a, "otel.status_code"));
                if (failed) {
                    sp.errorType = sp.errorType != null ? sp.errorType : "ERROR";
                    sp.errorMessage = GenAiAttributes.text(a, "otel.status_description");
                }
                if (sp.kind == SpanAssembler.Kind.OTHER) {
                    into.skip(traceId, SpanKinds.plumbingNote(a));
                    if (failed) {
                        into.skip(traceId, "plumbing spans with an error status (not errors of the run)");
                    }
                }
                into.add(traceId, sp);
            }
        }
    }
}
