package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;

/** InitialCue: an initial before a surname; the decision names the cue. */
class InitialCueTest {
    @Test
    void decidesWhereItsContextStands() {
        NameTraces.names(InitialCue.INSTANCE, "I told M. Dubois about it", "Dubois");
        NameTraces.names(InitialCue.INSTANCE, "letter from K. Pritchard came", "Pritchard");
    }

    @Test
    void saysNothingWithoutIt() {
        NameTraces.silent(InitialCue.INSTANCE.name(), "I need Vitamin D. Then I slept");
    }
}
