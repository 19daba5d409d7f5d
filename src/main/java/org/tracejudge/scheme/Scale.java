package org.tracejudge.scheme;

/** The steps of an ordinal question, both ends included (0–4, 1–5). */
public record Scale(int from, int to) {
    public Scale {
        if (from > to) {
            throw new IllegalArgumentException("scale from " + from + " to " + to + " is upside down");
        }
    }

    public boolean contains(int step) {
        return step >= from && step <= to;
    }

    /** How many steps. */
    public int size() {
        return to - from + 1;
    }
}
