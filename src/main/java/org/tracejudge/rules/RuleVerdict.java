package org.tracejudge.rules;

/**
 * The rule classifier's verdict on one trace.
 *
 * @param label    a label of the task type's label set
 * @param check    which check decided (e.g. {@code expected_tool_not_called}, {@code all_checks_passed})
 * @param evidence what the checks saw, with spans
 */
public record RuleVerdict(String label, String check, Evidence evidence) {
    public String toReadableText() {
        return toReadableText(null);
    }

    /** With the raw answer, spans also show the text they cover. */
    public String toReadableText(String answer) {
        return "label: " + label + "\ncheck: " + check + "\n" + evidence.toReadableText(answer);
    }
}
