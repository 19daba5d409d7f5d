package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import java.util.Set;
import java.util.regex.Pattern;

/**
 * Keeps medicines named like people: a word with a dose after it ("Tomo 50 mg", "lyrica 75"), and the medicines of
 * {@code names-medicines.txt} (contraceptive pills, Lyrica, Rennie) with a medicine word before or after them ("on
 * Yasmin", "Katya pill"). Each becomes a keep span the name recognizers do not start a name in. Not in strict mode.
 */
final class Medicines implements Recognizer {
    static final Medicines INSTANCE = new Medicines();

    private Medicines() {}

    @Override
    public String name() {
        return "names.medicines";
    }

    @Override
    public void recognize(Scan h) {
        if (h.strict) {
            return;
        }
        NameText c = h.nameText();
        String text = c.text;
        for (Tok t : c.toks) {
            String k = key(t.lower());
            if ((digitNext(text, t.end())
                            && DOSE_AFTER
                                    .matcher(text)
                                    .region(t.end(), text.length())
                                    .lookingAt())
                    || (MEDICINES.contains(k)
                            && (MEDICINE_BEFORE
                                            .matcher(h.lower.substring(Math.max(0, t.start() - 30), t.start()))
                                            .find()
                                    || PILL_AFTER
                                            .matcher(text)
                                            .region(t.end(), text.length())
                                            .lookingAt()))) {
                h.keep(t.start(), t.end(), "a medicine (a dose or a pill word beside it)");
            }
        }
    }

    /** A dose right after a word: the word names a medicine ("Lyrica 75mg", "sertraline 50 mg"). */
    private static final Pattern DOSE_AFTER =
            Pattern.compile("(?iu)\\s*\\d+(?:[.,]\\d+)?\\s*(?:mg|mcg|µg|ug|ml|iu|units?)\\b");

    private static final Pattern MEDICINE_BEFORE = Pattern.compile("(?iu)\\b(?:take|takes|taking|took|on|off|started|"
            + "starting|stopped|stopping|prescribed|switched\\s+(?:to|from|me\\s+to|me\\s+from)|coming\\s+off|came\\s+off|"
            + "the|my|some|of)\\s+$");
    private static final Pattern PILL_AFTER = Pattern.compile("(?iu)\\s*(?:pills?|tablets?|capsules?|\\d)");
    /**
     * Medicines whose names are also given names (UK contraceptive pills, Lyrica, Rennie): with a medicine word
     * before or after them they are the medicine ("on Yasmin", "Katya pill").
     */
    private static final Set<String> MEDICINES = WordList.exact("names-medicines.txt");
}
