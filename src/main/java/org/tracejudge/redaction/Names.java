package org.tracejudge.redaction;

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
    /** Endings of medicine names: an unknown capitalised word with one is a drug, not a person. */
    static final Pattern DRUG = Pattern.compile("(?:olol|pril|sartan|statin|azole|mycin|cillin|oxetine|xetine|"
            + "pram|azepam|zepam|idone|apine|etine|amine|mab|profen|ine|ol|ide|ate|pam|lam|fen|xin|zole|vir|mide|done|clone|"
            + "pidem|tyline|zine|xone|triptan|gliptin|flozin|glutide|tide|parin|xaban|afil|asone|olone|cort|lukast)$");

    static final Set<String> PERSON_VERBS = WordList.exact("names-person-verbs.txt");

    static final Pattern SELF_INTRO =
            Pattern.compile("(?iu)\\b(?:i['’]?m|i\\s+am|this\\s+is|it['’]?s|its|soy|je\\s+suis"
                    + "|ich\\s+bin|sono|sou|c['’]est|hier\\s+ist)" + S + "$");
    static final Pattern ADJECTIVE =
            Pattern.compile("(?:ish|ese|ian|ic|ist|ive|al|ed|ing|ous|ful|less|able|ible|" + "ary|ory|ent|ant)$");
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
    static final Pattern HONORIFIC_AFTER =
            Pattern.compile("(?iu)^\\s+(?:" + WordList.alternation("names-honorifics-after.txt") + ")(?![\\p{L}])");

    /** Words that are also verbs or wishes: not a name before "my mum" ("Hope my mum is ok", "Will my son..."). */
    static final Set<String> VERBLIKE = WordList.exact("names-verblike.txt");
    /** After a lower-case word, these make it a time word ("last month", "next week"), not a name after a relation. */
    static final Set<String> TIME_NOUNS = WordList.exact("names-time-nouns.txt");
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

    static final Pattern TITLE =
            Pattern.compile("(?iu)\\b(?:" + WordList.alternation("names-titles.txt") + ")\\.?\\s*$");
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

    /** What decided about a word (a cue, which may say no, or a keep rule): for tests and the per-recognizer figures. */
    record Decision(int start, int end, String by, String why, boolean name) {}

    static void find(Scan h) {
        find(h, null);
    }

    /**
     * The cue recognizer: for each token the keep rules of {@link Recognizers#NAME_KEEPS_FIRST}, {@link
     * Recognizers#NAME_KEEPS_TOKEN} and {@link Recognizers#NAME_KEEPS_WORD}, then the first of {@link
     * Recognizers#NAME_CUES} that applies; a name it starts is kept by {@link Recognizers#NAME_KEEPS_CANDIDATE}
     * or extended over the surname-like words after it, then kept by {@link Recognizers#NAME_KEEPS_EXTENT} or
     * added with the cue as its explanation. Each decision goes to {@code trace} when it is not null.
     */
    static void find(Scan h, List<Decision> trace) {
        NameToken a = new NameToken(h);
        String text = a.text;
        List<Tok> toks = a.toks;
        int n = a.n;
        Set<String> names = h.nameText().found;
        String recognizer = h.recognizer;
        int i = 0;
        while (i < n) {
            a.at(i);
            int next = keep(a, Recognizers.NAME_KEEPS_FIRST, trace);
            if (next >= 0) {
                i = next;
                continue;
            }
            Tok t = a.t;
            String k = a.k;
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
            a.k = k;
            next = keep(a, Recognizers.NAME_KEEPS_TOKEN, trace);
            if (next >= 0) {
                i = next;
                continue;
            }
            a.before = h.lower.substring(Math.max(0, t.start() - 60), t.start());
            a.month = MONTH_NAMES.contains(k);
            next = keep(a, Recognizers.NAME_KEEPS_WORD, trace);
            if (next >= 0) {
                i = next;
                continue;
            }
            NameCue fired = null;
            boolean start = false;
            if (k.length() >= 2 && (!FUNCTION.contains(k) || a.month) && !innerCaps(t.text())) {
                a.gaz = given(k) || surname(k);
                a.starts = wordStarts(a.before);
                a.titled = cue(TITLE, a.before, a.starts);
                a.sentenceStart = sentenceStart(text, t.start());
                for (NameCue cue : Recognizers.NAME_CUES) {
                    if (cue.applies(a)) {
                        fired = cue;
                        start = cue.starts(a);
                        break;
                    }
                }
                if (trace != null && fired != null) {
                    trace.add(new Decision(t.start(), t.end(), fired.name(), fired.rule(), start));
                }
            }
            if (!start) {
                i++;
                continue;
            }
            next = keep(a, Recognizers.NAME_KEEPS_CANDIDATE, trace);
            if (next >= 0) {
                i = next;
                continue;
            }
            int end = NameExtent.end(a);
            a.end = end;
            next = keep(a, Recognizers.NAME_KEEPS_EXTENT, trace);
            if (next >= 0) {
                i = next;
                continue;
            }
            int first = NameExtent.first(text, toks, i);
            int[] span = NameExtent.span(text, toks, first, end);
            int s = span[0];
            int e = span[1];
            h.recognizer = fired.name();
            h.rule = fired.rule();
            h.add(Redactor.Kind.NAME, s, e);
            h.recognizer = recognizer;
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

    /** The token to read next when one of {@code keeps} keeps the token at {@code a.i} (the first that does), or -1. */
    static int keep(NameToken a, NameKeep[] keeps, List<Decision> trace) {
        for (NameKeep keep : keeps) {
            int next = keep.next(a);
            if (next >= 0) {
                if (trace != null) {
                    int last = Math.min(Math.max(next - 1, a.i), a.n - 1);
                    trace.add(new Decision(a.t.start(), a.toks.get(last).end(), keep.name(), keep.reason(), false));
                }
                return next;
            }
        }
        return -1;
    }

    /** Before a possessive written without its apostrophe: "round to Cormacs", "stayed at Ellies". */
    static final Pattern AT_SOMEONES = Pattern.compile("(?iu)\\b(?:to|at|round|over)\\s+$");
    /** Endings of German nouns. */
    static final Pattern GERMAN_NOUN = Pattern.compile(
            "(?:ung|heit|keit|schaft|tion|ität|ment|chen|lein|nis|tum|" + "ismus|ik|ur|enz|anz|ling|e)$");

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

    /** Whether the line of the word at {@code at} holds only a sign-off: a dash, "thanks", "love"... before it. */
    static boolean signOffLine(String text, int at) {
        int nl = text.lastIndexOf('\n', at - 1);
        String line = text.substring(nl + 1, at).toLowerCase(Locale.ROOT);
        return line.isBlank() || SIGN_OFF.matcher(line).find();
    }

    static final Set<String> TITLE_WORDS = WordList.exact("names-title-words.txt");
    /**
     * Conditions named after people that are written without "'s" or "disease" ("meine Mutter Alzheimer", "mon père
     * a Parkinson"). Hand-written for issue 33's seventh pass (no outside source).
     */
    static final Set<String> EPONYMS = WordList.exact("names-eponyms.txt");
    /** Auxiliaries and verbs right after a relation word: "my father has", "my son was". */
    static final Set<String> AUX_AFTER_RELATION = WordList.exact("names-aux-after-relation.txt");

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

    static final Set<String> MONTH_NAMES_ALL = WordList.exact("names-month-names-all.txt");

    static final Set<String> MONTH_NAMES = WordList.exact("names-month-names.txt");

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

    static final Pattern CELTIC = Pattern.compile("(?:o['’]|mc|mac|d['’]|fitz)\\p{L}{2,}");
    static final Set<String> NAME_HEADS = WordList.exact("names-name-heads.txt");

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

    /** After a possessive name: a person's home or party ("at Bronte's place"). */
    static final Pattern SOMEONES_PLACE = Pattern.compile(
            "(?iu)^\\s+(?:place|house|flat|gaff|home|room|bedroom|party|birthday|parents|mum|mom|mam|dad|nan|bed|sofa|couch)\\b");

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
    static final Set<String> VERBISH = WordList.exact("names-verbish.txt");

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
