package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;

/** GermanDeterminerKeep: a capital after a German determiner; the decision names the keep. */
class GermanDeterminerKeepTest {
    @Test
    void keepsWhereItsContextStands() {
        NameTraces.keeps(
                GermanDeterminerKeep.INSTANCE, "seit dem Tod von meinem Vater ist alles schwer und die Zeit", "Tod");
    }

    @Test
    void saysNothingWithoutIt() {
        NameTraces.silent(GermanDeterminerKeep.INSTANCE.name(), "since the death of my father");
    }
}
