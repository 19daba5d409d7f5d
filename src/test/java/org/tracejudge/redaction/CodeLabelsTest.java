package org.tracejudge.redaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link CodeLabels}: a code named as a thing's code is not a person's number; a person's number beside it still is. */
class CodeLabelsTest {
    private final Redactor r = new Redactor();

    @ParameterizedTest
    @ValueSource(
            strings = {
                "Variant in BRAF (c.3231C>A), ICD-10 D50.8, NDC 0002-3227-30, lot OXRBRFOF.",
                "ISBN 978-4-537-86196-4; EAN 5183666841152; UPC 425296019152; SKU KIM-36377-SE.",
                "{\"booking_ref\": \"NTQBXS\", \"flight\": \"ZV6996\", \"eticket\": \"1234567890128\"}",
                "Your support case was updated. Case number: 123 456 782. Reply above this line.",
                "Transaction 824216439510 approved, auth code 5JJIYP, terminal 16151240.",
                "Parcel EE146358063GB is at the depot. Batch FQHKC1234Z.",
                "{\"session\": \"cc19393d-d9e7-4957-b9b1-de86461af27f\", \"ts\": 1712345678901}",
                "request_id=12345678-9012-4a2e-a68e-adcbb0c6fe74 status=200",
                "Transaction 445343279095 approved, auth code IN07PJ, terminal 71549209."
            })
    void aThingsCodeIsKept(String text) {
        RedactionAsserts.leaves(r, text);
    }

    @Test
    void aPersonsNumberAfterACodeIsStillTaken() {
        Redactor.Result res = r.redact("order 1182 is late; my TFN is 123 456 782, my PAN is ABCPD1234E");
        assertEquals("order 1182 is late; my TFN is [NATIONAL_ID], my PAN is [NATIONAL_ID]", res.text());
    }

    @Test
    void aCompanysPanNeedsACue() {
        assertEquals(
                "Batch FQHKC1234Z shipped", r.redact("Batch FQHKC1234Z shipped").text());
        assertEquals(
                "PAN of the firm: [NATIONAL_ID]",
                r.redact("PAN of the firm: AAAFC1234Z").text());
    }

    @Test
    void strictRedactionTakesLabelledNumbersAllTheSame() {
        Redactor strict =
                new Redactor(new Redactor.Options(true, java.util.List.of(), java.util.List.of(), java.util.List.of()));
        assertTrue(strict.redact("Transaction 824216439510 approved").spans().size() > 0);
    }

    /** Round 59 (dev18, dev19): item numbers under German, French, Spanish, Italian and Dutch labels; long ids. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "Gratis verzending vanaf 89 €. Artikelnummer: 20937465.",
                "Livraison avant le 7.8.; Référence: 07700900123.",
                "{\"data\": [{\"next_page\": \"779828356175016430\", \"count\": 410}]}",
                "2024-10-04T02:26:53Z INFO scheduler: message_id=4000354177444995685 took 88ms"
            })
    void labelledCodesAndLongIdsAreKept(String text) {
        Redactor.Result res = new Redactor().redact(text);
        assertEquals(text, res.text(), res.spans().toString());
    }

    @Test
    void aCardInACardFieldStaysACard() {
        Redactor.Result res = new Redactor().redact("{\"card_number\": \"4111111111111111\"}");
        assertEquals(1, res.count(Redactor.Kind.CARD), res.text());
    }
}
