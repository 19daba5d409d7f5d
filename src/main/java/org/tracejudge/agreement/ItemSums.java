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
    final int[][] index;
    final double[][] value;

    private ItemSums(int length, int[] patternOf, List<int[]> index, List<double[]> value) {
        this.length = length;
        this.patternOf = patternOf;
        this.index = index.toArray(new int[0][]);
        this.value = value.toArray(new double[0][]);
    }

    int items() {
        return patternOf.length;
    }

    int patterns() {
        return index.length;
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
            int w = weights[p];
            if (w == 0) {
                continue;
            }
            int[] ix = index[p];
            double[] v = value[p];
            for (int j = 0; j < ix.length; j++) {
                out[ix[j]] += w * v[j];
            }
        }
        return out;
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
