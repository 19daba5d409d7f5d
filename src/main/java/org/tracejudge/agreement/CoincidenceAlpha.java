package org.tracejudge.agreement;

import java.util.Arrays;

/**
 * Krippendorff's alpha for values coded 0..V−1 under any difference function δ², from the coincidence matrix
 * (Krippendorff 2011, "Computing Krippendorff's Alpha-Reliability", Annenberg School for Communication, sections
 * C–E; Krippendorff 2004, "Content Analysis", 2nd ed., ch. 11). Over the units u with m_u ≥ 2 values,
 * o_ck = Σ_u (ordered c–k value pairs in u) / (m_u − 1), n_c = Σ_k o_ck, n = Σ_c n_c and
 * α = 1 − (n − 1) Σ_ck o_ck δ²_ck / Σ_ck n_c n_k δ²_ck.
 *
 * <p>Sums layout ({@link #sums}): V·V coincidences (row-major), then the number of pairable units.
 */
final class CoincidenceAlpha {
    private CoincidenceAlpha() {}

    /** δ²_ck for every pair of codes, possibly from the marginals n_c (the ordinal metric needs them). */
    interface Metric {
        double[] deltas(double[] marginals);
    }

    /** δ = 0 for equal values, 1 otherwise. */
    static Metric nominal(int v) {
        double[] d = new double[v * v];
        for (int c = 0; c < v; c++) {
            for (int k = 0; k < v; k++) {
                d[c * v + k] = c == k ? 0 : 1;
            }
        }
        return n -> d;
    }

    /**
     * Krippendorff's ordinal metric for codes in the order of the scale: δ²_ck = (Σ_{g=c..k} n_g − (n_c + n_k)/2)²,
     * with n_g the marginal frequencies of the pairable values.
     */
    static Metric ordinal(int v) {
        return n -> {
            double[] prefix = new double[v + 1];
            for (int g = 0; g < v; g++) {
                prefix[g + 1] = prefix[g] + n[g];
            }
            double[] d = new double[v * v];
            for (int c = 0; c < v; c++) {
                for (int k = c + 1; k < v; k++) {
                    double s = prefix[k + 1] - prefix[c] - (n[c] + n[k]) / 2;
                    d[c * v + k] = s * s;
                    d[k * v + c] = s * s;
                }
            }
            return d;
        };
    }

    /** δ² = (x_c − x_k)² for the numeric value x of each code. */
    static Metric interval(double[] x) {
        int v = x.length;
        double[] d = new double[v * v];
        for (int c = 0; c < v; c++) {
            for (int k = 0; k < v; k++) {
                d[c * v + k] = (x[c] - x[k]) * (x[c] - x[k]);
            }
        }
        return n -> d;
    }

    /** Fixed distances given for every pair (MASI over sets). */
    static Metric fixed(double[] d) {
        return n -> d;
    }

    /** Per unit, its coincidences; {@code codes[item][rater]} is a code or −1 for missing. */
    static ItemSums sums(int[][] codes, int v) {
        ItemSums.Builder b = new ItemSums.Builder(v * v + 1);
        int[] present = new int[8];
        int[] count = new int[v];
        for (int[] row : codes) {
            int distinct = 0;
            int m = 0;
            for (int c : row) {
                if (c < 0) {
                    continue;
                }
                m++;
                if (count[c]++ == 0) {
                    if (distinct == present.length) {
                        present = Arrays.copyOf(present, distinct * 2);
                    }
                    present[distinct++] = c;
                }
            }
            if (m < 2) {
                for (int j = 0; j < distinct; j++) {
                    count[present[j]] = 0;
                }
                b.add(new int[0], new double[0]);
                continue;
            }
            Arrays.sort(present, 0, distinct);
            int[] ix = new int[distinct * distinct + 1];
            double[] val = new double[ix.length];
            int e = 0;
            for (int a = 0; a < distinct; a++) {
                int c = present[a];
                for (int z = 0; z < distinct; z++) {
                    int k = present[z];
                    ix[e] = c * v + k;
                    val[e++] = (double) count[c] * (count[k] - (c == k ? 1 : 0)) / (m - 1);
                }
            }
            ix[e] = v * v;
            val[e] = 1;
            for (int j = 0; j < distinct; j++) {
                count[present[j]] = 0;
            }
            b.add(ix, val);
        }
        return b.build();
    }

    /** α from the sums; NaN when undefined (no pairable unit, or no expected disagreement). */
    static double alpha(double[] sums, int v, Metric metric) {
        double[] nc = new double[v];
        double n = 0;
        for (int c = 0; c < v; c++) {
            for (int k = 0; k < v; k++) {
                nc[c] += sums[c * v + k];
            }
            n += nc[c];
        }
        if (sums[v * v] == 0) {
            return Double.NaN;
        }
        double[] d = metric.deltas(nc);
        double obs = 0;
        double exp = 0;
        for (int c = 0; c < v; c++) {
            if (nc[c] == 0) {
                continue;
            }
            for (int k = 0; k < v; k++) {
                double dk = d[c * v + k];
                if (dk != 0) {
                    obs += sums[c * v + k] * dk;
                    exp += nc[c] * nc[k] * dk;
                }
            }
        }
        if (exp == 0) {
            return Double.NaN;
        }
        return 1 - (n - 1) * obs / exp;
    }

    /** The pairable units counted in the sums. */
    static long units(double[] sums, int v) {
        return Math.round(sums[v * v]);
    }

    /** Pairable values n. */
    static long values(double[] sums, int v) {
        double n = 0;
        for (int j = 0; j < v * v; j++) {
            n += sums[j];
        }
        return Math.round(n);
    }
}
