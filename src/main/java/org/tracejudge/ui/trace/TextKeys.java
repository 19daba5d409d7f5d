package org.tracejudge.ui.trace;

import org.tracejudge.scheme.Answer;
import org.tracejudge.scheme.Question;

/** Text: no key of its own; the text typed in the field answers as typed. */
final class TextKeys implements QuestionKeys {
    static final TextKeys KEYS = new TextKeys();

    private TextKeys() {}

    @Override
    public boolean takes(Question q, String ch) {
        return false;
    }

    @Override
    public boolean typed(Bar bar, Question q, String text) {
        return bar.commit(q, new Answer.Text(text));
    }
}
