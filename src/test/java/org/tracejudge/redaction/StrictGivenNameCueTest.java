package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;

/** StrictGivenNameCue: a capitalised given name in strict mode; the decision names the cue. */
class StrictGivenNameCueTest {
    @Test
    void decidesWhereItsContextStands() {
        NameTraces.names(StrictGivenNameCue.INSTANCE, "ok so Rose.", "Rose", true);
    }

    @Test
    void saysNothingWithoutIt() {
        NameTraces.silent(StrictGivenNameCue.INSTANCE.name(), "ok so Rose.");
    }
}
