package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;

/** PersonVerbCue: a verb said of people after a name; the decision names the cue. */
class PersonVerbCueTest {
    @Test
    void decidesWhereItsContextStands() {
        NameTraces.names(PersonVerbCue.INSTANCE, "Wanjiru threw a glass", "Wanjiru");
    }

    @Test
    void saysNothingWithoutIt() {
        NameTraces.silent(PersonVerbCue.INSTANCE.name(), "the glass fell");
    }
}
