package org.tracejudge.redaction;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Identifiers with a fixed shape, each checked by its rule ({@link Checksums}): IBAN, payment card, US SSN, UK NHS
 * and NI numbers, German Steuer-ID, Aadhaar, and IPv4/IPv6 addresses (parsed, not just shaped). A shape that fails
 * its check is left, unless a cue word names the kind right before it ("nhs no", "ssn", "aadhaar") or the
 * redactor is strict.
 */
final class Identifiers {
    private Identifiers() {}

    private static final Pattern IBAN_START = Pattern.compile("(?i)(?<![\\p{L}\\p{N}])[a-z]{2}\\d{2}[ \\-]?[a-z0-9]");
    private static final Pattern DIGIT_RUN =
            Pattern.compile("(?<![\\p{L}\\p{N}.,/:])\\d(?:[ \\-.]?\\d){8,18}(?![\\p{N}]|[.,/:]\\d)");
    private static final Pattern NI = Pattern.compile(
            "(?i)(?<![\\p{L}\\p{N}])([a-z]{2})[ \\-]?(\\d{2})[ \\-]?(\\d{2})[ \\-]?(\\d{2})[ \\-]?([a-d])(?![\\p{L}\\p{N}])");
    private static final Pattern IPV4 =
            Pattern.compile("(?<![\\p{L}\\p{N}.])(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})(?![\\p{N}]|\\.\\d)");
    private static final Pattern IPV6 =
            Pattern.compile("(?i)(?<![\\p{L}\\p{N}:])[0-9a-f:]*:[0-9a-f:.]*[0-9a-f](?:%\\w+)?");

    /** Public resolvers everybody types: not a person's address. */
    private static final java.util.Set<String> PUBLIC_IPS = java.util.Set.of(
            "1.1.1.1",
            "1.0.0.1",
            "8.8.8.8",
            "8.8.4.4",
            "9.9.9.9",
            "149.112.112.112",
            "208.67.222.222",
            "208.67.220.220");

    static void find(Scan h) {
        ibans(h);
        digitRuns(h);
        ni(h);
        ips(h);
    }

    private static void ibans(Scan h) {
        Matcher m = IBAN_START.matcher(h.text);
        while (m.find()) {
            String text = h.text;
            // letters and digits from the start, single spaces or dashes between them, up to 34 of them
            StringBuilder sb = new StringBuilder();
            int i = m.start();
            int lastEnd = i;
            Integer want = Checksums.IBAN_LENGTH.get(text.substring(i, i + 2).toUpperCase(java.util.Locale.ROOT));
            if (want == null) {
                continue;
            }
            while (i < text.length() && sb.length() < want) {
                char c = text.charAt(i);
                if (Character.isLetterOrDigit(c) && c < 128) {
                    sb.append(c);
                    lastEnd = i + 1;
                    i++;
                } else if ((c == ' ' || c == '-' || c == '\u00a0')
                        && i + 1 < text.length()
                        && Character.isLetterOrDigit(text.charAt(i + 1))) {
                    i++;
                } else {
                    break;
                }
            }
            if (sb.length() == want && Checksums.iban(sb.toString())) {
                h.add(Redactor.Kind.IBAN, m.start(), lastEnd);
            } else if (sb.length() >= 15 && h.cueBefore(m.start(), 25, "iban")) {
                h.add(Redactor.Kind.IBAN, m.start(), lastEnd); // a mistyped IBAN named as one
            }
        }
    }

    /**
     * Whether the digit groups around [s, e) go on, space-separated, past 19 digits, the most a card number has
     * (ISO/IEC 7812): sixteen digits of a 22-digit parcel tracking number pass Luhn one time in ten.
     */
    private static boolean continuesPastNineteen(String t, int s, int e, int n) {
        int total = n;
        for (int i = e; i + 1 < t.length() && t.charAt(i) == ' ' && Character.isDigit(t.charAt(i + 1)); ) {
            i++;
            while (i < t.length() && Character.isDigit(t.charAt(i))) {
                total++;
                i++;
            }
        }
        for (int i = s; i >= 2 && t.charAt(i - 1) == ' ' && Character.isDigit(t.charAt(i - 2)); ) {
            i--;
            while (i > 0 && Character.isDigit(t.charAt(i - 1))) {
                total++;
                i--;
            }
        }
        return total > 19;
    }

    private static void digitRuns(Scan h) {
        Matcher m = DIGIT_RUN.matcher(h.text);
        while (m.find()) {
            String raw = m.group();
            String d = Checksums.digits(raw);
            int s = m.start();
            int e = m.end();
            boolean dots = raw.indexOf('.') >= 0;
            if (!dots
                    && Checksums.luhn(d)
                    && (d.length() != 13 || d.charAt(0) == '4')
                    && !continuesPastNineteen(h.text, s, e, d.length())) {
                // only Visa issued 13-digit cards (ISO/IEC 7812 issuer ranges): "1719846000000" is a time in ms
                h.add(Redactor.Kind.CARD, s, e);
                continue;
            }
            if (d.length() == 9 && !dots) {
                boolean cue = h.cueBefore(s, 40, "ssn", "social security", "social sec", "soc sec", "ss#", "ss #");
                boolean dashed = raw.matches("\\d{3}-\\d{2}-\\d{4}");
                boolean spaced = raw.matches("\\d{3} \\d{2} \\d{4}");
                if ((Checksums.ssn(d) && (dashed || ((spaced || h.strict) && cue) || cue)) || (cue && h.strict)) {
                    h.add(Redactor.Kind.SSN, s, e);
                    continue;
                }
            }
            if (d.length() == 10 && !dots) {
                boolean cue = h.cueBefore(s, 40, "nhs", "health service", "chi ", "patient number", "hospital number");
                boolean shaped = raw.matches("\\d{3}[ \\-]\\d{3}[ \\-]\\d{4}");
                if ((Checksums.nhs(d) && (shaped || cue || h.strict)) || (cue && !Checksums.round(d))) {
                    h.add(Redactor.Kind.NHS, s, e);
                    continue;
                }
            }
            if (d.length() == 11 && !dots) {
                boolean cue = h.cueBefore(
                        s,
                        50,
                        "steuer",
                        "tax id",
                        "tax-id",
                        "taxid",
                        "tin",
                        "identifikationsnummer",
                        "idnr",
                        "id-nr",
                        "st-id",
                        "tax number",
                        "tax no");
                // a reference, claim or case number passes the check one time in ten: named so, it is not a Steuer-ID
                boolean reference = !cue
                        && h.cueBefore(
                                s,
                                30,
                                "ref",
                                "claim",
                                "case",
                                "order",
                                "booking",
                                "ticket",
                                "application",
                                "invoice",
                                "policy",
                                "tracking",
                                "dossier",
                                "expediente",
                                "aktenzeichen",
                                "roll",
                                "account",
                                "membership",
                                "customer",
                                "kundennummer",
                                "vorgang");
                if ((Checksums.steuerId(d) && !reference && (cue || h.strict || !looksLikePhone(raw)))
                        || (cue && !Checksums.round(d))) {
                    h.add(Redactor.Kind.TAX_ID, s, e);
                    continue;
                }
            }
            if (d.length() == 12 && !dots) {
                boolean cue = h.cueBefore(s, 40, "aadhaar", "aadhar", "adhaar", "uidai", "uid");
                if ((Checksums.aadhaar(d)
                                && (cue
                                        || h.strict
                                        || raw.matches("\\d{4}[ \\-]\\d{4}[ \\-]\\d{4}")
                                        || !looksLikePhone(raw)))
                        || (cue && !Checksums.round(d))) {
                    h.add(Redactor.Kind.AADHAAR, s, e);
                }
            }
        }
    }

    /** A number written as phones are (a leading 0 or +, or groups of 3–5). */
    private static boolean looksLikePhone(String raw) {
        return raw.startsWith("0") || raw.startsWith("+");
    }

    private static void ni(Scan h) {
        Matcher m = NI.matcher(h.text);
        while (m.find()) {
            String v = m.group(1) + m.group(2) + m.group(3) + m.group(4) + m.group(5);
            boolean cue = h.cueBefore(
                    m.start(), 40, "ni ", "n.i", "nino", "national insurance", "insurance no", "ni:", "ni#");
            if (Checksums.ni(v) || cue || h.strict) {
                h.add(Redactor.Kind.NI, m.start(), m.end());
            }
        }
    }

    private static void ips(Scan h) {
        Matcher m = IPV4.matcher(h.text);
        while (m.find()) {
            boolean ok = true;
            for (int g = 1; g <= 4; g++) {
                String part = m.group(g);
                if (Integer.parseInt(part) > 255 || (part.length() > 1 && part.startsWith("0"))) {
                    ok = false;
                }
            }
            // "version 1.2.3.4" is a version
            boolean publicDns = PUBLIC_IPS.contains(m.group());
            if (ok && !publicDns && !h.cueBefore(m.start(), 12, "version", "ver ", " v", "build", "release")) {
                h.add(Redactor.Kind.IP, m.start(), m.end());
            }
        }
        if (h.text.indexOf(':') < 0) {
            return;
        }
        m = IPV6.matcher(h.text);
        while (m.find()) {
            String c = m.group();
            int pct = c.indexOf('%');
            if (ipv6(pct < 0 ? c : c.substring(0, pct))) {
                h.add(Redactor.Kind.IP, m.start(), m.end());
            }
        }
    }

    /** An IPv6 address in any of RFC 4291's text forms (at most one "::", groups of 1–4 hex digits, IPv4 tail). */
    static boolean ipv6(String s) {
        if (s.length() < 2 || s.chars().filter(c -> c == ':').count() < 2) {
            return false;
        }
        int dbl = s.indexOf("::");
        if (dbl >= 0 && s.indexOf("::", dbl + 1) >= 0) {
            return false;
        }
        String head = dbl >= 0 ? s.substring(0, dbl) : s;
        String tail = dbl >= 0 ? s.substring(dbl + 2) : "";
        int groups = 0;
        for (String part : new String[] {head, tail}) {
            if (part.isEmpty()) {
                continue;
            }
            String[] gs = part.split(":", -1);
            for (int i = 0; i < gs.length; i++) {
                String g = gs[i];
                if (i == gs.length - 1 && g.contains(".") && part == (tail.isEmpty() ? head : tail)) {
                    if (!g.matches("\\d{1,3}(?:\\.\\d{1,3}){3}")) {
                        return false;
                    }
                    groups += 2;
                    continue;
                }
                if (!g.matches("[0-9a-fA-F]{1,4}")) {
                    return false;
                }
                groups++;
            }
        }
        boolean hexLetterOrDouble =
                dbl >= 0 || s.chars().anyMatch(c -> (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'));
        return ((dbl >= 0 ? groups <= 7 : groups == 8) && hexLetterOrDouble) || (dbl < 0 && groups == 8);
    }
}
