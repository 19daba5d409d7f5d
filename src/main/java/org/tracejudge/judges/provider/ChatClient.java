package org.tracejudge.judges.provider;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import okhttp3.Call;
import okhttp3.ConnectionPool;
import okhttp3.Dispatcher;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okhttp3.ResponseBody;
import org.tracejudge.json.Json;

/**
 * Sends one chat request over OkHttp in the provider's wire format and classifies what came back. One
 * client per judge run; {@link #cancelAll()} aborts every call in flight. The API key is held only here,
 * sent only in the provider's auth header, and removed from any body or message this class returns.
 */
public final class ChatClient implements AutoCloseable {
    /** Bodies longer than this are stored cut (the model's reply is extracted from the whole body first). */
    static final int MAX_STORED_BODY = 1_000_000;
    private static final MediaType JSON = MediaType.get("application/json; charset=utf-8");
    public static final String ANTHROPIC_VERSION = "2023-06-01";

    private final ProviderSettings settings;
    private final String apiKey;
    private final OkHttpClient http;
    private final HttpUrl url;
    private final AtomicBoolean cancelled = new AtomicBoolean();

    /**
     * @param apiKey      null or empty when the endpoint needs none (a local server)
     * @param concurrency the most requests this client will have open at once
     */
    public ChatClient(ProviderSettings settings, String apiKey, int concurrency) {
        this.settings = settings;
        this.apiKey = apiKey == null || apiKey.isEmpty() ? null : apiKey;
        HttpUrl parsed = HttpUrl.parse(settings.endpoint());
        if (parsed == null) {
            throw new IllegalArgumentException("not an http(s) URL: " + settings.baseUrl());
        }
        this.url = parsed;
        Dispatcher dispatcher = new Dispatcher();
        dispatcher.setMaxRequests(Math.max(1, concurrency));
        dispatcher.setMaxRequestsPerHost(Math.max(1, concurrency));
        long timeout = settings.timeout().toMillis();
        this.http = new OkHttpClient.Builder()
                .dispatcher(dispatcher)
                .connectionPool(new ConnectionPool(Math.max(5, concurrency), 5, TimeUnit.MINUTES))
                .connectTimeout(Math.min(timeout, 10_000), TimeUnit.MILLISECONDS)
                .readTimeout(timeout, TimeUnit.MILLISECONDS)
                .writeTimeout(timeout, TimeUnit.MILLISECONDS)
                .callTimeout(timeout, TimeUnit.MILLISECONDS)
                .retryOnConnectionFailure(true)
                .socketFactory(new NoDelaySocketFactory())
                .build();
    }

    public ProviderSettings settings() {
        return settings;
    }

    /** The request body in the provider's format (no secret in it). */
    public String requestBody(ChatRequest r) {
        ObjectNode o = Json.object();
        o.put("model", settings.model());
        if (settings.kind() == ProviderKind.OPENAI) {
            var messages = o.putArray("messages");
            messages.addObject().put("role", "system").put("content", r.system());
            messages.addObject().put("role", "user").put("content", r.user());
            o.put("temperature", settings.temperature());
            if (settings.seed() != null) {
                o.put("seed", settings.seed());
            }
            o.put("max_tokens", settings.maxTokens());
            o.put("stream", false);
        } else {
            o.put("max_tokens", settings.maxTokens());
            o.put("temperature", settings.temperature());
            o.put("system", r.system());
            o.putArray("messages").addObject().put("role", "user").put("content", r.user());
        }
        return o.toString();
    }

    /** One attempt: never throws for anything the network or the server does. */
    public Attempt send(ChatRequest r) {
        if (cancelled.get()) {
            return Attempt.of(Attempt.Kind.CANCELLED, 0, null, "cancelled", 0, 0);
        }
        Request.Builder b = new Request.Builder().url(url)
                .header("User-Agent", "tracejudge")
                .post(RequestBody.create(requestBody(r), JSON));
        if (settings.kind() == ProviderKind.OPENAI) {
            if (apiKey != null) {
                b.header("Authorization", "Bearer " + apiKey);
            }
        } else {
            if (apiKey != null) {
                b.header("x-api-key", apiKey);
            }
            b.header("anthropic-version", ANTHROPIC_VERSION);
        }
        long start = System.nanoTime();
        Call call = http.newCall(b.build());
        try (Response resp = call.execute()) {
            int code = resp.code();
            String body;
            try (ResponseBody rb = resp.body()) {
                body = rb.string();
            } catch (IOException e) {
                return failedWhileReading(e, code, start);
            }
            long latency = millisSince(start);
            if (code == 429 || code >= 500) {
                long wait = RetryPolicy.retryAfterMillis(resp.header("Retry-After"), resp.header("retry-after-ms"),
                        System.currentTimeMillis());
                return Attempt.of(Attempt.Kind.RETRY, code, store(body), "HTTP " + code + ": " + errorMessage(body),
                        wait, latency);
            }
            if (code == 401 || code == 403) {
                return Attempt.of(Attempt.Kind.AUTH, code, store(body), "HTTP " + code + ": " + errorMessage(body), 0,
                        latency);
            }
            if (code >= 400) {
                return Attempt.of(Attempt.Kind.REFUSED, code, store(body), "HTTP " + code + ": " + errorMessage(body),
                        0, latency);
            }
            return reply(code, body, latency);
        } catch (IOException e) {
            if (cancelled.get() || call.isCanceled() && !(e instanceof InterruptedIOException)) {
                return Attempt.of(Attempt.Kind.CANCELLED, 0, null, "cancelled", 0, millisSince(start));
            }
            if (e instanceof ConnectException || e instanceof UnknownHostException || e instanceof NoRouteToHostException) {
                return Attempt.of(Attempt.Kind.UNREACHABLE, 0, null, describe(e), 0, millisSince(start));
            }
            // timeouts and connections dropped before an answer: worth another try
            return Attempt.of(Attempt.Kind.RETRY, 0, null, timeoutOr(e), 0, millisSince(start));
        }
    }

    private Attempt failedWhileReading(IOException e, int code, long start) {
        if (cancelled.get()) {
            return Attempt.of(Attempt.Kind.CANCELLED, code, null, "cancelled", 0, millisSince(start));
        }
        if (e instanceof SocketTimeoutException || e instanceof InterruptedIOException) {
            return Attempt.of(Attempt.Kind.RETRY, code, null, timeoutOr(e), 0, millisSince(start));
        }
        return Attempt.of(Attempt.Kind.MALFORMED, code, null, "the response body was cut short (" + describe(e) + ")",
                0, millisSince(start));
    }

    /** Reads a stored (cached) body again, as the answer it was. */
    public Attempt reread(String body) {
        return reply(200, body == null ? "" : body, 0);
    }

    /** Reads a 2xx body in the provider's format. */
    Attempt reply(int code, String body, long latency) {
        JsonNode root;
        try {
            root = Json.read(body);
        } catch (IllegalArgumentException e) {
            return Attempt.of(Attempt.Kind.MALFORMED, code, store(body), "the response is not JSON ("
                    + redact(e.getMessage()) + ")", 0, latency);
        }
        if (settings.kind() == ProviderKind.OPENAI) {
            JsonNode choice = root.path("choices").path(0);
            JsonNode content = choice.path("message").path("content");
            if (!content.isTextual()) {
                return Attempt.of(Attempt.Kind.MALFORMED, code, store(body),
                        "the response has no choices[0].message.content", 0, latency);
            }
            JsonNode usage = root.path("usage");
            return Attempt.ok(code, store(body), redact(content.asText()), usage.path("prompt_tokens").asInt(0),
                    usage.path("completion_tokens").asInt(0), "length".equals(choice.path("finish_reason").asText()),
                    latency);
        }
        JsonNode blocks = root.path("content");
        if (!blocks.isArray()) {
            return Attempt.of(Attempt.Kind.MALFORMED, code, store(body), "the response has no content blocks", 0,
                    latency);
        }
        StringBuilder text = new StringBuilder();
        boolean any = false;
        for (JsonNode block : blocks) {
            if ("text".equals(block.path("type").asText()) && block.path("text").isTextual()) {
                text.append(block.get("text").asText());
                any = true;
            }
        }
        if (!any) {
            return Attempt.of(Attempt.Kind.MALFORMED, code, store(body), "the response has no text content block", 0,
                    latency);
        }
        JsonNode usage = root.path("usage");
        return Attempt.ok(code, store(body), redact(text.toString()), usage.path("input_tokens").asInt(0),
                usage.path("output_tokens").asInt(0), "max_tokens".equals(root.path("stop_reason").asText()), latency);
    }

    /** The provider's own error message from an error body (both formats put it at error.message). */
    String errorMessage(String body) {
        if (body == null || body.isBlank()) {
            return "(empty body)";
        }
        try {
            JsonNode root = Json.read(body);
            JsonNode m = root.path("error").path("message");
            if (m.isTextual()) {
                return redact(m.asText());
            }
            if (root.path("error").isTextual()) {
                return redact(root.path("error").asText());
            }
            if (root.path("message").isTextual()) {
                return redact(root.path("message").asText());
            }
        } catch (IllegalArgumentException ignored) {
            // not JSON: the text itself
        }
        String t = body.strip();
        return redact(t.length() > 300 ? t.substring(0, 300) + "…" : t);
    }

    /** Removes the API key wherever it appears. */
    public String redact(String text) {
        if (text == null || apiKey == null) {
            return text;
        }
        return text.replace(apiKey, "[api key removed]");
    }

    private String store(String body) {
        String b = redact(body);
        return b != null && b.length() > MAX_STORED_BODY ? b.substring(0, MAX_STORED_BODY) : b;
    }

    private String describe(IOException e) {
        String m = e.getMessage();
        return redact(e.getClass().getSimpleName() + (m == null ? "" : ": " + m));
    }

    private String timeoutOr(IOException e) {
        return e instanceof InterruptedIOException ? "no answer within " + settings.timeout().toMillis() + " ms"
                : describe(e);
    }

    private static long millisSince(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    /** Aborts every call in flight and refuses new ones. */
    public void cancelAll() {
        cancelled.set(true);
        http.dispatcher().cancelAll();
    }

    @Override
    public void close() {
        http.dispatcher().executorService().shutdown();
        http.connectionPool().evictAll();
    }
}
