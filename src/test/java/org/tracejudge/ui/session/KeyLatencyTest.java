package org.tracejudge.ui.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The review keys' latency probe, plain JUnit. */
class KeyLatencyTest {
    @Test
    void aTraceShownAfterAKeyIsTimedOnceAndOneShownWithoutAKeyIsNot() {
        KeyLatency probe = new KeyLatency();
        probe.shown(); // a trace shown by a click, not a key
        assertEquals(List.of(), probe.keyToShownMillis());

        probe.markKey();
        probe.shown();
        probe.shown(); // the same key is counted once
        List<Double> ms = probe.keyToShownMillis();
        assertEquals(1, ms.size());
        assertTrue(ms.get(0) >= 0, ms.toString());

        probe.markKey();
        probe.markKey(); // the later key is the one timed
        probe.shown();
        assertEquals(2, probe.keyToShownMillis().size());
    }
}
