package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;

/** RelationCue: a relation before a name; the decision names the cue. */
class RelationCueTest {
    @Test
    void decidesWhereItsContextStands() {
        NameTraces.names(RelationCue.INSTANCE, "my friend rukhsana is coming", "rukhsana");
        NameTraces.decidesNot(RelationCue.INSTANCE, "my nan rose early", "rose");
    }

    @Test
    void saysNothingWithoutIt() {
        NameTraces.silent(RelationCue.INSTANCE.name(), "my father has cancer");
    }
}
