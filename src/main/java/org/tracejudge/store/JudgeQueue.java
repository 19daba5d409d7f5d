package org.tracejudge.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/**
 * The traces a judge has yet to answer: those of the task types it grades whose newest label ledger entry of its
 * rater is none, a withdrawal or a null verdict (or, for a judge of the project's own scheme, every such trace: its
 * answers are looked up apart), in the order a run asks them (model, task, run, trace). Which null verdicts are asked
 * again is the judge's policy, not this class's.
 */
public final class JudgeQueue {
    private JudgeQueue() {}

    /**
     * A trace as the judge reads it, JSON columns as text.
     *
     * @param current the newest ledger action of the rater on it (null, "withdraw" or "null"); always null when the
     *     ledger was not asked
     */
    public record Row(
            String traceId,
            String taskId,
            String current,
            String model,
            String run,
            String answer,
            String toolCalls,
            String turns,
            String extra) {}

    /** Hears each row in order; returns false to stop reading. */
    @FunctionalInterface
    public interface Visitor {
        boolean accept(Row r) throws SQLException;
    }

    /**
     * Reads the pending traces of these task types, of these models (null or empty: every model).
     *
     * @param taskTypesSql the task types as an SQL list of quoted codes, e.g. {@code ('tool_selection')}
     * @param byLedger true: each row's current action is the rater's newest label entry, and traces with a verdict
     *     ("set") are left out; false: every trace of the task types comes, with no current action
     */
    public static void pending(
            Connection c, String raterId, String taskTypesSql, List<String> models, boolean byLedger, Visitor v)
            throws SQLException {
        StringBuilder sql = new StringBuilder("SELECT id, task_id, cur, model, run, answer, tool_calls, turns, extra "
                + "FROM (SELECT t.id, t.task_id, t.model, k.task_key, t.run, t.answer, t.tool_calls, t.turns, t.extra, "
                + (byLedger
                        ? "(SELECT l.action FROM label l WHERE l.trace_id = t.id AND l.rater_id = ? "
                                + "ORDER BY l.created_at DESC, l.id DESC LIMIT 1) AS cur "
                        : "NULL AS cur ")
                + "FROM trace t JOIN task k ON k.id = t.task_id WHERE k.task_type IN " + taskTypesSql);
        appendModels(sql, models);
        // null verdicts come too: the judge decides which of them to ask again
        sql.append(") WHERE cur IS NULL OR cur = 'withdraw' OR cur = 'null'")
                .append(" ORDER BY model, task_key, run, id");
        try (PreparedStatement s = c.prepareStatement(sql.toString())) {
            int i = 1;
            if (byLedger) {
                s.setString(i++, raterId);
            }
            bindModels(s, i, models);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    Row r = new Row(
                            rs.getString(1),
                            rs.getString(2),
                            rs.getString(3),
                            rs.getString(4),
                            rs.getString(5),
                            rs.getString(6),
                            rs.getString(7),
                            rs.getString(8),
                            rs.getString(9));
                    if (!v.accept(r)) {
                        return;
                    }
                }
            }
        }
    }

    /** How many traces of these task types (and models) have no verdict from the rater; null verdicts count as ones. */
    public static int remaining(Connection c, String raterId, String taskTypesSql, List<String> models)
            throws SQLException {
        StringBuilder sql = new StringBuilder("SELECT count(*) FROM trace t JOIN task k ON k.id = t.task_id "
                + "WHERE k.task_type IN " + taskTypesSql + " AND coalesce((SELECT l.action FROM label l "
                + "WHERE l.trace_id = t.id AND l.rater_id = ? ORDER BY l.created_at DESC, l.id DESC LIMIT 1), "
                + "'withdraw') = 'withdraw'");
        appendModels(sql, models);
        try (PreparedStatement s = c.prepareStatement(sql.toString())) {
            s.setString(1, raterId);
            bindModels(s, 2, models);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    private static void appendModels(StringBuilder sql, List<String> models) {
        if (models != null && !models.isEmpty()) {
            sql.append(" AND t.model IN (")
                    .append("?,".repeat(models.size() - 1))
                    .append("?)");
        }
    }

    private static void bindModels(PreparedStatement s, int from, List<String> models) throws SQLException {
        if (models != null) {
            int i = from;
            for (String m : models) {
                s.setString(i++, m);
            }
        }
    }
}
