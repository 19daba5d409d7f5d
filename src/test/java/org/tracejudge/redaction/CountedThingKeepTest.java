package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;

/** CountedThingKeep: a counted thing; the decision names the keep. */
class CountedThingKeepTest {
    @Test
    void keepsWhereItsContextStands() {
        NameTraces.keeps(CountedThingKeep.INSTANCE, "ich habe 30 Minuten gewartet und das ist nicht gut", "Minuten");
    }

    @Test
    void saysNothingWithoutIt() {
        NameTraces.silent(CountedThingKeep.INSTANCE.name(), "I waited 30 minutes");
    }
}
