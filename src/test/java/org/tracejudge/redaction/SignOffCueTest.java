package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;

/** SignOffCue: a sign-off; the decision names the cue. */
class SignOffCueTest {
    @Test
    void decidesWhereItsContextStands() {
        NameTraces.names(SignOffCue.INSTANCE, "thanks, Jo", "Jo");
        NameTraces.names(SignOffCue.INSTANCE, "thanks for listening\n- tom", "tom");
    }

    @Test
    void saysNothingWithoutIt() {
        NameTraces.silent(SignOffCue.INSTANCE.name(), "thanks for the help");
    }
}
