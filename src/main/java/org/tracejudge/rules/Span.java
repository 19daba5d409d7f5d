package org.tracejudge.rules;

/** A half-open character range {@code [start, end)} in some text (the raw answer, or the pretty-printed return). */
public record Span(int start, int end) {
    public Span {
        if (start < 0 || end < start) {
            throw new IllegalArgumentException("bad span [" + start + ", " + end + ")");
        }
    }

    public int length() {
        return end - start;
    }

    public String of(String text) {
        return text.substring(start, end);
    }

    @Override
    public String toString() {
        return "[" + start + "," + end + ")";
    }
}
