package org.tracejudge.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The current per-tool labels on tool-selection traces (task type {@code tool_selection}): every rater's current
 * "set" entry that holds scores ({@code tool:<name>} = 1 YES / 0 NO), as stored. What they add up to under the
 * project's safety policy is the safety package's business.
 */
public final class SelectionLabels {
    private SelectionLabels() {}

    /** A current entry with scores: its trace and task, its rater's name and kind, and the entry's own columns. */
    public record Row(
            String traceId,
            String rater,
            String kind,
            String scores,
            String rationale,
            String createdBy,
            String evidence,
            String taskId,
            String createdAt,
            String id) {}

    /** Hears each row in turn. */
    @FunctionalInterface
    public interface Visitor {
        void accept(Row r);
    }

    private static String scope(String onlyTrace) {
        return onlyTrace == null ? "" : " AND t.task_id = (SELECT task_id FROM trace WHERE id = ?)";
    }

    /** Task id → its tool-selection traces, over every such trace (or those of one trace's input: {@code onlyTrace}). */
    public static Map<String, List<String>> tracesByTask(Connection c, String onlyTrace) throws SQLException {
        Map<String, List<String>> out = new HashMap<>();
        try (PreparedStatement s = c.prepareStatement("SELECT t.id, t.task_id FROM trace t JOIN task k ON k.id = "
                + "t.task_id WHERE k.task_type = 'tool_selection'" + scope(onlyTrace))) {
            if (onlyTrace != null) {
                s.setString(1, onlyTrace);
            }
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.computeIfAbsent(rs.getString(2), k -> new ArrayList<>()).add(rs.getString(1));
                }
            }
        }
        return out;
    }

    /** Reads every current scored entry on those traces (every rater, any order). */
    public static void scored(Connection c, String onlyTrace, Visitor v) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT l.trace_id, r.name, r.kind, l.scores, l.rationale, "
                + "l.created_by, l.evidence, t.task_id, l.created_at, l.id FROM current_label l JOIN rater r ON r.id = l.rater_id "
                + "JOIN trace t ON t.id = l.trace_id JOIN task k ON k.id = t.task_id WHERE k.task_type = 'tool_selection' "
                + "AND l.action = 'set' AND l.scores IS NOT NULL" + scope(onlyTrace))) {
            if (onlyTrace != null) {
                s.setString(1, onlyTrace);
            }
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    v.accept(new Row(
                            rs.getString(1),
                            rs.getString(2),
                            rs.getString(3),
                            rs.getString(4),
                            rs.getString(5),
                            rs.getString(6),
                            rs.getString(7),
                            rs.getString(8),
                            rs.getString(9),
                            rs.getString(10)));
                }
            }
        }
    }

    /** A current entry's scores and evidence, as JSON text (evidence may be null). */
    public record Scored(String scores, String evidence) {}

    /** The newest current "set" entry of a rater on any run of the input {@code taskKey}, or null. */
    public static Scored newestOnInput(Connection c, String taskKey, String raterId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(
                "SELECT l.scores, l.evidence, l.created_at FROM current_label l "
                        + "JOIN trace t ON t.id = l.trace_id JOIN task k ON k.id = t.task_id WHERE k.task_key = ? AND k.task_type = "
                        + "'tool_selection' AND l.rater_id = ? AND l.action = 'set' ORDER BY l.created_at DESC, l.id DESC LIMIT 1")) {
            s.setString(1, taskKey);
            s.setString(2, raterId);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? new Scored(rs.getString(1), rs.getString(2)) : null;
            }
        }
    }
}
