package org.tracejudge.redaction;

import static org.tracejudge.redaction.NameText.*;
import static org.tracejudge.redaction.Names.*;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tracejudge.redaction.Names.Tok;

/**
 * A keep rule of the name recognizer ({@link NameKeep}), read when a cue weaker than a title, an introduction, a
 * relation or a sign-off has found a name: a name-like word that names no private person here is kept with the run
 * of words it opens. A public figure's work ("listening to Adele", "Taylor Swift songs"), a name as a common noun
 * ("being a karen"), a city after a movement or living word ("we went to Brighton", "moved from Leeds to Hull") or
 * before a place noun ("Brighton beach"), a storm, a pet, a title of a book or film.
 */
final class NotAPersonKeep extends NameKeep {
    static final NotAPersonKeep INSTANCE = new NotAPersonKeep();

    private NotAPersonKeep() {}

    @Override
    public String name() {
        return "names.keep.not-a-person";
    }

    @Override
    public String reason() {
        return "a public figure's work, a named thing, a place or a title, not a private person";
    }

    @Override
    public int next(NameToken a) {
        return !a.scan.strict
                        && !strongCue(a.before, a.text, a.toks, a.i)
                        && notAPerson(a.text, a.before, a.toks, a.i, a.k)
                ? runEnd(a.text, a.toks, a.i) + 1
                : -1;
    }

    /** The last of up to three adjacent name-like words from {@code i} written in the same case ("taylor swift"). */
    static int runEnd(String text, List<Tok> toks, int i) {
        int end = i;
        while (end + 1 < toks.size()
                && end < i + 2
                && adjacent(text, toks.get(end), toks.get(end + 1))
                && toks.get(end + 1).cap() == toks.get(i).cap()) {
            String nk = key(toks.get(end + 1).lower());
            if (FUNCTION.contains(nk)
                    || CAP_STOP.contains(nk)
                    || (!toks.get(i).cap() && common(nk) && !surname(nk) && !given(nk))) {
                break;
            }
            end++;
        }
        return end;
    }

    /**
     * What is said of a public person in the news, on screen or in sport, in the sentence of a name ("on the telly",
     * "in the papers", "scored", "a marqué", "en la tele", "op tv", "rally", "interview"): with it a name with no cue
     * of the writer's own people is a public figure's, even one word ("Adele was on the radio").
     */
    static final Pattern PUBLIC_STRONG =
            Pattern.compile("(?u)(?<![\\p{L}])(?:on\\s+(?:the\\s+|a\\s+)?(?:telly|tv|telebox|radio|news|"
                    + "box|ad|advert|talk\\s+show|punditry|podcast|stage|screen|garden\\s+show)|in\\s+the\\s+(?:news|papers?)|in\\s+everything|"
                    + "(?:talk|chat|morning|cooking|baking|garden)\\s+show|interview(?:ed|s)?|podcast|documentar(?:y|ies)|doco|rally|speech|"
                    + "resign(?:ed|s|ing)|retir(?:ing|ed|es|ement)|scor(?:ed|es|ing)|penalty|century|olympics|grand\\s+slam|"
                    + "world\\s+cup|french\\s+open|at\\s+the\\s+footy|punditry|playlist|on\\s+repeat|concert|gig|podium|won\\s+(?:gold|silver|"
                    + "bronze|at\\s+last|again)|fernsehen|im\\s+tv|dauerschleife|hat\\s+getroffen|show|interview|a\\s+marqu[ée]|"
                    + "(?:à|a)\\s+la\\s+t[ée]l[ée]|l['’]idole|en\\s+la\\s+tele|concierto|entrevista|podio|en\\s+los\\s+goya|se\\s+retira|"
                    + "op\\s+tv|scoorde|won\\s+goud|de\\s+held|op\\s+de\\s+radio)(?![\\p{L}])");
    /** Weaker: said of public people mostly, taken only with a full name ("Matthew Perry's death", "X talking about her bipolar"). */
    static final Pattern PUBLIC_WEAK = Pattern.compile("(?u)(?<![\\p{L}])(?:death|dying|voice|recipe|publicly|openly|"
            + "being\\s+open\\s+about|(?:talk(?:s|ed|ing)?|spoke|speaking|wrote|writes|opened\\s+up)\\s+about|"
            + "said\\s+(?:he|she|they)\\s+(?:had|has|was|nearly|didn['’]?t)|ha[sd]\\s+depression|won|lost|ganó|gan[oó]|blessé|"
            + "habl[oó]\\s+de|a\\s+parl[ée]\\s+de|hat\\s+über|sprach\\s+über|fans?|channel|party|parties|"
            + "the\\s+(?:paper|papers|news|telly)|idolises|idolizes|hero|in\\s+the\\s+paper)(?![\\p{L}])");

    /** Whether the sentence of a name run from {@code i} to {@code end} speaks of a public figure (see {@link #PUBLIC_STRONG}). */
    static boolean publicFigure(String text, String before, List<Tok> toks, int i, int end) {
        if (cue(PEOPLE_VERB_LOWER, before, wordStarts(before)) || !toks.get(i).cap()) {
            return false;
        }
        int from = toks.get(i).start();
        while (from > 0 && ".!?\n".indexOf(text.charAt(from - 1)) < 0) {
            from--;
        }
        int to = toks.get(end).end();
        while (to < text.length() && ".!?\n".indexOf(text.charAt(to)) < 0) {
            to++;
        }
        String sentence = text.substring(from, to);
        String lower = sentence.toLowerCase(Locale.ROOT); // the patterns are written in lower case (faster than (?i))
        if (!PUBLIC_STRONG.matcher(lower).find()
                && !(end > i
                        && toks.get(end).cap()
                        && PUBLIC_WEAK.matcher(lower).find())) {
            return false;
        }
        return !FIRST_PERSON_OF.matcher(sentence).find(); // "my friend Kieran scored": the writer's own people
    }

    /** A relation of the writer right before or after the name ("my friend X", "X my sister"): no public-figure reading. */
    static final Pattern FIRST_PERSON_OF = Pattern.compile(
            "(?u)(?<![\\p{L}])(?i:my|our|me)\\s+(?:\\p{L}+\\s+)?(?i:friend|mate|"
                    + "sister|brother|ex|partner|boyfriend|girlfriend|husband|wife|cousin|neighbour|neighbor|colleague|boss|son|daughter)\\s+\\p{Lu}");

    static boolean notAPerson(String text, String before, List<Tok> toks, int i, String k) {
        int end = runEnd(text, toks, i);
        if (publicFigure(text, before, toks, i, end)) {
            return true; // "Gary Lineker on the telly", "Max Verstappen won", "Stromae a parlé de sa dépression"
        }
        if (namedThing(text, before, toks, i, end)) {
            return true; // "Storm Babet", "our cat Pickles", "quoting Mary Oliver", "Holmes and Rahe stress scale"
        }
        String after = text.substring(
                toks.get(end).end(), Math.min(text.length(), toks.get(end).end() + 40));
        boolean possessive = !toks.get(end).lower().equals(key(toks.get(end).lower()));
        int title = cueAt(TITLE, before, wordStarts(before));
        String untitled = title >= 0 ? before.substring(0, title) : before;
        if (((MEDIA_BEFORE.matcher(untitled).find()
                                || THING_BEFORE.matcher(untitled).find())
                        && !possessive)
                || MEDIA_AFTER.matcher(after).lookingAt()
                || (possessive && WORK_AFTER_OWNER.matcher(after).lookingAt())) {
            return true; // "listening to Adele", "watched Ted Lasso" (not "read Sam's texts"), "Taylor Swift songs"
        }
        if (EPONYM_BEFORE.matcher(before).find()
                || (possessive
                        && (HAS_BEFORE.matcher(before).find()
                                && EPONYM_AFTER.matcher(after).lookingAt()))) {
            return true; // "diagnosed with Crohn's", "dad has Parkinson's and": a condition named after a person
        }
        if (i > 0
                && adjacent(text, toks.get(i - 1), toks.get(i))
                && toks.get(i - 1).cap()
                && !toks.get(i - 1).allCaps()
                && !sentenceStart(text, toks.get(i - 1).start())
                && titleCaseWord(key(toks.get(i - 1).lower()))) {
            return true; // "Finding Nemo", "Atomic Habits": an ordinary word with a capital mid-sentence opens a title
        }
        if (before.matches("(?s).*\\b(?:a|an)\\s+$")
                && (!toks.get(i).cap() || foreignStopWords(toks).isEmpty())) {
            return true; // "a Dyson", "a karen": after "a" a name is a thing or a type (not Spanish "dile a Ainhoa")
        }
        String rawBefore = text.substring(
                Math.max(0, toks.get(i).start() - 40), toks.get(i).start());
        if (TEAMS.matcher(rawBefore).find() || TEAMS_AFTER.matcher(after).lookingAt()) {
            return true; // "Liverpool vs Everton": a fixture names teams
        }
        Matcher and = AND_BEFORE.matcher(rawBefore);
        if (and.find()
                && !sentenceStart(rawBefore, and.start(1))
                && titleCaseWord(and.group(1).toLowerCase(Locale.ROOT))) {
            return true; // "Peppa Pig and Bluey": joined to a title, a title too
        }
        if (!possessive
                && !NameLists.GIVEN_CORE.contains(k)
                && !surname(k)
                && toks.get(i).cap()
                && before.matches("(?s).*\\b(?:in|at|into|inside|outside)\\s+$")) {
            return true; // "2 hours in Ikea": a word of the rare-name lists only, where a shop or a place goes
        }
        if (end + 1 < toks.size()
                && adjacent(text, toks.get(end), toks.get(end + 1))
                && toks.get(end + 1).lower().matches(".+['’]s")
                && MEDIA_AFTER
                        .matcher(text.substring(
                                toks.get(end + 1).end(),
                                Math.min(text.length(), toks.get(end + 1).end() + 40)))
                        .lookingAt()) {
            return true; // "stephen fry's book": the surname is also a word
        }
        int lead = i;
        while (lead > 0
                && lead > i - 2
                && adjacent(text, toks.get(lead - 1), toks.get(lead))
                && toks.get(lead - 1).cap() == toks.get(i).cap()
                && !FUNCTION.contains(toks.get(lead - 1).lower())
                && given(key(toks.get(lead - 1).lower()))) {
            lead--; // the given name before a surname: "a book by matt haig"
        }
        if (lead < i) {
            String leadBefore = text.substring(
                            Math.max(0, toks.get(lead).start() - 60),
                            toks.get(lead).start())
                    .toLowerCase(Locale.ROOT);
            if (MEDIA_BEFORE.matcher(leadBefore).find()
                    || (leadBefore.matches("(?s).*\\bthe\\s+$") && !toks.get(i).cap())) {
                return true; // "the john lewis sale"-like: a lower-case name used as a modifier
            }
        }
        if (before.matches("(?s).*\\bthe\\s+$")
                && end + 1 < toks.size()
                && adjacent(text, toks.get(end), toks.get(end + 1))
                && !toks.get(end + 1).cap()
                && NameLists.WORDS.contains(toks.get(end + 1).lower())
                && !VERBISH.contains(toks.get(end + 1).lower())
                && !PERSON_VERBS.contains(toks.get(end + 1).lower())) {
            return true; // "the Miami market", "the Erie doctrine": a name used as a modifier is a place or a thing
        }
        if (toks.get(i).cap()
                && PLACE_HEAD.contains(k)
                && i + 1 < toks.size()
                && toks.get(i + 1).cap()) {
            return true; // "Lake Tahoe", "Fort Worth"
        }
        if (i > 0
                && toks.get(i - 1).cap()
                && PLACE_HEAD.contains(toks.get(i - 1).lower())
                && adjacent(text, toks.get(i - 1), toks.get(i))) {
            return true;
        }
        boolean city = (NameLists.CITIES.contains(k) || place(k))
                && !(possessive // "stayed at Bronte's place": a person's home, not the town
                        && SOMEONES_PLACE
                                .matcher(text)
                                .region(toks.get(end).end(), text.length())
                                .lookingAt());
        if (city && LOCATIVE.matcher(before).find()) {
            return true;
        }
        if (toks.get(i).cap()
                && ROYAL_BEFORE
                        .matcher(text.substring(
                                Math.max(0, toks.get(i).start() - 10),
                                toks.get(i).start()))
                        .find()) {
            return true; // "Queen Elizabeth", "King Edward VII": a sovereign or the hospital named after one
        }
        if (city
                && i + 1 < toks.size()
                && adjacent(text, toks.get(i), toks.get(i + 1))
                && CITY_AFTER.contains(toks.get(i + 1).lower())) {
            return true;
        }
        return city
                && i + 1 < toks.size()
                && adjacent(text, toks.get(i), toks.get(i + 1))
                && ORGANISATION.contains(key(toks.get(i + 1).lower()));
    }

    /**
     * Words right before a name-like word that make it something other than a person: a storm ("Storm Babet",
     * "Hurricane Milton", "tempête Ciarán"), a ship ("HMS Belfast"), a pet ("our cat Pickles", "Notre chat Minou",
     * "Unser Hund Bello"), a quoted or prayed-to figure ("quoting Mary Oliver", "in the words of Dolly Parton", "prays
     * to"), an eponymous syndrome ("syndrome de Gilles de la Tourette"). Lower case, as {@code before} is.
     */
    static final Pattern NOT_PERSON_BEFORE = Pattern.compile("(?u)(?:(?<![\\p{L}])(?:storm|hurricane|cyclone|"
            + "typhoon|tempête|tempete|sturm|orkan|tormenta|borrasca|huracán|huracan|ouragan|orkaan|hms|uss|rms)"
            + "|(?<![\\p{L}])(?:my|our|the|his|her|their|mon|ma|notre|le|la|mi|nuestro|nuestra|el|mein|meine|meinem|unser|"
            + "unsere|unserem|der|mijn|onze|de|new|old|little)\\s+(?:\\p{L}+\\s+)?(?:cat|dog|kitten|kitty|puppy|budgie|"
            + "parrot|rabbit|bunny|hamster|guinea\\s+pig|tortoise|horse|pony|ferret|gerbil|goldfish|labrador|spaniel|collie|"
            + "kelpie|terrier|retriever|staffy|greyhound|chat|chaton|chien|chienne|perro|perrita|perrito|gato|gata|gatito|"
            + "hund|hündin|katze|kater|hond|kat|poes|hondje)"
            + "|(?<![\\p{L}])(?:quot(?:e|es|ed|ing)|quotes?\\s+(?:by|from)|the\\s+words\\s+of|poems?\\s+by|songs?\\s+by|"
            + "lyrics?\\s+by|pray(?:s|ed|ing)?\\s+to|worship(?:s|ped|ping)?|goddess|tradition)"
            + "|(?<![\\p{L}])(?:syndrome|syndrom|síndrome|sindrome|maladie|morbus|enfermedad|ziekte)"
            + "(?:\\s+(?:de\\s+(?:la\\s+)?|d['’]|van|von))?"
            // a school, hospital, station or foundation of another language named after a person: "au collège Jean
            // Moulin", "Instituto Ramiro de Maeztu", "Ysgol Glan Clwyd"; a greeting: "Ramadan Mubarak", "Eid Mubarak"
            + "|(?<![\\p{L}])(?:collège|college|lycée|lycee|école|ecole|hôpital|hopital|clinique|colegio|instituto|escuela|"
            + "ies|ceip|schule|gymnasium|grundschule|realschule|gesamtschule|klinikum|ysgol|ysbyty|stade|estadio|"
            + "aéroport|aeroport|aeropuerto|flughafen|gare|estación|estacion|bahnhof|fondation|fundación|fundacion|"
            + "stiftung)\\s+(?:(?:de\\s+la|du|de|del|des|d['’])\\s*)?"
            + "|(?i:ramadan|ramzan|eid|gŵyl|gwyl|dydd)\\s+)\\s*$");
    /** A work's capitalised title mid-sentence, then "by": "Hallelujah by Leonard Cohen", "… for Meaning by". */
    static final Pattern WORK_BY = Pattern.compile("(?u)(?:[\\p{Ll},]\\s+\\p{Lu}[\\p{L}'’]*|[\"”’])\\s+by\\s+$");
    /**
     * After a name: a scale, test, law or condition named after it ("Holmes and Rahe stress scale"), or what animal
     * it is ("Milo the dog", "Biscuit, our cat").
     */
    static final Pattern EPONYM_THING_AFTER = Pattern.compile("(?iu)^(?:['’]s?)?(?:\\s+(?:and|&)\\s+\\p{Lu}"
            + "[\\p{L}'’-]+)?(?:\\s+\\p{L}+)?\\s+(?:disease|syndrome|palsy|scale|inventory|test|law|method|protocol|"
            + "questionnaire|criteria|score|sign|effect|chart|principle|technique|diet|reflex|manoeuvre|maneuver|"
            + "classification|staging|phenomenon|paradox|ulcer|apples?)\\b"
            + "|^(?:\\s+the|,?\\s+(?:our|my))\\s+(?:dog|cat|puppy|kitten|pup|hamster|rabbit|bunny|budgie|parrot|horse|pony|"
            + "tortoise|guinea\\s+pig|ferret|rat|gerbil|goldfish|fish|lizard|snake)\\b");
    /** A saint, a holy figure or a storm before a capitalised word: the pair names no person of the writer's. */
    static final Set<String> THING_HEAD = WordList.exact("names-thing-head.txt");
    /** Holidays and festivals that are also given names in the lists; never a person. Hand-written. */
    static final Set<String> HOLIDAYS = WordList.exact("names-holidays.txt");
    /** Continents and countries that are also given names in the lists ("Depakote in America"). */
    static final Set<String> LANDS = WordList.exact("names-lands.txt");
    /** Verbs that call or tell people; capitalised mid-sentence they belong to a title ("The Crisis Text Line"). */
    static final Set<String> CALL_WORDS = WordList.exact("names-call-words.txt");
    /** Words that end the name of a place ("Primrose Hill", "Kew Gardens") after a verb of going. */
    static final Set<String> PLACE_TAIL = WordList.exact("names-place-tail.txt");

    static final Set<String> PARTICLES_OF = WordList.exact("names-particles-of.txt");
    /** Weekdays (also plural and abbreviated): never a person. */
    static final Pattern WEEKDAY = Pattern.compile(
            "(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?s?|monday|tuesday|wednesday|"
                    + "thursday|friday|saturday|sunday");
    /** Before a month: a time word ("in August my dad…", "since June"). */
    static final Pattern CLOCK_BEFORE = Pattern.compile("(?iu)\\d{1,2}[:.h]\\d{2}\\s*(?:to\\s+|for\\s+)?$");

    static final Pattern TIME_BEFORE =
            Pattern.compile("(?iu)(?<![\\p{L}])(?:in|since|until|till|last|next|this|early|late|mid|from|through|by|"
                    + "end\\s+of|start\\s+of|im|seit|en|depuis|desde|hasta|sinds)\\s+$");
    /** Street types after a name-like word: a street ("the DMV on Jefferson Blvd", "Gran Vía"). */
    static final Set<String> STREET_AFTER = WordList.exact("names-street-after.txt");

    /** Whether the run from {@code i} to {@code end} names a storm, pet, ship, saint, quoted author or eponymous thing. */
    static boolean namedThing(String text, String before, List<Tok> toks, int i, int end) {
        String k = toks.get(i).lower();
        if (NOT_PERSON_BEFORE.matcher(before).find()) {
            return true;
        }
        String rawBefore = text.substring(
                Math.max(0, toks.get(i).start() - 40), toks.get(i).start());
        if (WORK_BY.matcher(rawBefore).find()) {
            return true;
        }
        String after = text.substring(
                toks.get(end).end(), Math.min(text.length(), toks.get(end).end() + 50));
        if (EPONYM_THING_AFTER.matcher(after).find()) {
            return true;
        }
        if (EPONYMS.contains(eponymKey(k))
                && (i == 0
                        || !toks.get(i - 1).cap()
                        || !adjacent(text, toks.get(i - 1), toks.get(i))
                        || !given(key(toks.get(i - 1).lower())))) {
            return true;
        }
        if (THING_HEAD.contains(k)
                && i + 1 < toks.size()
                && (toks.get(i + 1).cap()
                        || PARTICLES_OF.contains(toks.get(i + 1).lower()))) {
            return true; // "Saint Anthony", "Storm Éowyn", "Cristo de Medinaceli", "Hund Bello"
        }
        if (HOLIDAYS.contains(k) || LANDS.contains(k) || STREET_AFTER.contains(k)) {
            return true; // "Met Sinterklaas", "Depakote in America", "Gran Vía"
        }
        if (i > 0
                && toks.get(i - 1).cap()
                && CALL_WORDS.contains(toks.get(i - 1).lower())
                && adjacent(text, toks.get(i - 1), toks.get(i))
                && !sentenceStart(text, toks.get(i - 1).start())) {
            return true; // "The Crisis Text Line"
        }
        int p = i - 1;
        while (p > 0
                && p >= i - 3
                && PARTICLES_OF.contains(toks.get(p).lower())
                && !toks.get(p).cap()) {
            p--;
        }
        if (p >= 0
                && p < i - 1
                && toks.get(p).cap()
                && !toks.get(p).allCaps()
                && !sentenceStart(text, toks.get(p).start())
                && !given(key(toks.get(p).lower()))
                && !surname(key(toks.get(p).lower()))
                && !TITLE_WORDS.contains(toks.get(p).lower())) {
            return true; // "Tourette Association of America", "Teléfono de la Esperanza": a name's part of a title
        }
        if (!toks.get(end).lower().matches(".*['’]s")
                && PLACE_TAIL.contains(toks.get(end).lower())
                && end > i
                && LOCATIVE.matcher(before).find()) {
            return true; // "going back to Primrose Hill"
        }
        if (NameLists.CITIES.contains(k) && CHANGE_AT.matcher(before).find()) {
            return true; // "change at York"
        }
        if (i > 0 && THING_HEAD.contains(toks.get(i - 1).lower()) && adjacent(text, toks.get(i - 1), toks.get(i))) {
            return true;
        }
        if (WEEKDAY.matcher(k).matches()) {
            return true; // "clinic is Mondays and Thursdays"
        }
        if ((NameLists.CITIES.contains(key(k)) || place(key(k)))
                && CLOCK_BEFORE.matcher(rawBefore).find()) {
            return true; // "17:48 York, 18:04 Leeds": a train's or bus's destination after its time
        }
        if (MONTH_NAMES_ALL.contains(k) && TIME_BEFORE.matcher(before).find()) {
            return true; // "in August my dad had a stroke"
        }
        for (int q = i + 1; q <= end + 1 && q < toks.size(); q++) {
            if (adjacent(text, toks.get(q - 1), toks.get(q))
                    && STREET_AFTER.contains(toks.get(q).lower())) {
                return true; // "the DMV on Jefferson Blvd", "rajiv chowk"
            }
        }
        return false;
    }

    static final Pattern CHANGE_AT = Pattern.compile("(?iu)(?:\\bchang(?:e|ed|ing)\\s+at|\\bvia)\\s+$");

    /** Before a condition named after a person ("diagnosed with Crohn's", "living with Tourette's"). */
    static final Pattern EPONYM_BEFORE =
            Pattern.compile("(?iu)\\b(?:diagnos(?:ed|is|es)\\s+(?:with|of)|suffer(?:s|ed|ing)?"
                    + "\\s+(?:from|with)|living\\s+with|symptoms\\s+of|signs\\s+of|test(?:ed|ing)?\\s+for|treat(?:ed|ment)?\\s+for|"
                    + "(?:early|late)[\\s-]onset|flare\\s+of)\\s+$");

    static final Pattern HAS_BEFORE = Pattern.compile("(?iu)\\b(?:has|have|had|got|with|my|her|his|their)\\s+$");
    /** After a possessive that names a condition: nothing it owns, the end of the clause. */
    static final Pattern EPONYM_AFTER = Pattern.compile("(?iu)^\\s*(?:[,.!?;:)]|$|(?:and|but|so|or|since|for|too|as|"
            + "at|in|is|was|which|that|makes|made|means|flare|flares|disease|syndrome|symptoms|palsy|cyst)\\b)");

    /** What is done with things, not people: "ordered Maggi", "ate a Twix", "installed Duolingo". */
    static final Pattern THING_BEFORE = Pattern.compile(
            "(?iu)\\b(?:order(?:s|ed|ing)?|ate|eat(?:s|ing)?|drank|"
                    + "drink(?:s|ing)?|install(?:s|ed|ing)?|download(?:s|ed|ing)?|wear(?:s|ing)?|wore)\\s+(?:some\\s+|more\\s+)?$");
    /** A capitalised word, then "and" or "&" right before the word. */
    static final Pattern AND_BEFORE = Pattern.compile("(?u)(\\p{Lu}\\p{Ll}+)\\s+(?:and|&)\\s+$");

    /** A capitalised place or team, then "vs", "v", "versus", "against" before the word: a fixture. */
    static final Pattern TEAMS = Pattern.compile("(?u)\\p{Lu}\\p{L}+\\s+(?i:vs?\\.?|versus|against)\\s+$");

    static final Pattern TEAMS_AFTER = Pattern.compile("(?u)^\\s+(?i:vs?\\.?|versus)\\s+\\p{Lu}");

    /**
     * An English word that, capitalised mid-sentence right before a name-like word, makes the pair a title, a
     * brand or a place ("Finding Nemo", "Atomic Habits"): not a function word, title, relation, given name or surname.
     */
    static boolean titleCaseWord(String k) {
        return NameLists.WORDS.contains(k)
                && !FUNCTION.contains(k)
                && !CAP_STOP.contains(k)
                && !TITLE_WORDS.contains(k)
                && !given(k)
                && !surname(k)
                && !RELATION.matcher(k).matches()
                && !SLANG.contains(k)
                && !NOT_NAMES_CUE.contains(k);
    }

    /** Capitalised words that may stand before a name mid-sentence: greetings and relations ("Auntie", "Uncle"). */
    static final Set<String> NOT_NAMES_CUE = WordList.exact("names-not-names-cue.txt");
    /** After a name: its work ("Taylor Swift songs", "Stephen Fry's book"). */
    /** After a possessive name, one or two lower-case words and a work: "Taylor Swift's folklore album". */
    static final Pattern WORK_AFTER_OWNER = Pattern.compile("(?u)^\\s+(?:\\p{Ll}[\\p{Ll}-]*\\s+){1,2}"
            + "(?:songs?|albums?|books?|novels?|films?|movies?|show|series|podcasts?|documentary|memoir)\\b");

    static final Pattern MEDIA_AFTER = Pattern.compile(
            "(?iu)^(?:['’]s)?\\s+(?:new\\s+|old\\s+|latest\\s+)?(?:songs?|"
                    + "music|albums?|books?|novels?|poems?|films?|movies?|show|series|podcasts?|videos?|concerts?|tour|lyrics|"
                    + "interviews?|memoir|autobiography|sitcom|special|documentary|prints?|paintings?|artwork|exhibition|posters?)\\b");
    /** Before a place: a movement or a place of living ("went to", "moved from", "live in", "near"). */
    static final Pattern LOCATIVE = Pattern.compile("(?iu)(?:\\b(?:go|goes|going|went|gone|get|got|getting|move|"
            + "moves|moved|moving|drive|drove|driving|fly|flew|flying|travel(?:l?ed|l?ing)?|trip|holiday|holidays|train|bus|"
            + "flight|coach|ferry|back|came|come|comes|coming|commute|commuting|visit(?:ed|ing)?|return(?:ed|ing)?|"
            + "originally|i['’]?m|we['’]?re|am|are|is|was|were|be|been)\\s+(?:back\\s+|home\\s+|up\\s+|down\\s+|over\\s+)?"
            + "(?:to|from|in|into|near|outside|around)|\\b(?:live|lives|lived|living|stay|stays|stayed|staying|born|"
            + "raised|grew\\s+up|based|work|works|worked|working|study|studies|studied|studying|uni|university|college|"
            + "school|hospital|flat|house|home|family|mum|mom|dad|parents)\\s+(?:is\\s+|are\\s+)?(?:in|near|outside|at)"
            + "|\\bvisit(?:ed|ing)?|\\bnear|\\bto\\s+\\p{L}+\\s+(?:and|or)|\\bfrom\\s+\\p{L}+\\s+to|\\bin)\\s*$");
    /** After these a capitalised word is a sovereign, a hospital or a place ("Queen Elizabeth", "King Edward"). */
    static final Pattern ROYAL_BEFORE =
            Pattern.compile("(?u)(?<![\\p{L}])(?:Queen|King|Prince|Princess|Pope|Saint)\\s+$");
    /** After a city: the place, not a person ("Austin traffic", "Leeds weather"). */
    static final Set<String> CITY_AFTER = WordList.exact("names-city-after.txt");

    /** Words before a name-like word that make it a place ("Lake Tahoe", "Mount Kenya", "Fort Worth"). */
    static final Set<String> PLACE_HEAD = WordList.exact("names-place-head.txt");
}
