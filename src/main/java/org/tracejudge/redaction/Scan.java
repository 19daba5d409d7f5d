package org.tracejudge.redaction;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;

/**
 * One text being scanned by the {@link Recognizers}: the text and its lower-case form and the mode (read-only), the
 * candidates found so far ({@link #spans}, each with its explanation in {@link #candidates}) and the keep spans
 * (text that must not be taken for a person: a public place's address, a shop named after someone), which the
 * {@link Resolver} turns into the result.
 */
final class Scan {
    final String text;
    final String lower;
    final boolean strict;
    /** The candidates still standing, in the order found; a suppressor may withdraw some. */
    final List<Redactor.Span> spans = new ArrayList<>();
    /** Every candidate found, with the recognizer and rule that found it (withdrawn ones included). */
    final List<Candidate> candidates = new ArrayList<>();
    /** The keep spans, in the order emitted. */
    final List<Keep> keeps = new ArrayList<>();
    /** The recognizer running now and the rule of it that fired last: the explanation of what it adds. */
    String recognizer = "";

    String rule = "";

    private NameText nameText;

    /**
     * A candidate redaction: what a recognizer proposes, and why.
     *
     * @param score how sure the rule is, 0 to 1; every rule today decides (1.0), the resolver takes what is not
     *     withdrawn
     * @param recognizer the recognizer's name ({@link Recognizer#name()})
     * @param rule the rule of it that fired, in words
     */
    record Candidate(Redactor.Span span, double score, String recognizer, String rule) {}

    /**
     * Text no recognizer may take for the kinds it protects (a name inside a shop's name, a public place's address), or
     * a candidate a suppressor withdrew.
     */
    record Keep(int start, int end, String recognizer, String reason) {}

    /** The tokens of the text as the name recognizers read them, made once per scan. */
    NameText nameText() {
        if (nameText == null) {
            nameText = NameText.of(this);
        }
        return nameText;
    }

    /** Whether position {@code i} lies in a keep span. */
    boolean kept(int i) {
        for (Keep k : keeps) {
            if (k.start() <= i && i < k.end()) {
                return true;
            }
        }
        return false;
    }

    /** Marks {@code [start, end)} as kept, for {@code reason}. */
    void keep(int start, int end, String reason) {
        keeps.add(new Keep(start, end, recognizer, reason));
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
            Redactor.Span s = new Redactor.Span(kind, start, end, text.substring(start, end), why);
            spans.add(s);
            candidates.add(new Candidate(s, 1.0, recognizer, rule));
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
