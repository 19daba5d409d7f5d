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
        waitFor(
                "the table hidden",
                () -> table().getScene() == null
                        && app.window().focusModeProperty().get());
        String first = vm().table().idAt(0);
        assertEquals(first, vm().trace().detailProperty().get().traceId());
        // J moves on, 1 decides: the keys act without the table on screen
        robot.type(KeyCode.J);
        waitFor(
                "the second trace",
                () -> vm().table().currentProperty().get() == 1
                        && vm().trace().detailProperty().get() != null
                        && vm().trace()
                                .detailProperty()
                                .get()
                                .traceId()
                                .equals(vm().table().idAt(1)));
        robot.type(KeyCode.DIGIT1);
        waitFor("decided, on the third", () -> vm().table().currentProperty().get() == 2);
        assertNotNull(rowValue(1, "human:tester"));
        focusKey(robot);
        waitFor(
                "the table back on the trace reached",
                () -> table().getScene() != null && table().getSelectionModel().getSelectedIndex() == 2);
    }

    @Test
    void eWalksTheHighlightedEvidenceOfTheAnswer(FxRobot robot) {
        opened(robot);
        robot.interact(() -> table().requestFocus());
        // the first trace's answer has two must-contain highlights ("power", "energy")
        javafx.scene.text.TextFlow flow = robot.lookup(".answer-mark")
                                .queryAs(javafx.scene.control.Label.class)
                                .getParent()
                        instanceof javafx.scene.text.TextFlow tf
                ? tf
                : null;
        org.junit.jupiter.api.Assertions.assertNotNull(flow);
        long marks = flow.getChildren().stream()
                .filter(n -> n.getStyleClass().contains("answer-mark"))
                .count();
        org.junit.jupiter.api.Assertions.assertTrue(marks >= 2, marks + " highlights");
        robot.type(KeyCode.E);
        waitFor("on the first", () -> app.window().traceView().evidenceIndex() == 0);
        robot.type(KeyCode.E);
        waitFor("on the second", () -> app.window().traceView().evidenceIndex() == 1);
        robot.press(KeyCode.SHIFT).type(KeyCode.E).release(KeyCode.SHIFT);
        waitFor("back on the first", () -> app.window().traceView().evidenceIndex() == 0);
        // the marked one shows it; every highlight wraps inside the answer's width
        javafx.scene.Node first = flow.getChildren().stream()
                .filter(n -> n.getStyleClass().contains("answer-mark"))
                .findFirst()
                .orElseThrow();
        org.junit.jupiter.api.Assertions.assertTrue(first.getPseudoClassStates().stream()
                .anyMatch(p -> p.getPseudoClassName().equals("current")));
        flow.getChildren().stream()
                .filter(n -> n instanceof javafx.scene.control.Label l
                        && l.getStyleClass().contains("answer-mark"))
                .forEach(n -> org.junit.jupiter.api.Assertions.assertTrue(
                        ((javafx.scene.control.Label) n).isWrapText()
                                && ((javafx.scene.control.Label) n)
                                        .maxWidthProperty()
                                        .isBound(),
                        "wraps within the answer's width"));
    }

    @Test
    void cComparesTheTraceWithAnotherModelsRunOfItsTask(FxRobot robot) {
        opened(robot);
        robot.interact(() -> table().requestFocus());
        String task = rowValue(0, "task");
        String model = rowValue(0, "model");
        robot.type(KeyCode.C);
        waitFor(
                "the comparison",
                () -> app.window().compareWindow() != null
                        && app.window().compareWindow().stage().isShowing());
        javafx.scene.Parent root =
                app.window().compareWindow().stage().getScene().getRoot();
        @SuppressWarnings("unchecked")
        javafx.scene.control.ComboBox<org.tracejudge.ui.trace.TraceViewModel.Run> other =
                (javafx.scene.control.ComboBox<org.tracejudge.ui.trace.TraceViewModel.Run>) root.lookup("#compareWith");
        // the sample has three models: the two others' runs of this task to choose from, the first shown at once
        waitFor(
                "the other runs",
                () -> other.getItems().size() == 2 && root.lookup("#compareRight #compareHeading") != null);
        org.junit.jupiter.api.Assertions.assertTrue(
                other.getItems().stream().noneMatch(r -> r.model().equals(model)));
        javafx.scene.control.Label left = (javafx.scene.control.Label) root.lookup("#compareLeft #compareHeading");
        org.junit.jupiter.api.Assertions.assertTrue(left.getText().startsWith(model), left.getText());
        robot.interact(() -> other.getSelectionModel().select(1));
        waitFor("the second one", () -> ((javafx.scene.control.Label) root.lookup("#compareRight #compareHeading"))
                .getText()
                .startsWith(other.getItems().get(1).model()));
        org.junit.jupiter.api.Assertions.assertTrue(
                app.window().compareWindow().stage().getTitle().endsWith(task));
        robot.interact(() -> app.window().compareWindow().stage().close());
    }

    @Test
    void ctrlUShowsTheTraceAsImportedStepByStep(FxRobot robot) {
        opened(robot);
        robot.interact(() -> table().requestFocus());
        robot.press(KeyCode.CONTROL).type(KeyCode.U).release(KeyCode.CONTROL);
        waitFor(
                "the raw record",
                () -> app.window().rawWindow() != null
                        && app.window().rawWindow().stage().isShowing()
                        && !app.window().rawWindow().steps().getItems().isEmpty());
        var raw = app.window().rawWindow();
        // the sample's first trace: its calls and answer, then the provider's response as the results file had it
        assertEquals(
                "Calls and answer (the source had no turns)",
                raw.steps().getItems().get(0).title());
        org.junit.jupiter.api.Assertions.assertTrue(
                raw.steps().getItems().stream().anyMatch(e -> e.title().startsWith("Provider response 1")),
                raw.steps().getItems().toString());
        org.junit.jupiter.api.Assertions.assertTrue(
                raw.json().getText().contains("\"answer\""), raw.json().getText());
        robot.type(KeyCode.DOWN);
        waitFor("the provider response shown", () -> raw.json().getText().contains("finish_reason"));
        robot.type(KeyCode.ESCAPE);
        waitFor("closed", () -> !raw.stage().isShowing());
    }

    @Test
    void aFilterThatMatchesNothingLeavesNoTraceOnScreen(FxRobot robot) {
        opened(robot);
        robot.interact(() ->
                vm().table().setFilter(org.tracejudge.store.TraceTable.Filter.NONE.withSearch("zzz-no-such-text")));
        waitFor(
                "the placeholder, no decision keys",
                () -> !vm().session().loadingProperty().get()
                        && vm().table().totalProperty().get() == 0
                        && vm().trace().detailProperty().get() == null
                        && robot.lookup("#tracePlaceholder")
                                .tryQuery()
                                .map(javafx.scene.Node::isVisible)
                                .orElse(false)
                        && !app.window().traceView().getBottom().isVisible());
        robot.interact(() -> vm().table().setFilter(org.tracejudge.store.TraceTable.Filter.NONE));
        waitFor(
                "a trace again, with its keys",
                () -> !vm().session().loadingProperty().get()
                        && vm().trace().detailProperty().get() != null
                        && app.window().traceView().getBottom().isVisible()
                        && robot.lookup("#tracePlaceholder").tryQuery().isEmpty());
    }
}
