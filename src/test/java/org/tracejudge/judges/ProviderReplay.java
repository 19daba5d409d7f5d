package org.tracejudge.judges;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.RecordedRequest;
import mockwebserver3.SocketEffect;
import org.tracejudge.json.Json;

/**
 * A replay server for judge failure scenarios: each response has the shape its provider documents (the source
 * is cited at each builder). A scenario maps (request index, request body) to a response; the server records
 * when each request arrived, when each answer left and the bodies it saw.
 */
final class ProviderReplay extends Dispatcher {
    /** One response per (index, request body). */
    volatile BiFunction<Integer, JsonNode, MockResponse> scenario = (i, b) -> ok(validReply(b));

    final AtomicInteger requests = new AtomicInteger();
    final List<Long> arrivals = new CopyOnWriteArrayList<>();
    final List<JsonNode> bodies = new CopyOnWriteArrayList<>();
    /** Nano time at which each answer was built (before its delay). */
    final List<long[]> answered = new CopyOnWriteArrayList<>();

    @Override
    public MockResponse dispatch(RecordedRequest request) {
        int index = requests.getAndIncrement();
        long now = System.nanoTime();
        arrivals.add(now);
        JsonNode body = Json.read(request.getBody().utf8());
        bodies.add(body);
        MockResponse r = scenario.apply(index, body);
        answered.add(new long[] {index, System.nanoTime(), r.getCode()});
        return r;
    }

    static String userPrompt(JsonNode body) {
        for (JsonNode m : body.path("messages")) {
            if ("user".equals(m.path("role").asText())) {
                return m.path("content").asText();
            }
        }
        return "";
    }

    static String validReply(JsonNode body) {
        return FakeProvider.validReply(userPrompt(body));
    }

    private static MockResponse json(int code, String body) {
        return new MockResponse.Builder()
                .code(code)
                .setHeader("Content-Type", "application/json")
                .body(body)
                .build();
    }

    /** OpenAI chat completion (platform.openai.com/docs/api-reference/chat/object). */
    static MockResponse ok(String content) {
        return json(200, completion(content, null, null, "stop").toString());
    }

    static ObjectNode completion(String content, String reasoningField, String reasoning, String finish) {
        ObjectNode o = Json.object();
        o.put("id", "chatcmpl-1");
        o.put("object", "chat.completion");
        o.put("created", 1_767_225_600L);
        o.put("model", "judge-model-1");
        ObjectNode choice = o.putArray("choices").addObject();
        choice.put("index", 0);
        ObjectNode message = choice.putObject("message").put("role", "assistant");
        if (content == null) {
            message.putNull("content");
        } else {
            message.put("content", content);
        }
        if (reasoningField != null) {
            message.put(reasoningField, reasoning);
        }
        choice.put("finish_reason", finish);
        o.putObject("usage")
                .put("prompt_tokens", 900)
                .put("completion_tokens", 1024)
                .put("total_tokens", 1924);
        return o;
    }

    /**
     * Ollama, model not pulled: 404 from /v1/chat/completions with an OpenAI-style error (ollama openai/openai.go
     * NewError; message text from server/routes.go "model %q not found, try pulling it first").
     */
    static MockResponse ollamaModelNotFound(String model) {
        return json(
                404,
                "{\"error\":{\"message\":\"model \\\"" + model + "\\\" not found, try pulling it first\","
                        + "\"type\":\"api_error\",\"param\":null,\"code\":null}}");
    }

    /** Ollama (Gin router) for a path it does not serve, e.g. a base URL without /v1: text/plain 404. */
    static MockResponse pageNotFound() {
        return new MockResponse.Builder()
                .code(404)
                .setHeader("Content-Type", "text/plain")
                .body("404 page not found")
                .build();
    }

    /**
     * OpenAI reasoning models refusing max_tokens (platform.openai.com/docs/guides/error-codes; the parameter is
     * documented as deprecated in favour of max_completion_tokens in the chat completions reference).
     */
    static MockResponse maxTokensUnsupported() {
        return json(
                400,
                "{\"error\":{\"message\":\"Unsupported parameter: 'max_tokens' is not supported with this "
                        + "model. Use 'max_completion_tokens' instead.\",\"type\":\"invalid_request_error\","
                        + "\"param\":\"max_tokens\",\"code\":\"unsupported_parameter\"}}");
    }

    /** OpenAI billing 429 (platform.openai.com/docs/guides/error-codes: "You exceeded your current quota"). */
    static MockResponse insufficientQuota() {
        return json(
                429,
                "{\"error\":{\"message\":\"You exceeded your current quota, please check your plan and "
                        + "billing details.\",\"type\":\"insufficient_quota\",\"param\":null,\"code\":\"insufficient_quota\"}}");
    }

    /** OpenAI rate-limit 429 with Retry-After (platform.openai.com/docs/guides/rate-limits). */
    static MockResponse rateLimited(int retryAfterSeconds) {
        return new MockResponse.Builder()
                .code(429)
                .setHeader("Content-Type", "application/json")
                .setHeader("Retry-After", retryAfterSeconds)
                .body("{\"error\":{\"message\":\"Rate limit reached for requests per min (RPM): Limit 500, Used 500, "
                        + "Requested 1.\",\"type\":\"requests\",\"param\":null,\"code\":\"rate_limit_exceeded\"}}")
                .build();
    }

    /** OpenAI 401 (platform.openai.com/docs/guides/error-codes "Invalid Authentication"). */
    static MockResponse unauthorized() {
        return json(
                401,
                "{\"error\":{\"message\":\"Incorrect API key provided.\",\"type\":\"invalid_request_error\","
                        + "\"param\":null,\"code\":\"invalid_api_key\"}}");
    }

    /** A valid answer whose body the server cuts halfway (the socket closes during the response body). */
    static MockResponse cutMidBody(String content) {
        return new MockResponse.Builder()
                .code(200)
                .setHeader("Content-Type", "application/json")
                .body(completion(content, null, null, "stop").toString())
                .onResponseBody(new SocketEffect.CloseSocket(true, false, false))
                .build();
    }

    /**
     * OpenRouter: HTTP 200 with an error body once the model has started (openrouter.ai/docs/api-reference/errors:
     * {"error": {"code": number, "message": string, "metadata"?: {...}}}).
     */
    static MockResponse openRouter200Error(int code, String message) {
        return json(
                200,
                "{\"error\":{\"code\":" + code + ",\"message\":\"" + message + "\",\"metadata\":"
                        + "{\"provider_name\":\"SomeProvider\"}}}");
    }

    /**
     * llama.cpp server: context size exceeded (tools/server/utils.hpp format_error_response,
     * ERROR_TYPE_EXCEED_CONTEXT_SIZE); builds before the 400 mapping answered it with 500.
     */
    static MockResponse llamaCppContextExceeded(int status) {
        return json(
                status,
                "{\"error\":{\"code\":" + status + ",\"message\":\"request (9000 tokens) exceeds the "
                        + "available context size (4096 tokens), try increasing it\",\"type\":\"exceed_context_size_error\","
                        + "\"n_prompt_tokens\":9000,\"n_ctx\":4096}}");
    }

    /**
     * vLLM with a reasoning parser (docs.vllm.ai/en/latest/features/reasoning_outputs.html): the chain of
     * thought in message.reasoning_content; content null when the max-token limit ran out while reasoning.
     */
    static MockResponse vllmReasoningOnly(String reasoning, String finish) {
        return json(
                200, completion(null, "reasoning_content", reasoning, finish).toString());
    }

    /** vLLM with a reasoning parser that finished: reasoning_content plus the answer in content. */
    static MockResponse vllmReasoningThenAnswer(String reasoning, String content) {
        return json(
                200, completion(content, "reasoning_content", reasoning, "stop").toString());
    }

    /**
     * Anthropic Messages with extended thinking (docs.anthropic.com/en/docs/build-with-claude/extended-thinking):
     * a thinking block, and no text block when stop_reason is max_tokens during thinking.
     */
    static MockResponse anthropicThinkingOnly(String thinking) {
        ObjectNode o = Json.object();
        o.put("id", "msg_1");
        o.put("type", "message");
        o.put("role", "assistant");
        o.put("model", "judge-model-1");
        o.putArray("content")
                .addObject()
                .put("type", "thinking")
                .put("thinking", thinking)
                .put("signature", "sig");
        o.put("stop_reason", "max_tokens");
        o.putNull("stop_sequence");
        o.putObject("usage").put("input_tokens", 900).put("output_tokens", 1024);
        return json(200, o.toString());
    }

    /** Anthropic 529 (docs.anthropic.com/en/api/errors: overloaded_error). */
    static MockResponse anthropicOverloaded() {
        return json(529, "{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}");
    }

    /** A server that echoes the key back in raw, JSON-escaped and URL-encoded form inside a valid answer. */
    static MockResponse echoingKey(String key, String content) {
        StringBuilder escaped = new StringBuilder();
        StringBuilder url = new StringBuilder();
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            escaped.append(String.format("\\u%04x", (int) c));
            url.append(c == '-' ? "-" : String.format("%%%02X", (int) c));
        }
        ObjectNode o = completion(content, null, null, "stop");
        o.put("debug_raw", "Authorization: Bearer " + key);
        String body = o.toString();
        body = body.substring(0, body.length() - 1) + ",\"debug_escaped\":\"" + escaped + "\",\"debug_url\":\"key="
                + url + "\"}";
        return json(200, body);
    }

    /**
     * A server that echoes the key (issue 33): inside the verdict's own JSON text with {@code \/} escapes (reasoning
     * and evidence), in a non-content field as it is ({@code system_fingerprint}), escaped twice, and in base64 inside
     * a Basic authorization header.
     */
    static MockResponse echoingKeyEverywhere(String key, String verdict) {
        String inVerdict = key.replace("/", "\\/");
        String content = verdict.replace("\"reasoning\": \"", "\"reasoning\": \"echo " + inVerdict + " ")
                .replace("\"text\": \"", "\"text\": \"" + inVerdict + " ");
        ObjectNode o = completion(content, null, null, "stop");
        o.put("system_fingerprint", key);
        StringBuilder twice = new StringBuilder();
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            twice.append(String.format("\\\\u%04x", (int) c));
        }
        o.put(
                "debug_basic",
                "Basic "
                        + java.util.Base64.getEncoder()
                                .encodeToString(("user:" + key).getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        String body = o.toString();
        body = body.substring(0, body.length() - 1) + ",\"debug_twice\":\"" + twice + "\"}";
        return json(200, body);
    }

    /** Answers after a delay. */
    static MockResponse delayed(MockResponse r, long millis) {
        return r.newBuilder().headersDelay(millis, TimeUnit.MILLISECONDS).build();
    }

    /**
     * OpenAI's refusal of a response_format the model does not support (platform.openai.com/docs/guides/
     * structured-outputs: json_schema needs a model that supports it; the error names the parameter).
     */
    static MockResponse responseFormatUnsupported() {
        return json(
                400,
                "{\"error\":{\"message\":\"Invalid parameter: 'response_format' of type 'json_schema' is "
                        + "not supported with this model.\",\"type\":\"invalid_request_error\",\"param\":\"response_format\","
                        + "\"code\":null}}");
    }

    /** Anthropic Messages answering a forced tool with a tool_use block (docs.anthropic.com tool-use). */
    static MockResponse anthropicToolUse(String verdictJson) {
        ObjectNode o = Json.object();
        o.put("id", "msg_1");
        o.put("type", "message");
        o.put("role", "assistant");
        o.put("model", "judge-model-1");
        ObjectNode block = o.putArray("content").addObject();
        block.put("type", "tool_use").put("id", "toolu_1").put("name", "record_verdict");
        block.set("input", Json.read(verdictJson));
        o.put("stop_reason", "tool_use");
        o.putNull("stop_sequence");
        o.putObject("usage").put("input_tokens", 900).put("output_tokens", 80);
        return json(200, o.toString());
    }

    /**
     * A small reasoning model behind vLLM with a reasoning parser (reasoning in reasoning_content). With
     * response_format json_schema the server constrains the content to the schema (guided decoding), so the
     * content is the schema's JSON; only a budget spent on reasoning leaves it empty. Without it, the content is
     * what such models write when left free - a mix this scenario fixes per request (seeded): prose around a
     * draft in braces, a label spelled outside the set, a confidence given as a number, or a clean verdict.
     * The mix is this scenario's, not a measurement of any model.
     */
    static MockResponse reasoningModel(int index, JsonNode body) {
        double u = new java.util.SplittableRandom(4242L * 1_000_003L + index).nextDouble();
        if (u < 0.05) {
            return vllmReasoningOnly("Step 1: the expected tool is ... Step 2: compare the values ...", "length");
        }
        String valid = validReply(body);
        if (body.has("response_format")) {
            String clean =
                    Json.read(valid.replace("```json", "").replace("```", "")).toString();
            return vllmReasoningThenAnswer("Step 1 ... Step 3 ...", clean);
        }
        String content;
        if (u < 0.30) {
            content = "<think>draft {\"failure_mode\": maybe result_ignore}</think>\nThe model ignored the result; "
                    + "I would say result_ignore with medium confidence.";
        } else if (u < 0.45) {
            content = valid.replace("\"result_ignore\"", "\"Result Ignore\"")
                    .replace("\"correct\"", "\"Correct answer\"");
        } else if (u < 0.55) {
            content = valid.replace("\"medium\"", "0.7").replace("\"high\"", "0.9");
        } else {
            content = valid;
        }
        return vllmReasoningThenAnswer("Let me check each step ...", content);
    }
}
