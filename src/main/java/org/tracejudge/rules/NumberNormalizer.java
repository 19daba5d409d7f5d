package org.tracejudge.rules;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds numeric mentions in normalised text and compares them as numbers: {@code 1,001} = {@code 1001} =
 * {@code 1001.00}; {@code $247.83} = {@code 247.83 USD}; {@code 3.4T} = {@code 3.4 trillion} = 3400000000000;
 * {@code 4.5%} = {@code 4.5 percent}; a coarser answer value (at least two significant digits, not a range end) matches a
 * finer tool value it rounds ({@code 47.5} for 47.46, {@code 4.9} for 4.85, {@code 3.41 trillion} for
 * 3,412,000,000,000) within 1.5%.
 * Numbers glued to letters ({@code Q1}, {@code FY27}, {@code 8-K}, {@code 10b-5}), versions/IPs and clock times
 * are not numeric mentions.
 */
public final class NumberNormalizer {
    /** A rounded value must keep at least this many significant digits ("4.9" for 4.85; not "5" for 4.85). */
    static final int MIN_ROUNDING_DIGITS = 2;
    /** ... and be within this relative error of the precise value. */
    static final double MAX_ROUNDING_ERROR = 0.015;

    private NumberNormalizer() {}

    /**
     * A numeric mention.
     *
     * @param start    offset in the normalised text (sign and currency included)
     * @param end      exclusive end (scale word / percent included)
     * @param surface  the written number (sign applied), before scale
     * @param scale    1, 1e3, 1e6, 1e9 or 1e12 from a suffix or word
     * @param decimals digits written after the decimal point
     * @param percent  written with {@code %} / percent / pct
     * @param money    written with a currency sign or code
     * @param sigDigits significant digits as written (leading zeros not counted)
     * @param rangeEnd  an end of a written range ("5.0-5.4", "30 to 40"): states no point value, so never a rounding
     */
    public record Num(
            int start,
            int end,
            double surface,
            double scale,
            int decimals,
            boolean percent,
            boolean money,
            String text,
            int sigDigits,
            boolean rangeEnd) {
        double scaled() {
            return surface * scale;
        }

        /** A bare small count (e.g. list numbering, "3 items"): not an assertion worth checking. */
        boolean trivial() {
            return decimals == 0 && scale == 1 && !percent && !money && Math.abs(surface) < 10;
        }

        /** A written whole number in the 1900-2100 range with no unit: a year. */
        boolean yearLike() {
            return decimals == 0 && scale == 1 && !percent && !money && surface >= 1900 && surface <= 2100;
        }

        String canonical() {
            String s = BigDecimal.valueOf(scaled()).stripTrailingZeros().toPlainString();
            return percent ? s + "%" : s;
        }
    }

    static boolean digit(char c) {
        return c >= '0' && c <= '9';
    }

    static boolean letter(char c) {
        return (c >= 'a' && c <= 'z') || (c > 127 && Character.isLetter(c));
    }

    /** All numeric mentions in a normalised (lower-case) text, skipping masked offsets. */
    public static List<Num> scan(String t, boolean[] masked) {
        List<Num> out = new ArrayList<>();
        int n = t.length();
        int i = 0;
        while (i < n) {
            char c = t.charAt(i);
            boolean startsNum = digit(c)
                    || (c == '.' && i + 1 < n && digit(t.charAt(i + 1)) && (i == 0 || !digit(t.charAt(i - 1))));
            if (!startsNum || (masked != null && masked[i])) {
                i++;
                continue;
            }
            char p = i > 0 ? t.charAt(i - 1) : ' ';
            if (letter(p)
                    || p == '_'
                    || (p == '-' && i >= 2 && letter(t.charAt(i - 2)))
                    || (p == '/' && i >= 2 && digit(t.charAt(i - 2)))) {
                i = skipToken(t, i);
                continue;
            }
            int j = i;
            StringBuilder digits = new StringBuilder();
            while (j < n && digit(t.charAt(j))) {
                digits.append(t.charAt(j++));
            }
            // thousands grouping: ,ddd (exactly three digits, then a non-digit)
            while (digits.length() > 0
                    && j + 4 <= n
                    && t.charAt(j) == ','
                    && allDigits(t, j + 1, j + 4)
                    && (j + 4 == n || !digit(t.charAt(j + 4)))) {
                digits.append(t, j + 1, j + 4);
                j += 4;
            }
            int decimals = 0;
            if (j + 1 < n && t.charAt(j) == '.' && digit(t.charAt(j + 1))) {
                digits.append('.');
                j++;
                while (j < n && digit(t.charAt(j))) {
                    digits.append(t.charAt(j++));
                    decimals++;
                }
            }
            // versions, IPs, times, and number-letter glue are not numeric mentions
            if (j + 1 < n && (t.charAt(j) == '.' || t.charAt(j) == ':') && digit(t.charAt(j + 1))) {
                i = skipToken(t, j);
                continue;
            }
            if (j + 1 < n && t.charAt(j) == '-' && letter(t.charAt(j + 1))) {
                i = skipToken(t, j);
                continue;
            }
            double scale = 1;
            boolean percent = false;
            boolean money = false;
            int end = j;
            if (j < n && letter(t.charAt(j))) {
                int w = j;
                while (w < n && letter(t.charAt(w))) {
                    w++;
                }
                double s = suffixScale(t, j, w);
                if (w + 1 < n
                        && (t.charAt(w) == '-' || t.charAt(w) == '.')
                        && TextNormalizer.isWordChar(t.charAt(w + 1))) {
                    i = skipToken(t, j); // 10b-5, 3d.x
                    continue;
                }
                if (s > 0) {
                    scale = s;
                    end = w;
                } else if (w - j == 1 && t.charAt(j) == 'x') {
                    end = w; // a multiple: 10x
                } else {
                    i = skipToken(t, j);
                    continue;
                }
            } else if (j < n && t.charAt(j) == '%') {
                percent = true;
                end = j + 1;
            } else if (j + 1 < n && t.charAt(j) == ' ' && letter(t.charAt(j + 1))) {
                int w = j + 1;
                while (w < n && letter(t.charAt(w))) {
                    w++;
                }
                double s = wordScale(t, j + 1, w);
                if (s > 0) {
                    scale = s;
                    end = w;
                } else if ((t.startsWith("percent", j + 1) && w - j - 1 == 7)
                        || (t.startsWith("pct", j + 1) && w - j - 1 == 3)) {
                    percent = true;
                    end = w;
                } else if (t.startsWith("per cent", j + 1)) {
                    percent = true;
                    end = j + 9;
                } else if ((w - j - 1 == 3
                                && (t.startsWith("usd", j + 1)
                                        || t.startsWith("eur", j + 1)
                                        || t.startsWith("gbp", j + 1)))
                        || (t.startsWith("dollars", j + 1) && w - j - 1 == 7)) {
                    money = true;
                    end = w;
                }
                if (!percent && !money && end > j) {
                    // "3.4 trillion dollars", "12 million usd"
                    if (end + 4 <= n && (t.startsWith(" usd", end) || t.startsWith(" dollars", end))) {
                        money = true;
                        end = t.startsWith(" usd", end) ? end + 4 : end + 8;
                    }
                }
            }
            int start = i;
            // currency before: $x, $ x, usd x, us$x
            if (start > 0 && isCurrencySign(t.charAt(start - 1))) {
                money = true;
                start--;
            } else if (start > 1 && t.charAt(start - 1) == ' ' && isCurrencySign(t.charAt(start - 2))) {
                money = true;
                start -= 2;
            } else if (start >= 4 && t.startsWith("usd ", start - 4) && (start == 4 || !letter(t.charAt(start - 5)))) {
                money = true;
                start -= 4;
            }
            double value = Double.parseDouble(digits.charAt(0) == '.' ? "0" + digits : digits.toString());
            if (start > 0
                    && t.charAt(start - 1) == '-'
                    && (start == 1 || !Character.isLetterOrDigit(t.charAt(start - 2)))) {
                value = -value;
                start--;
            }
            boolean firstOfRange = rangeAfter(t, end) && nextIsNumber(t, end);
            Num prev = out.isEmpty() ? null : out.get(out.size() - 1);
            boolean secondOfRange =
                    prev != null && start >= prev.end() && start - prev.end() <= 5 && rangeAfter(t, prev.end());
            out.add(new Num(
                    start,
                    end,
                    value,
                    scale,
                    decimals,
                    percent,
                    money,
                    t.substring(start, end),
                    sig(digits),
                    firstOfRange || secondOfRange));
            i = Math.max(end, j);
        }
        return out;
    }

    /** Text after {@code end} joins a range: "-", " - ", " to ". */
    private static boolean rangeAfter(String t, int end) {
        int n = t.length();
        if (end < n && (t.charAt(end) == '-')) {
            return end + 1 < n && (digit(t.charAt(end + 1)) || t.charAt(end + 1) == '$' || t.charAt(end + 1) == '.');
        }
        return t.startsWith(" - ", end) || t.startsWith(" to ", end);
    }

    private static boolean nextIsNumber(String t, int end) {
        int k = end;
        while (k < t.length() && !digit(t.charAt(k)) && k - end <= 5) {
            k++;
        }
        return k < t.length() && digit(t.charAt(k));
    }

    static int sig(CharSequence s) {
        int count = 0;
        boolean leading = true;
        for (int k = 0; k < s.length(); k++) {
            char c = s.charAt(k);
            if (c == 'e' || c == 'E') {
                break;
            }
            if (digit(c)) {
                if (c == '0' && leading) {
                    continue;
                }
                leading = false;
                count++;
            }
        }
        return count;
    }

    private static boolean allDigits(String t, int from, int to) {
        for (int k = from; k < to; k++) {
            if (!digit(t.charAt(k))) {
                return false;
            }
        }
        return true;
    }

    private static boolean isCurrencySign(char c) {
        return c == '$' || c == '\u20AC' || c == '\u00A3' || c == '\u00A5';
    }

    private static int skipToken(String t, int i) {
        int n = t.length();
        while (i < n
                && (TextNormalizer.isWordChar(t.charAt(i))
                        || (t.charAt(i) == '.' && i + 1 < n && TextNormalizer.isWordChar(t.charAt(i + 1)))
                        || (t.charAt(i) == '-' && i + 1 < n && TextNormalizer.isWordChar(t.charAt(i + 1)))
                        || (t.charAt(i) == ':' && i + 1 < n && digit(t.charAt(i + 1))))) {
            i++;
        }
        return Math.max(i, 1);
    }

    private static double suffixScale(String t, int from, int to) {
        String w = t.substring(from, to);
        return switch (w) {
            case "k" -> 1e3;
            case "m", "mm", "mn" -> 1e6;
            case "b", "bn" -> 1e9;
            case "t", "tn" -> 1e12;
            default -> wordScaleOf(w);
        };
    }

    private static double wordScale(String t, int from, int to) {
        String w = t.substring(from, to);
        return switch (w) {
            case "k" -> 1e3;
            case "m", "mm", "mn" -> 1e6;
            case "b", "bn" -> 1e9;
            case "t", "tn" -> 1e12;
            default -> wordScaleOf(w);
        };
    }

    private static double wordScaleOf(String w) {
        return switch (w) {
            case "thousand" -> 1e3;
            case "million", "millions" -> 1e6;
            case "billion", "billions" -> 1e9;
            case "trillion", "trillions" -> 1e12;
            default -> -1;
        };
    }

    /** The single numeric mention a whole (normalised) string is, or null (e.g. "47.5", "$32.4B", "4.5%"). */
    public static Num whole(String normalized) {
        String s = normalized.strip();
        if (s.isEmpty()) {
            return null;
        }
        List<Num> ns = scan(s, null);
        if (ns.size() == 1 && ns.get(0).start() == 0 && ns.get(0).end() == s.length()) {
            return ns.get(0);
        }
        return null;
    }

    /** A JSON number leaf as a mention (decimals as Python prints it). */
    public static Num ofJsonNumber(com.fasterxml.jackson.databind.JsonNode n) {
        String py = PythonRepr.str(n);
        int decimals = 0;
        try {
            decimals = Math.max(0, new BigDecimal(py).scale());
        } catch (NumberFormatException e) {
            // nan / inf
        }
        if (py.endsWith(".0")) {
            decimals = 0;
        }
        return new Num(0, py.length(), n.doubleValue(), 1, decimals, false, false, py, sig(py), false);
    }

    private static boolean eq(double a, double b) {
        return Math.abs(a - b) <= 1e-9 * Math.max(Math.max(Math.abs(a), Math.abs(b)), 1e-12);
    }

    /**
     * Whether answer mention {@code ans} states tool/reference value {@code ref}; returns the fix that made it
     * match ({@code "literal"} when written the same), or null.
     *
     * @param symmetric also accept {@code ref} being the coarser one (must-contain strings)
     */
    public static String match(Num ref, Num ans, boolean symmetric) {
        double[] rv = candidates(ref);
        double[] av = candidates(ans);
        for (int i = 0; i < rv.length; i += 2) {
            for (int k = 0; k < av.length; k += 2) {
                if (eq(Math.abs(rv[i]), Math.abs(av[k]))) {
                    if (ref.text().equals(ans.text())) {
                        return "literal";
                    }
                    if (ans.scale() != 1 && k > 0 && ans.scale() != ref.scale()) {
                        return "number_scale_words";
                    }
                    if (ans.percent() && ans.text().contains("p")) {
                        return "percent_word";
                    }
                    return "number_format";
                }
            }
        }
        for (int i = 0; i < rv.length; i += 2) {
            for (int k = 0; k < av.length; k += 2) {
                if ((ans.sigDigits() >= MIN_ROUNDING_DIGITS
                                && !ans.rangeEnd()
                                && rounds(rv[i], rv[i + 1], av[k], av[k + 1]))
                        || (symmetric
                                && ref.sigDigits() >= MIN_ROUNDING_DIGITS
                                && !ans.rangeEnd()
                                && rounds(av[k], av[k + 1], rv[i], rv[i + 1]))) {
                    return "number_rounding";
                }
            }
        }
        return null;
    }

    /** Does the coarser value {@code b} (resolution {@code rb}) round finer value {@code a} (resolution {@code ra})? */
    private static boolean rounds(double a, double ra, double b, double rb) {
        double d = Math.abs(Math.abs(a) - Math.abs(b));
        return rb > ra * 1.0000001 && d <= rb / 2 * (1 + 1e-9) && d <= MAX_ROUNDING_ERROR * Math.abs(a) && b != 0;
    }

    /** Pairs (value, resolution): surface, scaled (when scaled), fraction (when a percent). */
    private static double[] candidates(Num n) {
        double res = Math.pow(10, -n.decimals());
        if (n.scale() != 1 && n.percent()) {
            return new double[] {n.surface(), res, n.scaled(), res * n.scale(), n.surface() / 100, res / 100};
        }
        if (n.scale() != 1) {
            return new double[] {n.surface(), res, n.scaled(), res * n.scale()};
        }
        if (n.percent()) {
            return new double[] {n.surface(), res, n.surface() / 100, res / 100};
        }
        return new double[] {n.surface(), res};
    }
}
