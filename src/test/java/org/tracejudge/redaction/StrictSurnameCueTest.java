package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;

/** StrictSurnameCue: a capitalised surname in strict mode; the decision names the cue. */
class StrictSurnameCueTest {
    @Test
    void decidesWhereItsContextStands() {
        NameTraces.names(StrictSurnameCue.INSTANCE, "ok so Kowalski.", "Kowalski", true);
        NameTraces.names(StrictSurnameCue.INSTANCE, "ok so Schmidt.", "Schmidt", true);
    }

    @Test
    void saysNothingWithoutIt() {
        NameTraces.silent(StrictSurnameCue.INSTANCE.name(), "ok so Kowalski.");
    }
}
