package org.tracejudge.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What becomes scores in another tool (Langfuse): each trace's source and id there, the newest entry of each of its
 * non-imported raters and its newest decision. Open one per read transaction; its statements are reused per trace.
 */
public final class ScoreRows implements AutoCloseable {
    /** A trace in import order, with the format it came in and its id in that source (either may be null). */
    public record Source(String traceId, String format, String sourceId) {}

    /** A rater's newest entry on a trace: {@code action} "set" carries a value. */
    public record Entry(String raterKind, String action, String value, String rationale, String createdAt) {}

    /** A trace's newest decision that sets a value. */
    public record Decision(String annotator, String value, String rationale, String createdAt) {}

    private final PreparedStatement labels;
    private final PreparedStatement decisions;

    public ScoreRows(Connection c) throws SQLException {
        labels = c.prepareStatement("SELECT r.name, r.kind, l.action, l.value, l.rationale, "
                + "l.created_at FROM label l JOIN rater r ON r.id = l.rater_id WHERE l.trace_id = ? "
                + "AND r.kind <> 'imported' ORDER BY r.name, l.created_at, l.id");
        decisions = c.prepareStatement("SELECT annotator, action, value, rationale, created_at "
                + "FROM adjudication WHERE trace_id = ? ORDER BY created_at, id");
    }

    /** Every trace in the order it was imported. */
    public static List<Source> sources(Connection c) throws SQLException {
        List<Source> out = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement("SELECT id, json_extract(extra, '$.format'), "
                        + "json_extract(extra, '$.source_id') FROM trace ORDER BY rowid");
                ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                out.add(new Source(rs.getString(1), rs.getString(2), rs.getString(3)));
            }
        }
        return out;
    }

    /** Each non-imported rater's newest entry on the trace (a withdrawal or null verdict included), by rater name. */
    public Map<String, Entry> newestPerRater(String traceId) throws SQLException {
        Map<String, Entry> current = new LinkedHashMap<>();
        labels.setString(1, traceId);
        try (ResultSet rs = labels.executeQuery()) {
            while (rs.next()) {
                current.put(
                        rs.getString(1),
                        new Entry(rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5), rs.getString(6)));
            }
        }
        return current;
    }

    /** The trace's newest decision, or null when there is none or the newest withdrew. */
    public Decision newestDecision(String traceId) throws SQLException {
        Decision d = null;
        decisions.setString(1, traceId);
        try (ResultSet rs = decisions.executeQuery()) {
            while (rs.next()) {
                d = "withdraw".equals(rs.getString(2))
                        ? null
                        : new Decision(rs.getString(1), rs.getString(3), rs.getString(4), rs.getString(5));
            }
        }
        return d;
    }

    @Override
    public void close() throws SQLException {
        try (labels;
                decisions) {
            // both closed
        }
    }
}
