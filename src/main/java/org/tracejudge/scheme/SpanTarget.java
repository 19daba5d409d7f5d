package org.tracejudge.scheme;

/** What text a span answer points into. */
public enum SpanTarget {
    /** The trace's final answer (index 0). */
    ANSWER("answer"),
    /** One tool return (index = the return's position in the trace, from 0). */
    TOOL_RETURN("tool_return"),
    /** One turn of the conversation (index = the turn's position, from 0). */
    TURN("turn");

    private final String code;

    SpanTarget(String code) {
        this.code = code;
    }

    /** The name in scheme files and JSON. */
    public String code() {
        return code;
    }

    /** The target of a code, or null when there is none. */
    public static SpanTarget ofCode(String code) {
        for (SpanTarget t : values()) {
            if (t.code.equals(code)) {
                return t;
            }
        }
        return null;
    }
}
