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
}
