package org.tracejudge.ui.trace;

import org.tracejudge.scheme.Answer;
import org.tracejudge.scheme.Question;

/** Number: no key of its own; the number typed in the field answers (a decimal comma read as a point). */
final class NumberKeys implements QuestionKeys {
    static final NumberKeys KEYS = new NumberKeys();

    private NumberKeys() {}

    @Override
    public boolean takes(Question q, String ch) {
        return false;
    }

    @Override
    public boolean typed(Bar bar, Question q, String text) {
        double v;
        try {
            v = Double.parseDouble(text.replace(',', '.'));
        } catch (NumberFormatException e) {
            bar.status("'" + text + "' is no number (for '" + q.key() + "').");
            return false;
        }
        return bar.commit(q, new Answer.Numeric(v));
    }
}
