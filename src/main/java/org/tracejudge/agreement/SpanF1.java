package org.tracejudge.agreement;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;

/**
 * Span-level F1 between two raters, pooled over the items both answered (an empty list of spans is an answer: "no
 * span here"), as in the span agreement of named-entity annotation studies (Hripcsak &amp; Rothschild 2005, "Agreement,
 * the F-measure, and reliability in information retrieval", JAMIA 12(3): with no true negatives, F1 between two
 * raters is the agreement measure, and it is symmetric).
 *
 * <ul>
 *   <li><b>exact</b> (the headline): a span matches when the other rater marked the same (target, start, end,
 *       option); F1 = 2·matched / (|A| + |B|).</li>
 *   <li><b>overlap</b>: a span of A counts as found when some span of B on the same target with the same option
 *       shares at least one character (half-open ranges), and likewise for B; precision = A's found / |A|,
 *       recall = B's found / |B|, F1 = 2PR / (P + R) (0 when either side marked none and the other some).</li>
 * </ul>
 * Duplicate spans in one rater's answer count once. Undefined when neither rater marked any span.
 *
 * <p>Sums layout per rater pair: [items, |A|, |B|, exact matches, A found, B found].
 */
public final class SpanF1 {
    static final int LENGTH = 6;

    private SpanF1() {}

    /** One marked range [start, end) of a target (the answer, a tool return, a turn), with its option. */
    public record Span(String target, int start, int end, String option) {
        public Span {
            Objects.requireNonNull(target, "target");
            Objects.requireNonNull(option, "option");
            if (start < 0 || end <= start) {
                throw new IllegalArgumentException(
                        "span [" + start + ", " + end + ") of '" + target + "': start must be ≥ 0 and below end");
            }
        }

        boolean overlaps(Span o) {
            return target.equals(o.target)
                    && option.equals(o.option)
                    && Math.max(start, o.start) < Math.min(end, o.end);
        }
    }

    /** One item's contribution for one pair: [1, |A|, |B|, exact, A found, B found]. */
    static double[] item(List<Span> a, List<Span> b) {
        List<Span> ua = new ArrayList<>(new LinkedHashSet<>(a));
        List<Span> ub = new ArrayList<>(new LinkedHashSet<>(b));
        LinkedHashSet<Span> setB = new LinkedHashSet<>(ub);
        int exact = 0;
        int foundA = 0;
        for (Span s : ua) {
            if (setB.contains(s)) {
                exact++;
            }
            for (Span t : ub) {
                if (s.overlaps(t)) {
                    foundA++;
                    break;
                }
            }
        }
        int foundB = 0;
        for (Span t : ub) {
            for (Span s : ua) {
                if (t.overlaps(s)) {
                    foundB++;
                    break;
                }
            }
        }
        return new double[] {1, ua.size(), ub.size(), exact, foundA, foundB};
    }

    /** Exact F1 from one pair's sums at {@code o}; NaN when undefined. */
    static double exact(double[] sums, int o) {
        double marked = sums[o + 1] + sums[o + 2];
        return marked == 0 ? Double.NaN : 2 * sums[o + 3] / marked;
    }

    /** Overlap F1 from one pair's sums at {@code o}; NaN when undefined. */
    static double overlap(double[] sums, int o) {
        double na = sums[o + 1];
        double nb = sums[o + 2];
        if (na == 0 && nb == 0) {
            return Double.NaN;
        }
        if (na == 0 || nb == 0) {
            return 0;
        }
        double p = sums[o + 4] / na;
        double r = sums[o + 5] / nb;
        return p + r == 0 ? 0 : 2 * p * r / (p + r);
    }
}
