package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;

/** AuxiliaryKeep: a lower-case auxiliary; the decision names the keep. */
class AuxiliaryKeepTest {
    @Test
    void keepsWhereItsContextStands() {
        NameTraces.keeps(AuxiliaryKeep.INSTANCE, "my father has cancer", "has");
    }

    @Test
    void saysNothingWithoutIt() {
        NameTraces.silent(AuxiliaryKeep.INSTANCE.name(), "I saw Dr Okafor today");
    }
}
