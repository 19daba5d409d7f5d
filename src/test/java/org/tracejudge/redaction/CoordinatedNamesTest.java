package org.tracejudge.redaction;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@link CoordinatedNames}: a capitalised word joined by a conjunction to a name found is a name too. */
class CoordinatedNamesTest {
    private final Redactor r = new Redactor();

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "Eilidh and Morag both said i looked awful|Eilidh",
                "Destiny and Jazmine stopped talking to me|Destiny"
            })
    void theOtherNameOfThePairIsTaken(String text, String name) {
        RedactionAsserts.hides(r, text, name);
    }

    @Test
    void theCandidateSaysItWasJoinedToAName() {
        Scan s = r.scan("Destiny and Jazmine stopped talking to me");
        assertTrue(
                s.candidates.stream()
                        .anyMatch(c -> c.recognizer().equals("names.coordinated")
                                && c.span().original().equals("Destiny")),
                s.candidates.toString());
    }
}
