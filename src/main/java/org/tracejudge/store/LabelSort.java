package org.tracejudge.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The trace table sorted by a label column, read through schema 16's summary: the filtered traces in the table's
 * default order (model, task, run, id: what SQLite gives by walking trace_model_idx and sorting each model's traces
 * alone), each with its label combination; each combination's value of the column, and each decided trace's own
 * value; then a stable counting sort by the values' ranks, values in SQLite's order, no value last either way. That is
 * the order of {@code ORDER BY (value IS NULL), value [DESC], model, task, run, id} without a subquery per trace and a
 * sort of every trace by text: at 1,000,000 traces (quiet machine) 18 s of CPU for the first page and the id list,
 * 4.2 s this way.
 */
final class LabelSort {
    private LabelSort() {}

    /** Beyond this many distinct values the ranks are not asked of SQLite in one statement: the table's SQL sorts. */
    private static final int MAX_VALUES = 5_000;

    /**
     * What a sort read: the sorted ids (null when the column has too many distinct values to rank in one statement),
     * or that it was stopped.
     */
    record Result(List<String> ids, boolean stopped) {
        static final Result STOPPED = new Result(null, true);
    }

    /**
     * The first {@code limit} sorted ids (all with a negative limit). The traces arrive in the default order: once the
     * first value any trace of the project has (or no value, when none has one) has {@code limit} traces, they are the
     * first page, and the rest is not read. {@code stop} is asked every {@code table.stopEvery} traces read: once
     * true, the read ends ({@link Result#STOPPED}).
     */
    static Result ids(
            TraceTable table,
            TraceTable.Filter f,
            TraceTable.Sort sort,
            int limit,
            java.util.function.BooleanSupplier stop) {
        List<String> inOrder = table.combosInDefaultOrderSql(f);
        TraceTable.Column col = table.layout().column(sort.key());
        boolean decisions = col.kind() == TraceTable.Kind.HUMAN || col.kind() == TraceTable.Kind.FINAL;
        List<String> decided = decisions ? table.decidedValuesSql(sort.key()) : null;
        List<String> comboParams = new ArrayList<>();
        String combos = LabelConditions.comboValuesSql(table.layout(), sort.key(), comboParams);
        return table.project().read(c -> {
            Map<Integer, String> byCombo = new HashMap<>();
            // the combinations some trace has (a few dozen look-ups in the (combo, trace) index)
            java.util.Set<Integer> inUse = new java.util.HashSet<>();
            try (PreparedStatement s = c.prepareStatement("SELECT x.combo, x.used FROM (SELECT q.combo AS combo, "
                    + "EXISTS (SELECT 1 FROM trace_label_values v WHERE v.combo = q.combo) AS used FROM (" + combos
                    + ") q) x")) {
                bind(s, comboParams);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        if (rs.getBoolean(2)) {
                            inUse.add(rs.getInt(1));
                        }
                    }
                }
            }
            try (PreparedStatement s = c.prepareStatement(combos)) {
                bind(s, comboParams);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        byCombo.put(rs.getInt(1), rs.getString(2));
                    }
                }
            }
            Map<String, String> byTrace = new HashMap<>();
            if (decided != null) {
                try (PreparedStatement s = c.prepareStatement(decided.get(0))) {
                    bind(s, decided.subList(1, decided.size()));
                    try (ResultSet rs = s.executeQuery()) {
                        while (rs.next()) {
                            byTrace.put(rs.getString(1), rs.getString(2));
                        }
                    }
                }
            }
            TreeSet<String> distinct = new TreeSet<>();
            byCombo.values().stream().filter(v -> v != null).forEach(distinct::add);
            byTrace.values().stream().filter(v -> v != null).forEach(distinct::add);
            if (distinct.size() > MAX_VALUES) {
                return new Result(null, false);
            }
            Map<String, Integer> rank = ranks(c, distinct);
            int none = rank.size(); // no value: last, ascending or descending
            java.util.function.ToIntFunction<String> bucketOf =
                    v -> v == null ? none : sort.descending() ? none - 1 - rank.get(v) : rank.get(v);
            // the first bucket any trace of the project can be in: before it, every bucket is empty in any filter
            int first = none;
            for (Map.Entry<Integer, String> e : byCombo.entrySet()) {
                if (inUse.contains(e.getKey())) {
                    first = Math.min(first, bucketOf.applyAsInt(e.getValue()));
                }
            }
            for (String v : byTrace.values()) {
                first = Math.min(first, bucketOf.applyAsInt(v));
            }
            List<String> ids = new ArrayList<>();
            int[] bucket = new int[1024];
            List<String> firstPage = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement(inOrder.get(0))) {
                List<String> params = inOrder.subList(1, inOrder.size());
                bind(s, params);
                s.setInt(params.size() + 1, -1);
                s.setInt(params.size() + 2, 0);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        String id = rs.getString(1);
                        String v = byTrace.containsKey(id) ? byTrace.get(id) : byCombo.get(rs.getInt(2));
                        int b = bucketOf.applyAsInt(v);
                        if (limit >= 0 && b == first) {
                            firstPage.add(id);
                            if (firstPage.size() >= limit) {
                                return new Result(firstPage, false);
                            }
                        }
                        if (ids.size() == bucket.length) {
                            bucket = Arrays.copyOf(bucket, bucket.length * 2);
                        }
                        bucket[ids.size()] = b;
                        ids.add(id);
                        if (ids.size() % table.stopEvery == 0 && stop.getAsBoolean()) {
                            return Result.STOPPED;
                        }
                    }
                }
            }
            int[] count = new int[none + 2];
            for (int i = 0; i < ids.size(); i++) {
                count[bucket[i] + 1]++;
            }
            for (int b = 1; b < count.length; b++) {
                count[b] += count[b - 1];
            }
            String[] out = new String[ids.size()];
            for (int i = 0; i < ids.size(); i++) {
                out[count[bucket[i]]++] = ids.get(i);
            }
            List<String> sorted = Arrays.asList(out);
            return new Result(
                    new ArrayList<>(limit < 0 ? sorted : sorted.subList(0, Math.min(limit, sorted.size()))), false);
        });
    }

    /**
     * Each value's place in SQLite's own order of them (BINARY, as the table's ORDER BY compares them, in the file's
     * text encoding); equal values share one.
     */
    private static Map<String, Integer> ranks(Connection c, java.util.Collection<String> values) throws SQLException {
        Map<String, Integer> out = new HashMap<>();
        if (values.isEmpty()) {
            return out;
        }
        String sql = "SELECT column1 FROM (VALUES "
                + String.join(", ", java.util.Collections.nCopies(values.size(), "(?)")) + ") ORDER BY column1";
        try (PreparedStatement s = c.prepareStatement(sql)) {
            bind(s, new ArrayList<>(values));
            try (ResultSet rs = s.executeQuery()) {
                String prev = null;
                int r = -1;
                while (rs.next()) {
                    String v = rs.getString(1);
                    if (prev == null || !prev.equals(v)) {
                        r++;
                    }
                    out.put(v, r);
                    prev = v;
                }
            }
        }
        return out;
    }

    private static void bind(PreparedStatement s, List<String> params) throws SQLException {
        int i = 1;
        for (String p : params) {
            s.setString(i++, p);
        }
    }
}
