package org.tracejudge.judges.provider;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;

/**
 * Sorts a provider's error answer into fatal, transient and per-trace failures, by HTTP status and the
 * error's type, code and message as each server documents them:
 * <ul>
 * <li>Ollama: {@code 404 {"error":{"message":"model \"llama3.1:8b\" not found, try pulling it first",
 *     "type":"api_error",...}}} on {@code /v1/chat/completions} (ollama openai/openai.go, NewError), and its
 *     router's plain-text {@code 404 page not found} for a path it does not serve (Gin's default 404).</li>
 * <li>OpenAI (platform.openai.com/docs/guides/error-codes): 401 invalid key, 429 {@code insufficient_quota}
 *     ("You exceeded your current quota, please check your plan and billing details") versus 429 rate limit,
 *     404 {@code model_not_found}, 400 {@code context_length_exceeded}, 400 {@code unsupported_parameter}
 *     ("Unsupported parameter: 'max_tokens' ... Use 'max_completion_tokens' instead."), 500/503.</li>
 * <li>vLLM (vllm/entrypoints/openai/protocol.py ErrorResponse): {@code {"object":"error","message":...,
 *     "type":"NotFoundError"|"BadRequestError","code":404|400}}, "This model's maximum context length is ...".</li>
 * <li>llama.cpp server (tools/server/utils.hpp format_error_response): {@code {"error":{"code":400,
 *     "message":"request (4476 tokens) exceeds the available context size (4096 tokens)",
 *     "type":"exceed_context_size_error","n_prompt_tokens":4476,"n_ctx":4096}}} (older builds answer it as 500).</li>
 * <li>OpenRouter (openrouter.ai/docs/api-reference/errors): {@code {"error":{"code":N,"message":...,
 *     "metadata":{...}}}} with 400, 401, 402 (credits), 403 (moderation flagged), 408, 429, 502, 503; and HTTP 200
 *     with that body once the model has started.</li>
 * <li>Anthropic (docs.anthropic.com/en/api/errors): {@code {"type":"error","error":{"type":"not_found_error"|
 *     "authentication_error"|"permission_error"|"rate_limit_error"|"api_error"|"overloaded_error"|
 *     "request_too_large"|"invalid_request_error","message":...}}} with 404, 401, 403, 429, 500, 529, 413, 400;
 *     "prompt is too long: ... tokens > ... maximum"; "Your credit balance is too low ...".</li>
 * </ul>
 */
public final class ErrorClassifier {
    private ErrorClassifier() {}

    record Verdict(Attempt.Kind kind, Failure failure) {}

    /**
     * @param code    the HTTP status (or the {@code error.code} of a 200 body)
     * @param json    whether the body is JSON
     * @param text    the body and the provider's message (raw, for matching)
     */
    static Verdict classify(int code, boolean json, String text) {
        String t = text == null ? "" : text.toLowerCase(Locale.ROOT);
        if (code == 413
                || t.contains("exceed_context_size")
                || t.contains("context_length_exceeded")
                || t.contains("maximum context length")
                || t.contains("exceeds the available context size")
                || t.contains("prompt is too long")
                || t.contains("context window")
                || t.contains("too many tokens")
                || t.contains("input is too long")
                || t.contains("request_too_large")) {
            return new Verdict(Attempt.Kind.REFUSED, Failure.CONTEXT_LENGTH);
        }
        if (code == 402
                || t.contains("insufficient_quota")
                || t.contains("exceeded your current quota")
                || t.contains("credit balance")
                || t.contains("insufficient credits")
                || t.contains("billing_error")) {
            return new Verdict(Attempt.Kind.FATAL, Failure.QUOTA);
        }
        if (code == 429) {
            return new Verdict(Attempt.Kind.RETRY, Failure.RATE_LIMIT);
        }
        if (code == 408) {
            return new Verdict(Attempt.Kind.RETRY, Failure.TIMEOUT);
        }
        if (code >= 500) {
            return new Verdict(Attempt.Kind.RETRY, Failure.SERVER_ERROR);
        }
        boolean filtered = t.contains("content_filter")
                || t.contains("content_policy")
                || t.contains("flagged")
                || t.contains("content management policy")
                || t.contains("moderation");
        if (code == 401) {
            return new Verdict(Attempt.Kind.FATAL, Failure.AUTH);
        }
        if (code == 403) {
            return new Verdict(
                    filtered ? Attempt.Kind.REFUSED : Attempt.Kind.FATAL,
                    filtered ? Failure.CONTENT_FILTER : Failure.AUTH);
        }
        if (filtered) {
            return new Verdict(Attempt.Kind.REFUSED, Failure.CONTENT_FILTER);
        }
        boolean modelMissing = t.contains("model_not_found")
                || t.contains("try pulling")
                || (t.contains("model") && (t.contains("not found") || t.contains("does not exist")))
                || t.contains("\"model: ");
        if (modelMissing && code >= 400) {
            return new Verdict(Attempt.Kind.FATAL, Failure.MODEL_NOT_FOUND);
        }
        if (code == 404 || code == 405) {
            return new Verdict(Attempt.Kind.FATAL, Failure.WRONG_PATH);
        }
        if (code >= 400) {
            return new Verdict(Attempt.Kind.FATAL, Failure.REFUSED_PARAMETER);
        }
        // an error inside a 200 body without a usable code (OpenRouter once the model started)
        if (t.contains("rate limit")
                || t.contains("rate-limit")
                || t.contains("overloaded")
                || t.contains("timeout")
                || t.contains("timed out")
                || t.contains("temporarily")
                || t.contains("unavailable")
                || t.contains("disconnected")
                || t.contains("server_error")) {
            return new Verdict(Attempt.Kind.RETRY, Failure.SERVER_ERROR);
        }
        return new Verdict(Attempt.Kind.REFUSED, Failure.PROVIDER_ERROR);
    }

    /**
     * The failure behind a stored call: from the code stored with it ({@code "context_length: ..."}), or, for
     * calls stored before failures were classified, from its HTTP status, body and error text. Null when the
     * call was answered (an invalid verdict) or nothing tells.
     */
    public static Failure ofStoredCall(int http, String body, String error, String status, String nullReason) {
        if (error != null) {
            int colon = error.indexOf(':');
            Failure f = colon > 0 ? Failure.fromCode(error.substring(0, colon)) : null;
            if (f != null) {
                return f;
            }
        }
        String reason = (error == null ? "" : error) + " " + (nullReason == null ? "" : nullReason);
        if (reason.contains("cut short")) {
            return Failure.CUT;
        }
        if (http >= 300) {
            return classify(
                            http,
                            body != null && body.stripLeading().startsWith("{"),
                            (body == null ? "" : body) + " " + (error == null ? "" : error))
                    .failure();
        }
        if (body != null && body.contains("\"error\"") && !body.contains("\"choices\"")) {
            try {
                JsonNode err = org.tracejudge.json.Json.read(body).path("error");
                if (err.isObject()) {
                    int code = errorCode(err);
                    return classify(code >= 300 ? code : 0, true, body).failure();
                }
            } catch (IllegalArgumentException ignored) {
                // not JSON
            }
        }
        return null;
    }

    /** The numeric {@code error.code} of an error object, or 0. */
    static int errorCode(JsonNode error) {
        JsonNode c = error.path("code");
        if (c.isInt()) {
            return c.asInt();
        }
        if (c.isTextual()) {
            try {
                return Integer.parseInt(c.asText().strip());
            } catch (NumberFormatException e) {
                return 0;
            }
        }
        return 0;
    }

    /** Whether a 400 asks for {@code max_completion_tokens} in place of {@code max_tokens}. */
    static boolean wantsMaxCompletionTokens(int code, String text) {
        return code == 400 && text != null && text.contains("max_completion_tokens") && text.contains("max_tokens");
    }

    /** Whether a 400/422 refuses the structured-output parameter we sent. */
    static boolean refusesStructuredOutput(int code, String text) {
        if ((code != 400 && code != 422 && code != 501) || text == null) {
            return false;
        }
        String t = text.toLowerCase(Locale.ROOT);
        return t.contains("response_format")
                || t.contains("json_schema")
                || t.contains("guided_json")
                || t.contains("grammar")
                || t.contains("structured output")
                || t.contains("output_format")
                || t.contains("'format'")
                || t.contains("\"format\"")
                || t.contains("tool_choice");
    }
}
