package org.tracejudge.receive;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.tracejudge.json.Json;
import org.tracejudge.store.Project;

/**
 * Receiver throughput (issue 53's figures): RUNS agent runs (the tour's OpenTelemetry run, 7 spans and ~9.5 KB, each
 * with a trace id of its own) posted as OTLP/JSON by CLIENTS concurrent senders, each run in two requests as a batch
 * exporter sends them (children, then the root). Reports spans/s and MB/s while sending, until every run is written,
 * request latency percentiles, and the heap after a GC at the middle and at the end (flat with run count). Run by
 * {@code bench/receive-bench.sh}: {@code java -cp ... org.tracejudge.receive.ReceiveBench [RUNS] [CLIENTS]}.
 */
public final class ReceiveBench {
    private ReceiveBench() {}

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
        int clients = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        Path dir = Files.createTempDirectory("receive-bench");
        ObjectNode tour =
                (ObjectNode) Json.read(Files.readString(Path.of("resources/samples/tour/otel-agent-trace.json")));
        try (Project project = Project.open(dir.resolve("bench.tjdb"), Project.OpenOptions.createIfMissing(null))) {
            AtomicInteger written = new AtomicInteger();
            Receiver.Options o = Receiver.Options.loopback(0).withQuietPeriod(Duration.ofMillis(500));
            try (Receiver r = Receiver.start(project, o, new Receiver.Listener() {
                @Override
                public void written(List<Receiver.Written> rs, org.tracejudge.importer.ImportReport rep) {
                    written.addAndGet(rs.size());
                }
            })) {
                URI uri = URI.create("http://127.0.0.1:" + r.address().getPort() + "/v1/traces");
                HttpClient http = HttpClient.newBuilder().build();
                List<Long> latencies = Collections.synchronizedList(new ArrayList<>());
                AtomicInteger next = new AtomicInteger();
                long[] bytes = new long[1];
                long[] heapMid = new long[1];
                ExecutorService pool = Executors.newFixedThreadPool(clients);
                long t0 = System.nanoTime();
                List<Future<?>> fs = new ArrayList<>();
                for (int c = 0; c < clients; c++) {
                    fs.add(pool.submit(() -> {
                        int i;
                        while ((i = next.getAndIncrement()) < runs) {
                            if (i == runs / 2) {
                                heapMid[0] = heapAfterGc();
                            }
                            for (boolean root : new boolean[] {false, true}) {
                                byte[] body = Json.write(run(tour, i, root)).getBytes(StandardCharsets.UTF_8);
                                synchronized (bytes) {
                                    bytes[0] += body.length;
                                }
                                long s = System.nanoTime();
                                HttpResponse<Void> res = send(http, uri, body);
                                while (res.statusCode() == 503) {
                                    Thread.sleep(200);
                                    s = System.nanoTime();
                                    res = send(http, uri, body);
                                }
                                latencies.add(System.nanoTime() - s);
                                if (res.statusCode() != 200) {
                                    throw new IllegalStateException("status " + res.statusCode());
                                }
                            }
                        }
                        return null;
                    }));
                }
                for (Future<?> f : fs) {
                    f.get();
                }
                long sent = System.nanoTime() - t0;
                while (written.get() < runs) {
                    Thread.sleep(20);
                }
                long all = System.nanoTime() - t0;
                pool.shutdown();
                long heapEnd = heapAfterGc();
                List<Long> l = new ArrayList<>(latencies);
                Collections.sort(l);
                double spans = runs * 7.0;
                System.out.printf(
                        Locale.ROOT,
                        "%d runs (%d spans, %.1f MB) from %d clients: sent in %.2f s (%.0f spans/s, %.2f MB/s); all"
                                + " written after %.2f s (%.0f spans/s, %.0f runs/s, quiet period 0.5 s included);"
                                + " request latency p50 %.1f ms, p99 %.1f ms, max %.1f ms; heap after GC at half %d MB,"
                                + " at the end %d MB; load %s%n",
                        runs,
                        (long) spans,
                        bytes[0] / 1e6,
                        clients,
                        sent / 1e9,
                        spans / (sent / 1e9),
                        bytes[0] / 1e6 / (sent / 1e9),
                        all / 1e9,
                        spans / (all / 1e9),
                        runs / (all / 1e9),
                        pct(l, 0.50),
                        pct(l, 0.99),
                        l.get(l.size() - 1) / 1e6,
                        heapMid[0] >> 20,
                        heapEnd >> 20,
                        Files.readString(Path.of("/proc/loadavg")).trim());
            }
        }
    }

    private static HttpResponse<Void> send(HttpClient http, URI uri, byte[] body) throws Exception {
        return http.send(
                HttpRequest.newBuilder(uri)
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                        .build(),
                HttpResponse.BodyHandlers.discarding());
    }

    private static double pct(List<Long> sorted, double p) {
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.floor(p * sorted.size()))) / 1e6;
    }

    private static long heapAfterGc() {
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    /** The tour's run with trace id number {@code i}: only its root, or only its other spans. */
    private static ObjectNode run(ObjectNode tour, int i, boolean root) {
        ObjectNode doc = tour.deepCopy();
        String id = String.format(Locale.ROOT, "%032x", 0x1000L + i);
        for (JsonNode rs : doc.get("resourceSpans")) {
            for (JsonNode ss : rs.get("scopeSpans")) {
                com.fasterxml.jackson.databind.node.ArrayNode spans =
                        (com.fasterxml.jackson.databind.node.ArrayNode) ss.get("spans");
                for (int k = spans.size() - 1; k >= 0; k--) {
                    ObjectNode span = (ObjectNode) spans.get(k);
                    if (span.path("parentSpanId").asText("").isEmpty() != root) {
                        spans.remove(k);
                    } else {
                        span.put("traceId", id);
                    }
                }
            }
        }
        return doc;
    }
}
