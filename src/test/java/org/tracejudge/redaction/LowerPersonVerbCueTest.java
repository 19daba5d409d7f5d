package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;

/** LowerPersonVerbCue: a verb said of people after a lower-case word; the decision names the cue. */
class LowerPersonVerbCueTest {
    @Test
    void decidesWhereItsContextStands() {
        NameTraces.names(LowerPersonVerbCue.INSTANCE, "ffion said she'd come", "ffion");
    }

    @Test
    void saysNothingWithoutIt() {
        NameTraces.silent(LowerPersonVerbCue.INSTANCE.name(), "she said she'd come");
    }
}
