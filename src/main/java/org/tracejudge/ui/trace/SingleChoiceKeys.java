package org.tracejudge.ui.trace;

import org.tracejudge.scheme.Answer;
import org.tracejudge.scheme.Option;
import org.tracejudge.scheme.Question;
import org.tracejudge.ui.trace.QuestionBarViewModel.State;

/** Single choice: the option's key (its own, else its position 1–9) answers, and the walk moves on. */
final class SingleChoiceKeys implements QuestionKeys {
    static final SingleChoiceKeys KEYS = new SingleChoiceKeys();

    private SingleChoiceKeys() {}

    @Override
    public boolean takes(Question q, String ch) {
        return QuestionBarViewModel.optionOfKey(q, ch) != null;
    }

    @Override
    public boolean key(Bar bar, Question q, State st, String ch) {
        Option o = QuestionBarViewModel.optionOfKey(q, ch);
        return o != null && bar.commit(q, new Answer.Choice(o.value()));
    }
}
