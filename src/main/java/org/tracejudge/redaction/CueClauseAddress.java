package org.tracejudge.redaction;

import static org.tracejudge.redaction.AddressWalk.emit;
import static org.tracejudge.redaction.AddressWords.*;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The clause after an address cue ("my address is", "I live at", "j'habite") when it holds a number. */
final class CueClauseAddress implements AddressGrammar {
    static final CueClauseAddress INSTANCE = new CueClauseAddress();

    private CueClauseAddress() {}

    private static final Pattern CUE_CLAUSE =
            Pattern.compile("(?u)[^\\n.!?;()]{3,90}?(?=\\s+(?:and|but|pls|please|if|so|"
                    + "cos|because|with|where|which|who|since|for|et|mais|und|aber|y|pero)\\b|[.!?;\\n()]|$)");

    /** A year or a duration in a clause after "I live in": not a house number ("j'habite à Lyon depuis 2018"). */
    private static final Pattern YEAR_ONLY = Pattern.compile(
            "(?iu)\\b(?:since|depuis|seit|desde|from|for|in|en|im|for\\s+the\\s+last)"
                    + "\\s+(?:(?:19|20)\\d{2}|\\d{1,2}\\s*(?:years?|yrs?|months?|weeks?|ans?|mois|jahren?|monaten?|años?|meses))\\b");

    private static final Pattern LAST_WORD = Pattern.compile("(?u)\\s+(\\p{L}+)\\s*$");
    private static final String[] CUE_HINTS = {
        "address",
        "live",
        "living",
        "stay",
        "moved",
        "send",
        "come to",
        "i'm at",
        "im at",
        "i’m at",
        "we're at",
        "were at",
        "adresse",
        "wohne",
        "habite",
        "vivo",
        "direcci"
    };

    @Override
    public String name() {
        return "addresses.cue-clause";
    }

    @Override
    public void find(Scan h) {
        String t = h.text;
        Matcher c = CUE.matcher(t);
        while (hinted(h, CUE_HINTS) && c.find()) {
            Matcher cl = CUE_CLAUSE.matcher(t);
            cl.region(c.end(), t.length());
            if (cl.lookingAt()
                    && YEAR_ONLY.matcher(cl.group()).replaceAll("").chars().anyMatch(Character::isDigit)
                    && !cl.group().matches("(?s)\\s*\\d{1,2}(?:\\s*(?:am|pm|:\\d\\d).*)?")) {
                int e = cl.end();
                Matcher last = LAST_WORD.matcher(t.substring(cl.start(), e));
                while (last.find()
                        && Names.isCommonWord(last.group(1))
                        && !last.group(1).matches("(?i)" + STRONG_TYPE + "|" + WEAK_TYPE)
                        && !Character.isUpperCase(last.group(1).charAt(0))) {
                    e = cl.start() + last.start();
                    last = LAST_WORD.matcher(t.substring(cl.start(), e));
                }
                if (e > cl.start() && addressLike(t.substring(cl.start(), e))) {
                    emit(h, cl.start(), e);
                }
            }
        }
    }

    /**
     * Whether a clause after an address cue holds more than a number and ordinary words: a street type, a postcode, a
     * capitalised word or a word in no English word list ("at 14 elm st", "at 3 Larch"; not "at number 12").
     */
    static boolean addressLike(String clause) {
        Matcher w = Pattern.compile("\\p{L}[\\p{L}\\p{M}'’.-]*").matcher(clause);
        while (w.find()) {
            String word = w.group().replaceAll("[.'’]+$", "");
            if (word.isEmpty()) {
                continue;
            }
            if (Character.isUpperCase(word.charAt(0))
                    || STRONG_TYPE_P.matcher(word).matches()
                    || WEAK_TYPE_P.matcher(word).matches()
                    || !Names.isCommonWord(word.replaceAll("[.'’]", ""))) {
                return true;
            }
        }
        return Pattern.compile(UK_POSTCODE + "|\\d{5}|[1-9]\\d{2}\\s?\\d{3}")
                .matcher(clause)
                .find();
    }
}
