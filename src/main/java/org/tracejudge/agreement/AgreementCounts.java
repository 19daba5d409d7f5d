package org.tracejudge.agreement;

import java.util.Arrays;
import java.util.List;

/**
 * Integer sufficient statistics from which every point coefficient is computed:
 * per-pair confusion counts, per-category sums for Fleiss over its rater set, and the
 * coincidence summaries for Krippendorff's alpha. Both the from-scratch calculator, the
 * bootstrap (with item weights) and {@link LiveAgreement} (incrementally) fill this same
 * structure, so all three share one set of formulas.
 */
final class AgreementCounts {
    final List<String> raters;
    final List<String> labels;
    final int nRaters;
    final int nLabels;
    /** pairs[p] = {a, b} with a &lt; b, in lexicographic order. */
    final int[][] pairs;
    /** confusion[p][a*L + b]: items labelled a by pairs[p][0] and b by pairs[p][1]. */
    final long[][] confusion;
    /** Indices (into raters) of the Fleiss rater set. */
    final int[] fleissRaters;
    /** Items labelled by every Fleiss rater. */
    long fleissItems;
    /** Σ_i n_ik over complete items, per category k (counts among Fleiss raters). */
    final long[] fleissSum;
    /** Σ_i n_ik² over complete items, per category k. */
    final long[] fleissSq;
    /** Items with ≥ 2 labels (over all raters). */
    long alphaItems;
    /** Σ_i n_ik over items with ≥ 2 labels, per category. */
    final long[] alphaSum;
    /** alphaT[m] = Σ over items with exactly m labels of Σ_k n_ik (n_ik − 1). */
    final long[] alphaT;
    /** All labels given, per category (every item, every rater): for prevalence. */
    final long[] labelTotals;

    AgreementCounts(List<String> raters, List<String> labels, int[] fleissRaters) {
        this.raters = List.copyOf(raters);
        this.labels = List.copyOf(labels);
        this.nRaters = raters.size();
        this.nLabels = labels.size();
        this.pairs = pairsOf(nRaters);
        this.confusion = new long[pairs.length][nLabels * nLabels];
        this.fleissRaters = fleissRaters.clone();
        this.fleissSum = new long[nLabels];
        this.fleissSq = new long[nLabels];
        this.alphaSum = new long[nLabels];
        this.alphaT = new long[nRaters + 1];
        this.labelTotals = new long[nLabels];
    }

    static int[][] pairsOf(int r) {
        int[][] p = new int[r * (r - 1) / 2][];
        int k = 0;
        for (int a = 0; a < r; a++) {
            for (int b = a + 1; b < r; b++) {
                p[k++] = new int[] {a, b};
            }
        }
        return p;
    }

    /** Index of the pair (a, b), a &lt; b, in {@link #pairs}. */
    static int pairIndex(int a, int b, int r) {
        // pairs before row a: sum_{x<a} (r-1-x)
        return a * (2 * r - a - 1) / 2 + (b - a - 1);
    }

    void clear() {
        for (long[] c : confusion) {
            Arrays.fill(c, 0);
        }
        fleissItems = 0;
        Arrays.fill(fleissSum, 0);
        Arrays.fill(fleissSq, 0);
        alphaItems = 0;
        Arrays.fill(alphaSum, 0);
        Arrays.fill(alphaT, 0);
        Arrays.fill(labelTotals, 0);
    }

    /**
     * These counts with label {@code src[j]} as label {@code j} of {@code order} (labels not in {@code src} dropped):
     * the same raters and Fleiss set, every sum carried over.
     */
    AgreementCounts relabelled(List<String> order, int[] src) {
        int nl = nLabels;
        int ul = order.size();
        AgreementCounts c = new AgreementCounts(raters, order, fleissRaters);
        for (int p = 0; p < pairs.length; p++) {
            long[] from = confusion[p];
            long[] to = c.confusion[p];
            for (int a = 0; a < ul; a++) {
                for (int b = 0; b < ul; b++) {
                    to[a * ul + b] = from[src[a] * nl + src[b]];
                }
            }
        }
        c.fleissItems = fleissItems;
        c.alphaItems = alphaItems;
        System.arraycopy(alphaT, 0, c.alphaT, 0, c.alphaT.length);
        for (int j = 0; j < ul; j++) {
            c.fleissSum[j] = fleissSum[src[j]];
            c.fleissSq[j] = fleissSq[src[j]];
            c.alphaSum[j] = alphaSum[src[j]];
            c.labelTotals[j] = labelTotals[src[j]];
        }
        return c;
    }

    List<String> fleissRaterNames() {
        return Arrays.stream(fleissRaters).mapToObj(raters::get).toList();
    }

    /** All labels given: Σ_k labelTotals[k]. */
    long totalLabels() {
        long s = 0;
        for (long v : labelTotals) {
            s += v;
        }
        return s;
    }
}
