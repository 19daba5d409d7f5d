package org.tracejudge.scheme;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.tracejudge.agreement.QuestionAgreement;
import org.tracejudge.agreement.Ratings;
import org.tracejudge.agreement.SpanF1;

/**
 * The answers to one question as the agreement coefficients take them: one cell per (trace, rater), a value of the
 * type the question's kind needs (an option, a set of options, a step, a number, tool → YES/NO, spans). A trace
 * where the question did not apply for a rater has no answer from them, so each coefficient counts only the traces
 * both (or enough) raters answered, as the spec asks for conditional questions.
 */
public final class QuestionRatings {
    private QuestionRatings() {}

    /**
     * The ratings of {@code question} from its current answers.
     *
     * @param answers trace id → rater name → the answer's JSON (as stored)
     * @param raters the raters to count, in order (null: every rater with an answer, by name)
     */
    public static Ratings<Object> of(Question question, Map<String, Map<String, String>> answers, List<String> raters) {
        Ratings.Builder<Object> b = Ratings.builder();
        if (raters != null) {
            raters.forEach(b::addRater);
        } else {
            new java.util.TreeSet<>(answers.values().stream()
                            .flatMap(m -> m.keySet().stream())
                            .toList())
                    .forEach(b::addRater);
        }
        for (Map.Entry<String, Map<String, String>> t : answers.entrySet()) {
            b.addItem(t.getKey());
            for (Map.Entry<String, String> r : t.getValue().entrySet()) {
                if (raters != null && !raters.contains(r.getKey())) {
                    continue;
                }
                b.add(t.getKey(), r.getKey(), cell(Answer.parse(question.kind(), r.getValue())));
            }
        }
        return b.build();
    }

    /** The coefficient set's name for the question's kind. */
    public static QuestionAgreement.Kind kind(Question question) {
        return QuestionAgreement.Kind.valueOf(question.kind().name());
    }

    static Object cell(Answer a) {
        if (a instanceof Answer.Choice c) {
            return c.value();
        } else if (a instanceof Answer.Choices c) {
            return new java.util.TreeSet<>(c.values());
        } else if (a instanceof Answer.Step s) {
            return s.value();
        } else if (a instanceof Answer.Numeric n) {
            return n.value();
        } else if (a instanceof Answer.PerTool p) {
            Map<String, String> m = new TreeMap<>();
            p.decisions().forEach((tool, yn) -> m.put(tool, yn.name()));
            return m;
        } else if (a instanceof Answer.Spans s) {
            List<SpanF1.Span> out = new ArrayList<>();
            for (Answer.Span x : s.spans()) {
                out.add(new SpanF1.Span(
                        x.target().code() + (x.target() == SpanTarget.ANSWER ? "" : "#" + x.index()),
                        x.start(),
                        x.end(),
                        x.option() == null ? "" : x.option()));
            }
            return out;
        } else if (a instanceof Answer.Text t) {
            return t.value();
        }
        throw new IllegalArgumentException("no cell for " + a);
    }
}
