package org.tracejudge.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

/**
 * Issue 53, item 5: File ▸ Receive traces… in the real window — start listening, an agent's run arrives over HTTP,
 * the table shows it and the status bar counts it; closing the window stops receiving.
 */
class ReceiveUiTest extends WindowTest {
    @Test
    void aRunSentWhileTheWindowIsOpenLandsInTheTable(FxRobot robot) throws Exception {
        opened(robot);
        long before = vm().table().totalProperty().get();
        robot.clickOn("File");
        robot.clickOn("Receive traces…");
        TextField listen = robot.lookup("#receiveListen").queryAs(TextField.class);
        robot.interact(() -> listen.setText("127.0.0.1:0"));
        robot.clickOn("#receiveStart");
        Label message = robot.lookup("#receiveMessage").queryAs(Label.class);
        waitFor("listening", () -> message.getText().startsWith("Receiving at http://127.0.0.1:"));
        Matcher m =
                Pattern.compile("Receiving at (http://127\\.0\\.0\\.1:\\d+)").matcher(message.getText());
        assertTrue(m.find(), message.getText());
        HttpResponse<String> res = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(m.group(1) + "/v1/traces"))
                                .header("Content-Type", "application/json")
                                .POST(HttpRequest.BodyPublishers.ofFile(
                                        Path.of("resources/samples/tour/otel-agent-trace.json")))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertEquals(200, res.statusCode(), res.body());
        Label counts = robot.lookup("#receiveCounts").queryAs(Label.class);
        waitFor("the run written", () -> counts.getText().equals("1 run written (1 new trace)"));
        waitFor(
                "the table showing it",
                () -> !vm().session().loadingProperty().get()
                        && vm().table().totalProperty().get() == before + 1);
        assertTrue(
                vm().session().statusProperty().get().contains("Received 1 run"),
                vm().session().statusProperty().get());
        robot.clickOn("#receiveStop");
        waitFor("stopped", () -> message.getText().startsWith("Stopped. Kept 1 run (1 new trace) from 7 spans"));
        robot.interact(() -> listen.getScene().getWindow().hide());
    }

    /**
     * An SDK that exports messages as log records (OpenTelemetry's OpenAI instrumentation, captured in
     * sdk-captures/otel-openai) sends them after the spans: the window counts the four runs once and says the late
     * log records completed them, instead of counting eight runs.
     */
    @Test
    void lateLogRecordsCompleteTheRunsInsteadOfCountingAsRuns(FxRobot robot) throws Exception {
        opened(robot);
        long before = vm().table().totalProperty().get();
        robot.clickOn("File");
        robot.clickOn("Receive traces…");
        TextField listen = robot.lookup("#receiveListen").queryAs(TextField.class);
        robot.interact(() -> listen.setText("127.0.0.1:0"));
        robot.clickOn("#receiveStart");
        Label message = robot.lookup("#receiveMessage").queryAs(Label.class);
        waitFor("listening", () -> message.getText().startsWith("Receiving at http://127.0.0.1:"));
        Matcher m =
                Pattern.compile("Receiving at (http://127\\.0\\.0\\.1:\\d+)").matcher(message.getText());
        assertTrue(m.find(), message.getText());
        Path capture = Path.of("src/test/resources/sdk-captures/otel-openai");
        Label counts = robot.lookup("#receiveCounts").queryAs(Label.class);
        assertEquals(200, post(m.group(1) + "/v1/traces", capture.resolve("001-v1_traces.pb")));
        waitFor("the spans' runs written", () -> counts.getText().equals("4 runs written (4 new traces)"));
        assertEquals(200, post(m.group(1) + "/v1/logs", capture.resolve("002-v1_logs.pb")));
        waitFor("the late log records counted as completions", () -> counts.getText()
                .equals("4 runs written (4 new traces); 4 stored runs completed by later log records"));
        waitFor(
                "the table showing four runs",
                () -> !vm().session().loadingProperty().get()
                        && vm().table().totalProperty().get() == before + 4);
        robot.clickOn("#receiveStop");
        waitFor("stopped", () -> message.getText().startsWith("Stopped. Kept 4 runs (4 new traces) from 19 spans"));
        assertTrue(message.getText().contains("; 4 stored runs completed by later log records"), message.getText());
        robot.interact(() -> listen.getScene().getWindow().hide());
    }

    private static int post(String url, Path body) throws Exception {
        return HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(url))
                                .header("Content-Type", "application/x-protobuf")
                                .POST(HttpRequest.BodyPublishers.ofFile(body))
                                .build(),
                        HttpResponse.BodyHandlers.ofString())
                .statusCode();
    }
}
