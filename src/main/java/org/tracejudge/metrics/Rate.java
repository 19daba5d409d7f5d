package org.tracejudge.metrics;

/**
 * One rate: {@code count} of {@code denominator}, in percent, with its 95% Wilson score interval in percent.
 * With an empty denominator the rate and interval are undefined: {@link #percent()} and {@link #ci95()} are null
 * (printed "n/a", JSON null), never 0.
 */
public record Rate(String name, int count, int denominator, Double percent, double[] ci95) {
    public static Rate of(String name, int count, int denominator) {
        if (denominator == 0) {
            return new Rate(name, count, 0, null, null);
        }
        double[] w = Proportions.wilson(count, denominator, Proportions.Z95);
        return new Rate(name, count, denominator, 100.0 * count / denominator, new double[] {100 * w[0], 100 * w[1]});
    }

    /** The rate as a fraction of 1 (count / denominator), null when undefined: what JSON output carries. */
    public Double fraction() {
        return percent == null ? null : (double) count / denominator;
    }

    public boolean defined() {
        return percent != null;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Rate r
                && r.name.equals(name)
                && r.count == count
                && r.denominator == denominator
                && java.util.Objects.equals(r.percent, percent)
                && java.util.Arrays.equals(r.ci95, ci95);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(name, count, denominator, percent) * 31 + java.util.Arrays.hashCode(ci95);
    }

    @Override
    public String toString() {
        return name + "="
                + (percent == null
                        ? "n/a"
                        : percent + "% (" + count + "/" + denominator + ") [" + ci95[0] + ", " + ci95[1] + "]");
    }
}
