package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;

/** PersonsOwnCue: a person's own people or party; the decision names the cue. */
class PersonsOwnCueTest {
    @Test
    void decidesWhereItsContextStands() {
        NameTraces.names(PersonsOwnCue.INSTANCE, "Jade's mum rang", "Jade's");
    }

    @Test
    void saysNothingWithoutIt() {
        NameTraces.silent(PersonsOwnCue.INSTANCE.name(), "Jade rang");
    }
}
