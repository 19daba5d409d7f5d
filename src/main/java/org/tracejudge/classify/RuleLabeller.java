package org.tracejudge.classify;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.tracejudge.json.Json;
import org.tracejudge.json.TaskJson;
import org.tracejudge.json.TurnCodec;
import org.tracejudge.model.Ids;
import org.tracejudge.model.LabelSets;
import org.tracejudge.model.RaterKind;
import org.tracejudge.model.Task;
import org.tracejudge.model.TaskType;
import org.tracejudge.model.Trace;
import org.tracejudge.rules.EvidenceJson;
import org.tracejudge.rules.RuleClassifier;
import org.tracejudge.rules.RuleVerdict;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;
import org.tracejudge.store.Timestamps;

/**
 * Runs the rule classifier over every tool-required and control trace of a project and stores the verdicts in
 * the label ledger as rater {@code rule} (compat) or {@code rule-tolerant} (tolerant), kind {@code rule}. Each
 * label's {@code evidence} column holds the {@link org.tracejudge.rules.Evidence} as JSON with the deciding
 * {@code check} as its first field; the check is also the label's rationale.
 *
 * <p>One transaction: tasks and the rater's current labels are read, traces are streamed with one query and
 * classified in parallel batches, and only verdicts that are new or differ from the current entry (label,
 * evidence, or null reason) are appended, so re-running on unchanged traces appends nothing. Runs that failed
 * at the provider (the trace carries an {@code error}) are not classified: they get a null verdict, as the
 * published harness gives them {@code other_error} rather than a label.
 */
public final class RuleLabeller {
    public static final String COMPAT_RATER = "rule";
    public static final String TOLERANT_RATER = "rule-tolerant";
    static final String CREATED_BY = "classify";
    static final String RUN_ERROR_REASON = "the run failed at the provider (the trace records an error); the rule does not classify it";
    private static final int BATCH = 256;
    /** {@code -Dtracejudge.timing=true} prints where the time goes (for benchmarks). */
    static final boolean TIMING = Boolean.getBoolean("tracejudge.timing");

    private RuleLabeller() {}

    /** The rater name that stores a mode's labels. */
    public static String raterName(RuleClassifier.Mode mode) {
        return mode == RuleClassifier.Mode.COMPAT ? COMPAT_RATER : TOLERANT_RATER;
    }

    /**
     * What one run did.
     *
     * @param counts    per task type ({@code tool_required}, {@code control}), label -> traces, in label-set order
     * @param runErrors traces not classified because their run failed
     * @param written   ledger entries appended (new or changed verdicts)
     * @param unchanged traces whose current entry already said the same
     */
    public record Result(String rater, RuleClassifier.Mode mode, int traces, Map<String, Map<String, Integer>> counts,
                         int runErrors, int written, int unchanged) {}

    /** A current ledger entry. Verdicts are compared by id: ids are name-based over (trace, rater, replaces, verdict). */
    private record Existing(String id, String action, String replaces, String createdAt) {
        boolean newerThan(Existing o) {
            int c = createdAt.compareTo(o.createdAt);
            return c > 0 || (c == 0 && id.compareTo(o.id) > 0);
        }
    }

    private record Row(String traceId, String taskId, String model, String answer, String calls, String error) {}

    /** One classified trace, ready to compare and write. */
    private record Out(String id, String traceId, TaskType type, String label, String check, String evidenceJson,
                       String nullReason, boolean unchanged, String replaces) {}

    public static Result classify(Project project, RuleClassifier.Mode mode) {
        return classify(project, mode, Math.max(1, Runtime.getRuntime().availableProcessors()));
    }

    public static Result classify(Project project, RuleClassifier.Mode mode, int threads) {
        RuleClassifier classifier = new RuleClassifier(mode);
        String rater = raterName(mode);
        return project.write(c -> {
            ObjectNode config = Json.object();
            config.put("mode", mode.code());
            config.put("indicators", RuleClassifier.defaultIndicatorNames().size());
            String raterId = Ledger.ensureRater(c, rater, RaterKind.RULE, "", config,
                    mode == RuleClassifier.Mode.COMPAT
                            ? "The published ToolFailBench rule, reproduced with its quirks (compatibility mode)"
                            : "The ToolFailBench rule with tolerant matching (numbers as numbers, whole tokens, think blocks stripped)");
            long t0 = System.nanoTime();
            Map<String, Task> tasks = tasks(c);
            long t1 = System.nanoTime();
            Map<String, Existing> existing = existing(c, raterId);
            long t2 = System.nanoTime();
            List<Out> outs = classifyAll(c, classifier, tasks, existing, threads, raterId);
            long t3 = System.nanoTime();
            Result r = write(c, raterId, rater, mode, outs);
            long t4 = System.nanoTime();
            if (TIMING) {
                System.err.printf("classify timing: tasks %.3f s, existing %.3f s, read+classify %.3f s, write %.3f s%n",
                        (t1 - t0) / 1e9, (t2 - t1) / 1e9, (t3 - t2) / 1e9, (t4 - t3) / 1e9);
            }
            return r;
        });
    }

    private static Map<String, Task> tasks(Connection c) throws Exception {
        Map<String, Task> out = new HashMap<>();
        try (PreparedStatement s = c.prepareStatement("SELECT id, task_key, domain, task_type, target_failure_mode, "
                + "label_set, user_message, body FROM task WHERE task_type IN ('tool_required', 'control')");
             ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                out.put(rs.getString(1), TaskJson.toTask(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
                        rs.getString(5), rs.getString(6), rs.getString(7), null, rs.getString(8)));
            }
        }
        return out;
    }

    /** The newest ledger entry of each trace for the rater (plain scan by rater; faster than the current_label view). */
    private static Map<String, Existing> existing(Connection c, String raterId) throws Exception {
        Map<String, Existing> out = new HashMap<>();
        try (PreparedStatement s = c.prepareStatement(
                "SELECT trace_id, id, action, replaces, created_at FROM label WHERE rater_id = ?")) {
            s.setString(1, raterId);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    Existing e = new Existing(rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5));
                    out.merge(rs.getString(1), e, (a, b) -> a.newerThan(b) ? a : b);
                }
            }
        }
        return out;
    }

    private static List<Out> classifyAll(Connection c, RuleClassifier classifier, Map<String, Task> tasks,
                                         Map<String, Existing> existing, int threads, String raterId) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "classify");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<List<Out>>> futures = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement("SELECT t.id, t.task_id, t.model, t.answer, t.tool_calls, "
                    + "CASE WHEN t.extra IS NOT NULL AND instr(t.extra, '\"error\"') > 0 THEN json_extract(t.extra, '$.error') END "
                    + "FROM trace t JOIN task k ON k.id = t.task_id WHERE k.task_type IN ('tool_required', 'control')");
                 ResultSet rs = s.executeQuery()) {
                List<Row> batch = new ArrayList<>(BATCH);
                while (rs.next()) {
                    batch.add(new Row(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5),
                            rs.getString(6)));
                    if (batch.size() == BATCH) {
                        List<Row> b = batch;
                        futures.add(pool.submit(() -> classifyBatch(classifier, tasks, existing, raterId, b)));
                        batch = new ArrayList<>(BATCH);
                    }
                }
                if (!batch.isEmpty()) {
                    List<Row> b = batch;
                    futures.add(pool.submit(() -> classifyBatch(classifier, tasks, existing, raterId, b)));
                }
            }
            List<Out> outs = new ArrayList<>(futures.size() * BATCH);
            for (Future<List<Out>> f : futures) {
                try {
                    outs.addAll(f.get());
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause();
                    if (cause instanceof RuntimeException re) {
                        throw re;
                    }
                    throw new IllegalStateException(cause);
                }
            }
            return outs;
        } finally {
            pool.shutdownNow();
        }
    }

    private static List<Out> classifyBatch(RuleClassifier classifier, Map<String, Task> tasks, Map<String, Existing> existing,
                                           String raterId, List<Row> rows) throws Exception {
        List<Out> out = new ArrayList<>(rows.size());
        for (Row r : rows) {
            Task task = tasks.get(r.taskId());
            Existing prev = existing.get(r.traceId());
            String replaces = prev == null ? null : prev.id();
            if (r.error() != null) {
                boolean same = prev != null && prev.id().equals(entryId(r.traceId(), raterId, prev.replaces(), "null", RUN_ERROR_REASON));
                out.add(new Out(same ? null : entryId(r.traceId(), raterId, replaces, "null", RUN_ERROR_REASON),
                        r.traceId(), task.type(), null, null, null, RUN_ERROR_REASON, same, replaces));
                continue;
            }
            Trace trace = new Trace(r.traceId(), r.taskId(), r.model(), "", List.of(),
                    TurnCodec.callsFromJson(Json.MAPPER.readTree(r.calls())), r.answer(), null);
            RuleVerdict v;
            try {
                v = classifier.classify(task, trace);
            } catch (RuntimeException e) {
                throw new IllegalStateException("trace " + r.traceId() + " (task " + task.key() + "): " + e.getMessage(), e);
            }
            String ev = storedEvidence(v);
            // the current entry says the same when it is the entry this verdict would have been in its place
            boolean same = prev != null && "set".equals(prev.action())
                    && prev.id().equals(entryId(r.traceId(), raterId, prev.replaces(), v.label(), ev));
            out.add(new Out(same ? null : entryId(r.traceId(), raterId, replaces, v.label(), ev), r.traceId(),
                    task.type(), v.label(), v.check(), ev, null, same, replaces));
        }
        return out;
    }

    /**
     * A ledger entry's id: name-based over (trace, rater, the entry it replaces, verdict, evidence), so the same
     * verdict replacing the same entry gets the same id on every laptop, and an unchanged verdict is recognised by id.
     */
    static String entryId(String traceId, String raterId, String replaces, String value, String evidence) {
        return Ids.of("label", traceId, raterId, replaces, value, evidence);
    }

    /** The evidence column's text: {@code {"check": ..., <the Evidence's fields>}}. */
    public static String storedEvidence(RuleVerdict v) {
        return EvidenceJson.write(v.evidence(), v.check());
    }

    private static Result write(Connection c, String raterId, String rater, RuleClassifier.Mode mode, List<Out> outs)
            throws Exception {
        Map<String, Map<String, Integer>> counts = new LinkedHashMap<>();
        for (TaskType t : List.of(TaskType.TOOL_REQUIRED, TaskType.CONTROL)) {
            Map<String, Integer> m = new LinkedHashMap<>();
            LabelSets.forType(t).labels().forEach(l -> m.put(l, 0));
            counts.put(t.code(), m);
        }
        int errors = 0;
        int written = 0;
        int unchanged = 0;
        try (PreparedStatement s = c.prepareStatement(Ledger.INSERT_LABEL)) {
            int pending = 0;
            for (Out o : outs) {
                if (o.label() == null) {
                    errors++;
                } else {
                    counts.get(o.type().code()).merge(o.label(), 1, Integer::sum);
                }
                if (o.unchanged()) {
                    unchanged++;
                    continue;
                }
                Ledger.Entry e = o.label() == null
                        ? Ledger.Entry.nullVerdict(o.traceId(), raterId, o.nullReason(), null, CREATED_BY)
                        : new Ledger.Entry(o.traceId(), raterId, "set", o.label(), null, null, o.check(), null, null, null,
                                CREATED_BY);
                Ledger.bind(s, o.id(), e, o.evidenceJson(), o.replaces(), Timestamps.now());
                s.addBatch();
                written++;
                if (++pending == 512) {
                    s.executeBatch();
                    pending = 0;
                }
            }
            if (pending > 0) {
                s.executeBatch();
            }
        }
        return new Result(rater, mode, outs.size(), counts, errors, written, unchanged);
    }
}
