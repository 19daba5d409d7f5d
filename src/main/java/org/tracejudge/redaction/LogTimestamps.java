package org.tracejudge.redaction;

import java.util.regex.Pattern;

/**
 * An ISO 8601 date with its hour ("2024-05-14 10:03:55,401" in a log line) is a time stamp, not a phone: a phone
 * span that is a valid year-month-day, optionally with the hour that the next ":" continues, is dropped; so is a
 * card span that is a compact stamp, year to second ("20240514100211", which may pass Luhn).
 */
final class LogTimestamps {
    private LogTimestamps() {}

    private static final Pattern DATE =
            Pattern.compile("(?:19|20)\\d\\d-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])(?:[ T]([01]\\d|2[0-3]))?");

    private static final Pattern COMPACT = Pattern.compile(
            "(?:19|20)\\d\\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\\d|3[01])(?:[01]\\d|2[0-3])[0-5]\\d[0-5]\\d");

    static void keep(Hits h) {
        String t = h.text;
        h.spans.removeIf(s ->
                s.kind() == Redactor.Kind.CARD && COMPACT.matcher(s.original()).matches());
        h.spans.removeIf(s -> {
            if (s.kind() != Redactor.Kind.PHONE) {
                return false;
            }
            java.util.regex.Matcher m = DATE.matcher(s.original().replaceFirst("^[\\[(]", ""));
            if (!m.matches()) {
                return false;
            }
            return m.group(1) == null || (s.end() < t.length() && t.charAt(s.end()) == ':');
        });
    }
}
