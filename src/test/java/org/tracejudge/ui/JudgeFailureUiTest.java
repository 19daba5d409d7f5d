package org.tracejudge.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.tracejudge.TestData;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectQueries;

/**
 * Judges ▸ Run a judge against a server that is not there, walked on the real window: the run starts (its judge and
 * rater are saved), fails on the first request and says why; it leaves no rater behind, so neither the table, the
 * agreement nor the project's raters show an empty "down-judge".
 */
class JudgeFailureUiTest extends WindowTest {
    @Override
    int waitSeconds() {
        return 60; // the failing run's first request waits for its connect timeout
    }

    private static void retype(FxRobot robot, String id, String text) {
        robot.clickOn(id);
        robot.press(KeyCode.CONTROL).type(KeyCode.A).release(KeyCode.CONTROL);
        robot.type(KeyCode.BACK_SPACE);
        robot.write(text);
    }

    @Test
    void aJudgeRunThatFailsAfterStartingLeavesNoRater(FxRobot robot) throws Exception {
        ViewModels vm = app.viewModels();
        waitFor(
                "the sample open",
                () -> vm.session().openProperty().get()
                        && !vm.session().loadingProperty().get()
                        && vm.agreement().agreementProperty().get() != null);
        // a copy of the sample: the run must not touch the sample other tests read
        Path copy = home.resolve("failing.tjdb");
        try (Project p = SampleProject.open()) {
            p.read(c -> {
                try (java.sql.Statement s = c.createStatement()) {
                    s.execute("VACUUM INTO '" + copy.toString().replace("'", "''") + "'");
                }
                return null;
            });
        }
        robot.interact(() -> vm.session().open(copy));
        waitFor(
                "the copy open",
                () -> copy.equals(vm.session().projectFile())
                        && !vm.session().loadingProperty().get()
                        && vm.table().totalProperty().get() == 60
                        && vm.agreement().agreementProperty().get() != null);
        int ratersBefore =
                vm.agreement().agreementProperty().get().report().raters().size();

        int port;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            port = s.getLocalPort(); // closed again: nothing answers there
        }
        robot.press(KeyCode.CONTROL).type(KeyCode.J).release(KeyCode.CONTROL);
        waitFor(
                "the judge window",
                () -> app.window().judgeRunWindow() != null
                        && app.window().judgeRunWindow().stage().isShowing());
        robot.clickOn("#judgePreset");
        robot.clickOn("Other OpenAI-compatible server");
        retype(robot, "#judgeName", "down-judge");
        retype(robot, "#judgeBaseUrl", "http://127.0.0.1:" + port + "/v1");
        retype(robot, "#judgeModel", "fake-model");
        robot.interact(
                () -> robot.lookup("#judgeKeyVar").queryAs(TextField.class).setText(""));
        robot.clickOn("#judgeStart");
        waitFor(
                "the run stopped",
                () -> app.window().judgeRunWindow().lastReport() != null
                        && robot.lookup("#judgeCancel").queryAs(Button.class).isDisabled()
                        && !robot.lookup("#judgeStart").queryAs(Button.class).isDisabled());
        assertEquals("failed", app.window().judgeRunWindow().lastReport().status());
        String why = robot.lookup("#judgeProgressText").queryAs(Label.class).getText() + " "
                + robot.lookup("#judgeCheck")
                        .tryQueryAs(Label.class)
                        .map(Label::getText)
                        .orElse("");
        assertTrue(why.contains("nothing answers at http://127.0.0.1:" + port), why);

        // nothing of the run's rater is left: in the file, the table or the agreement
        String raterId = app.window().judgeRunWindow().lastReport().raterId();
        try (Project p = Project.open(copy)) {
            assertEquals("0", TestData.scalar(p, "SELECT count(*) FROM rater WHERE name = 'down-judge'"));
            assertTrue(new ProjectQueries(p).raters().stream().noneMatch(r -> r.id().equals(raterId)));
        }
        robot.interact(() -> app.window().judgeRunWindow().stage().close());
        vm.session().afterPendingWork(() -> {});
        waitFor("the re-read table", () -> !vm.session().loadingProperty().get());
        assertFalse(app.window().tableView().table().getColumns().stream()
                .map(TableColumn::getText)
                .anyMatch(t -> t != null && t.startsWith("down-judge")));
        assertEquals(
                ratersBefore,
                vm.agreement().agreementProperty().get().report().raters().size());
        assertTrue(vm.agreement().agreementProperty().get().report().raters().stream()
                .noneMatch(r -> r.startsWith("down-judge")));
    }
}
