package org.tracejudge.rules;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds dates and identifiers in normalised text. Dates normalise to {@code yyyy-mm-dd} (or {@code yyyy-mm} when
 * no day is written); identifiers (CVE/CWE/GHSA ids, ATT&CK technique ids, IPs, hashes, docket numbers, case
 * citations, U.S.C. sections, letter-prefixed record ids like {@code DL-86515}, short hex hashes, cashtags) normalise to their lower-case text.
 */
final class ValueExtractor {
    private ValueExtractor() {}

    record Value(int start, int end, String kind, String norm) {}

    private static final String MONTHS = "jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
            + "|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?";

    private static final Pattern P =
            Pattern.compile("(?<iso>\\b(?<isoY>\\d{4})-(?<isoM>\\d{2})-(?<isoD>\\d{2})(?:t[0-9:.]+z?)?)"
                    + "|(?<us>\\b(?<usM>\\d{1,2})/(?<usD>\\d{1,2})/(?<usY>\\d{4})\\b)"
                    + "|(?<mdy>\\b(?<mdyM>" + MONTHS + ")\\.? (?<mdyD>\\d{1,2})(?:st|nd|rd|th)?,? (?<mdyY>\\d{4})\\b)"
                    + "|(?<dmy>\\b(?<dmyD>\\d{1,2}) (?<dmyM>" + MONTHS + ")\\.?,? (?<dmyY>\\d{4})\\b)"
                    + "|(?<my>\\b(?<myM>" + MONTHS + ")\\.?,? (?<myY>\\d{4})\\b)"
                    + "|(?<ymd>\\b(?<ymY>\\d{4})-(?<ymM>\\d{2})\\b(?!-))"
                    + "|(?<id>\\b(?:cve-\\d{4}-\\d{4,7}|cwe-\\d{1,5}|ghsa(?:-[a-z0-9]{4}){3}|t\\d{4}(?:\\.\\d{3})?"
                    + "|\\d{1,3}(?:\\.\\d{1,3}){3}|[0-9a-f]{32,64}|(?:\\d{1,2}:)?\\d{2}-(?:cv|cr|md|mc)-\\d{2,6}"
                    + "|\\d{1,4} (?:u\\.s\\.|f\\.(?: ?\\d?d)?|f\\. ?supp\\.?(?: ?\\dd)?|s\\. ?ct\\.|l\\. ?ed\\.(?: ?\\dd)?) \\d{1,5}"
                    + "|\\d{1,3} u\\.s\\.c\\.? section \\d+[a-z]?"
                    + "|[a-z]{1,4}-\\d{4,}(?:-[a-z0-9]+)*|(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\\d)[0-9a-f]{8,31})\\b)"
                    + "|(?<dkt>\\b(?:no\\.|docket(?: no\\.)?) ?(?<dktN>\\d{2}-\\d{1,6})\\b)"
                    + "|(?<cash>\\$[a-z]{1,5}\\b)");

    static List<Value> scan(String t) {
        List<Value> out = new ArrayList<>();
        if (!maybe(t)) {
            return out;
        }
        Matcher m = P.matcher(t);
        m.useTransparentBounds(true).useAnchoringBounds(false);
        int n = t.length();
        int i = 0;
        while (i < n) {
            char c = t.charAt(i);
            boolean tokenStart =
                    TextNormalizer.isWordChar(c) && (i == 0 || !TextNormalizer.isWordChar(t.charAt(i - 1)));
            if (c != '$' && !tokenStart) {
                i++;
                continue;
            }
            int e = i + 1;
            while (e < n && TextNormalizer.isWordChar(t.charAt(e))) {
                e++;
            }
            // only tokens that can start a date or an identifier are tried (the regex is slow on plain words)
            if (!(c == '$'
                    || hasDigit(t, i, e)
                    || (e < n && t.charAt(e) == '-')
                    || month(t, i, e)
                    || t.startsWith("no.", i)
                    || t.startsWith("docket", i))) {
                i = e;
                continue;
            }
            m.region(i, n);
            if (!m.lookingAt()) {
                i = c == '$' ? i + 1 : e;
                continue;
            }
            i = Math.max(m.end(), i + 1);
            if (m.group("iso") != null) {
                add(out, m, "date", date(m.group("isoY"), m.group("isoM"), m.group("isoD")));
            } else if (m.group("us") != null) {
                add(out, m, "date", date(m.group("usY"), m.group("usM"), m.group("usD")));
            } else if (m.group("mdy") != null) {
                add(out, m, "date", date(m.group("mdyY"), month(m.group("mdyM")), m.group("mdyD")));
            } else if (m.group("dmy") != null) {
                add(out, m, "date", date(m.group("dmyY"), month(m.group("dmyM")), m.group("dmyD")));
            } else if (m.group("my") != null) {
                add(out, m, "date", date(m.group("myY"), month(m.group("myM")), null));
            } else if (m.group("ymd") != null) {
                add(out, m, "date", date(m.group("ymY"), m.group("ymM"), null));
            } else if (m.group("id") != null) {
                out.add(new Value(m.start(), m.end(), "identifier", m.group("id")));
            } else if (m.group("dkt") != null) {
                out.add(new Value(m.start(), m.end(), "identifier", m.group("dktN")));
            } else if (m.group("cash") != null) {
                out.add(new Value(
                        m.start(), m.end(), "identifier", m.group("cash").substring(1)));
            }
        }
        return out;
    }

    private static boolean hasDigit(String t, int from, int to) {
        for (int k = from; k < to; k++) {
            char c = t.charAt(k);
            if (c >= '0' && c <= '9') {
                return true;
            }
        }
        return false;
    }

    private static final java.util.Set<String> MONTH_PREFIXES =
            java.util.Set.of("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec");

    private static final int[] MONTH_KEYS = MONTH_PREFIXES.stream()
            .mapToInt(m -> (m.charAt(0) << 16) | (m.charAt(1) << 8) | m.charAt(2))
            .toArray();

    private static boolean month(String t, int from, int to) {
        if (to - from < 3 || to - from > 9) {
            return false;
        }
        char a = t.charAt(from);
        char b = t.charAt(from + 1);
        char c = t.charAt(from + 2);
        if (a > 0xFF || b > 0xFF || c > 0xFF) {
            return false;
        }
        int key = (a << 16) | (b << 8) | c;
        for (int k : MONTH_KEYS) {
            if (k == key) {
                return true;
            }
        }
        return false;
    }

    /** Cheap pre-check: every pattern needs a digit or a '$'. */
    private static boolean maybe(String t) {
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if ((c >= '0' && c <= '9') || c == '$') {
                return true;
            }
        }
        return false;
    }

    private static void add(List<Value> out, Matcher m, String kind, String norm) {
        if (norm != null) {
            out.add(new Value(m.start(), m.end(), kind, norm));
        }
    }

    private static String date(String y, String mo, String d) {
        if (mo == null) {
            return null;
        }
        int mi = Integer.parseInt(mo);
        if (mi < 1 || mi > 12) {
            return null;
        }
        String ym = y + "-" + (mi < 10 ? "0" : "") + mi;
        if (d == null) {
            return ym;
        }
        int di = Integer.parseInt(d);
        if (di < 1 || di > 31) {
            return null;
        }
        return ym + "-" + (di < 10 ? "0" : "") + di;
    }

    private static String month(String name) {
        String p = name.substring(0, 3);
        int i = List.of("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
                .indexOf(p);
        return i < 0 ? null : String.valueOf(i + 1);
    }

    /** Answer date {@code a} states reference date {@code r}: equal, or a month that contains the day. */
    static boolean dateMatches(String r, String a) {
        return r.equals(a) || (a.length() == 7 && r.startsWith(a)) || (r.length() == 7 && a.startsWith(r));
    }
}
