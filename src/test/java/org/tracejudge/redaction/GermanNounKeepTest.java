package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;

/** GermanNounKeep: a German noun; the decision names the keep. */
class GermanNounKeepTest {
    @Test
    void keepsWhereItsContextStands() {
        NameTraces.keeps(GermanNounKeep.INSTANCE, "Ich habe mit der Beratung gesprochen und sie ist gut", "Beratung");
    }

    @Test
    void saysNothingWithoutIt() {
        NameTraces.silent(GermanNounKeep.INSTANCE.name(), "I spoke with the Beratung team");
    }
}
