package org.tracejudge.judges;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.tracejudge.json.Json;
import org.tracejudge.judges.provider.Attempt;
import org.tracejudge.judges.provider.BatchApi;
import org.tracejudge.judges.provider.ChatClient;
import org.tracejudge.judges.provider.ChatRequest;
import org.tracejudge.judges.provider.Failure;
import org.tracejudge.judges.verdict.Verdict;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectMeta;

/**
 * A judge run's batch mode: the requests the run planned (those not answered from the cache) go to the provider's
 * batch API (OpenAI Batch API, Anthropic Message Batches) as one batch instead of to {@link JudgeScheduler}'s
 * workers; the batch's id is kept in the project under {@link JudgeRunner#BATCH_META_PREFIX} so that a stopped run
 * picks it up, and its results are handed back to the run to be read and written as a live run's answers are.
 */
final class BatchStrategy {
    private final JudgeRunner run;
    private final Project project;
    private final JudgeConfig cfg;
    private final ChatClient client;
    private final RunCounters counters;
    private final JudgeListener listener;
    private final JudgeRunner.Options options;
    private final String version;
    private final List<JudgeRunner.Job> jobs = new ArrayList<>();

    BatchStrategy(
            JudgeRunner run,
            Project project,
            JudgeConfig cfg,
            ChatClient client,
            RunCounters counters,
            JudgeListener listener,
            JudgeRunner.Options options,
            String version) {
        this.run = run;
        this.project = project;
        this.cfg = cfg;
        this.client = client;
        this.counters = counters;
        this.listener = listener;
        this.options = options;
        this.version = version;
    }

    /** A planned request for the batch. */
    void add(JudgeRunner.Job job) {
        jobs.add(job);
    }

    /**
     * Batch mode: submits every request not answered from the cache as one provider batch (or picks up the batch
     * a stopped run submitted, kept in the project), polls it with progress, and stores its results exactly as
     * a live run would (the same verdict parsing, null verdicts, failure classes and ledger entries). A cancel
     * leaves the batch id in the project: the next {@code judge --batch} waits for the same batch.
     */
    void run(long start, int planned) {
        String metaKey = JudgeRunner.BATCH_META_PREFIX + cfg.name();
        Map<String, List<JudgeRunner.Job>> byKey = new java.util.LinkedHashMap<>();
        for (JudgeRunner.Job j : jobs) {
            byKey.computeIfAbsent(j.key, k -> new ArrayList<>()).add(j);
        }
        BatchApi api = new BatchApi(client);
        String saved = project.meta(metaKey);
        JsonNodeHolder h = new JsonNodeHolder(saved);
        String id = h.version() != null && h.version().equals(version) ? h.id() : null;
        try {
            if (id == null) {
                if (byKey.isEmpty()) {
                    return;
                }
                Map<String, ChatRequest> requests = new java.util.LinkedHashMap<>();
                byKey.forEach((k, js) -> requests.put(k, js.get(0).request));
                id = api.submit(requests);
                counters.requests.addAndGet(requests.size());
                ObjectNode o = Json.object();
                o.put("id", id);
                o.put("version", version);
                o.put("provider", cfg.provider().code());
                o.put("requests", requests.size());
                o.put("submitted_at", org.tracejudge.store.Timestamps.now());
                putMeta(metaKey, o.toString());
            }
            BatchApi.Status st = null;
            int failuresInARow = 0;
            while (!run.cancelled()) {
                try {
                    st = api.status(id);
                    failuresInARow = 0;
                } catch (BatchApi.BatchFailure f) {
                    if (f.attempt().kind() != Attempt.Kind.RETRY
                            || ++failuresInARow >= options.retry().maxAttempts()) {
                        throw f;
                    }
                }
                if (st != null) {
                    listener.progress(
                            Math.min(st.done(), planned),
                            Math.max(planned, st.total()),
                            (System.nanoTime() - start) / 1_000_000,
                            -1);
                    if (st.ended()) {
                        break;
                    }
                }
                sleepQuietly(options.batchPollMillis());
            }
            if (run.cancelled() || st == null) {
                return; // the batch goes on at the provider; its id stays in the project for the next run
            }
            Map<String, Attempt> results = api.results(st);
            for (var e : byKey.entrySet()) {
                Attempt a = results.get(e.getKey());
                if (a == null) {
                    a = Attempt.missing("the batch " + id + " (" + st.status() + ") has no result for this request");
                }
                if (a.kind() == Attempt.Kind.FATAL) {
                    run.stop(a, a.cause());
                    break;
                }
                for (JudgeRunner.Job job : e.getValue()) {
                    job.attempts = 1;
                    switch (a.kind()) {
                        case OK -> {
                            JudgeRunner.Read r = run.read(a.content(), job.labels, job.asked);
                            run.resolve(job, a, "ok", r, r.invalid() ? Failure.INVALID_VERDICT : null, a.truncated());
                        }
                        case REFUSED ->
                            run.resolve(
                                    job,
                                    a,
                                    "refused",
                                    Verdict.nullVerdict(a.message(), JudgeRunner.rawOf(a)),
                                    a.cause(),
                                    false);
                        default ->
                            run.resolve(
                                    job,
                                    a,
                                    "failed",
                                    (JudgeRunner.Read) null,
                                    a.cause(),
                                    false); // asked again next run
                    }
                }
            }
            putMeta(metaKey, null);
        } catch (BatchApi.BatchFailure f) {
            if (f.attempt().kind() == Attempt.Kind.CANCELLED) {
                return;
            }
            run.stop(
                    f.attempt(),
                    f.attempt().kind() == Attempt.Kind.FATAL ? f.attempt().cause() : Failure.ALL_FAILING);
        }
    }

    /** The saved batch's id and judge version (both null when none or unreadable). */
    private record JsonNodeHolder(String id, String version) {
        JsonNodeHolder(String json) {
            this(field(json, "id"), field(json, "version"));
        }

        private static String field(String json, String f) {
            if (json == null) {
                return null;
            }
            try {
                var v = Json.read(json).path(f);
                return v.isTextual() ? v.asText() : null;
            } catch (IllegalArgumentException e) {
                return null;
            }
        }
    }

    private void putMeta(String key, String value) {
        project.write(c -> {
            if (value == null) {
                ProjectMeta.remove(c, key);
            } else {
                ProjectMeta.put(c, key, value);
            }
            return null;
        });
    }

    private void sleepQuietly(long millis) {
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        while (!run.cancelled() && System.nanoTime() < end) {
            try {
                Thread.sleep(Math.min(50, Math.max(1, TimeUnit.NANOSECONDS.toMillis(end - System.nanoTime()))));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
