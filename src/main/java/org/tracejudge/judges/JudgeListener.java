package org.tracejudge.judges;

/** Progress of a judge run; called from the run's writer thread. */
public interface JudgeListener {
    /** {@code done} of {@code planned} traces have a verdict (or failed); {@code etaMillis} -1 while unknown. */
    default void progress(int done, int planned, long elapsedMillis, long etaMillis) {}

    /** Requests sent and tokens used so far (after each committed batch, right after {@link #progress}). */
    default void usage(long requests, long tokensIn, long tokensOut) {}

    JudgeListener NONE = new JudgeListener() {};
}
