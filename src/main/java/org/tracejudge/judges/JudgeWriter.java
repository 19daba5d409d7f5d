package org.tracejudge.judges;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.function.Consumer;
import org.tracejudge.json.Json;
import org.tracejudge.judges.JudgeRunner.Outcome;
import org.tracejudge.judges.JudgeRunner.RefusedAnswers;
import org.tracejudge.judges.provider.Attempt;
import org.tracejudge.judges.provider.ChatClient;
import org.tracejudge.judges.provider.Failure;
import org.tracejudge.judges.verdict.Verdict;
import org.tracejudge.model.Ids;
import org.tracejudge.scheme.JudgeForm;
import org.tracejudge.store.JudgeCalls;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;
import org.tracejudge.store.Timestamps;

/**
 * A judge run's single writer: takes the outcomes the workers (or the cache, or a batch) hand on and commits whatever
 * has arrived, one transaction per batch of up to {@value #BATCH}: each verdict or scheme answers in the ledger (never
 * twice: an entry another run wrote meanwhile is skipped), each call in the response cache, the run's counts. A batch
 * that cannot be written is counted as none of it and stops the run.
 */
final class JudgeWriter implements Runnable {
    private static final int BATCH = 256;

    private final Project project;
    private final JudgeConfig cfg;
    /** The project's own scheme, or null. */
    private final SchemeJudging scheme;
    /** Scrubs keys from what is stored. */
    private final ChatClient client;

    private final JudgeListener listener;
    private final BlockingQueue<Outcome> written;
    private final RunCounters counters;
    /** Failures by reason, as committed (touched by this thread only). */
    private final Map<Failure, FailureGroup> groups;
    /** Answers to a scheme's questions refused, by question key, as committed. */
    private final Map<String, RefusedAnswers> refused;
    /** Stops the run with a message (a batch could not be written). */
    private final Consumer<String> stop;

    final String runId;
    final String raterId;
    final int planned;
    final long start;
    volatile Exception failure;

    JudgeWriter(
            Project project,
            JudgeConfig cfg,
            SchemeJudging scheme,
            ChatClient client,
            JudgeListener listener,
            BlockingQueue<Outcome> written,
            RunCounters counters,
            Map<Failure, FailureGroup> groups,
            Map<String, RefusedAnswers> refused,
            Consumer<String> stop,
            String runId,
            String raterId,
            int planned,
            long start) {
        this.project = project;
        this.cfg = cfg;
        this.scheme = scheme;
        this.client = client;
        this.listener = listener;
        this.written = written;
        this.counters = counters;
        this.groups = groups;
        this.refused = refused;
        this.stop = stop;
        this.runId = runId;
        this.raterId = raterId;
        this.planned = planned;
        this.start = start;
    }

    @Override
    public void run() {
        List<Outcome> batch = new ArrayList<>();
        boolean end = false;
        while (!end) {
            try {
                batch.add(written.take());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            written.drainTo(batch, BATCH - 1);
            end = batch.remove(Outcome.END);
            if (batch.isEmpty() || failure != null) {
                batch.clear();
                continue;
            }
            RunCounters before = counters.copy();
            Map<Failure, FailureGroup> groupsBefore = new java.util.LinkedHashMap<>(groups);
            Map<String, RefusedAnswers> refusedBefore = new java.util.LinkedHashMap<>(refused);
            try {
                List<Outcome> b = batch;
                project.write(c -> {
                    for (Outcome o : b) {
                        write(c, o);
                    }
                    JudgeStore.updateRun(c, runId, counters, "running", null);
                    return null;
                });
            } catch (RuntimeException e) {
                // nothing of the batch was committed: count none of it
                counters.restore(before);
                groups.clear();
                groups.putAll(groupsBefore);
                refused.clear();
                refused.putAll(refusedBefore);
                failure = e;
                stop.accept("could not write to the project: " + e.getMessage());
            }
            batch.clear();
            long elapsed = (System.nanoTime() - start) / 1_000_000;
            int done = counters.done();
            long eta = done == 0 ? -1 : elapsed * (planned - done) / done;
            listener.progress(done, planned, elapsed, eta);
            listener.usage(counters.requests.get(), counters.tokensIn, counters.tokensOut);
        }
    }

    private void group(Outcome o, String message) {
        Failure f = o.failure() == null ? Failure.INVALID_VERDICT : o.failure();
        FailureGroup g = groups.get(f);
        groups.put(f, g == null ? new FailureGroup(f, message, 1, o.traceId()) : g.plusOne());
    }

    /**
     * The ledger id of a judge's answer: name-based on (judge version, trace, request, answer, the entry it
     * replaces), so the same answer gets the same id on every laptop and merging two exports keeps it once.
     */
    private String answerId(Connection c, Outcome o, Verdict v) throws java.sql.SQLException {
        String replaces = Ledger.currentLabelId(c, o.traceId(), raterId);
        return Ids.of(
                "judge-answer",
                raterId,
                o.traceId(),
                o.key(),
                v.isNull() ? "null" : "set",
                v.isNull() ? v.nullReason() : v.label(),
                Json.contentHash(Json.MAPPER.getNodeFactory().textNode(v.raw() == null ? "" : v.raw())),
                replaces);
    }

    /**
     * A scheme judge's result: one answer ledger entry per question of the form, under the current scheme version
     * and the judge's rater — the answer, or a null verdict with why (the reply's reason for that question, or the
     * whole reply's when it could not be read); a question left out that may be left out gets none, unless
     * the reply left every question out: then each gets a null entry with {@link JudgeRunner#NO_ANSWER}, and the trace is judged. Refused
     * answers are counted per question for the run's report.
     */
    private void answers(Connection c, Outcome o, Verdict whole) throws SQLException {
        List<String> keys = o.asked().form().questions().stream()
                .map(org.tracejudge.scheme.Question::key)
                .toList();
        String current = org.tracejudge.store.Answers.judged(c, o.traceId(), raterId, scheme.version(), keys);
        if ("set".equals(current) || ("null".equals(current) && !o.replacesNull())) {
            counters.skipped++; // answered meanwhile by another run: never twice
            return;
        }
        JudgeForm.Reply reply = o.reply();
        // a reply that leaves every question open (each may be) is an answer too: one null entry per question
        // says so, and the trace counts as judged instead of being asked again on every run
        boolean nothing = reply != null
                && reply.answers().isEmpty()
                && o.asked().form().questions().stream()
                        .noneMatch(q -> reply.nullReasons().containsKey(q.key()));
        for (org.tracejudge.scheme.Question q : o.asked().form().questions()) {
            org.tracejudge.scheme.Answer answer =
                    reply == null ? null : reply.answers().get(q.key());
            String why = reply == null
                    ? whole.nullReason()
                    : nothing
                            ? JudgeRunner.NO_ANSWER
                            : client.redact(reply.nullReasons().get(q.key()));
            org.tracejudge.store.Answers.Entry e;
            if (answer != null) {
                e = org.tracejudge.store.Answers.Entry.set(
                        o.traceId(), raterId, q.key(), scheme.version(), answer.toJson(), cfg.name());
            } else if (why != null) {
                e = new org.tracejudge.store.Answers.Entry(
                        o.traceId(), raterId, q.key(), scheme.version(), "null", null, null, why, cfg.name());
            } else {
                continue; // optional, or its condition not met: no answer is the answer
            }
            String replaces = org.tracejudge.store.Answers.currentId(c, o.traceId(), raterId, q.key());
            org.tracejudge.store.Answers.append(
                    c,
                    Ids.of(
                            "judge-scheme-answer",
                            raterId,
                            o.traceId(),
                            o.key(),
                            q.key(),
                            Integer.toString(scheme.version()),
                            e.action(),
                            answer != null ? e.value() : why,
                            replaces),
                    e);
        }
        if (reply == null) {
            counters.nulls++;
            group(o, whole.nullReason());
        } else {
            reply.nullReasons().forEach((key, why) -> {
                RefusedAnswers r = refused.get(key);
                refused.put(key, r == null ? new RefusedAnswers(key, client.redact(why), 1, o.traceId()) : r.plusOne());
            });
            if (reply.answers().isEmpty() && !reply.nullReasons().isEmpty()) {
                counters.nulls++; // not one answer fit the scheme
                group(
                        o,
                        "no answer fits the scheme: "
                                + String.join("; ", reply.nullReasons().values()));
            } else {
                counters.labelled++;
            }
        }
        if (o.attempt() == null) {
            counters.cached++;
        }
    }

    private void write(Connection c, Outcome o) throws Exception {
        Attempt a = o.attempt();
        String labelId = null;
        // the key scrub again on what the verdict keeps: its JSON was decoded once more after the reply's
        Verdict v = o.verdict() == null ? null : o.verdict().scrubbed(client::redact);
        if (o.asked() != null && (o.reply() != null || v != null)) {
            answers(c, o, v);
        } else if (v != null) {
            String current = JudgeStore.currentAction(c, o.traceId(), raterId);
            if ("set".equals(current) || ("null".equals(current) && !o.replacesNull())) {
                counters.skipped++; // labelled meanwhile by another run: never twice
            } else {
                Ledger.Entry e = v.isNull()
                        ? Ledger.Entry.nullVerdict(o.traceId(), raterId, v.nullReason(), v.raw(), cfg.name())
                        : new Ledger.Entry(
                                o.traceId(),
                                raterId,
                                "set",
                                v.label(),
                                v.confidence(),
                                v.scores(),
                                v.reasoning(),
                                v.raw(),
                                null,
                                v.evidence(),
                                cfg.name());
                labelId = Ledger.append(c, answerId(c, o, v), e);
                if (labelId == null) {
                    // this very answer is already in the ledger (from another laptop's export): kept once
                    labelId = Ledger.currentLabelId(c, o.traceId(), raterId);
                }
                if (v.isNull()) {
                    counters.nulls++;
                    group(o, v.nullReason());
                } else {
                    counters.labelled++;
                }
                if (a == null) {
                    counters.cached++;
                }
            }
        } else {
            counters.failed++;
            group(o, o.error());
        }
        if (a != null) {
            counters.tokensIn += a.tokensIn();
            counters.tokensOut += a.tokensOut();
            if (a.kind() == Attempt.Kind.OK) {
                counters.latencyMillis += a.latencyMillis();
                counters.answeredCalls++;
            }
            JudgeCalls.insert(
                    c,
                    new JudgeCalls.Call(
                            Ids.random(),
                            o.key(),
                            runId,
                            o.traceId(),
                            raterId,
                            cfg.provider().code(),
                            cfg.model(),
                            o.status(),
                            a.httpStatus(),
                            a.body(),
                            a.content(),
                            a.tokensIn(),
                            a.tokensOut(),
                            a.latencyMillis(),
                            o.attempts(),
                            o.failure() == null ? null : o.failure().code() + ": " + o.error(),
                            labelId,
                            Timestamps.now()));
        }
    }
}
