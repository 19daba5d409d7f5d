package org.tracejudge.redaction;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link Medicines}: a word with a dose after it, or a listed medicine beside a medicine word, is kept. */
class MedicinesTest {
    private final Redactor r = new Redactor();

    @ParameterizedTest
    @ValueSource(strings = {"Tomo 50 mg de sertralina", "they put me on Yasmin last week", "lyrica 75mg twice a day"})
    void aMedicineNamedLikeAPersonIsKept(String text) {
        RedactionAsserts.leaves(r, text);
        Scan s = r.scan(text);
        assertTrue(s.keeps.stream().anyMatch(k -> k.recognizer().equals("names.medicines")), s.keeps.toString());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {"my daughter Yasmin won't talk to me|Yasmin"})
    void theSameNameWithoutAMedicineWordIsAPerson(String text, String name) {
        RedactionAsserts.hides(r, text, name);
    }
}
