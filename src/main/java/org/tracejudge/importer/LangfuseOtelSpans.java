package org.tracejudge.importer;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;
import java.util.Map;
import org.tracejudge.model.Role;

/**
 * The spans Langfuse's own SDKs (JS v4/v5 {@code @langfuse/otel}, Python v3) send over OTLP: every field is a
 * {@code langfuse.observation.*} attribute ({@code type} generation / tool / agent / span / chain / event …,
 * {@code input} and {@code output} as JSON text, {@code model.name}, {@code usage_details}, {@code level},
 * {@code status_message}, {@code metadata.*}). A generation is a model call, a tool a tool execution (named by the span,
 * paired with the model's call by id when its metadata names one, else by name and order), an agent an agent; spans,
 * chains and events are structure only.
 */
final class LangfuseOtelSpans {
    static final String TYPE = "langfuse.observation.type";
    private static final String P = "langfuse.observation.";

    private LangfuseOtelSpans() {}

    static boolean is(Map<String, JsonNode> a) {
        JsonNode t = a.get(TYPE);
        return t != null && t.isTextual();
    }

    /** The span's kind; OTHER (structure only) for spans, chains, events and types this does not use. */
    static SpanAssembler.Kind kind(Map<String, JsonNode> a) {
        return switch (a.get(TYPE).asText().toLowerCase(Locale.ROOT)) {
            case "generation" -> SpanAssembler.Kind.MODEL;
            case "tool" -> SpanAssembler.Kind.TOOL;
            case "agent" -> SpanAssembler.Kind.AGENT;
            default -> SpanAssembler.Kind.OTHER;
        };
    }

    /** What the skip note says of a span of no use to a run: its Langfuse type, structure only. */
    static String skipNote(Map<String, JsonNode> a) {
        return "Langfuse " + a.get(TYPE).asText().toLowerCase(Locale.ROOT) + " spans (structure only)";
    }

    static void fill(SpanAssembler.Span s, Map<String, JsonNode> a) {
        JsonNode in = AgentMessages.unwrap(a.get(P + "input"));
        JsonNode out = AgentMessages.unwrap(a.get(P + "output"));
        String level = GenAiAttributes.text(a, P + "level");
        if ("ERROR".equalsIgnoreCase(level)) {
            s.errorType = s.errorType != null ? s.errorType : "ERROR";
            s.errorMessage = s.errorMessage != null ? s.errorMessage : GenAiAttributes.text(a, P + "status_message");
        }
        s.rawInput = s.rawInput != null ? s.rawInput : in;
        s.rawOutput = s.rawOutput != null ? s.rawOutput : out;
        if (s.kind == SpanAssembler.Kind.MODEL) {
            if ((s.input == null || s.input.isEmpty()) && in != null) {
                s.input = AgentMessages.parse(in, Role.USER);
            }
            if ((s.output == null || s.output.isEmpty()) && out != null) {
                s.output = AgentMessages.parse(out, Role.ASSISTANT);
            }
            s.model = s.model != null ? s.model : GenAiAttributes.text(a, P + "model.name");
            JsonNode usage = AgentMessages.unwrap(a.get(P + "usage_details"));
            if (usage != null && usage.isObject()) {
                if (s.tokensIn == null && usage.path("input").canConvertToLong()) {
                    s.tokensIn = usage.get("input").asLong();
                }
                if (s.tokensOut == null && usage.path("output").canConvertToLong()) {
                    s.tokensOut = usage.get("output").asLong();
                }
            }
            if (s.tools == null
                    && in != null
                    && in.path("tools").isArray()
                    && !in.get("tools").isEmpty()) {
                s.tools = in.get("tools");
            }
        } else if (s.kind == SpanAssembler.Kind.TOOL) {
            s.toolName = s.toolName != null ? s.toolName : s.name;
            s.callId = s.callId != null
                    ? s.callId
                    : first(
                            GenAiAttributes.text(a, P + "metadata.tool_call_id"),
                            GenAiAttributes.text(a, P + "metadata.call_id"));
            if (s.args == null && in != null) {
                s.args = AgentMessages.value(a.get(P + "input"));
            }
            if (!s.resultKnown && a.containsKey(P + "output")) {
                s.result = AgentMessages.value(a.get(P + "output"));
                s.resultKnown = true;
            }
        }
    }

    private static String first(String x, String y) {
        return x != null ? x : y;
    }
}
