package org.tracejudge.ui.trace;

import java.util.ArrayList;
import java.util.List;
import org.tracejudge.scheme.Answer;
import org.tracejudge.scheme.Option;
import org.tracejudge.scheme.Question;
import org.tracejudge.scheme.SpanTarget;
import org.tracejudge.ui.trace.QuestionBarViewModel.State;

/**
 * Span: a passage of the answer selected and the key of its option marks it; Enter saves the marks;
 * {@link QuestionBarViewModel#NONE_FOUND_KEY} answers "none found".
 */
final class SpanKeys implements QuestionKeys {
    static final SpanKeys KEYS = new SpanKeys();

    private SpanKeys() {}

    @Override
    public boolean takes(Question q, String ch) {
        return QuestionBarViewModel.noneFoundKey(q, ch);
    }

    @Override
    public boolean key(Bar bar, Question q, State st, String ch) {
        return QuestionBarViewModel.noneFoundKey(q, ch) && noneFound(bar, q, st);
    }

    /** Answers "none found", unless passages are marked and not saved (Enter saves those). */
    private static boolean noneFound(Bar bar, Question q, State st) {
        if (!st.spans().isEmpty()) {
            bar.status(st.spans().size() + " passage" + (st.spans().size() == 1 ? " is" : "s are")
                    + " marked for '" + q.key() + "': Enter saves "
                    + (st.spans().size() == 1 ? "it" : "them") + "; " + QuestionBarViewModel.NONE_FOUND_KEY
                    + " (none found) is for a text with nothing to mark.");
            return true;
        }
        return bar.commit(q, Answer.Spans.noneFound());
    }

    @Override
    public boolean enter(Bar bar, Question q, State st) {
        if (st.spans().isEmpty()) {
            bar.status("Select a passage of the answer, then the key of its option; Enter saves them. "
                    + QuestionBarViewModel.NONE_FOUND_KEY + ": none found.");
            return true;
        }
        return bar.commit(q, new Answer.Spans(st.spans()));
    }

    @Override
    public boolean markSpan(Bar bar, Question q, State st, String ch, int start, int end) {
        String option = null;
        if (!q.options().isEmpty()) {
            Option o = QuestionBarViewModel.optionOfKey(q, ch);
            if (o == null) {
                return false;
            }
            option = o.value();
        }
        if (end <= start) {
            bar.status("Select a passage of the answer first (Shift+arrows), then the key of its option.");
            return true;
        }
        List<Answer.Span> spans = new ArrayList<>(st.spans());
        spans.add(new Answer.Span(SpanTarget.ANSWER, 0, start, end, option));
        bar.pending(st.pending(st.choices(), List.copyOf(spans), st.perTool()));
        return true;
    }
}
