package org.tracejudge.agreement;

import java.util.List;

/**
 * Percent agreement and Cohen's kappa for two raters from their confusion counts:
 * κ = (p_o − p_e) / (1 − p_e), p_e = Σ_k p_a(k)·p_b(k) from each rater's own marginals.
 *
 * <p>Standard error: the large-sample (non-null) variance of Fleiss, Cohen &amp; Everitt (1969),
 * "Large sample standard errors of kappa and weighted kappa", Psychological Bulletin 72(5):
 * <pre>
 * Var(κ) = { Σ_i p_ii [1 − (p_i. + p_.i)(1 − κ)]²
 *          + (1 − κ)² Σ_{i≠j} p_ij (p_.i + p_j.)²
 *          − [κ − p_e (1 − κ)]² } / ( n (1 − p_e)² )
 * </pre>
 */
public final class CohenKappa {
    private CohenKappa() {}

    /** Cohen's kappa for raters a and b of the table, over items both labelled. */
    public static CohenResult compute(LabelTable t, String raterA, String raterB) {
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
        return fromConfusion(raterA, raterB, t.labels(), conf);
    }

    /** Kappa from flat confusion counts (row-major, rows rater a); NaN when undefined. */
    static double kappa(long[] conf, int l) {
        long n = 0;
        long diag = 0;
        double e = 0;
        for (int i = 0; i < l; i++) {
            long row = 0;
            long col = 0;
            for (int j = 0; j < l; j++) {
                row += conf[i * l + j];
                col += conf[j * l + i];
            }
            n += row;
            diag += conf[i * l + i];
            e += (double) row * col;
        }
        return kappa(n, diag, e);
    }

    /** κ = (n·D − E) / (n² − E) with D the diagonal count and E = Σ_k row_k·col_k; NaN when undefined. */
    static double kappa(long n, long diag, double e) {
        double nn = (double) n * n;
        if (n == 0 || nn - e == 0) {
            return Double.NaN;
        }
        return ((double) n * diag - e) / (nn - e);
    }

    /** One-vs-rest kappa for category k from the full confusion counts; NaN when undefined. */
    static double binaryKappa(long[] conf, int l, int k) {
        long n = 0;
        long row = 0;
        long col = 0;
        for (int j = 0; j < l; j++) {
            row += conf[k * l + j];
            col += conf[j * l + k];
        }
        for (long v : conf) {
            n += v;
        }
        long n11 = conf[k * l + k];
        long n00 = n - row - col + n11;
        double e = (double) row * col + (double) (n - row) * (n - col);
        return kappa(n, n11 + n00, e);
    }

    /** Full result from flat confusion counts. */
    static CohenResult fromConfusion(String raterA, String raterB, List<String> labels, long[] conf) {
        int l = labels.size();
        long n = 0;
        long diag = 0;
        long[] row = new long[l];
        long[] col = new long[l];
        for (int i = 0; i < l; i++) {
            for (int j = 0; j < l; j++) {
                long v = conf[i * l + j];
                row[i] += v;
                col[j] += v;
                n += v;
            }
            diag += conf[i * l + i];
        }
        ConfusionMatrix cm = ConfusionMatrix.of(labels, conf);
        if (n == 0) {
            return new CohenResult(
                    raterA,
                    raterB,
                    0,
                    null,
                    null,
                    null,
                    null,
                    cm,
                    "n = 0: no item labelled by both " + raterA + " and " + raterB);
        }
        double e = 0;
        for (int k = 0; k < l; k++) {
            e += (double) row[k] * col[k];
        }
        double po = (double) diag / n;
        double pe = e / ((double) n * n);
        double kappa = kappa(n, diag, e);
        if (Double.isNaN(kappa)) {
            String only = null;
            for (int k = 0; k < l; k++) {
                if (row[k] == n) {
                    only = labels.get(k);
                }
            }
            return new CohenResult(
                    raterA, raterB, n, po, null, null, 1.0, cm, "p_e = 1: both raters used only '" + only + "'");
        }
        return new CohenResult(
                raterA, raterB, n, po, kappa, standardError(conf, l, n, row, col, kappa, pe), pe, cm, null);
    }

    /** Fleiss, Cohen &amp; Everitt (1969) large-sample SE of kappa. */
    static Double standardError(long[] conf, int l, long n, long[] row, long[] col, double kappa, double pe) {
        double dn = n;
        double a = 0;
        double b = 0;
        double q = 1 - kappa;
        for (int i = 0; i < l; i++) {
            double pi = row[i] / dn;
            double pdi = col[i] / dn;
            for (int j = 0; j < l; j++) {
                double pij = conf[i * l + j] / dn;
                if (pij == 0) {
                    continue;
                }
                if (i == j) {
                    double t = 1 - (pi + pdi) * q;
                    a += pij * t * t;
                } else {
                    double t = col[i] / dn + row[j] / dn;
                    b += pij * t * t;
                }
            }
        }
        double c = kappa - pe * q;
        double var = (a + q * q * b - c * c) / (dn * (1 - pe) * (1 - pe));
        return Math.sqrt(Math.max(var, 0));
    }

    /** One-vs-rest result for category k: the 2×2 table [label, not label]. */
    static CohenResult binaryFromConfusion(String raterA, String raterB, List<String> labels, long[] conf, int k) {
        int l = labels.size();
        long row = 0;
        long col = 0;
        long n = 0;
        for (int j = 0; j < l; j++) {
            row += conf[k * l + j];
            col += conf[j * l + k];
        }
        for (long v : conf) {
            n += v;
        }
        long n11 = conf[k * l + k];
        long[] two = {n11, row - n11, col - n11, n - row - col + n11};
        String label = labels.get(k);
        CohenResult r = fromConfusion(raterA, raterB, List.of(label, "not " + label), two);
        if (r.kappa() == null && r.n() > 0) {
            String why = row == n
                    ? "p_e = 1: both raters used only '" + label + "'"
                    : "p_e = 1: neither rater used '" + label + "'";
            return new CohenResult(raterA, raterB, r.n(), r.agreement(), null, null, 1.0, r.confusion(), why);
        }
        return r;
    }
}
