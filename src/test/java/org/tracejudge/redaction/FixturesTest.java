package org.tracejudge.redaction;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link Fixtures}: teams in results, platforms, destinations, dishes, openings, table cells and public places. */
class FixturesTest {
    private final Redactor r = new Redactor();

    @ParameterizedTest
    @ValueSource(
            strings = {
                "Olympique Lyonnais 1–1 Juventus (HT 1–0), Monday 24 April. Next: away at Borussia Dortmund, Mon 20:45.",
                "Standings: 1. Borussia Dortmund 41 pts, 2. Munster 41 pts, 3. Aston Villa 77 pts (GD +40).",
                "Andén 3: 06:01 Sprinter 1505 to Pune — +5 min; next 05:52.",
                "Voie 11: 07:55 ICE 1838 to Austin — on time.",
                "Bus 187 Piccadilly Gardens dep 18:18, arr Zoo 11:39.",
                "8. c3 O-O 9. h3 Nb8 — the Breyer variation of the Ruy Lopez; eval +0.33 at depth 29.",
                "Waldorf salad takes about 20 min; Eggs Benedict for two.",
                "store_id\tcity\tsq_ft\topened\n427\tAustin\t18459\t2023\n956\tGalway\t30765\t2006",
                "Berlin Hauptbahnhof, Europaplatz 1, 10557 Berlin; lockers on level −1.",
                "The British Museum, Great Russell Street, London WC1B 3DG, opens daily 10:00–17:00.",
                "Museo del Prado, Calle de Ruiz de Alarcón 23, 28014 Madrid — free entry 18:00–20:00."
            })
    void listingsAreKept(String text) {
        Redactor.Result res = r.redact(text);
        assertEquals(text, res.text(), res.spans().toString());
    }

    @Test
    void peopleInTheSameGenresStay() {
        assertEquals(
                1,
                r.redact("customer\tcity\tplan\nSiobhan Whitfield\tLeeds\tTeam").count(Redactor.Kind.NAME));
        Redactor.Result met =
                r.redact("Met Priya at the British Museum, Great Russell Street, London WC1B 3DG; she lives"
                        + " at 14 Larkspur Close, Harrogate HG2 7QT.");
        assertEquals(1, met.count(Redactor.Kind.NAME), met.text());
        assertEquals(1, met.count(Redactor.Kind.ADDRESS), met.text());
        assertEquals(
                1,
                r.redact("Platform 4: 07:55 ICE 1838 to Hamburg — Gareth Okonkwo will meet you.")
                        .count(Redactor.Kind.NAME));
        assertEquals(
                1,
                r.redact("I live near the station, 12 Elm Street, Leeds LS6 2AB")
                        .count(Redactor.Kind.ADDRESS));
    }
}
