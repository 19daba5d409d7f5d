package org.tracejudge.ui.trace;

import org.tracejudge.scheme.Answer;
import org.tracejudge.scheme.Question;
import org.tracejudge.ui.trace.QuestionBarViewModel.State;

/** Ordinal: the key of a step of the scale answers, and the walk moves on. */
final class OrdinalKeys implements QuestionKeys {
    static final OrdinalKeys KEYS = new OrdinalKeys();

    private OrdinalKeys() {}

    /** The step whose key {@code ch} is, or null. */
    private static Integer stepOfKey(Question q, String ch) {
        for (int step = q.scale().from(); step <= q.scale().to(); step++) {
            if (ch.equalsIgnoreCase(q.keyOfStep(step))) {
                return step;
            }
        }
        return null;
    }

    @Override
    public boolean takes(Question q, String ch) {
        return stepOfKey(q, ch) != null;
    }

    @Override
    public boolean key(Bar bar, Question q, State st, String ch) {
        Integer step = stepOfKey(q, ch);
        return step != null && bar.commit(q, new Answer.Step(step));
    }
}
