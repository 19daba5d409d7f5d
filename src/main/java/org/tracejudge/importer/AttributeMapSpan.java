package org.tracejudge.importer;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;
import org.tracejudge.json.Json;

/**
 * The span source for one span's attribute map on its own ({@code {"gen_ai.operation.name": ..., "llm.*": ...}}), as
 * people paste it from a trace viewer: a run of one span, its trace id made from the map's content. Never kept open.
 */
final class AttributeMapSpan implements SpanSource {
    static final AttributeMapSpan INSTANCE = new AttributeMapSpan();

    private AttributeMapSpan() {}

    @Override
    public boolean reads(JsonNode doc) {
        return looksLikeAttributeMap(doc);
    }

    @Override
    public void read(JsonNode doc, Fields f, String ptr, OtlpReader into) {
        Map<String, JsonNode> a = new LinkedHashMap<>();
        doc.properties().iterator().forEachRemaining(e -> a.put(e.getKey(), e.getValue()));
        SpanAssembler.Span s =
                into.span(a, "span", null, doc.path("gen_ai.operation.name").asText("span"), 0, f, ptr);
        if (s != null) {
            String traceId = "attributes-" + Json.sha1Hex(doc.toString()).substring(0, 16);
            into.untrack(traceId);
            into.add(traceId, s);
        }
    }

    /** An object with a GenAI ({@code gen_ai.*}), OpenInference or {@code llm.*} key. */
    static boolean looksLikeAttributeMap(JsonNode doc) {
        if (!doc.isObject()) {
            return false;
        }
        for (var it = doc.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (k.startsWith("gen_ai.") || k.equals("openinference.span.kind") || k.startsWith("llm.")) {
                return true;
            }
        }
        return false;
    }
}
