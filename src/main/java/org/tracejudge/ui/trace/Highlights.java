package org.tracejudge.ui.trace;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.tracejudge.rules.Evidence;
import org.tracejudge.rules.Span;

/**
 * Cuts the answer into segments by the rule's evidence: each segment carries the highlight kinds that
 * cover it (value found in the tool return, value the return does not support, must-contain match) and
 * whether it lies in a think block. Pure computation, so it is tested without a window.
 */
public final class Highlights {
    private Highlights() {}

    public enum Kind {
        FOUND,
        UNSUPPORTED,
        MUST,
        /**
         * A match that is only part of a longer word or number ("cop" in "copper"): compat mode counts it, as the
         * published rule matches substrings, but it is not the value, so it is shown apart from a real match.
         */
        INSIDE_WORD
    }

    /** {@code text} from {@code start} to {@code end}; {@code think}: index of the think block, -1 outside. */
    public record Segment(int start, int end, String text, java.util.Set<Kind> kinds, int think) {}

    private record Mark(Span span, Kind kind) {}

    public static List<Segment> of(String answer, Evidence e) {
        List<Mark> marks = new ArrayList<>();
        List<Span> think = new ArrayList<>();
        if (e != null) {
            for (Evidence.LeafHit h : e.leafValues()) {
                add(marks, h.answerSpan(), insideWord(answer, h.answerSpan()) ? Kind.INSIDE_WORD : Kind.FOUND, answer);
            }
            for (Evidence.AssertedValue v : e.supportedValues()) {
                add(marks, v.span(), Kind.FOUND, answer);
            }
            for (Evidence.AssertedValue v : e.unsupportedValues()) {
                add(marks, v.span(), Kind.UNSUPPORTED, answer);
            }
            for (Evidence.MustContain m : e.mustContain()) {
                if (m.matched()) {
                    add(marks, m.span(), insideWord(answer, m.span()) ? Kind.INSIDE_WORD : Kind.MUST, answer);
                }
            }
            for (Span s : e.thinkSpans()) {
                if (s != null && s.end() <= answer.length()) {
                    think.add(s);
                }
            }
        }
        TreeSet<Integer> cuts = new TreeSet<>();
        cuts.add(0);
        cuts.add(answer.length());
        for (Mark m : marks) {
            cuts.add(m.span().start());
            cuts.add(m.span().end());
        }
        for (Span s : think) {
            cuts.add(s.start());
            cuts.add(s.end());
        }
        List<Segment> out = new ArrayList<>();
        Integer prev = null;
        for (int c : cuts) {
            if (prev != null && c > prev) {
                java.util.EnumSet<Kind> kinds = java.util.EnumSet.noneOf(Kind.class);
                for (Mark m : marks) {
                    if (m.span().start() <= prev && m.span().end() >= c) {
                        kinds.add(m.kind());
                    }
                }
                int t = -1;
                for (int i = 0; i < think.size(); i++) {
                    if (think.get(i).start() <= prev && think.get(i).end() >= c) {
                        t = i;
                    }
                }
                out.add(new Segment(prev, c, answer.substring(prev, c), kinds, t));
            }
            prev = c;
        }
        return out;
    }

    private static boolean insideWord(String answer, Span s) {
        return Evidence.enclosingWord(answer, s) != null;
    }

    private static void add(List<Mark> marks, Span s, Kind k, String answer) {
        if (s != null && s.end() <= answer.length() && s.length() > 0) {
            marks.add(new Mark(s, k));
        }
    }

    /** JSON pointers of tool-return leaves the answer repeats (for the return tree). */
    public static java.util.Set<String> foundPointers(Evidence e) {
        java.util.Set<String> out = new java.util.HashSet<>();
        if (e == null) {
            return out;
        }
        for (Evidence.LeafHit h : e.leafValues()) {
            if (h.pointer() != null) {
                out.add(h.pointer());
            }
        }
        for (Evidence.AssertedValue v : e.supportedValues()) {
            if (v.source() != null && v.source().startsWith("/")) {
                out.add(v.source());
            }
        }
        return out;
    }
}
