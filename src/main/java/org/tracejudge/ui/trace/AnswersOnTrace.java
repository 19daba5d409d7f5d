package org.tracejudge.ui.trace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.tracejudge.model.RaterKind;
import org.tracejudge.scheme.Answer;
import org.tracejudge.scheme.CriticalReview;
import org.tracejudge.scheme.Question;
import org.tracejudge.scheme.Scheme;
import org.tracejudge.store.Answers;
import org.tracejudge.store.Project;
import org.tracejudge.ui.trace.QuestionBarViewModel.State;

/**
 * Every rater's current answers on the trace the question bar is on (mine among them), read with mine: what the bar
 * shows of the others' answers as a blind question allows ({@link QuestionBarViewModel.Others}), and the safety
 * review's state in my answer's cell. FX thread, but for {@link #everyone}, the read.
 */
final class AnswersOnTrace {
    /** The trace the answers are of, null before the first read. */
    private String traceId;
    /** By question. */
    private Map<String, List<Answers.Current>> answers = Map.of();

    /** Another project: nothing read. */
    void clear() {
        traceId = null;
        answers = Map.of();
    }

    /** The answers read on a trace. */
    void set(String traceId, Map<String, List<Answers.Current>> answers) {
        this.traceId = traceId;
        this.answers = answers;
    }

    /** The answers on the same trace read again. */
    void reread(Map<String, List<Answers.Current>> answers) {
        this.answers = answers;
    }

    /** The trace the answers are of, null before the first read. */
    String traceId() {
        return traceId;
    }

    /** What the bar shows of the others' answers to {@code st}'s current question, {@code me} being the annotator. */
    QuestionBarViewModel.Others others(State st, String me) {
        Question q = st.question();
        if (q == null || st.traceId() == null || !st.loaded() || !st.traceId().equals(traceId)) {
            return new QuestionBarViewModel.Others(
                    st.traceId(), q == null ? null : q.key(), q != null && q.blind(), List.of(), null);
        }
        Answer mine = st.answers().get(q.key());
        if (!CriticalReview.visible(q, mine != null)) {
            return new QuestionBarViewModel.Others(st.traceId(), q.key(), true, List.of(), null);
        }
        // a blind question before this one in the walk that I have not answered yet: this one's answers wait for it
        // too (an escalation judged "inappropriate" tells the risk its rater saw)
        for (Question b : st.questions()) {
            if (b.key().equals(q.key())) {
                break;
            }
            if (b.blind() && !st.answers().containsKey(b.key())) {
                return new QuestionBarViewModel.Others(st.traceId(), q.key(), true, List.of(), null, b.key());
            }
        }
        List<String> lines = new ArrayList<>();
        List<CriticalReview.Opinion> opinions = new ArrayList<>();
        for (Answers.Current a : answers.getOrDefault(q.key(), List.of())) {
            if (a.rater().equals(me)) {
                continue; // mine is the state's (it may be newer than the read)
            }
            Answer x;
            try {
                x = Answer.parse(q.kind(), a.value());
            } catch (IllegalArgumentException e) {
                continue;
            }
            opinions.add(new CriticalReview.Opinion(a.rater(), a.kind(), x, a.createdBy()));
            String who = a.rater().equals(CriticalReview.ADJUDICATION)
                    ? "adjudicated by " + a.createdBy()
                    : a.rater() + ("human".equals(a.kind()) ? "" : " (" + a.kind() + ")");
            lines.add(who + ": " + QuestionBarViewModel.shortText(QuestionBarViewModel.cellText(x)));
        }
        if (mine != null && me != null) {
            opinions.add(new CriticalReview.Opinion(me, RaterKind.HUMAN.code(), mine, me));
        }
        CriticalReview.Review review = CriticalReview.applies(q) ? CriticalReview.review(q, opinions) : null;
        return new QuestionBarViewModel.Others(st.traceId(), q.key(), false, List.copyOf(lines), review);
    }

    /**
     * My answer's cell text on the shown trace: with the safety review's state when it waits on someone ("4 · needs a
     * second expert").
     */
    String reviewedCell(String traceId, Question q, Answer a, String me) {
        String display = QuestionBarViewModel.cellText(a);
        if (!CriticalReview.applies(q) || !traceId.equals(this.traceId)) {
            return display;
        }
        List<CriticalReview.Opinion> opinions = new ArrayList<>();
        for (Answers.Current c : answers.getOrDefault(q.key(), List.of())) {
            if (!c.rater().equals(me)) {
                try {
                    opinions.add(new CriticalReview.Opinion(
                            c.rater(), c.kind(), Answer.parse(q.kind(), c.value()), c.createdBy()));
                } catch (IllegalArgumentException e) {
                    // an answer of an older version: not weighed
                }
            }
        }
        opinions.add(new CriticalReview.Opinion(me, RaterKind.HUMAN.code(), a, me));
        return CriticalReview.review(q, opinions).cell(display);
    }

    /** Project thread: every rater's current answers on one trace, by question. */
    static Map<String, List<Answers.Current>> everyone(Project p, Scheme s, String traceId) {
        return p.read(c -> {
            Map<String, List<Answers.Current>> m = new HashMap<>();
            for (String k : s.keys()) {
                m.put(k, Answers.everyRater(c, traceId, k));
            }
            return Map.copyOf(m);
        });
    }
}
