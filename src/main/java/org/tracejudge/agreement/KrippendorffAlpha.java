package org.tracejudge.agreement;

import java.util.List;

/**
 * Krippendorff's alpha for nominal data with missing labels, over every item with m_i ≥ 2 labels
 * (Krippendorff 2011, "Computing Krippendorff's Alpha-Reliability").
 *
 * <p>With n_c the pairable values of category c, n = Σ n_c and the coincidence diagonal
 * o_cc = Σ_i n_ic (n_ic − 1) / (m_i − 1):
 * α = 1 − (n − 1) (n − Σ_c o_cc) / (n² − Σ_c n_c²).
 * The diagonal is kept as integers T_m = Σ_{i: m_i = m} Σ_c n_ic (n_ic − 1), so o = Σ_m T_m / (m − 1).
 */
public final class KrippendorffAlpha {
    private KrippendorffAlpha() {}

    /** Nominal alpha over all raters of the table. */
    public static AlphaResult compute(LabelTable t) {
        AgreementCounts c = new AgreementCounts(t.raters(), t.labels(), new int[0]);
        new ItemContributions(t, new int[0]).accumulate(null, c);
        return fromCounts(c.labels, c.alphaItems, c.alphaSum, c.alphaT);
    }

    /** α; NaN when undefined. */
    static double alpha(long items, long[] sum, long[] t) {
        if (items == 0) {
            return Double.NaN;
        }
        double n = 0;
        double s2 = 0;
        for (long v : sum) {
            n += v;
            s2 += (double) v * v;
        }
        double den = n * n - s2;
        if (den == 0) {
            return Double.NaN;
        }
        return 1 - (n - 1) * (n - diagonal(t)) / den;
    }

    private static double diagonal(long[] t) {
        double o = 0;
        for (int m = 2; m < t.length; m++) {
            if (t[m] != 0) {
                o += (double) t[m] / (m - 1);
            }
        }
        return o;
    }

    static AlphaResult fromCounts(List<String> labels, long items, long[] sum, long[] t) {
        long n = 0;
        double s2 = 0;
        for (long v : sum) {
            n += v;
            s2 += (double) v * v;
        }
        if (items == 0) {
            return new AlphaResult(0, 0, null, null, null, "n = 0: no item has at least 2 labels");
        }
        double dn = n;
        double o = diagonal(t);
        double dObs = (dn - o) / dn;
        double dExp = (dn * dn - s2) / (dn * (dn - 1));
        double a = alpha(items, sum, t);
        if (Double.isNaN(a)) {
            String only = null;
            for (int k = 0; k < sum.length; k++) {
                if (sum[k] == n) {
                    only = labels.get(k);
                }
            }
            return new AlphaResult(
                    items, n, dObs, 0.0, null, "D_e = 0: a single category ('" + only + "') among the pairable labels");
        }
        return new AlphaResult(items, n, dObs, dExp, a, null);
    }
}
