package org.tracejudge.redaction;

import java.util.EnumSet;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Codes of things, not of people. A number named right before it as a product, shipment, order, transaction,
 * ticket, build or publication code ("NDC 0002-3227-30", "Transaction 824216439510", {@code "eticket": "…"}, "Batch
 * FQHKP1234Z", "Case number: 482 113 907") is no one's phone, card or national id, even when its check digit passes
 * by chance (one time in ten for Luhn and Verhoeff, one in eleven for the TFN and BSN). The label must stand directly
 * before the value, with only a number word, a colon, a quote or "#" between, so "order 1182, my TFN is 123 456 782"
 * keeps the TFN; strict redaction (remote judges, by choice) takes labelled numbers all the same. A value inside a hexadecimal token (a UUID, a hash) is not one either, and neither is an upper-case
 * name-like part of a code joined to digits by hyphens ("KIM-36377-SE"), and an "address" whose first number has seven
 * digits or more ("Transaction 445343279095 approved, auth code IN07PJ") is a code's line, not a house.
 */
final class CodeLabels {
    private CodeLabels() {}

    private static final Set<Redactor.Kind> NUMBERS = EnumSet.of(
            Redactor.Kind.PHONE,
            Redactor.Kind.CARD,
            Redactor.Kind.AADHAAR,
            Redactor.Kind.NATIONAL_ID,
            Redactor.Kind.SSN,
            Redactor.Kind.NHS,
            Redactor.Kind.NI,
            Redactor.Kind.TAX_ID);

    /** A label of a thing's code, then only a number word, separators and quotes up to the value. */
    private static final Pattern LABEL = Pattern.compile("(?iu)(?<![\\p{L}\\p{N}])(?:e-?ticket|ticket|ndc|lot|batch|"
            + "sku|upc|ean|gtin|isbn|issn|asin|mpn|serial|model|part|order|invoice|tracking|transaction|txn|terminal|"
            + "booking|confirmation|ref|reference|case|claim|docket|build|commit|request|job|pmid|pmcid|doi|arxiv|"
            + "patent|item|product|barcode|parcel|shipment|consignment|waybill|awb|container|locker|mpan(?:\\s+core)?|mprn|"
            + "meter|coupon|promo|voucher|cost\\s+cent(?:re|er)|purchase\\s+order|po|rma|incident|pipeline|deployment|"
            + "auth(?:orization)?\\s+code|approval\\s+code|merchant|release|firmware|company\\s+(?:number|no\\.?)|"
            + "company\\s+registration|registration|vat|lei|isin|cusip|duns|catalog(?:ue)?|ts|timestamp|epoch|"
            + "created(?:_at)?|updated(?:_at)?|expires(?:_at)?|exp|iat|nbf|trace|span|parent|"
            + "artikel(?:nummer|nr\\.?)|art\\.-?nr\\.?|bestell(?:nummer|nr\\.?)|rechnungs(?:nummer|nr\\.?)|"
            + "sendungs(?:nummer|nr\\.?)|auftrags(?:nummer|nr\\.?)|bestelnummer|ordernummer|factuurnummer|"
            + "artikelnr\\.?|référence|réf\\.?|numéro\\s+de\\s+(?:commande|suivi|facture)|referencia|"
            + "n[úu]mero\\s+de\\s+(?:pedido|seguimiento|factura)|codice\\s+articolo|numero\\s+d['’]ordine|"
            + "numero\\s+(?:ordine|fattura|di\\s+tracciamento)|snowflake|guild|tweet|status)"
            + "(?:[ _-]?(?:number|num|no\\.?|nr\\.?|id|code|ref))?[\"']?\\s*[:=#]?\\s*[\"']?\\s*#?\\s*$");

    /**
     * A field whose name says its value is an id, a cursor or a trace ({@code "id": "…"}, {@code next_page=…}), right
     * before a run of 17 digits or more: a Snowflake, Discord or Datadog id, no card (cards of 17 or more digits
     * are rare, and a card's field is named as one).
     */
    private static final Pattern ID_FIELD_BEFORE = Pattern.compile("(?i)(?:^|[^a-z])(?:[a-z_]*_)?(?:id|ids|cursor|"
            + "next_page|page|offset|after|before|since_id|max_id|trace|span|parent|seq|sequence|snowflake)[\"']?"
            + "\\s*[:=]\\s*[\"']?$");

    private static final Pattern LONG_DIGITS = Pattern.compile("\\d{17,}");

    /** An address's first number is a house number, a flat or a postcode: never seven digits in a row. */
    private static final Pattern LONG_NUMBER_FIRST = Pattern.compile("^\\D*\\d{7}");

    private static final Pattern HEX_TOKEN = Pattern.compile("[0-9a-fA-F-]+");

    static void keep(Scan h) {
        String t = h.text;
        h.spans.removeIf(
                s -> (NUMBERS.contains(s.kind()) && ((!h.strict && labelled(t, s.start())) || inHexToken(t, s)))
                        || (s.kind() == Redactor.Kind.CARD && longIdInIdField(t, s))
                        || (s.kind() == Redactor.Kind.ADDRESS
                                && LONG_NUMBER_FIRST.matcher(s.original()).find())
                        || (s.kind() == Redactor.Kind.NAME && codePart(t, s.start(), s.end())));
    }

    private static boolean longIdInIdField(String t, Redactor.Span s) {
        return LONG_DIGITS.matcher(s.original()).matches()
                && ID_FIELD_BEFORE
                        .matcher(t.substring(Math.max(0, s.start() - 40), s.start()))
                        .find();
    }

    private static boolean labelled(String t, int start) {
        return LABEL.matcher(t.substring(Math.max(0, start - 48), start)).find();
    }

    /** "…request_id=7c1d2a84-9823-4a2…": digits of a UUID or a hash glued to its hexadecimal letters. */
    private static boolean inHexToken(String t, Redactor.Span s) {
        int a = s.start();
        int b = s.end();
        boolean glued = (a > 0 && isHexLetter(t.charAt(a - 1))) || (b < t.length() && isHexLetter(t.charAt(b)));
        if (!glued) {
            return false;
        }
        while (a > 0 && HEX_TOKEN.matcher(String.valueOf(t.charAt(a - 1))).matches()) {
            a--;
        }
        while (b < t.length() && HEX_TOKEN.matcher(String.valueOf(t.charAt(b))).matches()) {
            b++;
        }
        boolean wordBefore = a > 0 && Character.isLetterOrDigit(t.charAt(a - 1));
        boolean wordAfter = b < t.length() && Character.isLetterOrDigit(t.charAt(b));
        return !wordBefore && !wordAfter && b - a >= 16;
    }

    private static boolean isHexLetter(char c) {
        return (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    /** An upper-case part of a code joined to digits by a hyphen: "KIM-36377-SE", "X-1200-LEE". */
    private static boolean codePart(String t, int start, int end) {
        String w = t.substring(start, end);
        if (!w.equals(w.toUpperCase(java.util.Locale.ROOT)) || w.chars().anyMatch(Character::isWhitespace)) {
            return false;
        }
        boolean after = end + 1 < t.length() && t.charAt(end) == '-' && Character.isDigit(t.charAt(end + 1));
        boolean before = start >= 2 && t.charAt(start - 1) == '-' && Character.isDigit(t.charAt(start - 2));
        return after || before;
    }
}
