package org.tracejudge.ensemble;

import java.util.Arrays;

/**
 * Each trace row's position in a list, by the row's rowid: an array indexed by rowid when the rowids are dense (they
 * are: SQLite gives a new row the largest rowid plus one, so a project's rowids run from 1 with gaps only where traces
 * were removed), else a binary search in the rowids sorted. A look-up is an array index, where {@link Positions} hashes
 * and compares a 36-character id.
 */
final class RowidPositions {
    /** By rowid: the position plus one (0: not in the list); null when the rowids are sparse. */
    private final int[] dense;
    /** Sparse: the rowids sorted, and each one's position. */
    private final long[] sorted;

    private final int[] positions;

    /** The positions of {@code rowids} (each rowid once; a repeated one keeps its first position). */
    RowidPositions(long[] rowids) {
        long max = 0;
        long min = Long.MAX_VALUE;
        for (long r : rowids) {
            max = Math.max(max, r);
            min = Math.min(min, r);
        }
        if (rowids.length == 0 || (min >= 0 && max < 4L * rowids.length + 1024)) {
            dense = new int[(int) max + 1];
            for (int i = rowids.length - 1; i >= 0; i--) {
                dense[(int) rowids[i]] = i + 1;
            }
            sorted = null;
            positions = null;
            return;
        }
        dense = null;
        Integer[] order = new Integer[rowids.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        // stable: a repeated rowid's first position comes first
        Arrays.sort(order, (a, b) -> Long.compare(rowids[a], rowids[b]));
        sorted = new long[order.length];
        positions = new int[order.length];
        for (int i = 0; i < order.length; i++) {
            sorted[i] = rowids[order[i]];
            positions[i] = order[i];
        }
    }

    /** The position of the row {@code rowid}, or -1 when it is not in the list. */
    int of(long rowid) {
        if (dense != null) {
            return rowid >= 0 && rowid < dense.length ? dense[(int) rowid] - 1 : -1;
        }
        int at = Arrays.binarySearch(sorted, rowid);
        if (at < 0) {
            return -1;
        }
        while (at > 0 && sorted[at - 1] == rowid) {
            at--; // the first of equal rowids: the first position
        }
        return positions[at];
    }
}
