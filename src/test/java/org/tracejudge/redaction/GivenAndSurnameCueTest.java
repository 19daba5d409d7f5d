package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;

/** GivenAndSurnameCue: a given name and a surname; the decision names the cue. */
class GivenAndSurnameCueTest {
    @Test
    void decidesWhereItsContextStands() {
        NameTraces.names(GivenAndSurnameCue.INSTANCE, "Hope Ogundipe is my mum", "Hope");
    }

    @Test
    void saysNothingWithoutIt() {
        NameTraces.silent(GivenAndSurnameCue.INSTANCE.name(), "Hope you are well");
    }
}
