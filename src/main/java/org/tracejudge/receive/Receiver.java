package org.tracejudge.receive;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.GZIPInputStream;
import org.tracejudge.importer.Format;
import org.tracejudge.importer.ImportListener;
import org.tracejudge.importer.ImportReport;
import org.tracejudge.importer.Importer;
import org.tracejudge.json.Json;
import org.tracejudge.store.OtlpRuns;
import org.tracejudge.store.Project;

/**
 * An OTLP/HTTP endpoint that writes the runs an agent's instrumentation sends into a project, as they complete. An
 * agent reaches it by setting only {@code OTEL_EXPORTER_OTLP_ENDPOINT} to its address: {@code POST /v1/traces} and
 * {@code /v1/logs} (the OTLP/HTTP specification's paths), and {@code /api/public/otel/v1/traces}, where Langfuse's SDKs
 * post OTel spans; bodies in OTLP/JSON or OTLP/protobuf, plain or gzip.
 *
 * <p>Promises: it listens on a loopback address unless told otherwise, and then only with a token ({@code
 * Authorization: Bearer}); a body over the limit is refused (413) before it is buffered; when the writer lags or too
 * much is buffered it answers 503 with {@code Retry-After} (OTLP's retryable status), so nothing queues without bound;
 * each complete run is written in one transaction (the import of one OTLP document), so a kill loses only runs still
 * in flight and never half a run; {@link #stop()} writes what is still in flight; retries of spans already here add
 * nothing.
 */
public final class Receiver implements AutoCloseable {
    /** How the endpoint listens and when a run is complete. */
    public record Options(
            InetSocketAddress listen,
            String token,
            Duration quietPeriod,
            int maxBodyBytes,
            long maxBufferedBytes,
            int maxPendingRuns) {
        public Options {
            Objects.requireNonNull(listen, "listen");
            boolean loopback = !listen.isUnresolved() && listen.getAddress().isLoopbackAddress();
            if (!loopback && (token == null || token.isEmpty())) {
                throw new IllegalArgumentException(listen.getHostString()
                        + " is not a loopback address: listening there needs a token (anyone who can reach the port"
                        + " could otherwise write into the project)");
            }
        }

        public static Options loopback(int port) {
            return new Options(
                    new InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), port),
                    null,
                    Duration.ofSeconds(3),
                    32 << 20,
                    256L << 20,
                    64);
        }

        public Options withQuietPeriod(Duration d) {
            return new Options(listen, token, d, maxBodyBytes, maxBufferedBytes, maxPendingRuns);
        }

        public Options withLimits(int maxBody, long maxBuffered, int maxPending) {
            return new Options(listen, token, quietPeriod, maxBody, maxBuffered, maxPending);
        }
    }

    /** A run written: its trace id and what it held. */
    public record Written(String traceId, int spans, int logs) {}

    /** What the receiver did, said as it happens (from the writer thread). */
    public interface Listener {
        /** Runs written in one import (one transaction); {@code report} is that import's. */
        default void written(List<Written> runs, ImportReport report) {}

        /** A run the import refused: kept as {@code keptAs} so nothing is lost. */
        default void refused(String traceId, String why, Path keptAs) {}
    }

    /** What a receiver kept, at its close. */
    public record Summary(
            long requests,
            long runsWritten,
            long tracesNew,
            long spans,
            long logs,
            long duplicates,
            long late,
            long withoutTrace,
            long refused,
            long throttled,
            List<Path> keptAside,
            long runsCompleted) {}

    static {
        // the JDK server writes a response's headers and body apart; with Nagle's algorithm on, each small OTLP
        // response then waited for the client's delayed ACK (~40 ms a request in ReceiveBench on an idle machine)
        if (System.getProperty("sun.net.httpserver.nodelay") == null) {
            System.setProperty("sun.net.httpserver.nodelay", "true");
        }
    }

    private static final String JSON = "application/json";
    private static final String PROTOBUF = "application/x-protobuf";

    private final Project project;
    private final Options options;
    private final Listener listener;
    private final RunCollector collector;
    private final HttpServer server;
    private final ScheduledExecutorService ticker;
    private final ExecutorService requests;
    private final BlockingQueue<RunCollector.Run> queue = new LinkedBlockingQueue<>();
    private final Thread writer;
    private final AtomicInteger writing = new AtomicInteger();
    private final Path aside;
    private final List<Path> keptAside = new ArrayList<>();
    private final AtomicLong requestCount = new AtomicLong();
    private final AtomicLong runsWritten = new AtomicLong();
    private final AtomicLong tracesNew = new AtomicLong();
    /** Runs the project held open that log records coming after them completed. */
    private final AtomicLong runsCompleted = new AtomicLong();

    private final AtomicLong spans = new AtomicLong();
    private final AtomicLong logs = new AtomicLong();
    private final AtomicLong duplicates = new AtomicLong();
    private final AtomicLong withoutTrace = new AtomicLong();
    private final AtomicLong refused = new AtomicLong();
    private final AtomicLong throttled = new AtomicLong();
    private volatile boolean closing;
    private static final RunCollector.Run STOP = new RunCollector.Run("");

    private Receiver(Project project, Options options, Listener listener) throws IOException {
        this.project = project;
        this.options = options;
        this.listener = listener == null ? new Listener() {} : listener;
        this.collector = new RunCollector(options.quietPeriod().toNanos());
        this.aside = Files.createTempDirectory("tracejudge-receive");
        this.server = HttpServer.create(options.listen(), 64);
        this.requests = Executors.newFixedThreadPool(2, r -> daemon(r, "receive-http"));
        server.setExecutor(requests);
        server.createContext("/", this::handle);
        this.ticker = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "receive-tick"));
        this.writer = daemon(this::writeLoop, "receive-writer");
    }

    /** Starts listening; the project stays this receiver's to write until {@link #stop()}. */
    public static Receiver start(Project project, Options options, Listener listener) throws IOException {
        Receiver r = new Receiver(project, options, listener);
        r.writer.start();
        long tick = Math.max(50, Math.min(500, options.quietPeriod().toMillis() / 4));
        r.ticker.scheduleWithFixedDelay(r::enqueueDue, tick, tick, TimeUnit.MILLISECONDS);
        r.server.start();
        return r;
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    /** The address it listens on (the port chosen when 0 was asked for). */
    public InetSocketAddress address() {
        return server.getAddress();
    }

    /** Runs gathered and not yet written. */
    public int inFlight() {
        return collector.inFlight() + queue.size() + writing.get();
    }

    // ------------------------------------------------------------------------------------------------ HTTP

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            requestCount.incrementAndGet();
            String path = ex.getRequestURI().getPath();
            boolean logSignal = path.equals("/v1/logs");
            if (!logSignal && !path.equals("/v1/traces") && !path.equals("/api/public/otel/v1/traces")) {
                reply(ex, 404, "no OTLP endpoint at " + path + "; POST to /v1/traces or /v1/logs");
                return;
            }
            if (!"POST".equals(ex.getRequestMethod())) {
                ex.getResponseHeaders().set("Allow", "POST");
                reply(ex, 405, "OTLP/HTTP takes POST");
                return;
            }
            if (options.token() != null && !authorised(ex.getRequestHeaders().getFirst("Authorization"))) {
                ex.getResponseHeaders().set("WWW-Authenticate", "Bearer");
                reply(ex, 401, "this endpoint needs Authorization: Bearer <token>");
                return;
            }
            if (closing) {
                ex.getResponseHeaders().set("Retry-After", "5");
                reply(ex, 503, "the receiver is stopping");
                return;
            }
            if (collector.bufferedBytes() > options.maxBufferedBytes() || queue.size() >= options.maxPendingRuns()) {
                throttled.incrementAndGet();
                ex.getResponseHeaders().set("Retry-After", "2");
                reply(ex, 503, "the project's writer is behind; retry after 2 s");
                return;
            }
            String type = mediaType(ex.getRequestHeaders().getFirst("Content-Type"));
            boolean isProtobuf = PROTOBUF.equals(type);
            if (!isProtobuf && !JSON.equals(type)) {
                reply(ex, 415, "Content-Type must be application/json or application/x-protobuf, not " + type);
                return;
            }
            byte[] body;
            try {
                body = body(ex);
            } catch (TooLarge e) {
                reply(ex, 413, e.getMessage());
                return;
            }
            JsonNode request;
            try {
                request = isProtobuf ? decodeProtobuf(body, logSignal) : Json.MAPPER.readTree(body);
            } catch (IOException | RuntimeException e) {
                reply(ex, 400, "not an OTLP " + (isProtobuf ? "protobuf" : "JSON") + " request: " + e.getMessage());
                return;
            }
            if (request == null || !request.isObject()) {
                reply(ex, 400, "not an OTLP JSON request: expected an object");
                return;
            }
            RunCollector.Added added = collector.add(request, System.nanoTime());
            spans.addAndGet(added.spans());
            logs.addAndGet(added.logs());
            duplicates.addAndGet(added.duplicates());
            withoutTrace.addAndGet(added.withoutTrace());
            success(ex, isProtobuf);
        }
    }

    private static JsonNode decodeProtobuf(byte[] body, boolean logSignal) throws IOException {
        return org.tracejudge.importer.OtlpRequests.fromProtobuf(body, logSignal);
    }

    private boolean authorised(String header) {
        if (header == null || !header.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return false;
        }
        byte[] given = header.substring(7).trim().getBytes(StandardCharsets.UTF_8);
        return MessageDigest.isEqual(given, options.token().getBytes(StandardCharsets.UTF_8));
    }

    private static String mediaType(String header) {
        if (header == null) {
            return "(none)";
        }
        int semi = header.indexOf(';');
        return (semi < 0 ? header : header.substring(0, semi)).trim().toLowerCase(Locale.ROOT);
    }

    private static final class TooLarge extends IOException {
        private static final long serialVersionUID = 1L;

        TooLarge(String message) {
            super(message);
        }
    }

    private byte[] body(HttpExchange ex) throws IOException {
        int max = options.maxBodyBytes();
        String length = ex.getRequestHeaders().getFirst("Content-Length");
        if (length != null) {
            try {
                if (Long.parseLong(length.trim()) > max) {
                    throw new TooLarge("the body is over the limit of " + max + " bytes");
                }
            } catch (NumberFormatException e) {
                // chunked or odd: the bounded read below decides
            }
        }
        byte[] raw = readBounded(ex.getRequestBody(), max, "the body");
        String encoding = ex.getRequestHeaders().getFirst("Content-Encoding");
        if (encoding == null || encoding.isBlank() || encoding.trim().equalsIgnoreCase("identity")) {
            return raw;
        }
        if (!encoding.trim().equalsIgnoreCase("gzip")) {
            throw new IOException("Content-Encoding " + encoding + " is not read; send gzip or none");
        }
        try (InputStream in = new GZIPInputStream(new java.io.ByteArrayInputStream(raw))) {
            return readBounded(in, max, "the inflated body");
        }
    }

    private static byte[] readBounded(InputStream in, int max, String what) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[64 * 1024];
        int n;
        long total = 0;
        while ((n = in.read(buf)) > 0) {
            total += n;
            if (total > max) {
                throw new TooLarge(what + " is over the limit of " + max + " bytes");
            }
            out.write(buf, 0, n);
        }
        return out.toByteArray();
    }

    /** OTLP/HTTP's success: an empty Export*ServiceResponse in the request's encoding. */
    private static void success(HttpExchange ex, boolean isProtobuf) throws IOException {
        byte[] body = isProtobuf ? new byte[0] : "{}".getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", isProtobuf ? PROTOBUF : JSON);
        ex.sendResponseHeaders(200, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            try (OutputStream os = ex.getResponseBody()) {
                os.write(body);
            }
        }
    }

    private static void reply(HttpExchange ex, int status, String message) throws IOException {
        byte[] body = Json.write(Json.object().put("code", status).put("message", message))
                .getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", JSON);
        ex.sendResponseHeaders(status, body.length);
        try (OutputStream os = ex.getResponseBody()) {
            os.write(body);
        }
    }

    // ------------------------------------------------------------------------------------------------ writing

    private void enqueueDue() {
        long now = System.nanoTime();
        queue.addAll(collector.takeDue(now));
        List<String> ask = collector.logsOnlyQuiet(now);
        if (!ask.isEmpty()) {
            try {
                // log records of runs written before this receiver started: written now if the project holds the
                // run open (they complete it); else they wait for their spans, or for the stop
                queue.addAll(collector.takeHeld(OtlpRuns.held(project, ask)));
            } catch (RuntimeException e) {
                // the project cannot be read now: asked again after the next record, written at the stop at the latest
            }
        }
    }

    /** How many complete runs one import writes at most (one transaction: all of them or none). */
    private static final int MAX_BATCH = 64;

    private void writeLoop() {
        List<RunCollector.Run> batch = new ArrayList<>();
        while (true) {
            batch.clear();
            try {
                batch.add(queue.take());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            queue.drainTo(batch, MAX_BATCH - 1);
            boolean stop = batch.remove(STOP);
            writing.addAndGet(batch.size());
            try {
                if (batch.size() == 1) {
                    write(batch.get(0));
                } else if (batch.size() > 1) {
                    write(batch);
                }
            } finally {
                writing.addAndGet(-batch.size());
            }
            if (stop) {
                return;
            }
        }
    }

    /** One run = one OTLP document = one import = one transaction. */
    private void write(RunCollector.Run run) {
        Path file = aside.resolve("run-" + safe(run.traceId) + ".json");
        try {
            Files.writeString(file, Json.write(run.document()));
            ImportReport report =
                    new Importer(project, ImportListener.NONE).importFiles(List.of(file), Format.OTLP, null);
            Files.deleteIfExists(file);
            runsWritten.incrementAndGet();
            tracesNew.addAndGet(report.tracesNew());
            runsCompleted.addAndGet(report.runsCompleted());
            listener.written(List.of(new Written(run.traceId, run.spans.size(), run.logs.size())), report);
        } catch (IOException | RuntimeException | Error e) {
            // an Error too (a class missing from a broken installation, memory): the writer thread must live on, or
            // every later run would wait forever; this run stays on disk, named in the summary
            refused.incrementAndGet();
            synchronized (keptAside) {
                keptAside.add(file);
            }
            listener.refused(run.traceId, String.valueOf(e.getMessage() == null ? e : e.getMessage()), file);
        }
    }

    /**
     * Runs that completed together (a writer that fell behind, or a burst): one OTLP JSON Lines file, a document a
     * line, in one import, so one transaction takes them all. A batch the import refuses is written run by run, so
     * one bad run never takes the others with it.
     */
    private void write(List<RunCollector.Run> runs) {
        Path file = aside.resolve("runs-" + safe(runs.get(0).traceId) + "-" + runs.size() + ".jsonl");
        try {
            StringBuilder lines = new StringBuilder();
            for (RunCollector.Run r : runs) {
                lines.append(Json.write(r.document())).append('\n');
            }
            Files.writeString(file, lines);
            ImportReport report =
                    new Importer(project, ImportListener.NONE).importFiles(List.of(file), Format.OTLP, null);
            Files.deleteIfExists(file);
            runsWritten.addAndGet(runs.size());
            tracesNew.addAndGet(report.tracesNew());
            runsCompleted.addAndGet(report.runsCompleted());
            listener.written(
                    runs.stream()
                            .map(r -> new Written(r.traceId, r.spans.size(), r.logs.size()))
                            .toList(),
                    report);
        } catch (IOException | RuntimeException | Error e) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException ignored) {
                // a temporary file; the runs are written one by one below
            }
            runs.forEach(this::write);
        }
    }

    private static String safe(String traceId) {
        String s = traceId.replaceAll("[^0-9A-Za-z_-]", "_");
        return s.length() > 64 ? s.substring(0, 64) : s;
    }

    /**
     * Stops listening (requests under way finish), writes every run still in flight as it is, and says what was kept.
     * Idempotent.
     */
    public synchronized Summary stop() {
        if (!closing) {
            closing = true;
            server.stop(1);
            ticker.shutdownNow();
            requests.shutdown();
            try {
                requests.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            queue.addAll(collector.takeAll());
            queue.add(STOP);
            try {
                writer.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            try {
                Files.deleteIfExists(aside);
            } catch (IOException e) {
                // not empty: it holds runs the import refused, named in the summary
            }
        }
        List<Path> kept;
        synchronized (keptAside) {
            kept = List.copyOf(keptAside);
        }
        return new Summary(
                requestCount.get(),
                runsWritten.get(),
                tracesNew.get(),
                spans.get(),
                logs.get(),
                duplicates.get(),
                collector.lateSpans(),
                withoutTrace.get(),
                refused.get(),
                throttled.get(),
                kept,
                runsCompleted.get());
    }

    @Override
    public void close() {
        stop();
    }
}
