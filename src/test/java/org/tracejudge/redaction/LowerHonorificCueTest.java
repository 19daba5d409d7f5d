package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;

/** LowerHonorificCue: a respect word after a lower-case given name; the decision names the cue. */
class LowerHonorificCueTest {
    @Test
    void decidesWhereItsContextStands() {
        NameTraces.names(LowerHonorificCue.INSTANCE, "sunny uncle came over", "sunny");
        NameTraces.names(LowerHonorificCue.INSTANCE, "joy aunty came", "joy");
    }

    @Test
    void saysNothingWithoutIt() {
        NameTraces.silent(LowerHonorificCue.INSTANCE.name(), "sunny day today");
    }
}
