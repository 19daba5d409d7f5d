package org.tracejudge.ui.trace;

import java.util.TreeSet;
import org.tracejudge.scheme.Answer;
import org.tracejudge.scheme.Option;
import org.tracejudge.scheme.Question;
import org.tracejudge.ui.trace.QuestionBarViewModel.State;

/** Multiple choice: an option's key toggles it; Enter commits the toggled options (at least one). */
final class MultipleChoiceKeys implements QuestionKeys {
    static final MultipleChoiceKeys KEYS = new MultipleChoiceKeys();

    private MultipleChoiceKeys() {}

    @Override
    public boolean takes(Question q, String ch) {
        return QuestionBarViewModel.optionOfKey(q, ch) != null;
    }

    @Override
    public boolean key(Bar bar, Question q, State st, String ch) {
        Option o = QuestionBarViewModel.optionOfKey(q, ch);
        if (o == null) {
            return false;
        }
        TreeSet<String> c = new TreeSet<>(st.choices());
        if (!c.remove(o.value())) {
            c.add(o.value());
        }
        bar.pending(st.pending(c, st.spans(), st.perTool()));
        return true;
    }

    @Override
    public boolean enter(Bar bar, Question q, State st) {
        if (st.choices().isEmpty()) {
            bar.status("Toggle at least one option of '" + q.key() + "' (its keys), then Enter.");
            return true;
        }
        return bar.commit(q, new Answer.Choices(st.choices()));
    }
}
