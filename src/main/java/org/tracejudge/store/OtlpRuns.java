package org.tracejudge.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * OTLP runs whose messages may still come (table {@code otlp_run}, schema 15): a run imported while one of its model
 * spans had no messages yet keeps its spans here, so that log records imported later (the messages
 * {@code @opentelemetry/instrumentation-openai} sends on {@code /v1/logs}) can complete the stored trace. The importer
 * assembles; this class only stores and finds.
 */
public final class OtlpRuns {
    private final Connection c;
    private final java.util.Map<String, PreparedStatement> statements = new java.util.HashMap<>();

    /** The open runs of the project on {@code c}, inside one of its transactions (statements prepared once). */
    public OtlpRuns(Connection c) {
        this.c = c;
    }

    private PreparedStatement statement(String sql) throws SQLException {
        PreparedStatement s = statements.get(sql);
        if (s == null) {
            s = c.prepareStatement(sql);
            statements.put(sql, s);
        }
        return s;
    }

    /**
     * A stored open run: its OTLP trace id, the project's trace, its spans (one OTLP/JSON request), the message records
     * joined so far ({@code {span id: [event, ...]}}) and how many model spans still lack their messages.
     */
    public record Stored(String otlpTraceId, String traceId, String spans, String messages, int openSpans) {}

    /** Whether the project holds any open run (an import that finds none skips every per-run look-up). */
    public boolean any() throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT EXISTS (SELECT 1 FROM otlp_run)")) {
            return rs.next() && rs.getInt(1) == 1;
        }
    }

    /** The open run of this OTLP trace id, or null. */
    public Stored find(String otlpTraceId) throws SQLException {
        PreparedStatement q =
                statement("SELECT trace_id, spans, messages, open_spans FROM otlp_run WHERE otlp_trace_id = ?");
        q.setString(1, otlpTraceId);
        try (ResultSet rs = q.executeQuery()) {
            return rs.next()
                    ? new Stored(otlpTraceId, rs.getString(1), rs.getString(2), rs.getString(3), rs.getInt(4))
                    : null;
        }
    }

    /** Whether the project's trace {@code traceId} is an open run (its spans kept for log records to come). */
    public boolean isOpenTrace(String traceId) throws SQLException {
        PreparedStatement q = statement("SELECT 1 FROM otlp_run WHERE trace_id = ?");
        q.setString(1, traceId);
        try (ResultSet rs = q.executeQuery()) {
            return rs.next();
        }
    }

    /** Which of these OTLP trace ids the project holds as open runs (for {@code receive}: logs after their run). */
    public static List<String> held(Project p, Collection<String> otlpTraceIds) {
        return p.read(c -> held(c, otlpTraceIds));
    }

    static List<String> held(Connection c, Collection<String> otlpTraceIds) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement q = c.prepareStatement("SELECT 1 FROM otlp_run WHERE otlp_trace_id = ?")) {
            for (String id : otlpTraceIds) {
                q.setString(1, id);
                try (ResultSet rs = q.executeQuery()) {
                    if (rs.next()) {
                        out.add(id);
                    }
                }
            }
        }
        return out;
    }

    /** Keeps (or updates) an open run. */
    public void put(Stored run) throws SQLException {
        PreparedStatement s = statement("INSERT INTO otlp_run(otlp_trace_id, trace_id, spans, messages, "
                + "open_spans, updated_at) VALUES (?,?,?,?,?,?) ON CONFLICT(otlp_trace_id) DO UPDATE SET "
                + "trace_id = excluded.trace_id, spans = excluded.spans, messages = excluded.messages, "
                + "open_spans = excluded.open_spans, updated_at = excluded.updated_at");
        s.setString(1, run.otlpTraceId());
        s.setString(2, run.traceId());
        s.setString(3, run.spans());
        s.setString(4, run.messages());
        s.setInt(5, run.openSpans());
        s.setString(6, Timestamps.now());
        s.executeUpdate();
    }

    /** Forgets a run that is complete now (or was never open); true when it had a row. */
    public boolean remove(String otlpTraceId) throws SQLException {
        PreparedStatement s = statement("DELETE FROM otlp_run WHERE otlp_trace_id = ?");
        s.setString(1, otlpTraceId);
        return s.executeUpdate() == 1;
    }

    /**
     * Removes a task no trace refers to any more: the one a completed run had before its messages came (the task of an
     * empty user message), once the run moved to the task of its real one.
     */
    public void dropTaskWithoutTraces(String taskId) throws SQLException {
        PreparedStatement s =
                statement("DELETE FROM task WHERE id = ? AND NOT EXISTS (SELECT 1 FROM trace WHERE task_id = ?)");
        s.setString(1, taskId);
        s.setString(2, taskId);
        s.executeUpdate();
    }
}
