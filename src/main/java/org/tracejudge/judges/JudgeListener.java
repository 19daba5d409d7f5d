package org.tracejudge.judges;

/** Progress of a judge run; called from the run's writer thread. */
public interface JudgeListener {
    /** {@code done} of {@code planned} traces have a verdict (or failed); {@code etaMillis} -1 while unknown. */
    default void progress(int done, int planned, long elapsedMillis, long etaMillis) {}

    JudgeListener NONE = new JudgeListener() {};
}
