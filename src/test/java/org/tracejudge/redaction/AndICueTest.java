package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;

/** AndICue: "and I" after a name; the decision names the cue. */
class AndICueTest {
    @Test
    void decidesWhereItsContextStands() {
        NameTraces.names(AndICue.INSTANCE, "Will and I argued", "Will");
        NameTraces.names(AndICue.INSTANCE, "Aled and me had a row", "Aled");
    }

    @Test
    void saysNothingWithoutIt() {
        NameTraces.silent(AndICue.INSTANCE.name(), "Will you help me");
    }
}
