package org.tracejudge.judges.provider;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import okhttp3.Request;
import org.tracejudge.json.Json;

/**
 * The OpenAI chat-completions format (platform.openai.com/docs/api-reference/chat), also spoken by vLLM, Ollama's
 * /v1, llama.cpp server, LM Studio and OpenRouter.
 */
final class OpenAiWire implements WireFormat {
    @Override
    public ObjectNode body(ChatRequest r, ProviderSettings s, boolean structured, boolean maxCompletionTokens) {
        ObjectNode o = Json.object();
        o.put("model", s.model());
        var messages = o.putArray("messages");
        messages.addObject().put("role", "system").put("content", r.system());
        messages.addObject().put("role", "user").put("content", r.user());
        o.put("temperature", s.temperature());
        if (s.seed() != null) {
            o.put("seed", s.seed());
        }
        o.put(maxCompletionTokens ? "max_completion_tokens" : "max_tokens", s.maxTokens());
        o.put("stream", false);
        if (structured && r.form() != null) {
            // a project's own scheme: strict structured outputs, {"type": "json_schema", "json_schema": {"name",
            // "strict": true, "schema"}} (platform.openai.com/docs/guides/structured-outputs, "Supported schemas";
            // API reference: platform.openai.com/docs/api-reference/chat/create#chat-create-response_format)
            o.set("response_format", r.form().responseFormat().deepCopy());
        } else if (structured) {
            // OpenAI structured outputs (platform.openai.com/docs/guides/structured-outputs); the same response_format
            // is read by vLLM (guided decoding), Ollama's /v1 (docs/openai.md), llama.cpp server (converted to a
            // grammar) and LM Studio
            ObjectNode js =
                    o.putObject("response_format").put("type", "json_schema").putObject("json_schema");
            js.put("name", "verdict");
            js.set("schema", r.schema());
        }
        return o;
    }

    @Override
    public void authorize(Request.Builder b, String apiKey) {
        if (apiKey != null) {
            b.header("Authorization", "Bearer " + apiKey);
        }
    }

    @Override
    public boolean renamesTokenLimit() {
        return true;
    }

    @Override
    public Reply read(JsonNode root) {
        JsonNode choice = root.path("choices").path(0);
        JsonNode message = choice.path("message");
        if (!choice.isObject() || !message.isObject()) {
            return Reply.malformed("the response has no choices[0].message");
        }
        JsonNode content = message.path("content");
        String finish = choice.path("finish_reason").asText("");
        JsonNode usage = root.path("usage");
        int in = usage.path("prompt_tokens").asInt(0);
        int out = usage.path("completion_tokens").asInt(0);
        // vLLM's reasoning parsers and DeepSeek put the chain of thought in reasoning_content; OpenRouter and Ollama
        // in reasoning: never the verdict
        String reasoning = text(message, "reasoning_content", "reasoning");
        if ("content_filter".equals(finish)) {
            return new Reply(
                    Reply.Status.REFUSED,
                    null,
                    reasoning,
                    false,
                    in,
                    out,
                    "the provider's content filter stopped the reply (finish_reason content_filter)");
        }
        return new Reply(
                Reply.Status.OK,
                content.isTextual() ? content.asText() : null,
                reasoning,
                "length".equals(finish),
                in,
                out,
                null);
    }

    private static String text(JsonNode o, String... fields) {
        for (String f : fields) {
            JsonNode v = o.path(f);
            if (v.isTextual() && !v.asText().isBlank()) {
                return v.asText();
            }
        }
        return null;
    }
}
