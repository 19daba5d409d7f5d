package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;

/** LanguageWordKeep: a word of the message's language that is also a name; the decision names the keep. */
class LanguageWordKeepTest {
    @Test
    void keepsWhereItsContextStands() {
        NameTraces.keeps(LanguageWordKeep.INSTANCE, "Soledad es lo único que siento y no sé", "Soledad");
    }

    @Test
    void saysNothingWithoutIt() {
        NameTraces.silent(LanguageWordKeep.INSTANCE.name(), "my friend Soledad is here");
    }
}
