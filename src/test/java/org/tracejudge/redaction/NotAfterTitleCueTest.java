package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;

/** NotAfterTitleCue: a word no title makes a person; the decision names the cue. */
class NotAfterTitleCueTest {
    @Test
    void decidesWhereItsContextStands() {
        NameTraces.decidesNot(NotAfterTitleCue.INSTANCE, "Dr. Phil was on again", "Phil");
    }

    @Test
    void saysNothingWithoutIt() {
        NameTraces.silent(NotAfterTitleCue.INSTANCE.name(), "I saw Dr Okafor today");
    }
}
