package org.tracejudge.redaction;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Holidays are not people: "Valentine's Day", "St Patrick's Day", "Martin Luther King Day", "Guy Fawkes Night",
 * "Boxing Day" and the other days of {@code holidays.txt} are found in the text, and a name found inside one is
 * dropped. The list's phrases match with or without their apostrophes and full stops ("valentines day", "St.
 * Patrick's"), "St" as "Saint", in any case and across any white space.
 */
final class Holidays {
    private Holidays() {}

    private static final Pattern DAYS = build(NameLists.HOLIDAYS);

    static Pattern build(java.util.Collection<String> phrases) {
        List<String> sorted = new ArrayList<>(phrases);
        sorted.sort(Comparator.comparingInt(String::length).reversed().thenComparing(Comparator.naturalOrder()));
        StringBuilder alt = new StringBuilder();
        for (String p : sorted) {
            if (alt.length() > 0) {
                alt.append('|');
            }
            alt.append(phrase(p));
        }
        return Pattern.compile("(?iu)(?<![\\p{L}\\p{N}])(?:" + alt + ")(?![\\p{L}\\p{N}])");
    }

    private static String phrase(String p) {
        StringBuilder sb = new StringBuilder();
        String[] words = p.strip().split("\\s+");
        for (int w = 0; w < words.length; w++) {
            if (w > 0) {
                sb.append("\\s+");
            }
            String word = words[w];
            if (word.equals("st")) {
                sb.append("(?:st\\.?|saint)");
                continue;
            }
            for (int i = 0; i < word.length(); i++) {
                char c = word.charAt(i);
                switch (c) {
                    case '\'', '’' -> sb.append("['’]?");
                    case '.' -> sb.append("\\.?");
                    case ',' -> sb.append(",?");
                    case '-' -> sb.append("[\\s-]?");
                    default -> sb.append(Pattern.quote(String.valueOf(c)));
                }
            }
        }
        return sb.toString();
    }

    /** Drops the names found inside a holiday's name, and a holiday's date taken for a birth date ("King's Birthday 10 June"). */
    static void keep(Scan h) {
        if (h.spans.stream().noneMatch(s -> s.kind() == Redactor.Kind.NAME || s.kind() == Redactor.Kind.DOB)) {
            return;
        }
        List<int[]> days = new ArrayList<>();
        Matcher m = DAYS.matcher(h.text);
        while (m.find()) {
            days.add(new int[] {m.start(), m.end()});
        }
        if (CALENDAR.matcher(h.text).find()) {
            for (Matcher g = NAMED_DAY.matcher(h.text); g.find(); ) {
                days.add(new int[] {g.start(), g.end()});
            }
        }
        if (days.isEmpty()) {
            return;
        }
        List<Redactor.Span> out = new ArrayList<>(h.spans.size());
        for (Redactor.Span s : h.spans) {
            if (s.kind() == Redactor.Kind.DOB && days.stream().anyMatch(d -> dateOf(h.text, d, s.start()))) {
                continue;
            }
            int[] day = s.kind() != Redactor.Kind.NAME
                    ? null
                    : days.stream()
                            .filter(d -> d[0] < s.end() && s.start() < d[1])
                            .findFirst()
                            .orElse(null);
            if (day == null) {
                out.add(s);
                continue;
            }
            // what the name reaches outside the day: nothing, a greeting ("Happy Valentine's Day"), or a name
            int a = s.start();
            int b = s.end();
            String head = h.text.substring(a, Math.max(a, day[0])).strip();
            String tail = h.text.substring(Math.min(b, day[1]), b).strip();
            if (!head.isEmpty() && !GREETINGS.contains(head.toLowerCase(java.util.Locale.ROOT)) && !ordinary(head)) {
                out.add(new Redactor.Span(Redactor.Kind.NAME, a, a + head.length(), head, s.why()));
            }
            if (!tail.isEmpty() && !GREETINGS.contains(tail.toLowerCase(java.util.Locale.ROOT)) && !ordinary(tail)) {
                int at = h.text.indexOf(tail, day[1]);
                out.add(new Redactor.Span(Redactor.Kind.NAME, at, at + tail.length(), tail, s.why()));
            }
        }
        h.spans.clear();
        h.spans.addAll(out);
    }

    /** Words a name reached past a holiday that are ordinary words and no given name ("Valentine's Day Sale"). */
    private static boolean ordinary(String part) {
        for (String w : part.toLowerCase(java.util.Locale.ROOT).split("[^\\p{L}'’-]+")) {
            if (!w.isEmpty() && (!Names.common(Names.key(w)) || Names.given(Names.key(w)))) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether a date at {@code at} is the day's own: right after it, or later on its line after a day named a birthday
     * ("Washington's Birthday: observed, 16 February 2026") with no word of someone's birth between.
     */
    private static boolean dateOf(String t, int[] day, int at) {
        if (day[1] > at) {
            return false;
        }
        if (at - day[1] <= 4) {
            return true;
        }
        String between = t.substring(day[1], at).toLowerCase(java.util.Locale.ROOT);
        return at - day[1] <= 40
                && between.indexOf('\n') < 0
                && t.substring(day[0], day[1])
                        .toLowerCase(java.util.Locale.ROOT)
                        .endsWith("birthday")
                && !BIRTH_WORD.matcher(between).find();
    }

    private static final Pattern BIRTH_WORD =
            Pattern.compile("born|birth|dob|d\\.o\\.b|\\bgeb|\\bné|naci|nasc|\\bnato|\\bnata");

    /**
     * A day named after someone in a calendar's or a venue's words: capitalised words and "Day", "Birthday",
     * "Jayanti" or "Night" ("Truman Day", "Ninoy Aquino Day"), or "Natalicio de …" (a birth anniversary); only when the
     * message speaks of holidays, calendars or opening hours, since "Day" is also a surname.
     */
    private static final Pattern NAMED_DAY =
            Pattern.compile("(?u)(?<![\\p{L}\\p{N}])(?:(?:\\p{Lu}[\\p{L}.'’-]*\\s+){1,3}"
                    + "(?:Day|Birthday|Jayanti|Night)|(?:Natalicio|Natalício|Aniversario|Aniversário)\\s+de\\s+"
                    + "\\p{Lu}[\\p{L}.]*(?:\\s+\\p{Lu}[\\p{L}.]*){0,2})(?![\\p{L}\\p{N}])");

    private static final Pattern CALENDAR =
            Pattern.compile("(?iu)(?<![\\p{L}])(?:holidays?|observed|closed|open|opening|"
                    + "deliver(?:y|ies)|timetable|schedule|calendar|localName|SUMMARY:|VEVENT|feriado|festivo|f[ée]ri[ée]|"
                    + "feiertag|feestdag|jour\\s+f[ée]ri[ée]|upcoming|falls\\s+on|off\\s+for|out\\s+of\\s+office|days?\\s+off"
                    + "|pto|payroll|pay\\s+date|annual\\s+leave|celebrat(?:e|ed|es|ing|ion)|commemorat(?:e|es|ed|ion)"
                    + "|observance|long\\s+weekend)(?![\\p{L}])");

    /** Words before a holiday that a name detector may take with it. */
    private static final java.util.Set<String> GREETINGS =
            java.util.Set.of("happy", "merry", "joyous", "blessed", "a happy", "a merry", "for", "on", "this", "last");
}
