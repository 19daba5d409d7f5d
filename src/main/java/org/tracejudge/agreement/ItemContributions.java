package org.tracejudge.agreement;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Per-item contributions to {@link AgreementCounts}, precomputed once so that the bootstrap can
 * rebuild the counts for a weighted resample with a tight loop.
 *
 * <p>Items given the same labels by every rater contribute identically, so they are grouped into
 * <em>patterns</em>; a resample only needs the total weight drawn per pattern, and the loop runs over
 * the (usually far fewer) patterns instead of the items.
 */
final class ItemContributions {
    final int nItems;
    /** Distinct rows of labels. */
    final int nPatterns;
    /** patternOf[item] = index of its pattern. */
    final int[] patternOf;
    /**
     * patternOf as bytes when there are at most 256 patterns (else null): the bootstrap draws through it, and at a
     * million items the int array (4 MB) outgrows the cache, so each draw waits on memory; 1 MB of bytes halves a
     * resample's time. Made once here, not per bootstrap chunk.
     */
    final byte[] smallPatternOf;
    /** Items per pattern: the pattern weights of the original sample. */
    final int[] multiplicity;

    final int nPairs;
    final int nLabels;
    final int nRaters;
    /** pairCell[pat * nPairs + p] = a * L + b, or -1 when either rater is missing. */
    final int[] pairCell;
    /** Category counts among the Fleiss raters, only for patterns all of them labelled. */
    final int[] fStart;

    final int[] fCat;
    final int[] fCnt;
    /** Category counts among all raters, for every pattern. */
    final int[] aStart;

    final int[] aCat;
    final int[] aCnt;
    /** Number of labels in the pattern (all raters). */
    final int[] m;
    /** Σ_k n_k (n_k − 1) over all raters. */
    final long[] s;

    ItemContributions(LabelTable t, int[] fleissRaters) {
        nItems = t.itemCount();
        nRaters = t.raterCount();
        nLabels = t.labelCount();
        // group items into patterns
        patternOf = new int[nItems];
        Map<List<Integer>, Integer> index = new HashMap<>();
        List<int[]> rows = new ArrayList<>();
        List<Integer> mult = new ArrayList<>();
        for (int i = 0; i < nItems; i++) {
            int[] row = new int[nRaters];
            Integer[] key = new Integer[nRaters];
            for (int r = 0; r < nRaters; r++) {
                row[r] = t.code(i, r);
                key[r] = row[r];
            }
            Integer pat = index.get(Arrays.asList(key));
            if (pat == null) {
                pat = rows.size();
                index.put(Arrays.asList(key), pat);
                rows.add(row);
                mult.add(0);
            }
            patternOf[i] = pat;
            mult.set(pat, mult.get(pat) + 1);
        }
        nPatterns = rows.size();
        smallPatternOf = nPatterns <= 256 ? new byte[nItems] : null;
        for (int i = 0; smallPatternOf != null && i < nItems; i++) {
            smallPatternOf[i] = (byte) patternOf[i];
        }
        multiplicity = mult.stream().mapToInt(Integer::intValue).toArray();

        int[][] pairs = AgreementCounts.pairsOf(nRaters);
        nPairs = pairs.length;
        pairCell = new int[nPatterns * nPairs];
        fStart = new int[nPatterns + 1];
        aStart = new int[nPatterns + 1];
        m = new int[nPatterns];
        s = new long[nPatterns];
        int[] cnt = new int[nLabels];
        int width = Math.max(nLabels, 1);
        int[] fBuf = new int[nPatterns * Math.min(fleissRaters.length, width) * 2 + 2];
        int[] aBuf = new int[nPatterns * Math.min(nRaters, width) * 2 + 2];
        int fLen = 0;
        int aLen = 0;
        for (int i = 0; i < nPatterns; i++) {
            int[] row = rows.get(i);
            for (int p = 0; p < nPairs; p++) {
                int ca = row[pairs[p][0]];
                int cb = row[pairs[p][1]];
                pairCell[i * nPairs + p] = (ca < 0 || cb < 0) ? -1 : ca * nLabels + cb;
            }
            boolean complete = fleissRaters.length >= 2;
            for (int r : fleissRaters) {
                complete &= row[r] >= 0;
            }
            fStart[i] = fLen / 2;
            if (complete) {
                for (int r : fleissRaters) {
                    cnt[row[r]]++;
                }
                for (int r : fleissRaters) {
                    int c = row[r];
                    if (cnt[c] > 0) {
                        fBuf[fLen++] = c;
                        fBuf[fLen++] = cnt[c];
                        cnt[c] = 0;
                    }
                }
            }
            aStart[i] = aLen / 2;
            int mi = 0;
            for (int r = 0; r < nRaters; r++) {
                if (row[r] >= 0) {
                    cnt[row[r]]++;
                    mi++;
                }
            }
            long si = 0;
            for (int r = 0; r < nRaters; r++) {
                int c = row[r];
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
        fStart[nPatterns] = fLen / 2;
        aStart[nPatterns] = aLen / 2;
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

    /**
     * Fills {@code out} (cleared first) from weights per pattern; {@code patternWeights == null}
     * means the original sample (each item once).
     */
    void accumulate(int[] patternWeights, AgreementCounts out) {
        out.clear();
        final int[] weights = patternWeights == null ? multiplicity : patternWeights;
        final int pCount = nPairs;
        final long[][] conf = out.confusion;
        for (int i = 0; i < nPatterns; i++) {
            final long w = weights[i];
            if (w == 0) {
                continue;
            }
            final int base = i * pCount;
            for (int p = 0; p < pCount; p++) {
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
                out.labelTotals[aCat[j]] += w * aCnt[j];
            }
            if (m[i] >= 2) {
                out.alphaItems += w;
                out.alphaT[m[i]] += w * s[i];
                for (int j = a0; j < a1; j++) {
                    out.alphaSum[aCat[j]] += w * aCnt[j];
                }
            }
        }
    }
}
