package org.tracejudge.receive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.importer.ImportReport;
import org.tracejudge.json.Json;
import org.tracejudge.store.Project;

/**
 * Issue 53, item 5: {@code receive}'s OTLP/HTTP endpoint against a real project and a real HTTP client. The request
 * bodies are the bundled tour's OpenTelemetry agent run (OTLP/JSON, the collector's shape), cut and sent as an SDK's
 * batch exporter sends them: children before their root, several requests, retries.
 */
class ReceiverTest {
    private static final Path RUN = Path.of("resources/samples/tour/otel-agent-trace.json");
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @TempDir
    Path dir;

    private Project project;
    private final List<String> written = new CopyOnWriteArrayList<>();
    private final List<String> refused = new CopyOnWriteArrayList<>();
    private CountDownLatch runs;

    @BeforeEach
    void open() {
        project = Project.open(dir.resolve("r.tjdb"), Project.OpenOptions.createIfMissing(null));
    }

    @AfterEach
    void close() {
        project.close();
    }

    private Receiver start(Receiver.Options o, int expectedRuns) throws IOException {
        runs = new CountDownLatch(expectedRuns);
        return Receiver.start(project, o, new Receiver.Listener() {
            @Override
            public void written(List<Receiver.Written> rs, ImportReport report) {
                for (Receiver.Written w : rs) {
                    written.add(w.traceId() + " " + w.spans() + " spans " + w.logs() + " logs " + report.tracesNew()
                            + " new");
                    runs.countDown();
                }
            }

            @Override
            public void refused(String traceId, String why, Path keptAs) {
                refused.add(traceId + ": " + why);
                runs.countDown();
            }
        });
    }

    private static Receiver.Options quick() {
        return Receiver.Options.loopback(0).withQuietPeriod(Duration.ofMillis(300));
    }

    private static HttpResponse<String> post(Receiver r, String path, String type, byte[] body, String... headers)
            throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + r.address().getPort() + path))
                .timeout(Duration.ofSeconds(10))
                .header("Content-Type", type)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static byte[] json(JsonNode n) {
        return Json.write(n).getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    private static ObjectNode whole() throws IOException {
        return (ObjectNode) Json.read(Files.readString(RUN));
    }

    /** The run with only the spans {@code keep} says (by whether they are the root). */
    private static ObjectNode part(boolean root) throws IOException {
        ObjectNode doc = whole();
        for (JsonNode rs : doc.get("resourceSpans")) {
            for (JsonNode ss : rs.get("scopeSpans")) {
                ArrayNode spans = (ArrayNode) ss.get("spans");
                for (int i = spans.size() - 1; i >= 0; i--) {
                    boolean isRoot =
                            spans.get(i).path("parentSpanId").asText("").isEmpty();
                    if (isRoot != root) {
                        spans.remove(i);
                    }
                }
            }
        }
        return doc;
    }

    private long traces() throws Exception {
        return project.read(c -> {
            try (var st = c.createStatement();
                    var rs = st.executeQuery("SELECT count(*) FROM trace")) {
                rs.next();
                return rs.getLong(1);
            }
        });
    }

    @Test
    void aRunSentInPiecesAndRetriedIsWrittenOnceWhole() throws Exception {
        try (Receiver r = start(quick(), 1)) {
            // the children first (their batch left before the root ended), then the root, then a retry of all
            assertEquals(
                    200,
                    post(r, "/v1/traces", "application/json", json(part(false))).statusCode());
            assertEquals(
                    200,
                    post(r, "/v1/traces", "application/json", json(part(true))).statusCode());
            HttpResponse<String> again = post(r, "/v1/traces", "application/json", json(whole()));
            assertEquals(200, again.statusCode());
            assertEquals("{}", again.body(), "OTLP/HTTP's empty ExportTraceServiceResponse");
            assertTrue(runs.await(20, TimeUnit.SECONDS), "the run was written after its quiet period");
            // a retry after it was written adds nothing either
            assertEquals(
                    200,
                    post(r, "/v1/traces", "application/json", json(whole())).statusCode());
            Receiver.Summary s = r.stop();
            assertEquals(1, s.runsWritten());
            assertEquals(7, s.spans());
            assertEquals(14, s.duplicates(), "the whole run repeated twice");
            assertEquals(0, s.late());
        }
        assertEquals(List.of("4bf92f3577b34da6a3ce929d0e0e4736 7 spans 0 logs 1 new"), written);
        assertEquals(1, traces());
    }

    @Test
    void runsThatCompleteTogetherAreWrittenInOneImport() throws Exception {
        ObjectNode all = whole();
        ArrayNode resourceSpans = (ArrayNode) all.get("resourceSpans");
        JsonNode template = resourceSpans.get(0).deepCopy();
        resourceSpans.removeAll();
        for (int i = 0; i < 5; i++) {
            ObjectNode copy = (ObjectNode) template.deepCopy();
            for (JsonNode ss : copy.get("scopeSpans")) {
                for (JsonNode span : ss.get("spans")) {
                    ((ObjectNode) span).put("traceId", String.format(java.util.Locale.ROOT, "%032x", 0xabc0L + i));
                }
            }
            resourceSpans.add(copy);
        }
        try (Receiver r = start(quick(), 5)) {
            assertEquals(
                    200, post(r, "/v1/traces", "application/json", json(all)).statusCode());
            assertTrue(runs.await(20, TimeUnit.SECONDS));
            assertEquals(5, r.stop().runsWritten());
        }
        assertEquals(5, traces());
    }

    @Test
    void aRunWithoutItsRootWaitsAndIsWrittenAtStop() throws Exception {
        Receiver r = start(quick(), 1);
        assertEquals(
                200,
                post(r, "/v1/traces", "application/json", json(part(false))).statusCode());
        Thread.sleep(600); // twice the quiet period: still not complete without its root
        assertEquals(1, r.inFlight());
        assertEquals(0, traces());
        Receiver.Summary s = r.stop();
        assertEquals(1, s.runsWritten(), written + " " + refused);
        assertEquals(1, traces());
    }

    @Test
    void logRecordsJoinTheirRunAcrossRequests() throws Exception {
        ObjectNode logs = Json.object();
        ObjectNode record = logs.putArray("resourceLogs")
                .addObject()
                .putArray("scopeLogs")
                .addObject()
                .putArray("logRecords")
                .addObject();
        record.put("traceId", "4bf92f3577b34da6a3ce929d0e0e4736").put("spanId", "a000000000000002");
        record.putObject("body").put("stringValue", "a log line of the run");
        try (Receiver r = start(quick(), 1)) {
            assertEquals(
                    200, post(r, "/v1/logs", "application/json", json(logs)).statusCode());
            assertEquals(
                    200,
                    post(r, "/v1/traces", "application/json", json(whole())).statusCode());
            assertEquals(
                    200, post(r, "/v1/logs", "application/json", json(logs)).statusCode()); // a retry
            assertTrue(runs.await(20, TimeUnit.SECONDS));
        }
        assertEquals(List.of("4bf92f3577b34da6a3ce929d0e0e4736 7 spans 1 logs 1 new"), written);
    }

    @Test
    void gzipAndLangfusesPathAreRead() throws Exception {
        ByteArrayOutputStream z = new ByteArrayOutputStream();
        try (GZIPOutputStream g = new GZIPOutputStream(z)) {
            g.write(json(whole()));
        }
        try (Receiver r = start(quick(), 1)) {
            HttpResponse<String> res = post(
                    r, "/api/public/otel/v1/traces", "application/json", z.toByteArray(), "Content-Encoding", "gzip");
            assertEquals(200, res.statusCode(), res.body());
            assertTrue(runs.await(20, TimeUnit.SECONDS));
        }
        assertEquals(1, traces());
    }

    @Test
    void badRequestsAreRefusedWithTheReasonAndChangeNothing() throws Exception {
        Receiver.Options small = quick().withLimits(4096, 256L << 20, 64);
        try (Receiver r = start(small, 0)) {
            HttpResponse<String> big = post(r, "/v1/traces", "application/json", json(whole()));
            assertEquals(413, big.statusCode());
            assertTrue(big.body().contains("over the limit of 4096 bytes"), big.body());
            // a gzip bomb: 2 KB that inflates past the limit
            ByteArrayOutputStream z = new ByteArrayOutputStream();
            try (GZIPOutputStream g = new GZIPOutputStream(z)) {
                g.write(new byte[2 << 20]);
            }
            HttpResponse<String> bomb =
                    post(r, "/v1/traces", "application/json", z.toByteArray(), "Content-Encoding", "gzip");
            assertEquals(413, bomb.statusCode(), bomb.body());
            assertTrue(bomb.body().contains("the inflated body is over the limit"), bomb.body());
            assertEquals(
                    415, post(r, "/v1/traces", "text/plain", new byte[] {'x'}).statusCode());
            HttpResponse<String> notJson = post(
                    r,
                    "/v1/traces",
                    "application/json",
                    "{\"resourceSpans\":".getBytes(java.nio.charset.StandardCharsets.UTF_8));
            assertEquals(400, notJson.statusCode());
            assertEquals(
                    404,
                    post(r, "/v2/traces", "application/json", "{}".getBytes(java.nio.charset.StandardCharsets.UTF_8))
                            .statusCode());
            HttpResponse<String> proto = post(
                    r, "/v1/traces", "application/x-protobuf", new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff, 0x07
                    });
            assertEquals(400, proto.statusCode());
            HttpResponse<String> get = HTTP.send(
                    HttpRequest.newBuilder(
                                    URI.create("http://127.0.0.1:" + r.address().getPort() + "/v1/traces"))
                            .GET()
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(405, get.statusCode());
            assertEquals("POST", get.headers().firstValue("Allow").orElse(""));
            assertEquals(0, r.stop().runsWritten());
        }
        assertEquals(0, traces());
    }

    @Test
    void aWriterBehindGetsRetryAfterNotAnEndlessQueue() throws Exception {
        // anything buffered counts as too much: the first request is taken, the next is asked to come back
        Receiver.Options tight = Receiver.Options.loopback(0)
                .withQuietPeriod(Duration.ofSeconds(30))
                .withLimits(32 << 20, 0, 64);
        try (Receiver r = start(tight, 1)) {
            assertEquals(
                    200,
                    post(r, "/v1/traces", "application/json", json(part(false))).statusCode());
            HttpResponse<String> res = post(r, "/v1/traces", "application/json", json(part(true)));
            assertEquals(503, res.statusCode());
            assertEquals("2", res.headers().firstValue("Retry-After").orElse(""));
            Receiver.Summary s = r.stop();
            assertEquals(1, s.throttled());
        }
    }

    @Test
    void onlyLoopbackWithoutATokenAndTheTokenIsChecked() throws Exception {
        InetSocketAddress any = new InetSocketAddress("0.0.0.0", 0);
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> new Receiver.Options(any, null, Duration.ofSeconds(1), 1 << 20, 1 << 20, 4));
        assertTrue(e.getMessage().contains("needs a token"), e.getMessage());
        Receiver.Options withToken =
                new Receiver.Options(any, "s3cret-token", Duration.ofMillis(300), 32 << 20, 1 << 28, 64);
        try (Receiver r = start(withToken, 1)) {
            List<Integer> codes = new ArrayList<>();
            codes.add(post(r, "/v1/traces", "application/json", json(whole())).statusCode());
            codes.add(post(r, "/v1/traces", "application/json", json(whole()), "Authorization", "Bearer wrong")
                    .statusCode());
            codes.add(post(r, "/v1/traces", "application/json", json(whole()), "Authorization", "Bearer s3cret-token")
                    .statusCode());
            assertEquals(List.of(401, 401, 200), codes);
            assertTrue(runs.await(20, TimeUnit.SECONDS));
            assertEquals(7, r.stop().spans(), "only the authorised request's spans");
        }
    }
}
