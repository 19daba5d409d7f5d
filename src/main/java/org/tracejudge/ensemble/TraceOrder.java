package org.tracejudge.ensemble;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The order SQLite's {@code ORDER BY model, task_key, run} gives traces (BINARY: code-point order), computed in Java:
 * each column's distinct values are ranked once and the ranks packed into one {@code long} per trace with its read
 * position in the low bits, so a million traces sort as primitives and ties keep the order they were read in.
 */
final class TraceOrder {
    private TraceOrder() {}

    /** The read positions in sorted order; the three lists are parallel, one entry per trace, none null. */
    static int[] of(List<String> models, List<String> tasks, List<String> runs) {
        return of(models, tasks, runs, true);
    }

    /** {@link #of(List, List, List)}; {@code pack} false always takes the comparator path (for tests). */
    static int[] of(List<String> models, List<String> tasks, List<String> runs, boolean pack) {
        int n = models.size();
        int[] m = ranks(models);
        int[] t = ranks(tasks);
        int[] r = ranks(runs);
        int bm = bits(max(m));
        int bt = bits(max(t));
        int br = bits(max(r));
        int bi = bits(n - 1);
        int[] out = new int[n];
        if (pack && bm + bt + br + bi <= 63) {
            long[] keys = new long[n];
            for (int i = 0; i < n; i++) {
                keys[i] = ((((long) m[i] << bt | t[i]) << br | r[i]) << bi) | i;
            }
            Arrays.sort(keys);
            long mask = (1L << bi) - 1;
            for (int i = 0; i < n; i++) {
                out[i] = (int) (keys[i] & mask);
            }
            return out;
        }
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(
                order,
                (a, b) -> m[a] != m[b]
                        ? Integer.compare(m[a], m[b])
                        : t[a] != t[b] ? Integer.compare(t[a], t[b]) : Integer.compare(r[a], r[b]));
        for (int i = 0; i < n; i++) {
            out[i] = order[i];
        }
        return out;
    }

    /** Each value's rank among the distinct values in SQLite's text order. */
    private static int[] ranks(List<String> values) {
        Map<String, Integer> rank = new HashMap<>();
        for (String v : values) {
            rank.putIfAbsent(v, 0);
        }
        List<String> distinct = new ArrayList<>(rank.keySet());
        distinct.sort(TraceOrder::sqliteOrder);
        for (int i = 0; i < distinct.size(); i++) {
            rank.put(distinct.get(i), i);
        }
        int[] out = new int[values.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = rank.get(values.get(i));
        }
        return out;
    }

    /** SQLite's BINARY order of two texts (their UTF-8 bytes, which is code-point order), unlike String's UTF-16 order. */
    static int sqliteOrder(String a, String b) {
        int n = Math.min(a.length(), b.length());
        for (int i = 0; i < n; i++) {
            char x = a.charAt(i);
            char y = b.charAt(i);
            if (x != y) {
                return Character.isSurrogate(x) || Character.isSurrogate(y)
                        ? Integer.compare(a.codePointAt(i), b.codePointAt(i))
                        : x - y;
            }
        }
        return a.length() - b.length();
    }

    private static int max(int[] xs) {
        int max = 0;
        for (int x : xs) {
            max = Math.max(max, x);
        }
        return max;
    }

    /** Bits to hold 0..x (at least one). */
    private static int bits(int x) {
        return Math.max(1, 32 - Integer.numberOfLeadingZeros(x));
    }
}
