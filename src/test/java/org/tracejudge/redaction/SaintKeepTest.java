package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;

/** SaintKeep: a saint's place; the decision names the keep. */
class SaintKeepTest {
    @Test
    void keepsWhereItsContextStands() {
        NameTraces.keeps(SaintKeep.INSTANCE, "Sant Jordi is coming", "Jordi");
        NameTraces.keeps(SaintKeep.INSTANCE, "visit São Paulo soon", "Paulo");
    }

    @Test
    void saysNothingWithoutIt() {
        NameTraces.silent(SaintKeep.INSTANCE.name(), "I miss Rhiannon so much");
    }
}
