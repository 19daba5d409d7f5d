package org.tracejudge.safety;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tracejudge.model.RaterKind;
import org.tracejudge.scheme.Answer;
import org.tracejudge.scheme.CriticalReview;
import org.tracejudge.scheme.Question;
import org.tracejudge.scheme.Scheme;
import org.tracejudge.store.Answers;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;

/**
 * The safety review of a project's own questions with safety-critical options ({@link CriticalReview}'s rules on the
 * answer ledger): where each (trace, question) stands, the queue of those waiting for a second expert or an
 * adjudicator, and adjudications, recorded as answers of the rater {@value CriticalReview#ADJUDICATION} with the
 * adjudicator as {@code created_by} (as the Safety Call review records its own).
 */
public final class QuestionReview {
    private QuestionReview() {}

    /** One (trace, question) under review. */
    public record Item(String traceId, String question, CriticalReview.Review review) {}

    /** The opinions of the stored current answers (an answer that no longer reads under the question is left out). */
    static List<CriticalReview.Opinion> opinions(Question q, List<Answers.Current> current) {
        List<CriticalReview.Opinion> out = new ArrayList<>();
        for (Answers.Current a : current) {
            try {
                out.add(new CriticalReview.Opinion(
                        a.rater(), a.kind(), Answer.parse(q.kind(), a.value()), a.createdBy()));
            } catch (IllegalArgumentException e) {
                // an answer of an older version that no longer reads: not weighed, as it is not shown
            }
        }
        return out;
    }

    /** The review of one (trace, question). */
    public static CriticalReview.Review review(Connection c, Question q, String traceId) throws SQLException {
        return CriticalReview.review(q, opinions(q, Answers.everyRater(c, traceId, q.key())));
    }

    public static CriticalReview.Review review(Project p, Question q, String traceId) {
        return p.read(c -> review(c, q, traceId));
    }

    /** The review of every trace with an answer to {@code q}, by trace id. */
    public static Map<String, CriticalReview.Review> reviews(Connection c, Question q) throws SQLException {
        Map<String, CriticalReview.Review> out = new LinkedHashMap<>();
        Answers.everyRater(c, q.key()).forEach((t, a) -> out.put(t, CriticalReview.review(q, opinions(q, a))));
        return out;
    }

    public static Map<String, CriticalReview.Review> reviews(Project p, Question q) {
        return p.read(c -> reviews(c, q));
    }

    /**
     * The items of the scheme's safety-critical questions that wait for someone: a second expert or an adjudicator.
     * Questions in scheme order, traces by id.
     */
    public static List<Item> pending(Project p, Scheme s) {
        return p.read(c -> {
            List<Item> out = new ArrayList<>();
            for (Question q : s.questions()) {
                if (!CriticalReview.applies(q)) {
                    continue;
                }
                reviews(c, q).forEach((t, r) -> {
                    if (r.status().open()) {
                        out.add(new Item(t, q.key(), r));
                    }
                });
            }
            return out;
        });
    }

    /**
     * Records {@code by}'s adjudication of a (trace, question) in disagreement, checked and written in one transaction.
     *
     * @return the entry's id
     * @throws IllegalArgumentException with the reason, when the answer does not fit the question, the item is not in
     *     disagreement, or {@code by} answered it as an expert
     */
    public static String adjudicate(Project p, Question q, int schemeVersion, String traceId, Answer a, String by) {
        String bad = a.validate(q).orElse(null);
        if (bad != null) {
            throw new IllegalArgumentException(bad);
        }
        if (!CriticalReview.applies(q)) {
            throw new IllegalArgumentException(
                    "'" + q.key() + "' has no safety-critical option: its answers are not adjudicated here");
        }
        return p.write(c -> {
            CriticalReview.Review r = review(c, q, traceId);
            String why = CriticalReview.adjudicationRefusal(r, by);
            if (why != null) {
                throw new IllegalArgumentException(traceId + " / " + q.key() + ": " + why);
            }
            String rater = Ledger.ensureRater(
                    c,
                    CriticalReview.ADJUDICATION,
                    RaterKind.HUMAN,
                    "",
                    null,
                    "Adjudications of safety-critical items (created_by = the adjudicator)");
            return Answers.append(
                    c, null, Answers.Entry.set(traceId, rater, q.key(), schemeVersion, a.toJson(), by.strip()));
        });
    }
}
