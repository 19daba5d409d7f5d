package org.tracejudge.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the rule classifiers read: tasks and traces of each kind as stored (JSON columns kept as text, for
 * {@code classify} to parse, on its own threads where it pays), and the rule raters' entries so far.
 */
public final class RuleRows {
    private RuleRows() {}

    /** A task as stored; {@code tools} is null where not read or not imported. */
    public record TaskRow(
            String id,
            String key,
            String domain,
            String type,
            String targetFailureMode,
            String labelSet,
            String userMessage,
            String tools,
            String body) {}

    /** A benchmark trace as the rule reads it; {@code error} is the run's recorded error, or null. */
    public record TraceRow(String traceId, String taskId, String model, String answer, String calls, String error) {}

    /** A call-level trace as stored. */
    public record CallTraceRow(
            String id, String taskId, String model, String run, String turns, String toolCalls, String answer) {}

    /** One ledger entry of a rater on a trace. */
    @FunctionalInterface
    public interface EntryVisitor {
        void accept(String traceId, String id, String action, String replaces, String createdAt, String value);
    }

    /** A rule rater's current entry on a trace. */
    public record StoredLabel(String action, String value, String evidence, String nullReason, String createdAt) {}

    private static final String BENCHMARK_TRACES_FROM =
            "FROM trace t JOIN task k ON k.id = t.task_id WHERE k.task_type IN ('tool_required', 'control')";

    /** The benchmark's traces to classify, in trace-id order. */
    public static final String TRACES_SQL = "SELECT t.id, t.task_id, t.model, t.answer, t.tool_calls, "
            + "CASE WHEN t.extra IS NOT NULL AND instr(t.extra, '\"error\"') > 0 THEN json_extract(t.extra, '$.error') END "
            + BENCHMARK_TRACES_FROM + " ORDER BY t.id";

    /** A page of {@link #TRACES_SQL}: the traces after a trace id (a seek of the trace id index), at most so many. */
    public static final String TRACES_PAGE_SQL =
            TRACES_SQL.replace(" ORDER BY t.id", " AND t.id > ? ORDER BY t.id LIMIT ?");

    /** The benchmark's tasks ({@code tool_required} and {@code control}), without tools. */
    public static List<TaskRow> benchmarkTasks(Connection c) throws SQLException {
        List<TaskRow> out = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement("SELECT id, task_key, domain, task_type, target_failure_mode, "
                        + "label_set, user_message, body FROM task WHERE task_type IN ('tool_required', 'control')");
                ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                out.add(new TaskRow(
                        rs.getString(1),
                        rs.getString(2),
                        rs.getString(3),
                        rs.getString(4),
                        rs.getString(5),
                        rs.getString(6),
                        rs.getString(7),
                        null,
                        rs.getString(8)));
            }
        }
        return out;
    }

    /** How many benchmark traces there are. */
    public static int benchmarkTraceCount(Connection c) throws SQLException {
        try (Statement count = c.createStatement();
                ResultSet n = count.executeQuery("SELECT count(*) " + BENCHMARK_TRACES_FROM)) {
            n.next();
            return n.getInt(1);
        }
    }

    /** Reads the benchmark's traces a page at a time, each page a short statement of its own. */
    public static final class TracePages implements AutoCloseable {
        private final PreparedStatement page;

        public TracePages(Connection c) throws SQLException {
            page = c.prepareStatement(TRACES_PAGE_SQL);
        }

        /** At most {@code limit} traces after {@code afterId} ("" for the first page), in trace-id order. */
        public List<TraceRow> after(String afterId, int limit) throws SQLException {
            List<TraceRow> out = new ArrayList<>(limit);
            page.setString(1, afterId);
            page.setInt(2, limit);
            try (ResultSet rows = page.executeQuery()) {
                while (rows.next()) {
                    out.add(new TraceRow(
                            rows.getString(1),
                            rows.getString(2),
                            rows.getString(3),
                            rows.getString(4),
                            rows.getString(5),
                            rows.getString(6)));
                }
            }
            return out;
        }

        @Override
        public void close() throws SQLException {
            page.close();
        }
    }

    /** Whether the rater has any ledger entry (through label_rater_idx). */
    public static boolean hasEntries(Connection c, String raterId) throws SQLException {
        try (java.sql.PreparedStatement s =
                c.prepareStatement("SELECT EXISTS (SELECT 1 FROM label WHERE rater_id = ?)")) {
            s.setString(1, raterId);
            try (java.sql.ResultSet rs = s.executeQuery()) {
                return rs.next() && rs.getInt(1) == 1;
            }
        }
    }

    /** Every ledger entry of the rater (one pass through label_rater_idx), in no particular order. */
    public static void entriesOf(Connection c, String raterId, EntryVisitor v) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(
                "SELECT trace_id, id, action, replaces, created_at, value FROM label WHERE rater_id = ?")) {
            s.setString(1, raterId);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    v.accept(
                            rs.getString(1),
                            rs.getString(2),
                            rs.getString(3),
                            rs.getString(4),
                            rs.getString(5),
                            rs.getString(6));
                }
            }
        }
    }

    /** The call-level tasks, with their tools. */
    public static List<TaskRow> callTasks(Connection c) throws SQLException {
        List<TaskRow> out = new ArrayList<>();
        try (PreparedStatement s =
                        c.prepareStatement("SELECT k.id, k.task_key, k.domain, k.task_type, k.target_failure_mode, "
                                + "k.label_set, k.user_message, ts.tools, k.body FROM task k LEFT JOIN toolset ts "
                                + "ON ts.id = k.toolset_id WHERE k.task_type = 'call_level'");
                ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                out.add(new TaskRow(
                        rs.getString(1),
                        rs.getString(2),
                        rs.getString(3),
                        rs.getString(4),
                        rs.getString(5),
                        rs.getString(6),
                        rs.getString(7),
                        rs.getString(8),
                        rs.getString(9)));
            }
        }
        return out;
    }

    /** The call-level traces, in (model, task key, run) order. */
    public static List<CallTraceRow> callTraces(Connection c) throws SQLException {
        List<CallTraceRow> out = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement(
                        "SELECT t.id, t.task_id, t.model, t.run, t.turns, t.tool_calls, t.answer FROM trace t "
                                + "JOIN task k ON k.id = t.task_id WHERE k.task_type = 'call_level' "
                                + "ORDER BY t.model, k.task_key, t.run");
                ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                out.add(new CallTraceRow(
                        rs.getString(1),
                        rs.getString(2),
                        rs.getString(3),
                        rs.getString(4),
                        rs.getString(5),
                        rs.getString(6),
                        rs.getString(7)));
            }
        }
        return out;
    }

    /** Whether the project holds a call-level trace. */
    public static boolean hasCallTraces(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(
                        "SELECT 1 FROM trace t JOIN task k ON k.id = t.task_id WHERE k.task_type = 'call_level' LIMIT 1")) {
            return rs.next();
        }
    }

    /** The rater's current entry on each call-level trace: {id, action, replaces}, by trace id. */
    public static Map<String, String[]> currentCallEntries(Connection c, String raterId) throws SQLException {
        Map<String, String[]> out = new HashMap<>();
        try (PreparedStatement s =
                c.prepareStatement("SELECT l.trace_id, l.id, l.action, l.replaces FROM current_label l "
                        + "JOIN trace t ON t.id = l.trace_id JOIN task k ON k.id = t.task_id "
                        + "WHERE l.rater_id = ? AND k.task_type = 'call_level'")) {
            s.setString(1, raterId);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.put(rs.getString(1), new String[] {rs.getString(2), rs.getString(3), rs.getString(4)});
                }
            }
        }
        return out;
    }

    /** The current value of the rater(s) of that name on each trace they set one on, by trace id. */
    public static Map<String, String> currentValues(Connection c, String raterName) throws SQLException {
        Map<String, String> m = new HashMap<>();
        try (PreparedStatement s = c.prepareStatement("SELECT l.trace_id, l.value FROM current_label l JOIN rater r "
                + "ON r.id = l.rater_id WHERE r.name = ? AND l.action = 'set'")) {
            s.setString(1, raterName);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    m.put(rs.getString(1), rs.getString(2));
                }
            }
        }
        return m;
    }

    /** The rater's newest entry on the trace, or null: {id, value, evidence, null reason}. */
    public static String[] newest(Connection c, String traceId, String raterId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT id, value, evidence, null_reason FROM label "
                + "WHERE trace_id = ? AND rater_id = ? ORDER BY created_at DESC, id DESC LIMIT 1")) {
            s.setString(1, traceId);
            s.setString(2, raterId);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next()
                        ? new String[] {rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4)}
                        : null;
            }
        }
    }

    /** At most {@code limit} trace ids starting with {@code prefix}, in id order. */
    public static List<String> traceIdsStartingWith(Connection c, String prefix, int limit) throws SQLException {
        List<String> ids = new ArrayList<>();
        try (PreparedStatement s =
                c.prepareStatement("SELECT id FROM trace WHERE id >= ? AND id < ? ORDER BY id LIMIT ?")) {
            s.setString(1, prefix);
            s.setString(2, prefix + "\uFFFF"); // sorts after every id that starts with the prefix
            s.setInt(3, limit);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    ids.add(rs.getString(1));
                }
            }
        }
        return ids;
    }

    /** The current entry of the rule rater of that name on the trace, or null when it has none. */
    public static StoredLabel currentRuleLabel(Connection c, String traceId, String raterName) throws SQLException {
        try (PreparedStatement s =
                c.prepareStatement("SELECT l.action, l.value, l.evidence, l.null_reason, l.created_at "
                        + "FROM current_label l JOIN rater r ON r.id = l.rater_id WHERE l.trace_id = ? AND r.name = ? "
                        + "AND r.kind = 'rule' ORDER BY l.created_at DESC LIMIT 1")) {
            s.setString(1, traceId);
            s.setString(2, raterName);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next()
                        ? new StoredLabel(
                                rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5))
                        : null;
            }
        }
    }
}
