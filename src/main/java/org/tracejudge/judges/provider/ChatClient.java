package org.tracejudge.judges.provider;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.net.ssl.SSLException;
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
    public static final String ANTHROPIC_VERSION = AnthropicWire.VERSION;

    private final ProviderSettings settings;
    private final String apiKey;
    private final OkHttpClient http;
    private final HttpUrl url;
    private final AtomicBoolean cancelled = new AtomicBoolean();
    /** Calls being sent, so that cancelAll reaches one that started as it ran. */
    private final java.util.Set<Call> inFlight = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private final AtomicBoolean maxCompletionTokens = new AtomicBoolean();
    private final AtomicBoolean structuredRefused = new AtomicBoolean();
    static final String VERDICT_TOOL = AnthropicWire.VERDICT_TOOL;
    /** The provider's request body, auth headers and answer shape. */
    private final WireFormat wire;

    private final java.util.concurrent.atomic.AtomicLong sent = new java.util.concurrent.atomic.AtomicLong();
    private final KeyScrubber scrubber;

    /**
     * @param apiKey      null or empty when the endpoint needs none (a local server)
     * @param concurrency the most requests this client will have open at once
     */
    public ChatClient(ProviderSettings settings, String apiKey, int concurrency) {
        this(settings, apiKey, concurrency, java.util.List.of());
    }

    /**
     * @param otherKeys the keys of the other configured providers: removed, with this client's own, from every body
     *     it builds, sends or returns (a trace that holds one sends {@link KeyScrubber#MARK} in its place)
     */
    public ChatClient(
            ProviderSettings settings, String apiKey, int concurrency, java.util.Collection<String> otherKeys) {
        this.settings = settings;
        this.wire = WireFormat.of(settings.kind());
        this.apiKey = apiKey == null || apiKey.isEmpty() ? null : apiKey;
        java.util.List<String> keys = new java.util.ArrayList<>(otherKeys);
        keys.add(this.apiKey);
        this.scrubber = new KeyScrubber(keys);
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
                // a redirect would carry the key (x-api-key survives OkHttp's cross-host rule) and, on 307/308,
                // the trace to an address nobody chose: every 3xx is a failure naming its target (Redirects)
                .followRedirects(false)
                .followSslRedirects(false)
                .socketFactory(new NoDelaySocketFactory())
                .build();
    }

    public ProviderSettings settings() {
        return settings;
    }

    /**
     * The request body in the provider's format, with no key of a configured provider in it whatever the trace held
     * (in any encoding the scrub knows): the preview shows this body and {@link #send} sends it, redaction on or off.
     */
    public String requestBody(ChatRequest r) {
        ChatRequest clean = scrubbed(r);
        // the texts are scrubbed before they are encoded; the body once more after (a key split across fields by
        // the encoding itself cannot arise, but what the JSON writer escapes is then covered too)
        return scrub(wire.body(clean, settings, structured(clean), maxCompletionTokens.get())
                .toString());
    }

    /** The request with every configured provider's key removed from its texts (the rubric and the case). */
    public ChatRequest scrubbed(ChatRequest r) {
        String system = scrub(r.system());
        String user = scrub(r.user());
        return java.util.Objects.equals(system, r.system()) && java.util.Objects.equals(user, r.user())
                ? r
                : new ChatRequest(system, user, r.schema(), r.form());
    }

    private boolean structured(ChatRequest r) {
        return settings.structured() && r.schema() != null && !structuredRefused.get();
    }

    /** Whether the server refused structured output and this client now asks for free text. */
    public boolean structuredRefused() {
        return structuredRefused.get();
    }

    /** Whether the server asked for {@code max_completion_tokens} and this client now sends it. */
    public boolean usesMaxCompletionTokens() {
        return maxCompletionTokens.get();
    }

    /** HTTP requests this client has sent (adaptations included). */
    public long requestsSent() {
        return sent.get();
    }

    /**
     * One attempt: never throws for anything the network or the server does. When the server says how to
     * adapt the request (OpenAI's "use 'max_completion_tokens' instead"), the client adapts for this and
     * every later request and sends it again at once.
     */
    public Attempt send(ChatRequest r) {
        boolean sentMaxTokens = !maxCompletionTokens.get();
        boolean sentSchema = structured(r);
        Attempt a = sendOnce(r);
        if (sentSchema
                && (a.kind() == Attempt.Kind.FATAL || a.kind() == Attempt.Kind.REFUSED)
                && ErrorClassifier.refusesStructuredOutput(a.httpStatus(), a.body() + " " + a.message())) {
            // the server does not take the schema: ask for free text from now on (the parser is lenient)
            structuredRefused.set(true);
            a = sendOnce(r);
        }
        if (a.httpStatus() == 400
                && a.kind() == Attempt.Kind.FATAL
                && sentMaxTokens
                && wire.renamesTokenLimit()
                && ErrorClassifier.wantsMaxCompletionTokens(400, a.body() + " " + a.message())) {
            maxCompletionTokens.set(true);
            a = sendOnce(r);
        }
        return a;
    }

    /** A request to {@code url} with the provider's auth headers (for the batch APIs). */
    Request.Builder authorized(String url) {
        Request.Builder b = new Request.Builder().url(url).header("User-Agent", "tracejudge");
        wire.authorize(b, apiKey);
        return b;
    }

    OkHttpClient http() {
        return http;
    }

    /** Classifies an error answer of a batch endpoint like one of the chat endpoint. */
    Attempt errorAttempt(int code, String body, String retryAfter) {
        ErrorClassifier.Verdict v = ErrorClassifier.classify(code, looksJson(body), body);
        return Attempt.of(
                v.kind(),
                v.failure(),
                code,
                store(body),
                "HTTP " + code + ": " + errorMessage(body),
                RetryPolicy.retryAfterMillis(retryAfter, null, System.currentTimeMillis()),
                0);
    }

    /** A batch endpoint's redirect: refused, as the chat endpoint's (see {@link Redirects}). */
    Attempt redirectAttempt(Response resp) {
        return Redirects.attempt(resp, this::scrub, 0);
    }

    /** Classifies an I/O failure of a batch endpoint. */
    Attempt ioAttempt(IOException e) {
        if (cancelled.get()) {
            return Attempt.cancelled(0);
        }
        if (e instanceof SSLException) {
            return Attempt.of(Attempt.Kind.FATAL, Failure.TLS, 0, null, describe(e), 0, 0);
        }
        if (e instanceof ConnectException || e instanceof UnknownHostException || e instanceof NoRouteToHostException) {
            return Attempt.of(Attempt.Kind.FATAL, Failure.UNREACHABLE, 0, null, describe(e), 0, 0);
        }
        return Attempt.of(
                Attempt.Kind.RETRY,
                e instanceof InterruptedIOException ? Failure.TIMEOUT : Failure.CUT,
                0,
                null,
                timeoutOr(e),
                0,
                0);
    }

    /** One result of a batch: the answer body with its status, read as the chat endpoint's answer would be. */
    public Attempt batchResult(int code, String body) {
        if (code >= 300) {
            return errorAttempt(code, body, null);
        }
        return reply(code, body, 0);
    }

    boolean isCancelled() {
        return cancelled.get();
    }

    private Attempt sendOnce(ChatRequest r) {
        if (cancelled.get()) {
            return Attempt.cancelled(0);
        }
        Request.Builder b = new Request.Builder()
                .url(url)
                .header("User-Agent", "tracejudge")
                .post(RequestBody.create(requestBody(r), JSON));
        wire.authorize(b, apiKey);
        long start = System.nanoTime();
        Call call = http.newCall(b.build());
        sent.incrementAndGet();
        // a cancelAll between the check above and execute() below must still stop this call: it is registered
        // before cancelled is read again, so either cancelAll sees it or it sees cancelAll
        inFlight.add(call);
        if (cancelled.get()) {
            call.cancel();
        }
        try {
            return execute(call, start);
        } finally {
            inFlight.remove(call);
        }
    }

    private Attempt execute(Call call, long start) {
        try (Response resp = call.execute()) {
            int code = resp.code();
            String body;
            try (ResponseBody rb = resp.body()) {
                body = rb.string();
            } catch (IOException e) {
                return failedWhileReading(e, code, start);
            }
            long latency = millisSince(start);
            if (Redirects.is(code)) {
                return Redirects.attempt(resp, this::scrub, latency);
            }
            if (code >= 300) {
                long wait = RetryPolicy.retryAfterMillis(
                        resp.header("Retry-After"), resp.header("retry-after-ms"), System.currentTimeMillis());
                String message = errorMessage(body);
                ErrorClassifier.Verdict v = ErrorClassifier.classify(code, looksJson(body), body);
                return Attempt.of(
                        v.kind(),
                        v.failure(),
                        code,
                        store(body),
                        "HTTP " + code + ": " + message,
                        v.kind() == Attempt.Kind.RETRY ? wait : 0,
                        latency);
            }
            return reply(code, body, latency);
        } catch (IOException e) {
            if (cancelled.get() || (call.isCanceled() && !(e instanceof InterruptedIOException))) {
                return Attempt.cancelled(millisSince(start));
            }
            if (e instanceof SSLException) {
                return Attempt.of(Attempt.Kind.FATAL, Failure.TLS, 0, null, describe(e), 0, millisSince(start));
            }
            if (e instanceof ConnectException
                    || e instanceof UnknownHostException
                    || e instanceof NoRouteToHostException) {
                return Attempt.of(Attempt.Kind.FATAL, Failure.UNREACHABLE, 0, null, describe(e), 0, millisSince(start));
            }
            // timeouts and connections dropped before an answer: worth another try
            return Attempt.of(
                    Attempt.Kind.RETRY,
                    e instanceof InterruptedIOException ? Failure.TIMEOUT : Failure.CUT,
                    0,
                    null,
                    timeoutOr(e),
                    0,
                    millisSince(start));
        }
    }

    private Attempt failedWhileReading(IOException e, int code, long start) {
        if (cancelled.get()) {
            return Attempt.cancelled(millisSince(start));
        }
        if (e instanceof SocketTimeoutException || e instanceof InterruptedIOException) {
            return Attempt.of(Attempt.Kind.RETRY, Failure.TIMEOUT, code, null, timeoutOr(e), 0, millisSince(start));
        }
        return Attempt.of(
                Attempt.Kind.RETRY,
                Failure.CUT,
                code,
                null,
                "the response body was cut short (" + describe(e) + ")",
                0,
                millisSince(start));
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
            String t = body == null ? "" : body.stripLeading();
            if (t.startsWith("{") && looksCut(e)) {
                // JSON that stops in the middle: the body was cut on the way
                return Attempt.of(
                        Attempt.Kind.RETRY,
                        Failure.CUT,
                        code,
                        store(body),
                        "the response body was cut short (" + scrub(e.getMessage()) + ")",
                        0,
                        latency);
            }
            return Attempt.of(
                    Attempt.Kind.MALFORMED,
                    Failure.MALFORMED,
                    code,
                    store(body),
                    "the response is not JSON (" + scrub(e.getMessage()) + ")",
                    0,
                    latency);
        }
        JsonNode error = root.path("error");
        if (!error.isMissingNode()
                && !error.isNull()
                && !root.path("choices").path(0).path("message").path("content").isTextual()
                && !root.path("content").isArray()) {
            // OpenRouter: HTTP 200 with {"error": {"code": N, "message": ...}} once the model started
            int errCode = ErrorClassifier.errorCode(error);
            ErrorClassifier.Verdict v = ErrorClassifier.classify(errCode >= 300 ? errCode : 0, true, body);
            return Attempt.of(
                    v.kind(),
                    v.failure(),
                    code,
                    store(body),
                    "HTTP " + code + " with an error" + (errCode > 0 ? " (code " + errCode + ")" : "") + ": "
                            + errorMessage(body),
                    0,
                    latency);
        }
        WireFormat.Reply p = wire.read(root);
        if (p.status() == WireFormat.Reply.Status.MALFORMED) {
            return Attempt.of(Attempt.Kind.MALFORMED, Failure.MALFORMED, code, store(body), p.problem(), 0, latency);
        }
        if (p.status() == WireFormat.Reply.Status.REFUSED) {
            return Attempt.of(Attempt.Kind.REFUSED, Failure.CONTENT_FILTER, code, store(body), p.problem(), 0, latency)
                    .withTokens(p.in(), p.out());
        }
        if (p.text() == null || p.text().isBlank()) {
            return noVerdict(code, body, p.reasoning(), p.atLimit(), p.in(), p.out(), latency);
        }
        return Attempt.ok(
                code, store(body), scrub(p.text()), scrub(p.reasoning()), p.in(), p.out(), p.atLimit(), latency);
    }

    /** A reply with no answer text: reasoning only (often the token budget ran out while reasoning), or nothing. */
    private Attempt noVerdict(int code, String body, String reasoning, boolean atLimit, int in, int out, long latency) {
        if (reasoning != null && !reasoning.isBlank() && atLimit) {
            return Attempt.of(
                            Attempt.Kind.REFUSED,
                            Failure.REASONING_BUDGET,
                            code,
                            store(body),
                            "the model spent its whole " + settings.maxTokens()
                                    + "-token budget on reasoning and gave no "
                                    + "verdict; raise it with --max-tokens (e.g. --max-tokens "
                                    + Math.max(4096, settings.maxTokens() * 4) + ")",
                            0,
                            latency)
                    .withTokens(in, out);
        }
        if (reasoning != null && !reasoning.isBlank()) {
            return Attempt.of(
                            Attempt.Kind.REFUSED,
                            Failure.NO_VERDICT,
                            code,
                            store(body),
                            "the reply holds reasoning but no answer text (the verdict is never read from reasoning)",
                            0,
                            latency)
                    .withTokens(in, out);
        }
        return Attempt.of(
                        Attempt.Kind.REFUSED,
                        atLimit ? Failure.REASONING_BUDGET : Failure.NO_VERDICT,
                        code,
                        store(body),
                        atLimit
                                ? "the reply is empty: it stopped at the " + settings.maxTokens()
                                        + "-token limit; raise it with --max-tokens"
                                : "the reply has no answer text",
                        0,
                        latency)
                .withTokens(in, out);
    }

    private static boolean looksJson(String body) {
        String t = body == null ? "" : body.stripLeading();
        return t.startsWith("{") || t.startsWith("[");
    }

    private static boolean looksCut(IllegalArgumentException e) {
        String m = String.valueOf(e.getMessage())
                + (e.getCause() == null ? "" : " " + e.getCause().getMessage());
        return m.contains("end-of-input")
                || m.contains("End-of-input")
                || m.contains("expected close marker")
                || m.contains("Unexpected end");
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
                return scrub(m.asText());
            }
            if (root.path("error").isTextual()) {
                return scrub(root.path("error").asText());
            }
            if (root.path("message").isTextual()) {
                return scrub(root.path("message").asText());
            }
        } catch (IllegalArgumentException ignored) {
            // not JSON: the text itself
        }
        String t = body.strip();
        return scrub(t.length() > 300 ? t.substring(0, 300) + "…" : t);
    }

    /** Removes the API key wherever it appears whole, in any encoding a server echoes it in. */
    public String redact(String text) {
        return scrub(text);
    }

    private String scrub(String text) {
        return scrubber.scrub(text);
    }

    private String store(String body) {
        String b = scrub(body);
        return b != null && b.length() > MAX_STORED_BODY ? b.substring(0, MAX_STORED_BODY) : b;
    }

    private String describe(IOException e) {
        String m = e.getMessage();
        return scrub(e.getClass().getSimpleName() + (m == null ? "" : ": " + m));
    }

    private String timeoutOr(IOException e) {
        return e instanceof InterruptedIOException
                ? "no answer within " + settings.timeout().toMillis() + " ms"
                : describe(e);
    }

    private static long millisSince(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    /** Aborts every call in flight and refuses new ones. */
    public void cancelAll() {
        cancelled.set(true);
        http.dispatcher().cancelAll();
        for (Call c : inFlight) {
            c.cancel();
        }
    }

    @Override
    public void close() {
        http.dispatcher().executorService().shutdown();
        http.connectionPool().evictAll();
    }
}
