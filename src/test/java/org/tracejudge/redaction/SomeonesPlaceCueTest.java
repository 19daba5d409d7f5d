package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;

/** SomeonesPlaceCue: someone's place; the decision names the cue. */
class SomeonesPlaceCueTest {
    @Test
    void decidesWhereItsContextStands() {
        NameTraces.names(SomeonesPlaceCue.INSTANCE, "we slept at Paris's flat", "Paris's");
    }

    @Test
    void saysNothingWithoutIt() {
        NameTraces.silent(SomeonesPlaceCue.INSTANCE.name(), "we slept in Paris");
    }
}
