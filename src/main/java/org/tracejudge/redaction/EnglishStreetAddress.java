package org.tracejudge.redaction;

import static org.tracejudge.redaction.AddressWalk.emit;
import static org.tracejudge.redaction.AddressWords.*;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** English streets: a house number, street words and a type ("12 Elm St", "400 W 23rd Street"). */
final class EnglishStreetAddress implements AddressGrammar {
    static final EnglishStreetAddress INSTANCE = new EnglishStreetAddress();

    private EnglishStreetAddress() {}

    private static final Pattern EN = Pattern.compile("(?iu)(?<![\\p{L}\\p{N}.,/:-])" + NUM + ",?\\s+((?:" + WORD
            + "\\s+(?:(?:y|yr)\\s+)?){0,3}" + WORD + ")\\s+(" + STRONG_TYPE + "|" + WEAK_TYPE + ")\\b\\.?");
    private static final Pattern EN_ORDINAL = Pattern.compile("(?iu)(?<![\\p{L}\\p{N}.,/-])" + NUM
            + ",?\\s+(?:(?:[nsew]|north|south|east|west|ne|nw|se|sw)\\.?\\s+)?(\\d{1,3}(?:st|nd|rd|th))\\s+("
            + STRONG_TYPE + "|" + WEAK_TYPE + "|\\p{L}+\\s+(?:" + STRONG_TYPE
            + "))\\b\\.?");
    /** A work's title before what looks like an address ("watching 21 Jump Street", "the song 8 Mile Road"). */
    private static final Pattern WORK_BEFORE =
            Pattern.compile("(?iu)\\b(?:(?:re)?watch(?:es|ed|ing)?|listen(?:s|ed|ing)?\\s+to|"
                    + "(?:re)?read(?:s|ing)?|song|album|film|movie|show|series|episode\\s+of)\\s+(?:the\\s+)?$");
    /** "its 5 high st", "my nan's is 31a station road": a house number as what something is, before a strong street type. */
    private static final Pattern IS_BEFORE = Pattern.compile("(?iu)\\b(?:is|it['’]?s|was)\\s+$");

    @Override
    public String name() {
        return "addresses.en-street";
    }

    @Override
    public void find(Scan h) {
        String t = h.text;
        for (Pattern p : List.of(EN, EN_ORDINAL)) {
            Matcher m = p.matcher(t);
            while (m.find()) {
                if (WORK_BEFORE
                        .matcher(t.substring(Math.max(0, m.start() - 30), m.start()))
                        .find()) {
                    continue; // "watching 21 Jump Street": a title
                }
                String type = m.group(2).toLowerCase(java.util.Locale.ROOT);
                boolean weak = WEAK_TYPE_P.matcher(type).matches()
                        && !STRONG_TYPE_P.matcher(type).matches();
                if (weak
                        && !capitalised(m.group(1))
                        && !cueBefore(h, m.start())
                        && !tailFollows(t, m.end())
                        && !h.strict) {
                    continue;
                }
                if (!weak
                        && !capitalised(m.group(1))
                        && !cueBefore(h, m.start())
                        && !tailFollows(t, m.end())
                        && !IS_BEFORE
                                .matcher(t.substring(Math.max(0, m.start() - 8), m.start()))
                                .find()
                        && allCommon(m.group(1))
                        && !h.strict) {
                    continue; // "3 main road"-like text with no sign of an address
                }
                emit(h, m.start(), m.end());
            }
        }
    }
}
