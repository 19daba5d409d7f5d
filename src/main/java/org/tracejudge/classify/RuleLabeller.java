package org.tracejudge.classify;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.LongAdder;
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
import org.tracejudge.store.CurrentLabels;
import org.tracejudge.store.LabelBatch;
import org.tracejudge.store.LabelSummaryPause;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectException;
import org.tracejudge.store.RuleRows;
import org.tracejudge.store.Timestamps;

/**
 * Runs the rule classifier over every tool-required and control trace of a project and stores the verdicts in
 * the label ledger as rater {@code rule} (compat) or {@code rule-tolerant} (tolerant), kind {@code rule}. Each
 * label's {@code evidence} column holds the {@link org.tracejudge.rules.Evidence} as JSON with the deciding
 * {@code check} as its first field; the check is also the label's rationale.
 *
 * <p>Tasks and the rater's current labels are read, traces are read beside the writer a page at a time and
 * classified in parallel batches, and only verdicts that are new or differ from the current entry (label,
 * evidence, or null reason) are appended, so re-running on unchanged traces appends nothing. The workbench commits
 * a run in one transaction (a cancel changes nothing); the command line commits as it goes ({@link Commit}), so a
 * run stopped half-way keeps that half and the next run appends only the rest. Runs that failed
 * at the provider (the trace carries an {@code error}) are not classified: they get a null verdict, as the
 * published harness gives them {@code other_error} rather than a label.
 */
public final class RuleLabeller {
    public static final String COMPAT_RATER = "rule";
    public static final String TOLERANT_RATER = "rule-tolerant";
    /** The imported rater that holds the benchmark harness's own {@code classification}. */
    public static final String HARNESS_RATER = "harness";

    static final String CREATED_BY = "classify";
    static final String RUN_ERROR_REASON =
            "the run recorded an error instead of finishing (e.g. a provider timeout); the rule does not classify it";
    private static final int BATCH = 256;
    /** {@code -Dtracejudge.timing=true} prints where the time goes (for benchmarks). */
    static final boolean TIMING = Boolean.getBoolean("tracejudge.timing");

    /** Traces read per page: a short statement, so that the reader's snapshot never holds the WAL for long. */
    private static final int PAGE = 4 * BATCH;
    /**
     * With {@link Commit#AS_IT_GOES}, entries appended between commits, the WAL is checkpointed as the run goes and
     * stays under 1 GB. In one transaction at a million traces it grew past 1.5 GB, every page looked up in it cost
     * more as it grew, and its checkpoint came all at the end. Each commit also writes every page of the id index
     * again (the ids are random), so commits cannot be frequent: tolerant classify of 1M traces took 47 s with
     * 250,000, 49 s with 500,000, 51-55 s with 100,000 and 51-57 s in one transaction (bench/scale.sh's project, quiet).
     */
    static final int COMMIT_EVERY = 250_000;
    /**
     * Batches classified ahead of the writer (16,384 traces, some 25 MB): while a commit writes the WAL out (about a
     * second at a million traces), the workers go on. With 8 they waited for it; 256 was no faster.
     */
    private static final int IN_FLIGHT = 64;

    /** What a command-line run stopped after a commit says: what was kept is kept, and the rest is one run away. */
    static final String TO_FINISH = "classify again appends only the rest";

    /** When a run's entries are committed. */
    public enum Commit {
        /** In one transaction at the end: a run that fails or is cancelled changes nothing (the workbench). */
        AT_THE_END,
        /**
         * Every {@link #COMMIT_EVERY} entries: a run that fails keeps what it committed, says how much that was, and a
         * new run appends only what is still missing (the command line, as {@code judge} does).
         */
        AS_IT_GOES
    }

    private static final LongAdder[] PHASES = {new LongAdder(), new LongAdder(), new LongAdder(), new LongAdder()};

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
     * @param noExpectedCall traces not classified because their tool-required task names no expected call (null verdicts)
     * @param written   ledger entries appended (new or changed verdicts)
     * @param unchanged traces whose current entry already said the same
     */
    public record Result(
            String rater,
            RuleClassifier.Mode mode,
            int traces,
            Map<String, Map<String, Integer>> counts,
            int runErrors,
            int written,
            int unchanged,
            HarnessComparison harness,
            int noExpectedCall) {
        public Result(
                String rater,
                RuleClassifier.Mode mode,
                int traces,
                Map<String, Map<String, Integer>> counts,
                int runErrors,
                int written,
                int unchanged,
                HarnessComparison harness) {
            this(rater, mode, traces, counts, runErrors, written, unchanged, harness, 0);
        }
    }

    /**
     * The rule's labels beside the harness's own {@code classification} (imported rater {@code harness}), over the
     * traces that have a label from both.
     *
     * @param compared   traces with a label from the rule and from the harness
     * @param equal      of those, traces where the two labels are the same
     * @param mismatches the others, in the order the traces were read (rowid order)
     */
    public record HarnessComparison(int compared, int equal, List<Mismatch> mismatches) {
        public boolean all() {
            return equal == compared;
        }
    }

    /** A trace whose rule label differs from the harness's, with the check that decided the rule's label. */
    public record Mismatch(String traceId, String taskKey, String model, String harness, String rule, String check) {}

    /** A current ledger entry. Verdicts are compared by id: ids are name-based over (trace, rater, replaces, verdict). */
    private record Existing(String id, String action, String replaces, String createdAt, String value) {
        boolean newerThan(Existing o) {
            int c = createdAt.compareTo(o.createdAt);
            return c > 0 || (c == 0 && id.compareTo(o.id) > 0);
        }
    }

    /** One classified trace, ready to compare and write. */
    private record Out(
            String id,
            String traceId,
            String taskKey,
            String model,
            TaskType type,
            String label,
            String check,
            String evidenceJson,
            String nullReason,
            boolean unchanged,
            String replaces) {}

    /**
     * How a run goes: the rule's mode, worker threads, when it commits ({@code commitEvery} entries, or 0: once at the
     * end), and whom it tells (batches written, of) as it goes.
     */
    public record Options(
            RuleClassifier.Mode mode,
            int threads,
            int commitEvery,
            java.util.function.BiConsumer<Integer, Integer> progress) {
        /** {@code mode} on every processor, in one transaction at the end, telling no one. */
        public static Options of(RuleClassifier.Mode mode) {
            return new Options(mode, Math.max(1, Runtime.getRuntime().availableProcessors()), 0, null);
        }

        public Options withThreads(int n) {
            return new Options(mode, n, commitEvery, progress);
        }

        /** Commits as {@code commit} says ({@link Commit#AS_IT_GOES}: every {@link #COMMIT_EVERY} entries). */
        public Options committing(Commit commit) {
            return new Options(mode, threads, commit == Commit.AS_IT_GOES ? COMMIT_EVERY : 0, progress);
        }

        /** Commits after every {@code entries} entries appended (0: only at the end). */
        Options committingEvery(int entries) {
            return new Options(mode, threads, entries, progress);
        }

        public Options withProgress(java.util.function.BiConsumer<Integer, Integer> p) {
            return new Options(mode, threads, commitEvery, p);
        }
    }

    /** {@link Options#of}: the whole project in {@code mode}, in one transaction. */
    public static Result classify(Project project, RuleClassifier.Mode mode) {
        return classify(project, Options.of(mode));
    }

    public static Result classify(Project project, Options o) {
        RuleClassifier classifier = new RuleClassifier(o.mode());
        String rater = raterName(o.mode());
        return project.write(
                c -> classify(project, c, classifier, rater, o.mode(), o.threads(), o.commitEvery(), o.progress()),
                Project.BULK_CACHE_MEBIBYTES);
    }

    private static Result classify(
            Project project,
            Connection c,
            RuleClassifier classifier,
            String rater,
            RuleClassifier.Mode mode,
            int threads,
            int commitEvery,
            java.util.function.BiConsumer<Integer, Integer> progress)
            throws Exception {
        ObjectNode config = Json.object();
        config.put("mode", mode.code());
        config.put("indicators", RuleClassifier.indicatorNames(mode).size());
        String raterId = Ledger.ensureRater(
                c,
                rater,
                RaterKind.RULE,
                "",
                config,
                mode == RuleClassifier.Mode.COMPAT
                        ? "The published ToolFailBench rule, reproduced with its quirks (compatibility mode)"
                        : "The ToolFailBench rule with tolerant matching (numbers as numbers, whole tokens, think blocks stripped)");
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "classify");
            t.setDaemon(true);
            return t;
        });
        try {
            long t0 = System.nanoTime();
            Map<String, Task> tasks = tasks(c, pool);
            long t1 = System.nanoTime();
            Map<String, String> harness = new HashMap<>();
            Map<String, Existing> existing = existing(c, raterId, harness);
            // the comparison with the harness is made when it has entries, even null verdicts only
            boolean harnessRated = !harness.isEmpty() || RuleRows.hasEntries(c, Ids.of("rater", HARNESS_RATER, ""));
            long t2 = System.nanoTime();
            long t3 = System.nanoTime();
            Result r;
            // schema 16's per-entry summary trigger off while the labels go in, the summary caught up before each
            // commit (LabelSummaryPause)
            LabelSummaryPause summary = LabelSummaryPause.pause(c);
            try (Pipeline batches = new Pipeline(project, c, pool, classifier, tasks, existing, raterId)) {
                r = write(c, raterId, rater, mode, batches, harness, harnessRated, progress, commitEvery, kept -> {
                    try {
                        summary.resume();
                        project.commitSoFar(kept, TO_FINISH);
                        summary.pauseAgain();
                    } catch (SQLException e) {
                        throw new ProjectException(e.getMessage(), e);
                    }
                });
            }
            summary.resume();
            long t4 = System.nanoTime();
            if (TIMING) {
                System.err.printf(
                        "classify timing: tasks %.3f s, existing %.3f s, read traces %.3f s, classify+write %.3f s; "
                                + "summed over workers: calls json %.3f s, classify %.3f s, evidence json %.3f s, id %.3f s%n",
                        (t1 - t0) / 1e9,
                        (t2 - t1) / 1e9,
                        (t3 - t2) / 1e9,
                        (t4 - t3) / 1e9,
                        PHASES[0].sumThenReset() / 1e9,
                        PHASES[1].sumThenReset() / 1e9,
                        PHASES[2].sumThenReset() / 1e9,
                        PHASES[3].sumThenReset() / 1e9);
            }
            return r;
        } finally {
            pool.shutdownNow();
        }
    }

    /** The rule's tasks by id; bodies are parsed on the pool. */
    private static Map<String, Task> tasks(Connection c, ExecutorService pool) throws Exception {
        List<RuleRows.TaskRow> rows = RuleRows.benchmarkTasks(c);
        List<Future<List<Task>>> parts = new ArrayList<>();
        int chunk = Math.max(1, rows.size() / 8 + 1);
        for (int from = 0; from < rows.size(); from += chunk) {
            List<RuleRows.TaskRow> part = rows.subList(from, Math.min(rows.size(), from + chunk));
            parts.add(pool.submit(() -> {
                List<Task> ts = new ArrayList<>(part.size());
                for (RuleRows.TaskRow r : part) {
                    ts.add(TaskJson.toTask(
                            r.id(),
                            r.key(),
                            r.domain(),
                            r.type(),
                            r.targetFailureMode(),
                            r.labelSet(),
                            r.userMessage(),
                            null,
                            r.body()));
                }
                return ts;
            }));
        }
        Map<String, Task> out = new HashMap<>(rows.size() * 2);
        for (Future<List<Task>> f : parts) {
            for (Task t : get(f)) {
                out.put(t.id(), t);
            }
        }
        return out;
    }

    private static <T> T get(Future<T> f) throws InterruptedException {
        try {
            return f.get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(cause);
        }
    }

    /**
     * The newest ledger entry of each trace for the rater (one pass over its rows through label_rater_idx), and into
     * {@code harness} the harness's current label of each trace (absent or {@code null} where its current entry is a
     * null verdict), from schema 16's summary of current labels, or in an older file the grouped walk of
     * label_current_idx ({@link CurrentLabels}).
     */
    private static Map<String, Existing> existing(Connection c, String raterId, Map<String, String> harness)
            throws Exception {
        Map<String, Existing> out = new HashMap<>();
        RuleRows.entriesOf(
                c,
                raterId,
                (trace, id, action, replaces, createdAt, value) -> out.merge(
                        trace, new Existing(id, action, replaces, createdAt, value), (x, y) -> x.newerThan(y) ? x : y));
        String harnessId = Ids.of("rater", HARNESS_RATER, "");
        if (CurrentLabels.summarised(c)) {
            // schema 16's summary: one narrow row per trace instead of a walk of every rater's entries (issue 51);
            // it leaves out the traces whose harness entry is a null verdict, which get() gives as null all the same
            CurrentLabels.fromSummary(c, List.of(harnessId), (trace, values, rowids) -> harness.put(trace, values[0]));
        } else {
            CurrentLabels.byTrace(
                    c, List.of(harnessId), false, (trace, values, rowids) -> harness.put(trace, values[0]));
        }
        return out;
    }

    /**
     * The traces, read a page at a time in trace-id order on a connection and thread of their own, and classified in
     * batches on the pool; the writer takes the batches in the order they were read. In trace-id order the new entries
     * go into label_current_idx (trace_id first) one after another instead of all over it: at a million traces the
     * writes into that index's 360 MB, through a 64 MB page cache, were most of the time (bench/scale.sh, issue 32).
     * Reading beside the writer takes a sixth of the writer's time off its thread, and each page is a short statement,
     * so the WAL can be checkpointed between commits ({@link Commit#AS_IT_GOES}). At most {@code inFlight} batches
     * wait, so memory stays flat with the project's size (before, every batch was queued and every result, evidence
     * included, held until the end: 1M traces ran out of a 2 GB heap).
     */
    private static final class Pipeline implements AutoCloseable {
        private static final Object END = new Object();
        private final java.util.concurrent.BlockingQueue<Object> queue;
        private final java.util.concurrent.CompletableFuture<Void> reader;
        private final int total;
        private final int traces;
        private volatile boolean closed;
        private boolean ended;

        Pipeline(
                Project project,
                Connection c,
                ExecutorService pool,
                RuleClassifier classifier,
                Map<String, Task> tasks,
                Map<String, Existing> existing,
                String raterId)
                throws SQLException {
            traces = RuleRows.benchmarkTraceCount(c);
            total = (traces + BATCH - 1) / BATCH;
            queue = new java.util.concurrent.ArrayBlockingQueue<>(IN_FLIGHT + 1);
            java.util.function.Function<List<RuleRows.TraceRow>, Future<List<Out>>> submit =
                    batch -> pool.submit(() -> classifyBatch(classifier, tasks, existing, raterId, batch));
            reader = project.readCommittedInParallel(
                    rc -> {
                        read(rc, submit);
                        return null;
                    },
                    "classify-read");
        }

        /** Batches to classify. */
        int total() {
            return total;
        }

        /** Traces to classify. */
        int traces() {
            return traces;
        }

        private void read(Connection rc, java.util.function.Function<List<RuleRows.TraceRow>, Future<List<Out>>> submit)
                throws InterruptedException {
            try (RuleRows.TracePages pages = new RuleRows.TracePages(rc)) {
                String after = "";
                while (!closed) {
                    List<RuleRows.TraceRow> page = pages.after(after, PAGE);
                    for (int from = 0; from < page.size() && !closed; from += BATCH) {
                        List<RuleRows.TraceRow> batch =
                                new ArrayList<>(page.subList(from, Math.min(page.size(), from + BATCH)));
                        put(submit.apply(batch));
                    }
                    if (page.size() < PAGE) {
                        break;
                    }
                    after = page.get(page.size() - 1).traceId();
                }
                put(END);
            } catch (SQLException | RuntimeException e) {
                put(new IllegalStateException("reading the traces to classify: " + e.getMessage(), e));
            }
        }

        /** Waits for room in the queue, unless the writer has stopped taking (then the item is dropped). */
        private void put(Object item) throws InterruptedException {
            while (!closed) {
                if (queue.offer(item, 50, java.util.concurrent.TimeUnit.MILLISECONDS)) {
                    return;
                }
            }
            if (item instanceof Future<?> f) {
                f.cancel(true);
            }
        }

        /** The next batch in reading order, or null after the last. */
        @SuppressWarnings("unchecked")
        Future<List<Out>> next() throws InterruptedException {
            if (ended) {
                return null;
            }
            Object o = queue.poll(100, java.util.concurrent.TimeUnit.MILLISECONDS);
            while (o == null) {
                if (reader.isDone()) { // it stopped without a word in the queue: it could not even start reading
                    o = queue.poll();
                    if (o == null) {
                        ended = true;
                        Project.join(reader);
                        throw new IllegalStateException("reading the traces to classify stopped");
                    }
                } else {
                    o = queue.poll(100, java.util.concurrent.TimeUnit.MILLISECONDS);
                }
            }
            if (o == END) {
                ended = true;
                return null;
            }
            if (o instanceof RuntimeException e) {
                ended = true;
                throw e;
            }
            return (Future<List<Out>>) o;
        }

        @Override
        public void close() {
            closed = true;
            cancelQueued(); // a reader waiting for room sees it stop
            try {
                reader.get(10, java.util.concurrent.TimeUnit.SECONDS); // its connection closed before the project's
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException | java.util.concurrent.TimeoutException e) {
                // what it failed on was queued for the writer (or the writer had already stopped)
            }
            cancelQueued(); // what it queued before it saw the writer stop
        }

        private void cancelQueued() {
            for (Object o; (o = queue.poll()) != null; ) {
                if (o instanceof Future<?> f) {
                    f.cancel(true);
                }
            }
        }
    }

    private static List<Out> classifyBatch(
            RuleClassifier classifier,
            Map<String, Task> tasks,
            Map<String, Existing> existing,
            String raterId,
            List<RuleRows.TraceRow> rows)
            throws Exception {
        List<Out> out = new ArrayList<>(rows.size());
        for (RuleRows.TraceRow r : rows) {
            Task task = tasks.get(r.taskId());
            Existing prev = existing.get(r.traceId());
            String replaces = prev == null ? null : prev.id();
            String cannot = r.error() != null ? RUN_ERROR_REASON : RuleClassifier.unclassifiable(task);
            if (cannot != null) {
                boolean same = prev != null
                        && prev.id().equals(entryId(r.traceId(), raterId, prev.replaces(), "null", cannot));
                out.add(new Out(
                        same ? null : entryId(r.traceId(), raterId, replaces, "null", cannot),
                        r.traceId(),
                        task.key(),
                        r.model(),
                        task.type(),
                        null,
                        null,
                        null,
                        cannot,
                        same,
                        replaces));
                continue;
            }
            long t0 = TIMING ? System.nanoTime() : 0;
            Trace trace = new Trace(
                    r.traceId(),
                    r.taskId(),
                    r.model(),
                    "",
                    List.of(),
                    r.calls() == null || r.calls().equals("[]")
                            ? List.of()
                            : TurnCodec.callsFromJson(Json.MAPPER.readTree(r.calls())),
                    r.answer(),
                    null);
            long t1 = TIMING ? System.nanoTime() : 0;
            RuleVerdict v;
            try {
                v = classifier.classify(task, trace);
            } catch (RuntimeException e) {
                throw new IllegalStateException(
                        "trace " + r.traceId() + " (task " + task.key() + "): " + e.getMessage(), e);
            }
            long t2 = TIMING ? System.nanoTime() : 0;
            String ev = storedEvidence(v);
            if (TIMING) {
                long t3 = System.nanoTime();
                PHASES[0].add(t1 - t0);
                PHASES[1].add(t2 - t1);
                PHASES[2].add(t3 - t2);
            }
            // the current entry says the same when it is the entry this verdict would have been in its place
            boolean same = prev != null
                    && "set".equals(prev.action())
                    && prev.id().equals(entryId(r.traceId(), raterId, prev.replaces(), v.label(), ev));
            long t4 = TIMING ? System.nanoTime() : 0;
            out.add(new Out(
                    same ? null : entryId(r.traceId(), raterId, replaces, v.label(), ev),
                    r.traceId(),
                    task.key(),
                    r.model(),
                    task.type(),
                    v.label(),
                    v.check(),
                    ev,
                    null,
                    same,
                    replaces));
            if (TIMING) {
                PHASES[3].add(System.nanoTime() - t4);
            }
        }
        return out;
    }

    /**
     * A ledger entry's id, name-based over (trace, rater, the entry it replaces, verdict, evidence): the same verdict
     * replacing the same entry gets the same id on every laptop (merges do not duplicate), and an unchanged verdict is
     * recognised by its id. A version-8 (custom) UUID from two independent 64-bit multiply-xor hashes of the parts:
     * SHA-1 over every evidence text costs a one-shot command more than classifying does, before the JIT warms up.
     */
    static String entryId(String traceId, String raterId, String replaces, String value, String evidence) {
        long[] h = {0xcbf29ce484222325L, 0x9E3779B97F4A7C15L};
        mix(h, traceId);
        mix(h, raterId);
        mix(h, replaces == null ? "\u0001null" : replaces);
        mix(h, value == null ? "\u0001null" : value);
        mix(h, evidence == null ? "\u0001null" : evidence);
        long msb = (h[0] & ~0xF000L) | 0x8000L; // version 8
        long lsb = (h[1] & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L; // RFC variant
        return new java.util.UUID(msb, lsb).toString();
    }

    private static void mix(long[] h, String s) {
        long h1 = h[0];
        long h2 = h[1];
        for (int i = 0, n = s.length(); i < n; i++) {
            char c = s.charAt(i);
            h1 = (h1 ^ c) * 0x100000001b3L;
            h2 = (h2 + c) * 0xff51afd7ed558ccdL;
            h2 ^= h2 >>> 29;
        }
        // a separator that cannot be confused with content: the length
        h1 = (h1 ^ s.length()) * 0x100000001b3L;
        h2 = (h2 + s.length() + 0x1F) * 0xc4ceb9fe1a85ec53L;
        h2 ^= h2 >>> 31;
        h[0] = h1;
        h[1] = h2;
    }

    /** The evidence column's text: {@code {"check": ..., <the Evidence's fields>}}. */
    public static String storedEvidence(RuleVerdict v) {
        return EvidenceJson.write(v.evidence(), v.check());
    }

    /** Writes each batch as soon as it is classified (in submission order), overlapping the writes with the work. */
    private static Result write(
            Connection c,
            String raterId,
            String rater,
            RuleClassifier.Mode mode,
            Pipeline batches,
            Map<String, String> harness,
            boolean harnessRated,
            java.util.function.BiConsumer<Integer, Integer> progress,
            int commitEvery,
            java.util.function.Consumer<String> commitSoFar)
            throws Exception {
        int compared = 0;
        int equal = 0;
        List<Mismatch> mismatches = new ArrayList<>();
        Map<String, Map<String, Integer>> counts = new LinkedHashMap<>();
        for (TaskType t : List.of(TaskType.TOOL_REQUIRED, TaskType.CONTROL)) {
            Map<String, Integer> m = new LinkedHashMap<>();
            LabelSets.forType(t).labels().forEach(l -> m.put(l, 0));
            counts.put(t.code(), m);
        }
        int errors = 0;
        int noExpected = 0;
        int written = 0;
        int unchanged = 0;
        int traces = 0;
        int sinceCommit = 0;
        try (LabelBatch s = new LabelBatch(c)) {
            int batchesDone = 0;
            for (Future<List<Out>> f; (f = batches.next()) != null; ) {
                if (progress != null) {
                    progress.accept(batchesDone++, batches.total());
                }
                for (Out o : get(f)) {
                    traces++;
                    if (o.label() == null && RuleClassifier.NO_EXPECTED_CALL.equals(o.nullReason())) {
                        noExpected++;
                    } else if (o.label() == null) {
                        errors++;
                    } else {
                        counts.get(o.type().code()).merge(o.label(), 1, Integer::sum);
                        String h = harness.get(o.traceId());
                        if (h != null) {
                            compared++;
                            if (h.equals(o.label())) {
                                equal++;
                            } else {
                                mismatches.add(
                                        new Mismatch(o.traceId(), o.taskKey(), o.model(), h, o.label(), o.check()));
                            }
                        }
                    }
                    if (o.unchanged()) {
                        unchanged++;
                        continue;
                    }
                    Ledger.Entry e = o.label() == null
                            ? Ledger.Entry.nullVerdict(o.traceId(), raterId, o.nullReason(), null, CREATED_BY)
                            : new Ledger.Entry(
                                    o.traceId(),
                                    raterId,
                                    "set",
                                    o.label(),
                                    null,
                                    null,
                                    o.check(),
                                    null,
                                    null,
                                    null,
                                    CREATED_BY);
                    s.add(o.id(), e, o.evidenceJson(), o.replaces(), Timestamps.now());
                    written++;
                    sinceCommit++;
                }
                if (commitEvery > 0 && sinceCommit >= commitEvery) {
                    s.flush();
                    commitSoFar.accept(String.format(
                            java.util.Locale.ROOT,
                            "the rule's labels of the first %,d traces (of %,d)",
                            traces,
                            batches.traces()));
                    sinceCommit = 0;
                }
            }
            s.flush();
            if (commitEvery > 0) {
                // the last commit through the same step, so that a Ctrl-C hook during it knows what it may keep
                commitSoFar.accept(String.format(java.util.Locale.ROOT, "the rule's labels of all %,d traces", traces));
            }
        }
        return new Result(
                rater,
                mode,
                traces,
                counts,
                errors,
                written,
                unchanged,
                harnessRated ? new HarnessComparison(compared, equal, List.copyOf(mismatches)) : null,
                noExpected);
    }
}
