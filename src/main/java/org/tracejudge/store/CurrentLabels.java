package org.tracejudge.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The current label of every (trace, rater) pair, one trace at a time: SQLite groups the ledger by trace in one walk
 * of label_current_idx and hands over each trace's entries as one short string, so a million traces cost a million
 * rows crossing JNI instead of three million, and no window function (which copied every ledger row into a
 * temporary table to find each pair's newest). At 1,000,000 traces and 3,000,000 labels this walk takes about 2 s
 * where the window query it replaces took 8.6 s (bench/scale.sh).
 *
 * <p>A pair's current label is its newest entry (by created_at, then id); a null verdict or a withdrawal leaves no
 * value.
 */
public final class CurrentLabels {
    private CurrentLabels() {}

    /** Receives one trace's current labels. */
    @FunctionalInterface
    public interface Sink {
        /**
         * {@code values[r]}: the current value of rater {@code r} of the list asked for (null: none); {@code rowids[r]}:
         * the rowid of that entry (the order entries were appended in), only when asked for, else null. Both arrays
         * are reused from one trace to the next: copy what you keep. Value strings are shared between traces.
         */
        void accept(String traceId, String[] values, long[] rowids) throws SQLException;
    }

    /**
     * Walks every trace with at least one entry by a rater of {@code raterIds}, in trace-id order. Each trace's
     * entries come as {@code code[,rowid][:bytes=value]} joined by {@code ;}, ordered by rater then time, so each
     * rater's newest entry is its last: {@code code} is the rater's place in {@code raterIds}, {@code bytes} the
     * value's length in UTF-8 (any character may occur in a value), and a missing {@code :} is an entry with no value.
     */
    public static void byTrace(Connection c, List<String> raterIds, boolean withRowids, Sink out) throws SQLException {
        byTrace(c, raterIds, withRowids, null, -1, out);
    }

    /**
     * {@link #byTrace(Connection, List, boolean, Sink)} for at most {@code limit} traces (negative: all) after trace
     * {@code after} (null: from the first): a keyset chunk, so a caller can leave the connection free between chunks.
     * Returns the last trace id read (with or without labels of these raters), null when there was none or when
     * {@code limit} is negative.
     */
    public static String byTrace(
            Connection c, List<String> raterIds, boolean withRowids, String after, int limit, Sink out)
            throws SQLException {
        int nr = raterIds.size();
        if (nr == 0) {
            return null;
        }
        StringBuilder code = new StringBuilder("CASE rater_id");
        for (int r = 0; r < nr; r++) {
            code.append(" WHEN ? THEN '").append(r).append('\'');
        }
        code.append(" END");
        String sql = "SELECT trace_id, group_concat(" + code + (withRowids ? " || ',' || rowid" : "")
                + " || CASE WHEN value IS NULL THEN '' ELSE ':' || octet_length(value) || '=' || value END, ';' "
                + "ORDER BY rater_id, created_at, id) FROM label" + (after == null ? "" : " WHERE trace_id > ?")
                + " GROUP BY trace_id" + (limit < 0 ? "" : " ORDER BY trace_id LIMIT " + limit);
        String[] values = new String[nr];
        long[] rowids = withRowids ? new long[nr] : null;
        List<String> known = new ArrayList<>();
        boolean utf16 = utf16(c);
        try (PreparedStatement s = c.prepareStatement(sql)) {
            for (int r = 0; r < nr; r++) {
                s.setString(r + 1, raterIds.get(r));
            }
            if (after != null) {
                s.setString(nr + 1, after);
            }
            String last = null;
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    String entries = rs.getString(2);
                    String trace = rs.getString(1);
                    if (limit >= 0) {
                        last = trace;
                    }
                    if (entries == null) {
                        continue; // only raters not asked for
                    }
                    Arrays.fill(values, null);
                    parse(entries, values, rowids, known, utf16);
                    out.accept(trace, values, rowids);
                }
            }
            return last;
        }
    }

    /** Whether the file keeps schema 16's summary of current labels (trace_label_values and its tables). */
    public static boolean summarised(Connection c) throws SQLException {
        try (java.sql.Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(
                        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'trace_label_values'")) {
            return rs.next();
        }
    }

    /**
     * The current values of {@code raterIds} per trace from schema 16's summary (each trace's combination of current
     * values, {@code trace_label_values}, and the combinations' pairs): one narrow row per trace and no ledger entry
     * read. Gives, in trace-id order, every trace where at least one of these raters has a current value, with the
     * values {@link #byTrace} gives it (a trace whose entries of these raters are all null verdicts or withdrawals,
     * which {@code byTrace} gives with no value, is left out); rowids are not known here (null). At 1,000,000 traces
     * and 3,000,000 ledger entries this read takes a fraction of the ledger walk's time (issue 51).
     */
    public static void fromSummary(Connection c, List<String> raterIds, Sink out) throws SQLException {
        walkSummary(
                c,
                raterIds,
                "SELECT trace_id, combo FROM trace_label_values WHERE combo <> 0 ORDER BY trace_id",
                (rs, values) -> out.accept(rs.getString(1), values, null));
    }

    /** A trace's current values from the summary, the trace given by its row's rowid. */
    @FunctionalInterface
    public interface RowidSink {
        /** {@code values} is reused from one trace to the next: copy what you keep. */
        void accept(long traceRowid, String[] values) throws SQLException;
    }

    /**
     * {@link #fromSummary}, each trace given by its row's rowid instead of its id: a reader that already holds the
     * traces by rowid places each value by an array index, not by looking a 36-character id up in a hash table
     * (`metrics` at 1M: about 2 of its 4.4 s went to those look-ups). The summary's rows meet the trace table's id index
     * in id order, so the join walks that index once.
     */
    public static void fromSummaryByRowid(Connection c, List<String> raterIds, RowidSink out) throws SQLException {
        walkSummary(
                c,
                raterIds,
                "SELECT t.rowid, v.combo FROM trace_label_values v JOIN trace t ON t.id = v.trace_id "
                        + "WHERE v.combo <> 0 ORDER BY v.trace_id",
                (rs, values) -> out.accept(rs.getLong(1), values));
    }

    /** A row of the summary's walk: its trace in column 1, the values of the raters asked for. */
    @FunctionalInterface
    private interface SummaryRow {
        void accept(ResultSet rs, String[] values) throws SQLException;
    }

    /** Runs {@code sql} (the trace in column 1, its combination in column 2) and hands on each row with values. */
    private static void walkSummary(Connection c, List<String> raterIds, String sql, SummaryRow out)
            throws SQLException {
        int nr = raterIds.size();
        // each combination's values for these raters (none: none of them has a value in it)
        java.util.Map<Long, String[]> combos = combinations(c, raterIds);
        if (combos.isEmpty()) {
            return;
        }
        long max = java.util.Collections.max(combos.keySet());
        // by number, when the numbers are few (they are: a project has a few dozen combinations)
        String[][] byNumber = max < 1 << 20 ? new String[(int) max + 1][] : null;
        if (byNumber != null) {
            combos.forEach((k, v) -> byNumber[k.intValue()] = v);
        }
        String[] values = new String[nr];
        try (java.sql.Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                long k = rs.getLong(2);
                String[] v = byNumber == null ? combos.get(k) : k >= 0 && k <= max ? byNumber[(int) k] : null;
                if (v == null) {
                    continue;
                }
                System.arraycopy(v, 0, values, 0, nr);
                out.accept(rs, values);
            }
        }
    }

    /**
     * Each combination's values for {@code raterIds} by the combination's number, for the combinations where at least
     * one of them has a value.
     */
    private static java.util.Map<Long, String[]> combinations(Connection c, List<String> raterIds) throws SQLException {
        int nr = raterIds.size();
        java.util.Map<Long, String[]> combos = new java.util.HashMap<>();
        if (nr == 0) {
            return combos;
        }
        java.util.Map<String, Integer> code = new java.util.HashMap<>();
        for (int r = 0; r < nr; r++) {
            code.putIfAbsent(raterIds.get(r), r);
        }
        List<String> known = new ArrayList<>();
        try (java.sql.Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT combo, rater_id, value FROM label_combo_value")) {
            while (rs.next()) {
                Integer r = code.get(rs.getString(2));
                if (r == null) {
                    continue;
                }
                String v = rs.getString(3);
                combos.computeIfAbsent(rs.getLong(1), k -> new String[nr])[r] = shared(v, 0, v.length(), known);
            }
        }
        return combos;
    }

    /** Reads one trace's entries into {@code values} (and {@code rowids}); later entries of a rater win. */
    static void parse(String s, String[] values, long[] rowids, List<String> known, boolean utf16) {
        int i = 0;
        int n = s.length();
        while (i < n) {
            int r = 0;
            char ch;
            while (i < n && (ch = s.charAt(i)) >= '0' && ch <= '9') {
                r = r * 10 + (ch - '0');
                i++;
            }
            if (i < n && s.charAt(i) == ',') {
                long rowid = 0;
                i++;
                while (i < n && (ch = s.charAt(i)) >= '0' && ch <= '9') {
                    rowid = rowid * 10 + (ch - '0');
                    i++;
                }
                rowids[r] = rowid;
            }
            String value = null;
            if (i < n && s.charAt(i) == ':') {
                int bytes = 0;
                i++;
                while ((ch = s.charAt(i)) != '=') {
                    bytes = bytes * 10 + (ch - '0');
                    i++;
                }
                int start = ++i;
                if (utf16) {
                    i += bytes / 2; // a project file in UTF-16 (SQLite allows it): two bytes per Java char
                }
                for (int seen = utf16 ? bytes : 0; seen < bytes; ) {
                    int cp = s.codePointAt(i);
                    seen += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
                    i += Character.charCount(cp);
                }
                value = shared(s, start, i, known);
            }
            values[r] = value;
            if (i < n) {
                i++; // the ';' between entries
            }
        }
    }

    /** Whether the file keeps its text in UTF-16 (octet_length then counts two bytes per char), not UTF-8. */
    private static boolean utf16(Connection c) throws SQLException {
        try (java.sql.Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("PRAGMA encoding")) {
            return rs.next() && rs.getString(1).startsWith("UTF-16");
        }
    }

    /** The value s[start, end) as one shared String per distinct value (a project has a few label values). */
    private static String shared(String s, int start, int end, List<String> known) {
        int len = end - start;
        for (String k : known) {
            if (k.length() == len && s.regionMatches(start, k, 0, len)) {
                return k;
            }
        }
        String v = s.substring(start, end);
        if (known.size() < 256) {
            known.add(v);
        }
        return v;
    }
}
