package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;

/** DoseFormKeep: a dose form before a medicine; the decision names the keep. */
class DoseFormKeepTest {
    @Test
    void keepsWhereItsContextStands() {
        NameTraces.keeps(DoseFormKeep.INSTANCE, "Tab Clonazepam 0.25 mg", "Tab");
    }

    @Test
    void saysNothingWithoutIt() {
        NameTraces.silent(DoseFormKeep.INSTANCE.name(), "Clonazepam 0.25 mg");
    }
}
