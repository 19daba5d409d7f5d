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
import org.tracejudge.json.Json;
import org.tracejudge.model.LabelSet;

/**
 * What an import writes and looks up, inside its single transaction: sources, tasks, toolsets, traces (sent to SQLite
 * in batches), label sets, raters, ledger entries (labels in batches), comments and answered judge calls, and the
 * look-ups that decide whether a record is new, the same or changed. Everything is insert-or-ignore by id. The hot
 * statements are prepared once per import; the importer decides what to write and counts it.
 */
public final class ImportRows {
    private final Connection c;
    private final PreparedStatement insTask;
    private final PreparedStatement upsertSelectionTask;
    private final PreparedStatement insToolset;
    private final PreparedStatement insTrace;
    private final PreparedStatement insLabel;
    private final PreparedStatement insAdj;
    private final PreparedStatement traceLabelSet;
    private final PreparedStatement labelIdExists;
    private final PreparedStatement adjudicationIdExists;
    /** Statements of the per-trace paths (completion, replacement) prepared once per import. */
    private final Map<String, PreparedStatement> statements = new HashMap<>();

    /** The import's statements on {@code c}, prepared once. */
    public ImportRows(Connection c) throws SQLException {
        this.c = c;
        insTask = c.prepareStatement("INSERT OR IGNORE INTO task(id, task_key, domain, task_type, target_failure_mode, "
                + "label_set, user_message, toolset_id, body) VALUES (?,?,?,?,?,?,?,?,?)");
        upsertSelectionTask =
                c.prepareStatement("INSERT INTO task(id, task_key, domain, task_type, target_failure_mode, "
                        + "label_set, user_message, toolset_id, body) VALUES (?,?,?,?,?,?,?,?,?) ON CONFLICT(id) DO UPDATE SET "
                        + "user_message = excluded.user_message, toolset_id = excluded.toolset_id, body = excluded.body "
                        + "WHERE task.toolset_id IS NOT excluded.toolset_id OR task.body IS NOT excluded.body");
        insToolset = c.prepareStatement("INSERT OR IGNORE INTO toolset(id, tools) VALUES (?,?)");
        insTrace = c.prepareStatement("INSERT OR IGNORE INTO trace(id, task_id, model, run, answer, tool_calls, turns, "
                + "extra, source_id) VALUES (?,?,?,?,?,?,?,?,?)");
        insLabel = c.prepareStatement(Ledger.INSERT_LABEL);
        insAdj = c.prepareStatement("INSERT OR IGNORE INTO adjudication(id, trace_id, annotator, action, value, "
                + "rationale, replaces, created_at) VALUES (?,?,?,?,?,?,?,?)");
        traceLabelSet = c.prepareStatement(
                "SELECT k.label_set FROM trace t LEFT JOIN task k ON k.id = t.task_id " + "WHERE t.id = ?");
        labelIdExists = c.prepareStatement("SELECT 1 FROM label WHERE id = ?");
        adjudicationIdExists = c.prepareStatement("SELECT 1 FROM adjudication WHERE id = ?");
    }

    private PreparedStatement statement(String sql) throws SQLException {
        PreparedStatement s = statements.get(sql);
        if (s == null) {
            s = c.prepareStatement(sql);
            statements.put(sql, s);
        }
        return s;
    }

    // ------------------------------------------------------------------------------------------------ label sets

    /** The project's label sets, by name. */
    public Map<String, LabelSet> labelSets() throws SQLException {
        Map<String, LabelSet> out = new HashMap<>();
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT name, description, labels FROM label_set")) {
            while (rs.next()) {
                List<String> labels = new ArrayList<>();
                Json.read(rs.getString(3)).forEach(n -> labels.add(n.asText()));
                out.put(rs.getString(1), new LabelSet(rs.getString(1), rs.getString(2), labels));
            }
        }
        return out;
    }

    /** Adds a label set of a file (never a built-in one); one of that name is kept. */
    public void addLabelSet(String name, String description, String labelsJson) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(
                "INSERT OR IGNORE INTO label_set(name, description, labels, builtin) VALUES (?,?,?,0)")) {
            s.setString(1, name);
            s.setString(2, description);
            s.setString(3, labelsJson);
            s.executeUpdate();
        }
    }

    // ------------------------------------------------------------------------------------------------- sources

    /**
     * A file's row before its records (sha256 and row count to follow, see {@link #completeSource}).
     *
     * @return whether the row is new (the project did not have the source)
     */
    public boolean startSource(String id, String fileName, String format, String rater) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT OR IGNORE INTO import_source(id, file_name, sha256, "
                + "format, rater, rows, imported_at) VALUES (?,?,'',?,?,0,'')")) {
            s.setString(1, id);
            s.setString(2, fileName);
            s.setString(3, format);
            s.setString(4, rater);
            return s.executeUpdate() == 1;
        }
    }

    /** Completes the row {@link #startSource} began, with what the finished file gives. */
    public void completeSource(String id, String fileName, String sha256, String format, String rater, int rows)
            throws SQLException {
        try (PreparedStatement s = c.prepareStatement("UPDATE import_source SET file_name = ?, sha256 = ?, "
                + "format = ?, rater = ?, rows = ?, imported_at = ? WHERE id = ?")) {
            s.setString(1, fileName);
            s.setString(2, sha256);
            s.setString(3, format);
            s.setString(4, rater);
            s.setInt(5, rows);
            s.setString(6, Timestamps.now());
            s.setString(7, id);
            s.executeUpdate();
        }
    }

    /** Adds a source's row whole, unless the project has it. */
    public void addSource(String id, String fileName, String sha256, String format, String rater, int rows)
            throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT OR IGNORE INTO import_source(id, file_name, sha256, "
                + "format, rater, rows, imported_at) VALUES (?,?,?,?,?,?,?)")) {
            s.setString(1, id);
            s.setString(2, fileName);
            s.setString(3, sha256);
            s.setString(4, format);
            s.setString(5, rater);
            s.setInt(6, rows);
            s.setString(7, Timestamps.now());
            s.executeUpdate();
        }
    }

    // ------------------------------------------------------------------------------------------ tasks, toolsets

    public void addToolset(String id, String json) throws SQLException {
        insToolset.setString(1, id);
        insToolset.setString(2, json);
        insToolset.executeUpdate();
    }

    /**
     * Adds a task, or with {@code upsertSelection} adds or updates a tool-selection task (its user message, toolset
     * and body, when the toolset or body changed).
     *
     * @return whether a row was inserted or changed
     */
    public boolean addTask(
            boolean upsertSelection,
            String id,
            String key,
            String domain,
            String type,
            String target,
            String labelSet,
            String userMessage,
            String toolsetId,
            String body)
            throws SQLException {
        PreparedStatement ins = upsertSelection ? upsertSelectionTask : insTask;
        ins.setString(1, id);
        ins.setString(2, key);
        ins.setString(3, domain);
        ins.setString(4, type);
        ins.setString(5, target);
        ins.setString(6, labelSet);
        ins.setString(7, userMessage);
        ins.setString(8, toolsetId);
        ins.setString(9, body);
        return ins.executeUpdate() == 1;
    }

    public boolean taskExists(String taskId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT 1 FROM task WHERE id = ?")) {
            s.setString(1, taskId);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next();
            }
        }
    }

    /** The body of a version of the task {@code key} other than {@code id}, or null when there is none. */
    public String otherVersionBody(String key, String id) throws SQLException {
        try (PreparedStatement q = c.prepareStatement("SELECT body FROM task WHERE task_key = ? AND id <> ? LIMIT 1")) {
            q.setString(1, key);
            q.setString(2, id);
            try (ResultSet rs = q.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    /** The task key of a task, or null when there is no such task. */
    public String taskKey(String taskId) throws SQLException {
        try (PreparedStatement q = c.prepareStatement("SELECT task_key FROM task WHERE id = ?")) {
            q.setString(1, taskId);
            try (ResultSet rs = q.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    // -------------------------------------------------------------------------------------------------- raters

    public void addRater(String id, String name, String kind, String version, String config, String description)
            throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT OR IGNORE INTO rater(id, name, kind, version, config, "
                + "description, created_at) VALUES (?,?,?,?,?,?,?)")) {
            s.setString(1, id);
            s.setString(2, name);
            s.setString(3, kind);
            s.setString(4, version);
            s.setString(5, config);
            s.setString(6, description);
            s.setString(7, Timestamps.now());
            s.executeUpdate();
        }
    }

    public boolean raterExists(String id) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT 1 FROM rater WHERE id = ?")) {
            s.setString(1, id);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next();
            }
        }
    }

    /** A rater's kind code, or null when there is no such rater. */
    public String raterKind(String id) throws SQLException {
        try (PreparedStatement q = c.prepareStatement("SELECT kind FROM rater WHERE id = ?")) {
            q.setString(1, id);
            try (ResultSet rs = q.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    // -------------------------------------------------------------------------------------------------- traces

    /** Queues a trace for the next {@link #sendTraces}. */
    public void addTrace(
            String id,
            String taskId,
            String model,
            String run,
            String answer,
            String toolCalls,
            String turns,
            String extra,
            String sourceId)
            throws SQLException {
        insTrace.setString(1, id);
        insTrace.setString(2, taskId);
        insTrace.setString(3, model);
        insTrace.setString(4, run);
        insTrace.setString(5, answer);
        insTrace.setString(6, toolCalls);
        insTrace.setString(7, turns);
        insTrace.setString(8, extra);
        insTrace.setString(9, sourceId);
        insTrace.addBatch();
    }

    /** Sends the queued traces in one batch: per trace, how many rows it added (0: the project had it). */
    public int[] sendTraces() throws SQLException {
        return insTrace.executeBatch();
    }

    public boolean traceExists(String id) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT 1 FROM trace WHERE id = ?")) {
            s.setString(1, id);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next();
            }
        }
    }

    /** A trace's content as stored (JSON columns as text). */
    public record StoredTrace(String taskId, String answer, String toolCalls, String turns, String extra) {}

    /** The stored content of a trace, or null when the project has no such trace. */
    public StoredTrace storedTrace(String id) throws SQLException {
        PreparedStatement q = statement("SELECT task_id, answer, tool_calls, turns, extra FROM trace WHERE id = ?");
        q.setString(1, id);
        try (ResultSet rs = q.executeQuery()) {
            return rs.next()
                    ? new StoredTrace(
                            rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5))
                    : null;
        }
    }

    /** Rewrites a trace's content in place; {@code sourceId} null keeps its source. */
    public void updateTrace(
            String id, String taskId, String answer, String toolCalls, String turns, String extra, String sourceId)
            throws SQLException {
        PreparedStatement u = statement("UPDATE trace SET task_id = ?, answer = ?, tool_calls = ?, turns = ?, "
                + "extra = ?, source_id = coalesce(?, source_id) WHERE id = ?");
        u.setString(1, taskId);
        u.setString(2, answer);
        u.setString(3, toolCalls);
        u.setString(4, turns);
        u.setString(5, extra);
        u.setString(6, sourceId);
        u.setString(7, id);
        u.executeUpdate();
    }

    /** The raters whose current label on the trace is not a withdrawal. */
    public List<String> ratersLabelling(String traceId) throws SQLException {
        List<String> raters = new ArrayList<>();
        PreparedStatement q =
                statement("SELECT rater_id FROM current_label WHERE trace_id = ? AND action <> 'withdraw'");
        q.setString(1, traceId);
        try (ResultSet rs = q.executeQuery()) {
            while (rs.next()) {
                raters.add(rs.getString(1));
            }
        }
        return raters;
    }

    /** The label set of a trace's task ({@code labelSet} null when it has none). */
    public record TraceSet(String labelSet) {}

    /** The label set of a trace's task, or null when the project has no such trace. */
    public TraceSet traceLabelSet(String traceId) throws SQLException {
        traceLabelSet.setString(1, traceId);
        try (ResultSet rs = traceLabelSet.executeQuery()) {
            return rs.next() ? new TraceSet(rs.getString(1)) : null;
        }
    }

    /** Hears one trace of a model: its id, run, its task's label set and key. */
    @FunctionalInterface
    public interface TraceOfModel {
        void accept(String id, String run, String labelSet, String taskKey);
    }

    /** Every trace of a model (in no particular order). */
    public void tracesOfModel(String model, TraceOfModel v) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT t.id, t.run, k.label_set, k.task_key FROM trace t "
                + "JOIN task k ON k.id = t.task_id WHERE t.model = ?")) {
            s.setString(1, model);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    v.accept(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4));
                }
            }
        }
    }

    // ----------------------------------------------------------------------------------------- ledger entries

    /** Queues a label entry for the next {@link #sendLabels} (its evidence bound as the entry has it). */
    public void addLabel(String id, Ledger.Entry e, String replaces, String createdAt) throws SQLException {
        Ledger.bind(insLabel, id, e, replaces, createdAt);
        insLabel.addBatch();
    }

    /** Sends the queued label entries in one batch: per entry, how many rows it added (0: the ledger had it). */
    public int[] sendLabels() throws SQLException {
        return insLabel.executeBatch();
    }

    public boolean labelExists(String labelId) throws SQLException {
        try (PreparedStatement q = c.prepareStatement("SELECT 1 FROM label WHERE id = ?")) {
            q.setString(1, labelId);
            try (ResultSet rs = q.executeQuery()) {
                return rs.next();
            }
        }
    }

    /** Whether the label ({@code adjudication} false) or adjudication entry of that id is in the project. */
    public boolean entryExists(boolean adjudication, String id) throws SQLException {
        PreparedStatement q = adjudication ? adjudicationIdExists : labelIdExists;
        q.setString(1, id);
        try (ResultSet rs = q.executeQuery()) {
            return rs.next();
        }
    }

    /** @return whether the adjudication entry is new */
    public boolean addAdjudication(
            String id,
            String traceId,
            String annotator,
            String action,
            String value,
            String rationale,
            String replaces,
            String createdAt)
            throws SQLException {
        insAdj.setString(1, id);
        insAdj.setString(2, traceId);
        insAdj.setString(3, annotator);
        insAdj.setString(4, action);
        insAdj.setString(5, value);
        insAdj.setString(6, rationale);
        insAdj.setString(7, replaces);
        insAdj.setString(8, createdAt);
        return insAdj.executeUpdate() == 1;
    }

    /** @return whether the comment (or flag) is new */
    public boolean addComment(String id, String traceId, String author, String action, String text, String createdAt)
            throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT OR IGNORE INTO trace_comment(id, trace_id, author, "
                + "action, text, created_at) VALUES (?,?,?,?,?,?)")) {
            s.setString(1, id);
            s.setString(2, traceId);
            s.setString(3, author);
            s.setString(4, action);
            s.setString(5, text);
            s.setString(6, createdAt);
            return s.executeUpdate() == 1;
        }
    }

    /** An answered judge call from another laptop (its run stays there); numbers null when not given. */
    public record AnsweredCall(
            String id,
            String cacheKey,
            String traceId,
            String raterId,
            String provider,
            String model,
            Object httpStatus,
            String response,
            String content,
            Object tokensIn,
            Object tokensOut,
            Object latencyMs,
            int attempts,
            String labelId,
            String createdAt) {}

    /** @return whether the call is new to the response cache */
    public boolean addAnsweredCall(AnsweredCall r) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(
                "INSERT OR IGNORE INTO judge_call(id, cache_key, run_id, trace_id, "
                        + "rater_id, provider, model, status, http_status, response, content, tokens_in, tokens_out, latency_ms, "
                        + "attempts, error, label_id, created_at) VALUES (?,?,NULL,?,?,?,?,'ok',?,?,?,?,?,?,?,NULL,?,?)")) {
            s.setString(1, r.id());
            s.setString(2, r.cacheKey());
            s.setString(3, r.traceId());
            s.setString(4, r.raterId());
            s.setString(5, r.provider());
            s.setString(6, r.model());
            s.setObject(7, r.httpStatus());
            s.setString(8, r.response());
            s.setString(9, r.content());
            s.setObject(10, r.tokensIn());
            s.setObject(11, r.tokensOut());
            s.setObject(12, r.latencyMs());
            s.setInt(13, r.attempts());
            s.setString(14, r.labelId());
            s.setString(15, r.createdAt());
            return s.executeUpdate() == 1;
        }
    }
}
