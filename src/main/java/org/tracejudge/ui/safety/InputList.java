package org.tracejudge.ui.safety;

import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import org.tracejudge.safety.SafetyReview;

/**
 * The safety review's list of inputs: each input's number and opening words, with marks for where it stands for the
 * expert (done, mine, needs a 2nd review, in adjudication, skipped, not committed). Selecting one shows it; the view
 * model's moves select and scroll to it. The review's keys move its selection.
 */
final class InputList extends ListView<SafetyReview.Input> {
    private final SafetyReviewViewModel vm;

    InputList(SafetyReviewViewModel vm) {
        this.vm = vm;
    }

    /** The review opens (after its content warning): the list shows the inputs and follows the view model. */
    void start() {
        setId("safetyItems");
        setItems(vm.inputs());
        setCellFactory(l -> new InputCell());
        getSelectionModel().selectedItemProperty().addListener((o, a, b) -> vm.show(b));
        vm.setOnSelect(i -> {
            getSelectionModel().select(i);
            scrollTo(Math.max(0, i - 3));
        });
        vm.marksChangedProperty().addListener((o, a, b) -> refresh());
        setPrefWidth(290);
        setMinWidth(240);
    }

    private final class InputCell extends ListCell<SafetyReview.Input> {
        @Override
        protected void updateItem(SafetyReview.Input in, boolean empty) {
            super.updateItem(in, empty);
            setText(null);
            if (empty || in == null) {
                setGraphic(null);
                return;
            }
            Label id = new Label(in.inputId());
            id.getStyleClass().add("input-number");
            id.setMinWidth(28);
            HBox marks = new HBox(4);
            SafetyReview.InputState st = vm.state(in.key());
            if (st != null) {
                if (st.done()) {
                    marks.getChildren().add(mark("done", "mark-done"));
                }
                if (st.mine()) {
                    marks.getChildren().add(mark("mine", "mark-mine"));
                }
                if (st.needsSecondReview()) {
                    marks.getChildren().add(mark("needs 2nd review", "mark-second"));
                }
                if (st.inAdjudication()) {
                    marks.getChildren().add(mark("in adjudication", "mark-adj"));
                }
            }
            if (vm.isSkipped(in.key()) && (st == null || !st.mine())) {
                marks.getChildren().add(mark("skipped", "mark-skipped"));
            }
            if (vm.hasDraft(in.key())) {
                marks.getChildren().add(mark("not committed", "mark-draft"));
            }
            Label text = new Label(in.text());
            text.getStyleClass().add("input-snippet");
            text.setMaxWidth(220);
            VBox right = new VBox(2, text, marks);
            HBox box = new HBox(6, id, right);
            setGraphic(box);
        }
    }

    private static Label mark(String text, String style) {
        Label l = new Label(text);
        l.getStyleClass().addAll("mark", style);
        return l;
    }
}
