package org.tracejudge.ui.trace;

import org.tracejudge.scheme.Answer;
import org.tracejudge.scheme.Kind;
import org.tracejudge.scheme.Question;
import org.tracejudge.ui.trace.QuestionBarViewModel.State;

/**
 * What the keys of the question bar mean for one kind of question: one handler per {@link Kind}. The
 * {@link QuestionBarViewModel} keeps the walk and the state, checks that a question is current and its answers read,
 * and hands the key to the current question's handler; the handler answers through {@link Bar} (a commit, or the state
 * with a part not yet committed).
 */
interface QuestionKeys {
    /** What a handler may do to the bar. */
    interface Bar {
        /** Writes my answer to the question and moves on; false when it was not saved (the status line says why). */
        boolean commit(Question q, Answer a);

        /** Shows the state with a part not yet committed: toggled options, marked spans, the tools decided so far. */
        void pending(State st);

        /** A line on the status bar. */
        void status(String text);
    }

    /** Whether a key means something for {@code q} (so the window's other keys do not get it). */
    boolean takes(Question q, String ch);

    /** A character pressed on the bar, {@code q} being {@code st}'s current question. */
    default boolean key(Bar bar, Question q, State st, String ch) {
        return false;
    }

    /** Enter on the bar: commits what the keys gathered. */
    default boolean enter(Bar bar, Question q, State st) {
        return false;
    }

    /** A passage of the answer selected and the key {@code ch} pressed. */
    default boolean markSpan(Bar bar, Question q, State st, String ch, int start, int end) {
        return false;
    }

    /** Enter in the number or text field, with text typed (an empty field is the bar's to pass or refuse). */
    default boolean typed(Bar bar, Question q, String text) {
        return false;
    }

    /** The handler of a kind of question. */
    static QuestionKeys of(Kind kind) {
        return switch (kind) {
            case SINGLE_CHOICE -> SingleChoiceKeys.KEYS;
            case MULTIPLE_CHOICE -> MultipleChoiceKeys.KEYS;
            case ORDINAL -> OrdinalKeys.KEYS;
            case YES_NO_PER_TOOL -> PerToolKeys.KEYS;
            case SPAN -> SpanKeys.KEYS;
            case NUMBER -> NumberKeys.KEYS;
            case TEXT -> TextKeys.KEYS;
        };
    }
}
