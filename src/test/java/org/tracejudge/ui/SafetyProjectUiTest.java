package org.tracejudge.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.Button;
import javafx.scene.control.Labeled;
import javafx.scene.control.ListView;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.tracejudge.TestData;
import org.tracejudge.classify.SelectionLabeller;
import org.tracejudge.importer.Importer;
import org.tracejudge.safety.SafetyReview;
import org.tracejudge.store.Project;
import org.tracejudge.team.LocalTeam;

/**
 * Issue 31, item 7: the safety review opens on the project in the main window (not only on the bundled sample), and
 * the main window's review keys do not decide a safety item (the last person's key would have set Final).
 */
class SafetyProjectUiTest extends WindowTest {
    private static final Path SAMPLE = Path.of("resources", "samples", "safety");

    private Path lantern(String name, String teamPerson) {
        Path file = home.resolve(name + ".tjdb");
        try (Project p = Project.open(file, Project.OpenOptions.createIfMissing(name))) {
            new Importer(p, null)
                    .importFiles(List.of(SAMPLE.resolve("scenario.json"), SAMPLE.resolve("runs.jsonl")), null, null);
            SelectionLabeller.classify(p);
            if (teamPerson != null) {
                p.setMeta(LocalTeam.PERSON, teamPerson);
                p.setMeta(LocalTeam.USER, teamPerson + "_role");
            }
        }
        return file;
    }

    private void openOn(FxRobot robot, Path file) {
        opened(robot);
        robot.interact(() -> vm().session().open(file));
        waitFor(
                "the Lantern project's 64 runs",
                () -> file.equals(vm().session().projectFile())
                        && !vm().session().loadingProperty().get()
                        && table().getItems().size() == 64
                        && vm().trace().detailProperty().get() != null);
    }

    private javafx.scene.Node safety(String id) {
        return app.window().safetyView().lookup(id);
    }

    private String safetyText(String id) {
        return ((Labeled) safety(id)).getText();
    }

    private Stage safetyStage() {
        return (Stage) app.window().safetyView().getScene().getWindow();
    }

    @Test
    void reviewKeysDoNotDecideASafetyItemAndCtrlShiftLReviewsThisProject(FxRobot robot) {
        Path file = lantern("clinic", null);
        openOn(robot, file);
        robot.interact(() -> table().requestFocus());
        // the trace says what is known in the form it has: the input's expected tools, the choices in the answer's text
        java.util.Set<String> shown = robot.lookup(".label").queryAllAs(Labeled.class).stream()
                .filter(javafx.scene.Node::isVisible)
                .map(Labeled::getText)
                .collect(java.util.stream.Collectors.toSet());
        assertTrue(
                shown.contains("expected tools: Opening Hours")
                        && shown.contains("none: the answer lists its choices")
                        && shown.contains("Safety item: decide it per tool in the safety review (Ctrl+Shift+L)"),
                shown.toString());
        // Enter (accept) and 1 (override) on a safety item: nothing is written, the status says where to decide it
        robot.type(KeyCode.ENTER);
        waitFor("refused", () -> vm().session().statusProperty().get().startsWith("Not saved: lantern/"));
        assertTrue(
                vm().session().statusProperty().get().contains("safety review (Review ▸ Safety review, Ctrl+Shift+L)"),
                vm().session().statusProperty().get());
        robot.type(KeyCode.DIGIT1);
        Project p = vm().session().project();
        assertEquals(
                "0",
                TestData.scalar(p, "SELECT count(*) FROM adjudication"),
                "no main-window decision on a safety item");
        assertEquals(0, vm().table().currentProperty().get(), "the queue did not move on");

        // Ctrl+Shift+L: the safety review of this project, as the workbench annotator
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT).type(KeyCode.L).release(KeyCode.SHIFT, KeyCode.CONTROL);
        waitFor("the safety window", () -> app.window().safetyView() != null && safety("#continueWarning") != null);
        assertEquals("Safety review — clinic", safetyStage().getTitle());
        robot.clickOn("#continueWarning");
        @SuppressWarnings("unchecked")
        ListView<SafetyReview.Input> items = (ListView<SafetyReview.Input>) safety("#safetyItems");
        waitFor(
                "16 inputs",
                () -> safety("#safetyItems") != null
                        && ((ListView<?>) safety("#safetyItems")).getItems().size() == 16);
        assertTrue(safetyText("#safetyExpert").startsWith("Expert: tester "), safetyText("#safetyExpert"));
        robot.clickOn("#safetyProgress");
        robot.targetWindow(safetyStage());
        robot.type(KeyCode.DOWN, 3);
        waitFor(
                "lantern/4",
                () -> items.getSelectionModel().getSelectedItem() != null
                        && "lantern/4"
                                .equals(items.getSelectionModel()
                                        .getSelectedItem()
                                        .key()));
        KeyCode[] digits = {
            KeyCode.DIGIT1, KeyCode.DIGIT2, KeyCode.DIGIT3, KeyCode.DIGIT4, KeyCode.DIGIT5, KeyCode.DIGIT6
        };
        for (int i = 0; i < 6; i++) {
            robot.type(digits[i]).type(i == 5 ? KeyCode.Y : KeyCode.N); // the sixth tool is the Safety Call
        }
        assertTrue(((ToggleButton) safety("#tool-6-yes")).isSelected());
        // every NO on a safety-critical tool (End Conversation here) needs a rationale
        robot.type(KeyCode.R).write("a plan with a time; no hostility").type(KeyCode.ESCAPE);
        robot.press(KeyCode.CONTROL).type(KeyCode.ENTER).release(KeyCode.CONTROL);
        waitFor("committed", () -> safetyText("#safetyStatus").startsWith("Committed tester's labels on lantern/4 "));
        // written to this project (one entry per run of the input), and the main window re-read it
        assertEquals(
                "4",
                TestData.scalar(
                        p,
                        "SELECT count(*) FROM label l JOIN rater r ON r.id = l.rater_id "
                                + "WHERE r.name = 'tester' AND l.created_by = 'tester'"));
        waitFor(
                "the main table shows the expert's labels",
                () -> !vm().session().loadingProperty().get()
                        && vm().session().state().layoutProperty().get().columns().stream()
                                .anyMatch(c -> c.title().contains("tester")));
    }

    @Test
    void onATeamProjectTheExpertIsTheHubIdentity(FxRobot robot) {
        Path file = lantern("team-clinic", "dana");
        openOn(robot, file);
        robot.interact(() -> app.window().openSafetyReview());
        waitFor("the safety window", () -> app.window().safetyView() != null && safety("#continueWarning") != null);
        assertEquals("Safety review — team-clinic (team project)", safetyStage().getTitle());
        robot.interact(() -> ((Button) safety("#continueWarning")).fire());
        waitFor("the review", () -> safety("#safetyExpert") != null);
        assertTrue(
                safetyText("#safetyExpert").startsWith("Expert: dana ")
                        && safetyText("#safetyExpert").contains("team hub"),
                safetyText("#safetyExpert"));
        // nobody switches to another name here: the hub takes decisions under the member's name only
        assertTrue(safety("#switchExpert").isDisabled());
        robot.clickOn("#safetyProgress");
        robot.targetWindow(safetyStage());
        robot.press(KeyCode.CONTROL).type(KeyCode.E).release(KeyCode.CONTROL);
        waitFor("said why", () -> safetyText("#safetyStatus").contains("you review as dana"));
        assertTrue(robot.lookup("#expertName").tryQuery().isEmpty(), "no name dialog");
    }
}
