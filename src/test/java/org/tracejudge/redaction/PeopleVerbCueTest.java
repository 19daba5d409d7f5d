package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;

/** PeopleVerbCue: a verb for people before a name; the decision names the cue. */
class PeopleVerbCueTest {
    @Test
    void decidesWhereItsContextStands() {
        NameTraces.names(PeopleVerbCue.INSTANCE, "ask Chidi about it", "Chidi");
        NameTraces.names(PeopleVerbCue.INSTANCE, "I went with Wanjiru", "Wanjiru");
    }

    @Test
    void saysNothingWithoutIt() {
        NameTraces.silent(PeopleVerbCue.INSTANCE.name(), "ask about it");
    }
}
