package org.tracejudge.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.tracejudge.TestData;
import org.tracejudge.safety.SafetyReview;
import org.tracejudge.selection.SelectionTraces;
import org.tracejudge.store.Project;
import org.tracejudge.ui.safety.SafetyReviewModel;
import org.tracejudge.ui.safety.SafetyReviewView;

/**
 * The safety review window, headless: from the start page through the content warning, a blind double review of a
 * Safety Call by two experts, to the adjudicator's decision; then the ledger.
 */
@ExtendWith(ApplicationExtension.class)
class SafetyReviewUiTest {
    static String homeBefore;
    static Path home;
    WorkbenchApp app;

    @BeforeAll
    static void isolatedDataFolder() throws Exception {
        home = Files.createTempDirectory("tracejudge-safety-ui-test");
        homeBefore = System.getProperty("tracejudge.home");
        System.setProperty("tracejudge.home", home.toString());
        Files.writeString(home.resolve("settings.json"), "{\"annotator\": \"tester\"}");
    }

    @AfterAll
    static void restore() {
        if (homeBefore == null) { // back to the build's test data folder, never the user's own
            System.clearProperty("tracejudge.home");
        } else {
            System.setProperty("tracejudge.home", homeBefore);
        }
    }

    @Start
    void start(Stage stage) throws Exception {
        app = new WorkbenchApp();
        app.start(stage);
    }

    private void waitFor(String what, java.util.concurrent.Callable<Boolean> c) throws Exception {
        try {
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, c);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("timed out waiting for: " + what, e);
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static String text(FxRobot robot, String id) {
        return robot.lookup(id).queryAs(Label.class).getText();
    }

    @Test
    @SuppressWarnings("unchecked")
    void blindDoubleReviewToAnAdjudicatedSafetyCall(FxRobot robot) throws Exception {
        // the app opens the bundled project on start; the start page comes back only once that opening is done,
        // else the workbench replaces it under the robot's click
        waitFor("sample project open", () -> app.viewModel().openProperty().get() && !app.viewModel().openingProperty().get());
        robot.interact(() -> app.window().showWelcome());
        waitFor("start page", () -> robot.lookup("#openSafetySample").tryQuery().isPresent());
        robot.clickOn("#openSafetySample");
        waitFor("content warning", () -> robot.lookup("#contentWarning").tryQuery().isPresent());
        assertTrue(text(robot, "#contentWarning").contains("self-harm"), text(robot, "#contentWarning"));
        robot.clickOn("#continueWarning");
        waitFor("40 items", () -> robot.lookup("#safetyItems").tryQuery().isPresent()
                && robot.lookup("#safetyItems").queryAs(ListView.class).getItems().size() == 40);
        SafetyReviewModel model = app.window().safetyModel();
        SafetyReviewView view = app.window().safetyView();
        Project p = model.project();
        // skip without labelling: nothing is recorded
        robot.clickOn("#safetySkip");
        waitFor("skipped", () -> text(robot, "#safetyStatus").contains("skipped (1 this session)"));
        assertEquals("0", TestData.scalar(p, "SELECT count(*) FROM label l JOIN rater r ON r.id = l.rater_id WHERE r.kind = 'human'"));
        assertTrue(!robot.lookup("#breakReminder").query().isVisible(), "no break reminder yet (45 minutes)");
        String t = SafetyReview.items(p).stream().filter(i -> i.taskKey().equals("lantern/4")
                && i.model().equals("listener-small") && i.approach().equals("structured"))
                .map(SelectionTraces.Item::traceId).findFirst().orElseThrow();
        robot.interact(() -> view.select(t));
        waitFor("message", () -> text(robot, "#safetyMessage").contains("ending it tonight"));

        // expert 1: blind until committed
        robot.clickOn("#safetyExpert").write("ana");
        waitFor("hidden", () -> text(robot, "#machineLabels").contains("hidden until you commit"));
        robot.clickOn("#tool-5"); // Safety Call
        robot.clickOn("#safetyRationale").write("plan with a time: \"ending it tonight\"");
        robot.clickOn("#safetyCommit");
        waitFor("ana committed", () -> text(robot, "#safetyStatus").contains("committed ana's labels"));
        waitFor("revealed", () -> text(robot, "#machineLabels").contains("rule: no tool"));
        assertNotNull(SafetyReview.revealedAt(p, t, "ana"));

        // expert 2: a new name hides the machine labels again
        robot.doubleClickOn("#safetyExpert").eraseText(3).write("ben");
        waitFor("hidden for ben", () -> text(robot, "#machineLabels").contains("hidden until you commit"));
        robot.clickOn("#tool-5"); // back to NO
        robot.doubleClickOn("#safetyRationale");
        robot.interact(() -> robot.lookup("#safetyRationale").queryAs(javafx.scene.control.TextField.class).clear());
        robot.clickOn("#safetyRationale").write("venting, no means named");
        robot.clickOn("#safetyCommit");
        waitFor("ben committed", () -> text(robot, "#safetyStatus").contains("committed ben's labels"));
        assertEquals(new SafetyReview.Final(null, "pending: experts disagree"),
                SafetyReview.finalLabels(p).get(t).get("Safety Call"));

        // the adjudicator sees both rationales and decides
        robot.clickOn("Adjudication");
        waitFor("queue", () -> robot.lookup("#adjQueue").queryAs(ListView.class).getItems().size() == 1);
        waitFor("rationales", () -> text(robot, "#adjRationales").contains("ending it tonight")
                && text(robot, "#adjRationales").contains("venting"));
        robot.clickOn("#adjudicator").write("cleo");
        robot.clickOn("#adjRationale").write("a stated intention and a time");
        robot.clickOn("#adjYes");
        waitFor("adjudicated", () -> text(robot, "#safetyStatus").contains("adjudicated Safety Call")
                && robot.lookup("#adjQueue").queryAs(ListView.class).getItems().isEmpty());

        // the ledger
        assertEquals(new SafetyReview.Final(true, "adjudication"), SafetyReview.finalLabels(p).get(t).get("Safety Call"));
        assertEquals("ana=1,ben=0,safety-adjudication=1", TestData.scalar(p, "SELECT group_concat(n, ',') FROM (SELECT r.name "
                + "|| '=' || json_extract(l.scores, '$.\"tool:Safety Call\"') AS n FROM current_label l JOIN rater r ON r.id = l.rater_id "
                + "WHERE l.trace_id = '" + t + "' AND r.kind = 'human' ORDER BY r.name)"));
        assertEquals("cleo", TestData.scalar(p, "SELECT l.created_by FROM label l JOIN rater r ON r.id = l.rater_id "
                + "WHERE r.name = 'safety-adjudication' AND l.trace_id = '" + t + "'"));
        assertEquals(List.of(), SafetyReview.disagreements(p));
        FxToolkit.cleanupStages();
    }
}
