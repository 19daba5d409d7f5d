package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;

/** NotAPersonKeep: a public figure, a named thing or a place; the decision names the keep. */
class NotAPersonKeepTest {
    @Test
    void keepsWhereItsContextStands() {
        NameTraces.keeps(NotAPersonKeep.INSTANCE, "listening to Adele all night", "Adele");
        NameTraces.keeps(NotAPersonKeep.INSTANCE, "ask St Bernadette to pray", "Bernadette");
    }

    @Test
    void saysNothingWithoutIt() {
        NameTraces.silent(NotAPersonKeep.INSTANCE.name(), "I miss Rhiannon so much");
    }
}
