package org.tracejudge.agreement;

import java.util.Arrays;

/**
 * {@link LiveAgreement}'s per-item category counts over all raters, and what they add to Krippendorff's alpha sums
 * ({@link AgreementCounts#alphaItems}, {@code alphaSum}, {@code alphaT}) and to the prevalence totals
 * ({@code labelTotals}). A label moved on one item takes out that item's contribution, changes its counts and adds
 * the contribution back: O(labels) per edit.
 */
final class LiveAlphaSums {
    private int[][] catCount = new int[16][]; // [item][label], over all raters
    private int[] given = new int[16]; // labels per item (all raters)

    /** Room for {@code items} items. */
    void grow(int items) {
        catCount = Arrays.copyOf(catCount, items);
        given = Arrays.copyOf(given, items);
    }

    /** Item {@code i} with no label yet, among {@code labels} labels. */
    void clear(int i, int labels) {
        catCount[i] = new int[labels];
        given[i] = 0;
    }

    /** Labels item {@code i} has, from all raters. */
    int given(int i) {
        return given[i];
    }

    /** One label of item {@code i} moves from {@code old} to {@code k} (-1 = none). */
    void change(AgreementCounts counts, int i, int old, int k) {
        int[] cc = catCount[i];
        add(counts, i, cc, -1);
        if (old >= 0) {
            cc[old]--;
            given[i]--;
            counts.labelTotals[old]--;
        }
        if (k >= 0) {
            cc[k]++;
            given[i]++;
            counts.labelTotals[k]++;
        }
        add(counts, i, cc, 1);
    }

    private void add(AgreementCounts counts, int i, int[] cc, int sign) {
        int m = given[i];
        if (m < 2) {
            return;
        }
        long s = 0;
        for (int c = 0; c < cc.length; c++) {
            s += (long) cc[c] * (cc[c] - 1);
            counts.alphaSum[c] += sign * (long) cc[c];
        }
        counts.alphaItems += sign;
        counts.alphaT[m] += sign * s;
    }
}
