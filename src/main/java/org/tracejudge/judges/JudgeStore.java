package org.tracejudge.judges;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.tracejudge.json.Json;
import org.tracejudge.json.TurnCodec;
import org.tracejudge.judges.prompt.Rubric;
import org.tracejudge.model.Ids;
import org.tracejudge.model.RaterKind;
import org.tracejudge.model.Trace;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;
import org.tracejudge.store.Timestamps;

/**
 * Where judges live in a project: their configuration in {@code project_meta} under
 * {@code judge:<name>} (with the current version), their runs in {@code judge_run}, and every answered
 * provider call in {@code judge_call} (the cache).
 */
public final class JudgeStore {
    public static final String META_PREFIX = "judge:";

    private JudgeStore() {}

    /** The judge saved under {@code name}, or null. */
    public static JudgeConfig load(Project p, String name) {
        String json = p.meta(META_PREFIX + name);
        return json == null ? null : JudgeConfig.fromJson(Json.read(json));
    }

    /** Names of the judges saved in the project. */
    public static List<String> names(Project p) {
        return p.read(c -> {
            List<String> out = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement(
                    "SELECT substr(key, ?) FROM project_meta WHERE key LIKE 'judge:%' ORDER BY key")) {
                s.setInt(1, META_PREFIX.length() + 1);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        out.add(rs.getString(1));
                    }
                }
            }
            return out;
        });
    }

    /**
     * Saves the configuration as the judge's current one and makes sure its rater (name, version) exists.
     *
     * @return the rater id
     */
    static String saveAndEnsureRater(Connection c, JudgeConfig cfg, Rubric rubric, String version) throws SQLException {
        return saveAndEnsureRater(c, cfg, rubric, version, null);
    }

    /**
     * As above; a judge of the project's own scheme ({@code scheme} not null) is described by the scheme it asks and
     * the hash of what it asks, not by a rubric it is not sent.
     */
    static String saveAndEnsureRater(Connection c, JudgeConfig cfg, Rubric rubric, String version, SchemeJudging scheme)
            throws SQLException {
        ObjectNode saved = cfg.toJson();
        saved.put("version", version);
        saved.put("rater_id", Ids.of("rater", cfg.name(), version));
        try (PreparedStatement s = c.prepareStatement("INSERT INTO project_meta(key, value) VALUES (?, ?) "
                + "ON CONFLICT(key) DO UPDATE SET value = excluded.value")) {
            s.setString(1, META_PREFIX + cfg.name());
            s.setString(2, saved.toString());
            s.executeUpdate();
        }
        ObjectNode raterConfig = Json.object();
        raterConfig.put("provider", cfg.provider().code());
        raterConfig.put("model", cfg.model());
        raterConfig.set("params", cfg.settings().params());
        raterConfig.put("prompt_format", org.tracejudge.judges.prompt.PromptRenderer.FORMAT);
        String description;
        if (scheme == null) {
            raterConfig.put("rubric", cfg.rubric());
            raterConfig.put("rubric_hash", rubric.textHash());
            raterConfig.set("rubric_sources", Json.MAPPER.valueToTree(rubric.sources()));
            raterConfig.put("system_prompt", rubric.systemPrompt());
            description = cfg.rubric() + " judge, " + cfg.model() + " via "
                    + cfg.provider().code();
        } else {
            raterConfig.put("scheme", scheme.scheme().name());
            raterConfig.put("scheme_asked_hash", scheme.askedHash());
            description = "judge of the scheme '" + scheme.scheme().name() + "', " + cfg.model() + " via "
                    + cfg.provider().code();
        }
        return Ledger.ensureRater(c, cfg.name(), RaterKind.LLM_JUDGE, version, raterConfig, description);
    }

    /** A trace the judge has not yet given a verdict, with its newest ledger action (null, or "null"/"withdraw"). */
    record Pending(String traceId, String taskId, String currentAction, Trace trace) {}

    /** The task types a judge with this rubric grades: tool selection for the safety rubrics, else ToolFailBench's. */
    static String taskTypes(String rubric) {
        return rubric != null && rubric.startsWith("safety-")
                ? "('tool_selection')"
                : "('tool_required', 'control', 'call_level')";
    }

    static List<Pending> pending(Project p, String raterId, List<String> models, int limit, boolean retryNulls) {
        return pending(p, raterId, models, limit, retryNulls, null);
    }

    static List<Pending> pending(
            Project p, String raterId, List<String> models, int limit, boolean retryNulls, String rubric) {
        return pending(p, raterId, models, limit, retryNulls, rubric, null);
    }

    /** As above, only over {@code only} (null = every trace). */
    static List<Pending> pending(
            Project p,
            String raterId,
            List<String> models,
            int limit,
            boolean retryNulls,
            String rubric,
            java.util.Set<String> only) {
        return pending(p, raterId, models, limit, retryNulls, taskTypes(rubric), null, only, true);
    }

    /**
     * The traces a judge of the project's own scheme has not answered under the current scheme version (a new version
     * asks every trace again; the same one none), of the task types the scheme has questions for; those whose current
     * answers hold a null verdict with {@code retryNulls}.
     */
    static List<Pending> pending(
            Project p,
            String raterId,
            SchemeJudging scheme,
            List<String> models,
            int limit,
            boolean retryNulls,
            java.util.Set<String> only) {
        return pending(p, raterId, scheme, models, limit, retryNulls, only, true);
    }

    private static List<Pending> pending(
            Project p,
            String raterId,
            SchemeJudging scheme,
            List<String> models,
            int limit,
            boolean retryNulls,
            java.util.Set<String> only,
            boolean decode) {
        java.util.Map<String, String> judged =
                p.read(c -> org.tracejudge.store.Answers.judged(c, raterId, scheme.version()));
        return pending(p, raterId, models, limit, retryNulls, scheme.taskTypesSql(), judged, only, decode);
    }

    /** How many traces a judge of the project's own scheme has not answered under the current version. */
    static int remaining(Project p, String raterId, SchemeJudging scheme, List<String> models) {
        return pending(p, raterId, scheme, models, 0, false, null, false).size();
    }

    /**
     * @param judged null: the judge's current label in the label ledger decides; else the scheme's answers: trace id →
     *     "set" or "null" under the current version (absent: not answered)
     * @param decode false: only count (each Pending without its trace)
     */
    private static List<Pending> pending(
            Project p,
            String raterId,
            List<String> models,
            int limit,
            boolean retryNulls,
            String taskTypes,
            java.util.Map<String, String> judged,
            java.util.Set<String> only,
            boolean decode) {
        return p.read(c -> {
            StringBuilder sql =
                    new StringBuilder("SELECT id, task_id, cur, model, run, answer, tool_calls, turns, extra "
                            + "FROM (SELECT t.id, t.task_id, t.model, k.task_key, t.run, t.answer, t.tool_calls, t.turns, t.extra, "
                            + (judged == null
                                    ? "(SELECT l.action FROM label l WHERE l.trace_id = t.id AND l.rater_id = ? "
                                            + "ORDER BY l.created_at DESC, l.id DESC LIMIT 1) AS cur "
                                    : "NULL AS cur ")
                            + "FROM trace t JOIN task k ON k.id = t.task_id WHERE k.task_type IN " + taskTypes);
            if (models != null && !models.isEmpty()) {
                sql.append(" AND t.model IN (")
                        .append("?,".repeat(models.size() - 1))
                        .append("?)");
            }
            // null verdicts come too: with --retry-nulls all of them, else those a fatal or transient failure left
            sql.append(") WHERE cur IS NULL OR cur = 'withdraw' OR cur = 'null'")
                    .append(" ORDER BY model, task_key, run, id");
            List<Pending> out = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement(sql.toString())) {
                int i = 1;
                if (judged == null) {
                    s.setString(i++, raterId);
                }
                if (models != null) {
                    for (String m : models) {
                        s.setString(i++, m);
                    }
                }
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next() && (limit <= 0 || out.size() < limit)) {
                        if (only != null && !only.contains(rs.getString(1))) {
                            continue;
                        }
                        String cur = judged == null ? rs.getString(3) : judged.get(rs.getString(1));
                        if ("set".equals(cur)) {
                            continue; // answered under this scheme version
                        }
                        if ("null".equals(cur)
                                && !retryNulls
                                && (judged != null || !retriableNull(c, rs.getString(1), raterId))) {
                            continue;
                        }
                        if (!decode) {
                            out.add(new Pending(rs.getString(1), rs.getString(2), cur, null));
                            continue;
                        }
                        String turns = rs.getString(8);
                        String extra = rs.getString(9);
                        Trace trace = new Trace(
                                rs.getString(1),
                                rs.getString(2),
                                rs.getString(4),
                                rs.getString(5),
                                turns == null ? List.of() : TurnCodec.fromJson(Json.read(turns)),
                                TurnCodec.callsFromJson(Json.read(rs.getString(7))),
                                rs.getString(6),
                                extra == null ? null : Json.read(extra));
                        out.add(new Pending(rs.getString(1), rs.getString(2), cur, trace));
                    }
                }
            }
            return out;
        });
    }

    /**
     * Whether the current null verdict of (trace, rater) came from a fatal or transient failure (model not
     * found, wrong path, key refused, a cut body, OpenRouter's 200 with a rate-limit error, ...) rather than from
     * the trace itself: such a trace was never really judged, and the next run asks again without
     * {@code --retry-nulls}. Null verdicts written before failures were classified are classified again from
     * the stored call (status, body, error).
     */
    static boolean retriableNull(Connection c, String traceId, String raterId) throws SQLException {
        try (PreparedStatement s =
                c.prepareStatement("SELECT j.http_status, j.response, j.error, j.status, l.null_reason "
                        + "FROM label l LEFT JOIN judge_call j ON j.label_id = l.id WHERE l.trace_id = ? AND l.rater_id = ? "
                        + "ORDER BY l.created_at DESC, l.id DESC LIMIT 1")) {
            s.setString(1, traceId);
            s.setString(2, raterId);
            try (ResultSet rs = s.executeQuery()) {
                if (!rs.next()) {
                    return false;
                }
                int http = rs.getInt(1);
                org.tracejudge.judges.provider.Failure f = org.tracejudge.judges.provider.ErrorClassifier.ofStoredCall(
                        rs.wasNull() ? 0 : http, rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5));
                return f != null && f.cls() != org.tracejudge.judges.provider.Failure.Severity.PER_TRACE;
            }
        }
    }

    /** How many traces still have no verdict from the rater (null verdicts count as verdicts). */
    static int remaining(Project p, String raterId, List<String> models) {
        return remaining(p, raterId, models, null);
    }

    static int remaining(Project p, String raterId, List<String> models, String rubric) {
        return p.read(c -> {
            StringBuilder sql = new StringBuilder("SELECT count(*) FROM trace t JOIN task k ON k.id = t.task_id "
                    + "WHERE k.task_type IN " + taskTypes(rubric) + " AND coalesce((SELECT l.action FROM label l "
                    + "WHERE l.trace_id = t.id AND l.rater_id = ? ORDER BY l.created_at DESC, l.id DESC LIMIT 1), "
                    + "'withdraw') = 'withdraw'");
            if (models != null && !models.isEmpty()) {
                sql.append(" AND t.model IN (")
                        .append("?,".repeat(models.size() - 1))
                        .append("?)");
            }
            try (PreparedStatement s = c.prepareStatement(sql.toString())) {
                int i = 1;
                s.setString(i++, raterId);
                if (models != null) {
                    for (String m : models) {
                        s.setString(i++, m);
                    }
                }
                try (ResultSet rs = s.executeQuery()) {
                    rs.next();
                    return rs.getInt(1);
                }
            }
        });
    }

    /** The newest answered response stored under {@code key}: [call id, body]; null when none. */
    static String[] cached(Project p, String key) {
        return p.read(c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT id, response FROM judge_call WHERE cache_key = ? "
                    + "AND status = 'ok' ORDER BY created_at DESC LIMIT 1")) {
                s.setString(1, key);
                try (ResultSet rs = s.executeQuery()) {
                    return rs.next() ? new String[] {rs.getString(1), rs.getString(2)} : null;
                }
            }
        });
    }

    static void startRun(Connection c, String runId, String judge, String raterId, int planned) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT INTO judge_run(id, judge, rater_id, started_at, status, "
                + "planned) VALUES (?,?,?,?, 'running', ?)")) {
            s.setString(1, runId);
            s.setString(2, judge);
            s.setString(3, raterId);
            s.setString(4, Timestamps.now());
            s.setInt(5, planned);
            s.executeUpdate();
        }
    }

    /**
     * Removes a judge's rater when it has no ledger entry at all (its runs failed or were cancelled before their
     * first verdict), with its runs and failed calls, which refer to it; a rater with any label or any answered call
     * (the response cache) is kept. The judge's saved configuration stays. Returns whether it was removed.
     */
    static boolean dropIfEmpty(Connection c, String raterId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(
                "SELECT EXISTS (SELECT 1 FROM label WHERE rater_id = ?) "
                        + "OR EXISTS (SELECT 1 FROM answer WHERE rater_id = ?) OR EXISTS (SELECT 1 FROM judge_call WHERE rater_id = ? AND (status = 'ok' OR label_id IS NOT NULL))")) {
            s.setString(1, raterId);
            s.setString(2, raterId);
            s.setString(3, raterId);
            try (java.sql.ResultSet rs = s.executeQuery()) {
                if (rs.next() && rs.getBoolean(1)) {
                    return false;
                }
            }
        }
        for (String sql : List.of(
                "DELETE FROM judge_call WHERE rater_id = ?",
                "DELETE FROM judge_call WHERE run_id IN (SELECT id FROM judge_run WHERE rater_id = ?)",
                "DELETE FROM judge_run WHERE rater_id = ?",
                "DELETE FROM rater WHERE id = ?")) {
            try (PreparedStatement s = c.prepareStatement(sql)) {
                s.setString(1, raterId);
                s.executeUpdate();
            }
        }
        return true;
    }

    static void updateRun(Connection c, String runId, RunCounters k, String status, String message)
            throws SQLException {
        try (PreparedStatement s = c.prepareStatement("UPDATE judge_run SET labelled = ?, cached = ?, nulls = ?, "
                + "failed = ?, requests = ?, tokens_in = ?, tokens_out = ?, status = ?, message = ?, "
                + "finished_at = CASE WHEN ? = 'running' THEN NULL ELSE ? END WHERE id = ?")) {
            s.setInt(1, k.labelled);
            s.setInt(2, k.cached);
            s.setInt(3, k.nulls);
            s.setInt(4, k.failed);
            s.setLong(5, k.requests.get());
            s.setLong(6, k.tokensIn);
            s.setLong(7, k.tokensOut);
            s.setString(8, status);
            s.setString(9, message);
            s.setString(10, status);
            s.setString(11, Timestamps.now());
            s.setString(12, runId);
            s.executeUpdate();
        }
    }

    /** The newest ledger action of (trace, rater), or null. */
    static String currentAction(Connection c, String traceId, String raterId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT action FROM label WHERE trace_id = ? AND rater_id = ? "
                + "ORDER BY created_at DESC, id DESC LIMIT 1")) {
            s.setString(1, traceId);
            s.setString(2, raterId);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    static final String INSERT_CALL = "INSERT INTO judge_call(id, cache_key, run_id, trace_id, rater_id, provider, "
            + "model, status, http_status, response, content, tokens_in, tokens_out, latency_ms, attempts, error, "
            + "label_id, created_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)";

    /** Totals of the judge's calls (all runs). */
    public record Usage(long calls, long tokensIn, long tokensOut, long latencyMillis) {}

    public static Usage usage(Project p, String judge) {
        return p.read(c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT count(*), coalesce(sum(tokens_in), 0), "
                    + "coalesce(sum(tokens_out), 0), coalesce(sum(latency_ms), 0) FROM judge_call j "
                    + "JOIN rater r ON r.id = j.rater_id WHERE r.name = ?")) {
                s.setString(1, judge);
                try (ResultSet rs = s.executeQuery()) {
                    rs.next();
                    return new Usage(rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4));
                }
            }
        });
    }

    static JsonNode node(String json) {
        return json == null ? null : Json.read(json);
    }
}
