package org.tracejudge.redaction;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link Eponyms}: terms, units and companies named after people are kept; the people themselves are not. */
class EponymsTest {
    private final Redactor r = new Redactor();

    @ParameterizedTest
    @ValueSource(
            strings = {
                "We used Cohen's kappa and a Monte Carlo estimate to compare the runs.",
                "We used Spearman's rho, Bayes' theorem and a Kalman filter.",
                "Pearson's correlation and Fisher's exact test agree; Huffman coding shrinks it.",
                "The sensor reads 373 kelvin and 12 newtons.",
                "Marriott and Hilton both cut prices for Black Friday.",
                "Oscar Mayer and Campbell's both cut prices for Labor Day.",
                "Heinz reported revenue of $9.5M for Q4.",
                "Transaction approved, merchant Porsche."
            })
    void aTermOrCompanyIsKept(String text) {
        RedactionAsserts.leaves(r, text);
    }

    @Test
    void peopleBesideThemAreStillTaken() {
        assertEquals(
                "[NAME] ran the test again",
                r.redact("Siobhan Murphy ran the test again").text());
        assertEquals(
                "my sister [NAME] said the kappa was low",
                r.redact("my sister Rose said the kappa was low").text());
        assertEquals(
                "my son [NAME] score went up",
                r.redact("my son Oliver's score went up").text());
    }
}
