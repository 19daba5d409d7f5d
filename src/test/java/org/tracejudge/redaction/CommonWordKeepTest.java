package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;

/** CommonWordKeep: an ordinary word; the decision names the keep. */
class CommonWordKeepTest {
    @Test
    void keepsWhereItsContextStands() {
        NameTraces.keeps(CommonWordKeep.INSTANCE, "we had a nice walk today", "today");
    }

    @Test
    void saysNothingWithoutIt() {
        NameTraces.silent(CommonWordKeep.INSTANCE.name(), "we had a nice walk today", true);
    }
}
