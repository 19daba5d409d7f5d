package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;

/** TitleCue: a title before a name; the decision names the cue. */
class TitleCueTest {
    @Test
    void decidesWhereItsContextStands() {
        NameTraces.names(TitleCue.INSTANCE, "I saw Dr Okafor today", "Okafor");
        NameTraces.names(TitleCue.INSTANCE, "Mrs Patel rang me", "Patel");
        NameTraces.decidesNot(TitleCue.INSTANCE, "the nurse held my hand", "held");
    }

    @Test
    void saysNothingWithoutIt() {
        NameTraces.silent(TitleCue.INSTANCE.name(), "Okafor came today");
    }
}
