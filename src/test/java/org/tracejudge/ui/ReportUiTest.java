package org.tracejudge.ui;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.tracejudge.cli.TracejudgeCli;
import org.tracejudge.json.Json;

/**
 * File ▸ Export report… (issue 50): the study report made in the background has the command line's figures; Cancel
 * leaves no file; the project itself as the target is refused and left as it was.
 */
class ReportUiTest extends WindowTest {
    @Test
    void theReportIsWrittenInTheBackgroundCancelledOrRefused(FxRobot robot) throws Exception {
        opened(robot);
        Path dir = Files.createTempDirectory("tj-report-ui");
        Path out = dir.resolve("study.html");
        robot.interact(() -> vm().imports().exportReport(out));
        waitFor("the report written", () -> !vm().imports().importingProperty().get() && Files.exists(out));
        assertTrue(
                String.valueOf(vm().session().statusProperty().get()).startsWith("Wrote the study report to "),
                vm().session().statusProperty().get());
        Matcher m = Pattern.compile("<script type=\"application/json\" id=\"figures\">(.*?)</script>", Pattern.DOTALL)
                .matcher(Files.readString(out));
        assertTrue(m.find());
        JsonNode figures = Json.read(m.group(1).replace("<\\/", "</"));
        StringWriter sw = new StringWriter();
        int code = TracejudgeCli.execute(
                new String[] {
                    "metrics", vm().session().projectFile().toString(), "--source", "final", "--format", "json"
                },
                new PrintWriter(sw),
                new PrintWriter(new StringWriter()));
        assertEquals(0, code);
        com.fasterxml.jackson.databind.node.ObjectNode cli =
                (com.fasterxml.jackson.databind.node.ObjectNode) Json.read(sw.toString());
        cli.remove("schema");
        cli.remove("command");
        assertEquals(cli, figures.path("leaderboard").get("metrics"), "the command line's figures");

        // Cancel right after the start: nothing written
        Path cancelled = dir.resolve("cancelled.html");
        robot.interact(() -> {
            vm().imports().exportReport(cancelled);
            vm().imports().cancelImport();
        });
        waitFor("cancelled", () -> !vm().imports().importingProperty().get());
        assertTrue(
                vm().imports().importMessageProperty().get().startsWith("Report cancelled"),
                vm().imports().importMessageProperty().get());
        assertFalse(Files.exists(cancelled));

        // the project as the target: refused, the file as it was
        Path project = vm().session().projectFile();
        byte[] before = Files.readAllBytes(project);
        robot.interact(() -> vm().imports().exportReport(project));
        waitFor(
                "refused",
                () -> !vm().imports().importingProperty().get()
                        && vm().imports().importErrorProperty().get() != null);
        assertTrue(vm().imports().importMessageProperty().get().contains("nothing was written"));
        assertArrayEquals(before, Files.readAllBytes(project));
    }
}
