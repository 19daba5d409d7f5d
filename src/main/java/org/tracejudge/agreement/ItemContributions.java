package org.tracejudge.agreement;

/**
 * Per-item contributions to {@link AgreementCounts}, precomputed once so that the
 * bootstrap can rebuild the counts for a weighted resample with a tight loop.
 */
final class ItemContributions {
    final int nItems;
    final int nPairs;
    final int nLabels;
    final int nRaters;
    /** pairCell[i * nPairs + p] = a * L + b, or -1 when either rater is missing. */
    final int[] pairCell;
    /** Category counts among the Fleiss raters, only for items all of them labelled. */
    final int[] fStart;
    final int[] fCat;
    final int[] fCnt;
    /** Category counts among all raters, for every item. */
    final int[] aStart;
    final int[] aCat;
    final int[] aCnt;
    /** Number of labels the item has (all raters). */
    final int[] m;
    /** Σ_k n_ik (n_ik − 1) over all raters. */
    final long[] s;

    ItemContributions(LabelTable t, int[] fleissRaters) {
        nItems = t.itemCount();
        nRaters = t.raterCount();
        nLabels = t.labelCount();
        int[][] pairs = AgreementCounts.pairsOf(nRaters);
        nPairs = pairs.length;
        pairCell = new int[nItems * nPairs];
        fStart = new int[nItems + 1];
        aStart = new int[nItems + 1];
        m = new int[nItems];
        s = new long[nItems];
        int[] cnt = new int[nLabels];
        int[] fBuf = new int[nItems * Math.min(fleissRaters.length, Math.max(nLabels, 1)) * 2 + 2];
        int[] aBuf = new int[nItems * Math.min(nRaters, Math.max(nLabels, 1)) * 2 + 2];
        int fLen = 0;
        int aLen = 0;
        for (int i = 0; i < nItems; i++) {
            for (int p = 0; p < nPairs; p++) {
                int ca = t.code(i, pairs[p][0]);
                int cb = t.code(i, pairs[p][1]);
                pairCell[i * nPairs + p] = (ca < 0 || cb < 0) ? -1 : ca * nLabels + cb;
            }
            // Fleiss raters
            boolean complete = fleissRaters.length >= 2;
            for (int r : fleissRaters) {
                if (t.code(i, r) < 0) {
                    complete = false;
                    break;
                }
            }
            fStart[i] = fLen / 2;
            if (complete) {
                for (int r : fleissRaters) {
                    cnt[t.code(i, r)]++;
                }
                for (int r : fleissRaters) {
                    int c = t.code(i, r);
                    if (cnt[c] > 0) {
                        fBuf[fLen++] = c;
                        fBuf[fLen++] = cnt[c];
                        cnt[c] = 0;
                    }
                }
            }
            // all raters
            aStart[i] = aLen / 2;
            int mi = 0;
            for (int r = 0; r < nRaters; r++) {
                int c = t.code(i, r);
                if (c >= 0) {
                    cnt[c]++;
                    mi++;
                }
            }
            long si = 0;
            for (int r = 0; r < nRaters; r++) {
                int c = t.code(i, r);
                if (c >= 0 && cnt[c] > 0) {
                    aBuf[aLen++] = c;
                    aBuf[aLen++] = cnt[c];
                    si += (long) cnt[c] * (cnt[c] - 1);
                    cnt[c] = 0;
                }
            }
            m[i] = mi;
            s[i] = si;
        }
        fStart[nItems] = fLen / 2;
        aStart[nItems] = aLen / 2;
        fCat = new int[fLen / 2];
        fCnt = new int[fLen / 2];
        for (int j = 0; j < fLen / 2; j++) {
            fCat[j] = fBuf[2 * j];
            fCnt[j] = fBuf[2 * j + 1];
        }
        aCat = new int[aLen / 2];
        aCnt = new int[aLen / 2];
        for (int j = 0; j < aLen / 2; j++) {
            aCat[j] = aBuf[2 * j];
            aCnt[j] = aBuf[2 * j + 1];
        }
    }

    /** Fills {@code out} (cleared first) from item weights; {@code weights == null} means weight 1 each. */
    void accumulate(int[] weights, AgreementCounts out) {
        out.clear();
        final int P = nPairs;
        final long[][] conf = out.confusion;
        for (int i = 0; i < nItems; i++) {
            final int w = weights == null ? 1 : weights[i];
            if (w == 0) {
                continue;
            }
            final int base = i * P;
            for (int p = 0; p < P; p++) {
                int cell = pairCell[base + p];
                if (cell >= 0) {
                    conf[p][cell] += w;
                }
            }
            int f0 = fStart[i];
            int f1 = fStart[i + 1];
            if (f1 > f0) {
                out.fleissItems += w;
                for (int j = f0; j < f1; j++) {
                    long c = fCnt[j];
                    out.fleissSum[fCat[j]] += w * c;
                    out.fleissSq[fCat[j]] += w * c * c;
                }
            }
            int a0 = aStart[i];
            int a1 = aStart[i + 1];
            for (int j = a0; j < a1; j++) {
                out.labelTotals[aCat[j]] += (long) w * aCnt[j];
            }
            if (m[i] >= 2) {
                out.alphaItems += w;
                out.alphaT[m[i]] += w * s[i];
                for (int j = a0; j < a1; j++) {
                    out.alphaSum[aCat[j]] += (long) w * aCnt[j];
                }
            }
        }
    }
}
