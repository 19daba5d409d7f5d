package org.tracejudge.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.tracejudge.json.Json;
import org.tracejudge.receive.Receiver;

/**
 * Issue 53: each SDK's captured requests (src/test/resources/sdk-captures) replayed to {@code receive}'s endpoint as
 * the SDK sent them — same path, same Content-Type and Content-Encoding, same order, protobuf and JSON, spans and log
 * records in separate requests — give every run right, as the same files imported do ({@link SdkCaptureTest}).
 * Langfuse v3's ingestion batches go to Langfuse's own ingestion API, which the receiver does not serve (import reads
 * them as files).
 */
class ReceiveSdkReplayTest extends WithProject {
    /** Sends one captured request as the SDK sent it: its path, Content-Type and Content-Encoding. */
    private static void send(HttpClient http, Receiver r, Path body) throws Exception {
        String name = body.getFileName().toString();
        JsonNode meta = Json.read(
                Files.readString(body.resolveSibling(name.substring(0, name.lastIndexOf('.')) + ".meta.json")));
        HttpRequest.Builder req = HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                        + r.address().getPort() + meta.path("path").asText()))
                .POST(HttpRequest.BodyPublishers.ofFile(body));
        JsonNode headers = meta.path("headers");
        req.header("Content-Type", headers.path("content-type").asText("application/json"));
        if (headers.has("content-encoding")) {
            req.header("Content-Encoding", headers.path("content-encoding").asText());
        }
        HttpResponse<String> res = http.send(req.build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, res.statusCode(), name + ": " + res.body());
    }

    private static Receiver start(org.tracejudge.store.Project p) throws java.io.IOException {
        return Receiver.start(p, Receiver.Options.loopback(0).withQuietPeriod(Duration.ofMillis(300)), null);
    }

    /** Waits (up to 20 s) until {@code done} holds; false if it never did. */
    private static boolean within(java.util.function.BooleanSupplier done) throws InterruptedException {
        long until = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (System.nanoTime() < until) {
            if (done.getAsBoolean()) {
                return true;
            }
            Thread.sleep(50);
        }
        return done.getAsBoolean();
    }

    @ParameterizedTest
    @ValueSource(strings = {"traceloop", "traceloop-json", "openinference", "otel-openai", "langfuse-otel"})
    void everyRunSentToTheReceiverReadsRight(String sdk) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        Receiver.Summary s;
        try (Receiver r = start(project)) {
            for (Path body : SdkCaptures.bodies(sdk)) {
                send(http, r, body);
            }
            s = r.stop();
        }
        List<AgentCorpus.Run> runs = AgentCorpus.runs(project);
        List<String> wrong = SdkCaptures.verdicts(runs);
        assertEquals(List.of(), wrong, sdk + " through receive: " + (4 - wrong.size()) + "/4 runs right");
        assertEquals(4, runs.size(), sdk + ": " + s);
        assertEquals(0, s.refused(), sdk + ": " + s);
    }

    /**
     * The otel-openai capture's log records sent after the receiver wrote the runs of its spans (a log exporter that
     * flushes later than the span exporter): the written runs are completed, not left without their messages.
     */
    @Test
    void logRecordsAfterTheirRunWasWrittenCompleteIt() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        List<Path> bodies = SdkCaptures.bodies("otel-openai");
        Receiver.Summary s;
        try (Receiver r = start(project)) {
            send(http, r, bodies.get(0)); // the spans
            assertTrue(
                    within(() -> r.inFlight() == 0 && AgentCorpus.runs(project).size() == 4), "runs written");
            assertEquals(4, SdkCaptures.verdicts(AgentCorpus.runs(project)).size(), "written without messages");
            send(http, r, bodies.get(1)); // the log records, after
            assertTrue(
                    within(() -> SdkCaptures.verdicts(AgentCorpus.runs(project)).isEmpty()),
                    "completed while receiving: " + SdkCaptures.verdicts(AgentCorpus.runs(project)));
            s = r.stop();
        }
        assertEquals(4, s.runsCompleted(), s.toString());
        assertEquals(4, AgentCorpus.runs(project).size());
        assertEquals(0, s.refused(), s.toString());
        assertEquals("0", org.tracejudge.TestData.scalar(project, "SELECT count(*) FROM otlp_run"));
    }

    /** The spans reached an earlier receive; the log records come to the next one: they complete the stored runs. */
    @Test
    void logRecordsOfRunsAnEarlierReceiverWroteCompleteThem() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        List<Path> bodies = SdkCaptures.bodies("otel-openai");
        try (Receiver r = start(project)) {
            send(http, r, bodies.get(0));
            r.stop();
        }
        assertEquals(4, AgentCorpus.runs(project).size());
        Receiver.Summary s;
        try (Receiver r = start(project)) {
            send(http, r, bodies.get(1));
            assertTrue(
                    within(() -> SdkCaptures.verdicts(AgentCorpus.runs(project)).isEmpty()),
                    "completed before the stop: " + SdkCaptures.verdicts(AgentCorpus.runs(project)));
            s = r.stop();
        }
        assertEquals(4, s.runsCompleted(), s.toString());
        assertEquals(4, AgentCorpus.runs(project).size());
    }
}
