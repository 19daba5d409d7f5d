package org.tracejudge.redaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link NationalIds} and the rules of {@link IdChecks}, on the issuers' own example values (INSEE's NIR 1 84 12 76 451
 * 089 46, the DNI 12345678Z, the PPS 1234567T, the ATO's TFN 123 456 782, the BSN 111222333, the codice fiscale
 * RSSMRA85T10A562S, the ABA number 021000021) and the same with one digit changed.
 */
class NationalIdsTest {
    private final Redactor r = new Redactor();

    @Test
    void theCheckRules() {
        assertTrue(IdChecks.nir("184127645108946"));
        assertFalse(IdChecks.nir("184127645108947"));
        assertTrue(IdChecks.nir("185032A00401238"), "Corsica: 2A counts as 19");
        assertFalse(IdChecks.nir("185132A00401238"), "month 13");
        assertTrue(IdChecks.dni("12345678Z"));
        assertFalse(IdChecks.dni("12345678A"));
        assertTrue(IdChecks.dni("X1234567L"));
        assertTrue(IdChecks.pps("1234567T"));
        assertTrue(IdChecks.pps("1234567FA"));
        assertFalse(IdChecks.pps("1234567U"));
        assertTrue(IdChecks.tfn("123456782"));
        assertFalse(IdChecks.tfn("123456783"));
        assertTrue(IdChecks.bsn("111222333"));
        assertFalse(IdChecks.bsn("111222334"));
        assertTrue(IdChecks.codiceFiscale("RSSMRA85T10A562S"));
        assertFalse(IdChecks.codiceFiscale("RSSMRA85T10A562T"));
        assertTrue(IdChecks.aba("021000021"));
        assertFalse(IdChecks.aba("021000022"));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "mon numéro de sécu : 1 84 12 76 451 089 46, c'est bon ?|1 84 12 76 451 089 46",
                "{\"nir\": \"184127645108946\"}|184127645108946",
                "NIR 1 84 12 76 451 089 - 46 merci|1 84 12 76 451 089 - 46",
                "carte vitale 1 85 03 2A 004 012 38|1 85 03 2A 004 012 38",
                "mi DNI es 12345678Z, gracias|12345678Z",
                "DNI 12.345.678-Z para la reserva|12.345.678-Z",
                "mi NIE es X1234567L y no me deja pedir cita|X1234567L",
                "my PPS number is 1234567T, can you check|1234567T",
                "Revenue want my PPSN (1234567FA)|1234567FA",
                "ppsn 1234567 T for the medical card|1234567 T",
                "my TFN is 123 456 782, do I give it to my employer|123 456 782",
                "tax file number 123456782 - lodged through myGov|123456782",
                "{\"tax_file_number\": \"123456782\"}|123456782",
                "mijn BSN is 111222333, kunnen jullie|111222333",
                "burgerservicenummer 1112.22.333 op mijn paspoort|1112.22.333",
                "il mio codice fiscale è RSSMRA85T10A562S|RSSMRA85T10A562S",
                "my PAN is ABCPD1234E, can you file the ITR|ABCPD1234E"
            })
    void eachIdIsHidden(String text, String id) {
        Redactor.Result res = RedactionAsserts.hides(r, text, id);
        assertTrue(
                res.spans().stream().anyMatch(s -> s.kind() == Redactor.Kind.NATIONAL_ID),
                res.spans().toString());
        assertTrue(res.text().contains("[NATIONAL_ID]"), res.text());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "NIR 1 84 12 76 451 089 47 (a wrong key)",
                "order 12345678A shipped", // DNI shape, wrong letter
                "part 1234567U in stock", // PPS shape, wrong letter
                "tracking 123456783 arrives Tuesday",
                "the code RSSMRA85T10A562T is not valid",
                "order 111222333 was shipped" // passes the 11-proof, but no BSN cue and no grouping
            })
    void aFailedCheckOrNoCueIsLeft(String text) {
        Redactor.Result res = r.redact(text);
        assertEquals(0, res.count(Redactor.Kind.NATIONAL_ID), res.text());
    }
}
