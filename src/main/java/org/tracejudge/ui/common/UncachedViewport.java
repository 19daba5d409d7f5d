package org.tracejudge.ui.common;

import javafx.scene.Node;
import javafx.scene.control.ScrollPane;

/**
 * Draws a scroll pane's content directly instead of through the image JavaFX's scroll pane skin caches its
 * viewport in. Any change inside the content re-renders that whole image: with software rendering the agreement
 * panel's image took 90–100 ms to rebuild after each decision, and the trace view's answer and rater panes as long
 * on each new trace. Their contents change far more often than they scroll.
 */
public final class UncachedViewport {
    private UncachedViewport() {}

    public static <T extends ScrollPane> T of(T pane) {
        pane.skinProperty().addListener((o, a, s) -> uncache(pane));
        uncache(pane);
        return pane;
    }

    private static void uncache(ScrollPane pane) {
        for (Node n : pane.getChildrenUnmodifiable()) {
            if (n.getStyleClass().contains("viewport")) {
                n.setCache(false);
            }
        }
    }
}
