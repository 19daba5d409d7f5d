package org.tracejudge.ui.session;

import java.util.ArrayList;
import java.util.List;

/**
 * The latency probe of the review keys: the time from a review key to the next item shown, as the benchmark reads it.
 * A view model marks the key; the trace view says when it showed the result. Any thread.
 */
public final class KeyLatency {
    /** Timestamp (nanoTime) of the last review key; the trace view reports when it showed the result. */
    private volatile long keyTime;

    private final List<Double> keyToShownMillis = new ArrayList<>();

    /** A review key was pressed now (the trace view reports when it showed the result). */
    public void markKey() {
        keyTime = System.nanoTime();
    }

    /** Called by the trace view once it shows a trace: records the key-to-shown time. */
    public void shown() {
        long k = keyTime;
        if (k != 0) {
            keyTime = 0;
            synchronized (keyToShownMillis) {
                keyToShownMillis.add((System.nanoTime() - k) / 1e6);
            }
        }
    }

    /** Key-to-next-item times measured so far (ms), for the benchmark. */
    public List<Double> keyToShownMillis() {
        synchronized (keyToShownMillis) {
            return List.copyOf(keyToShownMillis);
        }
    }
}
