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

    int done() {
        return labelled + nulls + failed + skipped;
    }
}
