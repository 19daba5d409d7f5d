package org.tracejudge.redaction;

import java.math.BigInteger;
import java.util.Locale;
import java.util.Map;

/**
 * The check rules of identifiers with a fixed shape: IBAN (ISO 13616 mod 97 and each country's length), payment
 * cards (Luhn), US SSN (area, group and serial rules), UK NHS number (mod 11), UK National Insurance number (prefix
 * rules), German Steuer-ID (ISO 7064 MOD 11,10) and Aadhaar (Verhoeff). Each takes the digits (and letters) alone,
 * separators removed.
 */
final class Checksums {
    private Checksums() {}

    /** IBAN length per country (SWIFT IBAN registry). */
    static final Map<String, Integer> IBAN_LENGTH = Map.ofEntries(
            Map.entry("AD", 24),
            Map.entry("AE", 23),
            Map.entry("AL", 28),
            Map.entry("AT", 20),
            Map.entry("AZ", 28),
            Map.entry("BA", 20),
            Map.entry("BE", 16),
            Map.entry("BG", 22),
            Map.entry("BH", 22),
            Map.entry("BR", 29),
            Map.entry("BY", 28),
            Map.entry("CH", 21),
            Map.entry("CR", 22),
            Map.entry("CY", 28),
            Map.entry("CZ", 24),
            Map.entry("DE", 22),
            Map.entry("DK", 18),
            Map.entry("DO", 28),
            Map.entry("EE", 20),
            Map.entry("EG", 29),
            Map.entry("ES", 24),
            Map.entry("FI", 18),
            Map.entry("FO", 18),
            Map.entry("FR", 27),
            Map.entry("GB", 22),
            Map.entry("GE", 22),
            Map.entry("GI", 23),
            Map.entry("GL", 18),
            Map.entry("GR", 27),
            Map.entry("GT", 28),
            Map.entry("HR", 21),
            Map.entry("HU", 28),
            Map.entry("IE", 22),
            Map.entry("IL", 23),
            Map.entry("IQ", 23),
            Map.entry("IS", 26),
            Map.entry("IT", 27),
            Map.entry("JO", 30),
            Map.entry("KW", 30),
            Map.entry("KZ", 20),
            Map.entry("LB", 28),
            Map.entry("LC", 32),
            Map.entry("LI", 21),
            Map.entry("LT", 20),
            Map.entry("LU", 20),
            Map.entry("LV", 21),
            Map.entry("MC", 27),
            Map.entry("MD", 24),
            Map.entry("ME", 22),
            Map.entry("MK", 19),
            Map.entry("MR", 27),
            Map.entry("MT", 31),
            Map.entry("MU", 30),
            Map.entry("NL", 18),
            Map.entry("NO", 15),
            Map.entry("PK", 24),
            Map.entry("PL", 28),
            Map.entry("PS", 29),
            Map.entry("PT", 25),
            Map.entry("QA", 29),
            Map.entry("RO", 24),
            Map.entry("RS", 22),
            Map.entry("SA", 24),
            Map.entry("SC", 31),
            Map.entry("SE", 24),
            Map.entry("SI", 19),
            Map.entry("SK", 24),
            Map.entry("SM", 27),
            Map.entry("ST", 25),
            Map.entry("SV", 28),
            Map.entry("TL", 23),
            Map.entry("TN", 24),
            Map.entry("TR", 26),
            Map.entry("UA", 29),
            Map.entry("VA", 22),
            Map.entry("VG", 24),
            Map.entry("XK", 20));

    /** An IBAN (letters and digits only, any case): known country, its length, mod 97 = 1. */
    static boolean iban(String s) {
        String u = s.toUpperCase(Locale.ROOT);
        if (u.length() < 15 || u.length() > 34) {
            return false;
        }
        Integer len = IBAN_LENGTH.get(u.substring(0, 2));
        if (len == null || len != u.length()) {
            return false;
        }
        String moved = u.substring(4) + u.substring(0, 4);
        StringBuilder num = new StringBuilder(moved.length() * 2);
        for (int i = 0; i < moved.length(); i++) {
            char c = moved.charAt(i);
            if (Character.isDigit(c)) {
                num.append(c);
            } else if (c >= 'A' && c <= 'Z') {
                num.append(c - 'A' + 10);
            } else {
                return false;
            }
        }
        return new BigInteger(num.toString()).mod(BigInteger.valueOf(97)).intValue() == 1;
    }

    /** Luhn over 13–19 digits, not all the same digit. */
    static boolean luhn(String digits) {
        int n = digits.length();
        if (n < 13 || n > 19 || digits.chars().distinct().count() == 1) {
            return false;
        }
        int sum = 0;
        for (int i = 0; i < n; i++) {
            int d = digits.charAt(n - 1 - i) - '0';
            if (i % 2 == 1) {
                d *= 2;
                if (d > 9) {
                    d -= 9;
                }
            }
            sum += d;
        }
        return sum % 10 == 0;
    }

    /** A US SSN as issued: area not 000, 666 or 900–999; group not 00; serial not 0000. */
    static boolean ssn(String digits) {
        if (digits.length() != 9) {
            return false;
        }
        int area = Integer.parseInt(digits.substring(0, 3));
        int group = Integer.parseInt(digits.substring(3, 5));
        int serial = Integer.parseInt(digits.substring(5));
        return area != 0 && area != 666 && area < 900 && group != 0 && serial != 0;
    }

    /** A UK NHS number: ten digits whose mod-11 check digit (weights 10..2) is the last. */
    static boolean nhs(String digits) {
        if (digits.length() != 10 || round(digits)) {
            return false;
        }
        int sum = 0;
        for (int i = 0; i < 9; i++) {
            sum += (digits.charAt(i) - '0') * (10 - i);
        }
        int check = 11 - sum % 11;
        if (check == 11) {
            check = 0;
        }
        return check != 10 && check == digits.charAt(9) - '0';
    }

    /** A UK National Insurance number (two letters, six digits, A–D), with the prefix rules of HMRC. */
    static boolean ni(String s) {
        String u = s.toUpperCase(Locale.ROOT);
        if (!u.matches("[A-Z]{2}\\d{6}[A-D]")) {
            return false;
        }
        char a = u.charAt(0);
        char b = u.charAt(1);
        if ("DFIQUV".indexOf(a) >= 0 || "DFIQUVO".indexOf(b) >= 0) {
            return false;
        }
        String p = u.substring(0, 2);
        return !(p.equals("BG")
                || p.equals("GB")
                || p.equals("NK")
                || p.equals("KN")
                || p.equals("TN")
                || p.equals("NT")
                || p.equals("ZZ"));
    }

    /** A German Steuer-ID: 11 digits, the first not 0, the last the ISO 7064 MOD 11,10 check digit. */
    static boolean steuerId(String digits) {
        if (digits.length() != 11 || digits.charAt(0) == '0' || round(digits)) {
            return false;
        }

        int product = 10;
        for (int i = 0; i < 10; i++) {
            int sum = (digits.charAt(i) - '0' + product) % 10;
            if (sum == 0) {
                sum = 10;
            }
            product = (sum * 2) % 11;
        }
        int check = 11 - product;
        if (check == 10) {
            check = 0;
        }
        return check == digits.charAt(10) - '0';
    }

    private static final int[][] D = {
        {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, {1, 2, 3, 4, 0, 6, 7, 8, 9, 5}, {2, 3, 4, 0, 1, 7, 8, 9, 5, 6},
        {3, 4, 0, 1, 2, 8, 9, 5, 6, 7}, {4, 0, 1, 2, 3, 9, 5, 6, 7, 8}, {5, 9, 8, 7, 6, 0, 4, 3, 2, 1},
        {6, 5, 9, 8, 7, 1, 0, 4, 3, 2}, {7, 6, 5, 9, 8, 2, 1, 0, 4, 3}, {8, 7, 6, 5, 9, 3, 2, 1, 0, 4},
        {9, 8, 7, 6, 5, 4, 3, 2, 1, 0}
    };
    private static final int[][] P = {
        {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, {1, 5, 7, 6, 2, 8, 3, 0, 9, 4}, {5, 8, 0, 3, 7, 9, 6, 1, 4, 2},
        {8, 9, 1, 6, 0, 4, 3, 5, 2, 7}, {9, 4, 5, 3, 1, 2, 6, 8, 7, 0}, {4, 2, 8, 6, 5, 7, 3, 9, 0, 1},
        {2, 7, 9, 3, 8, 0, 6, 4, 1, 5}, {7, 0, 4, 6, 9, 1, 3, 2, 5, 8}
    };

    /** An Aadhaar number: 12 digits, the first 2–9, valid under Verhoeff. */
    static boolean aadhaar(String digits) {
        if (digits.length() != 12 || digits.charAt(0) < '2' || round(digits)) {
            return false;
        }
        return verhoeff(digits);
    }

    /** A round or padded number (six zeros in a row, or one digit throughout): an amount, not an identifier. */
    static boolean round(String digits) {
        return digits.contains("000000") || digits.chars().distinct().count() == 1;
    }

    static boolean verhoeff(String digits) {
        int c = 0;
        int n = digits.length();
        for (int i = 0; i < n; i++) {
            c = D[c][P[i % 8][digits.charAt(n - 1 - i) - '0']];
        }
        return c == 0;
    }

    static String digits(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= '0' && c <= '9') {
                sb.append(c);
            }
        }
        return sb.toString();
    }
}
