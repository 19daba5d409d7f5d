package org.tracejudge.judges;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.tracejudge.json.Json;

/**
 * A judge endpoint whose answers depend only on what is asked, so that a judge run's output is the same run after run
 * (the golden outputs, issue 52): the chat endpoint answers every request with an instance of its structured-output
 * schema (enum values picked by a hash of the prompt; {@link FakeProvider#validReply} without a schema), and
 * for model {@code flaky} first refuses some prompts once with a 503 or a 429 (a few milliseconds' Retry-After:
 * the scheduler's backoff and pool pause) and some always with a context-length error (null verdicts); the batch
 * endpoints are {@link BatchReplay}'s. Which prompt gets what is chosen by a hash of the prompt.
 */
public final class GoldenJudgeServer implements AutoCloseable {
    private final MockWebServer server = new MockWebServer();
    private final BatchReplay batches = new BatchReplay();
    private final Set<String> seen = ConcurrentHashMap.newKeySet();

    public GoldenJudgeServer() throws IOException {
        batches.pollsUntilDone = 1;
        server.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest r) {
                if (r.getUrl().encodedPath().endsWith("/chat/completions")) {
                    return chat(
                            Json.read(r.getBody() == null ? "{}" : r.getBody().utf8()));
                }
                synchronized (batches) {
                    return batches.dispatch(r);
                }
            }
        });
        server.start();
    }

    /** The base URL to give a judge ({@code http://127.0.0.1:PORT/v1}). */
    public String url() {
        return server.url("/v1").toString();
    }

    private MockResponse chat(JsonNode body) {
        String prompt = ProviderReplay.userPrompt(body);
        if ("flaky".equals(body.path("model").asText())) {
            int h = Math.floorMod(hash(prompt), 97);
            if (h % 13 == 0) {
                return error(400, "This model's maximum context length is 8192 tokens.", "context_length_exceeded");
            }
            if (h % 7 == 0 && seen.add("503:" + prompt)) {
                return error(503, "The server is overloaded.", null);
            }
            if (h % 5 == 0 && seen.add("429:" + prompt)) {
                return error(429, "Rate limit reached for requests per min (RPM).", "rate_limit_exceeded");
            }
        }
        JsonNode schema = body.path("response_format").path("json_schema").path("schema");
        return ProviderReplay.ok(
                schema.isObject()
                        ? fill(schema, "", Math.floorMod(hash(prompt), 1_000_003))
                                .toString()
                        : ProviderReplay.validReply(body));
    }

    /**
     * An instance of a structured-output schema, chosen by {@code seed}: every property, each enum's value picked by
     * the seed, the first non-null alternative of a union, one item per array, the least number allowed.
     */
    static JsonNode fill(JsonNode schema, String name, int seed) {
        JsonNode en = schema.path("enum");
        if (en.isArray() && !en.isEmpty()) {
            List<JsonNode> values = new ArrayList<>();
            en.forEach(v -> {
                if (!v.isNull()) {
                    values.add(v);
                }
            });
            return values.isEmpty() ? en.get(0) : values.get(Math.floorMod(seed + name.length(), values.size()));
        }
        for (String union : List.of("anyOf", "oneOf")) {
            for (JsonNode alt : schema.path(union)) {
                if (!"null".equals(alt.path("type").asText())) {
                    return fill(alt, name, seed);
                }
            }
        }
        String type = schema.path("type").asText();
        if (schema.path("type").isArray()) {
            for (JsonNode t : schema.path("type")) {
                if (!"null".equals(t.asText())) {
                    type = t.asText();
                    break;
                }
            }
        }
        switch (type) {
            case "object" -> {
                ObjectNode o = Json.object();
                schema.path("properties")
                        .properties()
                        .forEach(e -> o.set(e.getKey(), fill(e.getValue(), e.getKey(), seed)));
                return o;
            }
            case "array" -> {
                ArrayNode a = Json.MAPPER.createArrayNode();
                if (schema.path("maxItems").asInt(1) > 0) {
                    a.add(fill(schema.path("items"), name, seed));
                }
                return a;
            }
            case "integer" -> {
                return Json.MAPPER
                        .getNodeFactory()
                        .numberNode(schema.path("minimum").asInt(1));
            }
            case "number" -> {
                return Json.MAPPER
                        .getNodeFactory()
                        .numberNode(schema.path("minimum").asDouble(1));
            }
            case "boolean" -> {
                return Json.MAPPER.getNodeFactory().booleanNode(true);
            }
            default -> {
                return Json.MAPPER
                        .getNodeFactory()
                        .textNode(
                                switch (name) {
                                    case "id" -> "E1";
                                    case "kind" -> "call";
                                    default -> "Step 1: read the trace.";
                                });
            }
        }
    }

    private static int hash(String s) {
        int h = 0;
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            h = 31 * h + b;
        }
        return h;
    }

    private static MockResponse error(int code, String message, String errorCode) {
        var o = Json.object();
        var e = o.putObject("error");
        e.put("message", message).put("type", code == 400 ? "invalid_request_error" : "server_error");
        e.putNull("param");
        if (errorCode == null) {
            e.putNull("code");
        } else {
            e.put("code", errorCode);
        }
        return new MockResponse.Builder()
                .code(code)
                .setHeader("Content-Type", "application/json")
                .setHeader("retry-after-ms", "5")
                .body(o.toString())
                .build();
    }

    @Override
    public void close() {
        server.close();
    }
}
