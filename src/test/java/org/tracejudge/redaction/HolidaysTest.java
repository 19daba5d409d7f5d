package org.tracejudge.redaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link Holidays}: a holiday named after someone is not a person; a person beside it still is. */
class HolidaysTest {
    private final Redactor r = new Redactor();

    @ParameterizedTest
    @ValueSource(
            strings = {
                "Valentine's Day falls on a Friday this year, so the restaurant is fully booked",
                "Happy Valentine's Day to everyone on the night shift",
                "valentines day is a scam tbh",
                "we're off to Dublin for St Patrick's Day, first time seeing the parade",
                "Saint Patrick's Day party at the pub",
                "The office is closed on Martin Luther King Day, Monday January 20.",
                "Martin Luther King Jr. Day observed",
                "Guy Fawkes Night was so loud the dog hid under the bed all evening",
                "Boxing Day sales start at 6am, I'm not going anywhere near the shops",
                "St. David's Day! daffodils all over the school today"
            })
    void aHolidayIsNotAName(String text) {
        RedactionAsserts.leaves(r, text);
    }

    @Test
    void aPersonBesideAHolidayIsStillRedacted() {
        Redactor.Result res = r.redact("We met Valentine Okafor on St Patrick's Day");
        assertEquals("We met [NAME] on St Patrick's Day", res.text());
    }

    @Test
    void phrasesMatchWithOrWithoutApostrophesAndFullStops() {
        var p = Holidays.build(List.of("st patrick's day", "martin luther king jr. day"));
        for (String s : List.of(
                "St Patrick's Day",
                "st patricks day",
                "Saint Patrick’s Day",
                "St. Patrick's day",
                "Martin Luther King Jr Day")) {
            assertTrue(p.matcher(s).matches(), s);
        }
    }
}
