package org.tracejudge.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.TableCell;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.tracejudge.model.Adjudication;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectQueries;
import org.tracejudge.store.TraceTable;

/**
 * Review completeness (issue 21, Deliver 3) walked with the keys on the real window: the progress counter in the
 * status bar (done / in queue, for the annotator), the done mark in the table's first column, the legend of the
 * decision keys with the label set's definitions; undo takes a decision back out of both, and a filtered queue counts
 * from the project.
 */
class ReviewProgressUiTest extends WindowTest {
    @Override
    String annotator() {
        return "walker";
    }

    /** The done mark shown in row {@code index}'s first column ("" when none). */
    private String mark(FxRobot robot, int index) {
        for (Node n : robot.lookup(".table-cell").queryAll()) {
            if (n instanceof TableCell<?, ?> c
                    && c.getTableColumn() != null
                    && "col-done".equals(c.getTableColumn().getId())
                    && c.getIndex() == index
                    && c.isVisible()) {
                return c.getText() == null ? "" : c.getText();
            }
        }
        throw new AssertionError("no done cell shown for row " + index);
    }

    private Adjudication last(String traceId) {
        try (Project p = Project.open(SampleProject.defaultFile())) {
            List<Adjudication> h = new ProjectQueries(p).adjudications(traceId);
            return h.isEmpty() ? null : h.get(h.size() - 1);
        }
    }

    @Test
    void decidingWithTheKeysMovesTheCounterAndMarksTheRow(FxRobot robot) {
        waitFor(
                "the sample's 60 rows and its count",
                () -> table().getItems().size() == 60
                        && vm().trace().detailProperty().get() != null
                        && vm().table().doneProperty().get() >= 0);
        assertEquals("done 0 / 60 in queue", text(robot, "#reviewProgress"), "a fresh annotator has decided nothing");
        assertEquals("", mark(robot, 0));

        // the legend under the keys says what the proposed label means (one line), every label's on request
        List<String> labels = vm().trace().detailProperty().get().labelSet();
        String proposed = vm().trace().proposed(vm().trace().detailProperty().get());
        int p = labels.indexOf(proposed) + 1;
        assertTrue(text(robot, "#keyLegend").startsWith(p + " " + proposed + " — "), text(robot, "#keyLegend"));
        assertEquals(1, text(robot, "#keyLegend").lines().count(), "collapsed: one line");
        robot.moveTo("#key-2");
        waitFor("the hovered key's definition", () -> text(robot, "#keyLegend")
                .startsWith("2 " + labels.get(1) + " — "));
        robot.clickOn("#keyLegendToggle");
        String legend = text(robot, "#keyLegend");
        assertTrue(legend.startsWith("1 " + labels.get(0) + " — "), legend);
        for (int i = 0; i < labels.size(); i++) {
            assertTrue(legend.contains((i + 1) + " " + labels.get(i) + " — "), legend);
        }
        assertEquals(labels.size(), legend.lines().count(), "one line per key");
        robot.clickOn("#keyLegendToggle");
        waitFor("collapsed again", () -> text(robot, "#keyLegend").lines().count() == 1);
        Button key2 = robot.lookup("#key-2").queryButton();
        assertNotNull(key2.getTooltip());
        assertTrue(
                key2.getTooltip().getText().startsWith(labels.get(1) + ": "),
                key2.getTooltip().getText());

        robot.interact(() -> table().requestFocus()); // the focus in the table, on its first row
        assertEquals(0, vm().table().currentProperty().get());
        String first = vm().table().idAt(0);
        robot.type(KeyCode.DIGIT2); // override with the second label: the queue moves on
        waitFor("the queue moved on", () -> vm().table().currentProperty().get() == 1);
        waitFor("counter 1", () -> text(robot, "#reviewProgress").equals("done 1 / 60 in queue"));
        waitFor("row 0 marked", () -> mark(robot, 0).equals("✓"));
        assertEquals("", mark(robot, 1));

        String second = vm().table().idAt(1);
        waitFor(
                "trace 2 shown",
                () -> second.equals(vm().trace().detailProperty().get().traceId()));
        robot.type(KeyCode.ENTER); // accept the proposal
        waitFor("counter 2", () -> text(robot, "#reviewProgress").equals("done 2 / 60 in queue"));
        waitFor("row 1 marked", () -> mark(robot, 1).equals("✓"));

        robot.press(KeyCode.CONTROL).type(KeyCode.Z).release(KeyCode.CONTROL); // undo the accept
        waitFor("counter back to 1", () -> text(robot, "#reviewProgress").equals("done 1 / 60 in queue"));
        waitFor("row 1 unmarked", () -> mark(robot, 1).isEmpty());
        assertEquals("✓", mark(robot, 0));

        // the ledger holds what the screen says
        vm().session().afterPendingWork(() -> {});
        waitFor(
                "decisions committed",
                () -> last(first) != null
                        && last(second) != null
                        && last(second).value() == null);
        assertEquals(labels.get(1), last(first).value());
        assertEquals("walker", last(first).annotator());

        // a filtered queue is counted from the project: the traces I decided are all done
        robot.interact(() -> vm().table().setFilter(TraceTable.Filter.NONE.withShow(TraceTable.Show.MINE)));
        waitFor(
                "my queue",
                () -> !vm().session().loadingProperty().get()
                        && vm().table().totalProperty().get() == 1);
        waitFor("counter of my queue", () -> text(robot, "#reviewProgress").equals("done 1 / 1 in queue"));
        robot.interact(() -> vm().table().setFilter(TraceTable.Filter.NONE.withShow(TraceTable.Show.NOT_MINE)));
        waitFor(
                "the rest",
                () -> !vm().session().loadingProperty().get()
                        && vm().table().totalProperty().get() == 59);
        waitFor("counter of the rest", () -> text(robot, "#reviewProgress").equals("done 0 / 59 in queue"));
        assertNull(vm().table().rowsProperty().get().loaded(0).get("human:walker"));
    }
}
