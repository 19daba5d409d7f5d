package org.tracejudge.redaction;

import static org.tracejudge.redaction.AddressWalk.emit;
import static org.tracejudge.redaction.AddressWords.*;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** An address led by a flat, house or plot number, then comma-separated segments (UK, Ireland, India). */
final class UnitChainAddress implements AddressGrammar {
    static final UnitChainAddress INSTANCE = new UnitChainAddress();

    private UnitChainAddress() {}

    /** A segment of a comma-separated address: words or numbers ("sai krupa apartments", "12th cross", "no. 4"). */
    private static final String SEG_WORD =
            "(?:no\\.?\\s*\\d{1,5}|\\d{1,5}(?:st|nd|rd|th)?[a-zA-Z]?(?![\\p{L}\\p{N}])|" + WORD + ")";

    private static final String SEG =
            "(?:(?:the|near|off|opp\\.?|behind)\\s+)?" + SEG_WORD + "(?:\\s+(?:(?:for|of)\\s+)?" + SEG_WORD + "){0,4}";
    /**
     * An address led by a flat, house, room, plot or door number, then comma-separated segments ("flat 304, sai krupa
     * apartments, 12th cross, malleshwaram, bangalore", "apartment 3, the weir, mill road, ennis", "B-42, second
     * floor, Lajpat Nagar 3"). Group 1 is the lead when it names a home (flat, apartment, house, door).
     */
    private static final Pattern UNIT_CHAIN = Pattern.compile("(?iu)(?<![\\p{L}\\p{N}])(?:((?:basement|ground\\s+floor|"
            + "top\\s+floor|first\\s+floor|garden)\\s+flat|(?:flat|apt|apartment|house|door|h\\.?\\s?no|bungalow)\\.?(?:\\s*no\\.?)?"
            + "\\s*[\\p{L}\\p{N}/-]*\\d[\\p{L}\\p{N}/-]*)|(?:unit|room|rm|suite|lot|plot)\\.?(?:\\s*no\\.?)?\\s*[\\p{L}\\p{N}/-]*\\d"
            + "[\\p{L}\\p{N}/-]*|(?-i:[A-Z])-\\d{1,4}[A-Z]?)((?:\\s*,\\s*" + SEG + "){1,5})");
    /** A word of a street or an Indian locality in a segment chain. */
    private static final Pattern CHAIN_STREET = Pattern.compile("(?iu)(?<![\\p{L}])(?:" + STRONG_TYPE + "|nagar|"
            + "\\d{1,2}(?:st|nd|rd|th)\\s+(?:cross|main)|sector|mohalla|gali|marg|chowk|bazaar|apartments|society|residency|colony|layout|enclave|vihar|"
            + "puram|palya|halli)(?![\\p{L}])");

    @Override
    public String name() {
        return "addresses.unit-chain";
    }

    @Override
    public void find(Scan h) {
        String t = h.text;
        Matcher uc = UNIT_CHAIN.matcher(t);
        boolean chain = digitThenComma(t);
        while (chain && uc.find()) {
            int segments = uc.group(2).split(",", -1).length - 1;
            if ((uc.group(1) != null && segments >= 2)
                    || CHAIN_STREET.matcher(uc.group(2)).find()) {
                emit(h, uc.start(), uc.end()); // "flat 304, sai krupa apartments, 12th cross, malleshwaram"
            }
        }
    }

    /** Whether a digit is followed, within its word and a few spaces, by a comma: a unit-led address may be here. */
    private static boolean digitThenComma(String t) {
        for (int i = 0; i < t.length(); i++) {
            if (Character.isDigit(t.charAt(i))) {
                int j = i + 1;
                while (j < t.length() && j < i + 8 && !Character.isWhitespace(t.charAt(j)) && t.charAt(j) != ',') {
                    j++;
                }
                while (j < t.length() && t.charAt(j) == ' ') {
                    j++;
                }
                if (j < t.length() && t.charAt(j) == ',') {
                    return true;
                }
            }
        }
        return false;
    }
}
