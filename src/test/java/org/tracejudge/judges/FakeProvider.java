package org.tracejudge.judges;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.RecordedRequest;
import org.tracejudge.json.Json;
import org.tracejudge.judges.provider.ProviderKind;

/**
 * A judge server for tests, on mockwebserver3: answers chat requests in the real wire format of OpenAI
 * chat completions or Anthropic Messages after a delay, can inject faults, and records what it saw
 * (requests, the most it had in hand at once, arrival times, request bodies and headers).
 */
public class FakeProvider extends Dispatcher {
    enum Fault {
        NONE,
        RATE_LIMITED,
        SERVER_ERROR,
        TIMEOUT,
        MALFORMED,
        TRUNCATED
    }

    final ProviderKind wire;
    final long delayMillis;
    volatile long timeoutStallMillis = 0;
    /** Decides each request's fault from its index (0-based). */
    volatile Function<Integer, Fault> faults = i -> Fault.NONE;
    /** The model's reply text for a request (given the user prompt). */
    volatile Function<String, String> reply = FakeProvider::validReply;

    volatile int retryAfterSeconds = 1;

    public final AtomicInteger requests = new AtomicInteger();
    final AtomicInteger inFlight = new AtomicInteger();
    final AtomicInteger maxInFlight = new AtomicInteger();
    final List<Long> arrivals = new CopyOnWriteArrayList<>();
    final List<JsonNode> bodies = new CopyOnWriteArrayList<>();
    final Map<String, String> lastHeaders = new ConcurrentHashMap<>();
    final Map<Fault, AtomicInteger> injected = new ConcurrentHashMap<>();
    /** When each 429 left the server (nano time). */
    final List<Long> rateLimitedAt = new CopyOnWriteArrayList<>();

    public FakeProvider(ProviderKind wire, long delayMillis) {
        this.wire = wire;
        this.delayMillis = delayMillis;
    }

    /** A seeded mix: each request independently gets a fault with the given probabilities. */
    static Function<Integer, Fault> mix(long seed, double p429, double p500, double pTimeout, double pMalformed) {
        return i -> {
            double u = new SplittableRandom(seed * 1_000_003L + i).nextDouble();
            if (u < p429) {
                return Fault.RATE_LIMITED;
            }
            if ((u -= p429) < p500) {
                return Fault.SERVER_ERROR;
            }
            if ((u -= p500) < pTimeout) {
                return Fault.TIMEOUT;
            }
            if ((u -= pTimeout) < pMalformed) {
                return (i % 2 == 0) ? Fault.MALFORMED : Fault.TRUNCATED;
            }
            return Fault.NONE;
        };
    }

    /** A reply a careful judge model might give: "correct" with scores, valid for either task type. */
    static String validReply(String userPrompt) {
        boolean control = userPrompt.contains("## Task type\ncontrol");
        return control
                ? "{\"failure_mode\": \"correct\", \"confidence\": \"high\", \"tool_restraint\": 3, "
                        + "\"answer_correctness\": 3, \"evidence\": [{\"id\": \"E1\", \"kind\": \"ground_truth\", "
                        + "\"text\": \"met\"}], \"reasoning\": \"Step 2: no call and E1 meets the ground truth.\"}"
                : "```json\n{\"failure_mode\": \"result_ignore\", \"confidence\": \"medium\", \"tool_selection\": 3, "
                        + "\"result_faithfulness\": 1, \"answer_correctness\": 1, \"evidence\": [{\"id\": \"E1\", "
                        + "\"kind\": \"call\", \"text\": \"called\"}], \"reasoning\": \"Step 3: E1 was called but "
                        + "the value is missing.\"}\n```";
    }

    @Override
    public MockResponse dispatch(RecordedRequest request) throws InterruptedException {
        int index = requests.getAndIncrement();
        arrivals.add(System.nanoTime());
        int now = inFlight.incrementAndGet();
        maxInFlight.accumulateAndGet(now, Math::max);
        try {
            request.getHeaders()
                    .forEach(h -> lastHeaders.put(h.getFirst().toLowerCase(java.util.Locale.ROOT), h.getSecond()));
            JsonNode body = Json.read(request.getBody().utf8());
            bodies.add(body);
            Fault fault = faults.apply(index);
            injected.computeIfAbsent(fault, f -> new AtomicInteger()).incrementAndGet();
            if (fault == Fault.TIMEOUT) {
                // hold the request nearly as long as the client waits, then stall the answer past its timeout
                Thread.sleep(timeoutStallMillis);
                return new MockResponse.Builder()
                        .headersDelay(10, TimeUnit.SECONDS)
                        .body("{}")
                        .build();
            }
            Thread.sleep(delayMillis);
            String user = userPrompt(body);
            String model = body.path("model").asText();
            return switch (fault) {
                case RATE_LIMITED ->
                    rateLimited(new MockResponse.Builder()
                            .code(429)
                            .setHeader("Retry-After", retryAfterSeconds)
                            .setHeader("Content-Type", "application/json")
                            .body(error(
                                    "rate_limit_error",
                                    "Rate limit reached for requests; try again in " + retryAfterSeconds + "s"))
                            .build());
                case SERVER_ERROR ->
                    new MockResponse.Builder()
                            .code(wire == ProviderKind.ANTHROPIC ? 529 : 500)
                            .setHeader("Content-Type", "application/json")
                            .body(error("overloaded_error", "Overloaded"))
                            .build();
                case MALFORMED ->
                    new MockResponse.Builder()
                            .code(200)
                            .setHeader("Content-Type", "text/html")
                            .body("<html><body>upstream proxy error</body></html>")
                            .build();
                case TRUNCATED -> {
                    String full = ok(model, reply.apply(user), index);
                    yield new MockResponse.Builder()
                            .code(200)
                            .setHeader("Content-Type", "application/json")
                            .body(full.substring(0, full.length() / 2))
                            .build();
                }
                default ->
                    new MockResponse.Builder()
                            .code(200)
                            .setHeader("Content-Type", "application/json")
                            .body(ok(model, reply.apply(user), index))
                            .build();
            };
        } finally {
            inFlight.decrementAndGet();
        }
    }

    private MockResponse rateLimited(MockResponse r) {
        rateLimitedAt.add(System.nanoTime());
        return r;
    }

    /** Requests that arrived while the client should have been waiting out a 429 (from 100 ms after it left). */
    long arrivalsDuringPauses(long pauseMillis) {
        long n = 0;
        for (long t : arrivals) {
            for (long r : rateLimitedAt) {
                if (t > r + 100_000_000L && t < r + (pauseMillis - 100) * 1_000_000L) {
                    n++;
                    break;
                }
            }
        }
        return n;
    }

    String userPrompt(JsonNode body) {
        JsonNode messages = body.path("messages");
        for (JsonNode m : messages) {
            if ("user".equals(m.path("role").asText())) {
                return m.path("content").asText();
            }
        }
        return "";
    }

    /** A success body in the wire format. */
    String ok(String model, String content, int index) {
        ObjectNode o = Json.object();
        int in = 900 + index % 100;
        int out = 60;
        if (wire == ProviderKind.OPENAI) {
            o.put("id", "chatcmpl-" + index);
            o.put("object", "chat.completion");
            o.put("created", 1_767_225_600L);
            o.put("model", model);
            o.put("system_fingerprint", "fp_test");
            ObjectNode choice = o.putArray("choices").addObject();
            choice.put("index", 0);
            choice.putObject("message").put("role", "assistant").put("content", content);
            choice.putNull("logprobs");
            choice.put("finish_reason", "stop");
            o.putObject("usage")
                    .put("prompt_tokens", in)
                    .put("completion_tokens", out)
                    .put("total_tokens", in + out);
        } else {
            o.put("id", "msg_" + index);
            o.put("type", "message");
            o.put("role", "assistant");
            o.put("model", model);
            o.putArray("content").addObject().put("type", "text").put("text", content);
            o.put("stop_reason", "end_turn");
            o.putNull("stop_sequence");
            o.putObject("usage").put("input_tokens", in).put("output_tokens", out);
        }
        return o.toString();
    }

    String error(String type, String message) {
        ObjectNode o = Json.object();
        if (wire == ProviderKind.OPENAI) {
            o.putObject("error")
                    .put("message", message)
                    .put("type", type)
                    .putNull("param")
                    .put("code", type);
        } else {
            o.put("type", "error");
            o.putObject("error").put("type", type).put("message", message);
        }
        return o.toString();
    }
}
