package org.tracejudge.agreement;

import java.util.List;

/**
 * Fleiss' (1971) kappa for m ≥ 2 raters over N items each labelled by all m:
 * P̄ = (Σ_i Σ_j n_ij² − N m) / (N m (m − 1)), P_e = Σ_j p_j², κ = (P̄ − P_e) / (1 − P_e),
 * computed from the category sums S_j = Σ_i n_ij and squares Q_j = Σ_i n_ij².
 */
public final class FleissKappa {
    private FleissKappa() {}

    /** Fleiss' kappa for the given raters of the table, over the items all of them labelled. */
    public static FleissResult compute(LabelTable t, List<String> raters) {
        int[] idx = raters.stream().mapToInt(t::raterIndex).toArray();
        int l = t.labelCount();
        long[] sum = new long[l];
        long[] sq = new long[l];
        long items = 0;
        int[] cnt = new int[l];
        for (int i = 0; i < t.itemCount(); i++) {
            boolean complete = idx.length >= 2;
            for (int r : idx) {
                if (t.code(i, r) < 0) {
                    complete = false;
                }
            }
            if (!complete) {
                continue;
            }
            items++;
            java.util.Arrays.fill(cnt, 0);
            for (int r : idx) {
                cnt[t.code(i, r)]++;
            }
            for (int k = 0; k < l; k++) {
                sum[k] += cnt[k];
                sq[k] += (long) cnt[k] * cnt[k];
            }
        }
        return fromSums(raters, t.labels(), items, sum, sq);
    }

    /** κ from sums; NaN when undefined (N = 0, m &lt; 2 or P_e = 1). */
    static double kappa(int m, long items, long[] sum, long[] sq) {
        if (m < 2 || items == 0) {
            return Double.NaN;
        }
        double total = (double) items * m;
        double s2 = 0;
        double q = 0;
        for (int k = 0; k < sum.length; k++) {
            s2 += (double) sum[k] * sum[k];
            q += sq[k];
        }
        return kappa(m, total, s2, q);
    }

    private static double kappa(int m, double total, double sumSquares, double sq) {
        double den = total * total - sumSquares;
        if (den == 0) {
            return Double.NaN;
        }
        return ((sq - total) * total / (m - 1) - sumSquares) / den;
    }

    /** One-vs-rest Fleiss kappa for category k; NaN when undefined. */
    static double binaryKappa(int m, long items, long[] sum, long[] sq, int k) {
        if (m < 2 || items == 0) {
            return Double.NaN;
        }
        double total = (double) items * m;
        double s1 = sum[k];
        double s0 = total - s1;
        double q1 = sq[k];
        double q0 = (double) items * m * m - 2.0 * m * s1 + q1; // Σ (m − n_ik)²
        return kappa(m, total, s1 * s1 + s0 * s0, q1 + q0);
    }

    static FleissResult fromSums(List<String> raters, List<String> labels, long items, long[] sum, long[] sq) {
        int m = raters.size();
        if (m < 2) {
            return new FleissResult(
                    List.copyOf(raters), items, null, null, null, "Fleiss' kappa needs at least 2 raters, got " + m);
        }
        if (items == 0) {
            return new FleissResult(
                    List.copyOf(raters), 0, null, null, null, "n = 0: no item labelled by all of " + raters);
        }
        double total = (double) items * m;
        double s2 = 0;
        double q = 0;
        for (int k = 0; k < sum.length; k++) {
            s2 += (double) sum[k] * sum[k];
            q += sq[k];
        }
        double pbar = (q - total) / (total * (m - 1));
        double pe = s2 / (total * total);
        double kappa = kappa(m, total, s2, q);
        if (Double.isNaN(kappa)) {
            String only = null;
            for (int k = 0; k < sum.length; k++) {
                if (sum[k] == items * m) {
                    only = labels.get(k);
                }
            }
            return new FleissResult(
                    List.copyOf(raters), items, pbar, 1.0, null, "P_e = 1: every rater used only '" + only + "'");
        }
        return new FleissResult(List.copyOf(raters), items, pbar, pe, kappa, null);
    }

    /**
     * Gwet's AC1 (Gwet 2008, the multi-rater form) over the same items as Fleiss' kappa: the same observed agreement
     * P̄, and chance agreement P_e = Σ_k π_k (1 − π_k) / (q − 1) with π_k the pooled share of category k and q the
     * number of categories. Unlike kappa it stays high when one label dominates and raters agree on it. NaN when
     * undefined (N = 0, m &lt; 2, fewer than 2 categories).
     */
    static double ac1(int m, long items, long[] sum, long[] sq) {
        int q = sum.length;
        if (m < 2 || items == 0 || q < 2) {
            return Double.NaN;
        }
        double total = (double) items * m;
        double sqs = 0;
        double pe = 0;
        for (int k = 0; k < q; k++) {
            sqs += sq[k];
            double pi = sum[k] / total;
            pe += pi * (1 - pi);
        }
        pe /= q - 1;
        double pa = (sqs - total) / (total * (m - 1));
        return pe >= 1 ? Double.NaN : (pa - pe) / (1 - pe);
    }

    static FleissResult binaryFromSums(
            List<String> raters, List<String> labels, long items, long[] sum, long[] sq, int k) {
        int m = raters.size();
        String label = labels.get(k);
        long total = items * m;
        long[] s = {sum[k], total - sum[k]};
        long[] q = {sq[k], items * m * m - 2L * m * sum[k] + sq[k]};
        FleissResult r = fromSums(raters, List.of(label, "not " + label), items, s, q);
        if (r.kappa() == null && r.n() > 0 && m >= 2) {
            String why = sum[k] == total
                    ? "P_e = 1: every label given was '" + label + "'"
                    : "P_e = 1: no rater used '" + label + "'";
            return new FleissResult(r.raters(), r.n(), r.observedAgreement(), 1.0, null, why);
        }
        return r;
    }
}
