package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;

/** OrganisationAfterKeep: an organisation after the name; the decision names the keep. */
class OrganisationAfterKeepTest {
    @Test
    void keepsWhereItsContextStands() {
        NameTraces.keeps(OrganisationAfterKeep.INSTANCE, "Lazarus Group did it", "Lazarus");
    }

    @Test
    void saysNothingWithoutIt() {
        NameTraces.silent(OrganisationAfterKeep.INSTANCE.name(), "Lazarus did it");
    }
}
