package org.tracejudge.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The rows behind ToolFailBench-style label tables (tasks of type {@code tool_required} and {@code control}), read in
 * the covering indexes' order, each through a visitor so a million rows build no row objects.
 */
public final class BenchmarkRows {
    private BenchmarkRows() {}

    /** A task row: SQLite's rowid (what {@link TraceVisitor} refers to), key, type code and label set name. */
    @FunctionalInterface
    public interface TaskVisitor {
        void accept(long rowid, String key, String typeCode, String labelSet);
    }

    /** A trace row with its task's rowid. */
    @FunctionalInterface
    public interface TraceVisitor {
        /** {@code traceRowid}: the trace row's rowid, as {@link CurrentLabels#fromSummaryByRowid} gives it. */
        void accept(String traceId, String model, long taskRowid, String run, long traceRowid);
    }

    /** A ledger row of one trace: an action ("set" or a withdrawal) and its value. */
    @FunctionalInterface
    public interface DecisionVisitor {
        void accept(String traceId, String action, String value);
    }

    /** Every label set's labels as stored (a JSON array), by name. */
    public static Map<String, String> labelSets(Connection c) throws SQLException {
        Map<String, String> out = new LinkedHashMap<>();
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT name, labels FROM label_set")) {
            while (rs.next()) {
                out.put(rs.getString(1), rs.getString(2));
            }
        }
        return out;
    }

    /** The benchmark's tasks (a few thousand). */
    public static void tasks(Connection c, TaskVisitor v) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT rowid, task_key, task_type, label_set FROM task "
                        + "WHERE task_type IN ('tool_required', 'control')")) {
            while (rs.next()) {
                v.accept(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4));
            }
        }
    }

    /** The benchmark's traces, in no particular order (the caller sorts: cheaper than SQLite's sort at 1M rows). */
    public static void traces(Connection c, TraceVisitor v) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT t.id, t.model, k.rowid, t.run, t.rowid "
                        + "FROM trace t JOIN task k ON k.id = t.task_id "
                        + "WHERE k.task_type IN ('tool_required', 'control')")) {
            while (rs.next()) {
                v.accept(rs.getString(1), rs.getString(2), rs.getLong(3), rs.getString(4), rs.getLong(5));
            }
        }
    }

    /** Every trace's current decision that sets a value (withdrawn ones left out): action is always "set". */
    public static void currentDecisions(Connection c, DecisionVisitor v) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs =
                        s.executeQuery("SELECT trace_id, value FROM current_adjudication WHERE action = 'set'")) {
            while (rs.next()) {
                v.accept(rs.getString(1), "set", rs.getString(2));
            }
        }
    }

    /**
     * One person's newest entry per trace (which may be a withdrawal), whoever decided since.
     *
     * @return how many traces that person has an entry for
     */
    public static int newestOf(Connection c, String annotator, DecisionVisitor v) throws SQLException {
        int found = 0;
        try (PreparedStatement s = c.prepareStatement("SELECT a.trace_id, a.action, a.value FROM adjudication a "
                + "WHERE a.annotator = ? AND NOT EXISTS (SELECT 1 FROM adjudication x WHERE x.trace_id = a.trace_id "
                + "AND x.annotator = a.annotator AND (x.created_at > a.created_at OR (x.created_at = a.created_at "
                + "AND x.id > a.id)))")) {
            s.setString(1, annotator);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    found++;
                    v.accept(rs.getString(1), rs.getString(2), rs.getString(3));
                }
            }
        }
        return found;
    }

    /** Everyone who has decided a trace, by name. */
    public static List<String> annotators(Connection c) throws SQLException {
        List<String> people = new ArrayList<>();
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT DISTINCT annotator FROM adjudication ORDER BY annotator")) {
            while (rs.next()) {
                people.add(rs.getString(1));
            }
        }
        return people;
    }
}
