package org.tracejudge.agreement;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Items × raters of answers of one type, any cell possibly missing: a rater who did not answer the item, or for whom
 * the question did not apply (a conditional question). Items and raters keep the order in which they were first
 * named. Immutable once built.
 *
 * @param <T> the answer type: String (one option), Set&lt;String&gt; (options), Integer (a scale step), Double (a
 *     number), Map&lt;String,String&gt; (tool → YES/NO), List&lt;{@link SpanF1.Span}&gt; (spans)
 */
public final class Ratings<T> {
    private final List<String> items;
    private final List<String> raters;
    private final Object[][] cells; // [item][rater], null = missing

    private Ratings(List<String> items, List<String> raters, Object[][] cells) {
        this.items = List.copyOf(items);
        this.raters = List.copyOf(raters);
        this.cells = cells;
    }

    public static <T> Builder<T> builder() {
        return new Builder<>();
    }

    public List<String> items() {
        return items;
    }

    public List<String> raters() {
        return raters;
    }

    public int itemCount() {
        return items.size();
    }

    public int raterCount() {
        return raters.size();
    }

    /** The answer, or null when missing. */
    @SuppressWarnings("unchecked")
    public T get(int item, int rater) {
        return (T) cells[item][rater];
    }

    /** Collects answers; every rater row grows as raters are named. */
    public static final class Builder<T> {
        private final List<String> items = new ArrayList<>();
        private final Map<String, Integer> itemIndex = new HashMap<>();
        private final List<String> raters = new ArrayList<>();
        private final Map<String, Integer> raterIndex = new HashMap<>();
        private final List<Object[]> rows = new ArrayList<>();

        private Builder() {}

        /** Declares a rater even if it answers nothing (keeps rater order stable). */
        public Builder<T> addRater(String rater) {
            raterIndex.computeIfAbsent(Objects.requireNonNull(rater, "rater"), r -> {
                raters.add(r);
                return raters.size() - 1;
            });
            return this;
        }

        /** Declares an item even if nobody answered it (it still counts in the bootstrap's draws). */
        public Builder<T> addItem(String item) {
            index(item);
            return this;
        }

        private int index(String item) {
            return itemIndex.computeIfAbsent(Objects.requireNonNull(item, "item"), it -> {
                items.add(it);
                rows.add(null);
                return items.size() - 1;
            });
        }

        /** One answer; a second answer by the same rater to the same item is refused. */
        public Builder<T> add(String item, String rater, T answer) {
            if (answer == null) {
                throw new IllegalArgumentException(
                        "item '" + item + "', rater '" + rater + "': no answer given (leave the cell out instead)");
            }
            int i = index(item);
            addRater(rater);
            int r = raterIndex.get(rater);
            Object[] row = rows.get(i);
            if (row == null || row.length <= r) {
                row = row == null ? new Object[raters.size()] : Arrays.copyOf(row, raters.size());
                rows.set(i, row);
            }
            if (row[r] != null) {
                throw new IllegalArgumentException(
                        "item '" + item + "', rater '" + rater + "': answered twice (" + row[r] + ", " + answer + ")");
            }
            row[r] = answer;
            return this;
        }

        public Ratings<T> build() {
            int m = raters.size();
            Object[][] cells = new Object[items.size()][];
            for (int i = 0; i < cells.length; i++) {
                Object[] row = rows.get(i);
                cells[i] = row == null ? new Object[m] : row.length == m ? row : Arrays.copyOf(row, m);
            }
            return new Ratings<>(items, raters, cells);
        }
    }
}
