package org.tracejudge.scheme;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Small pieces of text shared by messages and renderings. */
final class SchemeText {
    private SchemeText() {}

    /** "a" or "an" before a word, with the word. */
    static String a(String word) {
        return ("aeiou".indexOf(Character.toLowerCase(word.charAt(0))) >= 0 ? "an " : "a ") + word;
    }

    static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }

    static String range(Range r) {
        if (!r.hasMin() && !r.hasMax()) {
            return "any number";
        }
        if (!r.hasMax()) {
            return "≥ " + number(r.min());
        }
        if (!r.hasMin()) {
            return "≤ " + number(r.max());
        }
        return number(r.min()) + "–" + number(r.max());
    }

    static String targets(Set<SpanTarget> targets) {
        List<String> s = new ArrayList<>();
        for (SpanTarget t : SpanTarget.values()) {
            if (targets.contains(t)) {
                s.add(t.code());
            }
        }
        return String.join(", ", s);
    }
}
