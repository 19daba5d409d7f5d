package org.tracejudge.calls;

/** Where a wrong (or unasked-for) argument value came from. */
public enum Origin {
    /** The value occurs earlier in the conversation: the entry links the turn. */
    IN_CONTEXT("in_context"),
    /** The value occurs nowhere in the conversation: invented. */
    OUT_OF_CONTEXT("out_of_context"),
    /** The value is the parameter's schema default. */
    DEFAULT("default");

    private final String code;

    Origin(String code) {
        this.code = code;
    }

    public String code() {
        return code;
    }
}
