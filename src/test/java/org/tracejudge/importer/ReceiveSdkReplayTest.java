package org.tracejudge.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
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
    @ParameterizedTest
    @ValueSource(strings = {"traceloop", "traceloop-json", "openinference", "otel-openai", "langfuse-otel"})
    void everyRunSentToTheReceiverReadsRight(String sdk) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        Receiver.Summary s;
        try (Receiver r =
                Receiver.start(project, Receiver.Options.loopback(0).withQuietPeriod(Duration.ofMillis(300)), null)) {
            for (Path body : SdkCaptures.bodies(sdk)) {
                String name = body.getFileName().toString();
                JsonNode meta = Json.read(
                        Files.readString(body.resolveSibling(name.substring(0, name.lastIndexOf('.')) + ".meta.json")));
                HttpRequest.Builder req = HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                                + r.address().getPort() + meta.path("path").asText()))
                        .POST(HttpRequest.BodyPublishers.ofFile(body));
                JsonNode headers = meta.path("headers");
                req.header("Content-Type", headers.path("content-type").asText("application/json"));
                if (headers.has("content-encoding")) {
                    req.header(
                            "Content-Encoding", headers.path("content-encoding").asText());
                }
                HttpResponse<String> res = http.send(req.build(), HttpResponse.BodyHandlers.ofString());
                assertEquals(200, res.statusCode(), sdk + " " + name + ": " + res.body());
            }
            s = r.stop();
        }
        List<AgentCorpus.Run> runs = AgentCorpus.runs(project);
        List<String> wrong = SdkCaptures.verdicts(runs);
        assertEquals(List.of(), wrong, sdk + " through receive: " + (4 - wrong.size()) + "/4 runs right");
        assertEquals(4, runs.size(), sdk + ": " + s);
        assertEquals(0, s.refused(), sdk + ": " + s);
    }
}
