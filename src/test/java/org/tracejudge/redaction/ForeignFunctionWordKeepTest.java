package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;

/** ForeignFunctionWordKeep: a function word of the message's language; the decision names the keep. */
class ForeignFunctionWordKeepTest {
    @Test
    void keepsWhereItsContextStands() {
        NameTraces.keeps(ForeignFunctionWordKeep.INSTANCE, "Le Pont Neuf est beau, et le chat dort", "est");
    }

    @Test
    void saysNothingWithoutIt() {
        NameTraces.silent(ForeignFunctionWordKeep.INSTANCE.name(), "the bridge is nice and the cat sleeps");
    }
}
