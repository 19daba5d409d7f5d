package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;

/** FromGroupCue: one person of a group who speaks; the decision names the cue. */
class FromGroupCueTest {
    @Test
    void decidesWhereItsContextStands() {
        NameTraces.names(FromGroupCue.INSTANCE, "Mark from the group said no", "Mark");
        NameTraces.names(FromGroupCue.INSTANCE, "Grace from work texted me", "Grace");
    }

    @Test
    void saysNothingWithoutIt() {
        NameTraces.silent(FromGroupCue.INSTANCE.name(), "Mark the date");
    }
}
