package org.tracejudge.scheme;

import java.util.Locale;

/**
 * What a question asks for, and so which {@link Answer} it takes. A later kind (pairwise preference between two runs of
 * one task) is meant to be added here with its own answer type; nothing else switches over the kinds exhaustively
 * without a compile error pointing at it.
 */
public enum Kind {
    /** One option: {@link Answer.Choice}. */
    SINGLE_CHOICE("single_choice"),
    /** A set of options: {@link Answer.Choices}. */
    MULTIPLE_CHOICE("multiple_choice"),
    /** One step of an ordered integer scale with anchor texts: {@link Answer.Step}. */
    ORDINAL("ordinal"),
    /** A number in a range: {@link Answer.Numeric}. */
    NUMBER("number"),
    /** YES or NO for each tool of a tool-selection task: {@link Answer.PerTool}. */
    YES_NO_PER_TOOL("yes_no_per_tool"),
    /** Character ranges of the answer, a tool return or a turn, each with an option: {@link Answer.Spans}. */
    SPAN("span"),
    /** Free text: {@link Answer.Text}. */
    TEXT("text");

    private final String code;

    Kind(String code) {
        this.code = code;
    }

    /** The name in scheme files and JSON ("single_choice"). */
    public String code() {
        return code;
    }

    /** Words for people ("single choice"). */
    public String words() {
        return this == YES_NO_PER_TOOL ? "yes/no per tool" : code.replace('_', ' ');
    }

    /** The kind of a code, or null when there is none (the caller names the file and line). */
    public static Kind ofCode(String code) {
        if (code == null) {
            return null;
        }
        String c = code.trim().toLowerCase(Locale.ROOT);
        for (Kind k : values()) {
            if (k.code.equals(c)) {
                return k;
            }
        }
        return null;
    }

    /** Whether the question lists options (for spans: the labels a span takes, may be none). */
    public boolean hasOptions() {
        return this == SINGLE_CHOICE || this == MULTIPLE_CHOICE || this == SPAN || this == YES_NO_PER_TOOL;
    }
}
