package org.tracejudge.scheme;

/** The allowed values of a number question, both ends included; an open end is an infinity. */
public record Range(double min, double max) {
    /** Any finite number. */
    public static final Range ANY = new Range(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);

    public Range {
        if (Double.isNaN(min) || Double.isNaN(max) || min > max) {
            throw new IllegalArgumentException("range min " + min + " max " + max + " is upside down");
        }
    }

    public boolean contains(double v) {
        return Double.isFinite(v) && v >= min && v <= max;
    }

    public boolean hasMin() {
        return min != Double.NEGATIVE_INFINITY;
    }

    public boolean hasMax() {
        return max != Double.POSITIVE_INFINITY;
    }
}
