package org.tracejudge.redaction;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Bank account numbers, which have no check a stranger can run: taken from their context. After a bank code (UK
 * sort code, US routing or ABA number — its weights 3 7 1 checked —, Australian BSB, Indian IFSC) the next run of 6
 * to 18 digits within a few words is the account; after an account cue ("account number", "acct", "a/c",
 * "Kontonummer", "numéro de compte", "número de cuenta", "rekeningnummer", "IBAN") the run right after it is. The bank
 * code itself is left: it names a branch, not a person. "account_id" (a cloud account) and amounts are not cues.
 */
final class BankAccounts {
    private BankAccounts() {}

    /** A bank code after its name: sort code, routing/ABA, BSB, IFSC (JSON field names too). */
    private static final Pattern CODE = Pattern.compile("(?i)(?<![\\p{L}])(sort[ _-]?code|routing(?:[ _-]?(?:number|no|"
            + "num|transit))?|aba|bsb|ifsc(?:[ _-]?code)?)[\\s\"':=#.,()-]{0,6}(?:no\\.?|number|is)?[\\s\"':=#.]{0,4}"
            + "(\\d{2}[ -]?\\d{2}[ -]?\\d{2}|\\d{9}|\\d{3}[ -]?\\d{3}|[A-Za-z]{4}0[A-Za-z0-9]{6})(?![\\p{L}\\p{N}])");

    /** An account cue right before the number. */
    private static final Pattern ACCOUNT_CUE = Pattern.compile("(?i)(?<![\\p{L}])(account[ _-]?(?:number|num|no\\.?|#)"
            + "|acct\\.?(?:[ _-]?(?:number|no\\.?|#))?|acc(?:[ _-]?no\\.?)?|a/c(?:[ _-]?no\\.?)?|kontonummer|konto-nr\\.?"
            + "|num[ée]ro de compte|n[úu]mero de cuenta|rekeningnummer|conto corrente|iban|account(?= is| \\d|: ?\\d))"
            + "[\\s\"':=#.]{0,6}(?:is[\\s:]+)?#?(\\d[\\d -]{4,22}\\d)(?![\\p{L}\\p{N}]|[.,]\\d)");

    /** The account number after a bank code: a few words on, a run of digits. */
    private static final Pattern AFTER_CODE =
            Pattern.compile("^[^\\n\\d]{0,40}?(?<![\\p{L}\\p{N}])#?(\\d[\\d -]{4,22}\\d)(?![\\p{L}\\p{N}]|[.,]\\d)");

    static void find(Scan h) {
        String lower = h.lower;
        if (!(lower.contains("sort")
                || lower.contains("rout")
                || lower.contains("aba")
                || lower.contains("bsb")
                || lower.contains("ifsc")
                || lower.contains("acc")
                || lower.contains("a/c")
                || lower.contains("konto")
                || lower.contains("compte")
                || lower.contains("cuenta")
                || lower.contains("rekening")
                || lower.contains("conto")
                || lower.contains("iban"))) {
            return;
        }
        Matcher m = CODE.matcher(h.text);
        while (m.find()) {
            String code = Checksums.digits(m.group(2));
            if (code.length() == 9 && !IdChecks.aba(code)) {
                continue;
            }
            Matcher a = AFTER_CODE.matcher(h.text).region(m.end(), h.text.length());
            if (a.find()) {
                account(h, a.start(1), a.end(1), "account number after a bank code (" + m.group(1) + ")");
            }
        }
        m = ACCOUNT_CUE.matcher(h.text);
        while (m.find()) {
            account(h, m.start(2), m.end(2), "account number after \"" + m.group(1) + "\"");
        }
    }

    private static void account(Scan h, int start, int end, String why) {
        String d = Checksums.digits(h.text.substring(start, end));
        if (d.length() < 6 || d.length() > 18 || Checksums.round(d) || h.cueBefore(start, 16, "aws account")) {
            // "AWS account 123456789012": a cloud account, not a bank's
            return;
        }
        h.add(Redactor.Kind.ACCOUNT, start, end, why);
    }
}
