package org.tracejudge.redaction;

import java.util.regex.Pattern;

/**
 * The words the address grammars ({@link AddressGrammar}) are written in: a street word, the street types, house
 * numbers, postcodes and states, towns, the address cues; and the checks several grammars make before they take a
 * street (a capital, a cue before it, a town or postcode after it).
 */
final class AddressWords {
    private AddressWords() {}

    static final String NOT_WORD = "(?!(?:the|a|an|and|or|but|my|our|your|his|her|their|to|of|in|on|at|for|with|"
            + "from|by|is|was|i|im|it|we|he|she|they|you|me|mg|ml|mcg|kg|lbs?|days?|times?|hours?|hrs?|mins?|minutes?|"
            + "weeks?|years?|months?|yrs?|miles?|km|steps|pills?|tablets?|people|kids|x|am|pm|every|each|per|more|less|"
            + "than|then|just|only|about|around|like|after|before|that|this|these|those|so|too|very|not|no|yes|"
            + "out|up|down|over|under|off|into|onto|across|along|past|away|back|home|again|when|where|what|who|why|how|"
            + "one|two|three|four|five|six|seven|eight|nine|ten|other|different|same|whole|long|short|"
            + "now|today|tonight|anymore|again|please|pls|thanks|alone|tomorrow|yesterday|soon|there|here|since|till|"
            + "until|ok|okay|lol|tho|though|too|also|still|already|right|rn|asap|help|idk|btw|"
            + "et|je|à|avec|pour|depuis|mais|y|que|con|und|ich|mit)\\b)";
    static final String WORD = NOT_WORD + "\\p{L}[\\p{L}\\p{M}'’.-]*+";
    static final String STRONG_TYPE = "(?:street|str|st|road|rd|avenue|ave|lane|ln|drive|drv|boulevard|blvd|"
            + "court|ct|terrace|terr|tce|crescent|cres|parkway|pkwy|highway|hwy|gardens|gdns|mews|grove|parade|"
            + "pde|esplanade|cul-de-sac|nagar|marg|colony|layout)";
    static final String WEAK_TYPE = "(?:way|place|pl|square|sq|hill|walk|rise|view|green|park|circle|cir|trail|"
            + "path|end|gate|row|dr|run|point|loop|alley|plaza|ridge|vale|meadows?|heights|estate|quay|wharf|yard|mall|"
            + "crossing|cross|concourse|main|sector|block|circuit|grv|chase|bank|brow|fold|croft|wynd|gardens|close)";
    static final String NUM = "\\d{1,5}[a-zA-Z]?(?:\\s+1/2)?(?:\\s*[-/]\\s*\\d{1,5}[a-zA-Z]?)*";
    /** A clause after an address cue that holds a number. */
    static final Pattern CUE = Pattern.compile("(?iu)(?:\\b(?:my|our|his|her|their|the|new|home|postal|"
            + "mailing|full|current)\\s+(?:home\\s+)?address(?:\\s+is|\\s*:|\\s*-|\\s*=)?|\\baddress\\s*(?:is|:|-|=)"
            + "|\\b(?:i|we|he|she|they|mum|dad|mom)\\s+(?:live|lives|living|stay|stays|staying|moved|am\\s+staying)\\s+"
            + "(?:at|in|on|to)|\\blive\\s+at|\\bliving\\s+at|\\bstaying\\s+at|\\bsend\\s+(?:it|them|post|mail|"
            + "letters?)\\s+to|\\bcome\\s+to|\\bi['’]?m\\s+at|\\bwe['’]?re\\s+at|\\bmeine\\s+adresse\\s+(?:ist|lautet)"
            + "|\\bich\\s+wohne\\s+(?:in\\s+der|in|am|an\\s+der|im)|\\bj['’]habite(?:\\s+au|\\s+à|\\s+a)?|\\bmon\\s+adresse"
            + "(?:\\s+est|\\s*:)|\\bvivo\\s+en|\\bmi\\s+direcci[oó]n\\s+es|\\bdirecci[oó]n\\s*:|\\badresse\\s*:)\\s*");

    static final String UK_POSTCODE = "[A-Za-z]{1,2}\\d[A-Za-z\\d]?\\s*\\d(?![aApP][mM]\\b)[A-Za-z]{2}";
    /** An Irish Eircode: routing key (letter, two digits, or D6W) and a four-character unique identifier. */
    static final String EIRCODE =
            "(?:[AC-FHKNPRTV-Yac-fhknprtv-y]\\d{2}|[Dd]6[Ww])\\s?[0-9AC-FHKNPRTV-Yac-fhknprtv-y]{4}";

    static final String STATE = "(?:AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|"
            + "NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY)";
    /** A US state code in lower case before a ZIP ("vancouver wa 98660"): the codes that are not English words. */
    static final String STATE_LOWER =
            "(?:a[kzr]|c[at]|dc|fl|ga|i[la]|k[sy]|m[dinst]|n[evhjmycd]|ri|s[cd]|t[nx]|ut|" + "v[ta]|w[aviy])";

    static final String AU_STATE = "(?:NSW|VIC|QLD|WA|SA|TAS|ACT|NT|nsw|vic|qld|tas|act)";
    static final String TOWN_WORD = NOT_WORD + "\\p{L}[\\p{L}\\p{M}'’-]*(?:\\.\\p{L}[\\p{L}\\p{M}'’-]*)*";
    static final String TOWN = "(?:" + TOWN_WORD + ")(?:[ -]" + TOWN_WORD + "){0,2}";

    static final Pattern ADDRESS_WORD = Pattern.compile("(?iu)(?:address|live|living|lives|stay|staying|moved|move|"
            + "house|flat|home|place|post|mail|send|deliver|come|found\\s+me|outside|at|unit|apt|apartment|lot|"
            + "bungalow)\\b[^.!?\\n]{0,28}$");
    static final Pattern WEAK_TYPE_P = Pattern.compile("(?i)" + WEAK_TYPE);
    static final Pattern STRONG_TYPE_P = Pattern.compile("(?i)" + STRONG_TYPE);

    /** Whether one of the words is in the text (lower case, or as written when it has a capital). */
    static boolean hinted(Scan h, String[] hints) {
        for (String w : hints) {
            if ((Character.isUpperCase(w.charAt(0)) ? h.text : h.lower).contains(w)) {
                return true;
            }
        }
        return false;
    }

    static boolean capitalised(String words) {
        for (String w : words.split("\\s+")) {
            if (!w.isEmpty()
                    && Character.isUpperCase(w.charAt(0))
                    && (w.length() == 1 || !w.equals(w.toUpperCase(java.util.Locale.ROOT)))) {
                return true;
            }
        }
        return false;
    }

    static boolean allCommon(String words) {
        for (String w : words.split("\\s+")) {
            if (!Names.isCommonWord(w.replaceAll("[.'’]", ""))) {
                return false;
            }
        }
        return true;
    }

    static boolean cueBefore(Scan h, int at) {
        // "No." and "H.No." before a house number are not sentence ends
        String before =
                h.text.substring(Math.max(0, at - 40), at).replaceAll("(?i)\\b(?:no|h\\.no|flat|apt|co)\\.", "no");
        return ADDRESS_WORD.matcher(before).find();
    }

    static boolean tailFollows(String t, int end) {
        String rest = t.substring(end, Math.min(t.length(), end + 40));
        return rest.matches("(?su)^,?\\s*(?:\\p{L}[\\p{L}'-]+\\s+){0,2}" + UK_POSTCODE + "(?![\\p{L}\\p{N}]).*")
                || rest.matches("(?su)^,?\\s*(?:\\p{L}[\\p{L}'-]+\\s+){0,2}" + STATE_LOWER + ",?\\s+\\d{5}(?!\\d).*")
                || rest.matches("(?su)^,?\\s*(?:" + UK_POSTCODE + "|" + STATE + "\\s+\\d{5}|" + AU_STATE
                        + "\\s+\\d{4}|\\d{5}).*")
                || rest.matches("(?su)^,\\s*\\p{Lu}.*")
                || rest.matches("(?isu)^,\\s*\\p{L}[\\p{L} .'-]{1,25},?\\s*(?:\\p{L}+\\s+){0,2}(?:\\d{5}|" + UK_POSTCODE
                        + ").*");
    }
}
