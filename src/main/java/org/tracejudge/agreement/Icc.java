package org.tracejudge.agreement;

/**
 * ICC(2,1): two-way random effects, absolute agreement, one rater (Shrout &amp; Fleiss 1979, "Intraclass
 * correlations: uses in assessing rater reliability", Psychological Bulletin 86(2), Table 1; McGraw &amp; Wong 1996's
 * ICC(A,1)), over the n items every one of the k raters scored:
 * ICC = (BMS − EMS) / (BMS + (k − 1) EMS + k (JMS − EMS) / n), with BMS, JMS and EMS the mean squares of items,
 * raters and residual of the two-way ANOVA.
 *
 * <p>Sums layout: [n, Σ row sums, Σ row sum², Σ x², column sum of rater 1..k]; values are shifted by their mean
 * first (the ICC does not change).
 */
final class Icc {
    private Icc() {}

    static int length(int k) {
        return 4 + k;
    }

    /** {@code values[item][rater]}, NaN for missing; items with a missing score are left out. */
    static ItemSums sums(double[][] values, int k) {
        double s = 0;
        long cnt = 0;
        for (double[] row : values) {
            if (complete(row)) {
                for (double x : row) {
                    s += x;
                    cnt++;
                }
            }
        }
        double shift = cnt == 0 ? 0 : s / cnt;
        ItemSums.Builder b = new ItemSums.Builder(length(k));
        int[] ix = new int[length(k)];
        for (int j = 0; j < ix.length; j++) {
            ix[j] = j;
        }
        for (double[] row : values) {
            if (k < 2 || !complete(row)) {
                b.add(new int[0], new double[0]);
                continue;
            }
            double[] v = new double[length(k)];
            double rs = 0;
            double sq = 0;
            for (int r = 0; r < k; r++) {
                double y = row[r] - shift;
                rs += y;
                sq += y * y;
                v[4 + r] = y;
            }
            v[0] = 1;
            v[1] = rs;
            v[2] = rs * rs;
            v[3] = sq;
            b.add(ix, v);
        }
        return b.build();
    }

    private static boolean complete(double[] row) {
        for (double x : row) {
            if (Double.isNaN(x)) {
                return false;
            }
        }
        return true;
    }

    /** ICC(2,1); NaN when undefined (fewer than 2 items or raters, or no variance at all). */
    static double icc(double[] sums, int k) {
        double n = sums[0];
        if (n < 2 || k < 2) {
            return Double.NaN;
        }
        double t = sums[1];
        double correction = t * t / (n * k);
        double ssTotal = sums[3] - correction;
        double ssRows = sums[2] / k - correction;
        double cs = 0;
        for (int r = 0; r < k; r++) {
            cs += sums[4 + r] * sums[4 + r];
        }
        double ssCols = cs / n - correction;
        double ssErr = ssTotal - ssRows - ssCols;
        double bms = ssRows / (n - 1);
        double jms = ssCols / (k - 1);
        double ems = ssErr / ((n - 1) * (k - 1));
        double den = bms + (k - 1) * ems + k * (jms - ems) / n;
        if (den <= 1e-12 * Math.max(1, Math.abs(sums[3]))) {
            return Double.NaN;
        }
        return (bms - ems) / den;
    }
}
