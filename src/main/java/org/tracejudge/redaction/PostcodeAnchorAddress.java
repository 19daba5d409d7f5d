package org.tracejudge.redaction;

import static org.tracejudge.redaction.AddressWalk.emit;
import static org.tracejudge.redaction.AddressWords.*;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A postcode of a known shape (UK, Eircode, US ZIP after a state, AU state and four digits, Indian PIN, five
 * digits and a town) with the comma-separated segments before it.
 */
final class PostcodeAnchorAddress implements AddressGrammar {
    static final PostcodeAnchorAddress INSTANCE = new PostcodeAnchorAddress();

    private PostcodeAnchorAddress() {}

    /** Where an Indian address written without commas begins: its flat, house, plot or door number. */
    private static final Pattern INDIA_START =
            Pattern.compile("(?iu)\\b(?:flat|h\\.?\\s?no|house\\s+no|plot|door\\s+no|d\\.?\\s?no)"
                    + "\\.?\\s*(?:no\\.?\\s*)?[\\p{L}\\p{N}/-]*\\d");
    /** A postcode that may end an address written without a street type. */
    private static final Pattern ANCHOR = Pattern.compile("(?u)(?<![\\p{L}\\p{N}])(?:" + UK_POSTCODE + "|" + EIRCODE
            + "|(?:" + STATE + "|" + AU_STATE + ")\\s+\\d{4,5}(?:-\\d{4})?|" + STATE_LOWER
            + "\\s+\\d{5}(?:-\\d{4})?|[1-9]\\d{2}\\s?\\d{3}|\\d{5}\\s+\\p{Lu}[\\p{L}-]+)(?![\\p{L}\\p{N}])");

    private static final Pattern SEGMENT_BACK = Pattern.compile(
            "(?u)(?:[\\p{L}\\p{N}][\\p{L}\\p{M}\\p{N}'’./#-]*"
                    + "(?:\\s+[\\p{L}\\p{N}][\\p{L}\\p{M}\\p{N}'’./#-]*){0,4}\\s*,\\s*){1,5}(?:\\p{L}[\\p{L}\\p{M}'’.-]+\\s+){0,2}-?\\s*$");

    private static final Pattern PIN_P = Pattern.compile("[1-9]\\d{2}\\s?\\d{3}");
    private static final Pattern UK_POSTCODE_P = Pattern.compile("(?s)" + UK_POSTCODE);
    private static final Pattern EIRCODE_P = Pattern.compile("(?s)" + EIRCODE);
    private static final Pattern INDIA_WORDS =
            Pattern.compile("(?:nagar|road|marg|colony|layout|sector|cross|main|block|"
                    + "phase|street|lane|flat|h\\.?\\s?no|house|pin|apartment|residency|society|india|bangalore|bengaluru|mumbai|"
                    + "delhi|chennai|hyderabad|kolkata|pune|[\\p{L}]+pur|[\\p{L}]+bad)");
    private static final Pattern LEADING_WORD = Pattern.compile("(?u)\\s*(\\p{Ll}+)\\s+");
    private static final Pattern KEEP_LEAD =
            Pattern.compile("(?iu)flat|apt|apartment|unit|suite|room|house|plot|no|h|d|"
                    + "appartement|wohnung|piso|calle|rue|avenue|via|rua|" + STRONG_TYPE + "|" + WEAK_TYPE);

    @Override
    public String name() {
        return "addresses.postcode-anchor";
    }

    @Override
    public void find(Scan h) {
        String t = h.text;
        Matcher a = ANCHOR.matcher(t);
        while (a.find()) {
            String g = a.group();
            boolean pin = PIN_P.matcher(g).matches();
            String lineBefore = t.substring(Math.max(0, a.start() - 160), a.start());
            int nl = lineBefore.lastIndexOf('\n');
            if (nl >= 0) {
                lineBefore = lineBefore.substring(nl + 1);
            }
            if (pin
                    && !INDIA_WORDS
                            .matcher(lineBefore.toLowerCase(java.util.Locale.ROOT))
                            .find()) {
                continue; // a six-digit number is a PIN only after an Indian address word
            }
            Matcher seg = SEGMENT_BACK.matcher(lineBefore);
            boolean segs = lineBefore.indexOf(',') >= 0 && seg.find(); // the segments end with commas
            boolean ukPostcode =
                    (UK_POSTCODE_P.matcher(g).matches() || EIRCODE_P.matcher(g).matches())
                            && g.chars().anyMatch(Character::isUpperCase);
            int indiaStart = -1;
            if (pin && !segs) {
                Matcher is = INDIA_START.matcher(
                        lineBefore.length() > 120 ? lineBefore.substring(lineBefore.length() - 120) : lineBefore);
                while (is.find()) {
                    indiaStart = a.start() - (Math.min(lineBefore.length(), 120) - is.start());
                }
            }
            if (!ukPostcode && !segs && indiaStart < 0) {
                continue; // a bare six-digit or five-digit number is not a postcode on its own
            }
            int start =
                    segs ? a.start() - (lineBefore.length() - seg.start()) : indiaStart >= 0 ? indiaStart : a.start();
            // the segments may begin inside a sentence: start after the last cue or sentence break in them
            String span = t.substring(start, a.start());
            Matcher cue = CUE.matcher(span);
            int cut = -1;
            while (cue.find()) {
                cut = cue.end();
            }
            if (cut >= 0) {
                start += cut;
            }
            // the segments may begin with the words of the sentence before the address: "vivo en", "we are at"
            Matcher lead = LEADING_WORD.matcher(t);
            while (start < a.start()
                    && lead.region(start, a.start()).lookingAt()
                    && Names.isCommonWord(lead.group(1))
                    && !KEEP_LEAD.matcher(lead.group(1)).matches()) {
                start = lead.end();
            }
            emit(h, start, a.end());
        }
    }
}
