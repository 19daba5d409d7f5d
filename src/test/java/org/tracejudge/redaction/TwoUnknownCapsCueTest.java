package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;

/** TwoUnknownCapsCue: two capitalised words in no word list; the decision names the cue. */
class TwoUnknownCapsCueTest {
    @Test
    void decidesWhereItsContextStands() {
        NameTraces.names(TwoUnknownCapsCue.INSTANCE, "Zorbina Quaxley called me", "Zorbina");
        NameTraces.names(TwoUnknownCapsCue.INSTANCE, "Ngozika Adebanjo called", "Ngozika");
    }

    @Test
    void saysNothingWithoutIt() {
        NameTraces.silent(TwoUnknownCapsCue.INSTANCE.name(), "Zorbina called me");
    }
}
