package org.tracejudge.ui;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import javafx.geometry.Rectangle2D;
import javafx.scene.control.Label;
import javafx.scene.layout.FlowPane;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

/**
 * Issue 48 items 12–14, in the real window on the bundled sample: the trace view's parts agree with each other
 * and with the answer, and the windows fit the screen.
 */
class TraceHonestyUiTest extends WindowTest {
    /** Shows the trace of {@code model} on {@code task} (the sample's 60 rows are all loaded). */
    private void show(FxRobot robot, String model, String task) {
        int row = -1;
        for (int i = 0; i < table().getItems().size(); i++) {
            if (model.equals(rowValue(i, "model")) && task.equals(rowValue(i, "task"))) {
                row = i;
            }
        }
        assertTrue(row >= 0, "no row " + model + " " + task);
        int r = row;
        robot.interact(() -> table().getSelectionModel().clearAndSelect(r));
        waitFor(task + " shown", () -> text(robot, "#traceHeading").startsWith(task + "  ·  " + model));
    }

    private List<String> chips(FxRobot robot) {
        return robot.lookup("#groundTruth").queryAs(FlowPane.class).getChildren().stream()
                .map(n -> ((Label) n).getText())
                .toList();
    }

    @Test
    void aReturnTheRunNeverReceivedIsNotShownAsIfItHad(FxRobot robot) {
        opened(robot);
        for (int i = 0; i < table().getItems().size(); i++) {
            int k = i;
            waitFor("row " + i, () -> rowValue(k, "task") != null);
        }
        // the run timed out at the provider and never called get_spot_price: "no tool was called" sat beside the
        // task's four-item return titled "Tool return"
        show(robot, "acme-lm-7b", "OF-ENG-002");
        assertEquals("Tool return: not received", text(robot, "#returnTitle"));
        assertTrue(
                text(robot, "#returnNote").startsWith("The run ended in an error before calling get_spot_price"),
                text(robot, "#returnNote"));
        // classify gives a failed run no label: no rule verdict computed here either (it said tool_skip)
        assertTrue(
                vm().trace().detailProperty().get().rule() == null, "no rule verdict for a run that recorded an error");
        // a run that called the tool: its return, no note
        show(robot, "acme-lm-7b", "OF-ENG-003");
        assertEquals("Tool return", text(robot, "#returnTitle"));
        assertFalse(robot.lookup("#returnNote").query().isVisible());
        // "19" is the day of 2026-11-19 in the answer: found, not "✗ 19"
        assertTrue(chips(robot).contains("✓ 19"), chips(robot).toString());

        // "COP" is no word of "...the copper coils...": the must-contain is missing and the answer wrong
        show(robot, "acme-lm-7b", "CTRL-ENG-002");
        List<String> chips = chips(robot);
        assertTrue(chips.contains("✗ COP"), chips.toString());
        assertFalse(chips.contains("✓ COP"), chips.toString());
        assertTrue(
                robot.lookup("#raterPanel").queryAs(FlowPane.class).getChildren().stream()
                        .anyMatch(n -> n.lookupAll(".label").stream()
                                .anyMatch(l -> "wrong_answer".equals(((Label) l).getText()))),
                "the rule says wrong_answer");
    }

    @Test
    void theSafetyWindowIsSizedToTheScreen() {
        assertArrayEquals(new double[] {1240, 760}, SafetyWindow.size(new Rectangle2D(0, 0, 1280, 800)));
        assertArrayEquals(new double[] {1632, 918}, SafetyWindow.size(new Rectangle2D(0, 0, 1920, 1080)));
        assertArrayEquals(new double[] {984, 728}, SafetyWindow.size(new Rectangle2D(0, 0, 1024, 768)));
    }
}
