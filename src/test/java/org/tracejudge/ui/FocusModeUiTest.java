package org.tracejudge.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

/**
 * Issue 36, item 8: a focused one-item view. Ctrl+Shift+F hides the table; the trace and its decision keys take the
 * window and the review keys work as before; Ctrl+Shift+F again brings the table back on the trace reached.
 */
class FocusModeUiTest extends WindowTest {
    private void focusKey(FxRobot robot) {
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT).type(KeyCode.F).release(KeyCode.SHIFT, KeyCode.CONTROL);
    }

    @Test
    void ctrlShiftFShowsOneTraceAndTheKeysStillReview(FxRobot robot) {
        opened(robot);
        robot.interact(() -> table().requestFocus());
        focusKey(robot);
        waitFor("the table hidden", () -> table().getScene() == null && app.window().focusModeProperty().get());
        String first = vm().table().idAt(0);
        assertEquals(first, vm().trace().detailProperty().get().traceId());
        // J moves on, 1 decides: the keys act without the table on screen
        robot.type(KeyCode.J);
        waitFor("the second trace", () -> vm().table().currentProperty().get() == 1
                && vm().trace().detailProperty().get() != null
                && vm().trace().detailProperty().get().traceId().equals(vm().table().idAt(1)));
        robot.type(KeyCode.DIGIT1);
        waitFor("decided, on the third", () -> vm().table().currentProperty().get() == 2);
        assertNotNull(rowValue(1, "human:tester"));
        focusKey(robot);
        waitFor("the table back on the trace reached", () -> table().getScene() != null
                && table().getSelectionModel().getSelectedIndex() == 2);
    }
}
