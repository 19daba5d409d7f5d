package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;

/** MonthCue: a month with no cue; the decision names the cue. */
class MonthCueTest {
    @Test
    void decidesWhereItsContextStands() {
        NameTraces.decidesNot(MonthCue.INSTANCE, "see you in May", "May");
        NameTraces.decidesNot(MonthCue.INSTANCE, "it was June again", "June");
    }

    @Test
    void saysNothingWithoutIt() {
        NameTraces.silent(MonthCue.INSTANCE.name(), "my name is May");
    }
}
