package org.tracejudge.ui;

import javafx.event.EventHandler;
import javafx.scene.control.Control;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseEvent;

/**
 * Gives a control its tooltip the first time the pointer enters it. A {@link Tooltip} is a popup window of its
 * own and took about a quarter of the trace view's rebuild time when every highlighted value and rater card made
 * one on each key press; most are never hovered.
 */
public final class LazyTooltip implements EventHandler<MouseEvent> {
    private final Control control;
    private final String text;

    private LazyTooltip(Control control, String text) {
        this.control = control;
        this.text = text;
    }

    public static void install(Control control, String text) {
        control.addEventHandler(MouseEvent.MOUSE_ENTERED, new LazyTooltip(control, text));
    }

    @Override
    public void handle(MouseEvent e) {
        control.removeEventHandler(MouseEvent.MOUSE_ENTERED, this);
        if (control.getTooltip() == null) {
            control.setTooltip(new Tooltip(text));
        }
    }
}
