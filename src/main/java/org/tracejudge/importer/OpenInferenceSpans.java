package org.tracejudge.importer;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * OpenInference's own span shapes beyond the message attributes {@link OtlpReader} reads: a {@code TOOL} span made by
 * {@code traceTool} (OpenInference JS) or a framework names the tool by the span's name and carries the arguments and
 * result as {@code input.value} / {@code output.value}, with no call id. Such a span pairs with the model's call of that
 * name, in order (the step's {@code execution_pairing} says {@code name-order}), never becomes a call of its own.
 */
final class OpenInferenceSpans {
    private OpenInferenceSpans() {}

    /** Span kinds that are no step of an agent's run. */
    private static final Set<String> UNUSED =
            Set.of("RETRIEVER", "EMBEDDING", "RERANKER", "GUARDRAIL", "EVALUATOR", "PROMPT");

    /** The step an {@code openinference.span.kind} (any case) makes: LLM, TOOL, AGENT or CHAIN; any other is skipped. */
    static SpanKinds.Decision kind(String openInferenceKind) {
        String k = openInferenceKind.toUpperCase(Locale.ROOT);
        if (UNUSED.contains(k)) {
            return SpanKinds.Decision.skip("OpenInference " + k + " spans (not used)");
        }
        return switch (k) {
            case "LLM" -> SpanKinds.Decision.of(SpanAssembler.Kind.MODEL);
            case "TOOL" -> SpanKinds.Decision.of(SpanAssembler.Kind.TOOL);
            case "AGENT", "CHAIN" -> SpanKinds.Decision.of(SpanAssembler.Kind.AGENT);
            default -> SpanKinds.Decision.skip("spans of unknown OpenInference kind '" + openInferenceKind + "'");
        };
    }

    /** Whether the attributes are an OpenInference TOOL span's. */
    static boolean isTool(Map<String, JsonNode> a) {
        JsonNode k = a.get("openinference.span.kind");
        return k != null && k.isTextual() && k.asText().equalsIgnoreCase("TOOL");
    }

    /** The tool's name where no attribute gives it: the span's own name (what {@code traceTool} sets). */
    static void tool(SpanAssembler.Span s) {
        if (s.toolName == null && s.name != null && !s.name.isBlank()) {
            s.toolName = s.name;
        }
    }
}
