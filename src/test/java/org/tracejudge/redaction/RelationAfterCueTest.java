package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;

/** RelationAfterCue: a relation after a name; the decision names the cue. */
class RelationAfterCueTest {
    @Test
    void decidesWhereItsContextStands() {
        NameTraces.names(RelationAfterCue.INSTANCE, "Bill my stepdad is the problem", "Bill");
    }

    @Test
    void saysNothingWithoutIt() {
        NameTraces.silent(RelationAfterCue.INSTANCE.name(), "Bill is the problem");
    }
}
