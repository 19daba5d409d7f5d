package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;

/** SovereignKeep: a sovereign; the decision names the keep. */
class SovereignKeepTest {
    @Test
    void keepsWhereItsContextStands() {
        NameTraces.keeps(SovereignKeep.INSTANCE, "Queen Elizabeth hospital", "Queen");
    }

    @Test
    void saysNothingWithoutIt() {
        NameTraces.silent(SovereignKeep.INSTANCE.name(), "the queen was old");
    }
}
