package org.tracejudge.judges;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Delayed;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.tracejudge.judges.prompt.PromptRenderer;
import org.tracejudge.judges.prompt.Rubric;
import org.tracejudge.judges.provider.Attempt;
import org.tracejudge.judges.provider.ChatClient;
import org.tracejudge.judges.provider.ChatRequest;
import org.tracejudge.judges.provider.Failure;
import org.tracejudge.judges.provider.RetryPolicy;
import org.tracejudge.judges.verdict.Verdict;
import org.tracejudge.judges.verdict.VerdictSchema;
import org.tracejudge.model.Ids;
import org.tracejudge.model.LabelSet;
import org.tracejudge.model.LabelSets;
import org.tracejudge.model.Task;
import org.tracejudge.scheme.JudgeForm;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectQueries;

/**
 * One run of one judge over the traces that have no verdict from its current version (and those whose null
 * verdict a fatal or transient cause left; all null verdicts with {@code retryNulls}).
 *
 * <p>Traces whose request is already in the cache ({@link JudgeCache}) are answered from it without a request. The others go
 * to {@code concurrency} worker threads (so never more requests in flight than that), each request waiting
 * for its slot under the requests-per-minute limit and for the end of any pool-wide pause. Each answer is
 * classified ({@link org.tracejudge.judges.provider.Failure}): transient failures go back into a delay queue
 * with exponential backoff and jitter (at least {@code Retry-After}; a rate limit pauses every worker);
 * per-trace failures and invalid verdicts become null verdicts with the provider's message; a fatal one
 * stops the run at once with the message and what to do, and nothing is written for traces not answered. A
 * single writer thread commits answers as they arrive, each batch of what has arrived in its own transaction
 * (call row, ledger entry with a name-based id, run totals together), so a crash or cancel loses nothing that
 * was committed and a resume sends only what is missing; the run's counts and failure groups are of what was
 * committed. Each trace is planned once, so no trace gets two verdicts from one run, and one run at a time
 * holds the project ({@link JudgeLock}). In batch mode the requests go to the provider's batch API instead of
 * the workers, and their results take the same path.
 *
 * <p>A project whose current scheme is its own ({@link SchemeJudging}) is judged on that scheme's questions: each
 * request carries the {@link JudgeForm}'s question block and its schema as structured output, the reply is read with
 * {@link JudgeForm#read} into one answer ledger entry per question under the scheme version (a refused answer is a
 * null verdict of its question, with the reason, and a line of the run's report), the traces to judge are those
 * without answers under the current version, and the cache key holds the form's hash. A project with only the
 * built-in label sets takes the path above unchanged, byte for byte.
 */
public final class JudgeRunner {
    /**
     * @param models     judge only traces of these models (empty = all)
     * @param limit      at most this many traces (0 = all)
     * @param retryNulls also judge traces whose current verdict from this version is a null verdict (sent
     *                   afresh, not from the cache)
     */
    public record Options(
            List<String> models,
            int limit,
            boolean retryNulls,
            RetryPolicy retry,
            boolean batch,
            long batchPollMillis,
            java.util.Set<String> only) {
        public Options {
            models = models == null ? List.of() : List.copyOf(models);
            retry = retry == null ? RetryPolicy.DEFAULT : retry;
            batchPollMillis = batchPollMillis <= 0 ? 30_000 : batchPollMillis;
            only = only == null ? null : java.util.Set.copyOf(only);
        }

        public Options(
                List<String> models,
                int limit,
                boolean retryNulls,
                RetryPolicy retry,
                boolean batch,
                long batchPollMillis) {
            this(models, limit, retryNulls, retry, batch, batchPollMillis, null);
        }

        /** Only these traces (e.g. the workbench's current filter); null = every trace. */
        public Options withOnly(java.util.Set<String> traceIds) {
            return new Options(models, limit, retryNulls, retry, batch, batchPollMillis, traceIds);
        }

        /** At most {@code n} traces (0 = all). */
        public Options withLimit(int n) {
            return new Options(models, n, retryNulls, retry, batch, batchPollMillis, only);
        }

        public Options(List<String> models, int limit, boolean retryNulls, RetryPolicy retry) {
            this(models, limit, retryNulls, retry, false, 0);
        }

        public static Options defaults() {
            return new Options(List.of(), 0, false, RetryPolicy.DEFAULT);
        }
    }

    /** Where a submitted batch is kept, so that a stopped command picks it up again: {@code judge-batch:<name>}. */
    public static final String BATCH_META_PREFIX = "judge-batch:";

    private final Project project;
    private final JudgeConfig cfg;
    private final Rubric rubric;
    private final Options options;
    private final JudgeListener listener;
    private final ChatClient client;
    /** Null for local judges and projects with redaction off. */
    private final org.tracejudge.redaction.Redactor redactor;

    private final String version;
    /** The project's own scheme, or null: the built-in label sets, rubrics and label ledger as always. */
    private final SchemeJudging scheme;

    private final String apiKeyEnv;
    /** Answers already in the project for the same request, by cache key. */
    private final JudgeCache cache;
    /** Reads replies: a verdict, or a scheme's answers. */
    private final JudgeReplies replies;

    private final RunCounters counters = new RunCounters();
    /** Failures by reason, as committed (touched by the writer thread only). */
    private final Map<Failure, FailureGroup> groups = new java.util.LinkedHashMap<>();
    /** Answers to a scheme's questions refused (null verdicts of one question), by question key, as committed. */
    private final Map<String, RefusedAnswers> refused = new java.util.LinkedHashMap<>();

    private final BlockingQueue<Outcome> written = new LinkedBlockingQueue<>();
    private final CountDownLatch finished = new CountDownLatch(1);
    private volatile boolean cancelled;
    private volatile String fatal;
    private volatile Failure fatalCause;
    /** The live requests' workers (none in batch mode); set when the run starts. */
    private volatile JudgeScheduler scheduler;

    /**
     * @param env how to read environment variables (the API key's); {@code System::getenv} in the app
     * @throws JudgeException when the configured key variable is not set
     */
    public JudgeRunner(
            Project project,
            JudgeConfig cfg,
            Rubric rubric,
            Function<String, String> env,
            Options options,
            JudgeListener listener) {
        this.project = project;
        this.cfg = cfg;
        this.rubric = rubric;
        this.options = options == null ? Options.defaults() : options;
        this.listener = listener == null ? JudgeListener.NONE : listener;
        this.apiKeyEnv = cfg.apiKeyEnv();
        String key = null;
        if (apiKeyEnv != null) {
            try {
                JudgeConfig.checkApiKeyEnv(apiKeyEnv); // a key saved where its variable's name belongs is not echoed
            } catch (IllegalArgumentException e) {
                throw new JudgeException(e.getMessage());
            }
            key = env.apply(apiKeyEnv);
            if (key == null || key.isBlank()) {
                throw new JudgeException("judge '" + cfg.name() + "' reads its API key from the environment variable "
                        + apiKeyEnv + ", which is not set");
            }
            key = key.strip();
        }
        this.client = new ChatClient(cfg.settings(), key, cfg.concurrency(), ProviderKeys.of(project, env));
        this.replies = new JudgeReplies(rubric);
        this.cache = new JudgeCache(project, cfg, client, replies);
        this.redactor = RemotePreview.redactorFor(project, cfg);
        this.scheme = SchemeJudging.of(project);
        // a scheme judge is not sent the rubric: its version follows what the scheme asks
        this.version = scheme == null ? cfg.version(rubric) : cfg.version(scheme.askedHash());
    }

    public String version() {
        return version;
    }

    /** Stops the run: no new requests, calls in flight aborted, everything already answered committed. */
    public void cancel() {
        cancelled = true;
        client.cancelAll();
    }

    /** Waits until {@link #run} has committed what it had and returned (for shutdown hooks). */
    public boolean awaitFinished(long millis) throws InterruptedException {
        return finished.await(millis, TimeUnit.MILLISECONDS);
    }

    /**
     * What the next run would send for its first {@code max} traces, without sending anything: each request exactly
     * as the run builds it (redacted for a remote judge when the project says so) and its HTTP body.
     */
    public List<RemotePreview> preview(int max) {
        String raterId = org.tracejudge.model.Ids.of("rater", cfg.name(), version);
        List<JudgeStore.Pending> pending = pending(raterId, max);
        ProjectQueries q = new ProjectQueries(project);
        List<RemotePreview> out = new ArrayList<>();
        for (JudgeStore.Pending p : pending) {
            Task task = q.task(p.taskId());
            ChatRequest raw;
            if (scheme == null) {
                raw = new ChatRequest(
                        rubric.systemPromptFor(task.type()),
                        PromptRenderer.render(task, p.trace()),
                        cfg.structured()
                                ? VerdictSchema.of(LabelSets.forType(task.type()), rubric.requiresEvidence())
                                : null);
            } else {
                try {
                    raw = SchemeJudging.request(scheme.form(task), task, p.trace(), cfg.structured());
                } catch (IllegalArgumentException e) {
                    continue; // a trace the scheme cannot ask about: the run reports it
                }
            }
            out.add(RemotePreview.of(client, raw, redactor));
        }
        return out;
    }

    /**
     * Whether this judge asks the project's own scheme (its questions, answers in the answer ledger) rather than the
     * built-in label sets.
     */
    public boolean schemeJudge() {
        return scheme != null;
    }

    /** The scheme a scheme judge asks, as "name version N"; null for the built-in label sets. */
    public String schemeName() {
        return scheme == null ? null : scheme.scheme().name() + " version " + scheme.version();
    }

    /** The traces still to judge: by the label ledger, or for a scheme by its answers under the current version. */
    private List<JudgeStore.Pending> pending(String raterId, int limit) {
        return scheme == null
                ? JudgeStore.pending(
                        project, raterId, options.models(), limit, options.retryNulls(), rubric.name(), options.only())
                : JudgeStore.pending(
                        project, raterId, scheme, options.models(), limit, options.retryNulls(), options.only());
    }

    /** Whether this run redacts what it sends (remote judge, redaction on). */
    public boolean redacts() {
        return redactor != null;
    }

    /**
     * Runs to the end (or until cancelled).
     *
     * @throws JudgeException when another judge run holds the project (one at a time; the message names it)
     */
    public RunReport run() {
        JudgeLock lock = null;
        try {
            lock = JudgeLock.acquire(project, cfg.name());
            return doRun();
        } finally {
            if (lock != null) {
                try {
                    lock.close();
                } catch (RuntimeException e) {
                    // a lock left behind is taken over by the next run (its process is gone)
                }
            }
            client.close();
            finished.countDown();
        }
    }

    private RunReport doRun() {
        long start = System.nanoTime();
        String runId = Ids.random();
        String raterId = project.write(c -> JudgeStore.saveAndEnsureRater(c, cfg, rubric, version, scheme));
        List<JudgeStore.Pending> pending = pending(raterId, options.limit());
        project.write(c -> {
            JudgeStore.startRun(c, runId, cfg.name(), raterId, pending.size());
            return null;
        });
        JudgeWriter writer = new JudgeWriter(
                project,
                cfg,
                scheme,
                client,
                listener,
                written,
                counters,
                groups,
                refused,
                this::stop,
                runId,
                raterId,
                pending.size(),
                start);
        Thread writerThread = new Thread(writer, "judge-writer");
        writerThread.start();

        // workers start at once; the planner feeds them while it renders prompts and looks up the cache
        JudgeScheduler workers =
                new JudgeScheduler(this, client, counters, options.retry(), cfg.concurrency(), cfg.rpm());
        scheduler = workers;
        BatchStrategy batch = options.batch()
                ? new BatchStrategy(this, project, cfg, client, counters, listener, options, version)
                : null;
        if (batch == null && !pending.isEmpty()) {
            workers.start(Math.min(cfg.concurrency(), pending.size()));
        }
        ProjectQueries q = new ProjectQueries(project);
        Map<String, Task> tasks = new HashMap<>();
        try {
            for (JudgeStore.Pending p : pending) {
                if (cancelled) {
                    break;
                }
                Task task = tasks.computeIfAbsent(p.taskId(), q::task);
                LabelSet labels = null;
                Asked asked = null;
                ChatRequest request;
                if (scheme == null) {
                    labels = LabelSets.forType(task.type());
                    request = new ChatRequest(
                            rubric.systemPromptFor(task.type()),
                            PromptRenderer.render(task, p.trace()),
                            cfg.structured() ? VerdictSchema.of(labels, rubric.requiresEvidence()) : null);
                } else {
                    org.tracejudge.scheme.JudgeForm form;
                    try {
                        form = scheme.form(task);
                    } catch (IllegalArgumentException e) {
                        written.add(Outcome.unasked(p.traceId(), e.getMessage()));
                        continue;
                    }
                    request = SchemeJudging.request(form, task, p.trace(), cfg.structured());
                    asked = new Asked(form, null, SchemeJudging.formHash(form));
                }
                // redacted when the project says so, and never a configured provider's key, whatever it says
                RemotePreview sent = RemotePreview.of(client, request, redactor);
                if (asked != null) {
                    // a span's quote is looked up in the case as the judge saw it, and mapped back to the trace
                    asked = new Asked(
                            asked.form(),
                            SchemeJudging.texts(p.trace(), request.user(), sent.redaction()),
                            asked.formHash());
                }
                request = sent.request();
                String key = cache.key(request, asked == null ? null : asked.formHash());
                boolean fresh = "null".equals(p.currentAction());
                String[] hit = fresh ? null : cache.lookup(key);
                if (hit != null) {
                    written.add(cache.answer(p.traceId(), key, hit, labels, asked, fresh));
                } else {
                    workers.expect();
                    Job job = new Job(p.traceId(), key, request, labels, asked, fresh);
                    if (batch != null) {
                        batch.add(job);
                    } else {
                        workers.submit(job);
                    }
                }
            }
        } finally {
            workers.planned();
        }
        if (batch != null && !cancelled) {
            batch.run(start, pending.size());
        }
        workers.awaitWorkers();
        written.add(Outcome.END);
        joinQuietly(writerThread);
        if (writer.failure != null && fatal == null) {
            fatal = "could not write to the project: " + writer.failure.getMessage();
        }
        String status = fatal != null ? "failed" : cancelled ? "cancelled" : "done";
        int remaining = scheme == null
                ? JudgeStore.remaining(project, raterId, options.models(), rubric.name())
                : JudgeStore.remaining(project, raterId, scheme, options.models());
        project.write(c -> {
            JudgeStore.updateRun(c, runId, counters, status, fatal);
            // a run that wrote nothing (it failed or was cancelled before its first verdict) leaves no rater
            // behind: an empty 'name@version' would show in the raters, the agreement and the export
            JudgeStore.dropIfEmpty(c, raterId);
            return null;
        });
        long elapsed = (System.nanoTime() - start) / 1_000_000;
        return new RunReport(
                cfg.name(),
                version,
                raterId,
                runId,
                pending.size(),
                counters.labelled,
                counters.cached,
                counters.nulls,
                counters.failed,
                counters.skipped,
                remaining,
                counters.requests.get(),
                counters.tokensIn,
                counters.tokensOut,
                counters.latencyMillis,
                counters.answeredCalls,
                elapsed,
                status,
                fatal,
                fatalCause,
                List.copyOf(groups.values()),
                refused.values().stream().mapToInt(RefusedAnswers::count).sum(),
                refused.values().stream().map(RefusedAnswers::line).toList());
    }

    /** Whether the run was cancelled (or stopped by a fatal failure). */
    boolean cancelled() {
        return cancelled;
    }

    static String rawOf(Attempt a) {
        return a.body() == null ? "" : a.body();
    }

    /** Stops the run for {@code a}'s failure {@code f}: the first one's message, with what to do, is the run's. */
    void stop(Attempt a, Failure f) {
        if (fatal == null) {
            synchronized (this) {
                if (fatal == null) {
                    fatalCause = f;
                    JudgeScheduler s = scheduler;
                    fatal = FailureAdvice.fatal(
                            cfg, apiKeyEnv, f, a.message(), s == null ? 0 : s.consecutiveFailures());
                }
            }
        }
        cancel();
    }

    private void stop(String message) {
        if (fatal == null) {
            fatal = message;
        }
        cancel();
    }

    void resolve(Job job, Attempt a, String status, Verdict verdict, Failure failure, boolean truncated) {
        resolve(job, a, status, verdict == null ? null : new Read(verdict, null), failure, truncated);
    }

    /** A planned request's end: its outcome goes to the writer. */
    void resolve(Job job, Attempt a, String status, Read read, Failure failure, boolean truncated) {
        Verdict verdict = read == null ? null : read.verdict();
        if (verdict != null && verdict.isNull() && truncated) {
            verdict = Verdict.nullVerdict(
                    verdict.nullReason() + " (the reply stopped at the " + cfg.maxTokens()
                            + "-token limit; raise it with --max-tokens)",
                    verdict.raw());
        }
        String error = "failed".equals(status)
                ? "gave up after " + job.attempts + " attempts: " + a.message()
                : verdict != null && verdict.isNull() ? verdict.nullReason() : a.message();
        JudgeForm.Reply reply = read == null ? null : read.reply();
        written.add(new Outcome(
                job.traceId,
                job.key,
                a,
                status,
                verdict,
                job.attempts,
                reply != null ? null : error,
                null,
                failure,
                job.replacesNull,
                job.asked,
                reply));
        scheduler.resolved();
    }

    /** A judge's reply read (see {@link JudgeReplies#read}). */
    Read read(String content, LabelSet labels, Asked asked) {
        return replies.read(content, labels, asked);
    }

    static void joinQuietly(Thread t) {
        boolean interrupted = false;
        while (true) {
            try {
                t.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** A request waiting for its turn (again, after a retryable failure). */
    static final class Job implements Delayed {
        final String traceId;
        final String key;
        final ChatRequest request;
        final LabelSet labels;
        /** The scheme's form and the trace's texts, or null for the built-in label sets. */
        final Asked asked;

        final boolean replacesNull;
        int attempts;
        long readyAt = System.nanoTime();

        Job(String traceId, String key, ChatRequest request, LabelSet labels, Asked asked, boolean replacesNull) {
            this.replacesNull = replacesNull;
            this.traceId = traceId;
            this.key = key;
            this.request = request;
            this.labels = labels;
            this.asked = asked;
        }

        @Override
        public long getDelay(TimeUnit unit) {
            return unit.convert(readyAt - System.nanoTime(), TimeUnit.NANOSECONDS);
        }

        @Override
        public int compareTo(Delayed o) {
            return Long.compare(readyAt, ((Job) o).readyAt);
        }
    }

    /** The null reason of each question when a scheme judge's reply left every question open (none required). */
    static final String NO_ANSWER = "no answer: the judge left every question open, as each may be";

    /** What a scheme judge asked one trace: the form, the trace's texts for span quotes, the form's hash. */
    record Asked(JudgeForm form, JudgeForm.Texts texts, String formHash) {}

    /** A reply read: a verdict (built-in, or a scheme reply that could not be read at all), or a scheme's answers. */
    record Read(Verdict verdict, JudgeForm.Reply reply) {
        boolean invalid() {
            return verdict != null && verdict.isNull();
        }
    }

    /** The answers to one question refused in a run: how many, the first one's reason and trace. */
    record RefusedAnswers(String question, String reason, int count, String exampleTrace) {
        RefusedAnswers plusOne() {
            return new RefusedAnswers(question, reason, count + 1, exampleTrace);
        }

        /** "2 answers refused ('harmful'): REASON; e.g. trace ID". */
        String line() {
            String m = reason.length() > 400 ? reason.substring(0, 400) + "…" : reason;
            return count + (count == 1 ? " answer" : " answers") + " refused ('" + question + "'): " + m
                    + "; e.g. trace " + exampleTrace;
        }
    }

    /**
     * One trace's result on its way to the project. {@code attempt} null = answered from the cache. For a scheme judge
     * {@code asked} is its form, and {@code reply} the answers read (or null with a null {@code verdict} of the whole
     * trace).
     */
    record Outcome(
            String traceId,
            String key,
            Attempt attempt,
            String status,
            Verdict verdict,
            int attempts,
            String error,
            String cachedCallId,
            Failure failure,
            boolean replacesNull,
            Asked asked,
            JudgeForm.Reply reply) {
        static final Outcome END = new Outcome(null, null, null, null, null, 0, null, null, null, false, null, null);

        /** A trace the scheme cannot ask about (a yes/no-per-tool question and no tools): left for the next run. */
        static Outcome unasked(String traceId, String why) {
            return new Outcome(
                    traceId, null, null, "failed", null, 0, why, null, Failure.INVALID_VERDICT, false, null, null);
        }
    }
}
