package org.tracejudge.scheme;

import java.util.Objects;

/**
 * One option of a question: for choices and span labels a value people and judges give; for an ordinal scale an anchor
 * whose value is the step as text ("0".."4").
 *
 * @param value what an answer stores (a choice's value, or the step of an anchor)
 * @param label a short name for buttons, columns and the legend
 * @param definition one line saying when it applies ("" when none)
 * @param key the keyboard key bound to it, one character, or null for the default (the option's position 1–9, the
 *     step's digit)
 * @param colour "#rrggbb", or null
 * @param safetyCritical an answer with this option goes through the safety review's rules (blind double expert review,
 *     adjudication, no machine label alone)
 * @param renamedFrom the value this option had in the version before (a rename the change maps, not an orphan), or null
 */
public record Option(
        String value,
        String label,
        String definition,
        String key,
        String colour,
        boolean safetyCritical,
        String renamedFrom) {
    public Option {
        Objects.requireNonNull(value, "value");
        label = label == null || label.isBlank() ? value : label;
        definition = definition == null ? "" : definition;
    }

    /** An option with a value, label and definition only. */
    public static Option of(String value, String label, String definition) {
        return new Option(value, label, definition, null, null, false, null);
    }
}
