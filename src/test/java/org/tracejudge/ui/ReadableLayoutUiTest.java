package org.tracejudge.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.text.Text;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.tracejudge.store.TraceTable;
import org.tracejudge.ui.trace.TraceView;

/**
 * Issue 48, item 14, at 1280×800: the tool return's values read in full (wrapped at the pane's width, not cut at its
 * edge), and the raters and the comments each keep a usable height while the return and answer keep theirs.
 */
class ReadableLayoutUiTest extends WindowTest {
    private static Bounds scene(Node n) {
        return n.localToScene(n.getLayoutBounds());
    }

    @Test
    void theToolReturnWrapsItsValuesAndRatersAndCommentsKeepTheirHeight(FxRobot robot) {
        opened(robot);
        assertEquals(1280, stage.getWidth(), 1);
        assertEquals(800, stage.getHeight(), 1);
        robot.interact(() -> vm().table()
                .setFilter(TraceTable.Filter.NONE.with("task", "OF-ENG-001").with("model", "acme-lm-7b")));
        waitFor(
                "OF-ENG-001 on screen",
                () -> !vm().session().loadingProperty().get()
                        && vm().table().totalProperty().get() == 1
                        && vm().trace().detailProperty().get() != null
                        && "OF-ENG-001"
                                .equals(vm().trace()
                                        .detailProperty()
                                        .get()
                                        .task()
                                        .key()));
        Node tree = robot.lookup("#returnTree").query();
        waitFor("the plan code in the return", () -> tree.lookupAll(".json-value").stream()
                .anyMatch(n -> ((Text) n).getText().startsWith("plan_code")));
        Text plan = (Text) tree.lookupAll(".json-value").stream()
                .filter(n -> ((Text) n).getText().startsWith("plan_code"))
                .findFirst()
                .orElseThrow();
        assertEquals("plan_code: \"EV-NIGHT\"", plan.getText(), "the whole value");
        Bounds treeBox = scene(tree);
        Bounds value = scene(plan);
        assertTrue(
                value.getMaxX() <= treeBox.getMaxX() && value.getMinX() >= treeBox.getMinX(),
                "the value wraps inside the tree's width: " + value + " in " + treeBox);
        // every node of the return inside the tree's width: no value runs past the edge
        for (Node n : tree.lookupAll(".json-value")) {
            if (n.isVisible() && n.getScene() != null && !((Text) n).getText().isEmpty()) {
                assertTrue(scene(n).getMaxX() <= treeBox.getMaxX(), ((Text) n).getText() + " cut at the edge");
            }
        }
        Node lower = robot.lookup("#ratersAndComments").query();
        Node comments = robot.lookup("#commentsScroll").query();
        Node raters = robot.lookup("#raterScroll").query();
        Node evidence = robot.lookup("#returnAndAnswer").query();
        waitFor("laid out", () -> lower.getLayoutBounds().getHeight() > 0);
        assertTrue(
                lower.getLayoutBounds().getHeight() >= TraceView.LOWER_MIN_PX,
                "raters and comments get " + lower.getLayoutBounds().getHeight() + " px");
        assertTrue(
                comments.getLayoutBounds().getHeight() >= 160,
                "comments get " + comments.getLayoutBounds().getHeight() + " px");
        assertTrue(
                scene(raters).getHeight() + 20 >= 160,
                "raters (with their title) get " + scene(raters).getHeight() + " px");
        assertTrue(
                evidence.getLayoutBounds().getHeight() >= TraceView.EVIDENCE_MIN_PX - 1,
                "the return and answer keep " + evidence.getLayoutBounds().getHeight() + " px");
        // side by side: the comments are beside the raters, not under them out of view
        assertTrue(scene(comments).getMinX() >= scene(raters).getMaxX() - 1, "comments beside the raters");
        // every rater's card whole in its column (a card wider than the column was cut at its right edge), also
        // when an annotator's column narrows the trace pane to 400 px
        javafx.scene.control.SplitPane workbench = null;
        for (Node n = app.window().tableView(); n != null; n = n.getParent()) {
            if (n instanceof javafx.scene.control.SplitPane sp) {
                workbench = sp;
                break;
            }
        }
        assertTrue(workbench != null, "the table sits in the workbench's split");
        javafx.scene.control.SplitPane split = workbench;
        robot.interact(() -> split.setDividerPositions((split.getWidth() - 400) / split.getWidth()));
        waitFor("a 400-px trace pane", () -> Math.abs(app.window().traceView().getWidth() - 400) < 30);
        // and the comments' divider dragged far to the left: the raters keep a card's width
        robot.interact(() -> ((javafx.scene.control.SplitPane) lower).setDividerPositions(0.2));
        waitFor("dragged", () -> ((javafx.scene.control.SplitPane) lower).getDividerPositions()[0] < 0.9);
        double ratersRight = scene(raters).getMaxX();
        assertTrue(raters.lookupAll(".card").stream().anyMatch(Node::isVisible), "cards on show");
        for (Node card : raters.lookupAll(".card")) {
            if (card.isVisible()) {
                assertTrue(scene(card).getMaxX() <= ratersRight, "a card cut at the raters' edge: " + scene(card));
            }
        }
        List<String> cut = DesktopConventionsUiTest.truncated(app.window().traceView()).stream()
                .filter(s -> !s.startsWith("TextField"))
                .toList();
        assertEquals(List.of(), cut, "cut off in the trace view");
    }
}
