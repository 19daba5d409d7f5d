package org.tracejudge.judges.provider;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One judgment to ask for: the rubric as system prompt, the rendered case as user prompt, and the JSON schema
 * the reply must match (null: ask for free text; the client sends it in the form the provider understands).
 */
public record ChatRequest(String system, String user, JsonNode schema) {
    public ChatRequest(String system, String user) {
        this(system, user, null);
    }

    /** The same request with another user prompt (a redacted one). */
    public ChatRequest withUser(String u) {
        return new ChatRequest(system, u, schema);
    }
}
