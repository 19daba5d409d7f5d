package org.tracejudge.redaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link BankAccounts}: the account after a sort code, routing number, BSB, IFSC or account cue; the code is left. */
class BankAccountsTest {
    private final Redactor r = new Redactor();

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "send the deposit back to sort code 20-45-77 account number 41726354 please|41726354|20-45-77",
                "my bank details are sort code 20-45-77, acc 41726354 (Monzo)|41726354|20-45-77",
                "sort code 20 45 77 and the account is 41726354, thanks|41726354|20 45 77",
                "{\"bank\": {\"sort_code\": \"204577\", \"account_number\": \"41726354\"}}|41726354|204577",
                "for direct deposit my routing number is 021000021 and account 4417263541|4417263541|routing number",
                "routing 021000021 account 4417263541 - checking|4417263541|routing",
                "wire it to routing no. 021000021, acct #441726354, chase|441726354|routing",
                "pay it into my CBA account, BSB 062-000 account 12345678, cheers|12345678|062-000",
                "A/c 50100234567891 IFSC HDFC0001234, main branch|50100234567891|HDFC0001234",
                "Kontonummer 0532013000 bei der Sparkasse|0532013000|Sparkasse"
            })
    void theAccountIsHiddenTheBankCodeLeft(String text, String account, String code) {
        Redactor.Result res = RedactionAsserts.hides(r, text, account);
        assertTrue(res.text().contains("[ACCOUNT]"), res.text());
        assertTrue(res.text().contains(code), "the bank code stays: " + res.text());
        // (a US routing number is nine digits, and the phone detector may take it: the code is public, not a leak)
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "tool_result: {\"account_id\": \"123456789012\", \"region\": \"eu-central-1\"}",
                "arn:aws:iam::123456789012:role/ci-deploy assumed for 3600 seconds",
                "account balance 1,204.55 as of today",
                "the account number field is required",
                "routing rules updated for the EU cluster at 14:00",
                "sort code validation failed: use 6 digits"
            })
    void noAccountWithoutItsCue(String text) {
        assertEquals(
                0, r.redact(text).count(Redactor.Kind.ACCOUNT), r.redact(text).text());
    }
}
