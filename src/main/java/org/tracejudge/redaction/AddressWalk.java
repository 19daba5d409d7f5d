package org.tracejudge.redaction;

import static org.tracejudge.redaction.AddressWords.*;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The token walk every address grammar ({@link AddressGrammar}) ends in: from the street a grammar found it walks
 * on over what belongs to the address (flat, town, state, postcode, a town of the city list, a lower-case town after
 * a postcode) and back over what comes before it (a postcode written first, a flat or a named house), then adds the
 * span, or keeps it when a public place is named right before it.
 */
final class AddressWalk {
    private AddressWalk() {}

    /** What may follow a street: each tried in turn at the end of the span until none matches. */
    private static final List<Pattern> TAILS = List.of(
            Pattern.compile(
                    "(?iu)^,?\\s*(?:(?:apt|apartment|flat|unit|suite|ste|room|rm|no|lot|wohnung|whg|appartement|appt|bâtiment|bat|"
                            + "escalier|esc|piso|puerta|planta|bloque|portal)(?![\\p{L}])\\.?|#)\\s*#?\\s*(?=[\\p{L}\\p{N}-]{0,5}\\d|[A-Za-z]\\b)[\\p{L}\\p{N}-]{1,6}\\b"),
            Pattern.compile("(?u)^,?\\s*(?:" + UK_POSTCODE + "|" + EIRCODE + ")(?![\\p{L}\\p{N}])"),
            Pattern.compile("(?iu)^,?\\s*(?:seitenflügel|hinterhaus|vorderhaus|gartenhaus|souterrain|dachgeschoss|"
                    + "\\d{1,2}\\.\\s*(?:og|stock|etage|obergeschoss)|\\d{1,2}(?:st|nd|rd|th|er|e|ème|º|ª)?\\s+(?:floor|étage|"
                    + "etage|piso|planta)|ático|atico|bajo|entresuelo|(?:\\d{1,2}\\s*[º°ª]\\s*)?(?:izquierda|derecha|izda|dcha))"
                    + "(?![\\p{L}])"),
            Pattern.compile("(?iu)^,?\\s*off\\s+(?:the\\s+)?(?:" + WORD + "\\s+){0,3}(?:" + STRONG_TYPE + "|"
                    + WEAK_TYPE + ")(?![\\p{L}])"),
            Pattern.compile("(?u)^,?\\s+\\p{Lu}[\\p{L}'’-]+(?:\\s+\\p{Lu}[\\p{L}'’-]+){0,2},?\\s+(?:" + STATE
                    + "|NSW|VIC|QLD|WA|SA|TAS|ACT|NT)(?![\\p{L}\\p{N}])"),
            Pattern.compile(
                    "(?u)^[,.]?\\s*(?:Co\\.?|County)\\s+\\p{Lu}[\\p{L}'’-]+(?=\\s*(?:,|[.!?;\\n)]|$|" + EIRCODE + "))"),
            Pattern.compile("(?iu)^,?\\s*Dublin\\s+\\d{1,2}W?(?![\\p{L}\\p{N}])"),
            Pattern.compile("(?iu)^\\s+(?:lower|upper|north|south|east|west|nw|ne|sw|se)(?=\\s*,)"),
            Pattern.compile("(?iu)^,?\\s+" + TOWN_WORD + "(?:\\s+" + TOWN_WORD + ")?(?=,?\\s+" + UK_POSTCODE
                    + "(?![\\p{L}\\p{N}]))"),
            Pattern.compile("(?iu)^,?\\s+" + TOWN_WORD + "(?:\\s+" + TOWN_WORD + "){0,2},?\\s+" + STATE
                    + "\\.?,?\\s+\\d{5}(?:-\\d{4})?(?!\\d)"),
            Pattern.compile("(?u)^\\s+(?:am|an\\s+der|im|sur|upon|on|de\\s+la|de|del|en)\\s+\\p{Lu}[\\p{L}\\p{M}'’-]+"
                    + "(?=\\s*(?:[,.!?;\\n)]|$))"),
            Pattern.compile(
                    "(?iu)^,?\\s*(?:alabama|alaska|arizona|arkansas|california|colorado|connecticut|delaware|florida|"
                            + "georgia|hawaii|idaho|illinois|indiana|iowa|kansas|kentucky|louisiana|maine|maryland|massachusetts|"
                            + "michigan|minnesota|mississippi|missouri|montana|nebraska|nevada|new\\s+hampshire|new\\s+jersey|"
                            + "new\\s+mexico|new\\s+york|north\\s+carolina|north\\s+dakota|ohio|oklahoma|oregon|pennsylvania|"
                            + "rhode\\s+island|south\\s+carolina|south\\s+dakota|tennessee|texas|utah|vermont|virginia|washington|"
                            + "west\\s+virginia|wisconsin|wyoming)\\.?,?\\s+\\d{5}(?:-\\d{4})?(?!\\d)"),
            Pattern.compile("(?u)^,?\\s*(?:" + STATE + "|" + AU_STATE + ")\\.?,?\\s+\\d{4,5}(?:-\\d{4})?(?!\\d)"),
            Pattern.compile("(?u)^,?\\s*" + STATE_LOWER + ",?\\s+\\d{5}(?:-\\d{4})?(?!\\d)"),
            Pattern.compile("(?u)^,?\\s*(?:-\\s*)?[1-9]\\d{2}\\s?\\d{3}(?![\\d])"),
            Pattern.compile("(?iu)^,?\\s*\\d{5}\\s+" + TOWN + "(?=\\s*(?:[,.!?;\\n)]|$))"),
            Pattern.compile(
                    "(?u)^,?\\s*\\d{4,5}(?:-\\d{4})?(?:\\s+(?:\\p{Lu}\\s(?=\\p{Lu}))?\\p{Lu}[\\p{L}\\p{M}'’-]+(?:[ -]\\p{Lu}[\\p{L}\\p{M}'’-]+){0,2}"
                            + "(?:\\s+(?:am|an\\s+der|im|in\\s+der|ob\\s+der|bei)\\s+\\p{Lu}[\\p{L}\\p{M}'’-]+)?)?(?![\\p{N}])"),
            Pattern.compile("(?u)^,?\\s+in\\s+\\p{Lu}[\\p{L}\\p{M}'’-]+(?=\\s*(?:[,.!?;\\n)]|$))"),
            Pattern.compile("(?u)^,\\s*" + TOWN
                    + "(?=\\s*(?:,|[.!?;\\n)]|$|\\s(?:and|but|so|if|until|till|since|because|cos|is|was|"
                    + "now|not|for|where|which|who|x|tho|though|y|et|und|en|de)\\b|" + UK_POSTCODE + "|" + STATE
                    + "\\s+\\d|"
                    + AU_STATE + "\\s+\\d|\\d{4,6}\\b|-\\s*\\d{6}))"),
            Pattern.compile("(?u)^\\s+\\p{Lu}[\\p{L}\\p{M}'’-]+(?:\\s+\\p{Lu}[\\p{L}\\p{M}'’-]+){0,2}(?=,?\\s+(?:"
                    + UK_POSTCODE + "|" + STATE + "\\s+\\d|" + AU_STATE + "\\s+\\d))"),
            Pattern.compile(
                    "(?u)^,?\\s*\\d{4}\\s?[A-Z]{2}(?:\\s+\\p{Lu}[\\p{L}\\p{M}'’-]+(?:[ -]\\p{Lu}[\\p{L}\\p{M}'’-]+)?)?(?![\\p{L}\\p{N}])"),
            Pattern.compile(
                    "(?iu)^,?\\s*(?:uk|usa|us|u\\.s\\.|united\\s+kingdom|england|scotland|wales|ireland|germany|"
                            + "deutschland|france|spain|españa|india|australia)\\b"));
    /**
     * A public place right before an address: a hospital's, surgery's or police station's, a museum's, station's,
     * airport's or stadium's address is not personal.
     */
    private static final Pattern PUBLIC_BEFORE =
            Pattern.compile("(?u)(?:(?<![\\p{L}])(?i:hospital|hôpital|hopital|infirmary|"
                    + "clinic|klinik|klinikum|krankenhaus|charité|ziekenhuis|amc|umc|surgery|medical\\s+cent(?:re|er)|health\\s+"
                    + "cent(?:re|er)|centro\\s+de\\s+salud|police\\s+station|polizeiwache|commissariat|comisaría|comisaria|"
                    + "politiebureau|library|jobcentre|job\\s+centre|town\\s+hall|council\\s+offices|courthouse|cmp|cmht|"
                    + "museum|museo|musée|museu|gallery|galleria|galerie|opera\\s+house|storehouse|cathedral|"
                    + "kathedrale|station|bahnhof|gare|estación|stazione|airport|flughafen|aéroport|aeropuerto|"
                    + "aeroporto|stadium|stadion|stade|estadio|zoo|aquarium)|\\p{L}+(?i:museum|bahnhof)|General)"
                    + "(?:\\s+(?:(?i:del|de|degli|della|di|des|du|of|the|la|le)\\s+|d['’])?\\p{Lu}[\\p{L}\\p{M}'’-]+){0,4}\\s*(?:,|\\s+(?i:is|are|was|ist|est|es|está|located)(?:\\s+(?i:at|in|on|"
                    + "au|à|en|in\\s+der|am))?|\\s+(?i:at|on|in))?\\s*$");
    /** A town in capitals after the street, then a lower-case word of the sentence ("…Close, Chard instead of"). */
    private static final Pattern TOWN_CAP = Pattern.compile(
            "(?u)^,\\s*(\\p{Lu}[\\p{L}\\p{M}'’-]+)((?:[ -](?:(?:de|del|la|le|"
                    + "sur|en|am|on|upon|y)\\s+)*\\p{Lu}[\\p{L}\\p{M}'’-]+){0,3})(?=\\s*(?:[,.!?;\\n)]|$)|\\s+\\p{Ll})");
    /** A town on the next line after the street ("3 Tyddyn Terrace\\nLlanrug"). */
    private static final Pattern TOWN_NEXT_LINE = Pattern.compile("(?u)^[ \\t]*\\n[ \\t]*(\\p{Lu}[\\p{L}\\p{M}'’-]+)"
            + "(?:[ -]\\p{Lu}[\\p{L}\\p{M}'’-]+){0,2}(?=[ \\t]*(?:[,.!?;\\n)]|$)|\\s+\\p{Ll})");
    /** Words that start a sentence or a sign-off, not a town, after an address's comma. */
    private static final java.util.Set<String> NOT_TOWN = java.util.Set.of(
            "thanks", "thank", "please", "love", "sorry", "cheers", "regards", "best", "and", "but", "so", "i", "im",
            "it", "the", "my", "he", "she", "we", "they", "you", "ok", "okay", "yes", "no", "hi", "hey", "dear", "also",
            "then", "still", "just", "now", "if", "when", "call", "ring", "text", "send", "can", "could", "is", "was",
            "that", "this", "there", "here", "what", "who");
    /** A postcode and town written before the street. */
    private static final Pattern POSTCODE_FIRST = Pattern.compile("(?u)(?<![\\p{L}\\p{N}])(?:\\d{5}|" + UK_POSTCODE
            + ")" + "(?:\\s+\\p{L}[\\p{L}\\p{M}'’-]+){0,2}\\s*,\\s*$");

    private static final Pattern PREFIX = Pattern.compile(
            "(?iu)(?:\\blot\\s+(?:no\\.?\\s*)?\\d{1,4}[a-z]?\\s*,?\\s*"
                    + "|\\b(?:flat|apt|apartment|unit)\\s*(?:no\\.?\\s*)?\\d{1,4}[a-z]?\\s*,?\\s*(?:\\p{L}[\\p{L}'’-]+\\s+){1,3}(?:house|court|"
                    + "lodge|apartments|mansions|towers|hall|heights|residency|society|villa|flats)\\s*,?\\s*|\\b(?:flat|apt|apartment|unit|suite|room|rm|bldg|building|house|h\\.?\\s?no"
                    + "|appartement|appt|apt\\.|bâtiment|bat|étage|etage|escalier|wohnung|whg|piso|planta|puerta|portal|bloque"
                    + "|lot|bungalow|village|vill|gram|mohalla|gali|galli|(?:basement|ground[\\s-]floor|top[\\s-]floor|first[\\s-]floor|garden)\\s+flat"
                    + "|door\\s+no|plot\\s+no|plot|no)\\.?\\s*(?:#?\\s*(?=[\\p{L}\\p{N}/-]{0,7}\\d|\\p{L}\\b)[\\p{L}\\p{N}/-]{1,8})?\\s*,?\\s*|\\b\\p{Lu}[\\p{L}'’-]+\\s+"
                    + "(?:house|cottage|court|lodge|farm|apartments|residency|towers|mansions|hall|villa|hostel|refuge)\\s*,?\\s*"
                    + "|\\b(?:r[ée]sidence|immeuble|b[âa]t(?:iment)?\\.?)\\s+[\\p{L}\\p{N}'’-]+(?:\\s+[\\p{L}'’-]+){0,2}\\s*,\\s*"
                    + "|\\b(?:\\p{L}+\\s+){1,3}(?:hostel|refuge|shelter)\\s*,?\\s*"
                    + "|\\b(?:room|rm|unit|apt|flat|lot|cabin)\\s*#?\\d{1,4}[a-z]?\\s+(?:of|at|in)\\s+(?:the\\s+)?(?:[\\p{L}'’&-]+\\s+){0,4}"
                    + "[\\p{L}'’&-]+\\s*,\\s*"
                    + "|\\b(?:the\\s+)?(?:\\p{L}+\\s+)?(?:caravan|static|chalet|annexe|annex|trailer|cabin|house|bungalow)\\s+(?:at|in|behind)\\s+"
                    + "|\\blot\\s*\\d{1,4}[a-z]?\\s*,\\s*(?:\\p{L}[\\p{L}'’-]+\\s+){1,4}(?:park|estate|village|court|motel|inn)\\s*,\\s*)+$");
    private static final Pattern CITY_AFTER = Pattern.compile(
            "(?u)^,?\\s+(\\p{L}[\\p{L}\\p{M}'’-]+(\\s+\\p{L}[\\p{L}\\p{M}'’-]+)?)" + "(?=\\s*(?:[,.!?;\\n)]|$|\\s))");
    /** A UK outward code or full postcode after a town: "london n4", "leeds ls6 2ab". */
    private static final Pattern OUTWARD =
            Pattern.compile("(?u)^,?\\s+(?:" + UK_POSTCODE + "|[A-Za-z]{1,2}\\d[A-Za-z\\d]?)(?![\\p{L}\\p{N}])");

    private static final Pattern TOWN_AFTER_CODE = Pattern.compile("(?u)^\\s+(\\p{Ll}[\\p{L}\\p{M}-]{2,})");

    static void emit(Scan h, int start, int end) {
        String t = h.text;
        end = tails(t, end);
        // a town of the city list after the street, in any case: "12 cedar close bolton", "fordham rd london n4"
        Matcher city = CITY_AFTER.matcher(t);
        city.region(end, t.length());
        if (city.lookingAt()
                && (NameLists.CITIES.contains(city.group(1).toLowerCase(java.util.Locale.ROOT))
                        || (city.group(2) != null
                                && NameLists.CITIES.contains(city.group(1)
                                        .toLowerCase(java.util.Locale.ROOT)
                                        .replaceAll("\\s+\\S+$", ""))))) {
            int cityEnd = NameLists.CITIES.contains(city.group(1).toLowerCase(java.util.Locale.ROOT))
                    ? city.end(1)
                    : city.start(1) + city.group(1).replaceAll("\\s+\\S+$", "").length();
            Matcher code = OUTWARD.matcher(t);
            code.region(cityEnd, t.length());
            end = tails(t, code.lookingAt() ? code.end() : cityEnd); // then a state and ZIP: "new york ny 10011"
        }
        // a town in lower case after a postcode: "28013 madrid"
        Matcher town = TOWN_AFTER_CODE.matcher(t);
        town.region(end, t.length());
        if (end > 0 && Character.isDigit(t.charAt(end - 1)) && town.lookingAt() && !Names.isCommonWord(town.group(1))) {
            end = town.end();
        }
        Matcher first = POSTCODE_FIRST.matcher(t);
        first.region(Math.max(0, start - 50), start);
        if (first.find()) {
            start = first.start(); // "80331 München, Sendlinger Str. 44": the postcode and town written first
        }
        Matcher p = PREFIX.matcher(t);
        p.region(Math.max(0, start - 60), start);
        if (p.find()) {
            start = p.start();
        }
        if (!h.strict
                && PUBLIC_BEFORE
                        .matcher(t)
                        .region(Math.max(0, start - 60), start)
                        .find()) {
            h.keep(start, end, "public place's address");
            return; // "Bellevue Hospital, 462 First Avenue": a public place's address is no one's personal data
        }
        h.add(Redactor.Kind.ADDRESS, start, end);
    }

    /** The end of the span after whatever may follow a street (flat, town, state, postcode), each tried in turn. */
    static int tails(String t, int end) {
        boolean grew = true;
        while (grew) {
            grew = false;
            for (Pattern tail : TAILS) {
                Matcher m = tail.matcher(t);
                m.region(end, t.length());
                if (m.lookingAt() && m.end() > end) {
                    end = m.end();
                    grew = true;
                    break;
                }
            }
            if (!grew) {
                for (Pattern town : List.of(TOWN_CAP, TOWN_NEXT_LINE)) {
                    Matcher m = town.matcher(t);
                    m.region(end, t.length());
                    if (m.lookingAt() && m.end() > end && townWord(m.group(1), m.group())) {
                        end = m.end();
                        grew = true;
                        break;
                    }
                }
            }
        }
        return end;
    }

    /** Whether a capitalised word after an address's comma or line break is a town, not a sentence or a person. */
    static boolean townWord(String first, String all) {
        String whole = all.replaceAll("^[,\\s]+", "").strip().toLowerCase(java.util.Locale.ROOT);
        if (NameLists.CITIES.contains(whole)) {
            return true;
        }
        String f = first.toLowerCase(java.util.Locale.ROOT);
        if (NOT_TOWN.contains(f) || NameLists.GIVEN_CORE.contains(f)) {
            return false;
        }
        // after a comma a capital marks a town ("Close, Chard"); a new line may start any sentence
        return all.startsWith(",") || !Names.isCommonWord(f.replaceAll("['’]", ""));
    }
}
