package org.tracejudge.calls;

/** One difference between a call's arguments and the gold argument map, key by key. */
public enum DiffKind {
    /** A gold key the call does not pass. */
    MISSING("missing"),
    /** A key the call passes that the gold map does not have. */
    EXTRA("extra"),
    /** Same JSON type, another value. */
    WRONG_VALUE("wrong_value"),
    /** Another JSON type (e.g. the string "3" for the number 3, or null). */
    WRONG_TYPE("wrong_type"),
    /** The gold value is the {@code MISSING} marker (the conversation never gave it), yet the call passes a value. */
    MISSING_MARKER("missing_marker");

    private final String code;

    DiffKind(String code) {
        this.code = code;
    }

    public String code() {
        return code;
    }
}
