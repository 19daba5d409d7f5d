package org.tracejudge.redaction;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The rules added for issue 33's fifth pass after the fifth development set (dev5.jsonl: addresses in every locale,
 * clinical and landmark text); every case here failed on the build before them (commit 669a0fe). Strings written for
 * this test, none from the held-out set.
 */
class Issue33eMechanismsTest {
    private final Redactor r = new Redactor();

    @ParameterizedTest
    @ValueSource(
            strings = {
                // "c/o" in a clinical note is "complains of", not the Spanish "c/" for calle
                "bed 9 pt c/o headache 7/10 since 06:00",
                // a street address that is a title after a work verb
                "we keep rewatching 21 Jump Street",
                // freephone and shared-rate service lines, said of a service
                "Breathing Space is on 0800 83 85 87 in the evenings",
                "the Trevor Project: 1-866-488-7386",
                "support line 1800 80 48 48, free from a mobile",
                // a lower-case word before a time noun after a relation
                "my brother last week said nothing at all",
                // an artist after a listening verb in Spanish and German, a possessive before a work
                "escucho a Rosalía cuando no puedo dormir",
                "ich höre gerade Grönemeyer",
                "playing Taylor Swift's live album again",
                // a subject of a work
                "wrote my essay about Martin Luther King",
                // a place word after a name-like word
                "changed trains at Rajiv Chowk",
            })
    void ordinaryTextIsLeftAlone(String text) {
        RedactionAsserts.leaves(r, text);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                // a capitalised kinship or role word before a name is its title; a respect word after it goes with it
                "i miss Grandma Edith every day|Grandma Edith",
                "what Coach Ferreira said stays with me|Coach Ferreira",
                "Ramesh uncle keeps calling papa|Ramesh uncle",
                // "boyf" is a relation
                "my boyf Kaiden checks my phone|Kaiden",
                // a freephone number said to be someone's is still taken
                "1-888-555-0143 is my sister's work line|1-888-555-0143",
            })
    void namesAndOwnedNumbersAreTaken(String text, String item) {
        RedactionAsserts.hides(r, text, item);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                // Dutch: a particle before the street, a number with a suffix or "bis", a two-word town, a Postbus
                "hij woont van Speijklaan 7, 2022 AB Haarlem|van Speijklaan 7, 2022 AB Haarlem",
                "adres: Lijnbaansgracht 41-2, 1015 GS Amsterdam|Lijnbaansgracht 41-2, 1015 GS Amsterdam",
                "stuur het naar Nieuwegracht 20 bis, 3512 LS Utrecht|Nieuwegracht 20 bis, 3512 LS Utrecht",
                "antwoordnummer Postbus 880, 2501 CW Den Haag|Postbus 880, 2501 CW Den Haag",
                // German: "Hausnummer" between street and number, "in" and the town, a town "am Main", lower case "im"
                "ich wohne Lindenstraße, Hausnummer 9, in Kassel, im Hinterhaus|Lindenstraße, Hausnummer 9, in Kassel",
                "neue Adresse Wohnung 2, Bergerstr. 11, 60316 Frankfurt am Main seit Mai|Wohnung 2, Bergerstr. 11, 60316 Frankfurt am Main",
                "briefe an zum anger 6, 91054 erlangen|zum anger 6, 91054 erlangen",
                // Spanish: a town of one letter and a word
                "estoy en calle Orzán 3 bajo, 15001 A Coruña|calle Orzán 3 bajo, 15001 A Coruña",
                // US: a lot number, a direction before an ordinal street, a lower-case city then state and ZIP
                "trailer is lot 9, 1400 Mesa Blvd, Yuma AZ 85365|lot 9, 1400 Mesa Blvd, Yuma AZ 85365",
                "crashing at 310 w 4th st, apt 6, tempe|310 w 4th st, apt 6, tempe",
                "staying at 81 w 12th st apt 2f new york ny 10011 tonight|81 w 12th st apt 2f new york ny 10011",
                // UK: a lower-case building after a flat number, a one-word street with its type
                "new place is flat 4 willow bank court 6 mill lane leeds ls5 3aa|flat 4 willow bank court 6 mill lane leeds ls5 3aa",
                "she moved into 23 Queensway, Bangor|23 Queensway, Bangor",
                // India: a flat number and a PIN with no commas between
                "flat 101 shree ganesh apartments 9th main hsr layout bangalore 560102 is the address|flat 101 shree ganesh apartments 9th main hsr layout bangalore 560102",
                // Ireland: townland and town before the county, no Eircode, no number
                "post goes to Drumkeeran, Dromahair, Co. Leitrim now|Drumkeeran, Dromahair, Co. Leitrim",
            })
    void addressesAreTakenWhole(String text, String item) {
        RedactionAsserts.hides(r, text, item);
    }
}
