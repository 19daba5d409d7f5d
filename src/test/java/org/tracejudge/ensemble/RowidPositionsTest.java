package org.tracejudge.ensemble;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link RowidPositions} against a plain map, on dense rowids (a project's) and sparse ones, repeats and misses. */
class RowidPositionsTest {
    private static void check(long[] rowids, long[] asked) {
        Map<Long, Integer> expected = new HashMap<>();
        for (int i = 0; i < rowids.length; i++) {
            expected.putIfAbsent(rowids[i], i);
        }
        RowidPositions p = new RowidPositions(rowids);
        for (long r : asked) {
            assertEquals(expected.getOrDefault(r, -1), p.of(r), "rowid " + r);
        }
    }

    @Test
    void denseRowidsInAnyOrderWithGapsAndRepeats() {
        Random rnd = new Random(7);
        long[] rowids = new long[5_000];
        for (int i = 0; i < rowids.length; i++) {
            rowids[i] = 1L + rnd.nextInt(6_000); // gaps (removed traces) and a few repeats
        }
        long[] asked = new long[7_000];
        for (int i = 0; i < asked.length; i++) {
            asked[i] = rnd.nextInt(7_000) - 10L; // some below 0, some above the largest
        }
        check(rowids, asked);
    }

    @Test
    void sparseRowidsUseTheSortedSearch() {
        long[] rowids = {Long.MAX_VALUE - 3, 5, -2, 1L << 40, 5, 77};
        check(rowids, new long[] {Long.MAX_VALUE - 3, 5, -2, 1L << 40, 77, 6, 0, Long.MIN_VALUE, Long.MAX_VALUE});
    }

    @Test
    void anEmptyListFindsNothing() {
        check(new long[0], new long[] {0, 1, -1});
    }
}
