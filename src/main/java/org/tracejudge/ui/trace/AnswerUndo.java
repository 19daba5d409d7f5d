package org.tracejudge.ui.trace;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import java.util.function.ToIntFunction;
import javafx.beans.property.ObjectProperty;
import javafx.beans.value.ObservableObjectValue;
import org.tracejudge.scheme.Answer;
import org.tracejudge.scheme.Question;
import org.tracejudge.scheme.Scheme;
import org.tracejudge.ui.trace.QuestionBarViewModel.State;

/**
 * The question bar's undo: the answers given, last first, and the way back to an answer's trace. Ctrl+Z takes back the
 * last one (an entry restoring the answer before it, or a withdrawal when there was none) and shows its trace at that
 * question: the trace on screen at once, another one by moving the queue there, the walk starting at the question once
 * its answers are read ({@link #returnTo}). {@link QuestionBarViewModel} owns it and hands it its
 * scheme, state and write.
 */
final class AnswerUndo {
    /** The write of my answer ({@code null}: a withdrawal) to a trace's question, without moving on. */
    interface Write {
        void write(String traceId, Question q, Answer a);
    }

    /** One answer given: the trace, the question and what I had before (null: nothing). */
    private record Given(String traceId, String question, Answer before, Answer after) {}

    private final ObservableObjectValue<Scheme> scheme;
    private final ObjectProperty<State> state;
    private final Write write;
    private final Consumer<String> status;
    private final ToIntFunction<String> indexOf;
    private final IntConsumer go;
    private final Deque<Given> given = new ArrayDeque<>();
    /** Where the walk starts on the trace an undo went back to, once its answers are read. */
    private String pendingAt;

    /**
     * @param scheme the bar's scheme (null: none)
     * @param state the state the bar shows, set again when the undone answer is on the trace shown
     * @param write the bar's write of an answer
     * @param status the status line
     * @param indexOf a trace's row in the queue (negative: not in it)
     * @param go moves the queue to a row: the undone answer's trace when it is another one
     */
    AnswerUndo(
            ObservableObjectValue<Scheme> scheme,
            ObjectProperty<State> state,
            Write write,
            Consumer<String> status,
            ToIntFunction<String> indexOf,
            IntConsumer go) {
        this.scheme = scheme;
        this.state = state;
        this.write = write;
        this.status = status;
        this.indexOf = indexOf;
        this.go = go;
    }

    /** An answer given to a trace's question, {@code before} the one it replaced (null: none). */
    void given(String traceId, String question, Answer before, Answer after) {
        given.push(new Given(traceId, question, before, after));
    }

    /** Another project: nothing to take back. */
    void clear() {
        given.clear();
    }

    /** How many answers can be taken back. */
    int depth() {
        return given.size();
    }

    /** The question an undo went back to on the trace now read, once (null: none, the walk starts as usual). */
    String returnTo() {
        String at = pendingAt;
        pendingAt = null;
        return at;
    }

    /** Takes back the last answer and shows its trace at that question; false when there is none. */
    boolean undo() {
        Given g = given.poll();
        Scheme s = scheme.get();
        if (g == null || s == null) {
            return false;
        }
        Question q = s.question(g.question()).orElse(null);
        if (q == null) {
            return false;
        }
        write.write(g.traceId(), q, g.before());
        status.accept("undone: " + g.question() + " = "
                + QuestionBarViewModel.shortText(QuestionBarViewModel.cellText(g.after()))
                + (g.before() == null
                        ? ""
                        : " → " + QuestionBarViewModel.shortText(QuestionBarViewModel.cellText(g.before()))));
        State st = state.get();
        if (g.traceId().equals(st.traceId())) {
            Map<String, Answer> answers = new LinkedHashMap<>(st.answers());
            if (g.before() == null) {
                answers.remove(g.question());
            } else {
                answers.put(g.question(), g.before());
            }
            state.set(QuestionBarViewModel.withAnswers(st, s, answers, g.question(), true));
        } else {
            int i = indexOf.applyAsInt(g.traceId());
            if (i >= 0) {
                // the trace is read again (with the undone answer) when it is shown
                pendingAt = g.question();
                go.accept(i);
            }
        }
        return true;
    }
}
