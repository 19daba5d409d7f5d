package org.tracejudge.ui.common;

import javafx.scene.control.Button;
import javafx.scene.input.KeyCode;

/** A confusion-matrix cell that filters the trace table (the agreement panel's, the Calibration tab's). */
public final class ConfusionCell {
    private ConfusionCell() {}

    /** Reachable with Tab; Enter (as Space does) shows the cell's traces. */
    public static void reachable(Button cell) {
        cell.setFocusTraversable(true);
        cell.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER) {
                cell.fire();
                e.consume();
            }
        });
    }
}
