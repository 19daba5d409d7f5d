package org.tracejudge.redaction;

import java.util.Locale;

/**
 * The check rules of the national ids {@link Checksums} does not cover, each from its issuer's published rule: French
 * NIR (INSEE: key = 97 − the first 13 digits mod 97, Corsica's 2A and 2B counted as 19 and 18), Spanish DNI and NIE
 * (Ministerio del Interior: letter {@code TRWAGMYFPDXBNJZSQVHLCKE} at the number mod 23, NIE X/Y/Z = 0/1/2), Irish PPS
 * (weights 8…2 on the digits, 9 on the second letter, mod 23, 0 = W), Australian TFN (ATO: weights 1 4 3 7 5 8 6 9 10,
 * sum mod 11 = 0), Italian codice fiscale (DM 23/12/1976: odd and even position tables, sum mod 26), Dutch BSN (the
 * 11-proof: weights 9…2 and −1) and the US ABA routing number (weights 3 7 1, mod 10). Each takes the id with its
 * separators removed.
 */
final class IdChecks {
    private IdChecks() {}

    /** A French NIR: sex 1/2, year, month 01–12 or 20–99, department (2A/2B), commune, order, mod-97 key. */
    static boolean nir(String s) {
        String u = s.toUpperCase(Locale.ROOT);
        if (!u.matches("[12]\\d{4}(?:\\d{2}|2[AB])\\d{8}")) {
            return false;
        }
        int month = Integer.parseInt(u.substring(3, 5));
        if (month == 0 || (month > 12 && month < 20)) {
            return false;
        }
        String dept = u.substring(5, 7);
        String n = dept.equals("2A") ? "19" : dept.equals("2B") ? "18" : dept;
        long body = Long.parseLong(u.substring(0, 5) + n + u.substring(7, 13));
        int key = Integer.parseInt(u.substring(13));
        return key >= 1 && key <= 97 && key == 97 - (int) (body % 97);
    }

    private static final String DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE";

    /** A Spanish DNI (8 digits and a letter) or NIE (X, Y or Z, 7 digits, a letter), the letter checked. */
    static boolean dni(String s) {
        String u = s.toUpperCase(Locale.ROOT);
        String digits;
        if (u.matches("\\d{8}[A-Z]")) {
            digits = u.substring(0, 8);
        } else if (u.matches("[XYZ]\\d{7}[A-Z]")) {
            digits = "XYZ".indexOf(u.charAt(0)) + u.substring(1, 8);
        } else {
            return false;
        }
        if (Checksums.round(digits)) {
            return false;
        }
        return DNI_LETTERS.charAt(Integer.parseInt(digits) % 23) == u.charAt(u.length() - 1);
    }

    /** An Irish PPS number: 7 digits, a check letter, and an optional second letter (A, B, H, W, T, X, Z). */
    static boolean pps(String s) {
        String u = s.toUpperCase(Locale.ROOT);
        if (!u.matches("\\d{7}[A-W][ABHWTXZ]?") || Checksums.round(u.substring(0, 7))) {
            return false;
        }
        int sum = 0;
        for (int i = 0; i < 7; i++) {
            sum += (u.charAt(i) - '0') * (8 - i);
        }
        if (u.length() == 9 && u.charAt(8) != 'W') {
            sum += 9 * (u.charAt(8) - 'A' + 1);
        }
        int r = sum % 23;
        return u.charAt(7) == (r == 0 ? 'W' : (char) ('A' + r - 1));
    }

    private static final int[] TFN_WEIGHTS = {1, 4, 3, 7, 5, 8, 6, 9, 10};

    /** An Australian tax file number of 9 digits. */
    static boolean tfn(String d) {
        if (d.length() != 9 || !d.chars().allMatch(Character::isDigit) || Checksums.round(d)) {
            return false;
        }
        int sum = 0;
        for (int i = 0; i < 9; i++) {
            sum += (d.charAt(i) - '0') * TFN_WEIGHTS[i];
        }
        return sum % 11 == 0;
    }

    private static final int[] CF_ODD = {
        1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23
    };

    /** An Italian codice fiscale of 16 characters, its last the check letter. */
    static boolean codiceFiscale(String s) {
        String u = s.toUpperCase(Locale.ROOT);
        if (!u.matches("[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]")) {
            return false;
        }
        int sum = 0;
        for (int i = 0; i < 15; i++) {
            char c = u.charAt(i);
            int v = Character.isDigit(c) ? c - '0' : c - 'A';
            // odd positions (1st, 3rd…) use the table; a digit there is looked up as the letter of the same index
            sum += i % 2 == 0 ? CF_ODD[v] : v;
        }
        return u.charAt(15) == (char) ('A' + sum % 26);
    }

    /** A Dutch BSN: 9 digits passing the 11-proof. */
    static boolean bsn(String d) {
        if (d.length() != 9 || !d.chars().allMatch(Character::isDigit) || Checksums.round(d) || d.charAt(0) == '0') {
            return false;
        }
        int sum = 0;
        for (int i = 0; i < 8; i++) {
            sum += (d.charAt(i) - '0') * (9 - i);
        }
        sum -= d.charAt(8) - '0';
        return sum % 11 == 0;
    }

    /** A US ABA routing number: 9 digits, weights 3 7 1, sum mod 10 = 0. */
    static boolean aba(String d) {
        if (d.length() != 9 || !d.chars().allMatch(Character::isDigit) || Checksums.round(d)) {
            return false;
        }
        int sum = 0;
        int[] w = {3, 7, 1};
        for (int i = 0; i < 9; i++) {
            sum += (d.charAt(i) - '0') * w[i % 3];
        }
        return sum % 10 == 0;
    }
}
