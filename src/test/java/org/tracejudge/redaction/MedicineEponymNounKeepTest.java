package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;

/** MedicineEponymNounKeep: a medicine, a condition or a foreign noun; the decision names the keep. */
class MedicineEponymNounKeepTest {
    @Test
    void keepsWhereItsContextStands() {
        NameTraces.keeps(MedicineEponymNounKeep.INSTANCE, "with Zoloft and Lexapro", "Zoloft");
        NameTraces.keeps(MedicineEponymNounKeep.INSTANCE, "Le Pont Neuf est beau, et le chat dort", "Pont");
    }

    @Test
    void saysNothingWithoutIt() {
        NameTraces.silent(MedicineEponymNounKeep.INSTANCE.name(), "with Zorbina and me");
    }
}
