package org.tracejudge.ui.trace;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.tracejudge.scheme.Answer;
import org.tracejudge.scheme.Option;
import org.tracejudge.scheme.Question;
import org.tracejudge.ui.trace.QuestionBarViewModel.State;

/**
 * Yes/no per tool: the key of YES or NO decides the next tool without a decision, in the scenario's order; the last
 * tool's commits the answer.
 */
final class PerToolKeys implements QuestionKeys {
    static final PerToolKeys KEYS = new PerToolKeys();

    private PerToolKeys() {}

    @Override
    public boolean takes(Question q, String ch) {
        return QuestionBarViewModel.optionOfKey(q, ch) != null;
    }

    @Override
    public boolean key(Bar bar, Question q, State st, String ch) {
        Option o = QuestionBarViewModel.optionOfKey(q, ch);
        String tool = st.nextTool();
        if (o == null || tool == null) {
            return false;
        }
        Map<String, Answer.YesNo> m = new LinkedHashMap<>(st.perTool());
        m.put(tool, Answer.YesNo.valueOf(o.value().toUpperCase(Locale.ROOT)));
        if (m.size() == st.tools().size()) {
            return bar.commit(q, Answer.PerTool.of(m));
        }
        bar.pending(st.pending(st.choices(), st.spans(), Map.copyOf(m)));
        return true;
    }
}
