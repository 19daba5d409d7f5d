package org.tracejudge.ui.common;

import java.util.function.Supplier;
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
    private final Supplier<String> text;

    private LazyTooltip(Control control, Supplier<String> text) {
        this.control = control;
        this.text = text;
    }

    public static void install(Control control, String text) {
        install(control, () -> text);
    }

    /**
     * The text is read when the pointer enters, each time: a control that shows different things over time keeps
     * one tooltip that follows it. A null or blank text shows no tooltip.
     */
    public static void install(Control control, Supplier<String> text) {
        control.addEventHandler(MouseEvent.MOUSE_ENTERED, new LazyTooltip(control, text));
    }

    @Override
    public void handle(MouseEvent e) {
        String t = text.get();
        if (t == null || t.isBlank()) {
            control.setTooltip(null);
        } else if (control.getTooltip() == null) {
            control.setTooltip(new Tooltip(t));
        } else {
            control.getTooltip().setText(t);
        }
    }
}
