package org.tracejudge.judges.provider;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One judgment to ask for: the rubric as system prompt, the rendered case as user prompt, and the JSON schema
 * the reply must match (null: ask for free text; the client sends it in the form the provider understands).
 *
 * @param form null for the built-in verdict; for a project's own scheme, the provider shapes its judge form built
 *     (then {@code schema} is the form's strict schema and says only that structured output is asked for)
 */
public record ChatRequest(String system, String user, JsonNode schema, Form form) {
    /**
     * A scheme's structured output as each provider takes it, built by {@code scheme.JudgeForm}.
     *
     * @param responseFormat OpenAI's {@code response_format} ({@code json_schema} with {@code strict: true})
     * @param tool the Anthropic tool ({@code name, description, input_schema}) the request forces
     */
    public record Form(ObjectNode responseFormat, ObjectNode tool) {
        public Form {
            responseFormat = responseFormat.deepCopy();
            tool = tool.deepCopy();
        }

        /** The forced tool's name. */
        public String toolName() {
            return tool.path("name").asText();
        }
    }

    public ChatRequest(String system, String user, JsonNode schema) {
        this(system, user, schema, null);
    }

    public ChatRequest(String system, String user) {
        this(system, user, null, null);
    }

    /** The same request with another user prompt (a redacted one). */
    public ChatRequest withUser(String u) {
        return new ChatRequest(system, u, schema, form);
    }
}
