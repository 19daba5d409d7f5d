package org.tracejudge.judges;

import java.util.concurrent.atomic.AtomicLong;

/** Running totals of one judge run. Verdict counts are touched only by the writer thread. */
final class RunCounters {
    int labelled;
    int cached;
    int nulls;
    int failed;
    int skipped;
    long tokensIn;
    long tokensOut;
    long latencyMillis;
    long answeredCalls;
    final AtomicLong requests = new AtomicLong();

    /** The verdict counts and tokens as they are now (requests are not rolled back: they were sent). */
    RunCounters copy() {
        RunCounters c = new RunCounters();
        c.labelled = labelled;
        c.cached = cached;
        c.nulls = nulls;
        c.failed = failed;
        c.skipped = skipped;
        c.tokensIn = tokensIn;
        c.tokensOut = tokensOut;
        c.latencyMillis = latencyMillis;
        c.answeredCalls = answeredCalls;
        return c;
    }

    /** Back to a copy taken before a batch whose transaction did not commit. */
    void restore(RunCounters c) {
        labelled = c.labelled;
        cached = c.cached;
        nulls = c.nulls;
        failed = c.failed;
        skipped = c.skipped;
        tokensIn = c.tokensIn;
        tokensOut = c.tokensOut;
        latencyMillis = c.latencyMillis;
        answeredCalls = c.answeredCalls;
    }

    int done() {
        return labelled + nulls + failed + skipped;
    }
}
