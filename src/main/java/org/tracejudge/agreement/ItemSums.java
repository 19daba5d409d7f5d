package org.tracejudge.agreement;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Per-item contributions to a vector of sums, for coefficients that are functions of such sums (coincidence
 * matrices, confusion counts, sums of squares, matched spans). Items with the same contribution share one pattern, so
 * a bootstrap resample only counts how often each pattern was drawn and adds each pattern's contribution once.
 */
final class ItemSums {
    final int length;
    final int[] patternOf;
    /** Pattern p's entries are [start[p], start[p + 1]) of index and value: one flat run, read in order. */
    private final int[] start;

    private final int[] index;
    private final double[] value;

    private ItemSums(int length, int[] patternOf, List<int[]> index, List<double[]> value) {
        this.length = length;
        this.patternOf = patternOf;
        this.start = new int[index.size() + 1];
        int total = 0;
        for (int p = 0; p < index.size(); p++) {
            start[p] = total;
            total += index.get(p).length;
        }
        start[index.size()] = total;
        this.index = new int[total];
        this.value = new double[total];
        for (int p = 0; p < index.size(); p++) {
            System.arraycopy(index.get(p), 0, this.index, start[p], index.get(p).length);
            System.arraycopy(value.get(p), 0, this.value, start[p], value.get(p).length);
        }
    }

    int items() {
        return patternOf.length;
    }

    int patterns() {
        return start.length - 1;
    }

    /** The sums over every item once. */
    double[] total() {
        int[] w = new int[patterns()];
        for (int p : patternOf) {
            w[p]++;
        }
        return total(w, new double[length]);
    }

    /** The sums with pattern p counted {@code weights[p]} times, written into {@code out}. */
    double[] total(int[] weights, double[] out) {
        Arrays.fill(out, 0);
        for (int p = 0; p < weights.length; p++) {
            double w = weights[p]; // no test for 0: with as many patterns as items the branch costs more than it saves
            for (int j = start[p], end = start[p + 1]; j < end; j++) {
                out[index[j]] += w * value[j];
            }
        }
        return out;
    }

    /** Both sums side by side: b's indices shifted by a's length; a and b must cover the same items. */
    static ItemSums join(ItemSums a, ItemSums b) {
        if (a.items() != b.items()) {
            throw new IllegalArgumentException("sums over " + a.items() + " and " + b.items() + " items");
        }
        Builder out = new Builder(a.length + b.length);
        for (int i = 0; i < a.items(); i++) {
            int pa = a.patternOf[i];
            int pb = b.patternOf[i];
            int la = a.start[pa + 1] - a.start[pa];
            int lb = b.start[pb + 1] - b.start[pb];
            int[] ix = new int[la + lb];
            double[] v = new double[la + lb];
            System.arraycopy(a.index, a.start[pa], ix, 0, la);
            System.arraycopy(a.value, a.start[pa], v, 0, la);
            for (int j = 0; j < lb; j++) {
                ix[la + j] = b.index[b.start[pb] + j] + a.length;
                v[la + j] = b.value[b.start[pb] + j];
            }
            out.add(ix, v);
        }
        return out.build();
    }

    /** Collects items in order; an item's contribution is a sparse vector (indices into the sums). */
    static final class Builder {
        private final int length;
        private final Map<Key, Integer> patterns = new HashMap<>();
        private final List<int[]> index = new ArrayList<>();
        private final List<double[]> value = new ArrayList<>();
        private int[] patternOf = new int[16];
        private int items;

        Builder(int length) {
            this.length = length;
        }

        /** One item; the arrays are taken, not copied. An item that adds nothing passes empty arrays. */
        Builder add(int[] ix, double[] v) {
            Integer p = patterns.computeIfAbsent(new Key(ix, v), k -> {
                index.add(ix);
                value.add(v);
                return index.size() - 1;
            });
            if (items == patternOf.length) {
                patternOf = Arrays.copyOf(patternOf, items * 2);
            }
            patternOf[items++] = p;
            return this;
        }

        ItemSums build() {
            return new ItemSums(length, Arrays.copyOf(patternOf, items), index, value);
        }
    }

    private record Key(int[] ix, double[] v) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Arrays.equals(ix, k.ix) && Arrays.equals(v, k.v);
        }

        @Override
        public int hashCode() {
            return 31 * Arrays.hashCode(ix) + Arrays.hashCode(v);
        }

        @Override
        public String toString() {
            return Arrays.toString(ix) + "=" + Arrays.toString(v);
        }
    }
}
