package org.tracejudge.redaction;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link ShopNames}: shops and brands named after people are keep spans, unless a cue makes them a person. */
class ShopNamesTest {
    private final Redactor r = new Redactor();

    @ParameterizedTest
    @ValueSource(
            strings = {
                "the john lewis sale was rammed",
                "the Marks and Spencer near me closed",
                "picked up a lamp at Harvey Norman on the way home",
                "the Sue Ryder shop took all his clothes",
                "Timpson fixed my watch strap for nothing"
            })
    void aShopNamedAfterAPersonIsKept(String text) {
        RedactionAsserts.leaves(r, text);
        Scan s = r.scan(text);
        assertTrue(s.keeps.stream().anyMatch(k -> k.recognizer().equals("names.shops")), s.keeps.toString());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "my friend David Jones lent me his car|David Jones",
                "tell Harvey Norman i said sorry|Harvey Norman",
                "Tadhg Costa keeps texting me|Tadhg Costa"
            })
    void aCueOrANameBesideItMakesItAPerson(String text, String name) {
        RedactionAsserts.hides(r, text, name);
    }

    @Test
    void strictModeKeepsNoShop() {
        Redactor strict =
                new Redactor(new Redactor.Options(true, java.util.List.of(), java.util.List.of(), java.util.List.of()));
        assertTrue(strict.scan("the john lewis sale was rammed").keeps.isEmpty());
    }
}
