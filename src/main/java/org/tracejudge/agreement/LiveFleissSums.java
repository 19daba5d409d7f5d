package org.tracejudge.agreement;

import java.util.Arrays;

/**
 * {@link LiveAgreement}'s per-item category counts over the Fleiss rater set, and what the complete items (labelled by
 * every Fleiss rater) add to Fleiss' sums ({@link AgreementCounts#fleissItems}, {@code fleissSum}, {@code fleissSq}).
 * A label moved on one item takes out that item's contribution, changes its counts and adds it back: O(labels) per
 * edit.
 */
final class LiveFleissSums {
    private int[][] fleissCount = new int[16][]; // [item][label], over Fleiss raters
    private int[] fleissGiven = new int[16]; // labels per item among Fleiss raters

    /** Room for {@code items} items. */
    void grow(int items) {
        fleissCount = Arrays.copyOf(fleissCount, items);
        fleissGiven = Arrays.copyOf(fleissGiven, items);
    }

    /** Item {@code i} with no label yet, among {@code labels} labels. */
    void clear(int i, int labels) {
        fleissCount[i] = new int[labels];
        fleissGiven[i] = 0;
    }

    /** One Fleiss rater's label of item {@code i} moves from {@code old} to {@code k} (-1 = none). */
    void change(AgreementCounts counts, int i, int old, int k) {
        int[] fc = fleissCount[i];
        add(counts, i, fc, -1);
        if (old >= 0) {
            fc[old]--;
            fleissGiven[i]--;
        }
        if (k >= 0) {
            fc[k]++;
            fleissGiven[i]++;
        }
        add(counts, i, fc, 1);
    }

    private void add(AgreementCounts counts, int i, int[] fc, int sign) {
        int m = counts.fleissRaters.length;
        if (m < 2 || fleissGiven[i] != m) {
            return;
        }
        counts.fleissItems += sign;
        for (int c = 0; c < fc.length; c++) {
            counts.fleissSum[c] += sign * (long) fc[c];
            counts.fleissSq[c] += sign * (long) fc[c] * fc[c];
        }
    }
}
