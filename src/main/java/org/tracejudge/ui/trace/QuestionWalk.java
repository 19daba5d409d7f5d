package org.tracejudge.ui.trace;

import java.util.List;
import java.util.Map;
import org.tracejudge.model.TaskType;
import org.tracejudge.scheme.Answer;
import org.tracejudge.scheme.Question;
import org.tracejudge.scheme.Scheme;

/**
 * Which of a scheme's questions the decision bar is on, for one trace: the questions that apply to it (task type and
 * conditions on its current answers, in the scheme's order), where a fresh trace starts, where an answer moves on to,
 * and whether the trace is decided. Pure: the answers are the annotator's current ones, by question key.
 */
public final class QuestionWalk {
    private QuestionWalk() {}

    /** The questions that apply to a trace of this type with these answers, in the scheme's order. */
    public static List<Question> applicable(Scheme s, TaskType type, Map<String, Answer> answers) {
        return s.applicable(type, answers);
    }

    /**
     * Where a trace starts: its first unanswered required question that applies; on a decided trace its first question
     * that applies (an optional question left open is reached with Tab); null when none applies.
     */
    public static String start(Scheme s, TaskType type, Map<String, Answer> answers) {
        List<Question> qs = applicable(s, type, answers);
        for (Question q : qs) {
            if (q.required() && !answers.containsKey(q.key())) {
                return q.key();
            }
        }
        return qs.isEmpty() ? null : qs.get(0).key();
    }

    /**
     * Where an answer to {@code current} moves on to: the next question after it that applies (with the answers as they
     * are now) and is unanswered; else the first unanswered required one before it; null when there is none left.
     */
    public static String after(Scheme s, TaskType type, Map<String, Answer> answers, String current) {
        List<Question> qs = applicable(s, type, answers);
        int from = indexIn(s, current);
        for (Question q : qs) {
            if (indexIn(s, q.key()) > from && !answers.containsKey(q.key())) {
                return q.key();
            }
        }
        for (Question q : qs) {
            if (q.required() && !answers.containsKey(q.key())) {
                return q.key();
            }
        }
        return null;
    }

    /**
     * One step through the questions that apply: {@code +1} the next, {@code -1} the one before (Tab / Shift+Tab, ] /
     * [), staying at the ends. A current question that no longer applies steps from where it stood in the scheme.
     */
    public static String step(Scheme s, TaskType type, Map<String, Answer> answers, String current, int direction) {
        List<Question> qs = applicable(s, type, answers);
        if (qs.isEmpty()) {
            return null;
        }
        int at = indexIn(s, current);
        if (direction > 0) {
            for (Question q : qs) {
                if (indexIn(s, q.key()) > at) {
                    return q.key();
                }
            }
            return qs.get(qs.size() - 1).key();
        }
        for (int i = qs.size() - 1; i >= 0; i--) {
            if (indexIn(s, qs.get(i).key()) < at) {
                return qs.get(i).key();
            }
        }
        return qs.get(0).key();
    }

    /** Whether every required question that applies is answered. */
    public static boolean decided(Scheme s, TaskType type, Map<String, Answer> answers) {
        return s.decided(type, answers);
    }

    private static int indexIn(Scheme s, String key) {
        List<String> keys = s.keys();
        int i = key == null ? -1 : keys.indexOf(key);
        return i;
    }
}
