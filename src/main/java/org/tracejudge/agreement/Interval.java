package org.tracejudge.agreement;

/**
 * A percentile-bootstrap 95% interval.
 *
 * @param resamples           resamples drawn
 * @param undefinedResamples  resamples in which the coefficient was undefined (left out of the percentiles)
 */
public record Interval(double lo, double hi, int resamples, int undefinedResamples) {
    public double halfWidth() {
        return (hi - lo) / 2;
    }

    public double[] asArray() {
        return new double[] {lo, hi};
    }
}
