package org.tracejudge.rules;

import java.util.List;

/**
 * Tolerant-mode text normalisation, keeping a map back to raw offsets: lower case; Unicode dashes, minus signs,
 * quotes and primes folded to ASCII; NBSP and other spaces to a space, zero-width characters dropped; runs of
 * whitespace collapsed; {@code §}, {@code §§}, {@code Sec.} before a number written {@code section}; skipped
 * ranges (think blocks) removed.
 */
public final class TextNormalizer {
    private TextNormalizer() {}

    /** A normalised text; {@code toRaw[i]} is the raw offset of normalised char {@code i}. */
    public record Normalized(String text, int[] toRaw, int rawLength, boolean unicodeFolded, boolean sectionRewritten) {
        public Span rawSpan(int start, int end) {
            if (end <= start) {
                int s = start < text.length() ? toRaw[start] : rawLength;
                return new Span(s, s);
            }
            return new Span(toRaw[start], toRaw[end - 1] + 1);
        }
    }

    public static Normalized normalize(String raw) {
        return normalize(raw, List.of());
    }

    public static Normalized normalize(String raw, List<Span> skip) {
        int n = raw.length();
        StringBuilder sb = new StringBuilder(n + 16);
        int[] map = new int[n + 16];
        boolean folded = false;
        boolean section = false;
        int skipIdx = 0;
        boolean pendingSpace = false;
        int pendingSpaceAt = 0;
        int i = 0;
        while (i < n) {
            if (skipIdx < skip.size() && i >= skip.get(skipIdx).start()) {
                Span s = skip.get(skipIdx++);
                if (i < s.end()) {
                    if (sb.length() > 0) {
                        pendingSpace = true;
                        pendingSpaceAt = i;
                    }
                    i = s.end();
                    continue;
                }
            }
            char c = raw.charAt(i);
            char out;
            switch (c) {
                case '\u2010',
                        '\u2011',
                        '\u2012',
                        '\u2013',
                        '\u2014',
                        '\u2015',
                        '\u2212',
                        '\uFE58',
                        '\uFE63',
                        '\uFF0D' -> {
                    out = '-';
                    folded = true;
                }
                case '\u2018', '\u2019', '\u201A', '\u201B', '\u2032', '\uFF07' -> {
                    out = '\'';
                    folded = true;
                }
                case '\u201C', '\u201D', '\u201E', '\u201F', '\u2033', '\uFF02' -> {
                    out = '"';
                    folded = true;
                }
                case '\u00A0',
                        '\u2002',
                        '\u2003',
                        '\u2004',
                        '\u2005',
                        '\u2006',
                        '\u2007',
                        '\u2008',
                        '\u2009',
                        '\u200A',
                        '\u202F',
                        '\u205F',
                        '\u3000',
                        '\t',
                        '\n',
                        '\r',
                        '\f',
                        '\u000B' -> {
                    if (c > 127) {
                        folded = true;
                    }
                    out = ' ';
                }
                case '\u200B', '\u200C', '\u200D', '\uFEFF', '\u00AD' -> {
                    folded = true;
                    i++;
                    continue;
                }
                case '\u2026' -> {
                    folded = true;
                    out = '.';
                }
                default -> out = c < 128 ? (c >= 'A' && c <= 'Z' ? (char) (c + 32) : c) : Character.toLowerCase(c);
            }
            if (out == ' ') {
                if (sb.length() > 0 && !pendingSpace) {
                    pendingSpace = true;
                    pendingSpaceAt = i;
                }
                i++;
                continue;
            }
            if (pendingSpace) {
                map = put(sb, map, ' ', pendingSpaceAt);
                pendingSpace = false;
            }
            // section sign and "sec." before a number -> "section"
            if (c == '\u00A7') {
                int j = i;
                while (j < n && raw.charAt(j) == '\u00A7') {
                    j++;
                }
                for (char sc : "section".toCharArray()) {
                    map = put(sb, map, sc, i);
                }
                section = true;
                if (j < n && !Character.isWhitespace(raw.charAt(j)) && raw.charAt(j) != '\u00A0') {
                    map = put(sb, map, ' ', j - 1);
                }
                i = j;
                continue;
            }
            if ((out == 's') && secBeforeNumber(raw, i)) {
                int j = i + 3;
                if (j < n && raw.charAt(j) == '.') {
                    j++;
                }
                for (char sc : "section".toCharArray()) {
                    map = put(sb, map, sc, i);
                }
                section = true;
                i = j;
                continue;
            }
            map = put(sb, map, out, i);
            i++;
        }
        int[] toRaw = java.util.Arrays.copyOf(map, sb.length() + 1);
        toRaw[sb.length()] = n;
        return new Normalized(sb.toString(), toRaw, n, folded, section);
    }

    private static boolean secBeforeNumber(String raw, int i) {
        if (i + 3 > raw.length()
                || (raw.charAt(i + 1) | 0x20) != 'e'
                || (raw.charAt(i + 2) | 0x20) != 'c'
                || !raw.regionMatches(true, i, "sec", 0, 3)) {
            return false;
        }
        if (i > 0 && Character.isLetterOrDigit(raw.charAt(i - 1))) {
            return false;
        }
        int j = i + 3;
        if (j < raw.length() && raw.charAt(j) == '.') {
            j++;
        }
        int k = j;
        while (k < raw.length() && (raw.charAt(k) == ' ' || raw.charAt(k) == '\u00A0')) {
            k++;
        }
        return k > i + 3 && k < raw.length() && Character.isDigit(raw.charAt(k));
    }

    private static int[] put(StringBuilder sb, int[] map, char c, int rawIndex) {
        if (sb.length() >= map.length - 1) {
            map = java.util.Arrays.copyOf(map, map.length * 2 + 16);
        }
        map[sb.length()] = rawIndex;
        sb.append(c);
        return map;
    }

    static boolean isWordChar(char c) {
        return (c >= 'a' && c <= 'z')
                || (c >= '0' && c <= '9')
                || c == '_'
                || (c > 127 && Character.isLetterOrDigit(c));
    }

    /** Occurrence of {@code pat} in {@code text} whose ends sit on token boundaries (as far as the pattern's ends are word chars). */
    static int indexOfToken(String text, String pat, int from) {
        if (pat.isEmpty()) {
            return -1;
        }
        boolean startWord = isWordChar(pat.charAt(0));
        boolean endWord = isWordChar(pat.charAt(pat.length() - 1));
        int at = text.indexOf(pat, from);
        while (at >= 0) {
            int end = at + pat.length();
            boolean okStart = !startWord || at == 0 || !isWordChar(text.charAt(at - 1));
            boolean okEnd = !endWord || end == text.length() || !isWordChar(text.charAt(end));
            if (okStart && okEnd) {
                return at;
            }
            at = text.indexOf(pat, at + 1);
        }
        return -1;
    }

    /** Inflectional endings a must-contain word may take ("yield" matches "yields", "yielded", "yielding"). */
    private static final String[] INFLECTIONS = {"s", "es", "ed", "d", "ing"};

    /**
     * Like {@link #indexOfToken}, but a word may take an inflectional ending ({@link #INFLECTIONS}): "yield" matches
     * "yields", while "cop" does not match "copper" nor "rate" "accurate". A value inside a longer word is not that
     * value (issue 48).
     */
    static int indexOfWordStart(String text, String pat) {
        if (pat.isEmpty()) {
            return -1;
        }
        boolean startWord = isWordChar(pat.charAt(0));
        boolean endWord = isWordChar(pat.charAt(pat.length() - 1));
        int at = text.indexOf(pat);
        while (at >= 0) {
            if ((!startWord || at == 0 || !isWordChar(text.charAt(at - 1)))
                    && (!endWord || endsWordAt(text, at + pat.length()))) {
                return at;
            }
            at = text.indexOf(pat, at + 1);
        }
        return -1;
    }

    /** Whether a word ends at {@code end} of {@code text}, or after one inflectional ending there. */
    private static boolean endsWordAt(String text, int end) {
        if (end == text.length() || !isWordChar(text.charAt(end))) {
            return true;
        }
        for (String ending : INFLECTIONS) {
            int after = end + ending.length();
            if (text.startsWith(ending, end) && (after == text.length() || !isWordChar(text.charAt(after)))) {
                return true;
            }
        }
        return false;
    }
}
