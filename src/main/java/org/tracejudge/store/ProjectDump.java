package org.tracejudge.store;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Set;

/**
 * Every row of a project that its JSON Lines export carries, table by table in an order that can be imported line by
 * line: label sets, toolsets, tasks, raters, traces, labels, decisions, the scheme and its answers, comments, and
 * (when asked) saved judges and answered judge calls. Nothing here writes; the caller holds the read transaction.
 */
public final class ProjectDump {
    private ProjectDump() {}

    /** Columns holding JSON text, for the writer to keep as JSON rather than strings. */
    public static final Set<String> JSON_COLUMNS =
            Set.of("labels", "tools", "body", "tool_calls", "turns", "extra", "config", "scores", "evidence");

    /**
     * Receives each row. {@code columns} and {@code values} are reused between rows of one kind (copy to keep); a null
     * value is a column the row does not have; {@code raw} names the columns whose text is written as it is (JSON, or a
     * number).
     */
    @FunctionalInterface
    public interface RowSink {
        void row(String kind, String[] columns, String[] values, Set<String> raw) throws Exception;
    }

    /** Each row, kind by kind, to {@code sink}; with {@code withJudgeCache} also saved judges and answered calls. */
    public static void each(Connection c, boolean withJudgeCache, RowSink sink) throws Exception {
        rows(c, sink, "label_set", "SELECT name, description, labels FROM label_set WHERE builtin = 0 ORDER BY name");
        rows(c, sink, "toolset", "SELECT id, tools FROM toolset ORDER BY id");
        rows(
                c,
                sink,
                "task",
                "SELECT id, task_key, domain, task_type, target_failure_mode, label_set, "
                        + "user_message, toolset_id, body FROM task ORDER BY task_key, id");
        rows(
                c,
                sink,
                "rater",
                "SELECT id, name, kind AS rater_kind, version, config, description "
                        + "FROM rater ORDER BY name, version");
        rows(
                c,
                sink,
                "trace",
                "SELECT id, task_id, model, run, answer, tool_calls, turns, extra FROM trace "
                        + "ORDER BY model, run, id");
        rows(
                c,
                sink,
                "label",
                "SELECT id, trace_id, rater_id, action, value, confidence, scores, rationale, "
                        + "raw, null_reason, evidence, replaces, created_by, created_at FROM label ORDER BY created_at, id");
        rows(
                c,
                sink,
                "adjudication",
                "SELECT id, trace_id, annotator, action, value, rationale, replaces, "
                        + "created_at FROM adjudication ORDER BY created_at, id");
        // the project's own questions and their answers (schema 13); none in a project without a scheme
        rows(
                c,
                sink,
                "scheme",
                "SELECT version AS scheme_version, name, body AS definition, source, note, created_by, created_at "
                        + "FROM scheme_version ORDER BY version",
                Set.of("scheme_version"));
        rows(
                c,
                sink,
                "answer",
                "SELECT id, trace_id, rater_id, question, scheme_version, action, value AS answer, rationale, "
                        + "null_reason, replaces, created_by, created_at FROM answer ORDER BY created_at, id",
                Set.of("scheme_version", "answer"));
        // comments and flags (schema 10): a flag asking the lead to look is part of the project's state too
        rows(
                c,
                sink,
                "comment",
                "SELECT id, trace_id, author, action, text, created_at FROM trace_comment ORDER BY created_at, id");
        if (withJudgeCache) {
            rows(
                    c,
                    sink,
                    "judge_config",
                    "SELECT key, value AS config FROM project_meta WHERE key LIKE 'judge:%' "
                            + "AND key NOT LIKE 'judge-%' ORDER BY key");
            rows(
                    c,
                    sink,
                    "judge_call",
                    "SELECT id, cache_key, trace_id, rater_id, provider, model, status, "
                            + "http_status, response, content, tokens_in, tokens_out, latency_ms, attempts, label_id, created_at "
                            + "FROM judge_call WHERE status = 'ok' ORDER BY created_at, id");
        }
    }

    private static void rows(Connection c, RowSink sink, String kind, String sql) throws Exception {
        rows(c, sink, kind, sql, JSON_COLUMNS);
    }

    private static void rows(Connection c, RowSink sink, String kind, String sql, Set<String> raw) throws Exception {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            String[] columns = labels(rs);
            String[] values = new String[columns.length];
            while (rs.next()) {
                for (int i = 0; i < columns.length; i++) {
                    values[i] = rs.getString(i + 1);
                }
                sink.row(kind, columns, values, raw);
            }
        }
    }

    private static String[] labels(ResultSet rs) throws SQLException {
        ResultSetMetaData md = rs.getMetaData();
        String[] out = new String[md.getColumnCount()];
        for (int i = 0; i < out.length; i++) {
            out[i] = md.getColumnLabel(i + 1);
        }
        return out;
    }
}
