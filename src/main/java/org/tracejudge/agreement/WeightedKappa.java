package org.tracejudge.agreement;

import java.util.List;

/**
 * Cohen's weighted kappa (Cohen 1968) for ordinal integer scores (e.g. rubric 0–3), with
 * disagreement weights w_ij = |x_i − x_j| (linear) or (x_i − x_j)² (quadratic):
 * κ_w = 1 − Σ w_ij o_ij / Σ w_ij e_ij, e_ij = row_i·col_j / n.
 * Scaling the weights (e.g. dividing by (k−1)) does not change κ_w.
 */
public final class WeightedKappa {
    private WeightedKappa() {}

    public enum Weighting {
        LINEAR,
        QUADRATIC;

        double weight(int x, int y) {
            int d = Math.abs(x - y);
            return this == LINEAR ? d : (double) d * d;
        }
    }

    /** Weighted kappa between raters a and b; every label of the table must be an integer. */
    public static WeightedKappaResult compute(LabelTable t, String raterA, String raterB, Weighting w) {
        int[] scores = scores(t.labels());
        int a = t.raterIndex(raterA);
        int b = t.raterIndex(raterB);
        int l = t.labelCount();
        long[] conf = new long[l * l];
        for (int i = 0; i < t.itemCount(); i++) {
            int ca = t.code(i, a);
            int cb = t.code(i, b);
            if (ca >= 0 && cb >= 0) {
                conf[ca * l + cb]++;
            }
        }
        return fromConfusion(raterA, raterB, scores, conf, w);
    }

    /** The integer value of each label; throws if one is not an integer. */
    public static int[] scores(List<String> labels) {
        int[] s = new int[labels.size()];
        for (int k = 0; k < s.length; k++) {
            Integer v = LabelTable.parseInt(labels.get(k));
            if (v == null) {
                throw new IllegalArgumentException(
                        "weighted kappa needs integer scores, found label '" + labels.get(k) + "'");
            }
            s[k] = v;
        }
        return s;
    }

    /** κ_w; NaN when undefined. */
    static double kappa(long[] conf, int[] scores, Weighting w) {
        int l = scores.length;
        long n = 0;
        long[] row = new long[l];
        long[] col = new long[l];
        double obs = 0;
        for (int i = 0; i < l; i++) {
            for (int j = 0; j < l; j++) {
                long v = conf[i * l + j];
                row[i] += v;
                col[j] += v;
                n += v;
                if (v != 0) {
                    obs += v * w.weight(scores[i], scores[j]);
                }
            }
        }
        if (n == 0) {
            return Double.NaN;
        }
        double exp = 0;
        for (int i = 0; i < l; i++) {
            if (row[i] == 0) {
                continue;
            }
            for (int j = 0; j < l; j++) {
                exp += (double) row[i] * col[j] * w.weight(scores[i], scores[j]);
            }
        }
        if (exp == 0) {
            return Double.NaN;
        }
        return 1 - n * obs / exp;
    }

    static WeightedKappaResult fromConfusion(String raterA, String raterB, int[] scores, long[] conf, Weighting w) {
        long n = 0;
        for (long v : conf) {
            n += v;
        }
        double k = kappa(conf, scores, w);
        if (n == 0) {
            return new WeightedKappaResult(
                    raterA, raterB, w, 0, null, "n = 0: no item scored by both " + raterA + " and " + raterB);
        }
        if (Double.isNaN(k)) {
            return new WeightedKappaResult(
                    raterA,
                    raterB,
                    w,
                    n,
                    null,
                    "expected disagreement = 0: both raters gave one and the same score throughout");
        }
        return new WeightedKappaResult(raterA, raterB, w, n, k, null);
    }
}
