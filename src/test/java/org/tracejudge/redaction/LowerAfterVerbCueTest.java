package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;

/** LowerAfterVerbCue: a lower-case word after a verb for people; the decision names the cue. */
class LowerAfterVerbCueTest {
    @Test
    void decidesWhereItsContextStands() {
        NameTraces.names(LowerAfterVerbCue.INSTANCE, "text chidi now", "chidi");
    }

    @Test
    void saysNothingWithoutIt() {
        NameTraces.silent(LowerAfterVerbCue.INSTANCE.name(), "text me now");
    }
}
