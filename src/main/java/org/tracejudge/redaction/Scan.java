package org.tracejudge.redaction;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;

/**
 * One text being scanned, shared by the detectors: the text and its lower-case form, the mode, the spans found so far
 * and the public places whose addresses are kept.
 */
final class Scan {
    final String text;
    final String lower;
    final boolean strict;
    final List<Redactor.Span> spans = new ArrayList<>();
    /** Addresses of public places (a hospital's, a police station's): kept, and no name is looked for inside them. */
    final List<int[]> publicPlaces = new ArrayList<>();

    /** Whether position {@code i} lies in a public place's address. */
    boolean inPublicPlace(int i) {
        for (int[] r : publicPlaces) {
            if (r[0] <= i && i < r[1]) {
                return true;
            }
        }
        return false;
    }

    Scan(String text, boolean strict) {
        this.text = text;
        this.lower = text.toLowerCase(Locale.ROOT);
        this.strict = strict;
    }

    void add(Redactor.Kind kind, int start, int end) {
        add(kind, start, end, null);
    }

    /** @param why what was recognised, in words (shown with the span), or null */
    void add(Redactor.Kind kind, int start, int end, String why) {
        while (start < end && Character.isWhitespace(text.charAt(start))) {
            start++;
        }
        while (end > start
                && (Character.isWhitespace(text.charAt(end - 1)) || ",;".indexOf(text.charAt(end - 1)) >= 0)) {
            end--;
        }
        if (end > start) {
            spans.add(new Redactor.Span(kind, start, end, text.substring(start, end), why));
        }
    }

    void add(Redactor.Kind kind, Matcher m, int group) {
        if (m.group(group) != null) {
            add(kind, m.start(group), m.end(group));
        }
    }

    /** Whether any found span covers position {@code i}. */
    boolean covered(int i) {
        for (Redactor.Span s : spans) {
            if (s.start() <= i && i < s.end()) {
                return true;
            }
        }
        return false;
    }

    /** Whether one of the words appears in the {@code reach} characters before {@code at} (lower-case text). */
    boolean cueBefore(int at, int reach, String... words) {
        String before = lower.substring(Math.max(0, at - reach), at);
        for (String w : words) {
            if (before.contains(w)) {
                return true;
            }
        }
        return false;
    }
}
