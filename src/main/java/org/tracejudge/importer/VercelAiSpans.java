package org.tracejudge.importer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.Set;
import org.tracejudge.json.Json;
import org.tracejudge.model.Role;

/**
 * The Vercel AI SDK's own span attributes (ai-sdk.dev, "AI SDK Core: Telemetry"): a call's outer span
 * ({@code ai.generateText}, {@code ai.streamText}, {@code ai.generateObject}, {@code ai.streamObject}) carries
 * {@code ai.prompt} (JSON: {@code prompt} or {@code system} + {@code messages}); each provider call inside it
 * ({@code ai.generateText.doGenerate}, {@code ai.streamText.doStream}, ...) carries {@code ai.prompt.messages};
 * both carry {@code ai.response.text}, {@code ai.response.toolCalls}, {@code ai.response.object} and
 * {@code ai.usage.promptTokens}/{@code completionTokens} (v6: {@code inputTokens}/{@code outputTokens}); a tool's
 * span ({@code ai.toolCall}) carries {@code ai.toolCall.name}, {@code .id}, {@code .args}/{@code .input} and
 * {@code .result}/{@code .output}. The SDK writes the GenAI conventions' usage and model keys beside them, but no
 * messages, so without these a run would have no user text and no answer. The outer span wraps its provider calls
 * (one call is counted once, see {@link SpanAssembler}).
 */
final class VercelAiSpans {
    private VercelAiSpans() {}

    private static final Set<String> MODEL_OPS = Set.of(
            "ai.generateText",
            "ai.streamText",
            "ai.generateObject",
            "ai.streamObject",
            "ai.generateText.doGenerate",
            "ai.streamText.doStream",
            "ai.generateObject.doGenerate",
            "ai.streamObject.doStream");

    static boolean isModel(Map<String, JsonNode> a) {
        String op = GenAiAttributes.text(a, "ai.operationId");
        return op != null && MODEL_OPS.contains(op); // Set.of(...).contains(null) throws
    }

    static boolean isTool(Map<String, JsonNode> a) {
        return "ai.toolCall".equals(GenAiAttributes.text(a, "ai.operationId"));
    }

    /** Fills what the GenAI keys left empty on a model span. */
    static void model(SpanAssembler.Span s, Map<String, JsonNode> a) {
        if (s.model == null) {
            s.model = first(GenAiAttributes.text(a, "ai.response.model"), GenAiAttributes.text(a, "ai.model.id"));
        }
        if (s.tokensIn == null) {
            s.tokensIn = count(a, "ai.usage.promptTokens", "ai.usage.inputTokens");
        }
        if (s.tokensOut == null) {
            s.tokensOut = count(a, "ai.usage.completionTokens", "ai.usage.outputTokens");
        }
        if (s.input == null || s.input.isEmpty()) {
            JsonNode msgs = AgentMessages.unwrap(a.get("ai.prompt.messages"));
            JsonNode prompt = AgentMessages.unwrap(a.get("ai.prompt"));
            ArrayNode in = Json.MAPPER.createArrayNode();
            if (msgs != null && msgs.isArray()) {
                msgs.forEach(m -> in.add(message(m)));
            } else if (prompt != null && prompt.isObject()) {
                if (prompt.path("system").isTextual()) {
                    in.addObject()
                            .put("role", "system")
                            .put("content", prompt.get("system").asText());
                }
                if (prompt.path("prompt").isTextual()) {
                    in.addObject()
                            .put("role", "user")
                            .put("content", prompt.get("prompt").asText());
                } else if (prompt.path("messages").isArray()) {
                    prompt.get("messages").forEach(m -> in.add(message(m)));
                }
            }
            if (!in.isEmpty()) {
                s.input = AgentMessages.parse(in, Role.USER);
            }
        }
        if (s.output == null || s.output.isEmpty()) {
            ObjectNode out = Json.object().put("role", "assistant");
            String text = GenAiAttributes.text(a, "ai.response.text");
            if (text == null && a.get("ai.response.object") != null) {
                text = GenAiAttributes.text(a, "ai.response.object"); // generateObject: the object's JSON is the answer
            }
            if (text != null) {
                out.put("content", text);
            }
            JsonNode calls = AgentMessages.unwrap(a.get("ai.response.toolCalls"));
            if (calls != null && calls.isArray() && !calls.isEmpty()) {
                ArrayNode tc = out.putArray("tool_calls");
                for (JsonNode c : calls) {
                    ObjectNode o = tc.addObject()
                            .put("id", c.path("toolCallId").asText(null))
                            .put("type", "function");
                    o.putObject("function")
                            .put("name", c.path("toolName").asText("?"))
                            .set("arguments", c.has("input") ? c.get("input") : c.get("args"));
                }
            }
            if (out.size() > 1) {
                s.output = AgentMessages.parse(out, Role.ASSISTANT);
            }
        }
    }

    /** A tool span's name, call id, arguments and result. */
    static void tool(SpanAssembler.Span s, Map<String, JsonNode> a) {
        s.toolName = first(s.toolName, GenAiAttributes.text(a, "ai.toolCall.name"));
        s.callId = first(s.callId, GenAiAttributes.text(a, "ai.toolCall.id"));
        if (s.args == null) {
            JsonNode args = a.containsKey("ai.toolCall.input") ? a.get("ai.toolCall.input") : a.get("ai.toolCall.args");
            s.args = AgentMessages.value(args);
        }
        if (!s.resultKnown) {
            JsonNode r =
                    a.containsKey("ai.toolCall.output") ? a.get("ai.toolCall.output") : a.get("ai.toolCall.result");
            s.result = AgentMessages.value(r);
            s.resultKnown = r != null;
        }
    }

    /**
     * One message of the SDK's prompt as a chat message: content parts {@code text}, {@code tool-call}
     * ({@code toolCallId}, {@code toolName}, {@code input}/{@code args}) and {@code tool-result} ({@code output}, in v5+
     * a {@code {type, value}} wrapper, or {@code result}).
     */
    private static JsonNode message(JsonNode m) {
        if (!m.path("content").isArray()) {
            return m;
        }
        ObjectNode o = Json.object().put("role", m.path("role").asText("user"));
        ArrayNode parts = o.putArray("content");
        for (JsonNode p : m.get("content")) {
            switch (p.path("type").asText("")) {
                case "tool-call" ->
                    parts.addObject()
                            .put("type", "tool_call")
                            .put("id", p.path("toolCallId").asText(null))
                            .put("name", p.path("toolName").asText("?"))
                            .set("arguments", p.has("input") ? p.get("input") : p.get("args"));
                case "tool-result" -> {
                    JsonNode out = p.has("output") ? p.get("output") : p.get("result");
                    if (out != null && out.isObject() && out.has("type") && out.has("value")) {
                        out = out.get("value");
                    }
                    ObjectNode r = parts.addObject()
                            .put("type", "tool_result")
                            .put("tool_use_id", p.path("toolCallId").asText(null))
                            .put("name", p.path("toolName").asText(null));
                    r.set("output", out);
                }
                default -> parts.add(p);
            }
        }
        return o;
    }

    private static Long count(Map<String, JsonNode> a, String... keys) {
        for (String k : keys) {
            JsonNode v = a.get(k);
            if (v != null && v.isIntegralNumber()) {
                return v.asLong();
            }
            if (v != null && v.isTextual() && v.asText().trim().matches("\\d+")) {
                return Long.parseLong(v.asText().trim());
            }
        }
        return null;
    }

    private static String first(String a, String b) {
        return a != null && !a.isEmpty() ? a : b;
    }
}
