package org.tracejudge.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Lets a bulk writer (an import, a rule labeller) append many ledger entries without schema 16's per-entry trigger
 * ({@code label_current_insert}, which keeps the summary of current labels: label_current, label_combo,
 * label_combo_value, trace_label_values), and then brings the summary up to date with a few set-based statements over
 * the entries it appended: +19% of an import's CPU at 5,000 traces went to that trigger (issue 51). The trigger giving
 * each new trace its row ({@code trace_label_values_trace}) is paused with it: at a million new traces its inserts all
 * over trace_label_values and its index were a good part of the 1M import's slowdown since schema 16.
 *
 * <p>{@link #pause} reads the trigger's exact SQL from {@code sqlite_master} and drops it; {@link #resume} updates the
 * summary for the traces of the entries appended since (the label table's rowids above the largest one at the pause:
 * the ledger is append-only, so they are exactly the new entries) and creates the trigger again from the SQL read. Both
 * run inside the writer's transaction: a failure or a crash in between rolls the drop back with everything else, and
 * the file is as before. Call {@link #resume} before every commit of the transaction. The traces added since the pause
 * are the trace table's rowids above the largest one at the pause (a new row's rowid is one more than the largest).
 *
 * <p>The summary comes out as the trigger would have left it: each (trace, rater) pair's current entry is the newest of
 * its previous current one and the new entries (by created_at, then id, as the trigger compares them), and each touched
 * trace gets the combination of its current values, made when new. One difference: the trigger also makes the
 * combinations a trace passes through between two entries of the same write (e.g. the harness's value alone, before
 * the judge's arrives), which no trace has afterwards; these are not made here, so a new combination's number may
 * differ. No reader depends on a combination's number or on combinations no trace has.
 */
public final class LabelSummaryPause {
    /** The summary's trigger on new ledger entries (V16__current_label_summary.sql). */
    static final String TRIGGER = "label_current_insert";

    /** The summary's trigger on new traces, giving each its row (combination 0) in trace_label_values. */
    static final String TRACE_TRIGGER = "trace_label_values_trace";

    /**
     * Below this share of new entries in the ledger, the catch-up finds them by rowid and sorts them; at or above it,
     * it walks label_current_idx, already in the window's order (a 1M import: 3.3 CPU-s against 5.4 for the sort; an
     * import of a thousand entries into a 1M ledger: a sort of a thousand rows against a walk of the whole index).
     */
    static final int WALK_INDEX_AT_ONE_IN = 4;

    /**
     * {@code -Dtracejudge.labelSummary=trigger} keeps the trigger on through bulk writes (to compare the two ways and
     * time them with one build).
     */
    public static final String PROPERTY = "tracejudge.labelSummary";

    private final Connection c;
    /** The trigger's SQL as the file holds it; null when the file has no such trigger (nothing to pause). */
    private final String triggerSql;
    /** The trace trigger's SQL; null when the file has none. */
    private final String traceTriggerSql;

    private long labelsBefore;
    private long tracesBefore;
    private boolean paused;

    private LabelSummaryPause(Connection c, String triggerSql, String traceTriggerSql) {
        this.c = c;
        this.triggerSql = triggerSql;
        this.traceTriggerSql = traceTriggerSql;
    }

    /**
     * Drops the summary's trigger inside the transaction open on {@code c} (nothing happens when the file has none, as
     * before schema 16).
     */
    public static LabelSummaryPause pause(Connection c) throws SQLException {
        if ("trigger".equals(System.getProperty(PROPERTY))) {
            return new LabelSummaryPause(c, null, null);
        }
        String sql = triggerSql(c, TRIGGER);
        // the trace trigger only with the entries' one: the catch-up gives new traces their rows
        LabelSummaryPause p = new LabelSummaryPause(c, sql, sql == null ? null : triggerSql(c, TRACE_TRIGGER));
        p.pauseAgain();
        return p;
    }

    private static String triggerSql(Connection c, String name) throws SQLException {
        try (PreparedStatement s =
                c.prepareStatement("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?")) {
            s.setString(1, name);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    /** After a {@link #resume} (a commit in the middle of the work): drops the trigger again. */
    public void pauseAgain() throws SQLException {
        if (triggerSql == null || paused) {
            return;
        }
        try (Statement s = c.createStatement()) {
            labelsBefore = maxRowid(s, "label");
            tracesBefore = maxRowid(s, "trace");
            s.execute("DROP TRIGGER " + TRIGGER);
            if (traceTriggerSql != null) {
                s.execute("DROP TRIGGER " + TRACE_TRIGGER);
            }
        }
        paused = true;
    }

    /**
     * Brings the summary up to date with the entries appended since the pause and creates the trigger again; nothing
     * when not paused.
     */
    public void resume() throws SQLException {
        if (!paused) {
            return;
        }
        try (Statement s = c.createStatement()) {
            catchUp(s, labelsBefore);
            if (traceTriggerSql != null) {
                addNewTraces(s, tracesBefore);
                s.execute(traceTriggerSql);
            }
            s.execute(triggerSql);
        }
        paused = false;
    }

    private static long maxRowid(Statement s, String table) throws SQLException {
        try (ResultSet rs = s.executeQuery("SELECT coalesce(max(rowid), 0) FROM " + table)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /**
     * The rows of the traces added since the pause (rowids above {@code after}: a new row's rowid is one more than the
     * largest) that the catch-up did not give one: combination 0, as the trace trigger would have. In id order: at a
     * million new traces, one sorted pass instead of a million inserts all over the table and its index.
     */
    static void addNewTraces(Statement s, long after) throws SQLException {
        s.execute("INSERT INTO trace_label_values(trace_id, combo) SELECT id, 0 FROM trace NOT INDEXED WHERE rowid > "
                + after + " ORDER BY id ON CONFLICT(trace_id) DO NOTHING");
    }

    /**
     * The new ledger entries (rowid above {@code after}) as a FROM clause the planner reads in the cheaper way: few of
     * them by rowid, many of them through label_current_idx, already in (trace, rater) order.
     */
    private static String newEntries(Statement s, long after) throws SQLException {
        long last = maxRowid(s, "label");
        boolean many = (last - after) * WALK_INDEX_AT_ONE_IN >= last;
        return (many ? "label" : "label NOT INDEXED") + " WHERE rowid > " + after;
    }

    /** Updates the summary for the ledger entries whose rowid is above {@code after}. */
    static void catchUp(Statement s, long after) throws SQLException {
        String newEntries = newEntries(s, after);
        // each touched pair's newest new entry, taking its place when newer than the pair's current one (the value is
        // one of label_current_idx's columns: the walk reads no row of the ledger itself)
        s.execute("INSERT INTO label_current(trace_id, rater_id, label_id, created_at, value) "
                + "SELECT trace_id, rater_id, id, created_at, value FROM (SELECT trace_id, rater_id, id, "
                + "created_at, value, row_number() OVER (PARTITION BY trace_id, rater_id "
                + "ORDER BY created_at DESC, id DESC) AS k FROM " + newEntries + ") WHERE k = 1 "
                + "ON CONFLICT(trace_id, rater_id) DO UPDATE SET label_id = excluded.label_id, "
                + "created_at = excluded.created_at, value = excluded.value "
                + "WHERE excluded.created_at > label_current.created_at OR (excluded.created_at = "
                + "label_current.created_at AND excluded.label_id > label_current.label_id)");
        // the touched traces' keys, built as the trigger builds them; in trace order (GROUP BY sorts, a DISTINCT
        // would keep the ledger's order): at 250,000 traces of a 1M classify, 1.0 CPU-s instead of 5.5 for the look-ups
        // all over label_current
        s.execute("DROP TABLE IF EXISTS temp.label_summary_touched");
        s.execute("CREATE TEMP TABLE label_summary_touched(trace_id TEXT PRIMARY KEY, key TEXT NOT NULL) "
                + "WITHOUT ROWID");
        s.execute("INSERT INTO temp.label_summary_touched(trace_id, key) "
                + "SELECT t.trace_id, (SELECT coalesce(group_concat(rater_id || char(31) || value, char(30)), '') "
                + "FROM (SELECT rater_id, value FROM label_current WHERE trace_id = t.trace_id AND value IS NOT NULL "
                + "ORDER BY rater_id)) FROM (SELECT trace_id FROM " + newEntries + " GROUP BY trace_id) t");
        s.execute("INSERT INTO label_combo(key) SELECT DISTINCT key FROM temp.label_summary_touched WHERE true "
                + "ORDER BY key ON CONFLICT(key) DO NOTHING");
        // a combination's pairs from one of its traces (the trigger adds each trace's: the same pairs)
        s.execute("INSERT INTO label_combo_value(combo, rater_id, value) "
                + "SELECT c.id, l.rater_id, l.value FROM (SELECT key, min(trace_id) AS trace_id "
                + "FROM temp.label_summary_touched GROUP BY key) k JOIN label_combo c ON c.key = k.key "
                + "JOIN label_current l ON l.trace_id = k.trace_id WHERE l.value IS NOT NULL "
                + "ON CONFLICT(combo, rater_id) DO NOTHING");
        s.execute("INSERT INTO trace_label_values(trace_id, combo) "
                + "SELECT t.trace_id, c.id FROM temp.label_summary_touched t JOIN label_combo c ON c.key = t.key "
                + "WHERE true ON CONFLICT(trace_id) DO UPDATE SET combo = excluded.combo");
        s.execute("DROP TABLE temp.label_summary_touched");
    }
}
