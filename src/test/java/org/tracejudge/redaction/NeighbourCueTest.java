package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;

/** NeighbourCue: a neighbour; the decision names the cue. */
class NeighbourCueTest {
    @Test
    void decidesWhereItsContextStands() {
        NameTraces.names(NeighbourCue.INSTANCE, "Dilys next door found me", "Dilys");
    }

    @Test
    void saysNothingWithoutIt() {
        NameTraces.silent(NeighbourCue.INSTANCE.name(), "Dilys found me");
    }
}
