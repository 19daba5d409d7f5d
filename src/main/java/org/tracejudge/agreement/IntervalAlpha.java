package org.tracejudge.agreement;

/**
 * Krippendorff's alpha for interval data (numbers), δ² = (x − y)², in closed form so that any number of distinct
 * values costs O(values) (Krippendorff 2011, "Computing Krippendorff's Alpha-Reliability", section E). Over the
 * units with m_u ≥ 2 values, with n pairable values:
 * Σ_ck o_ck δ²_ck = Σ_u 2 m_u Σ_{i∈u} (x_i − x̄_u)² / (m_u − 1) and Σ_ck n_c n_k δ²_ck = 2 n Σ x² − 2 (Σ x)²,
 * α = 1 − (n − 1) · the first / the second.
 *
 * <p>Sums layout: [pairable units, n, Σ x, Σ x², observed]; values are shifted by their mean first (α does not
 * change) to keep the sums of squares exact enough.
 */
final class IntervalAlpha {
    static final int LENGTH = 5;

    private IntervalAlpha() {}

    /** {@code values[item][rater]}, NaN for missing. */
    static ItemSums sums(double[][] values) {
        double shift = mean(values);
        ItemSums.Builder b = new ItemSums.Builder(LENGTH);
        int[] ix = {0, 1, 2, 3, 4};
        for (double[] row : values) {
            int m = 0;
            double s = 0;
            for (double x : row) {
                if (!Double.isNaN(x)) {
                    m++;
                    s += x - shift;
                }
            }
            if (m < 2) {
                b.add(new int[0], new double[0]);
                continue;
            }
            double mean = s / m;
            double s2 = 0;
            double dev = 0;
            for (double x : row) {
                if (!Double.isNaN(x)) {
                    double y = x - shift;
                    s2 += y * y;
                    dev += (y - mean) * (y - mean);
                }
            }
            b.add(ix, new double[] {1, m, s, s2, 2.0 * m * dev / (m - 1)});
        }
        return b.build();
    }

    private static double mean(double[][] values) {
        double s = 0;
        long n = 0;
        for (double[] row : values) {
            for (double x : row) {
                if (!Double.isNaN(x)) {
                    s += x;
                    n++;
                }
            }
        }
        return n == 0 ? 0 : s / n;
    }

    /** α; NaN when undefined (no pairable unit, or every pairable value equal). */
    static double alpha(double[] sums) {
        double n = sums[1];
        double exp = 2 * n * sums[3] - 2 * sums[2] * sums[2];
        if (sums[0] == 0 || exp <= 1e-12 * Math.max(1, 2 * n * sums[3])) {
            return Double.NaN;
        }
        return 1 - (n - 1) * sums[4] / exp;
    }
}
