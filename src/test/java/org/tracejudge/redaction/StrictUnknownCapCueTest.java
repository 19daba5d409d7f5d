package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;

/** StrictUnknownCapCue: a capitalised word in no word list in strict mode; the decision names the cue. */
class StrictUnknownCapCueTest {
    @Test
    void decidesWhereItsContextStands() {
        NameTraces.names(StrictUnknownCapCue.INSTANCE, "yesterday Zorbin came", "Zorbin", true);
        NameTraces.names(StrictUnknownCapCue.INSTANCE, "yes Okafor, fine", "Okafor", true);
    }

    @Test
    void saysNothingWithoutIt() {
        NameTraces.silent(StrictUnknownCapCue.INSTANCE.name(), "yesterday Zorbin came");
    }
}
