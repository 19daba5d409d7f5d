package org.tracejudge.redaction;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * People's names. Layers: (1) a word that is a given name in {@link NameLists} and nothing else (not an English
 * word, not a function word of another language, not a place) is a name in any case ("tell priyanka"); (2) a cue
 * makes a word a name that could also be a word: an introduction ("my name is", "call me"), a title ("Dr", "Mrs"),
 * a sign-off ("- tom", "thanks, Jo"), a relation ("my daughter Niamh"), a verb ("tell Will"); (3) a name extends
 * over the surname-like words after it, particles included ("Ben Salah", "van der Berg", "O'Neill", "Smith-Jones");
 * (4) a capitalised surname from the lists alone; (5) a name joined by "and", "y", "et", "und" to a name found, or in
 * apposition before "my sister" ({@link CoordinatedNames}); (6) every name found is taken out wherever it recurs
 * ({@link RecurringNames}). Kept: brands and services named after people ({@link ShopNames}), medicines ({@link
 * Medicines}), public places' addresses ({@link Addresses}), all three as keep spans; kinship and chat words of other
 * languages ({@code not-names.txt}), German nouns after an article, sovereigns and cities before a place noun.
 * Words that are also names ("hope", "will", "may", "frank", "rose", "june", "mark", "bill") need a cue or a capital
 * with a surname after them.
 *
 * <p>This class holds the token classification the name recognizers share (given name, surname, common word, place;
 * the cue patterns) and the cue recognizer itself ({@link #find}, registered as {@code names.cues}): for each token,
 * first the keep rules (a keep span, a sovereign, a medicine's brand, an eponym, a German noun…), then the first cue
 * rule that applies decides, and the rule's name goes with the candidate as its explanation.
 */
final class Names {
    private Names() {}

    static final Pattern TOKEN = Pattern.compile("\\p{L}[\\p{L}\\p{M}]*(?:['’-]\\p{L}[\\p{L}\\p{M}]*)*");

    /** Function words and chat words of the languages people mix in, months and days, and words never a name here. */
    static final Set<String> FUNCTION = union(
            WordList.exact("names-function.txt"),
            NameLists.NOT_NAMES,
            // Welsh words in no given-name list ("ysbyty", "dydd", "hydref", "calon"): never a name in any message,
            // so that "Ysbyty Glan Clwyd" or "Caerdydd Canolog" is not taken for two unknown names
            NameLists.NAME_WORDS.getOrDefault("cy", Set.of()).stream()
                    .filter(w -> !NameLists.GIVEN.contains(w))
                    .collect(java.util.stream.Collectors.toSet()));

    static Set<String> union(Set<String> words, Set<String> more, Set<String> welsh) {
        Set<String> out = new java.util.HashSet<>(words);
        out.addAll(more);
        out.addAll(welsh);
        return Set.copyOf(out);
    }

    /** After a title these are not people ("Dr. Google", "Dr Internet", "Doctor Who"). */
    static final Set<String> NOT_AFTER_TITLE = WordList.exact("names-not-after-title.txt");

    static final Set<String> PARTICLES = WordList.exact("names-particles.txt");

    static final String S = "\\s*,?\\s*";
    static final Pattern STRONG = Pattern.compile("(?iu)(?:\\bmy\\s+name\\s+is|\\bmy\\s+names|\\bmy\\s+name['’]s"
            + "|\\bname['’]?s|\\bname\\s+is|\\bname\\s*[:=-]|\\bcall\\s+me|\\bi['’]?m\\s+called|\\bi\\s+am\\s+called"
            + "|\\bthey\\s+call\\s+me|\\bje\\s+m['’]appelle|\\bme\\s+llamo|\\bmi\\s+nombre\\s+es|\\bich\\s+hei(?:ß|ss)e"
            + "|\\bmein\\s+name\\s+ist|\\bmi\\s+chiamo|\\bmon\\s+nom\\s+est|\\bmeu\\s+nome\\s+é|\\bmera\\s+naam"
            + "|\\bmy\\s+real\\s+name\\s+is|\\bsigned|\\bit['’]?s\\s+me|\\bnamed|\\bcalled|\\bgoes\\s+by|\\bknown\\s+as"
            + "|\\bcalls\\s+me|\\bcalled\\s+me|\\bnamed\\s+(?:him|her|them)|\\bcalled\\s+(?:him|her|them)"
            + "|\\bmerci|\\bgracias|\\bdanke|\\bgrazie|\\bse\\s+llama|\\bs['’]appelle|\\bhei(?:ß|ss)t|\\bsi\\s+chiama)"
            + S + "$");
    static final Pattern LOOSE_INTRO = Pattern.compile("(?iu)\\b(?:named|called|goes\\s+by|known\\s+as|"
            + "named\\s+(?:him|her|them)|called\\s+(?:him|her|them))" + S + "$");
    /** Endings of medicine names: an unknown capitalised word with one is a drug, not a person. */
    static final Pattern DRUG = Pattern.compile("(?:olol|pril|sartan|statin|azole|mycin|cillin|oxetine|xetine|"
            + "pram|azepam|zepam|idone|apine|etine|amine|mab|profen|ine|ol|ide|ate|pam|lam|fen|xin|zole|vir|mide|done|clone|"
            + "pidem|tyline|zine|xone|triptan|gliptin|flozin|glutide|tide|parin|xaban|afil|asone|olone|cort|lukast)$");

    static final Pattern TITLE_BEFORE =
            Pattern.compile("(?iu)(?<![\\p{L}])(?:(?:mr|mrs|ms|(?-i:Miss)|mx|dr|prof|sir|dame|"
                    + "herr|frau|mme|mlle|madame|monsieur|señor|señora|sr|sra|srta|dott|shri|smt|sri|doctor|doctora|docteur|doktor|"
                    + "professor|reverend|rev|(?-i:Grandpa|Grandma|Granny|Grandad|Granda|Nana|Nanna|Nan|Uncle|Auntie|Aunty|Aunt|"
                    + "Gramps|Grampa|Granma|Meemaw|Abuela|Abuelo|Abuelita|Abuelito|Tía|Tío|Nonna|Nonno|Oma|Opa|Nain|Taid|"
                    + "Doña|Dona|Don|Fr|aunty|auntie|aunt|uncle|nanna|nana|nan|nanny|gran|granny|grandma|grandpa|grandad|"
                    + "granddad|granda|gramps|grampa|granma|meemaw|tía|tío|nain|taid|"
                    + "Coach|Pastor|Officer|Detective|Sergeant|Captain))\\.?\\s*)+$");
    static final Set<String> PERSON_VERBS = WordList.exact("names-person-verbs.txt");
    /** Verbs said of people and of things alike: after a word of the name lists only ("Wojciech won't"; not "Lexapro isn't"). */
    static final Set<String> PERSON_VERBS_LISTED = WordList.exact("names-person-verbs-listed.txt");

    static final Pattern SELF_INTRO =
            Pattern.compile("(?iu)\\b(?:i['’]?m|i\\s+am|this\\s+is|it['’]?s|its|soy|je\\s+suis"
                    + "|ich\\s+bin|sono|sou|c['’]est|hier\\s+ist)" + S + "$");
    static final Pattern CLAUSE_END = Pattern.compile(
            "(?iu)\\s*(?:[,.!?;:)\\n]|$|-|—|\\s(?:but|and|here|btw|again|" + "from|again|x+|y|et|und|e)\\b)");
    static final Pattern ADJECTIVE =
            Pattern.compile("(?:ish|ese|ian|ic|ist|ive|al|ed|ing|ous|ful|less|able|ible|" + "ary|ory|ent|ant)$");
    static final Pattern SAINT =
            Pattern.compile("(?iu)(?<![\\p{L}])(?:st|st\\.|saint|ste|san|santa|sankt|são|sao|santo|sant)\\s*$");
    static final Pattern AND_I = Pattern.compile("(?iu)\\s+(?:and|&|n|y|et|und|e)\\s+(?:i|me|yo|moi|ich|io|eu)\\b");
    static final Pattern CONJ = Pattern.compile("(?iu)\\s*,?\\s+(?:and|&|n|or|y|et|und|e|ou|o|oder|aur)\\s+");
    /** A relation in apposition after a name: "Bill my stepdad", "Ana, my sister". */
    static final Pattern RELATION_AFTER =
            Pattern.compile("(?iu)\\s*[,(-]?\\s*(?:my|our|me|mi|mis|ma|mon|mes|mein|meine|meri|mera|mere)\\s+"
                    + "(?:(?:little|big|older|younger|best|ex|step|late|new|old|twin|chhota|chhoti|chota|choti|bada|badi|bari)"
                    + "\\s+)?(?:son|daughter|partner|wife|husband|bhai|behen|behan|didi|dost|saheli|pati|patni|biwi|beta|beti|"
                    + "boyfriend|girlfriend|bf|gf|mum|mom|mam|mother|dad|father|brother|sister|friend|mate|bestie|nan|gran|"
                    + "grandma|grandad|aunt|auntie|uncle|cousin|niece|nephew|therapist|counsellor|counselor|carer|caseworker|"
                    + "key\\s+worker|support\\s+worker|social\\s+worker|flatmate|roommate|housemate|boss|manager|teacher|colleague|"
                    + "coworker|stepdad|stepmum|stepmom|landlord|landlady|neighbour|neighbor|ex|hermana|hermano|madre|padre|"
                    + "s(?:œ|oe)ur|fr[èe]re|m[èe]re|p[èe]re|schwester|bruder|mutter|vater|vecin[ao]|compa[ñn]er[ao]|amig[ao]|"
                    + "t[íi][ao]|prim[ao]|cu[ñn]ad[ao]|suegr[ao]|novi[ao]|voisine?|copine|copain|amie?|tante|cousine?|"
                    + "nachbarin|nachbar|freundin|freund|tante|onkel|kollegin|kollege)(?:e?s)?\\b");
    /** A kinship or respect word after a name, as Indian English and Hinglish write it: "Priyanshu bhaiya", "Meena aunty". */
    static final Pattern HONORIFIC_AFTER = Pattern.compile("(?iu)^\\s+(?:bhaiya|bhaiyya|bhai|didi|di|aunty|auntie|"
            + "uncle|chacha|chachi|mama|mami|mausi|masi|bua|nana|nani|dada|dadi|ji|sir|ma['’]?am|madam|sahab|saab|bhabhi|"
            + "jiju|anna|akka|amma|appa|thatha|paati)(?![\\p{L}])");

    /** Words that are also verbs or wishes: not a name before "my mum" ("Hope my mum is ok", "Will my son..."). */
    static final Set<String> VERBLIKE = WordList.exact("names-verblike.txt");
    /** After a lower-case word, these make it a time word ("last month", "next week"), not a name after a relation. */
    static final Set<String> TIME_NOUNS = Set.of(
            "week", "weeks", "month", "months", "year", "years", "night", "time", "weekend", "morning", "summer",
            "winter", "spring", "autumn");
    /** Frequent English words that are also given names: after a relation word in lower case they are the word. */
    static final Set<String> FREQUENT = WordList.exact("names-frequent.txt");

    static final Pattern WEAK = Pattern.compile("(?iu)(?:\\bi['’]?m|\\bi\\s+am|\\bthis\\s+is|\\bit['’]?s|\\bje\\s+suis"
            + "|\\bsoy|\\bich\\s+bin|\\bhi|\\bhey|\\bhello|\\bdear|\\bhiya|\\bciao|\\bhola|\\bbonjour|\\bhallo|\\bsorry"
            + "|\\band|&|\\bor|\\bwith|\\bbut|\\bnot|\\blike|\\bthan|\\bnor)" + S + "$");
    static final Pattern RELATION = Pattern.compile("(?iu)\\b(?:(?:my|our|his|her|their|your|me|mi|mis|ma|mon|mes"
            + "|mein|meine|meiner|meinem|meinen|mere|meri|mera)\\s+)?(?:(?:little|lil|big|baby|older|younger|eldest|"
            + "oldest|youngest|step|best|ex|late|new|old|lovely|beautiful|poor|dear|only|twin|\\d+\\s*(?:yo|y/o|year\\s+old|"
            + "yr\\s+old))\\s+)*(?:son|daughter|partner|wife|husband|boyfriend|girlfriend|bf|gf|boyf|girlf|hubby|wifey|mum|mom|mam|mummy|mommy|"
            + "eldest|oldest|youngest|lad|lass|"
            + "mother|dad|daddy|father|brother|bro|sister|sis|friend|mate|bestie|bff|ex|nan|nana|gran|granny|grandma|"
            + "grandmother|grandad|granddad|grandpa|grandfather|grandson|granddaughter|aunt|auntie|aunty|uncle|cousin|"
            + "niece|nephew|therapist|counsellor|counselor|psychiatrist|psychologist|gp|doctor|nurse|carer|caseworker|"
            + "case\\s+worker|social\\s+worker|key\\s+worker|support\\s+worker|flatmate|roommate|housemate|boss|"
            + "manager|teacher|tutor|colleague|coworker|co-worker|child|kid|baby|stepdad|stepmum|stepmom|stepson|"
            + "stepdaughter|fiance|fiancé|fiancee|fiancée|twin|neighbour|neighbor|landlord|landlady|sponsor|"
            + "ex-husband|ex-wife|ex-boyfriend|ex-girlfriend|husbands|wifes|sons|daughters|brothers|sisters|hijo|"
            + "hija|madre|padre|hermano|hermana|novio|novia|esposo|esposa|amigo|amiga|fils|fille|mère|père|frère|"
            + "sœur|soeur|copain|copine|mari|femme|ami|amie|sohn|tochter|mutter|vater|bruder|schwester|freund|"
            + "freundin|mann|frau|beta|beti|bhai|behen|didi|maa|pati|patni|dost|kids|children|girl|boy|"
            + "abuela|abuelo|oma|opa|mamie|papi|mami|(?<=(?:my|our|his|her|their|me)\\s)(?:ma|pa|da)|mammy|granda|grandda|nanny|bestie|missus|hubby|wifey|bloke|fella|"
            + "(?:care\\s+)?co-?ordinator)"
            + "(?:\\s+(?:called|named|is\\s+called))?" + S
            + "(?:\\(|-\\s*|:\\s*)?$");
    static final Pattern VERB = Pattern.compile("(?iu)\\b(?:call|tell|text|ask|message|msg|ring|phone|email|"
            + "see|meet|saw|met|told|called|texted|asked|messaged|miss|hug|dm|thank|thanks|ask\\s+for|asked\\s+for|with|"
            + "help|helped|hurt|hit|leave|visit|visited|blame|blamed|trust|contact|contacted|cc|ping|"
            + "bye|goodbye|said|says|hates|hate|kill|killed|lost|losing|"
            + "seeing|married|marry|divorced|dated|dating|called|cheated|abused|raped|hits|beats|beat|"
            + "ignoring|ignores|blocked|stalking|stalks|follows|threatened|threatens|knows|knew)" + S + "$");
    /** Verbs whose object is usually a person: with a capital, an unknown word after them is taken as a name. */
    static final Pattern PEOPLE_VERB = Pattern.compile("(?iu)\\b(?:call|tell|text|ask|message|ring|meet|saw|met|"
            + "told|texted|asked|messaged|miss|love|hug|with|and|aur|see|seeing|married|dating|visit|visited|hurt|trust|sorry|want|"
            + "wants|let|lets|think|without|(?:text|message|letter|note|write|wrote|talk|talking|talked|spoke|speak|"
            + "speaking|apologi[sz]e|reply|replied|lie|lied|phone|cried|vent|vented|venting|rant|ranted|ranting|"
            + "confided|opened\\s+up)\\s+to|for|found|dile\\s+a|dis\\s+à|sag|sagt|me\\s+&)" + S + "$");

    static final Pattern PEOPLE_VERB_LOWER = Pattern.compile("(?iu)\\b(?:tell|text|ask|message|ring|told|texted|"
            + "asked|messaged|miss|hug|married|dating|me\\s+(?:and|&|n|an['’]?)|my\\s+friend|sorry)" + S + "$");
    /** Chat words not in the English word list: never taken as a name after a verb. */
    static final Set<String> SLANG = WordList.exact("names-slang.txt");

    static final Pattern TITLE = Pattern.compile(
            "(?iu)\\b(?:mr|mrs|ms|miss|mx|dr|doctor|doc|prof|professor|sir|"
                    + "dame|nurse|sister|father|fr|rev|reverend|pastor|imam|rabbi|coach|officer|detective|sgt|herr|frau|mme|"
                    + "mlle|madame|monsieur|señor|señora|senor|senora|sr|sra|srta|doña|dña|dott|shri|smt|sri|judge|pc|dc)\\.?\\s*$");
    static final Pattern SIGN_OFF = Pattern.compile(
            "(?iu)(?:(?:^|[\\n.!?)])[ \\t]*(?:-{1,2}|—|–|~)|(?:^|[\\n.!?)]|\\s)\\s*(?:thank(?:s|\\s+you|\\s+u)(?:\\s+(?:so|very)\\s+much|\\s+a\\s+lot|\\s+again|"
                    + "\\s+for\\s+(?:everything|listening|reading|your\\s+time))?|"
                    + "thx|ty|cheers|love|lots\\s+of\\s+love|regards|kind\\s+regards|best|best\\s+wishes|warm\\s+regards|"
                    + "sincerely|yours|take\\s+care|x+|merci|gracias|danke|grazie|saludos|bisous|bises|lg|mfg|cordialement|"
                    + "signed|sent\\s+by|bye|ta|many\\s+thanks|regards|tschüss|un\\s+abrazo|abrazos|love\\s+(?:you|u|ya)|luv|"
                    + "night|gn|speak\\s+soon|talk\\s+soon)|(?:^|[\\n.!?)])[ \\t]*from)\\s*[,.!:]?\\s*$");
    static final Pattern SIGN_OFF_END = Pattern.compile("(?u)^[\\s.!,)xX:♥❤️\\p{So}\\p{Sk}]*(?:\\n|$)");

    record Tok(int start, int end, String text, String lower, boolean cap, boolean allCaps) {}

    static boolean isCommonWord(String w) {
        String l = w.toLowerCase(Locale.ROOT);
        return NameLists.WORDS.contains(l) || FUNCTION.contains(l);
    }

    /** The lower-case form a token is looked up under: a possessive "'s" dropped. */
    static String key(String lower) {
        if (lower.endsWith("'s") || lower.endsWith("’s")) {
            return lower.substring(0, lower.length() - 2);
        }
        return lower;
    }

    /** The word without its accents ("séamus" → "seamus", "rocío" → "rocio"), or null when it has none. */
    static String folded(String k) {
        boolean ascii = true;
        for (int i = 0; i < k.length() && ascii; i++) {
            ascii = k.charAt(i) < 0x80;
        }
        if (ascii) {
            return null;
        }
        String f =
                java.text.Normalizer.normalize(k, java.text.Normalizer.Form.NFD).replaceAll("\\p{M}+", "");
        return f.equals(k) ? null : f;
    }

    static boolean given(String k) {
        if (NameLists.GIVEN.contains(k)) {
            return true;
        }
        String f = folded(k);
        if (f != null && NameLists.GIVEN.contains(f) && !NameLists.WORDS.contains(f)) {
            return true;
        }
        int dash = k.indexOf('-');
        return dash > 0
                && NameLists.GIVEN.contains(k.substring(0, dash))
                && NameLists.GIVEN.contains(k.substring(dash + 1));
    }

    static boolean surname(String k) {
        if (NameLists.SURNAMES.contains(k)) {
            return true;
        }
        String f = folded(k);
        if (f != null && NameLists.SURNAMES.contains(f) && !NameLists.WORDS.contains(f)) {
            return true;
        }
        if (CELTIC.matcher(k).matches()) {
            return true;
        }
        int dash = k.indexOf('-');
        if (dash <= 0) {
            return false;
        }
        String a = k.substring(0, dash);
        String b = k.substring(dash + 1);
        return (NameLists.SURNAMES.contains(a) || NameLists.GIVEN.contains(a)) && NameLists.SURNAMES.contains(b);
    }

    static boolean common(String k) {
        int dash = k.indexOf('-');
        if (dash > 0 && dash < k.length() - 1) {
            String a = k.substring(0, dash);
            String b = k.substring(dash + 1);
            return (common(a) && common(b)) || FUNCTION.contains(a) || MONTH_NAMES.contains(a);
        }
        if (NameLists.WORDS.contains(k) || FUNCTION.contains(k)) {
            return true;
        }
        // a contraction ("don't", "i'll") is a word; O'Neill and D'Souza are names
        return (k.indexOf('\'') >= 0 || k.indexOf('’') >= 0)
                && !(k.length() > 2
                        && (k.charAt(0) == 'o' || k.charAt(0) == 'd')
                        && (k.charAt(1) == '\'' || k.charAt(1) == '’'));
    }

    static boolean place(String k) {
        return NameLists.PLACES.contains(k);
    }

    /** A given name that is nothing else: a name in any case without a cue. */
    static boolean strongGiven(String k) {
        return k.length() >= 3
                && given(k)
                && !common(k)
                && !place(k)
                && (k.length() >= 4 || NameLists.GIVEN_CORE.contains(k)); // "rea", "ans": rare short names need a cue
    }

    /** A word that may follow a name as its surname (or middle name). */
    static boolean surnameLike(Tok t) {
        String k = key(t.lower());
        if (FUNCTION.contains(k)) {
            return false;
        }
        if (surname(k) && (t.cap() || !common(k))) {
            return true;
        }
        if (t.cap() && !t.allCaps() && !common(k) && !place(k)) {
            return true;
        }
        return given(k) && !common(k) && !place(k);
    }

    static void find(Scan h) {
        NameText c = h.nameText();
        String text = c.text;
        List<Tok> toks = c.toks;
        int n = toks.size();
        boolean shouting = c.shouting;
        String lang = c.lang;
        Set<String> stops = c.stops;
        boolean foreign = c.foreign;
        boolean german = c.german;
        boolean lowerNames = c.lowerNames;
        Set<String> langWords = c.langWords;
        Set<String> names = c.found;
        int i = 0;
        while (i < n) {
            Tok t = toks.get(i);
            String k = key(t.lower());
            if (!h.strict && h.kept(t.start())) {
                i++;
                continue; // a keep span: a shop named after a person ("the john lewis sale", "Marks and Spencer",
                // ShopNames), a public place's street and town ("calle del Doctor Esquerdo 46" after a hospital's
                // name, Addresses), a medicine ("Tomo 50 mg", "on Yasmin", Medicines)
            }
            if (!h.strict
                    && t.cap()
                    && ROYAL.contains(k)
                    && i + 1 < n
                    && toks.get(i + 1).cap()
                    && adjacent(text, t, toks.get(i + 1))) {
                i += 2;
                continue; // "Queen Elizabeth", "King Edward": a sovereign, or the hospital named after one
            }
            if (t.cap()
                    && k.length() >= 5
                    && k.endsWith("s")
                    && !given(k)
                    && !surname(k)
                    && !common(k)
                    && !place(k)
                    && strongGiven(k.substring(0, k.length() - 1))
                    && (k.length() >= 6 || NameLists.GIVEN_CORE.contains(k.substring(0, k.length() - 1)))
                    && AT_SOMEONES
                            .matcher(h.lower)
                            .region(Math.max(0, t.start() - 10), t.start())
                            .find()) {
                k = k.substring(0, k.length() - 1); // "round to Cormacs": a possessive written without its apostrophe
            }
            if (!h.strict
                    && (BRAND_DRUGS.contains(k)
                            || (EPONYMS.contains(eponymKey(k))
                                    && cueAt(
                                                    TITLE,
                                                    h.lower.substring(Math.max(0, t.start() - 60), t.start()),
                                                    wordStarts(
                                                            h.lower.substring(Math.max(0, t.start() - 60), t.start())))
                                            < 0)
                            || (foreign
                                    && t.cap()
                                    && i > 0
                                    && ARTICLES.contains(toks.get(i - 1).lower())
                                    && adjacent(text, toks.get(i - 1), t)))) {
                i++;
                continue; // "with Zoloft", "meine Mutter Alzheimer", "Le Pont Neuf": a medicine, a condition, a noun
            }
            if (!h.strict
                    && !t.cap()
                    && i > 0
                    && ENGLISH_ARTICLES.contains(toks.get(i - 1).lower())
                    && adjacent(text, toks.get(i - 1), t)
                    && (!toks.get(i - 1).lower().equals("a")
                            || (!foreign && (i < 2 || common(key(toks.get(i - 2).lower())))))) {
                i++;
                continue; // "a cry in the ute", "a bit of a wobble": a lower-case word after an article is a noun
                // (Spanish "dile a maría" aside: "a" is "to" there)
            }
            if (!h.strict && !t.cap() && VERBISH.contains(t.lower())) {
                i++;
                continue; // "my father has cancer": a lower-case auxiliary is never a name
            }
            if (!h.strict
                    && DOSE_FORMS.contains(k)
                    && i + 1 < n
                    && toks.get(i + 1).cap()
                    && adjacent(text, t, toks.get(i + 1))) {
                i += 2;
                continue; // "Tab Clonazepam 0.25 mg", "Cap Becosules": a dose form before a medicine
            }
            String before = h.lower.substring(Math.max(0, t.start() - 60), t.start());
            boolean start = false;
            String rule = "";
            boolean month = MONTH_NAMES.contains(k);
            if (!h.strict && !month && common(k) && !given(k) && !surname(k)) {
                i++;
                continue; // an ordinary word no cue makes a name
            }
            if (!h.strict
                    && german
                    && t.cap()
                    && !given(k)
                    && !surname(k)
                    && ((i > 0 && GERMAN_DETERMINERS.contains(toks.get(i - 1).lower()))
                            || GERMAN_NOUN.matcher(k).find())
                    && !strongCue(h.lower.substring(Math.max(0, t.start() - 60), t.start()), text, toks, i)) {
                i++;
                continue; // in German every noun has a capital: an unlisted capitalised word is a noun there
            }
            if (!h.strict
                    && german
                    && t.cap()
                    && i > 0
                    && GERMAN_NOUN_DETERMINERS.contains(toks.get(i - 1).lower())
                    && adjacent(text, toks.get(i - 1), t)
                    && !strongCue(h.lower.substring(Math.max(0, t.start() - 60), t.start()), text, toks, i)) {
                i++;
                continue; // "seit dem Tod", "im Sommer", "Mein Mann", "Die Reha": after these a capital marks a noun
            }
            if (!h.strict
                    && t.cap()
                    && !given(k)
                    && i > 0
                    && digitsRightBefore(text, t.start())
                    && !strongCue(h.lower.substring(Math.max(0, t.start() - 60), t.start()), text, toks, i)) {
                i++;
                continue; // "30 Minuten", "10 Stunden", "3 Tabletten": a capitalised word after a count is what is
                // counted
            }
            if (!h.strict && foreign && stops.contains(k) && !(t.cap() && !sentenceStart(text, t.start()))) {
                i++;
                continue; // a function word of the message's language ("hat mir", "ça"): a name only when capitalised
            }
            if (k.length() >= 2 && (!FUNCTION.contains(k) || month) && !innerCaps(t.text())) {
                boolean gaz = given(k) || surname(k);
                int[] starts = wordStarts(before);
                boolean titled = cue(TITLE, before, starts);
                boolean sentenceStart = sentenceStart(text, t.start());
                if (titled && NOT_AFTER_TITLE.contains(k)) {
                    rule = "a word no title makes a person (Dr Google)";
                    start = false; // "Dr. Phil", "Dr Google"
                } else if (strongGiven(k)
                        && !(t.allCaps() && !shouting)
                        && (!foreign
                                || (lowerNames && NameLists.GIVEN_CORE.contains(k)) // not the US baby names
                                || (t.cap() && !sentenceStart)
                                || (t.cap()
                                        && i + 1 < n
                                        && adjacent(text, t, toks.get(i + 1))
                                        && stops.contains(toks.get(i + 1).lower())
                                        && !NameLists.WORDS.contains(k)))) {
                    rule = "a given name that is nothing else";
                    start = true; // in French, Spanish, German text a listed name in lower case may be a word there
                } else if (titled) {
                    rule = "after a title";
                    start = !NOT_AFTER_TITLE.contains(k)
                            && !(!t.cap()
                                    && common(k)
                                    && ROLE_TITLE_BEFORE.matcher(before).find()) // "nurse held my hand"
                            && (gaz || (!common(k) && !place(k)) || (t.cap() && !common(k)));
                } else if (cue(STRONG, before, starts)) {
                    boolean loose = cue(LOOSE_INTRO, before, starts); // "called", "named": also said of things
                    rule = "after an introduction (my name is, called)";
                    start = loose
                            ? (given(k) && (t.cap() || !common(k))) || (t.cap() && !common(k) && !place(k))
                            : given(k) || (surname(k) && !common(k)) || (!common(k) && !place(k));
                } else if (signOffEnd(text, toks, i) && SIGN_OFF.matcher(before).find()) {
                    rule = "after a sign-off";
                    start = (given(k)
                                    || (surname(k) && t.cap())
                                    || (!common(k) && !place(k) && (t.cap() || signOffOpens(before))))
                            && !NOT_AFTER_TITLE.contains(k);
                } else if (t.cap()
                        && !t.allCaps()
                        && i > 0
                        && lastSentence(text, t.start())
                        && signOffEnd(text, toks, i)
                        && (given(k) || (surname(k) && !common(k)) || (!common(k) && !place(k) && !drug(k)))
                        && !NOT_AFTER_TITLE.contains(k)) {
                    rule = "a name alone ends the message";
                    start = true; // a name alone ends the message: "sorry it's long. Bethan x", "thanks a
                    // million,\nPádraig"
                } else if (cue(RELATION, before, starts)
                        && !(foreign && stops.contains(lastWord(before))) // Spanish "son iguales", French "mère"
                        && !AUX_AFTER_RELATION.contains(k) // "my father has cancer"
                        && !(foreign && !t.cap() && !given(k))) { // "mi padre lloró", "mein Bruder weint"
                    rule = "after a relation (my sister)";
                    start = !(!t.cap()
                                    && i + 1 < n
                                    && TIME_NOUNS.contains(toks.get(i + 1).lower())) // "my father last month"
                            && ((given(k) && (t.cap() || !common(k) || !FREQUENT.contains(k)))
                                    || (given(k) // "nana pat", "my aunty sue": after a kinship title, a name
                                            && i > 0
                                            && KIN_TITLES.contains(
                                                    toks.get(i - 1).lower())
                                            && adjacent(text, toks.get(i - 1), t)
                                            && (!VERBLIKE.contains(k) || KIN_NAMES.contains(k))
                                            && !MONTH_NAMES_ALL.contains(k)
                                            && !TIME_NOUNS.contains(k) // "grandad june 2019", "my nan summer"
                                            && !(i + 1 < n
                                                    && digitNext(
                                                            text, toks.get(i).end()))
                                            && !(i + 1 < n
                                                    && KIN_TITLE_NOT_AFTER.contains(
                                                            toks.get(i + 1).lower())))
                                    || (surname(k) && t.cap())
                                    || (!t.allCaps() && !common(k) && !place(k) && k.length() >= 3));
                } else if ((given(k)
                                || (unknownCap(t, k)
                                        || (t.cap()
                                                && !t.allCaps()
                                                && k.length() >= 3
                                                && !common(k)
                                                && !place(k)
                                                && !drug(k))))
                        && (t.cap() || !common(k))
                        && AND_I.matcher(text).region(t.end(), text.length()).lookingAt()) {
                    rule = "before \"and I\"";
                    start = true; // "Will and I argued", "Aled and me had a row"
                } else if (t.cap()
                        && !t.allCaps()
                        && k.length() >= 3
                        && (unknownCap(t, k) || (surname(k) && !common(k) && !place(k)))
                        && initialBefore(text, toks, i)) {
                    rule = "an initial and a surname";
                    start = true; // "told M. Dubois", "letter from K. Pritchard": an initial and a surname
                } else if (t.cap()
                        && !t.allCaps()
                        && (given(k) || unknownCap(t, k))
                        && !common(k)
                        && NEIGHBOUR_AFTER
                                .matcher(text)
                                .region(t.end(), text.length())
                                .lookingAt()) {
                    rule = "a neighbour (next door)";
                    start = true; // "Dilys next door found me": a person placed by where they live
                } else if (t.cap()
                        && !t.allCaps()
                        && given(k)
                        && !common(k)
                        && !t.lower().equals(k)
                        && AT_SOMEONES.matcher(before).find()
                        && SOMEONES_PLACE
                                .matcher(text)
                                .region(t.end(), text.length())
                                .lookingAt()) {
                    rule = "at someone's place";
                    start = true; // "stayed at Bronte's place", "round at Kirra's house"
                } else if (t.cap()
                        && !t.allCaps()
                        && given(k)
                        && !place(k)
                        && !VERBISH.contains(k)
                        && FROM_GROUP_SAID
                                .matcher(text)
                                .region(t.end(), text.length())
                                .lookingAt()) {
                    rule = "one person of a group speaks";
                    start = true; // "Mark from the group said", "Grace from work texted": one person speaks
                } else if (!t.cap()
                        && i >= 2
                        && i + 1 < n
                        && TOGETHER_AFTER.contains(toks.get(i + 1).lower())
                        && given(k)
                        && !FUNCTION.contains(k)
                        && !MONTH_NAMES_ALL.contains(k)
                        && !TIME_NOUNS.contains(k)
                        && ME_AND.matcher(h.lower.substring(toks.get(i - 2).start(), t.start()))
                                .matches()) {
                    rule = "me and someone did it together";
                    start = true; // "me and ebony broke up", "me n will had a row": two people did it together
                } else if (t.cap()
                        && !t.allCaps()
                        && !t.lower().equals(k)
                        && given(k)
                        && !place(k)
                        && PERSONS_OWN
                                .matcher(text)
                                .region(t.end(), text.length())
                                .lookingAt()) {
                    rule = "whose mother or party it is";
                    start = true; // "Jade's mum rang", "Leah's party": whose mother or party it is
                } else if (t.cap() && !t.allCaps() && k.indexOf('-') > 0 && surname(k) && !common(k)) {
                    rule = "a hyphenated surname";
                    start = true; // "Lopez-Martin", "Adebayo-Clarke"
                } else if (t.cap()
                        && !t.allCaps()
                        && (k.length() >= 4
                                || (k.length() == 3
                                        && i + 1 < n
                                        && SPEECH.contains(toks.get(i + 1).lower())))
                        && !common(k)
                        && !place(k)
                        && (given(k) || !drug(k))
                        && i + 1 < n
                        && adjacent(text, t, toks.get(i + 1))
                        && !fromAPlace(toks, i)
                        && !(german
                                && !given(k)
                                && !surname(k)
                                && (GERMAN_NOUN.matcher(k).find()
                                        || GERMAN_ROLE.matcher(k).find()))
                        // "Hebamme sagt", "Kinderarzt meint": a German noun (not "Annegret aus der Arbeit")
                        && (PERSON_VERBS.contains(toks.get(i + 1).lower())
                                || ((given(k) || surname(k))
                                        && PERSON_VERBS_LISTED.contains(
                                                toks.get(i + 1).lower())))) {
                    rule = "before a verb said of people";
                    start = true; // "Wanjiru threw a glass", "Bartholomew keeps texting"
                } else if (!t.cap()
                        && k.length() >= 4
                        && !common(k)
                        && !place(k)
                        && !SLANG.contains(k)
                        && !drug(k)
                        && !stops.contains(k)
                        && k.chars().allMatch(Character::isLetter)
                        && i + 1 < n
                        && adjacent(text, t, toks.get(i + 1))
                        && LOWER_PERSON_VERBS.contains(toks.get(i + 1).lower())) {
                    rule = "a lower-case word before a verb said of people";
                    start = true; // "ffion said she'd come", "tobi keeps texting": an unknown lower-case word before a
                    // verb of people
                } else if (unknownCap(t, k)
                        && !german // "Sozialpsychiatrischer Dienst": in German an adjective and a noun
                        && (given(k) || surname(k) || !NameLists.CITIES.contains(k)) // "to Manchester Piccadilly"
                        && i + 1 < n
                        && adjacent(text, t, toks.get(i + 1))
                        && (unknownCap(toks.get(i + 1), key(toks.get(i + 1).lower()))
                                || (toks.get(i + 1).cap()
                                        && surname(key(toks.get(i + 1).lower()))
                                        && !common(key(toks.get(i + 1).lower()))))) {
                    rule = "two capitalised words in no word list";
                    start = true; // "Ananya Krishnamurthy": two capitalised words in no word list
                } else if (t.cap()
                        && !t.allCaps()
                        && (given(k) || unknownCap(t, k))
                        && !VERBLIKE.contains(k)
                        && !place(k)
                        && (RELATION_AFTER
                                        .matcher(text)
                                        .region(t.end(), text.length())
                                        .lookingAt()
                                || HONORIFIC_AFTER
                                        .matcher(text)
                                        .region(t.end(), text.length())
                                        .lookingAt())) {
                    rule = "before a relation or respect word (Bill my stepdad)";
                    start = true; // "Bill my stepdad is the problem", "Ana, my sister, knows"
                } else if (!t.cap()
                        && k.length() >= 3
                        && given(k)
                        && !VERBLIKE.contains(k)
                        && !place(k)
                        && HONORIFIC_AFTER
                                .matcher(text)
                                .region(t.end(), text.length())
                                .lookingAt()) {
                    rule = "a lower-case given name before a respect word";
                    start = true; // "asha aunty", "ritu di": a respect word after a lower-case given name
                } else if (month) {
                    rule = "a month with no cue";
                    start = false; // a month is a name only after an introduction, title, sign-off or relation
                } else if ((cue(WEAK, before, starts) || cue(VERB, before, starts))
                        && given(k)
                        && ((t.cap() && !sentenceStart) || !common(k))
                        && !place(k)
                        && (!foreign || t.cap() || NameLists.GIVEN.contains(k))) {
                    rule = "a given name after a greeting or a verb";
                    start = true;
                } else if (!t.cap()
                        && k.length() >= 3
                        && !common(k)
                        && (!place(k) || given(k))
                        && !SLANG.contains(k)
                        && !drug(k)
                        && k.chars().allMatch(Character::isLetter)
                        && !german // "die Nummer vom Weißen Ring gegeben"
                        && cue(PEOPLE_VERB_LOWER, before, starts)) {
                    rule = "a lower-case word after a verb for people";
                    start = true; // "tell kwame", "text chidi": an unknown word in lower case after a verb for people
                } else if (t.cap()
                        && !t.allCaps()
                        && k.length() >= 3
                        && !common(k)
                        && !place(k)
                        && !drug(k)
                        && !ADJECTIVE.matcher(k).find()
                        && cue(SELF_INTRO, before, starts)
                        && CLAUSE_END
                                .matcher(text)
                                .region(t.end(), text.length())
                                .lookingAt()) {
                    rule = "after a self-introduction (I'm)";
                    start = true; // "I'm Ayodele but...", "this is Kemi."
                } else if (cue(PEOPLE_VERB, before, starts)
                        && t.cap()
                        && !t.allCaps()
                        && !sentenceStart
                        && !common(k)
                        && !drug(k)
                        && !place(k)
                        && k.length() >= 3) {
                    rule = "after a verb for people";
                    start = true; // "ask Chidi", "with Wanjiru"
                } else if (t.cap()
                        && given(k)
                        && i + 1 < n
                        && adjacent(text, t, toks.get(i + 1))
                        && surnameLike(toks.get(i + 1))
                        && toks.get(i + 1).cap()
                        && (!sentenceStart
                                || (surname(key(toks.get(i + 1).lower()))
                                        && !common(key(toks.get(i + 1).lower()))
                                        && !place(key(toks.get(i + 1).lower())))
                                || (!VERBLIKE.contains(k)
                                        && (!common(k) || FREQUENT.contains(k))
                                        && unknownCap(
                                                toks.get(i + 1),
                                                key(toks.get(i + 1).lower())))
                                || (i + 2 < n
                                        && adjacent(text, toks.get(i + 1), toks.get(i + 2))
                                        && !common(key(toks.get(i + 1).lower()))
                                        && VERBISH.contains(toks.get(i + 2).lower())
                                        && !toks.get(i + 2).cap()))) {
                    rule = "a given name and a surname";
                    start = true; // "Will Turner", "Ben Salah", "Hope Ogundipe is my mum"
                } else if (h.strict
                        && t.cap()
                        && !t.allCaps()
                        && k.length() >= 3
                        && surname(k)
                        && !given(k)
                        && !common(k)
                        && !place(k)) {
                    rule = "strict: a capitalised surname";
                    start = true; // a capitalised surname alone ("Okafor")
                } else if (h.strict && t.cap() && !sentenceStart && !common(k) && k.length() >= 2) {
                    rule = "strict: a capitalised word in no word list";
                    start = true;
                } else if (h.strict && given(k) && t.cap()) {
                    rule = "strict: a capitalised given name";
                    start = true;
                }
            }
            if (start
                    && !h.strict
                    && langWords.contains(k)
                    && !strongCue(before, text, toks, i)
                    && !anyCue(before)
                    && !nameCueAfter(lang, text, toks, i)) {
                i++;
                continue; // "Soledad es lo único que siento", "ein echter Kaiser", "koi asha nahi": a word of the
                // message's language that is also a name needs a cue
            }
            if (start && !h.strict && !strongCue(before, text, toks, i) && notAPerson(text, before, toks, i, k)) {
                i = runEnd(text, toks, i) + 1;
                continue; // a public figure's work, "a karen", a city after "went to": the whole run is kept
            }
            if (start
                    && SAINT.matcher(text.substring(Math.max(0, t.start() - 8), t.start()))
                            .find()
                    && !h.strict) {
                start = false; // "St Thomas'", "San Francisco": a saint names a place
            }
            if (!start) {
                i++;
                continue;
            }
            int end = i;
            int j = i + 1;
            int ext = 0;
            while (j < n && ext < 4 && adjacent(text, toks.get(j - 1), toks.get(j))) {
                Tok nx = toks.get(j);
                String nk = key(nx.lower());
                if (ORGANISATION.contains(nk)) {
                    break;
                }
                int q = j;
                while (q < n
                        && q < j + 3
                        && PARTICLES.contains(key(toks.get(q).lower()))
                        && q + 1 < n
                        && adjacent(text, toks.get(q), toks.get(q + 1))) {
                    q++; // "van der", "de la", "bin", "ben"
                }
                if (q > j
                        && surnameLike(toks.get(q))
                        && (nx.cap()
                                || toks.get(q).cap()
                                || surname(key(toks.get(q).lower())))) {
                    end = q;
                    j = q + 1;
                } else if (nx.allCaps() && !shouting) {
                    break; // "Austin TX", "PAN-OS": an acronym does not continue a name
                } else if (foreign && toks.get(i).cap() && !nx.cap() && !surname(nk) && !given(nk)) {
                    break; // "Therapeut sagt", "Inglés estaba": a lower-case word of the message's language
                } else if ((surnameLike(nx)
                                || (!common(nk) && !place(nk) && !FUNCTION.contains(nk) && nk.length() >= 2)
                                || (nk.length() >= 2
                                        && !FUNCTION.contains(nk)
                                        && !CAP_STOP.contains(nk)
                                        && !SLANG.contains(nk)
                                        && !ORGANISATION.contains(nk)
                                        && SIGN_OFF_END
                                                .matcher(text.substring(nx.end()))
                                                .lookingAt()
                                        && signOffLine(text, toks.get(i).start()))
                                || (nx.cap()
                                        && !nx.allCaps()
                                        && toks.get(j - 1).cap()
                                        && !FUNCTION.contains(nk)
                                        && !CAP_STOP.contains(nk)
                                        && !innerCaps(nx.text())))
                        && !VERBISH.contains(nk)) {
                    end = j;
                    j++;
                } else {
                    break;
                }
                ext++;
            }
            if (end + 1 < n
                    && adjacent(text, toks.get(end), toks.get(end + 1))
                    && ((ORGANISATION.contains(key(toks.get(end + 1).lower()))
                                    && toks.get(end + 1).cap())
                            || LOWER_ORG.contains(toks.get(end + 1).lower())
                            || toks.get(end + 1)
                                    .text()
                                    .matches(
                                            "(?:AL|AK|AZ|AR|CA|CO|CT|DE|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI"
                                                    + "|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|NSW|VIC|QLD)"))) {
                i = end + 2; // "Lazarus Group", "Victoria Station", "Alder Hey Hospital": not a person
                continue;
            }
            int first = backTo(text, toks, i);
            int s = toks.get(first).start();
            int e = toks.get(end).end();
            Matcher honorific = HONORIFIC_AFTER.matcher(text).region(e, text.length());
            if (honorific.lookingAt()) {
                e = honorific.end(); // "Sunil uncle", "Priyanshu bhaiya": the respect word goes too, as a title does
            }
            Matcher title = TITLE_BEFORE.matcher(text.substring(Math.max(0, s - 14), s));
            if (title.find()) {
                s = s - (Math.min(14, s) - title.start()); // "Mrs Okafor", "Dr. Amara Ben Salah": the title goes too
            }
            Matcher initial = INITIAL_BEFORE.matcher(text.substring(Math.max(0, s - 4), s));
            if (initial.find()) {
                s = s - (Math.min(4, s) - initial.start()); // "- J. Whitmore": the initial goes too
            }
            // a particle right before: "van der Berg" after a cue
            h.rule = rule;
            h.add(Redactor.Kind.NAME, s, e);
            names.add(text.substring(s, e).replaceAll("['’]s$", ""));
            for (int q = first; q <= end; q++) {
                String qk = key(toks.get(q).lower());
                if (qk.length() >= 3 && !common(qk) && !PARTICLES.contains(qk)) {
                    names.add(qk);
                }
            }
            i = end + 1;
        }
    }

    /** An initial right before a name: "J. Whitmore", "A Patel". */
    static final Pattern INITIAL_BEFORE = Pattern.compile("(?u)(?<![\\p{L}\\p{N}.])\\p{Lu}\\.?\\s$");

    /** Before a possessive written without its apostrophe: "round to Cormacs", "stayed at Ellies". */
    static final Pattern AT_SOMEONES = Pattern.compile("(?iu)\\b(?:to|at|round|over)\\s+$");
    /** After these a capitalised word is a sovereign, a hospital or a place ("Queen Elizabeth", "King Edward"). */
    static final Pattern ROYAL_BEFORE =
            Pattern.compile("(?u)(?<![\\p{L}])(?:Queen|King|Prince|Princess|Pope|Saint)\\s+$");
    /** German articles, possessives and prepositions: the capitalised word after them is a noun. */
    static final Set<String> GERMAN_DETERMINERS = WordList.exact("names-german-determiners.txt");
    /** German determiners that precede nouns, not given names (spoken "die Lisa" aside, so "die" only after a break). */
    static final Set<String> GERMAN_NOUN_DETERMINERS = WordList.exact("names-german-noun-determiners.txt");
    /** Endings of German words for roles and services: "Kinderarzt", "Psychologin", "Jugendamt". */
    static final Pattern GERMAN_ROLE = Pattern.compile(
            "(?:arzt|ärztin|therapeut|therapeutin|lehrer|lehrerin|chef|chefin|psychiater|psychiaterin|psychologe|"
                    + "psychologin|pfleger|pflegerin|berater|beraterin|betreuer|betreuerin|amt|dienst|team|klinik|kasse)$");
    /** Endings of German nouns. */
    static final Pattern GERMAN_NOUN = Pattern.compile(
            "(?:ung|heit|keit|schaft|tion|ität|ment|chen|lein|nis|tum|" + "ismus|ik|ur|enz|anz|ling|e)$");

    static final Set<String> ROYAL = Set.of("queen", "king", "prince", "princess", "pope");
    /** After a city: the place, not a person ("Austin traffic", "Leeds weather"). */
    static final Set<String> CITY_AFTER = WordList.exact("names-city-after.txt");

    /** Speech verbs after which a three-letter unknown capitalised word is a name ("Ayo says hi"). */
    static final Set<String> SPEECH = Set.copyOf(List.of("said", "says", "told", "texted", "asked", "rang"));

    /** "X from Currys", "X from Blinkit": after "from" a capitalised word names a shop or a place; "Mark from work" is a person. */
    static boolean fromAPlace(List<Tok> toks, int i) {
        return toks.get(i + 1).lower().equals("from")
                && i + 2 < toks.size()
                && toks.get(i + 2).cap()
                && !toks.get(i + 2).allCaps();
    }

    /** Whether a number and one space stand right before {@code at} ("30 Minuten"; not "Flat 3, Rose" nor "£30"). */
    static boolean digitsRightBefore(String text, int at) {
        return at >= 2
                && text.charAt(at - 1) == ' '
                && Character.isDigit(text.charAt(at - 2))
                && (at < 3
                        || Character.isDigit(text.charAt(at - 3))
                        || Character.isWhitespace(text.charAt(at - 3))
                        || at == 2);
    }

    /** Whether the next character after spaces is a digit. */
    static boolean digitNext(String text, int at) {
        while (at < text.length() && text.charAt(at) == ' ') {
            at++;
        }
        return at < text.length() && Character.isDigit(text.charAt(at));
    }

    /** Before a name: what is said of a public figure's work ("listening to", "a book by"). */
    static final Pattern MEDIA_BEFORE = Pattern.compile(
            "(?iu)\\b(?:listen(?:s|ed|ing)?\\s+to|escuch(?:o|a|as|ando|ar|é)\\s+a"
                    + "|(?:j['’])?[ée]cout(?:e|es|ais|ant|er)|h[öo]r(?:e|en|st|t)(?:\\s+(?:nur|noch|gerade|immer|viel|oft|gern|gerne|wieder)){0,3}"
                    + "|luister(?:en)?\\s+naar|(?:essay|article|report|project|documentary|biopic|book|film|talk)\\s+(?:about|on)|(?:binge[\\s-]?)?"
                    + "(?:re)?watch(?:es|ed|ing)?|(?:re)?read(?:s|ing)?|stream(?:s|ed|ing)|(?:book|novel|"
                    + "poem|song|songs|album|film|movie|show|podcast|painting|play)s?\\s+(?:by|with|from)|fan\\s+of|"
                    + "concert|play(?:s|ed|ing)?|obsessed\\s+with\\s+(?:the\\s+)?(?:music|songs|books)\\s+(?:of|by))\\s*$");
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

    /** An introduction, title, relation or sign-off: what a public-figure or place reading does not override. */
    /** A weaker cue before a word: a verb for people ("dis à", "tell"), an introduction ("je suis", "I'm"). */
    static boolean anyCue(String before) {
        int[] starts = wordStarts(before);
        return cue(WEAK, before, starts)
                || cue(VERB, before, starts)
                || cue(PEOPLE_VERB, before, starts)
                || cue(SELF_INTRO, before, starts);
    }

    static boolean strongCue(String before, String text, List<Tok> toks, int i) {
        int[] starts = wordStarts(before);
        int title = cueAt(TITLE, before, starts);
        if (title >= 0 && !MEDIA_BEFORE.matcher(before.substring(0, title)).find()) {
            return true; // a title is a strong cue, except in a work's name after "listening to" ("Mr Brightside")
        }
        return cue(STRONG, before, starts)
                || cue(RELATION, before, starts)
                || (signOffEnd(text, toks, i) && SIGN_OFF.matcher(before).find());
    }

    /**
     * A name-like word that names no private person here: a public figure's work ("listening to Adele", "Taylor
     * Swift songs"), a name as a common noun ("being a karen"), a city after a movement or living word ("we went to
     * Brighton", "moved from Leeds to Hull") or before a place noun ("Brighton beach").
     */
    static final Set<String> LOWER_PERSON_VERBS = WordList.exact("names-lower-person-verbs.txt");

    /** Whether the sign-off before a word opens its line or sentence ("thanks, tendai"; not "at night prn"). */
    static boolean signOffOpens(String before) {
        int cut = Math.max(
                before.lastIndexOf('\n'),
                Math.max(before.lastIndexOf('.'), Math.max(before.lastIndexOf('!'), before.lastIndexOf('?'))));
        String seg = before.substring(cut + 1);
        Matcher m = SIGN_OFF.matcher(seg);
        return m.find() && seg.substring(0, m.start()).isBlank();
    }

    /** Whether the line of the word at {@code at} holds only a sign-off: a dash, "thanks", "love"... before it. */
    static boolean signOffLine(String text, int at) {
        int nl = text.lastIndexOf('\n', at - 1);
        String line = text.substring(nl + 1, at).toLowerCase(Locale.ROOT);
        return line.isBlank() || SIGN_OFF.matcher(line).find();
    }

    /** Whether the word at {@code at} begins the last sentence or line of a message that has one before it. */
    static boolean lastSentence(String text, int at) {
        int i = at - 1;
        while (i >= 0 && (text.charAt(i) == ' ' || text.charAt(i) == '\t')) {
            i--;
        }
        return i >= 0 && ".!?\n".indexOf(text.charAt(i)) >= 0;
    }

    /**
     * The first word of a name found at {@code i}, reaching back over the given names and particles written before
     * it ("Abu Bakar bin Osman", "María del Carmen Ruiz", "Bill Thornton"): capitalised words of the name lists or of
     * no word list, and particles between two of them.
     */
    static int backTo(String text, List<Tok> toks, int i) {
        int first = i;
        int guard = 0;
        while (first > 0 && guard++ < 4 && adjacent(text, toks.get(first - 1), toks.get(first))) {
            Tok p = toks.get(first - 1);
            String pk = key(p.lower());
            if (PARTICLES.contains(pk)
                    && first - 2 >= 0
                    && adjacent(text, toks.get(first - 2), p)
                    && nameBefore(toks.get(first - 2))) {
                first -= 2;
            } else if (nameBefore(p) || (p.cap() && LEADING_PARTICLES.contains(pk))) {
                first--; // "Abu Bakar", "Al Farsi", "Van Dijk" begin with a capitalised particle
            } else {
                break;
            }
        }
        return first;
    }

    static final Set<String> LEADING_PARTICLES = WordList.exact("names-leading-particles.txt");

    static boolean nameBefore(Tok p) {
        String pk = key(p.lower());
        return p.cap()
                && !p.allCaps()
                && pk.length() >= 2
                && !FUNCTION.contains(pk)
                && !CAP_STOP.contains(pk)
                && !PARTICLES.contains(pk)
                && !TITLE_WORDS.contains(pk)
                && (given(pk) || !common(pk));
    }

    static final Set<String> TITLE_WORDS = WordList.exact("names-title-words.txt");

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
    /**
     * Conditions named after people that are written without "'s" or "disease" ("meine Mutter Alzheimer", "mon père
     * a Parkinson"). Hand-written for issue 33's seventh pass (no outside source).
     */
    static final Set<String> EPONYMS = WordList.exact("names-eponyms.txt");
    /** A saint, a holy figure or a storm before a capitalised word: the pair names no person of the writer's. */
    static final Set<String> THING_HEAD = WordList.exact("names-thing-head.txt");
    /** Holidays and festivals that are also given names in the lists; never a person. Hand-written. */
    static final Set<String> HOLIDAYS = WordList.exact("names-holidays.txt");
    /** Continents and countries that are also given names in the lists ("Depakote in America"). */
    static final Set<String> LANDS = Set.copyOf(List.of("america", "africa", "asia", "europe"));
    /** Verbs that call or tell people; capitalised mid-sentence they belong to a title ("The Crisis Text Line"). */
    static final Set<String> CALL_WORDS = Set.copyOf(List.of("text", "call", "ring", "tell", "ask", "message"));
    /** Words that end the name of a place ("Primrose Hill", "Kew Gardens") after a verb of going. */
    static final Set<String> PLACE_TAIL = WordList.exact("names-place-tail.txt");

    static final Set<String> PARTICLES_OF =
            Set.copyOf(List.of("de", "del", "la", "las", "los", "of", "the", "du", "des", "della", "di"));
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
    /** A role written in lower case as a title ("the night nurse held"): a lower-case word after it is a verb. */
    static final Pattern ROLE_TITLE_BEFORE = Pattern.compile(
            "(?iu)(?<![\\p{L}])(?:nurse|doctor|sister|coach|officer|pastor|matron|midwife|teacher)\\s+$");
    /** Auxiliaries and verbs right after a relation word: "my father has", "my son was". */
    static final Set<String> AUX_AFTER_RELATION = WordList.exact("names-aux-after-relation.txt");

    static String lastWord(String before) {
        Matcher m = LAST_WORD.matcher(before);
        return m.find() ? m.group(1).toLowerCase(Locale.ROOT) : "";
    }

    static final Pattern LAST_WORD = Pattern.compile("(?u)(\\p{L}+)\\s*[:,(-]?\\s*$");

    /**
     * Brand names of medicines people on psychiatric treatment name without a dose ("Benadryl with Zoloft"), some of
     * which are in the name lists. Hand-written for issue 33's seventh pass (no outside source).
     */
    static final Set<String> BRAND_DRUGS = WordList.exact("names-brand-drugs.txt");

    /** A word without its possessive ("Crohn's" → "crohn"), for {@link #EPONYMS}. */
    static String eponymKey(String k) {
        int n = k.length();
        if (n > 2 && k.charAt(n - 1) == 's' && (k.charAt(n - 2) == '\'' || k.charAt(n - 2) == '’')) {
            return k.substring(0, n - 2);
        }
        return k;
    }

    static boolean drug(String k) {
        return DRUG.matcher(k).find() || BRAND_DRUGS.contains(k);
    }

    /** French, Spanish and Dutch articles after which a capital marks a noun or a title ("Le Pont Neuf"). */
    static final Set<String> ARTICLES =
            Set.copyOf(List.of("le", "les", "un", "une", "du", "des", "los", "las", "una", "het", "een"));

    /** Dose forms written before a medicine's name in prescriptions. */
    static final Set<String> DOSE_FORMS =
            Set.copyOf(List.of("tab", "tabs", "tablet", "cap", "caps", "inj", "syp", "syr", "susp", "oint"));

    static final Set<String> MONTH_NAMES_ALL = WordList.exact("names-month-names-all.txt");

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

    /** The languages of {@link NameLists#STOPWORDS} other than English, and for each stop word the bit set of its languages. */
    static final String[] STOP_LANGS = stopLanguages();

    /**
     * In a fixed order, so that a tie between two languages is settled the same way in every run (the map's own order
     * changes from one JVM to the next): the languages of whole messages first, those mixed into English last.
     */
    static String[] stopLanguages() {
        List<String> order = List.of("de", "es", "fr", "it", "pt", "nl", "hi", "cy");
        return NameLists.STOPWORDS.keySet().stream()
                .filter(l -> !l.equals("en"))
                .sorted(java.util.Comparator.comparingInt(
                                (String l) -> order.indexOf(l) < 0 ? order.size() : order.indexOf(l))
                        .thenComparing(l -> l))
                .toArray(String[]::new);
    }

    static final java.util.Map<String, Integer> STOP_MASK = stopMask();

    static java.util.Map<String, Integer> stopMask() {
        java.util.Map<String, Integer> out = new java.util.HashMap<>();
        for (int l = 0; l < STOP_LANGS.length; l++) {
            for (String w : NameLists.STOPWORDS.get(STOP_LANGS[l])) {
                out.merge(w, 1 << l, (a, b) -> a | b);
            }
        }
        return java.util.Map.copyOf(out);
    }

    /**
     * The stop words of the message's language when that is not English (two or more of its stop words, more than
     * English ones). One look-up per word: each word's languages are a bit set.
     */
    static Set<String> foreignStopWords(List<Tok> toks) {
        String lang = foreignLanguage(toks);
        return lang == null ? Set.of() : NameLists.STOPWORDS.get(lang);
    }

    /**
     * After a word of the message's language that is also a name, what makes it a person: a respect or relation word
     * ("Suraj bhaiya", "Milagros mi vecina"), Hindi "ne" (the doer: "Kiran ne call kiya") or a surname ("Soledad
     * García").
     */
    static boolean nameCueAfter(String lang, String text, List<Tok> toks, int i) {
        Tok t = toks.get(i);
        if (HONORIFIC_AFTER.matcher(text).region(t.end(), text.length()).lookingAt()
                || RELATION_AFTER.matcher(text).region(t.end(), text.length()).lookingAt()) {
            return true;
        }
        if (i + 1 >= toks.size() || !adjacent(text, t, toks.get(i + 1))) {
            return false;
        }
        Tok nx = toks.get(i + 1);
        String nk = key(nx.lower());
        if ("hi".equals(lang) && nk.equals("ne")) {
            return true;
        }
        return t.cap()
                && nx.cap()
                && !nx.allCaps()
                && surname(nk)
                && !common(nk)
                && !NameLists.NAME_WORDS.getOrDefault(lang, Set.of()).contains(nk)
                && !NameLists.STOPWORDS.getOrDefault(lang, Set.of()).contains(nk);
    }

    /** The message's language when that is not English (two or more of its stop words, more than English ones), or null. */
    static String foreignLanguage(List<Tok> toks) {
        Set<String> en = NameLists.STOPWORDS.getOrDefault("en", Set.of());
        int[] own = new int[STOP_LANGS.length];
        int[] englishToo = new int[STOP_LANGS.length];
        int english = 0;
        for (Tok t : toks) {
            String k = t.lower();
            Integer mask = STOP_MASK.get(k);
            boolean isEnglish = en.contains(k) || NameLists.WORDS.contains(k);
            if (isEnglish) {
                english++;
            }
            if (mask != null) {
                for (int l = 0; l < STOP_LANGS.length; l++) {
                    if ((mask & (1 << l)) != 0) {
                        own[l]++;
                        if (isEnglish) {
                            englishToo[l]++; // an English word that is a stop word of this language counts for it only
                        }
                    }
                }
            }
        }
        String best = null;
        int bestCount = 0;
        for (int l = 0; l < STOP_LANGS.length; l++) {
            int englishOnly = english - englishToo[l];
            if (own[l] >= 2 && own[l] > englishOnly && own[l] > bestCount) {
                best = STOP_LANGS[l];
                bestCount = own[l];
            }
        }
        if (best == null) {
            for (int l = 0; l < STOP_LANGS.length; l++) {
                if (MIXED_LANGS.contains(STOP_LANGS[l]) && own[l] - englishToo[l] >= 3) {
                    best = STOP_LANGS[
                            l]; // Hinglish and Welsh are mixed with English: three of their own words tell them
                    break;
                }
            }
        }
        return best;
    }

    static final Set<String> MONTH_NAMES = Set.copyOf(List.of("may", "june", "april", "august"));

    /** Languages typed mixed into English sentences (stopwords-extra.txt). */
    static final Set<String> MIXED_LANGS = Set.of("hi", "cy");

    /** Capitalised words after a name that start the next phrase rather than continue the name. */
    static final Set<String> CAP_STOP = WordList.exact("names-cap-stop.txt");

    /** A word with a capital inside that is not a name shape ("OAuth", "iPhone", "PayPal"; "McLeod" is a name). */
    static boolean innerCaps(String w) {
        if (w.equals(w.toUpperCase(Locale.ROOT))) {
            return false;
        }
        for (int i = 1; i < w.length(); i++) {
            if (Character.isUpperCase(w.charAt(i))
                    && w.charAt(i - 1) != '\''
                    && w.charAt(i - 1) != '’'
                    && w.charAt(i - 1) != '-') {
                String head = w.substring(0, i);
                return !NAME_HEADS.contains(head) || w.length() - i < 3;
            }
        }
        return false;
    }

    /** Words after a name-like word that make it an organisation or a place. */
    static final Set<String> ORGANISATION = WordList.exact("names-organisation.txt");

    /** Organisation and place nouns that make the name-like word before them a thing even in lower case ("kiran helpline"). */
    static final Set<String> LOWER_ORG = WordList.exact("names-lower-org.txt");

    /** Words before a name-like word that make it a place ("Lake Tahoe", "Mount Kenya", "Fort Worth"). */
    static final Set<String> PLACE_HEAD = WordList.exact("names-place-head.txt");

    static final Pattern CELTIC = Pattern.compile("(?:o['’]|mc|mac|d['’]|fitz)\\p{L}{2,}");
    static final Set<String> NAME_HEADS = Set.of(
            "Mc", "Mac", "De", "Le", "La", "Di", "Da", "Van", "Von", "Du", "Fitz", "St", "Ap", "Al", "El", "Ben", "Bin",
            "Abu", "Ibn");

    /** Where words (and "&") start in the text before a token: the only places a cue can start. */
    static int[] wordStarts(String before) {
        int[] out = new int[before.length()];
        int n = 0;
        for (int p = 0; p < before.length(); p++) {
            char c = before.charAt(p);
            boolean startsWord = Character.isLetter(c)
                    && (p == 0
                            || (!Character.isLetter(before.charAt(p - 1))
                                    && before.charAt(p - 1) != '\''
                                    && before.charAt(p - 1) != '’'));
            if (startsWord || c == '&') {
                out[n++] = p;
            }
        }
        return java.util.Arrays.copyOf(out, n);
    }

    /**
     * Whether every word of the message is capitalised, function words too ("Struggling After Losing My Job Last
     * Week", "Can Someone Please Help Me"): a subject line or a phone's "Title Case" setting, where a capital marks no
     * name. At least four words, at most one in lower case, two capitalised function words inside a sentence.
     */
    static final Set<String> ENGLISH_ARTICLES = Set.of("the", "a", "an");

    /** Kinship words written before a name as a title ("nana pat", "uncle rob", "aunty sue"). */
    static final Set<String> KIN_TITLES = WordList.exact("names-kin-titles.txt");
    /** Words of {@link #VERBLIKE} that after a kinship title are a name ("nana pat", "aunty sue", "uncle rob"). */
    static final Set<String> KIN_NAMES = Set.of("pat", "sue", "rob", "chase", "drew", "mark");
    /** After "my nan rose": the word is a verb there ("rose early", "rose up"), not the name. */
    static final Set<String> KIN_TITLE_NOT_AFTER = WordList.exact("names-kin-title-not-after.txt");

    /** After a name: where that person lives, said of a person ("Dilys next door", "Ken from upstairs"). */
    static final Pattern NEIGHBOUR_AFTER = Pattern.compile(
            "(?iu)^\\s+(?:from\\s+)?(?:next\\s+door|upstairs|downstairs|across\\s+the\\s+(?:road|street|hall))\\b");
    /** After a possessive name: a person's home or party ("at Bronte's place"). */
    static final Pattern SOMEONES_PLACE = Pattern.compile(
            "(?iu)^\\s+(?:place|house|flat|gaff|home|room|bedroom|party|birthday|parents|mum|mom|mam|dad|nan|bed|sofa|couch)\\b");
    /** After a name: "from" a group of people and a verb of speech ("Mark from the group said"). */
    static final Pattern FROM_GROUP_SAID = Pattern.compile(
            "(?iu)^\\s+from\\s+(?:the\\s+|my\\s+|our\\s+)?(?:group|work|school|uni|college|church|mosque|temple|"
                    + "next\\s+door|upstairs|downstairs|class|team|office|ward|support\\s+group|meeting|meetings|gym|"
                    + "football|rugby|choir|the\\s+pub|club)\\s+(?:said|says|told|texted|messaged|rang|called|asked|"
                    + "thinks|reckons|keeps|came|come|sent|gave|helped)\\b");
    /** "me and", "me &", "me n" before a lower-case word: a second person ("me and ebony broke up"). */
    static final Pattern ME_AND = Pattern.compile("(?u)me\\s+(?:and|&|n)\\s+");
    /** What two people do together, after "me and X". */
    static final Set<String> TOGETHER_AFTER = WordList.exact("names-together-after.txt");
    /** After a possessive name: that person's people or day ("Jade's mum", "Kez's party"). */
    static final Pattern PERSONS_OWN = Pattern.compile(
            "(?iu)^\\s+(?:little\\s+|big\\s+|new\\s+|older\\s+|younger\\s+)?(?:mum|mom|mam|dad|sister|brother|"
                    + "boyfriend|girlfriend|bf|gf|nan|nana|gran|grandma|grandad|wife|husband|partner|kids|son|daughter|"
                    + "parents|party|ex)\\b");
    /** Before an initial: what makes "D." a letter of a label, not of a name ("Vitamin D. Then", "Plan B. Sertraline"). */
    static final Set<String> LABEL_BEFORE_INITIAL = WordList.exact("names-label-before-initial.txt");

    /** Whether one capital letter and a full stop stand right before token {@code i}, as an initial ("M. Dubois"). */
    static boolean initialBefore(String text, List<Tok> toks, int i) {
        int s = toks.get(i).start();
        if (s < 3 || text.charAt(s - 1) != ' ' || text.charAt(s - 2) != '.') {
            return false;
        }
        char c = text.charAt(s - 3);
        if (!Character.isUpperCase(c) || c == 'I') {
            return false;
        }
        if (s >= 4 && (Character.isLetterOrDigit(text.charAt(s - 4)) || text.charAt(s - 4) == '.')) {
            return false; // "U.S. Bank", "p.M. Then"
        }
        if (i >= 2) {
            Tok p = toks.get(i - 2); // the token before the initial (i - 1 is the initial itself)
            if (p.end() == s - 4 || p.end() == s - 5) {
                if (p.cap() || LABEL_BEFORE_INITIAL.contains(p.lower())) {
                    return false; // "Vitamin D. Ferritin", "Plan B. Sertraline", "Hep C. Liver"
                }
            }
        }
        int j = s - 4;
        while (j >= 0 && text.charAt(j) == ' ') {
            j--;
        }
        return j < 0 || !Character.isDigit(text.charAt(j)); // "Room 4 B. Smith"
    }

    static final Set<String> TITLE_FUNCTION = WordList.exact("names-title-function.txt");

    static boolean titleCase(String text, List<Tok> toks) {
        if (toks.size() < 4) {
            return false;
        }
        int lower = 0;
        int capFunction = 0;
        for (Tok t : toks) {
            if (!Character.isLetter(t.text().charAt(0))) {
                continue;
            }
            if (!t.cap()) {
                if (++lower > 1) {
                    return false;
                }
            } else if (t.text().length() > 1
                    && !t.allCaps()
                    && TITLE_FUNCTION.contains(t.lower())
                    && !sentenceStart(text, t.start())) {
                capFunction++;
            }
        }
        return capFunction >= 2;
    }

    /**
     * The tokens of a message written in capitals or Title Case, with the capital taken off the words of the word
     * lists: there it is the case of the whole message, not the mark of a name ("PHONE BILL", "NOT ABLE TO SLEEP",
     * "Losing My Job Last Week" read as in lower case). Words in no word list keep theirs ("I MISS JAMIE"), and so
     * does a word that is also a name where a relation, title, introduction or verb for people stands right before
     * it or "and me" after it ("MY DAUGHTER GRACE", "TELL MARK", "Help My Son Will Is Missing", "JOSH AND ME").
     */
    static List<Tok> uncased(String text, String lower, List<Tok> toks) {
        List<Tok> out = new ArrayList<>(toks.size());
        for (Tok t : toks) {
            String k = key(t.lower());
            boolean keep = !t.cap() || !(common(k) || FUNCTION.contains(k));
            if (!keep && (given(k) || surname(k))) {
                String before = lower.substring(Math.max(0, t.start() - 60), t.start());
                int[] starts = wordStarts(before);
                keep = (cue(RELATION, before, starts) && !AUX_AFTER_RELATION.contains(k))
                        || cue(TITLE, before, starts)
                        || cue(STRONG, before, starts)
                        || cue(PEOPLE_VERB_LOWER, before, starts)
                        || (cue(VERB, before, starts) && !before.endsWith("phone ")) // "I HATE BILL"; "PHONE BILL"
                        || AND_I.matcher(text).region(t.end(), text.length()).lookingAt();
            }
            out.add(keep ? t : new Tok(t.start(), t.end(), t.text(), t.lower(), false, false));
        }
        return out;
    }

    /** A capitalised word that is in no word list and looks like no medicine, adjective or acronym. */
    static boolean unknownCap(Tok t, String k) {
        return t.cap()
                && !t.allCaps()
                && k.length() >= 3
                && !common(k)
                && !place(k)
                && !drug(k)
                && !ADJECTIVE.matcher(k).find()
                && !innerCaps(t.text())
                && !FUNCTION.contains(k);
    }

    /** Whether a cue pattern (anchored at its end by "$") matches from one of the word starts to the end. */
    static boolean cue(Pattern p, String before, int[] starts) {
        return cueAt(p, before, starts) >= 0
                && !(p == STRONG && THING_NAME.matcher(before).find());
    }

    /** "Release name: kagent", "file name: report": the name of a thing, not a person's introduction. */
    static final Pattern THING_NAME = Pattern.compile("(?iu)\\b(?:release|chart|file|host|service|tool|function"
            + "|package|project|repo|branch|model|app|container|pod|cluster|bucket|table|column|field|variable|queue"
            + "|topic|image|node|volume|module|class|method|command|job|task|step|stage|workflow|operation|span|metric"
            + "|index|database|schema|domain|product|company|deployment|namespace)[ _-]?name\\s*[:=-]" + S + "$");

    /** Where a cue pattern (anchored at its end by "$") matches from one of the last word starts to the end, or -1. */
    static int cueAt(Pattern p, String before, int[] starts) {
        Matcher m = p.matcher(before);
        for (int i = starts.length - 1; i >= 0 && i >= starts.length - 8; i--) {
            m.region(starts[i], before.length());
            if (m.lookingAt()) {
                return starts[i];
            }
        }
        return -1;
    }

    /** Words that follow a name but are not part of it even when capitalised at a line start. */
    static final Set<String> VERBISH =
            Set.copyOf(List.of("said", "says", "told", "is", "was", "and", "or", "has", "had"));

    static boolean adjacent(String text, Tok a, Tok b) {
        for (int i = a.end(); i < b.start(); i++) {
            char c = text.charAt(i);
            if (c != ' ' && c != '\u00a0') {
                return false;
            }
        }
        return b.start() - a.end() <= 2;
    }

    static boolean sentenceStart(String text, int at) {
        int i = at - 1;
        while (i >= 0
                && (text.charAt(i) == ' '
                        || text.charAt(i) == '"'
                        || text.charAt(i) == '\''
                        || text.charAt(i) == '(')) {
            i--;
        }
        return i < 0 || ".!?\n:;…".indexOf(text.charAt(i)) >= 0;
    }

    /** A sign-off name ends its line or the message (after it: the surname, punctuation, kisses, emoji). */
    static boolean signOffEnd(String text, List<Tok> toks, int i) {
        int j = i;
        while (j + 1 < toks.size()
                && j < i + 3
                && adjacent(text, toks.get(j), toks.get(j + 1))
                && (toks.get(j + 1).cap()
                        || PARTICLES.contains(toks.get(j + 1).lower())
                        || (!toks.get(i).cap()
                                && (surnameLike(toks.get(j + 1))
                                        || !common(key(toks.get(j + 1).lower()))
                                        || (signOffLine(text, toks.get(i).start())
                                                && (given(key(toks.get(j + 1).lower()))
                                                        || surname(key(
                                                                toks.get(j + 1).lower())))))))) {
            j++; // the rest of the name: "- Tom Hale", "Ana de la Cruz" (not "from London to Leeds")
            if (SIGN_OFF_END.matcher(text.substring(toks.get(j).end())).lookingAt()) {
                return true;
            }
        }
        return SIGN_OFF_END.matcher(text.substring(toks.get(i).end())).lookingAt();
    }
}
