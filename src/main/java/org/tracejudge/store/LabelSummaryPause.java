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
 * the entries it appended: +19% of an import's CPU at 5,000 traces went to that trigger (issue 51).
 *
 * <p>{@link #pause} reads the trigger's exact SQL from {@code sqlite_master} and drops it; {@link #resume} updates the
 * summary for the traces of the entries appended since (the label table's rowids above the largest one at the pause:
 * the ledger is append-only, so they are exactly the new entries) and creates the trigger again from the SQL read. Both
 * run inside the writer's transaction: a failure or a crash in between rolls the drop back with everything else, and
 * the file is as before. Call {@link #resume} before every commit of the transaction.
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

    /**
     * {@code -Dtracejudge.labelSummary=trigger} keeps the trigger on through bulk writes (to compare the two ways and
     * time them with one build).
     */
    public static final String PROPERTY = "tracejudge.labelSummary";

    private final Connection c;
    /** The trigger's SQL as the file holds it; null when the file has no such trigger (nothing to pause). */
    private final String triggerSql;

    private long labelsBefore;
    private boolean paused;

    private LabelSummaryPause(Connection c, String triggerSql) {
        this.c = c;
        this.triggerSql = triggerSql;
    }

    /**
     * Drops the summary's trigger inside the transaction open on {@code c} (nothing happens when the file has none, as
     * before schema 16).
     */
    public static LabelSummaryPause pause(Connection c) throws SQLException {
        if ("trigger".equals(System.getProperty(PROPERTY))) {
            return new LabelSummaryPause(c, null);
        }
        String sql = null;
        try (PreparedStatement s =
                c.prepareStatement("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?")) {
            s.setString(1, TRIGGER);
            try (ResultSet rs = s.executeQuery()) {
                if (rs.next()) {
                    sql = rs.getString(1);
                }
            }
        }
        LabelSummaryPause p = new LabelSummaryPause(c, sql);
        p.pauseAgain();
        return p;
    }

    /** After a {@link #resume} (a commit in the middle of the work): drops the trigger again. */
    public void pauseAgain() throws SQLException {
        if (triggerSql == null || paused) {
            return;
        }
        try (Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT coalesce(max(rowid), 0) FROM label")) {
                rs.next();
                labelsBefore = rs.getLong(1);
            }
            s.execute("DROP TRIGGER " + TRIGGER);
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
            s.execute(triggerSql);
        }
        paused = false;
    }

    /** Updates the summary for the ledger entries whose rowid is above {@code after}. */
    static void catchUp(Statement s, long after) throws SQLException {
        // each touched pair's newest new entry, taking its place when newer than the pair's current one; the window
        // reads label_current_idx's columns, the value is read for the winners only
        s.execute("INSERT INTO label_current(trace_id, rater_id, label_id, created_at, value) "
                + "SELECT n.trace_id, n.rater_id, n.id, n.created_at, l.value FROM (SELECT trace_id, rater_id, id, "
                + "created_at, rowid AS r, row_number() OVER (PARTITION BY trace_id, rater_id "
                + "ORDER BY created_at DESC, id DESC) AS k FROM label WHERE rowid > " + after + ") n "
                + "JOIN label l ON l.rowid = n.r WHERE n.k = 1 "
                + "ON CONFLICT(trace_id, rater_id) DO UPDATE SET label_id = excluded.label_id, "
                + "created_at = excluded.created_at, value = excluded.value "
                + "WHERE excluded.created_at > label_current.created_at OR (excluded.created_at = "
                + "label_current.created_at AND excluded.label_id > label_current.label_id)");
        // the touched traces' keys, built as the trigger builds them
        s.execute("DROP TABLE IF EXISTS temp.label_summary_touched");
        s.execute("CREATE TEMP TABLE label_summary_touched(trace_id TEXT PRIMARY KEY, key TEXT NOT NULL) "
                + "WITHOUT ROWID");
        s.execute("INSERT INTO temp.label_summary_touched(trace_id, key) "
                + "SELECT t.trace_id, (SELECT coalesce(group_concat(rater_id || char(31) || value, char(30)), '') "
                + "FROM (SELECT rater_id, value FROM label_current WHERE trace_id = t.trace_id AND value IS NOT NULL "
                + "ORDER BY rater_id)) FROM (SELECT DISTINCT trace_id FROM label WHERE rowid > " + after + ") t");
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
