package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;

/** HyphenatedSurnameCue: a hyphenated surname; the decision names the cue. */
class HyphenatedSurnameCueTest {
    @Test
    void decidesWhereItsContextStands() {
        NameTraces.names(HyphenatedSurnameCue.INSTANCE, "I spoke to Lopez-Martin", "Lopez-Martin");
    }

    @Test
    void saysNothingWithoutIt() {
        NameTraces.silent(HyphenatedSurnameCue.INSTANCE.name(), "I spoke to Lopez");
    }
}
