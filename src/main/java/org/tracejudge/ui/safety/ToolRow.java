package org.tracejudge.ui.safety;

import java.util.Objects;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.HBox;

/**
 * One tool's YES/NO pair, kept in step with its {@link SafetyReviewViewModel.Answer} both ways; neither selected =
 * unanswered.
 */
final class ToolRow {
    final SafetyReviewViewModel.Answer answer;
    final ToggleButton yes = new ToggleButton("YES");
    final ToggleButton no = new ToggleButton("NO");
    final HBox box;
    private boolean syncing;

    ToolRow(SafetyReviewViewModel.Answer answer, int index, String prefix) {
        this.answer = answer;
        ToggleGroup g = new ToggleGroup();
        yes.setToggleGroup(g);
        no.setToggleGroup(g);
        yes.setId(prefix + index + "-yes");
        no.setId(prefix + index + "-no");
        yes.getStyleClass().add("yn-yes");
        no.getStyleClass().add("yn-no");
        yes.setFocusTraversable(false);
        no.setFocusTraversable(false);
        box = new HBox(4, yes, no);
        show(answer.value());
        answer.valueProperty().addListener((o, a, v) -> {
            if (!Objects.equals(value(), v)) {
                show(v);
            }
        });
        yes.selectedProperty().addListener((o, a, b) -> take());
        no.selectedProperty().addListener((o, a, b) -> take());
    }

    private void take() {
        if (!syncing) {
            answer.set(value());
        }
    }

    Boolean value() {
        return yes.isSelected() ? Boolean.TRUE : no.isSelected() ? Boolean.FALSE : null;
    }

    private void show(Boolean v) {
        syncing = true;
        try {
            yes.setSelected(Boolean.TRUE.equals(v));
            no.setSelected(Boolean.FALSE.equals(v));
        } finally {
            syncing = false;
        }
    }
}
