package org.tracejudge.rules;

import java.util.Locale;

/** A lower-cased copy of a text (Python {@code str.lower()}-like) with a map back to raw offsets. */
final class LowerCased {
    final String raw;
    final String lower;
    private final int[] toRaw; // null when offsets are the same

    LowerCased(String raw) {
        this.raw = raw;
        String l = raw.toLowerCase(Locale.ROOT);
        if (l.length() == raw.length()) {
            this.lower = l;
            this.toRaw = null;
        } else {
            StringBuilder sb = new StringBuilder(raw.length() + 8);
            int[] map = new int[raw.length() * 3 + 1];
            int i = 0;
            while (i < raw.length()) {
                int cp = raw.codePointAt(i);
                int w = Character.charCount(cp);
                String piece = raw.substring(i, i + w).toLowerCase(Locale.ROOT);
                for (int k = 0; k < piece.length(); k++) {
                    map[sb.length() + k] = i;
                }
                sb.append(piece);
                i += w;
            }
            map[sb.length()] = raw.length();
            this.lower = sb.toString();
            this.toRaw = java.util.Arrays.copyOf(map, sb.length() + 1);
        }
    }

    int raw(int lowerOffset) {
        return toRaw == null ? lowerOffset : toRaw[lowerOffset];
    }

    Span rawSpan(int start, int end) {
        if (toRaw == null) {
            return new Span(start, end);
        }
        int s = toRaw[start];
        int e = end >= toRaw.length - 1 ? raw.length() : (end == start ? s : toRaw[end - 1] + 1);
        // extend over a surrogate pair
        if (e < raw.length() && e > 0 && Character.isLowSurrogate(raw.charAt(e))) {
            e++;
        }
        return new Span(s, Math.max(s, e));
    }
}
