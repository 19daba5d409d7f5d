package org.tracejudge.redaction;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Postal addresses by country grammars: a house number, street words and a street type (English, German, French,
 * Spanish), then whatever follows that belongs to the address (flat, town, state, postcode), so the whole span is
 * covered; a postcode of a known shape (UK, US ZIP after a state, DE/FR/ES five digits and a town, Indian PIN, AU
 * state and four digits) pulls in the address segments before it; an address cue ("my address is", "I live at")
 * takes the clause after it when that holds a number.
 */
final class Addresses {
    private Addresses() {}

    private static final String NOT_WORD =
            "(?!(?:the|a|an|and|or|but|my|our|your|his|her|their|to|of|in|on|at|for|with|"
                    + "from|by|is|was|i|im|it|we|he|she|they|you|me|mg|ml|mcg|kg|lbs?|days?|times?|hours?|hrs?|mins?|minutes?|"
                    + "weeks?|years?|months?|yrs?|miles?|km|steps|pills?|tablets?|people|kids|x|am|pm|every|each|per|more|less|"
                    + "than|then|just|only|about|around|like|after|before|that|this|these|those|so|too|very|not|no|yes|"
                    + "out|up|down|over|under|off|into|onto|across|along|past|away|back|home|again|when|where|what|who|why|how|"
                    + "one|two|three|four|five|six|seven|eight|nine|ten|other|different|same|whole|long|short|"
                    + "now|today|tonight|anymore|again|please|pls|thanks|alone|tomorrow|yesterday|soon|there|here|since|till|"
                    + "until|ok|okay|lol|tho|though|too|also|still|already|right|rn|asap|help|idk|btw|"
                    + "et|je|à|avec|pour|depuis|mais|y|que|con|und|ich|mit)\\b)";
    private static final String WORD = NOT_WORD + "\\p{L}[\\p{L}\\p{M}'’.-]*+";
    private static final String STRONG_TYPE = "(?:street|str|st|road|rd|avenue|ave|lane|ln|drive|drv|boulevard|blvd|"
            + "court|ct|terrace|terr|tce|crescent|cres|parkway|pkwy|highway|hwy|gardens|gdns|mews|grove|parade|"
            + "pde|esplanade|cul-de-sac|nagar|marg|colony|layout)";
    private static final String WEAK_TYPE = "(?:way|place|pl|square|sq|hill|walk|rise|view|green|park|circle|cir|trail|"
            + "path|end|gate|row|dr|run|point|loop|alley|plaza|ridge|vale|meadows?|heights|estate|quay|wharf|yard|mall|"
            + "crossing|cross|concourse|main|sector|block|circuit|grv|chase|bank|brow|fold|croft|wynd|gardens|close)";
    private static final String NUM = "\\d{1,5}[a-zA-Z]?(?:\\s+1/2)?(?:\\s*[-/]\\s*\\d{1,5}[a-zA-Z]?)*";
    private static final Pattern EN = Pattern.compile("(?iu)(?<![\\p{L}\\p{N}.,/:-])" + NUM + ",?\\s+((?:" + WORD
            + "\\s+(?:(?:y|yr)\\s+)?){0,3}" + WORD + ")\\s+(" + STRONG_TYPE + "|" + WEAK_TYPE + ")\\b\\.?");
    private static final Pattern EN_ORDINAL = Pattern.compile("(?iu)(?<![\\p{L}\\p{N}.,/-])" + NUM
            + ",?\\s+(?:(?:[nsew]|north|south|east|west|ne|nw|se|sw)\\.?\\s+)?(\\d{1,3}(?:st|nd|rd|th))\\s+("
            + STRONG_TYPE + "|" + WEAK_TYPE + "|\\p{L}+\\s+(?:" + STRONG_TYPE
            + "))\\b\\.?");
    private static final Pattern DE = Pattern.compile(
            "(?iu)(?<![\\p{L}])(?:(?:van|de|den|der|ter|ten|eerste|tweede|derde|vierde|1e|2e|3e)\\s+){0,2}(?:[\\p{L}-]{2,}(?:straße|strasse|str\\.|str(?=\\s*\\d)|weg|gasse|platz|"
                    + "allee|damm|ufer|chaussee|pfad|straat|laan|gracht|plein|kade|steeg|dijk)|(?-i:\\p{Lu}[\\p{L}-]+(?:ring|markt|kamp|twiete|steig))|(?:[\\p{L}-]+(?:er|e|es)\\s+(?:straße|strasse|"
                    + "str\\.|weg|gasse|platz|allee|ring|damm))|(?-i:Am|An\\s+der|Auf\\s+der|Im|In\\s+der|Zum|Zur|Unter\\s+den)\\s+"
                    + "(?-i:\\p{Lu})[\\p{L}-]+|(?:am|im|zum|zur)\\s+\\p{L}[\\p{L}-]+(?=\\s*\\d{1,4}\\s?[a-z]?\\s*,?\\s*\\d{5}\\s))"
                    + "(?:\\s*,?\\s*(?:hausnummer|hausnr\\.?|nr\\.?|nummer)\\s*)?\\s*\\d{1,4}\\s?[a-zA-Z]?\\b"
                    + "(?:\\s?[-/]\\s?\\d{1,4}[a-zA-Z]?\\b|-(?:I{1,3}|IV|hs|huis|hoog|boven)\\b)?(?:\\s*(?:bis|ter)(?=\\s*,))?");
    private static final Pattern FR =
            Pattern.compile("(?iu)(?<![\\p{L}\\p{N}])\\d{1,4}(?:\\s?(?:bis|ter|b))?,?\\s+(?:rue|avenue|av\\.|"
                    + "boulevard|bd|bvd|place|pl\\.|chemin|allée|allee|impasse|quai|route|cours|passage|square|rond-point|"
                    + "résidence|residence|faubourg|fg|voie|sentier|cité|cite|hameau|lotissement)\\s+(?:(?:de|du|des|la|le|"
                    + "l['’]|d['’]|aux?|saint|sainte|st|ste)\\s*)*(?:" + WORD + ")(?:\\s+" + WORD + "){0,3}");
    private static final Pattern ES = Pattern.compile("(?iu)(?<![\\p{L}])(?:(?:calle|avenida|avda|plaza|pza|"
            + "paseo|camino|carrera|ronda|travesía|travesia|carretera|ctra|glorieta|pasaje|urbanización|carrer|passeig|avinguda|"
            + "plaça|travessera|rambla|"
            + "urb|rua|praça|travessa)(?![\\p{L}])\\.?|(?-i:Via|Viale|Piazza|Corso)(?=\\s+(?-i:\\p{Lu}))|c/(?!o\\b)|av\\.|p[º°])\\s*(?:(?:de|del|la|las|los|el|dels|di|della)\\s+)*"
            + WORD + "(?:\\s+(?:(?:de|del|la|las|los|el|y)\\s+)*" + WORD
            + "){0,3}?,?\\s*(?:n[º°o]\\.?\\s*)?(?:\\d{1,4}|s/n)"
            + "(?:\\s*,?\\s*\\d{1,2}\\s*[º°ª]?\\s*-?\\s*[a-zA-Z]?\\b|\\s*,?\\s*(?:piso|planta|puerta|esc\\.?|bajo|izq\\.?|"
            + "dcha\\.?|izquierda|derecha|izda\\.?|ático|atico|entresuelo)(?![\\p{L}])[^,\\n]{0,12})*");
    /** Post-office boxes, Indian sector and block addresses, Russian and Chinese street forms. */
    private static final List<Pattern> OTHER = List.of(
            Pattern.compile("(?iu)(?<![\\p{L}\\p{N}])(?:[A-Z]{1,2}-?\\d{1,4}[A-Z]?|\\d{1,4}[A-Z]?(?:/\\d{1,4})?),?\\s+"
                    + "(?:sector|block|phase|pocket)\\s+\\d{1,3}[A-Z]?\\b(?:(?:,?\\s+\\p{L}[\\p{L}-]+){0,2},?\\s*-?\\s*[1-9]\\d{2}\\s?\\d{3})?"
                    + "(?![\\p{L}\\p{N}])"),
            Pattern.compile(
                    "(?iu)\\b(?:P\\.?\\s?O\\.?\\s?Box|Post\\s+Office\\s+Box|RMB|RSD|Locked\\s+Bag|Postfach|Postbus|Bo[iî]te\\s+postale"
                            + "|Apartado(?:\\s+de\\s+correos)?|Casella\\s+postale|Caixa\\s+postal|а/я|абонентский\\s+ящик)\\s*"
                            + "\\d{1,6}(?:\\s\\d{2}){0,3}\\b"),
            Pattern.compile(
                    "(?iu)(?:ул\\.|улица|пр\\.|проспект|пер\\.|переулок|ш\\.|шоссе|бульвар|наб\\.)\\s*\\p{Lu}[\\p{L}-]*"
                            + "(?:\\s+\\p{Lu}[\\p{L}-]*)?,?\\s*(?:д\\.|дом)?\\s*\\d{1,4}(?:\\s*,?\\s*(?:кв\\.|квартира)\\s*\\d{1,4})?"),
            Pattern.compile("\\p{IsHan}{1,8}(?:路|街|道|巷|胡同|大道)\\d{1,5}(?:号|號)(?:\\d{1,4}室)?"));

    /** An Irish rural address: townland and town before one of the 32 counties ("Tullyvin, Cootehill, Co. Cavan"). */
    private static final Pattern IE_COUNTY =
            Pattern.compile("(?u)(?<![\\p{L}])(?:\\p{Lu}[\\p{L}'’-]+(?:\\s+\\p{Lu}[\\p{L}'’-]+)?\\s*,\\s*){2,3}"
                    + "(?:Co\\.?|County)\\s+(?:Antrim|Armagh|Carlow|Cavan|Clare|Cork|Derry|Donegal|Down|Dublin|Fermanagh|Galway|Kerry|"
                    + "Kildare|Kilkenny|Laois|Leitrim|Limerick|Longford|Louth|Mayo|Meath|Monaghan|Offaly|Roscommon|Sligo|Tipperary|"
                    + "Tyrone|Waterford|Westmeath|Wexford|Wicklow)(?![\\p{L}])");
    /** A street written as one word with its type ("41 Kingsway", "12 Broadway", "3 Northgate"). */
    private static final Pattern EN_COMPOUND =
            Pattern.compile("(?u)(?<![\\p{L}\\p{N}.,/:-])" + NUM + ",?\\s+\\p{Lu}\\p{Ll}{2,}(?:way|gate)(?![\\p{L}])");
    /** A work's title before what looks like an address ("watching 21 Jump Street", "the song 8 Mile Road"). */
    private static final Pattern WORK_BEFORE =
            Pattern.compile("(?iu)\\b(?:(?:re)?watch(?:es|ed|ing)?|listen(?:s|ed|ing)?\\s+to|"
                    + "(?:re)?read(?:s|ing)?|song|album|film|movie|show|series|episode\\s+of)\\s+(?:the\\s+)?$");
    /** Where an Indian address written without commas begins: its flat, house, plot or door number. */
    private static final Pattern INDIA_START =
            Pattern.compile("(?iu)\\b(?:flat|h\\.?\\s?no|house\\s+no|plot|door\\s+no|d\\.?\\s?no)"
                    + "\\.?\\s*(?:no\\.?\\s*)?[\\p{L}\\p{N}/-]*\\d");
    /** A clause after an address cue that holds a number. */
    private static final Pattern CUE = Pattern.compile("(?iu)(?:\\b(?:my|our|his|her|their|the|new|home|postal|"
            + "mailing|full|current)\\s+(?:home\\s+)?address(?:\\s+is|\\s*:|\\s*-|\\s*=)?|\\baddress\\s*(?:is|:|-|=)"
            + "|\\b(?:i|we|he|she|they|mum|dad|mom)\\s+(?:live|lives|living|stay|stays|staying|moved|am\\s+staying)\\s+"
            + "(?:at|in|on|to)|\\blive\\s+at|\\bliving\\s+at|\\bstaying\\s+at|\\bsend\\s+(?:it|them|post|mail|"
            + "letters?)\\s+to|\\bcome\\s+to|\\bi['’]?m\\s+at|\\bwe['’]?re\\s+at|\\bmeine\\s+adresse\\s+(?:ist|lautet)"
            + "|\\bich\\s+wohne\\s+(?:in\\s+der|in|am|an\\s+der|im)|\\bj['’]habite(?:\\s+au|\\s+à|\\s+a)?|\\bmon\\s+adresse"
            + "(?:\\s+est|\\s*:)|\\bvivo\\s+en|\\bmi\\s+direcci[oó]n\\s+es|\\bdirecci[oó]n\\s*:|\\badresse\\s*:)\\s*");

    private static final Pattern CUE_CLAUSE =
            Pattern.compile("(?u)[^\\n.!?;()]{3,90}?(?=\\s+(?:and|but|pls|please|if|so|"
                    + "cos|because|with|where|which|who|since|for|et|mais|und|aber|y|pero)\\b|[.!?;\\n()]|$)");

    /** A year or a duration in a clause after "I live in": not a house number ("j'habite à Lyon depuis 2018"). */
    private static final Pattern YEAR_ONLY = Pattern.compile(
            "(?iu)\\b(?:since|depuis|seit|desde|from|for|in|en|im|for\\s+the\\s+last)"
                    + "\\s+(?:(?:19|20)\\d{2}|\\d{1,2}\\s*(?:years?|yrs?|months?|weeks?|ans?|mois|jahren?|monaten?|años?|meses))\\b");

    private static final String UK_POSTCODE = "[A-Za-z]{1,2}\\d[A-Za-z\\d]?\\s*\\d(?![aApP][mM]\\b)[A-Za-z]{2}";
    /** An Irish Eircode: routing key (letter, two digits, or D6W) and a four-character unique identifier. */
    private static final String EIRCODE =
            "(?:[AC-FHKNPRTV-Yac-fhknprtv-y]\\d{2}|[Dd]6[Ww])\\s?[0-9AC-FHKNPRTV-Yac-fhknprtv-y]{4}";

    private static final String STATE =
            "(?:AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|"
                    + "NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY)";
    /** A US state code in lower case before a ZIP ("vancouver wa 98660"): the codes that are not English words. */
    private static final String STATE_LOWER =
            "(?:a[kzr]|c[at]|dc|fl|ga|i[la]|k[sy]|m[dinst]|n[evhjmycd]|ri|s[cd]|t[nx]|ut|" + "v[ta]|w[aviy])";

    private static final String AU_STATE = "(?:NSW|VIC|QLD|WA|SA|TAS|ACT|NT|nsw|vic|qld|tas|act)";
    private static final String TOWN_WORD = NOT_WORD + "\\p{L}[\\p{L}\\p{M}'’-]*(?:\\.\\p{L}[\\p{L}\\p{M}'’-]*)*";
    private static final String TOWN = "(?:" + TOWN_WORD + ")(?:[ -]" + TOWN_WORD + "){0,2}";
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
    /** A house number written in words ("forty two Mill Street", "four hundred twelve west pine street"). */
    private static final String UNITS_W = "(?:one|two|three|four|five|six|seven|eight|nine)";

    private static final String NUM_WORDS =
            "(?:(?:" + UNITS_W + "\\s+hundred(?:\\s+and)?\\s+)?(?:(?:twenty|thirty|forty|fifty|"
                    + "sixty|seventy|eighty|ninety)(?:[\\s-]" + UNITS_W
                    + ")?|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|"
                    + "seventeen|eighteen|nineteen|" + UNITS_W + ")|" + UNITS_W + "\\s+hundred)";
    private static final Pattern EN_WORDS = Pattern.compile("(?iu)(?<![\\p{L}\\p{N}-])" + NUM_WORDS + "\\s+((?:" + WORD
            + "\\s+){0,3}" + WORD + ")\\s+(" + STRONG_TYPE + "|" + WEAK_TYPE + ")\\b\\.?");
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
    /** A named house, farm or cottage, then its street ("Rose Cottage, Long Lane", "the old forge, church lane"). */
    private static final Pattern BUILDING = Pattern.compile("(?u)(?<![\\p{L}])(?:(?i:the)\\s+)?(?:" + WORD
            + "\\s+){1,2}"
            + "(?i:cottage|house|farm|forge|lodge|barn|mill|manor|grange|rectory|vicarage|farmhouse|croft|schoolhouse)"
            + "(?:\\s+(?i:farm|cottage))?\\s*(?:,|\\n)\\s*(?:" + WORD + "\\s+){0,3}(?i:" + STRONG_TYPE + "|" + WEAK_TYPE
            + ")(?![\\p{L}])");
    /** A US route or county road with its house number ("880 Route 9", "2100 County Road 12"). */
    private static final Pattern US_ROUTE = Pattern.compile("(?iu)(?<![\\p{L}\\p{N}])\\d{1,5}\\s+(?:(?:state|county|us|"
            + "farm\\s+to\\s+market)\\s+)?(?:route|rte|highway|hwy|road|rd)\\s+\\d{1,4}[A-Z]?(?![\\p{L}\\p{N}])");
    /** A Welsh street: the type comes first ("23 Cwrt y Coleg", "4 Heol y Bont"). */
    private static final Pattern WELSH = Pattern.compile(
            "(?u)(?<![\\p{L}\\p{N}])\\d{1,4}[a-z]?,?\\s+(?:Heol|Stryd|Ffordd|"
                    + "Cwrt|Lôn|Maes|Rhodfa|Teras|Cilgant|Clos|Llys)\\s+(?:(?:y|yr|'r)\\s+)?\\p{L}[\\p{L}'’-]+(?:\\s+\\p{Lu}[\\p{L}'’-]+)?");
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
    /** A postcode that may end an address written without a street type. */
    private static final Pattern ANCHOR = Pattern.compile("(?u)(?<![\\p{L}\\p{N}])(?:" + UK_POSTCODE + "|" + EIRCODE
            + "|(?:" + STATE + "|" + AU_STATE + ")\\s+\\d{4,5}(?:-\\d{4})?|" + STATE_LOWER
            + "\\s+\\d{5}(?:-\\d{4})?|[1-9]\\d{2}\\s?\\d{3}|\\d{5}\\s+\\p{Lu}[\\p{L}-]+)(?![\\p{L}\\p{N}])");

    private static final Pattern SEGMENT_BACK = Pattern.compile(
            "(?u)(?:[\\p{L}\\p{N}][\\p{L}\\p{M}\\p{N}'’./#-]*"
                    + "(?:\\s+[\\p{L}\\p{N}][\\p{L}\\p{M}\\p{N}'’./#-]*){0,4}\\s*,\\s*){1,5}(?:\\p{L}[\\p{L}\\p{M}'’.-]+\\s+){0,2}-?\\s*$");

    private static final Pattern ADDRESS_WORD =
            Pattern.compile("(?iu)(?:address|live|living|lives|stay|staying|moved|move|"
                    + "house|flat|home|place|post|mail|send|deliver|come|found\\s+me|outside|at|unit|apt|apartment|lot|"
                    + "bungalow)\\b[^.!?\\n]{0,28}$");
    /** "its 5 high st", "my nan's is 31a station road": a house number as what something is, before a strong street type. */
    private static final Pattern IS_BEFORE = Pattern.compile("(?iu)\\b(?:is|it['’]?s|was)\\s+$");

    private static final Pattern PIN_P = Pattern.compile("[1-9]\\d{2}\\s?\\d{3}");
    private static final Pattern UK_POSTCODE_P = Pattern.compile("(?s)" + UK_POSTCODE);
    private static final Pattern EIRCODE_P = Pattern.compile("(?s)" + EIRCODE);
    private static final Pattern INDIA_WORDS =
            Pattern.compile("(?:nagar|road|marg|colony|layout|sector|cross|main|block|"
                    + "phase|street|lane|flat|h\\.?\\s?no|house|pin|apartment|residency|society|india|bangalore|bengaluru|mumbai|"
                    + "delhi|chennai|hyderabad|kolkata|pune|[\\p{L}]+pur|[\\p{L}]+bad)");
    private static final Pattern WEAK_TYPE_P = Pattern.compile("(?i)" + WEAK_TYPE);
    private static final Pattern STRONG_TYPE_P = Pattern.compile("(?i)" + STRONG_TYPE);
    private static final Pattern NO_NUMBER =
            Pattern.compile("(?iu)\\b(?:live|lives|living|moved|move|staying|stay|stays|"
                    + "(?:house|flat|home)\\s+is)\\s+(?:on|in|at|to|off)\\s+(?:the\\s+)?((?-i:\\p{Lu})[\\p{L}'’-]+(?:\\s+(?-i:\\p{Lu})[\\p{L}'’-]+){0,2}\\s+"
                    + STRONG_TYPE + ")\\b\\.?");
    private static final Pattern LEADING_WORD = Pattern.compile("(?u)\\s*(\\p{Ll}+)\\s+");
    private static final Pattern KEEP_LEAD =
            Pattern.compile("(?iu)flat|apt|apartment|unit|suite|room|house|plot|no|h|d|"
                    + "appartement|wohnung|piso|calle|rue|avenue|via|rua|" + STRONG_TYPE + "|" + WEAK_TYPE);
    private static final Pattern LAST_WORD = Pattern.compile("(?u)\\s+(\\p{L}+)\\s*$");
    private static final Pattern CITY_AFTER = Pattern.compile(
            "(?u)^,?\\s+(\\p{L}[\\p{L}\\p{M}'’-]+(\\s+\\p{L}[\\p{L}\\p{M}'’-]+)?)" + "(?=\\s*(?:[,.!?;\\n)]|$|\\s))");
    /** A UK outward code or full postcode after a town: "london n4", "leeds ls6 2ab". */
    private static final Pattern OUTWARD =
            Pattern.compile("(?u)^,?\\s+(?:" + UK_POSTCODE + "|[A-Za-z]{1,2}\\d[A-Za-z\\d]?)(?![\\p{L}\\p{N}])");

    private static final Pattern TOWN_AFTER_CODE = Pattern.compile("(?u)^\\s+(\\p{Ll}[\\p{L}\\p{M}-]{2,})");

    static void find(Scan h) {
        String t = h.text;
        Matcher nn = NO_NUMBER.matcher(t);
        while (nn.find()) {
            emit(h, nn.start(1), nn.end(1)); // "i live on Larch Road": a street named where someone lives
        }
        if (t.contains("Co") && (t.contains("Co.") || t.contains("County"))) {
            Matcher ie = IE_COUNTY.matcher(t);
            while (ie.find()) {
                emit(h, ie.start(), ie.end());
            }
        }
        Matcher b = BUILDING.matcher(t);
        boolean building = BUILDING_HINT.matcher(h.lower).find();
        while (building && b.find()) {
            emit(h, b.start(), b.end()); // "Rose Cottage, Long Lane, Little Snoring", "Ivy House Farm\nMoor Road"
        }
        if (NUMBER_WORD_HINT.matcher(h.lower).find()) {
            Matcher w = EN_WORDS.matcher(t);
            while (w.find()) {
                if (capitalised(w.group(1)) || cueBefore(h, w.start()) || tailFollows(t, w.end())) {
                    emit(h, w.start(), w.end()); // "forty two Mill Street", "at sixteen rowan close"
                }
            }
        }
        boolean digit = false;
        for (int i = 0; i < t.length() && !digit; i++) {
            digit = Character.isDigit(t.charAt(i));
        }
        if (!digit && !h.lower.contains("s/n")) {
            return; // every address form here has a house number, a postcode or a box number ("s/n": sin número)
        }
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
        Matcher uc = UNIT_CHAIN.matcher(t);
        boolean chain = digitThenComma(t);
        while (chain && uc.find()) {
            int segments = uc.group(2).split(",", -1).length - 1;
            if ((uc.group(1) != null && segments >= 2)
                    || CHAIN_STREET.matcher(uc.group(2)).find()) {
                emit(h, uc.start(), uc.end()); // "flat 304, sai krupa apartments, 12th cross, malleshwaram"
            }
        }
        for (Pattern p : List.of(US_ROUTE, WELSH)) {
            if (p == US_ROUTE
                    ? !ROUTE_HINT.matcher(h.lower).find()
                    : !WELSH_HINT.matcher(t).find()) {
                continue;
            }
            Matcher m = p.matcher(t);
            while (m.find()) {
                emit(h, m.start(), m.end()); // "880 Route 9", "23 Cwrt y Coleg"
            }
        }
        Matcher cw = EN_COMPOUND.matcher(t);
        while (cw.find()) {
            if (cueBefore(h, cw.start()) || tailFollows(t, cw.end())) {
                emit(h, cw.start(), cw.end());
            }
        }
        for (int o = 0; o < OTHER.size(); o++) {
            if (!otherHinted(h, o)) {
                continue; // each form needs its words or its script in the text
            }
            Matcher m = OTHER.get(o).matcher(t);
            while (m.find()) {
                emit(h, m.start(), m.end()); // with the town and postcode after it ("Postbus 1234, 2501 CA Den Haag")
            }
        }
        for (Pattern p : List.of(DE, FR, ES)) {
            if (!hinted(h, p == DE ? DE_HINTS : p == FR ? FR_HINTS : ES_HINTS)
                    && !(p == DE && FIVE_DIGITS.matcher(t).find())) {
                continue;
            }
            Matcher m = p.matcher(t);
            while (m.find()) {
                emit(h, m.start(), m.end());
            }
        }
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

    private static final Pattern NUMBER_WORD_HINT = Pattern.compile("(?<![a-z])(?:twenty|thirty|forty|fifty|sixty|"
            + "seventy|eighty|ninety|hundred|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|"
            + "nineteen|one|two|three|four|five|six|seven|eight|nine)\\s+[a-z]");
    private static final Pattern BUILDING_HINT = Pattern.compile(
            "(?:cottage|house|farm|forge|lodge|barn|mill|manor|grange|rectory|vicarage|croft)\\s*[,\\n]");
    private static final Pattern ROUTE_HINT = Pattern.compile(
            "\\d\\s+(?:state\\s|county\\s|us\\s|farm\\s|route|rte|" + "highway|hwy|road\\s+\\d|rd\\s+\\d)");
    private static final Pattern WELSH_HINT =
            Pattern.compile("\\d\\s+(?:Heol|Stryd|Ffordd|Cwrt|Lôn|Maes|Rhodfa|Teras|" + "Cilgant|Clos|Llys)\\s");

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

    private static final Pattern FIVE_DIGITS = Pattern.compile("(?<!\\d)\\d{5}\\s+\\p{L}");
    private static final String[] DE_HINTS = {
        "str",
        "weg",
        "gasse",
        "platz",
        "allee",
        "damm",
        "ufer",
        "chaussee",
        "pfad",
        "straat",
        "laan",
        "gracht",
        "plein",
        "kade",
        "steeg",
        "dijk",
        "ring",
        "markt",
        "kamp",
        "twiete",
        "steig",
        "Am ",
        "An der",
        "Auf der",
        "Im ",
        "In der",
        "Zum ",
        "Zur ",
        "Unter den"
    };
    private static final String[] FR_HINTS = {
        "rue",
        "av",
        "bd",
        "bvd",
        "place",
        "pl.",
        "chemin",
        "allée",
        "allee",
        "impasse",
        "quai",
        "route",
        "cours",
        "passage",
        "square",
        "rond-point",
        "sidence",
        "faubourg",
        "fg",
        "voie",
        "sentier",
        "cit",
        "hameau",
        "lotissement"
    };
    private static final String[] ES_HINTS = {
        "calle",
        "c/",
        "av",
        "plaza",
        "pza",
        "paseo",
        "p\u00ba",
        "pº",
        "p°",
        "camino",
        "carrera",
        "ronda",
        "traves",
        "carretera",
        "ctra",
        "glorieta",
        "pasaje",
        "urb",
        "carrer",
        "passeig",
        "avinguda",
        "plaça",
        "rambla",
        "rua",
        "praça",
        "Via",
        "Viale",
        "Piazza",
        "Corso"
    };
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

    /** Whether the text may hold the form {@code OTHER.get(o)}: its words (sector, box, Postfach…) or its script. */
    private static boolean otherHinted(Scan h, int o) {
        String l = h.lower;
        return switch (o) {
            case 0 -> l.contains("sector") || l.contains("block") || l.contains("phase") || l.contains("pocket");
            case 1 ->
                l.contains("box")
                        || l.contains("rmb")
                        || l.contains("rsd")
                        || l.contains("locked bag")
                        || l.contains("postfach")
                        || l.contains("postbus")
                        || l.contains("postale")
                        || l.contains("apartado")
                        || l.contains("postal")
                        || l.contains("а/я")
                        || l.contains("ящик");
            case 2 -> l.chars().anyMatch(c -> Character.UnicodeBlock.of(c) == Character.UnicodeBlock.CYRILLIC);
            default -> l.chars().anyMatch(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN);
        };
    }

    /** Whether one of the words is in the text (lower case, or as written when it has a capital). */
    private static boolean hinted(Scan h, String[] hints) {
        for (String w : hints) {
            if ((Character.isUpperCase(w.charAt(0)) ? h.text : h.lower).contains(w)) {
                return true;
            }
        }
        return false;
    }

    private static void emit(Scan h, int start, int end) {
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
    private static int tails(String t, int end) {
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
    private static boolean townWord(String first, String all) {
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

    private static boolean capitalised(String words) {
        for (String w : words.split("\\s+")) {
            if (!w.isEmpty()
                    && Character.isUpperCase(w.charAt(0))
                    && (w.length() == 1 || !w.equals(w.toUpperCase(java.util.Locale.ROOT)))) {
                return true;
            }
        }
        return false;
    }

    private static boolean allCommon(String words) {
        for (String w : words.split("\\s+")) {
            if (!Names.isCommonWord(w.replaceAll("[.'’]", ""))) {
                return false;
            }
        }
        return true;
    }

    private static boolean cueBefore(Scan h, int at) {
        // "No." and "H.No." before a house number are not sentence ends
        String before =
                h.text.substring(Math.max(0, at - 40), at).replaceAll("(?i)\\b(?:no|h\\.no|flat|apt|co)\\.", "no");
        return ADDRESS_WORD.matcher(before).find();
    }

    private static boolean tailFollows(String t, int end) {
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
