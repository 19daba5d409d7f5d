package org.tracejudge.redaction;

import com.google.i18n.phonenumbers.PhoneNumberMatch;
import com.google.i18n.phonenumbers.PhoneNumberUtil;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Removes personal details from text before it goes to a judge: e-mail addresses, phone numbers, people's names,
 * street addresses and dates of birth, each replaced by a bracketed placeholder ({@code [EMAIL]}, {@code [PHONE]},
 * {@code [NAME]}, {@code [ADDRESS]}, {@code [DOB]}).
 *
 * <p>Phones are found by Google's libphonenumber (every region's numbering plan: international numbers with a
 * {@code +}, and national numbers of the regions in {@link #NATIONAL_REGIONS} that carry separators or a phone
 * word nearby). The other kinds are cue- and shape-based: names after an introduction ("my name is", "I'm",
 * "je m'appelle", "меня зовут", "我叫", ...), a title or a sign-off, and then wherever that name recurs; addresses
 * in English, German, Dutch, French, Spanish, Italian, Russian and Chinese street shapes and post-office boxes;
 * dates of birth only next to a birth cue ("born", "b.", "DOB", "né le", "geboren", ...). What it cannot catch:
 * a name with no cue (a bare "Priya said..."), a date of birth without a birth word, an address without a street
 * word or number, identifying details of other kinds (employer, diagnosis, a rare event). See README, Privacy.
 */
public final class Redactor {
    public enum Kind { EMAIL, PHONE, NAME, ADDRESS, DOB }

    /** One redacted span of the original text. */
    public record Span(Kind kind, int start, int end, String original) {}

    /** @param text the redacted text; {@code spans} offsets into the original, in order */
    public record Result(String text, List<Span> spans) {
        public long count(Kind k) {
            return spans.stream().filter(s -> s.kind() == k).count();
        }
    }

    /** Plain-language statement of what redaction misses, for the UI and the CLI. */
    public static final String LIMITS = "Redaction takes out e-mails, phone numbers, names introduced as names "
            + "(\"my name is\", titles, sign-offs), street addresses and dates of birth next to a birth word. "
            + "It cannot catch a name used without such a cue, a date of birth without a birth word, an address "
            + "without a street word or number, or other details that identify a person (employer, diagnosis, events).";

    /** Regions whose national numbers (no +) are looked for, besides every international number. */
    static final List<String> NATIONAL_REGIONS = List.of("GB", "US", "DE", "FR", "ES", "IT", "NL", "IE", "AU", "IN",
            "SE", "PL", "BR", "RU", "CN", "KR", "JP", "CH", "AT", "BE");

    private static final String L = "[\\p{L}\\p{M}\\p{N}]";
    private static final Pattern EMAIL = Pattern.compile(
            "[\\p{L}\\p{M}\\p{N}._%+'-]+@[\\p{L}\\p{M}\\p{N}-]+(?:\\.[\\p{L}\\p{M}\\p{N}-]+)*\\.\\p{L}{2,}");
    private static final String ATB = "\\s*(?:\\(at\\)|\\[at\\]|\\{at\\}|<at>)\\s*";
    private static final String DOTB = "\\s*(?:\\(dot\\)|\\[dot\\]|\\{dot\\}|<dot>)\\s*";
    /** "x (at) y (dot) com", "x [at] y.com" (any dot), and "x at y dot com" (both spelled as words). */
    private static final Pattern EMAIL_SPELLED = Pattern.compile("(?i)" + L + "+(?:(?:\\.|" + DOTB + "|\\s+dot\\s+)" + L
            + "+)*" + ATB + L + "+(?:(?:\\.|" + DOTB + ")" + L + "+)*(?:\\.|" + DOTB + ")\\p{L}{2,}"
            + "|(?i)\\b" + L + "+(?:\\s+dot\\s+" + L + "+)*\\s+at\\s+" + L + "+(?:\\s+dot\\s+" + L + "+)*\\s+dot\\s+"
            + "(?:com|org|net|edu|gov|io|co|uk|de|fr|es|it|nl|info|me|ru|cn|in|au|ca|ie|eu)\\b");

    /** Digit groups with separators, 9 to 15 digits: a phone when a phone word comes before it (numbering plans aside). */
    private static final Pattern PHONE_SHAPE = Pattern.compile("(?<![\\p{L}\\p{N}.,])(?:\\+\\d{1,3}[\\s.\u2013\u00a0-]?)?"
            + "(?:\\(\\d{1,5}\\)[\\s.\u2013\u00a0-]?)?\\d{2,5}(?:[\\s.\u2013\u00a0/-]{1,3}\\d{2,5}){1,4}(?![\\p{L}\\p{N}]|[.,]\\d)");

    /** A run of digits and the separators phone numbers use (a candidate window for the national-number passes). */
    private static final Pattern DIGIT_WINDOW = Pattern.compile("[+(]?\\d[\\d\\s.()/\u2010-\u2015\u00a0-]*\\d\\)?");

    /** Words near a number that say it is a phone number. */
    private static final Pattern PHONE_CUE = Pattern.compile("(?iu)(?:phone|tel\\b|tel\\.|mobile|cell|call|ring|text|"
            + "number|whats ?app|fax|reach|contact|handy|nummer|anruf|ruf|t[ée]l[ée]phone|portable|num[ée]ro|appel|"
            + "tel[ée]fono|m[óo]vil|llam|número|numero|cellulare|chiama|bel |telefoon|телефон|номер|звон|电话|手机|"
            + "電話|번호|celular|ligue|ring mig|numer|رقم)");

    private static final String MONTH_EN = "Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?"
            + "|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?";
    private static final String MONTH_OTHER = "janvier|f[ée]vrier|mars|avril|mai|juin|juillet|ao[uû]t|septembre|octobre"
            + "|novembre|d[ée]cembre|Januar|Jänner|Februar|März|Maerz|April|Juni|Juli|August|Oktober|Dezember"
            + "|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre"
            + "|gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre"
            + "|janeiro|fevereiro|março|maio|junho|julho|setembro|outubro|novembro|dezembro"
            + "|января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря";
    private static final String MONTH = "(?:" + MONTH_EN + "|" + MONTH_OTHER + ")\\.?";
    private static final String DAY = "\\d{1,2}(?:st|nd|rd|th|er|º|\\.)?";
    private static final String DATE = "(?:\\d{4}[./-]\\d{1,2}[./-]\\d{1,2}|\\d{1,2}[./-]\\d{1,2}[./-](?:\\d{4}|\\d{2})"
            + "|(?:19|20)\\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\\d|3[01])"
            + "|\\d{4}\\s*年\\s*\\d{1,2}\\s*月\\s*\\d{1,2}\\s*日"
            + "|\\d{1,2}-" + MONTH + "-\\d{2,4}"
            + "|(?:the\\s+)?" + DAY + "\\s*(?:of\\s+|de\\s+)?" + MONTH + ",?\\s*(?:de\\s+)?\\d{4}"
            + "|" + MONTH + "\\s+" + DAY + ",?\\s+\\d{4})";
    private static final Pattern DATE_P = Pattern.compile("(?iu)(?<![\\p{IsLatin}\\p{IsCyrillic}\\p{N}])" + DATE
            + "(?![\\p{IsLatin}\\p{IsCyrillic}\\p{N}])");
    private static final Pattern DOB_CUE = Pattern.compile("(?iu)(?:\\bborn\\b|(?<![\\p{L}])b\\.|\\bd\\.?o\\.?b\\b\\.?|date\\s+of\\s+birth"
            + "|birth\\s*day|birthdate|\\bn[ée]e?\\s+le\\b|\\bn[ée]e?\\b|date\\s+de\\s+naissance|geboren|geburtsdatum|geb\\.|"
            + "nac[ií]d[oa]|nac[ií]\\b|fecha\\s+de\\s+nacimiento|\\bnat[oa]\\b|data\\s+di\\s+nascita|nasci|nascid[oa]|"
            + "data\\s+de\\s+nascimento|родил(?:ся|ась)|дата\\s+рождения|出生|生日|geboortedatum)");
    private static final Pattern BIRTH_AFTER = Pattern.compile("(?iu)^\\s*(?:geboren|born|né|née|nacid[oa]|nat[oa])\\b");
    /** How far after a birth cue its date may start. */
    private static final int DOB_REACH = 40;

    private static final String UC = "\\p{Lu}[\\p{L}\\p{M}'’]*(?:-\\p{Lu}?[\\p{L}\\p{M}'’]+)?";
    private static final String LC = "\\p{L}[\\p{L}\\p{M}'’]*(?:-[\\p{L}\\p{M}'’]+)?";
    private static final String PARTICLE = "(?:de|da|del|della|di|du|van|von|der|den|le|la|bin|ibn|al|ben|dos|das|y)";
    private static final String NAME_UC = UC + "(?:\\s+(?:" + PARTICLE + "\\s+)?" + UC + "){0,2}";
    private static final String NAME_ANY = LC + "(?:\\s+" + LC + ")?";
    private static final Pattern NAME_UC_P = Pattern.compile("(?u)" + NAME_UC);
    private static final Pattern NAME_ANY_P = Pattern.compile("(?u)" + NAME_ANY);
    private static final Pattern LC_P = Pattern.compile("(?u)" + LC);
    /** Cues after which the next word is a name even in lower case. */
    private static final Pattern STRONG_CUE = Pattern.compile("(?iu)(?:\\bmy\\s+name\\s+is|\\bmy\\s+name['’]s|\\bname['’]s|"
            + "\\bname\\s*:|\\bcall\\s+me|\\bje\\s+m['’]appelle|\\bmon\\s+nom\\s+est|\\bme\\s+llamo|\\bmi\\s+nombre\\s+es|"
            + "\\bich\\s+hei(?:ß|ss)e|\\bmein\\s+name\\s+ist|\\bmi\\s+chiamo|\\bil\\s+mio\\s+nome\\s+è|\\bmeu\\s+nome\\s+é|"
            + "\\bme\\s+chamo|\\bik\\s+heet|\\bmijn\\s+naam\\s+is|меня\\s+зовут|моё\\s+имя|мое\\s+имя)\\s+");
    /** Cues after which a capitalised word is a name ("I'm Priya"), or a lower-case one not in {@link #NOT_NAMES}. */
    private static final Pattern WEAK_CUE = Pattern.compile("(?u)(?:\\b[Ii]['’]m|\\b[Ii]\\s+am|\\b[Tt]his\\s+is|\\b[Ii]t['’]s"
            + "|\\b[Ss]oy|\\b[Jj]e\\s+suis|\\b[Ii]ch\\s+bin|\\b[Ss]ono|\\b[Ss]ou|(?<!\\p{L})Я)\\s+");
    private static final Pattern TITLE = Pattern.compile("(?u)\\b(?:Mr|Mrs|Ms|Mx|Miss|Dr|Prof|Herr|Frau|Mme|Mlle|Sr|Sra"
            + "|Srta|Señor|Señora|Sig|Sig\\.ra|Dott)\\.?\\s+(" + NAME_UC + ")");
    private static final Pattern SIGN_OFF = Pattern.compile("(?iu)(?:^|[\\n.!?]\\s*)(?:best(?:\\s+wishes|\\s+regards)?|kind\\s+regards"
            + "|regards|warm\\s+regards|thanks|thank\\s+you|many\\s+thanks|cheers|sincerely|yours(?:\\s+sincerely|\\s+truly)?"
            + "|love|take\\s+care|cordialement|bien\\s+à\\s+vous|merci|amicalement|bises|saludos|un\\s+saludo|atentamente"
            + "|gracias|mit\\s+freundlichen\\s+grüßen|viele\\s+grüße|liebe\\s+grüße|grüße|lg|danke|cordiali\\s+saluti"
            + "|saluti|grazie|abraços|obrigad[oa]|groeten|с\\s+уважением|спасибо)[,!.]?[ \\t]*\\n?[ \\t]*"
            + "(?-i:(" + NAME_UC + "))[ \\t]*(?:$|\\n|[.!])");
    private static final Pattern DASH_SIGN = Pattern.compile("(?mu)^[ \\t]*(?:—|–|--|-)[ \\t]*(" + NAME_UC + ")[ \\t]*$");
    private static final Pattern HAN_NAME = Pattern.compile("(?:我叫|我的名字是|我是|名叫)(\\p{IsHan}{2,3}?)(?=[，。,.！!\\s]|$|我|，)");
    /** Words after a cue that are not names ("I'm Sorry", "This is Urgent", "call me back"). */
    private static final Set<String> NOT_NAMES = Set.copyOf(List.of("sorry", "not", "so", "just", "really", "very", "fine", "okay",
            "ok", "here", "there", "the", "a", "an", "urgent", "important", "afraid", "scared", "tired", "sure", "still",
            "going", "trying", "feeling", "done", "back", "new", "having", "writing", "calling", "worried", "safe",
            "good", "well", "sad", "alone", "lost", "stuck", "confused", "happy", "ready", "glad", "in", "at", "on",
            "no", "me", "you", "it", "this", "that", "what", "how", "why", "when", "about", "also", "too", "now",
            "always", "never", "getting", "looking", "thinking", "worried", "anxious", "depressed", "struggling",
            "exhausted", "afraid", "unable", "able", "all", "one", "someone", "nobody", "because", "and", "or", "but",
            "tomorrow", "today", "later", "again", "myself", "bad", "better", "worse", "wondering", "hoping", "like",
            "pas", "très", "muy", "nicht", "sehr", "non", "molto", "aqui", "aquí", "ici", "hier", "da", "de", "la",
            "le", "el", "das", "der", "die", "ein", "eine", "un", "une", "una", "uno", "mit", "avec", "con", "feliz",
            "triste", "traurig", "müde", "cansado", "cansada", "fatigué", "fatiguée", "stanco", "stanca", "в", "не",
            "очень", "так", "здесь", "не", "устал", "устала", "один", "одна"));

    private static final String STREET_EN = "(?:Street|St|Road|Rd|Avenue|Ave|Av|Lane|Ln|Drive|Dr|Boulevard|Blvd|Way|Court"
            + "|Ct|Place|Pl|Terrace|Close|Crescent|Square|Sq|Parkway|Pkwy|Highway|Hwy|Row|Gardens|Hill|Mews|Walk|Grove)";
    private static final String CITY = "\\p{Lu}[\\p{L}\\p{M}'’-]*(?:\\s+\\p{Lu}[\\p{L}\\p{M}'’-]*)?";
    private static final String POSTCODE_TAIL = "(?:,?\\s*(?:\\d{5}|\\d{4}\\s?[A-Z]{2}|\\d{4})\\s+" + CITY + ")?";
    private static final List<Pattern> ADDRESSES = List.of(
            // English: 42 Larkspur Road, 350 5th Avenue, 221B Baker Street, London NW1 6XE, 1600 Pennsylvania Ave NW ...
            Pattern.compile("(?u)\\b\\d{1,5}[A-Za-z]?,?\\s+(?:(?:\\d{1,3}(?:st|nd|rd|th)|\\p{Lu}[\\p{L}\\p{M}'’-]*)\\s+){1,3}"
                    + STREET_EN + "\\b\\.?(?:\\s+(?:NW|NE|SW|SE|N|S|E|W)\\b)?"
                    + "(?:,?\\s+(?:Apt|Apartment|Flat|Unit|Suite|Ste)\\.?\\s*#?\\w+)?"
                    + "(?:,\\s*\\p{Lu}[\\p{L}\\p{M}'’-]+(?:\\s+\\p{Lu}[\\p{L}\\p{M}'’-]+)?(?=[\\s,.;!?]|$))?"
                    + "(?:,?\\s+[A-Z]{2}\\s+\\d{5}(?:-\\d{4})?|,?\\s+[A-Z]{1,2}\\d[A-Z\\d]?\\s*\\d[A-Z]{2}|,?\\s+\\d{5}(?:-\\d{4})?)?"),
            // German and Dutch: Hauptstraße 12, Berliner Str. 5a, Kerkstraat 12, Am Markt 3 (+ 10115 Berlin, 1017 GC Amsterdam)
            Pattern.compile("(?u)(?:\\b\\p{Lu}[\\p{L}\\p{M}-]*(?:straße|strasse|str\\.|weg|gasse|platz|allee|ring|damm|ufer"
                    + "|straat|laan|gracht|plein|kade|steeg|dijk)|\\b\\p{Lu}[\\p{L}\\p{M}-]*(?:er|e)\\s+(?:Straße|Strasse|Str\\.|Weg"
                    + "|Gasse|Platz|Allee|Ring|Damm)|\\b(?:Am|An der|Auf der|Im|In der|Zum|Zur)\\s+\\p{Lu}[\\p{L}\\p{M}-]+)"
                    + "\\s+\\d{1,4}\\s?[a-zA-Z]?\\b" + POSTCODE_TAIL),
            // French: 12 rue de la Paix, 5, avenue Victor Hugo, 12 boulevard Saint-Michel (+ 75002 Paris)
            Pattern.compile("(?iu)\\b\\d{1,4}(?:\\s?(?:bis|ter))?,?\\s+(?:rue|avenue|av\\.|boulevard|bd|place|chemin|allée"
                    + "|impasse|quai|route|cours|passage|square)\\s+(?:(?:de|du|des|la|le|l['’]|d['’]|aux?)\\s*)*"
                    + "(?-i:\\p{Lu}[\\p{L}\\p{M}'’-]*)(?:\\s+(?-i:\\p{Lu}[\\p{L}\\p{M}'’-]*)){0,2}" + POSTCODE_TAIL),
            // Spanish, Italian, Portuguese: Calle Mayor 5, C/ Alcalá 23, Avenida de la Constitución 12, Via Roma 10
            Pattern.compile("(?u)\\b(?:Calle|C/|Avenida|Avda\\.?|Av\\.|Plaza|Pza\\.?|Paseo|Camino|Carrera|Ronda|Travesía|Via|Viale"
                    + "|Piazza|Corso|Vicolo|Largo|Rua|Praça|Travessa)\\s*(?:(?:de|del|la|las|los|da|do|dos|della|delle|dei)\\s+)*"
                    + "\\p{Lu}[\\p{L}\\p{M}'’-]*(?:\\s+(?:(?:de|del|la|da|do|della)\\s+)*\\p{Lu}[\\p{L}\\p{M}'’-]*){0,2},?\\s+\\d{1,4}"
                    + "(?:\\s*,\\s*\\d{1,2}\\s*[º°ª]?\\s*[A-Z]?\\b)?" + POSTCODE_TAIL),
            // Post-office boxes in several languages
            Pattern.compile("(?iu)\\b(?:P\\.?\\s?O\\.?\\s?Box|Post\\s+Office\\s+Box|Postfach|Postbus|Bo[iî]te\\s+postale|BP"
                    + "|Apartado(?:\\s+de\\s+correos)?|Casella\\s+postale|Caixa\\s+postal|а/я|абонентский\\s+ящик)\\s*"
                    + "\\d{1,6}(?:\\s\\d{2}){0,3}\\b"),
            // Russian: ул. Ленина, д. 5 / улица Ленина 5
            Pattern.compile("(?iu)(?:ул\\.|улица|пр\\.|проспект|пер\\.|переулок|ш\\.|шоссе|бульвар|наб\\.)\\s*\\p{Lu}[\\p{L}-]*"
                    + "(?:\\s+\\p{Lu}[\\p{L}-]*)?,?\\s*(?:д\\.|дом)?\\s*\\d{1,4}(?:\\s*,?\\s*(?:кв\\.|квартира)\\s*\\d{1,4})?"),
            // Chinese: 建国路88号
            Pattern.compile("\\p{IsHan}{1,8}(?:路|街|道|巷|胡同|大道)\\d{1,5}(?:号|號)(?:\\d{1,4}室)?"));

    private final List<String> knownNames;
    private final PhoneNumberUtil phones = PhoneNumberUtil.getInstance();

    /** @param knownNames names to redact wherever they occur (whole words, any case) */
    public Redactor(List<String> knownNames) {
        this.knownNames = knownNames == null ? List.of() : knownNames.stream().map(String::strip).filter(s -> !s.isEmpty()).toList();
    }

    public Redactor() {
        this(List.of());
    }

    public Result redact(String text) {
        if (text == null || text.isEmpty()) {
            return new Result(text == null ? "" : text, List.of());
        }
        List<Span> found = new ArrayList<>();
        if (text.indexOf('@') >= 0) {
            add(found, text, EMAIL, 0, Kind.EMAIL);
        }
        String lower = text.toLowerCase(Locale.ROOT);
        if (lower.contains("dot") || lower.contains("at)") || lower.contains("at]") || lower.contains("at}")
                || lower.contains("at>")) {
            add(found, text, EMAIL_SPELLED, 0, Kind.EMAIL); // a spelled address needs "dot" or a bracketed "at"
        }
        dates(found, text);
        for (Pattern p : ADDRESSES) {
            add(found, text, p, 0, Kind.ADDRESS);
        }
        phones(found, text);
        names(found, text);
        // earlier start wins; at the same start the longer span; overlaps are dropped
        found.sort(Comparator.comparingInt(Span::start).thenComparing(Comparator.comparingInt(Span::end).reversed()));
        List<Span> kept = new ArrayList<>();
        int end = -1;
        for (Span s : found) {
            if (s.start() >= end) {
                kept.add(s);
                end = s.end();
            } else if (s.end() > end && !kept.isEmpty()) {
                // overlapping spans merge, so no part of either is sent
                Span last = kept.remove(kept.size() - 1);
                kept.add(new Span(last.kind(), last.start(), s.end(), text.substring(last.start(), s.end())));
                end = s.end();
            }
        }
        StringBuilder sb = new StringBuilder(text.length());
        int at = 0;
        for (Span s : kept) {
            sb.append(text, at, s.start()).append('[').append(s.kind().name()).append(']');
            at = s.end();
        }
        sb.append(text, at, text.length());
        return new Result(sb.toString(), List.copyOf(kept));
    }

    private void dates(List<Span> out, String text) {
        Matcher cue = DOB_CUE.matcher(text);
        Matcher date = DATE_P.matcher(text);
        while (cue.find()) {
            date.region(cue.end(), Math.min(text.length(), cue.end() + DOB_REACH));
            if (date.find()) {
                out.add(new Span(Kind.DOB, date.start(), date.end(), date.group()));
            }
        }
        // a birth cue after its date: "am 14. März 1998 geboren"
        date.reset();
        Matcher after = BIRTH_AFTER.matcher(text);
        while (date.find()) {
            after.region(date.end(), Math.min(text.length(), date.end() + 12));
            if (after.lookingAt()) {
                out.add(new Span(Kind.DOB, date.start(), date.end(), date.group()));
            }
        }
    }

    private void phones(List<Span> out, String text) {
        Set<Long> seen = new LinkedHashSet<>();
        // every international number (+ and a country code), any region
        for (PhoneNumberMatch m : phones.findNumbers(text, "ZZ", PhoneNumberUtil.Leniency.POSSIBLE, Long.MAX_VALUE)) {
            int start = m.start();
            while (start > 0 && text.charAt(start - 1) == '+') {
                start--;
            }
            addPhone(out, seen, text, start, m.end());
        }
        if (!hasDigitRun(text)) {
            return;
        }
        Matcher shape = PHONE_SHAPE.matcher(text);
        while (shape.find()) {
            int digits = (int) shape.group().chars().filter(Character::isDigit).count();
            if (digits >= 9 && digits <= 15 && cueBefore(text, shape.start())
                    && plausibleNational(text, shape.start(), shape.end(), shape.group())) {
                addPhone(out, seen, text, shape.start(), shape.end());
            }
        }
        // national numbers: libphonenumber's matcher per region, run only over the windows of the text that hold
        // seven or more digits in a row of digits and separators (20 passes over a whole tool return cost ~20x)
        Matcher window = DIGIT_WINDOW.matcher(text);
        while (window.find()) {
            if (window.group().chars().filter(Character::isDigit).count() < 7) {
                continue;
            }
            int from = Math.max(0, window.start() - 2);
            int to = Math.min(text.length(), window.end() + 2);
            String part = text.substring(from, to);
            for (String region : NATIONAL_REGIONS) {
                for (PhoneNumberMatch m : phones.findNumbers(part, region, PhoneNumberUtil.Leniency.VALID, Long.MAX_VALUE)) {
                    int start = from + m.start();
                    int end = from + m.end();
                    String raw = m.rawString();
                    if (raw.startsWith("+")) {
                        addPhone(out, seen, text, start, end);
                        continue;
                    }
                    boolean separated = raw.chars().anyMatch(c -> !Character.isDigit(c));
                    boolean cue = cueBefore(text, start);
                    int digits = (int) raw.chars().filter(Character::isDigit).count();
                    if (plausibleNational(text, start, end, raw) && (digits >= 9 || cue)
                            && (separated || raw.startsWith("0") || cue)) {
                        addPhone(out, seen, text, start, end);
                    }
                }
            }
        }
    }

    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(?:\\.\\d{1,3}){3}");
    private static final Pattern DECIMAL = Pattern.compile("\\(?\\d+\\.\\d+(?:\\s*[-–/]\\s*\\d+\\.\\d+)*\\)?");

    /**
     * A number without a country code that is not something else of the same shape: an IP address, a version
     * list (a one-digit group), a decimal range, an identifier's tail (CVE-2021-44228), a bracket left open.
     */
    private static boolean plausibleNational(String text, int start, int end, String raw) {
        String core = raw.strip();
        if (IPV4.matcher(core).matches() || DECIMAL.matcher(core).matches()) {
            return false;
        }
        for (String group : core.split("\\D+")) {
            if (group.length() == 1 && !core.startsWith("(0)")) {
                return false;
            }
        }
        if (core.chars().filter(c -> c == '(').count() != core.chars().filter(c -> c == ')').count()) {
            return false;
        }
        char before = start > 0 ? text.charAt(start - 1) : ' ';
        if (before == '-' || before == '_' || before == '/' || before == '#' || alphabetic(before)) {
            return false;
        }
        char after = end < text.length() ? text.charAt(end) : ' ';
        return !(alphabetic(after) || after == '-' || after == '%');
    }

    /** A letter or digit of a script that separates words with spaces (not Han, Kana, Hangul, Arabic...). */
    private static boolean alphabetic(char c) {
        if (Character.isDigit(c)) {
            return true;
        }
        if (!Character.isLetter(c)) {
            return false;
        }
        Character.UnicodeScript sc = Character.UnicodeScript.of(c);
        return sc == Character.UnicodeScript.LATIN || sc == Character.UnicodeScript.CYRILLIC
                || sc == Character.UnicodeScript.GREEK;
    }

    private static void addPhone(List<Span> out, Set<Long> seen, String text, int start, int end) {
        if (seen.add(((long) start << 32) | end)) {
            out.add(new Span(Kind.PHONE, start, end, text.substring(start, end)));
        }
    }

    private static boolean hasDigitRun(String text) {
        int run = 0;
        for (int i = 0; i < text.length(); i++) {
            run = Character.isDigit(text.charAt(i)) ? run + 1 : (Character.isWhitespace(text.charAt(i))
                    || "-.()/\u2013\u00a0".indexOf(text.charAt(i)) >= 0 ? run : 0);
            if (run >= 7) {
                return true;
            }
        }
        return false;
    }

    /** A phone word in the 30 characters before a number. */
    private static boolean cueBefore(String text, int start) {
        return PHONE_CUE.matcher(text.substring(Math.max(0, start - 30), start)).find();
    }

    private void names(List<Span> out, String text) {
        Set<String> names = new LinkedHashSet<>(knownNames);
        Matcher m = STRONG_CUE.matcher(text);
        Pattern nameUc = NAME_UC_P;
        Pattern nameAny = NAME_ANY_P;
        while (m.find()) {
            Matcher n = nameUc.matcher(text).region(m.end(), text.length());
            if (!n.lookingAt()) {
                n = nameAny.matcher(text).region(m.end(), text.length());
                if (!n.lookingAt()) {
                    continue;
                }
            }
            String name = trimNotNames(n.group());
            if (!name.isEmpty()) {
                names.add(name);
            }
        }
        m = WEAK_CUE.matcher(text);
        while (m.find()) {
            Matcher n = nameUc.matcher(text).region(m.end(), text.length());
            boolean upper = n.lookingAt();
            if (!upper) {
                n = LC_P.matcher(text).region(m.end(), text.length());
                if (!n.lookingAt()) {
                    continue;
                }
            }
            String name = trimNotNames(n.group());
            boolean self = m.group().toLowerCase(Locale.ROOT).matches("(?s)i(?:['’]m|\\s+am)\\s+");
            if (name.isEmpty() || (!upper && !(self && endsClause(text, m.end() + name.length())))) {
                continue;
            }
            names.add(name);
        }
        // a title names the person there; the same word elsewhere may be a word ("Prof. Code" and "the Code")
        Matcher title = TITLE.matcher(text);
        while (title.find()) {
            if (title.start() == 0 || text.charAt(title.start() - 1) != ' ' || title.start() < 2
                    || text.charAt(title.start() - 2) != '&') {
                out.add(new Span(Kind.NAME, title.start(1), title.end(1), title.group(1)));
            }
        }
        for (Pattern p : List.of(SIGN_OFF, DASH_SIGN, HAN_NAME)) {
            Matcher t = p.matcher(text);
            while (t.find()) {
                String name = trimNotNames(t.group(1));
                if (!name.isEmpty()) {
                    names.add(name);
                }
            }
        }
        // each name found, wherever it occurs (whole words, any case)
        for (String n : names) {
            boolean han = n.codePoints().allMatch(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN);
            String edge = han ? "" : "(?<![\\p{L}\\p{M}\\p{N}])";
            String tail = han ? "" : "(?![\\p{L}\\p{M}\\p{N}])";
            add(out, text, Pattern.compile("(?iu)" + edge + Pattern.quote(n) + tail), 0, Kind.NAME);
        }
    }

    /** A lower-case word after a weak cue counts as a name only when the clause ends there ("i'm aisha btw" is not). */
    private static boolean endsClause(String text, int end) {
        String rest = text.substring(end).stripLeading();
        return rest.isEmpty() || ",.;!?".indexOf(rest.charAt(0)) >= 0
                || rest.toLowerCase(Locale.ROOT).matches("(?s)(?:btw|here|again|and|from|,)\\b.*");
    }

    /** Drops words that are not names from the start, and stops at the first one after it. */
    private static String trimNotNames(String candidate) {
        String[] words = candidate.strip().split("\\s+");
        StringBuilder sb = new StringBuilder();
        for (String w : words) {
            if (NOT_NAMES.contains(w.toLowerCase(Locale.ROOT)) && !w.matches(PARTICLE)) {
                break;
            }
            if (sb.length() > 0) {
                sb.append(' ');
            }
            sb.append(w);
        }
        String s = sb.toString();
        // a trailing particle is not part of the name
        return s.replaceAll("(?u)\\s+" + PARTICLE + "$", "");
    }

    private static void add(List<Span> out, String text, Pattern p, int group, Kind kind) {
        Matcher m = p.matcher(text);
        while (m.find()) {
            if (m.group(group) == null || m.group(group).isEmpty()) {
                continue;
            }
            out.add(new Span(kind, m.start(group), m.end(group), m.group(group)));
        }
    }
}
