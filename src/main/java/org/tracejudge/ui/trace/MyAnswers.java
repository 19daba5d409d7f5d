package org.tracejudge.ui.trace;

import java.util.HashMap;
import java.util.Map;
import org.tracejudge.model.Ids;
import org.tracejudge.model.TaskType;
import org.tracejudge.safety.QuestionReview;
import org.tracejudge.scheme.Answer;
import org.tracejudge.scheme.CriticalReview;
import org.tracejudge.scheme.Question;
import org.tracejudge.scheme.Scheme;
import org.tracejudge.store.Answers;
import org.tracejudge.store.Project;

/**
 * My answers as the table's question columns and the progress counter need them, read once per project and scheme
 * on the project thread.
 *
 * @param cells display text per trace and question
 * @param decided the traces decided under the scheme by my answers
 */
record MyAnswers(Map<String, Map<String, String>> cells, java.util.Set<String> decided) {
    static final MyAnswers NONE = new MyAnswers(Map.of(), java.util.Set.of());

    /** Project thread: my answers under scheme {@code s} ({@code me} null: none). */
    static MyAnswers read(Project p, Scheme s, String me) {
        Map<String, Map<String, String>> out = new HashMap<>();
        if (me == null) {
            return new MyAnswers(out, java.util.Set.of());
        }
        Map<String, Map<String, Answer>> answers = new HashMap<>();
        String raterId = Ids.of("rater", me, "");
        Map<String, Map<String, String>> mine = p.read(c -> Answers.ofRater(c, raterId, s.keys()));
        for (Question q : s.questions()) {
            // a question with a safety-critical option: my cell says when the review waits on someone
            Map<String, CriticalReview.Review> reviews =
                    CriticalReview.applies(q) ? QuestionReview.reviews(p, q) : Map.of();
            mine.forEach((traceId, byQuestion) -> {
                String json = byQuestion.get(q.key());
                if (json == null) {
                    return;
                }
                Answer a;
                try {
                    a = Answer.parse(q.kind(), json);
                } catch (IllegalArgumentException e) {
                    // an answer stored under an older version that no longer reads: shown as stored, not counted
                    out.computeIfAbsent(traceId, k -> new HashMap<>()).put(q.key(), json);
                    return;
                }
                CriticalReview.Review r = reviews.get(traceId);
                String text = QuestionBarViewModel.cellText(a);
                out.computeIfAbsent(traceId, k -> new HashMap<>()).put(q.key(), r == null ? text : r.cell(text));
                answers.computeIfAbsent(traceId, k -> new HashMap<>()).put(q.key(), a);
            });
        }
        if (answers.isEmpty()) {
            return new MyAnswers(out, java.util.Set.of());
        }
        Map<String, String> codes = p.read(c -> Answers.taskTypes(c, Ids.of("rater", me, "")));
        Map<String, TaskType> types = new HashMap<>();
        codes.forEach((id, code) -> {
            try {
                types.put(id, TaskType.fromCode(code));
            } catch (IllegalArgumentException e) {
                // a task type this version does not know: the trace is not counted
            }
        });
        return new MyAnswers(out, s.decidedTraces(types, answers));
    }
}
