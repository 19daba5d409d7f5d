package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;

/** ClosingNameCue: a name alone ending the message; the decision names the cue. */
class ClosingNameCueTest {
    @Test
    void decidesWhereItsContextStands() {
        NameTraces.names(ClosingNameCue.INSTANCE, "sorry it's long. Bethan x", "Bethan");
    }

    @Test
    void saysNothingWithoutIt() {
        NameTraces.silent(ClosingNameCue.INSTANCE.name(), "sorry it's long. Thanks x");
    }
}
