package org.tracejudge.agreement;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * Immutable items × raters table of nominal labels; a cell may be missing.
 *
 * <p>Items and raters keep the order in which they were first seen; labels are sorted
 * (natural String order, or numerically when every label is an integer) so that every
 * computation lists categories the same way. Each item may carry strata attributes
 * (domain, model, task_type, target, ...).
 */
public final class LabelTable {
    /** Code stored for a missing label. */
    public static final int MISSING = -1;

    private final List<String> items;
    private final List<String> raters;
    private final List<String> labels;
    private final int[][] codes; // [item][rater]
    private final List<Map<String, String>> strata;

    private LabelTable(
            List<String> items,
            List<String> raters,
            List<String> labels,
            int[][] codes,
            List<Map<String, String>> strata) {
        this.items = List.copyOf(items);
        this.raters = List.copyOf(raters);
        this.labels = List.copyOf(labels);
        this.codes = codes;
        this.strata = strata;
    }

    /**
     * A table over codes already made: {@code codes[item][rater]} indexes {@code labels} (in canonical order, each
     * used) or is {@link #MISSING}; strata per item, or null for none. The arrays are taken, not copied.
     */
    static LabelTable ofCodes(
            List<String> items,
            List<String> raters,
            List<String> labels,
            int[][] codes,
            List<Map<String, String>> strata) {
        return new LabelTable(
                items,
                raters,
                labels,
                codes,
                strata == null ? Collections.nCopies(items.size(), Map.of()) : Collections.unmodifiableList(strata));
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Builds a table from (item, rater, label) triples; a repeated item+rater is an error. */
    public static LabelTable of(Collection<Triple> triples) {
        Builder b = builder();
        for (Triple t : triples) {
            b.add(t.item(), t.rater(), t.label());
        }
        return b.build();
    }

    /** One label given by one rater to one item. */
    public record Triple(String item, String rater, String label) {
        public Triple {
            Objects.requireNonNull(item, "item");
            Objects.requireNonNull(rater, "rater");
            Objects.requireNonNull(label, "label");
        }
    }

    public List<String> items() {
        return items;
    }

    public List<String> raters() {
        return raters;
    }

    /** The categories used anywhere in the table, in canonical order. */
    public List<String> labels() {
        return labels;
    }

    public int itemCount() {
        return items.size();
    }

    public int raterCount() {
        return raters.size();
    }

    public int labelCount() {
        return labels.size();
    }

    /** Label code (index into {@link #labels()}) or {@link #MISSING}. */
    public int code(int item, int rater) {
        return codes[item][rater];
    }

    /** The label, or null when missing. */
    public String label(int item, int rater) {
        int c = codes[item][rater];
        return c == MISSING ? null : labels.get(c);
    }

    public int raterIndex(String rater) {
        int r = raters.indexOf(rater);
        if (r < 0) {
            throw new IllegalArgumentException("unknown rater '" + rater + "'; raters are " + raters);
        }
        return r;
    }

    public Map<String, String> strata(int item) {
        return strata.get(item);
    }

    /** True when every label is an integer (ordinal scores such as rubric 0–3). */
    public boolean labelsAreIntegers() {
        if (labels.isEmpty()) {
            return false;
        }
        for (String l : labels) {
            if (parseInt(l) == null) {
                return false;
            }
        }
        return true;
    }

    /** All (item, rater, label) triples currently in the table. */
    public List<Triple> triples() {
        List<Triple> out = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            for (int r = 0; r < raters.size(); r++) {
                if (codes[i][r] != MISSING) {
                    out.add(new Triple(items.get(i), raters.get(r), labels.get(codes[i][r])));
                }
            }
        }
        return out;
    }

    /** Items whose labels are (labelA by rater a, labelB by rater b): the traces behind a confusion cell. */
    public List<String> itemsInCell(String raterA, String raterB, String labelA, String labelB) {
        int a = raterIndex(raterA);
        int b = raterIndex(raterB);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            if (labelA.equals(label(i, a)) && labelB.equals(label(i, b))) {
                out.add(items.get(i));
            }
        }
        return out;
    }

    /** The table restricted to the given raters (in the given order); items left with no label are dropped. */
    public LabelTable withRaters(List<String> keep) {
        int[] idx = keep.stream().mapToInt(this::raterIndex).toArray();
        if (new java.util.HashSet<>(keep).size() == keep.size()) {
            return withRaterColumns(keep, idx);
        }
        Builder b = builder();
        for (String r : keep) {
            b.addRater(r);
        }
        for (int i = 0; i < items.size(); i++) {
            for (int k = 0; k < idx.length; k++) {
                int c = codes[i][idx[k]];
                if (c != MISSING) {
                    b.add(items.get(i), keep.get(k), labels.get(c));
                }
            }
            if (b.index.containsKey(items.get(i))) {
                b.strata(items.get(i), strata.get(i));
            }
        }
        return b.build();
    }

    /**
     * {@link #withRaters} over the codes directly (the same table as through the builder, without a map lookup per
     * label: at a million items that walk was a second of every {@code agreement --raters}).
     */
    private LabelTable withRaterColumns(List<String> keep, int[] idx) {
        boolean[] used = new boolean[labels.size()];
        int kept = 0;
        for (int[] row : codes) {
            boolean any = false;
            for (int r : idx) {
                if (row[r] != MISSING) {
                    used[row[r]] = true;
                    any = true;
                }
            }
            kept += any ? 1 : 0;
        }
        List<String> usedLabels = new ArrayList<>();
        for (int k = 0; k < used.length; k++) {
            if (used[k]) {
                usedLabels.add(labels.get(k));
            }
        }
        List<String> order = canonicalOrder(usedLabels); // a subset may sort otherwise (all numeric now)
        Map<String, Integer> at = new HashMap<>();
        for (int k = 0; k < order.size(); k++) {
            at.put(order.get(k), k);
        }
        int[] recode = new int[labels.size()];
        for (int k = 0; k < recode.length; k++) {
            recode[k] = used[k] ? at.get(labels.get(k)) : MISSING;
        }
        List<String> keptItems = new ArrayList<>(kept);
        List<Map<String, String>> keptStrata = new ArrayList<>(kept);
        int[][] keptCodes = new int[kept][];
        int j = 0;
        for (int i = 0; i < codes.length; i++) {
            int[] row = new int[idx.length];
            boolean any = false;
            for (int k = 0; k < idx.length; k++) {
                int c = codes[i][idx[k]];
                row[k] = c == MISSING ? MISSING : recode[c];
                any |= c != MISSING;
            }
            if (any) {
                keptItems.add(items.get(i));
                keptStrata.add(strata.get(i));
                keptCodes[j++] = row;
            }
        }
        return new LabelTable(keptItems, keep, order, keptCodes, Collections.unmodifiableList(keptStrata));
    }

    /**
     * The same table with its items in their ids' order: a computation whose result depends on the items' order (an
     * EM fit's random starts) then gives the same result for the same labels, whatever order the ledger holds them in
     * (two laptops of one team, a merged project).
     */
    public LabelTable sortedByItem() {
        Integer[] order = new Integer[items.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, java.util.Comparator.comparing(items::get));
        List<String> sortedItems = new ArrayList<>(order.length);
        int[][] sortedCodes = new int[order.length][];
        List<Map<String, String>> sortedStrata = new ArrayList<>(order.length);
        for (int j = 0; j < order.length; j++) {
            sortedItems.add(items.get(order[j]));
            sortedCodes[j] = codes[order[j]].clone();
            sortedStrata.add(strata.get(order[j]));
        }
        return new LabelTable(sortedItems, raters, labels, sortedCodes, Collections.unmodifiableList(sortedStrata));
    }

    /** The table restricted to items satisfying the predicate on their strata; raters are kept. */
    public LabelTable filterItems(Predicate<Map<String, String>> keep) {
        Builder b = builder();
        for (String r : raters) {
            b.addRater(r);
        }
        for (int i = 0; i < items.size(); i++) {
            if (!keep.test(strata.get(i))) {
                continue;
            }
            b.addItem(items.get(i));
            b.strata(items.get(i), strata.get(i));
            for (int r = 0; r < raters.size(); r++) {
                if (codes[i][r] != MISSING) {
                    b.add(items.get(i), raters.get(r), labels.get(codes[i][r]));
                }
            }
        }
        return b.build();
    }

    /** The distinct values of a strata attribute, sorted; items lacking it are not represented. */
    public List<String> strataValues(String attribute) {
        Set<String> values = new TreeSet<>();
        for (Map<String, String> s : strata) {
            String v = s.get(attribute);
            if (v != null) {
                values.add(v);
            }
        }
        return new ArrayList<>(values);
    }

    static Integer parseInt(String s) {
        try {
            return Integer.valueOf(s.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Mutable builder. Not thread-safe. */
    public static final class Builder {
        private final List<String> items = new ArrayList<>();
        private final Map<String, Integer> index = new HashMap<>();
        private final List<String> raters = new ArrayList<>();
        private final Map<String, Integer> raterIndex = new HashMap<>();
        /** Per item, each rater's label as an index into {@link #seen} ({@link #MISSING} for none); grows with the raters. */
        private final List<int[]> rows = new ArrayList<>();
        /** Per item, its strata attributes, or null while it has none (most tables have none). */
        private final List<Map<String, String>> strata = new ArrayList<>();
        /** The labels in the order first seen, and where each sits in that list. */
        private final List<String> seen = new ArrayList<>();

        private final Map<String, Integer> seenIndex = new HashMap<>();
        private final Map<Map<String, String>, Map<String, String>> sharedStrata = new HashMap<>();

        private Builder() {}

        /** Declares a rater even if it gives no label (keeps rater order stable). */
        public Builder addRater(String rater) {
            raterIndex.computeIfAbsent(rater, r -> {
                raters.add(r);
                return raters.size() - 1;
            });
            return this;
        }

        /** Declares an item even if it has no label yet. */
        public Builder addItem(String item) {
            itemIndex(item);
            return this;
        }

        /** The item last looked up and its place: a table read trace by trace names one item several times in a row. */
        private String lastItem;

        private int lastIndex;

        private int itemIndex(String item) {
            if (item == lastItem) { // the same String instance: no look-up (an equal string goes through the map)
                return lastIndex;
            }
            lastIndex = lookUp(item);
            lastItem = item;
            return lastIndex;
        }

        private int lookUp(String item) {
            return index.computeIfAbsent(item, it -> {
                items.add(it);
                int[] row = new int[raters.size()];
                Arrays.fill(row, MISSING);
                rows.add(row);
                strata.add(null);
                return items.size() - 1;
            });
        }

        /** Adds one label; throws if this rater already labelled this item. */
        public Builder add(String item, String rater, String label) {
            return add(itemIndex(item), rater, label);
        }

        /** The place of an item (declared now if new), for {@link #add(int, String, String)}. */
        public int item(String item) {
            return itemIndex(item);
        }

        /** Adds one label to the item at {@code i} (from {@link #item}); throws if this rater already labelled it. */
        public Builder add(int i, String rater, String label) {
            Objects.requireNonNull(label, "label");
            addRater(rater);
            int r = raterIndex.get(rater);
            int[] row = rows.get(i);
            if (row.length <= r) {
                int had = row.length;
                row = Arrays.copyOf(row, raters.size());
                Arrays.fill(row, had, row.length, MISSING);
                rows.set(i, row);
            }
            if (row[r] != MISSING) {
                throw new IllegalArgumentException(
                        "duplicate label for item '" + items.get(i) + "' by rater '" + rater + "'");
            }
            row[r] = seenIndex.computeIfAbsent(label, l -> {
                seen.add(l);
                return seen.size() - 1;
            });
            return this;
        }

        /** Sets strata attributes for an item (merged with any already set). */
        public Builder strata(String item, Map<String, String> attributes) {
            int i = itemIndex(item);
            if (attributes.isEmpty()) {
                return this;
            }
            Map<String, String> m = strata.get(i);
            if (m != null && m.entrySet().containsAll(attributes.entrySet())) {
                return this;
            }
            Map<String, String> merged = m == null ? new LinkedHashMap<>() : new LinkedHashMap<>(m);
            merged.putAll(attributes);
            strata.set(i, shared(merged));
            return this;
        }

        /**
         * One unmodifiable map per distinct strata: a million traces share a few thousand (model × domain × task type
         * × target), so the table's strata cost a reference per item rather than a map.
         */
        private Map<String, String> shared(Map<String, String> m) {
            Map<String, String> had = sharedStrata.get(m);
            if (had != null) {
                return had;
            }
            Map<String, String> frozen = Collections.unmodifiableMap(m);
            sharedStrata.put(frozen, frozen);
            return frozen;
        }

        /** Whether the item was declared or labelled. */
        public boolean hasItem(String item) {
            return index.containsKey(item);
        }

        public boolean has(String item, String rater) {
            Integer i = index.get(item);
            Integer r = raterIndex.get(rater);
            if (i == null || r == null) {
                return false;
            }
            int[] row = rows.get(i);
            return r < row.length && row[r] != MISSING;
        }

        public LabelTable build() {
            List<String> sorted = canonicalOrder(seen);
            Map<String, Integer> code = new HashMap<>();
            for (int k = 0; k < sorted.size(); k++) {
                code.put(sorted.get(k), k);
            }
            int[] recode = new int[seen.size()];
            for (int k = 0; k < recode.length; k++) {
                recode[k] = code.get(seen.get(k));
            }
            int[][] codes = new int[items.size()][raters.size()];
            for (int i = 0; i < items.size(); i++) {
                int[] row = rows.get(i);
                Arrays.fill(codes[i], MISSING);
                for (int r = 0; r < row.length; r++) {
                    codes[i][r] = row[r] == MISSING ? MISSING : recode[row[r]];
                }
            }
            List<Map<String, String>> st = new ArrayList<>(strata.size());
            for (Map<String, String> m : strata) {
                st.add(m == null ? Map.of() : m); // already unmodifiable and shared (strata(…))
            }
            return new LabelTable(items, raters, sorted, codes, Collections.unmodifiableList(st));
        }
    }

    /** Numeric order when all labels are integers, else natural String order. */
    static List<String> canonicalOrder(Collection<String> labels) {
        List<String> out = new ArrayList<>(new TreeSet<>(labels));
        boolean numeric = !out.isEmpty() && out.stream().allMatch(l -> parseInt(l) != null);
        if (numeric) {
            out.sort((x, y) -> Integer.compare(parseInt(x), parseInt(y)));
        }
        return out;
    }
}
