package org.tracejudge.judges.provider;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import okhttp3.Request;

/**
 * One provider's wire format: the request body, the auth headers and how a 2xx answer reads. {@link ChatClient} does
 * the sending, the retries, the adaptations and the classification of failures the same way for every provider; a new
 * provider is a new implementation here (and a {@link ProviderKind}).
 */
interface WireFormat {
    static WireFormat of(ProviderKind kind) {
        return kind == ProviderKind.OPENAI ? new OpenAiWire() : new AnthropicWire();
    }

    /**
     * The request body (no secret in it). {@code structured}: ask for the verdict schema; {@code maxCompletionTokens}:
     * the server asked for that name of the token limit.
     */
    ObjectNode body(ChatRequest r, ProviderSettings s, boolean structured, boolean maxCompletionTokens);

    /** Adds the provider's auth (and version) headers; {@code apiKey} null for a server that needs none. */
    void authorize(Request.Builder b, String apiKey);

    /** Whether a 400 asking for {@code max_completion_tokens} can be answered by renaming the limit (OpenAI's API). */
    boolean renamesTokenLimit();

    /** What a 2xx answer in this format says, before it is classified. */
    Reply read(JsonNode root);

    /** A 2xx answer read: OK with the answer text (null or blank: none), or MALFORMED / REFUSED with the reason. */
    record Reply(Status status, String text, String reasoning, boolean atLimit, int in, int out, String problem) {
        enum Status {
            OK,
            MALFORMED,
            REFUSED
        }

        static Reply malformed(String problem) {
            return new Reply(Status.MALFORMED, null, null, false, 0, 0, problem);
        }
    }
}
