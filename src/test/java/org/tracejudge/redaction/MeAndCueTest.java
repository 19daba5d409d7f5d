package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;

/** MeAndCue: "me and" someone doing it together; the decision names the cue. */
class MeAndCueTest {
    @Test
    void decidesWhereItsContextStands() {
        NameTraces.names(MeAndCue.INSTANCE, "me and ebony broke up", "ebony");
        NameTraces.names(MeAndCue.INSTANCE, "me n will had a row", "will");
    }

    @Test
    void saysNothingWithoutIt() {
        NameTraces.silent(MeAndCue.INSTANCE.name(), "me and you broke up");
    }
}
