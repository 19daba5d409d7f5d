package org.tracejudge.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.tracejudge.store.Comments;
import org.tracejudge.store.TraceTable;

/**
 * Issue 36, item 8: F flags the trace on screen for the lead (the badge shows, the quick filter "Flagged for the lead"
 * finds it, F again clears it); N writes a comment kept with the trace under the annotator's name.
 */
class CommentsUiTest extends WindowTest {
    @Test
    void fFlagsForTheLeadAndNWritesAComment(FxRobot robot) {
        opened(robot);
        robot.interact(() -> table().requestFocus());
        String trace = vm().table().idAt(0);
        // F acts on the trace on screen: wait until it is shown (a key before that says "No trace on screen")
        waitFor(
                "the first trace shown",
                () -> vm().trace().detailProperty().get() != null
                        && trace.equals(vm().trace().detailProperty().get().traceId()));
        // the keys go to the table, as a person's do once they look at the trace (showing it may move the focus)
        robot.interact(() -> table().requestFocus());
        robot.type(KeyCode.F);
        waitFor(
                "flagged",
                () -> vm().comments().flaggedProperty().get()
                        && robot.lookup("#flagBadge").queryLabeled().isVisible());
        // the lead's filter finds it
        robot.interact(() -> vm().table().setFilter(TraceTable.Filter.NONE.withShow(TraceTable.Show.FLAGGED)));
        waitFor(
                "one flagged trace",
                () -> !vm().session().loadingProperty().get()
                        && vm().table().totalProperty().get() == 1
                        && trace.equals(vm().table().idAt(0)));
        // N: a comment, typed in its dialog
        robot.interact(() -> table().requestFocus());
        robot.type(KeyCode.N);
        waitFor(
                "the comment dialog",
                () -> robot.lookup("#commentText").tryQuery().isPresent());
        robot.clickOn("#commentText").write("the return looks cut off");
        // Enter keeps it (the table's "OK" chips make a lookup of the button's text ambiguous)
        robot.type(KeyCode.ENTER);
        waitFor("the comment listed", () -> vm().comments().comments().size() == 2);
        Comments.Comment c = vm().comments().comments().get(1);
        assertEquals("tester", c.author());
        assertEquals(Comments.Action.NOTE, c.action());
        assertEquals("the return looks cut off", c.text());
        assertTrue(robot.lookup("#commentList").queryAs(javafx.scene.layout.VBox.class).getChildren().stream()
                .anyMatch(n ->
                        n instanceof javafx.scene.control.Label l && l.getText().contains("the return looks cut off")));
        // F again clears the flag; the filter is empty then
        robot.interact(() -> table().requestFocus());
        robot.type(KeyCode.F);
        waitFor("cleared", () -> !vm().comments().flaggedProperty().get());
        waitFor(
                "no flagged trace left",
                () -> !vm().session().loadingProperty().get()
                        && vm().table().totalProperty().get() == 0);
        assertEquals(
                "3",
                org.tracejudge.TestData.scalar(
                        vm().session().project(),
                        "SELECT count(*) FROM trace_comment WHERE trace_id = '" + trace + "'"));
    }
}
