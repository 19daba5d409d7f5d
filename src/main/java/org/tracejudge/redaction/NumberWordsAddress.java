package org.tracejudge.redaction;

import static org.tracejudge.redaction.AddressWalk.emit;
import static org.tracejudge.redaction.AddressWords.*;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A street whose house number is written in words ("forty two Mill Street"). */
final class NumberWordsAddress implements AddressGrammar {
    static final NumberWordsAddress INSTANCE = new NumberWordsAddress();

    private NumberWordsAddress() {}

    /** A house number written in words ("forty two Mill Street", "four hundred twelve west pine street"). */
    private static final String UNITS_W = "(?:one|two|three|four|five|six|seven|eight|nine)";

    private static final String NUM_WORDS =
            "(?:(?:" + UNITS_W + "\\s+hundred(?:\\s+and)?\\s+)?(?:(?:twenty|thirty|forty|fifty|"
                    + "sixty|seventy|eighty|ninety)(?:[\\s-]" + UNITS_W
                    + ")?|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|"
                    + "seventeen|eighteen|nineteen|" + UNITS_W + ")|" + UNITS_W + "\\s+hundred)";
    private static final Pattern EN_WORDS = Pattern.compile("(?iu)(?<![\\p{L}\\p{N}-])" + NUM_WORDS + "\\s+((?:" + WORD
            + "\\s+){0,3}" + WORD + ")\\s+(" + STRONG_TYPE + "|" + WEAK_TYPE + ")\\b\\.?");
    private static final Pattern NUMBER_WORD_HINT = Pattern.compile("(?<![a-z])(?:twenty|thirty|forty|fifty|sixty|"
            + "seventy|eighty|ninety|hundred|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|"
            + "nineteen|one|two|three|four|five|six|seven|eight|nine)\\s+[a-z]");

    @Override
    public String name() {
        return "addresses.number-words";
    }

    @Override
    public void find(Scan h) {
        String t = h.text;
        if (NUMBER_WORD_HINT.matcher(h.lower).find()) {
            Matcher w = EN_WORDS.matcher(t);
            while (w.find()) {
                if (capitalised(w.group(1)) || cueBefore(h, w.start()) || tailFollows(t, w.end())) {
                    emit(h, w.start(), w.end()); // "forty two Mill Street", "at sixteen rowan close"
                }
            }
        }
    }
}
