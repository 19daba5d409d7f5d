package org.tracejudge.redaction;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Things that tool returns name with a person's word, kept (issue 47, measured on {@code redaction-dev/dev14}–{@code
 * dev16}: ToolFailBench returns and tool output written here):
 *
 * <ul>
 *   <li>the value of a field that names a thing, not a person ({@code "vendor": "Cisco"}, {@code "malware_family":
 *       …}, {@code "datacenter": "Eugene"}; fields list {@code names-thing-fields.txt}); a person's fields
 *       ("name", "author", "customer", "assignee", "title") are not in the list;
 *   <li>a name-like word right before a version of three parts or more, or glued to one ("Haskell 6.4.29",
 *       "haskell:9.15.22", "Vite v5.2.1"): a product; two-part numbers are left ("Tom 10.30" is a person and a time);
 *   <li>a word that is a field's key glued to its value in a rule or config ("sid:2024218", "rev:7");
 *   <li>a name glued to a number by a hyphen ("Covid-19", "Mistral-7B"): a code's word;
 *   <li>a corporate suffix alone after "&amp;" ("JPMorgan Chase &amp; Co.");
 *   <li>two cities as a journey ("from Eugene to Irving", "Charlotte → Savannah") and a city after a weather or forecast word ("Weather for
 *       Arlington");
 *   <li>once a word is kept as a product in a message, its other occurrences there (the same word of a tool
 *       return means the same thing);
 *   <li>a shell, Snort or YARA variable ({@code $HOME_NET}, {@code $config_marker}) is no handle;
 *   <li>two numbers of the same length joined by a dash after "range" ("badge range 26044-90665") are a range, not a
 *       phone; "Phase 3" of a trial is no address.
 * </ul>
 *
 * <p>Teams in results, platforms, destinations, dishes and openings, and cells of tables are {@link Fixtures}' (run
 * from here, so the detectors' order in {@link Redactor} is unchanged).
 */
final class NamedThings {
    private NamedThings() {}

    private static final Set<String> THING_FIELDS = WordList.exact("names-thing-fields.txt");
    private static final Set<String> SCIENCE_WORDS = WordList.exact("names-science-words.txt");

    /** A reading of temperature right after a place ("Tyler tomorrow 13°C", "Quincy: -4 °F", "Chester: 15°"). */
    private static final Pattern TEMPERATURE_AFTER = Pattern.compile(
            "^[\\s:,]+(?:(?:today|tomorrow|tonight|now|currently|high|low)\\s+)?-?\\d{1,3}(?:[.,]\\d)?\\s?°(?:\\s?[CF])?");

    /** A model's size after its name ("Mistral 7B", "Llama 3.1 70B", "Mixtral 8x7B"). */
    private static final Pattern MODEL_SIZE_AFTER =
            Pattern.compile("^[\\s-](?:\\d{1,2}(?:\\.\\d)?\\s)?(?:\\d+x)?\\d{1,4}(?:\\.\\d)?[BbMm](?![\\p{L}\\p{N}])");

    /** Medical terms by their ending: a condition, a procedure ("Pseudohyperkalemia", "Cholecystectomy"). */
    private static final Pattern MEDICAL_TERM = Pattern.compile(
            "(?iu)\\p{L}{5,}(?:a?emia|itis|osis|ectomy|otomy|ostomy|pathy|plasty|algia|trophy|plasia|genesis|lysis)");

    /** A JSON key and its string value, or its array of strings. */
    private static final Pattern FIELD = Pattern.compile(
            "\"([A-Za-z][A-Za-z0-9_ -]{0,40})\"\\s*:\\s*(\"(?:[^\"\\\\]|\\\\.){0,300}\"|\\[(?:\\s*\"(?:[^\"\\\\]|\\\\.){0,300}\"\\s*,?){1,40}\\s*])");

    /** A version right after a word: " 6.4.29", ":9.15.22", "@1.2.3", " v5.2", " v5.2.1". */
    private static final Pattern VERSION_AFTER = Pattern.compile(
            "^(?:[ :@]|\\s+v|-v)\\d{1,4}\\.\\d{1,4}\\.\\d{1,6}(?![\\d])|^\\s?v\\d{1,4}\\.\\d{1,4}(?![\\d])");

    /**
     * A technical word right after a name-like word makes it a product or a vendor ("Twilio SID", "Berkeley DB",
     * "Vite dev server", "route … dev eth0"); list {@code names-tech-after.txt}, and network interface names.
     */
    private static final Set<String> TECH_AFTER = WordList.exact("names-tech-after.txt");

    private static final Pattern NEXT_WORD = Pattern.compile("^\\s([\\p{L}][\\p{L}\\p{N}]*)");
    private static final Pattern INTERFACE =
            Pattern.compile("(?:eth|ens|enp|eno|wlan|wlp|docker|br|veth|tun|tap|bond)\\d\\w*");

    /** A version of two parts that cannot be a clock time ("Vite 5.2", "Prometheus 2.519"; not "Tom 10.30"). */
    private static final Pattern SHORT_VERSION_AFTER = Pattern.compile(
            "^\\s(?:\\d{1,3}\\.\\d(?!\\d)|\\d{1,3}\\.\\d{3,}|(?:2[5-9]|[3-9]\\d)\\.\\d+)(?![\\d.:]|\\s?(?:am|pm|h)\\b)");

    /** A lower-case word glued by a hyphen after a lower-case word that is no name ("junit-jupiter"). */
    private static final Pattern HYPHEN_BEFORE = Pattern.compile("(?<![\\p{L}\\p{N}-])([a-z0-9]+)-$");

    private static final Pattern GLUED_KEY = Pattern.compile("^:[\\p{L}\\p{N}]");
    private static final Pattern CODE_NUMBER = Pattern.compile("^-\\d{1,4}[A-Za-z]{0,2}(?![\\p{L}])");
    private static final Pattern AMP_BEFORE = Pattern.compile("&\\s*$");
    private static final Set<String> SUFFIXES = Set.of("Co", "Co.", "Inc", "Inc.", "Ltd", "Ltd.", "LLC", "plc", "AG");
    private static final Pattern JOURNEY = Pattern.compile(
            "(?u)\\bfrom\\s+(\\p{Lu}[\\p{L}.'-]*(?:\\s\\p{Lu}[\\p{L}.'-]*)?)\\s+to\\s+(\\p{Lu}[\\p{L}.'-]*(?:\\s\\p{Lu}[\\p{L}.'-]*)?)");
    /** Two cities joined by an arrow in a route ("Charlotte → Savannah"). */
    private static final Pattern ARROW_JOURNEY = Pattern.compile(
            "(?u)(\\p{Lu}[\\p{L}.'-]*(?:\\s\\p{Lu}[\\p{L}.'-]*)?)\\s*(?:→|->|⇒|—>)\\s*(\\p{Lu}[\\p{L}.'-]*(?:\\s\\p{Lu}[\\p{L}.'-]*)?)");

    private static final Pattern WEATHER = Pattern.compile(
            "(?iu)\\b(?:weather|forecast|temperature|sunrise|sunset|time\\s+zone|timezone|air\\s+quality)\\s+(?:for|in|at)\\s+$");
    private static final Pattern VARIABLE =
            Pattern.compile("\\$(?:[A-Z][A-Z0-9]*_[A-Z0-9_]+|[a-z][a-z0-9]*_[a-z0-9_]+)");
    private static final Pattern RANGE_BEFORE = Pattern.compile("(?i)\\b(?:range|ranges)\\s*:?\\s*$");
    private static final Pattern SAME_LENGTH_RANGE = Pattern.compile("(\\d+)\\s?[-–]\\s?(\\d+)");
    private static final Pattern TRIAL_PHASE = Pattern.compile("(?i)^\\d+\\s+phase\\s+(?:[1-4]|i{1,3}|iv)[ab]?$");

    static void keep(Scan h) {
        Fixtures.keep(h);
        CatalogueThings.keep(h);
        String t = h.text;
        List<int[]> thingValues = thingValues(t);
        Set<String> products = new HashSet<>();
        List<int[]> places = places(t);
        for (Redactor.Span s : h.spans) {
            if (s.kind() == Redactor.Kind.NAME && (versioned(t, s.end()) || inside(thingValues, s))) {
                products.add(s.original().toLowerCase(Locale.ROOT)); // the same word elsewhere is the same thing
            }
        }
        h.spans.removeIf(s -> switch (s.kind()) {
            case NAME ->
                inside(thingValues, s)
                        || inside(places, s)
                        || products.contains(s.original().toLowerCase(Locale.ROOT))
                        || gluedKey(t, s.start(), s.end())
                        || CODE_NUMBER.matcher(t.substring(s.end())).find()
                        || MODEL_SIZE_AFTER.matcher(t.substring(s.end())).find()
                        || techWordAfter(t, s)
                        || (!givenName(s)
                                && SHORT_VERSION_AFTER
                                        .matcher(t.substring(s.end()))
                                        .find())
                        || identifierPart(t, s)
                        || SCIENCE_WORDS.contains(s.original().toLowerCase(Locale.ROOT))
                        || (s.original().length() >= 9
                                && MEDICAL_TERM.matcher(s.original()).matches())
                        || (city(s.original())
                                && TEMPERATURE_AFTER
                                        .matcher(t.substring(s.end()))
                                        .find())
                        || (SUFFIXES.contains(s.original())
                                && AMP_BEFORE
                                        .matcher(t.substring(Math.max(0, s.start() - 3), s.start()))
                                        .find())
                        || (NameLists.CITIES.contains(s.original().toLowerCase(Locale.ROOT))
                                && WEATHER.matcher(t.substring(Math.max(0, s.start() - 30), s.start()))
                                        .find());
            case HANDLE ->
                VARIABLE.matcher(s.original()).matches() || s.original().matches("\\d+");
            case PHONE -> range(t, s) || listOfNumbers(t, s, h.spans);
            case ADDRESS -> TRIAL_PHASE.matcher(s.original()).matches();
            case IP -> versionNumber(t, s);
            default -> false;
        });
    }

    private static boolean inside(List<int[]> ranges, Redactor.Span s) {
        for (int[] r : ranges) {
            if (r[0] <= s.start() && s.end() <= r[1]) {
                return true;
            }
        }
        return false;
    }

    /** The character ranges of the values of fields whose key, split into words, ends in a thing's word. */
    private static List<int[]> thingValues(String t) {
        List<int[]> out = new ArrayList<>();
        if (t.indexOf('"') < 0) {
            return out;
        }
        Matcher m = FIELD.matcher(t);
        while (m.find()) {
            String[] words = m.group(1)
                    .replaceAll("([a-z])([A-Z])", "$1 $2")
                    .toLowerCase(Locale.ROOT)
                    .split("[ _-]+");
            if (words.length > 0 && THING_FIELDS.contains(words[words.length - 1])) {
                out.add(new int[] {m.start(2), m.end(2)});
            }
        }
        return out;
    }

    /** Two cities as the ends of a journey ("from Eugene to Irving"). */
    private static List<int[]> places(String t) {
        List<int[]> out = new ArrayList<>();
        for (Pattern p : List.of(JOURNEY, ARROW_JOURNEY)) {
            Matcher m = p.matcher(t);
            while (m.find()) {
                if (city(m.group(1)) && city(m.group(2))) {
                    out.add(new int[] {m.start(1), m.end(1)});
                    out.add(new int[] {m.start(2), m.end(2)});
                }
            }
        }
        return out;
    }

    private static boolean city(String s) {
        String k = s.toLowerCase(Locale.ROOT);
        return NameLists.CITIES.contains(k) || NameLists.PLACES.contains(k);
    }

    private static boolean versioned(String t, int end) {
        return VERSION_AFTER
                .matcher(t.substring(end, Math.min(t.length(), end + 24)))
                .find();
    }

    /** "sid:2024218": a key glued to its value after a separator of a rule or config (not "Sid: hi"). */
    private static boolean gluedKey(String t, int start, int end) {
        if (start > 0 && !(Character.isWhitespace(t.charAt(start - 1)) || ";{(,".indexOf(t.charAt(start - 1)) >= 0)) {
            return false;
        }
        return GLUED_KEY
                        .matcher(t.substring(end, Math.min(t.length(), end + 2)))
                        .find()
                && !Character.isUpperCase(t.charAt(start));
    }

    /** A version or section cue just before a dotted quad ("prior to 7.4.2.1", "version 10.2.0.4", "§ 11.3.1.1"). */
    private static final Pattern VERSION_CUE = Pattern.compile("(?iu)(?:\\b(?:prior\\s+to|before|fixed\\s+in|"
            + "upgrade(?:d)?\\s+to|update(?:d)?\\s+to|patched\\s+in|versions?|ver\\.?|release|firmware|build|"
            + "requirements?|sections?|clauses?|controls?|articles?|paragraphs?)|§)\\s*[:(]?\\s*$");

    /**
     * A dotted quad that is a version or a section number, not a host: after a version or section cue, or one of a
     * numbering whose shorter numbers share its first parts in the same message ("11.3.1.1" beside "11.3.2").
     */
    private static boolean versionNumber(String t, Redactor.Span s) {
        if (s.original().indexOf(':') >= 0) {
            return false;
        }
        if (VERSION_CUE
                .matcher(t.substring(Math.max(0, s.start() - 20), s.start()))
                .find()) {
            return true;
        }
        String[] p = s.original().split("\\.");
        if (p.length != 4) {
            return false;
        }
        Matcher m = Pattern.compile(
                        "(?<![\\d.])" + Pattern.quote(p[0] + "." + p[1] + ".") + "\\d{1,3}(?![\\d.]|\\.\\d)")
                .matcher(t);
        return m.find();
    }

    /**
     * An upper-case technical word after the name ("Twilio SID", "Berkeley DB"); a lower-case one ("dev server",
     * "Falcon sensor") only after a word that is no given name or is written in lower case ("Emma server outage" keeps
     * Emma a person); an interface name after "dev" of a route.
     */
    private static boolean techWordAfter(String t, Redactor.Span s) {
        Matcher m = NEXT_WORD.matcher(t.substring(s.end(), Math.min(t.length(), s.end() + 40)));
        if (!m.find()) {
            return false;
        }
        String w = m.group(1);
        if (INTERFACE.matcher(w).matches() || (TECH_AFTER.contains(w) && !w.equals(w.toLowerCase(Locale.ROOT)))) {
            return true;
        }
        boolean lower = s.original().equals(s.original().toLowerCase(Locale.ROOT));
        return TECH_AFTER.contains(w) && (lower || !givenName(s));
    }

    private static boolean givenName(Redactor.Span s) {
        for (String w : s.original().toLowerCase(Locale.ROOT).split("[\\s-]+")) {
            if (NameLists.GIVEN_CORE.contains(w)) {
                return true;
            }
        }
        return false;
    }

    private static boolean identifierPart(String t, Redactor.Span s) {
        if (!s.original().equals(s.original().toLowerCase(Locale.ROOT))) {
            return false;
        }
        Matcher m = HYPHEN_BEFORE.matcher(t.substring(Math.max(0, s.start() - 24), s.start()));
        if (!m.find()) {
            return false;
        }
        String k = m.group(1);
        return !NameLists.GIVEN.contains(k) && !NameLists.SURNAMES.contains(k);
    }

    private static final Pattern DIGITS = Pattern.compile("\\d{5,}");

    /**
     * A number in a list of numbers of the same length ("Ticket numbers 21345678, 21345679 and 21345680") that the
     * phone rules did not all take: the numbers of one list are of one kind, and some of them are no phone.
     */
    private static boolean listOfNumbers(String t, Redactor.Span s, List<Redactor.Span> spans) {
        if (!DIGITS.matcher(s.original()).matches()) {
            return false;
        }
        int n = s.original().length();
        Pattern sibling = Pattern.compile("(?<![\\d+])\\d{" + n
                + "}(?!\\d)(?=\\s*(?:,|and|or|&)\\s*)|(?<=(?:,|and|or|&)\\s{0,3})\\d{" + n + "}(?!\\d)");
        Matcher m = sibling.matcher(t);
        int siblings = 0;
        boolean notPhone = false;
        while (m.find()) {
            if (m.start() == s.start()) {
                continue;
            }
            siblings++;
            final int at = m.start();
            if (spans.stream().noneMatch(o -> o.kind() == Redactor.Kind.PHONE && o.start() <= at && at < o.end())) {
                notPhone = true;
            }
        }
        return siblings >= 2 && notPhone;
    }

    private static boolean range(String t, Redactor.Span s) {
        Matcher m = SAME_LENGTH_RANGE.matcher(s.original());
        return m.matches()
                && m.group(1).length() == m.group(2).length()
                && RANGE_BEFORE
                        .matcher(t.substring(Math.max(0, s.start() - 12), s.start()))
                        .find();
    }
}
