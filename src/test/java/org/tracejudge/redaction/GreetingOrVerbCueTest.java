package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;

/** GreetingOrVerbCue: a greeting or a verb before a given name; the decision names the cue. */
class GreetingOrVerbCueTest {
    @Test
    void decidesWhereItsContextStands() {
        NameTraces.names(GreetingOrVerbCue.INSTANCE, "hi Joy, thanks for that", "Joy");
        NameTraces.names(GreetingOrVerbCue.INSTANCE, "tell Joy I said so", "Joy");
    }

    @Test
    void saysNothingWithoutIt() {
        NameTraces.silent(GreetingOrVerbCue.INSTANCE.name(), "joy to the world");
    }
}
