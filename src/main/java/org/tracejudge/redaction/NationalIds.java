package org.tracejudge.redaction;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * National ids with no kind of their own, each checked by its rule ({@link IdChecks}): French NIR (spaced, plain, key
 * after a dash, Corsica), Spanish DNI and NIE, Irish PPS, Australian TFN, Italian codice fiscale, Dutch BSN and Indian
 * PAN (a person's, or any holder type after a cue). A number whose check passes by chance is common for the short ones, so the TFN and BSN need a cue word before
 * them or their usual grouping, and a PPS or DNI in lower case needs a cue; the others stand on their check.
 */
final class NationalIds {
    private NationalIds() {}

    private static final String L = "(?<![\\p{L}\\p{N}])";
    private static final String R = "(?![\\p{L}\\p{N}])";

    private static final Pattern NIR = Pattern.compile(L + "([12])[ .]?(\\d{2})[ .]?(\\d{2})[ .]?(\\d{2}|2[ABab])[ .]?"
            + "(\\d{3})[ .]?(\\d{3})(?:[ .]?|\\s?[-–]\\s?)(\\d{2})" + R);
    private static final Pattern DNI =
            Pattern.compile(L + "(\\d{8}|\\d{2}\\.\\d{3}\\.\\d{3}|[XYZxyz][ -]?\\d{7})[ -]?([A-Za-z])" + R);
    private static final Pattern PPS = Pattern.compile(L + "(\\d{7})[ ]?([A-Wa-w])([ABHWTXZabhwtxz])?" + R);
    private static final Pattern NINE = Pattern.compile(L + "(\\d{3})([ .-]?)(\\d{3})\\2(\\d{3})" + R);
    private static final Pattern BSN_GROUPED = Pattern.compile(L + "(\\d{4})([ .])(\\d{2})\\2(\\d{3})" + R);
    private static final Pattern CF = Pattern.compile(
            L + "([A-Za-z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRSTabcdehlmprst][0-9LMNPQRSTUV]{2}[A-Za-z][0-9LMNPQRSTUV]{3}"
                    + "[A-Za-z])" + R);
    private static final Pattern PAN = Pattern.compile(L + "([A-Z]{3}[PCHABGJLFT][A-Z]\\d{4}[A-Z])" + R);

    static void find(Scan h) {
        String t = h.text;
        boolean digits = false;
        for (int i = 0; i < t.length() && !digits; i++) {
            digits = Character.isDigit(t.charAt(i));
        }
        if (!digits) {
            return;
        }
        nir(h);
        dni(h);
        pps(h);
        nine(h);
        cf(h);
        pan(h);
    }

    private static void nir(Scan h) {
        Matcher m = NIR.matcher(h.text);
        while (m.find()) {
            StringBuilder sb = new StringBuilder();
            for (int g = 1; g <= 7; g++) {
                sb.append(m.group(g));
            }
            if (IdChecks.nir(sb.toString())) {
                h.add(Redactor.Kind.NATIONAL_ID, m.start(), m.end(), "French NIR (social security number), key valid");
            }
        }
    }

    private static void dni(Scan h) {
        Matcher m = DNI.matcher(h.text);
        while (m.find()) {
            String v = m.group(1).replaceAll("[ .-]", "") + m.group(2);
            boolean upper = Character.isUpperCase(m.group(2).charAt(0));
            boolean cue = h.cueBefore(m.start(), 40, "dni", "nie", "nif", "documento", "identidad", "id card");
            if (IdChecks.dni(v) && (upper || cue)) {
                h.add(Redactor.Kind.NATIONAL_ID, m.start(), m.end(), "Spanish DNI/NIE, letter valid");
            }
        }
    }

    private static void pps(Scan h) {
        Matcher m = PPS.matcher(h.text);
        while (m.find()) {
            String v = m.group(1) + m.group(2) + (m.group(3) == null ? "" : m.group(3));
            boolean upper = Character.isUpperCase(m.group(2).charAt(0));
            boolean spaced = h.text.charAt(m.end(1)) == ' ';
            boolean cue = h.cueBefore(m.start(), 50, "pps", "personal public service", "public service number");
            if (IdChecks.pps(v) && (cue || (upper && !spaced))) {
                h.add(Redactor.Kind.NATIONAL_ID, m.start(), m.end(), "Irish PPS number, check letter valid");
            }
        }
    }

    /** Nine digits: an Australian TFN or a Dutch BSN, each with its cue or grouping. */
    private static void nine(Scan h) {
        Matcher m = NINE.matcher(h.text);
        while (m.find()) {
            String d = m.group(1) + m.group(3) + m.group(4);
            boolean grouped = !m.group(2).isEmpty();
            if (IdChecks.tfn(d)
                    && ((grouped && !m.group(2).equals("."))
                            || h.cueBefore(m.start(), 40, "tfn", "tax file", "taxfile", "tax_file"))) {
                h.add(Redactor.Kind.NATIONAL_ID, m.start(), m.end(), "Australian tax file number, check valid");
            } else if (IdChecks.bsn(d) && bsnCue(h, m.start())) {
                h.add(Redactor.Kind.NATIONAL_ID, m.start(), m.end(), "Dutch BSN, 11-proof valid");
            }
        }
        m = BSN_GROUPED.matcher(h.text);
        while (m.find()) {
            String d = m.group(1) + m.group(3) + m.group(4);
            if (IdChecks.bsn(d) && (m.group(2).equals(".") || bsnCue(h, m.start()))) {
                h.add(Redactor.Kind.NATIONAL_ID, m.start(), m.end(), "Dutch BSN, 11-proof valid");
            }
        }
    }

    private static boolean bsnCue(Scan h, int at) {
        return h.cueBefore(at, 40, "bsn", "burgerservicenummer", "sofinummer", "sofi-nummer", "citizen service");
    }

    private static void cf(Scan h) {
        Matcher m = CF.matcher(h.text);
        while (m.find()) {
            if (IdChecks.codiceFiscale(m.group(1))) {
                h.add(Redactor.Kind.NATIONAL_ID, m.start(), m.end(), "Italian codice fiscale, check letter valid");
            }
        }
    }

    private static void pan(Scan h) {
        Matcher m = PAN.matcher(h.text);
        while (m.find()) {
            // a person's PAN has P in the fourth place; the other holder types (companies, firms, trusts) only after a
            // cue, since ten letters and digits of this shape are also batch and booking codes
            boolean person = m.group(1).charAt(3) == 'P';
            if (person || h.cueBefore(m.start(), 40, "pan", "permanent account", "income tax")) {
                h.add(Redactor.Kind.NATIONAL_ID, m.start(), m.end(), "Indian PAN (holder type in the fourth letter)");
            }
        }
    }
}
