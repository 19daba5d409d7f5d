package org.tracejudge.judges;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.tracejudge.json.Json;
import org.tracejudge.json.TurnCodec;
import org.tracejudge.judges.prompt.Rubric;
import org.tracejudge.model.Ids;
import org.tracejudge.model.RaterKind;
import org.tracejudge.model.Trace;
import org.tracejudge.store.JudgeCalls;
import org.tracejudge.store.JudgeQueue;
import org.tracejudge.store.JudgeRuns;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectMeta;

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
        return p.read(c -> ProjectMeta.keysAfter(c, META_PREFIX));
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
        ProjectMeta.put(c, META_PREFIX + cfg.name(), saved.toString());
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
            List<Pending> out = new ArrayList<>();
            JudgeQueue.pending(c, raterId, taskTypes, models, judged == null, r -> {
                if (only != null && !only.contains(r.traceId())) {
                    return true;
                }
                String cur = judged == null ? r.current() : judged.get(r.traceId());
                if ("set".equals(cur)) {
                    return true; // answered under this scheme version
                }
                // null verdicts come too: with --retry-nulls all of them, else those a fatal or transient failure left
                if ("null".equals(cur) && !retryNulls && (judged != null || !retriableNull(c, r.traceId(), raterId))) {
                    return true;
                }
                if (!decode) {
                    out.add(new Pending(r.traceId(), r.taskId(), cur, null));
                } else {
                    Trace trace = new Trace(
                            r.traceId(),
                            r.taskId(),
                            r.model(),
                            r.run(),
                            r.turns() == null ? List.of() : TurnCodec.fromJson(Json.read(r.turns())),
                            TurnCodec.callsFromJson(Json.read(r.toolCalls())),
                            r.answer(),
                            r.extra() == null ? null : Json.read(r.extra()));
                    out.add(new Pending(r.traceId(), r.taskId(), cur, trace));
                }
                return limit <= 0 || out.size() < limit;
            });
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
        JudgeCalls.Outcome o = JudgeCalls.ofCurrentLabel(c, traceId, raterId);
        if (o == null) {
            return false;
        }
        org.tracejudge.judges.provider.Failure f = org.tracejudge.judges.provider.ErrorClassifier.ofStoredCall(
                o.httpStatus(), o.response(), o.error(), o.status(), o.nullReason());
        return f != null && f.cls() != org.tracejudge.judges.provider.Failure.Severity.PER_TRACE;
    }

    /** How many traces still have no verdict from the rater (null verdicts count as verdicts). */
    static int remaining(Project p, String raterId, List<String> models) {
        return remaining(p, raterId, models, null);
    }

    static int remaining(Project p, String raterId, List<String> models, String rubric) {
        return p.read(c -> JudgeQueue.remaining(c, raterId, taskTypes(rubric), models));
    }

    /** The newest answered response stored under {@code key}: [call id, body]; null when none. */
    static String[] cached(Project p, String key) {
        JudgeCalls.Cached hit = p.read(c -> JudgeCalls.cached(c, key));
        return hit == null ? null : new String[] {hit.id(), hit.response()};
    }

    static void startRun(Connection c, String runId, String judge, String raterId, int planned) throws SQLException {
        JudgeRuns.start(c, runId, judge, raterId, planned);
    }

    /**
     * Removes a judge's rater when it has no ledger entry at all (its runs failed or were cancelled before their
     * first verdict), with its runs and failed calls, which refer to it; a rater with any label or any answered call
     * (the response cache) is kept. The judge's saved configuration stays. Returns whether it was removed.
     */
    static boolean dropIfEmpty(Connection c, String raterId) throws SQLException {
        return JudgeRuns.dropRaterIfEmpty(c, raterId);
    }

    static void updateRun(Connection c, String runId, RunCounters k, String status, String message)
            throws SQLException {
        JudgeRuns.update(
                c,
                runId,
                new JudgeRuns.Counts(
                        k.labelled, k.cached, k.nulls, k.failed, k.requests.get(), k.tokensIn, k.tokensOut),
                status,
                message);
    }

    /** The newest ledger action of (trace, rater), or null. */
    static String currentAction(Connection c, String traceId, String raterId) throws SQLException {
        return Ledger.currentAction(c, traceId, raterId);
    }

    /** Totals of the judge's calls (all runs). */
    public record Usage(long calls, long tokensIn, long tokensOut, long latencyMillis) {}

    public static Usage usage(Project p, String judge) {
        JudgeCalls.Usage u = p.read(c -> JudgeCalls.usage(c, judge));
        return new Usage(u.calls(), u.tokensIn(), u.tokensOut(), u.latencyMillis());
    }

    static JsonNode node(String json) {
        return json == null ? null : Json.read(json);
    }
}
