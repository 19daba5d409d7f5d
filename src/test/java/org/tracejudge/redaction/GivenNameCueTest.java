package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;

/** GivenNameCue: a given name that is nothing else; the decision names the cue. */
class GivenNameCueTest {
    @Test
    void decidesWhereItsContextStands() {
        NameTraces.names(GivenNameCue.INSTANCE, "tell priyanka I said hi", "priyanka");
        NameTraces.names(GivenNameCue.INSTANCE, "I miss Rhiannon so much", "Rhiannon");
    }

    @Test
    void saysNothingWithoutIt() {
        NameTraces.silent(GivenNameCue.INSTANCE.name(), "we had a nice walk today");
    }
}
