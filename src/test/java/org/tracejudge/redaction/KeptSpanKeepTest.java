package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;

/** KeptSpanKeep: another recognizer's keep span; the decision names the keep. */
class KeptSpanKeepTest {
    @Test
    void keepsWhereItsContextStands() {
        NameTraces.keeps(KeptSpanKeep.INSTANCE, "going to Marks and Spencer today", "Marks");
    }

    @Test
    void saysNothingWithoutIt() {
        NameTraces.silent(KeptSpanKeep.INSTANCE.name(), "Mrs Patel rang me");
    }
}
