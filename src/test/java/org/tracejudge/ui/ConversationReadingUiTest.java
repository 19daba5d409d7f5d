package org.tracejudge.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.tracejudge.store.TraceTable;
import org.tracejudge.ui.conversation.ConversationView;

/**
 * Issue 36, the journey "read a long multi-turn trace", walked at 1280×800: in the conversation view E / Shift+E go
 * to the next / previous marked turn (evidence and the judged call), as they go to the next highlight of a final
 * answer — before, E only said "No highlighted evidence in this answer" — and the summary, the "Show thinking"
 * button and the side panel's notes are not cut off with an ellipsis.
 */
class ConversationReadingUiTest extends WindowTest {
    @Test
    void evidenceKeysWalkTheMarkedTurnsAndNothingIsCutOff(FxRobot robot) {
        opened(robot);
        robot.clickOn("File");
        robot.clickOn("Open the tour of trace kinds");
        waitFor(
                "the tour",
                () -> !vm().session().loadingProperty().get()
                        && vm().table().totalProperty().get() == 36);
        // dia-001 of acme-lm-7b: evidence in turns 0 and 3, the judged call in turn 5
        robot.interact(() -> vm().table()
                .setFilter(TraceTable.Filter.NONE.with("task", "dia-001").with("model", "acme-lm-7b")));
        waitFor(
                "the conversation",
                () -> !vm().session().loadingProperty().get()
                        && vm().table().totalProperty().get() == 1
                        && vm().trace().detailProperty().get() != null
                        && vm().trace().detailProperty().get().calls() != null);
        ConversationView conv = app.window().traceView().conversationView();
        waitFor("the conversation view", () -> conv.getScene() != null && conv.getWidth() > 0);
        assertEquals(1280, stage.getWidth(), 1);
        robot.clickOn("#traceTable");
        robot.type(KeyCode.E);
        waitFor("on the first evidence turn", () -> conv.focusedTurnProperty().get() == 0);
        assertFalse(
                String.valueOf(vm().session().statusProperty().get()).contains("No highlighted evidence"),
                "E found the evidence of the conversation");
        robot.type(KeyCode.E);
        waitFor("on the second evidence turn", () -> conv.focusedTurnProperty().get() == 3);
        robot.type(KeyCode.E);
        waitFor("on the judged call", () -> conv.focusedTurnProperty().get() == 5);
        robot.type(KeyCode.E);
        waitFor("round again to the first", () -> conv.focusedTurnProperty().get() == 0);
        robot.press(KeyCode.SHIFT).type(KeyCode.E).release(KeyCode.SHIFT);
        waitFor("back to the judged call", () -> conv.focusedTurnProperty().get() == 5);
        // the summary line, the thinking toggle and the side panel's notes are drawn whole
        List<String> cut = DesktopConventionsUiTest.truncated(conv).stream()
                .filter(s -> !s.startsWith("ListCell") && !s.contains("TurnCell"))
                .toList();
        assertEquals(List.of(), cut, "cut off in the conversation view");
    }
}
