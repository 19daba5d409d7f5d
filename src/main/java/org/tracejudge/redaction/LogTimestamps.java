package org.tracejudge.redaction;

import java.util.regex.Pattern;

/**
 * An ISO 8601 date with its hour ("2024-05-14 10:03:55,401" in a log line) is a time stamp, not a phone: a phone
 * span that is a valid year-month-day, optionally with the hour that the next ":" continues, is dropped; so is a
 * card span that is a compact stamp, year to second ("20240514100211", which may pass Luhn). A phone span inside a whole
 * ISO 8601 date and time is dropped as well: the seconds' fraction and the offset of "2025-04-07T11:00:30.692046-05:00"
 * read like a phone number; so is a phone span that opens with a date and white space (a table's date column and the
 * number in the next column).
 */
final class LogTimestamps {
    private LogTimestamps() {}

    private static final Pattern DATE =
            Pattern.compile("(?:19|20)\\d\\d-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])(?:[ T]([01]\\d|2[0-3]))?");

    private static final Pattern COMPACT = Pattern.compile(
            "(?:19|20)\\d\\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\\d|3[01])(?:[01]\\d|2[0-3])[0-5]\\d[0-5]\\d");

    private static final Pattern DATE_TIME = Pattern.compile(
            "(?<!\\d)(?:19|20)\\d\\d-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])"
                    + "[T ](?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d(?:[.,]\\d{1,9})?)?(?:Z|[+-](?:[01]\\d|2[0-3]):?[0-5]\\d)?");

    static void keep(Scan h) {
        String t = h.text;
        java.util.List<int[]> stamps = new java.util.ArrayList<>();
        for (java.util.regex.Matcher m = DATE_TIME.matcher(t); m.find(); ) {
            stamps.add(new int[] {m.start(), m.end()});
        }
        if (!stamps.isEmpty()) {
            h.spans.removeIf(s -> s.kind() == Redactor.Kind.PHONE
                    && stamps.stream().anyMatch(r -> r[0] <= s.start() && s.end() <= r[1]));
        }
        h.spans.removeIf(s ->
                s.kind() == Redactor.Kind.CARD && COMPACT.matcher(s.original()).matches());
        h.spans.removeIf(s -> {
            if (s.kind() != Redactor.Kind.PHONE) {
                return false;
            }
            java.util.regex.Matcher d = DATE.matcher(s.original());
            if (d.lookingAt()
                    && d.group(1) == null
                    && d.end() < s.original().length()
                    && Character.isWhitespace(s.original().charAt(d.end()))) {
                return true; // "2025-04-15    23 days ago": a date, then a table's next column
            }
            java.util.regex.Matcher m = DATE.matcher(s.original().replaceFirst("^[\\[(]", ""));
            if (!m.matches()) {
                return false;
            }
            return m.group(1) == null || (s.end() < t.length() && t.charAt(s.end()) == ':');
        });
    }
}
