package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;

/** SelfIntroductionCue: a self-introduction; the decision names the cue. */
class SelfIntroductionCueTest {
    @Test
    void decidesWhereItsContextStands() {
        NameTraces.names(SelfIntroductionCue.INSTANCE, "I'm Zebulonx.", "Zebulonx");
    }

    @Test
    void saysNothingWithoutIt() {
        NameTraces.silent(SelfIntroductionCue.INSTANCE.name(), "I'm tired.");
    }
}
