package org.tracejudge.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

/**
 * Issue 36, item 19: File ▸ Open the tour of trace kinds opens the bundled tour — a trace of every kind the README
 * describes — and each reads as its kind: the agent run with its steps and no expected call, a long conversation in
 * the conversation view.
 */
class TourUiTest extends WindowTest {
    @Test
    void theTourOpensFromTheFileMenuWithEveryKindOfTrace(FxRobot robot) {
        opened(robot);
        robot.clickOn("File");
        robot.clickOn("Open the tour of trace kinds");
        waitFor(
                "the tour",
                () -> !vm().session().loadingProperty().get()
                        && vm().table().totalProperty().get() == 36);
        waitFor(
                "its name in the title",
                () -> vm().session().state().titleProperty().get().contains("Tour of trace kinds"));
        // the OpenTelemetry agent run: its steps' calls, no expected call, no rule label
        robot.interact(() -> vm().table().setFilter(org.tracejudge.store.TraceTable.Filter.NONE.withSearch("booked")));
        waitFor(
                "the agent run",
                () -> !vm().session().loadingProperty().get()
                        && vm().table().totalProperty().get() == 1
                        && vm().trace().detailProperty().get() != null);
        assertEquals(
                "kestrel-13b-instruct",
                vm().trace().detailProperty().get().trace().model());
        assertTrue(
                robot.lookup(".label").queryAllAs(javafx.scene.control.Label.class).stream()
                        .anyMatch(l -> "not given (an agent run)".equals(l.getText())),
                "says the run names no expected call");
        assertEquals(
                2, vm().trace().detailProperty().get().trace().executedCalls().size());
        // a ToolHaystack conversation opens in the conversation view
        robot.interact(
                () -> vm().table().setFilter(org.tracejudge.store.TraceTable.Filter.NONE.with("task", "th-cr-s-001")));
        waitFor(
                "a conversation",
                () -> !vm().session().loadingProperty().get()
                        && vm().table().totalProperty().get() == 2
                        && vm().trace().detailProperty().get() != null
                        && vm().trace().detailProperty().get().calls() != null);
        waitFor(
                "the conversation view",
                () -> app.window().traceView().conversationView().getScene() != null);
    }
}
