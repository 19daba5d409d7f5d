package org.tracejudge.judges;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.DelayQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.tracejudge.judges.provider.Attempt;
import org.tracejudge.judges.provider.ChatClient;
import org.tracejudge.judges.provider.Failure;
import org.tracejudge.judges.provider.RateLimiter;
import org.tracejudge.judges.provider.RetryPolicy;
import org.tracejudge.judges.verdict.Verdict;

/**
 * A judge run's live requests: {@code concurrency} worker threads (never more requests in flight than that) take the
 * planned requests from a delay queue, each waiting for its slot under the requests-per-minute limit and for the end
 * of any pool-wide pause, and hand each answer back to the run. Transient failures go back into the queue with
 * exponential backoff and jitter (at least the server's {@code Retry-After}); a rate limit pauses every worker; a
 * malformed reply is asked again up to the retry policy's attempts; so many transient failures in a row (rate limits
 * aside) that the server plainly fails every request stop the run, as does a fatal failure.
 */
final class JudgeScheduler {
    private final JudgeRunner run;
    private final ChatClient client;
    private final RunCounters counters;
    private final RetryPolicy retry;
    private final int concurrency;
    private final RateLimiter limiter;
    private final DelayQueue<JudgeRunner.Job> jobs = new DelayQueue<>();
    /** Requests planned and not yet resolved (the workers stop when planning is over and none is left). */
    private final AtomicInteger unresolved = new AtomicInteger();

    private final List<Thread> workers = new ArrayList<>();
    private volatile boolean planning = true;
    /** System.nanoTime() until which no request starts (a rate limit pauses the pool). */
    private volatile long pausedUntil = System.nanoTime();

    private final AtomicInteger consecutiveFailures = new AtomicInteger();

    JudgeScheduler(
            JudgeRunner run, ChatClient client, RunCounters counters, RetryPolicy retry, int concurrency, int rpm) {
        this.run = run;
        this.client = client;
        this.counters = counters;
        this.retry = retry;
        this.concurrency = concurrency;
        this.limiter = new RateLimiter(rpm);
    }

    /** Starts {@code n} workers; they take requests as the planner adds them. */
    void start(int n) {
        for (int i = 0; i < n; i++) {
            Thread t = new Thread(this::work, "judge-worker-" + i);
            t.setDaemon(true);
            workers.add(t);
            t.start();
        }
    }

    /** One more request planned (before it is queued or given to the batch). */
    void expect() {
        unresolved.incrementAndGet();
    }

    /** A planned request for the workers. */
    void submit(JudgeRunner.Job job) {
        jobs.put(job);
    }

    /** A planned request was resolved (answered, given up on or left for the next run). */
    void resolved() {
        unresolved.decrementAndGet();
    }

    /** Planning is over: the workers stop once every planned request is resolved. */
    void planned() {
        planning = false;
    }

    /** Waits for every worker to stop. */
    void awaitWorkers() {
        for (Thread t : workers) {
            JudgeRunner.joinQuietly(t);
        }
    }

    /** Transient failures in a row so far (for the message of a run stopped by them). */
    int consecutiveFailures() {
        return consecutiveFailures.get();
    }

    private void work() {

        while (!run.cancelled() && (planning || unresolved.get() > 0)) {
            JudgeRunner.Job job;
            try {
                job = jobs.poll(50, TimeUnit.MILLISECONDS);
                if (job == null) {
                    continue;
                }
                limiter.acquire();
                waitOutPause();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            if (run.cancelled()) {
                return;
            }
            Attempt a = client.send(job.request);
            counters.requests.accumulateAndGet(client.requestsSent(), Math::max);
            job.attempts++;
            switch (a.kind()) {
                case OK -> {
                    consecutiveFailures.set(0);
                    JudgeRunner.Read r = run.read(a.content(), job.labels, job.asked);
                    run.resolve(job, a, "ok", r, r.invalid() ? Failure.INVALID_VERDICT : null, a.truncated());
                }
                case REFUSED -> {
                    consecutiveFailures.set(0);
                    run.resolve(
                            job,
                            a,
                            "refused",
                            Verdict.nullVerdict(a.message(), JudgeRunner.rawOf(a)),
                            a.cause(),
                            false);
                }
                case MALFORMED -> {
                    if (job.attempts >= retry.maxAttempts()) {
                        run.resolve(
                                job,
                                a,
                                "malformed",
                                Verdict.nullVerdict(
                                        "malformed provider response: " + a.message(), JudgeRunner.rawOf(a)),
                                Failure.MALFORMED,
                                false);
                    } else {
                        again(job, a);
                    }
                }
                case RETRY -> {
                    if (a.cause() != Failure.RATE_LIMIT && consecutiveFailures.incrementAndGet() >= failureLimit()) {
                        run.stop(a, Failure.ALL_FAILING);
                        return;
                    }
                    if (a.cause() == Failure.RATE_LIMIT) {
                        // a rate limit is the server's, not this request's: the whole pool waits
                        long wait = Math.max(a.retryAfterMillis(), retry.delayMillis(1, 0));
                        pauseUntil(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(wait));
                    }
                    if (job.attempts >= retry.maxAttempts()) {
                        run.resolve(job, a, "failed", (JudgeRunner.Read) null, a.cause(), false);
                    } else {
                        again(job, a);
                    }
                }
                case FATAL -> {
                    run.stop(a, a.cause());
                    return;
                }
                case CANCELLED -> {
                    return;
                }
                default -> throw new IllegalStateException(a.kind().toString());
            }
        }
    }

    private void again(JudgeRunner.Job job, Attempt a) {
        job.readyAt = Math.max(
                pausedUntil,
                System.nanoTime()
                        + TimeUnit.MILLISECONDS.toNanos(retry.delayMillis(job.attempts, a.retryAfterMillis())));
        jobs.put(job);
    }

    /** So many transient failures in a row (rate limits aside) mean the server fails every request. */
    private int failureLimit() {
        return Math.max(12, 3 * concurrency);
    }

    private synchronized void pauseUntil(long nanos) {
        if (nanos - pausedUntil > 0) {
            pausedUntil = nanos;
        }
    }

    /** Holds this worker while the pool is paused after a rate limit: no request starts during a pause. */
    private void waitOutPause() throws InterruptedException {
        while (!run.cancelled()) {
            long left = pausedUntil - System.nanoTime();
            if (left <= 0) {
                return;
            }
            Thread.sleep(Math.max(1, Math.min(50, TimeUnit.NANOSECONDS.toMillis(left) + 1)));
        }
    }
}
