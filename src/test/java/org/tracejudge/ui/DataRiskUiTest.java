package org.tracejudge.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.tracejudge.store.TraceTable;

/**
 * What put a reviewer's data or judgement at risk in a day of real work (issue 36, items 1-4), walked with keys and
 * clicks in the real window: the selection never jumps to a stranger after a refresh, the note under the keys
 * never speaks of another trace, a new project shows nothing of the last one, and Ctrl+Q ends every window.
 */
class DataRiskUiTest extends WindowTest {

    @Test
    void theSelectedTraceStaysSelectedAcrossARefresh(FxRobot robot) {
        opened(robot);
        robot.interact(() -> table().requestFocus());
        for (int i = 0; i < 7; i++) {
            robot.type(KeyCode.J);
        }
        waitFor("row 7", () -> vm().table().currentProperty().get() == 7);
        String on = vm().table().idAt(7);
        // what an import, a classify or a judge run does when it ends
        robot.interact(() -> vm().session().reload(true));
        waitFor(
                "re-read",
                () -> !vm().session().loadingProperty().get()
                        && on.equals(
                                vm().trace().detailProperty().get() == null
                                        ? null
                                        : vm().trace().detailProperty().get().traceId()));
        assertEquals(on, vm().table().idAt(vm().table().currentProperty().get()), "the same trace, not row 1");
        // sorted otherwise: the trace is followed to its new place
        robot.interact(() -> vm().table().setSort(new TraceTable.Sort("model", true)));
        waitFor(
                "re-sorted",
                () -> !vm().session().loadingProperty().get()
                        && on.equals(
                                vm().table().idAt(vm().table().currentProperty().get())));
    }

    @Test
    void aTraceThatLeftTheQueueIsNotReplacedByAStranger(FxRobot robot) {
        opened(robot);
        robot.interact(() -> table().requestFocus());
        robot.type(KeyCode.J);
        robot.type(KeyCode.J);
        waitFor("row 2", () -> vm().table().currentProperty().get() == 2);
        String model = vm().trace().detailProperty().get().trace().model();
        String other = rowValue(59, "model").equals(model) ? rowValue(0, "model") : rowValue(59, "model");
        assertFalse(other.equals(model));
        // the queue changes under the reviewer (another model only) and the project is re-read, as after a judge run
        robot.interact(() -> {
            vm().session().state().select(TraceTable.Filter.NONE.with("model", other), TraceTable.Sort.DEFAULT);
            vm().session().reload(true);
        });
        waitFor(
                "re-read",
                () -> !vm().session().loadingProperty().get()
                        && table().getItems().size() == 20);
        waitFor("nothing selected", () -> vm().table().currentProperty().get() == -1);
        assertNull(vm().trace().detailProperty().get(), "no stranger on screen");
        assertTrue(
                vm().session().statusProperty().get().contains("no longer in this queue"),
                vm().session().statusProperty().get());
        // Enter now decides nothing
        robot.interact(() -> table().requestFocus());
        robot.type(KeyCode.ENTER);
        assertEquals(-1, vm().table().currentProperty().get());
    }

    @Test
    void theDecisionNoteNamesItsTraceAndGoesWithTheNextMove(FxRobot robot) {
        opened(robot);
        robot.interact(() -> table().requestFocus());
        String first = vm().table().idAt(0);
        robot.type(KeyCode.ENTER);
        waitFor("moved on", () -> vm().table().currentProperty().get() == 1);
        String note = robot.lookup("#decisionNote").queryAs(Label.class).getText();
        assertTrue(note.startsWith("tester: ") && note.contains(" on "), "names the decided trace: " + note);
        assertFalse(first.equals(vm().table().idAt(1)));
        robot.type(KeyCode.J);
        waitFor("row 2", () -> vm().table().currentProperty().get() == 2);
        assertEquals("", robot.lookup("#decisionNote").queryAs(Label.class).getText(), "gone on the next move");
    }

    @Test
    void aNewProjectShowsNothingOfTheLastOne(FxRobot robot) {
        opened(robot);
        Path file = home.resolve("new.tjdb");
        robot.interact(() -> vm().session().create(file));
        waitFor(
                "the new project",
                () -> file.equals(vm().session().projectFile())
                        && !vm().session().loadingProperty().get()
                        && vm().session().openProperty().get());
        assertNull(vm().trace().detailProperty().get(), "no trace of the sample on screen");
        assertEquals(-1, vm().table().currentProperty().get());
        assertEquals(0, table().getItems().size());
    }

    @Test
    void quittingWithTheSafetyWindowOpenClosesEveryWindow(FxRobot robot) {
        opened(robot);
        robot.interact(() -> app.window().openSafetySample());
        waitFor(
                "the safety window",
                () -> Window.getWindows().stream().filter(Window::isShowing).count() == 2);
        robot.interact(() -> table().requestFocus());
        try {
            robot.press(KeyCode.CONTROL).type(KeyCode.Q).release(KeyCode.CONTROL);
            waitFor("every window closed", () -> Window.getWindows().stream().noneMatch(Window::isShowing));
        } finally {
            // the primary stage serves the next window tests of this JVM: show it again, with the focus
            robot.interact(() -> {
                stage.show();
                stage.requestFocus();
            });
        }
    }
}
