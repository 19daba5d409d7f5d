package org.tracejudge.redaction;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Removes personal details from text before it goes to a remote judge: e-mail addresses, phone numbers, people's
 * names, street addresses and dates of birth, each replaced by a bracketed placeholder ({@code [EMAIL]},
 * {@code [PHONE]}, {@code [NAME]}, {@code [ADDRESS]}, {@code [DOB]}). Pattern-based and deliberately eager: a
 * spurious redaction costs the judge a word, a missed one sends a person's details away. Names are found by
 * cue ("my name is", "I'm", titles such as "Dr", sign-offs) and from a list of names the project supplies.
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

    private static final Pattern EMAIL = Pattern.compile("[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}");
    /** +country, area codes in brackets, groups joined by spaces, dots or dashes; 9 to 15 digits in all. */
    private static final Pattern PHONE = Pattern.compile(
            "(?<![\\w.])(?:\\+\\d{1,3}[\\s.-]?)?(?:\\(\\d{1,5}\\)[\\s.-]?)?\\d{2,5}(?:[\\s.-]\\d{2,5}){1,4}(?![\\w.])"
                    + "|(?<![\\w.])\\+?\\d{9,15}(?![\\w.])");
    private static final String MONTH = "(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?"
            + "|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)";
    private static final String DATE = "(?:\\d{1,2}[./-]\\d{1,2}[./-](?:\\d{4}|\\d{2})|\\d{4}-\\d{2}-\\d{2}"
            + "|\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?" + MONTH + ",?\\s+\\d{4}|" + MONTH + "\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4})";
    private static final Pattern DOB = Pattern.compile("(?i)(?:\\bborn(?:\\s+on)?|\\bd\\.?o\\.?b\\.?|date\\s+of\\s+birth|birthday(?:\\s+is)?)"
            + "\\s*(?:is|was|:)?\\s*(" + DATE + ")");
    private static final String STREET = "(?:Street|St|Road|Rd|Avenue|Ave|Lane|Ln|Drive|Dr|Boulevard|Blvd|Way|Court|Ct"
            + "|Place|Pl|Terrace|Close|Crescent|Square|Sq|Parkway|Highway|Hwy|Row|Gardens|Hill)";
    private static final Pattern ADDRESS = Pattern.compile("\\b\\d{1,5}[A-Za-z]?,?\\s+(?:[A-Z][a-z]+\\s+){1,3}" + STREET
            + "\\b\\.?(?:,?\\s+(?:Apt|Flat|Unit|Suite)\\.?\\s*\\w+)?(?:,\\s*[A-Z][a-z]+(?:\\s+[A-Z][a-z]+)?)?"
            + "(?:,?\\s+[A-Z]{1,2}\\d[A-Z\\d]?\\s*\\d[A-Z]{2}|,?\\s+\\d{5}(?:-\\d{4})?)?");
    private static final String CAP = "[A-Z][a-z]+(?:[-'][A-Z][a-z]+)?";
    private static final Pattern NAME_CUE = Pattern.compile("(?:\\b(?:[Mm]y name is|[Nn]ame:|[Tt]his is|[Ii]t's|[Ii] am|I'm|[Cc]all me|"
            + "[Ss]igned,?|[Rr]egards,|[Tt]hanks,|[Cc]heers,)\\s+)(" + CAP + "(?:\\s+" + CAP + ")?)");
    private static final Pattern TITLE = Pattern.compile("\\b(?:Mr|Mrs|Ms|Miss|Dr|Prof)\\.?\\s+(" + CAP + "(?:\\s+" + CAP + ")?)");
    /** Capitalised words after a cue that are not names ("I'm Sorry", "This is Urgent"). */
    private static final Set<String> NOT_NAMES = Set.of("sorry", "not", "so", "just", "really", "very", "fine", "okay",
            "ok", "here", "there", "the", "a", "an", "urgent", "important", "afraid", "scared", "tired", "sure", "still",
            "going", "trying", "feeling", "done", "back", "new", "having", "writing", "calling", "worried", "safe");

    private final List<String> knownNames;

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
        add(found, text, EMAIL, 0, Kind.EMAIL);
        add(found, text, DOB, 1, Kind.DOB);
        add(found, text, ADDRESS, 0, Kind.ADDRESS);
        add(found, text, PHONE, 0, Kind.PHONE);
        Matcher m = NAME_CUE.matcher(text);
        while (m.find()) {
            String first = m.group(1).split("\\s+")[0].toLowerCase(Locale.ROOT);
            if (!NOT_NAMES.contains(first)) {
                found.add(new Span(Kind.NAME, m.start(1), m.end(1), m.group(1)));
            }
        }
        add(found, text, TITLE, 1, Kind.NAME);
        for (String n : knownNames) {
            add(found, text, Pattern.compile("(?i)(?<!\\w)" + Pattern.quote(n) + "(?!\\w)"), 0, Kind.NAME);
        }
        // earlier start wins; at the same start the longer span; overlaps are dropped
        found.sort(Comparator.comparingInt(Span::start).thenComparing(Comparator.comparingInt(Span::end).reversed()));
        List<Span> kept = new ArrayList<>();
        int end = -1;
        for (Span s : found) {
            if (s.start() >= end) {
                kept.add(s);
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

    private static void add(List<Span> out, String text, Pattern p, int group, Kind kind) {
        Matcher m = p.matcher(text);
        while (m.find()) {
            if (kind == Kind.PHONE && m.group().replaceAll("\\D", "").length() < 9) {
                continue;
            }
            out.add(new Span(kind, m.start(group), m.end(group), m.group(group)));
        }
    }
}
