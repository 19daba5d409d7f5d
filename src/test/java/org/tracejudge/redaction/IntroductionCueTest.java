package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;

/** IntroductionCue: an introduction; the decision names the cue. */
class IntroductionCueTest {
    @Test
    void decidesWhereItsContextStands() {
        NameTraces.names(IntroductionCue.INSTANCE, "my name is Will", "Will");
        NameTraces.names(IntroductionCue.INSTANCE, "my name is hope and I am sad", "hope");
    }

    @Test
    void saysNothingWithoutIt() {
        NameTraces.silent(IntroductionCue.INSTANCE.name(), "we have a cat called Pickles");
    }
}
