package org.tracejudge.ui.trace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import org.tracejudge.model.Ids;
import org.tracejudge.model.RaterKind;
import org.tracejudge.model.TaskType;
import org.tracejudge.scheme.Answer;
import org.tracejudge.scheme.CriticalReview;
import org.tracejudge.scheme.Kind;
import org.tracejudge.scheme.Option;
import org.tracejudge.scheme.Question;
import org.tracejudge.scheme.Scheme;
import org.tracejudge.scheme.SchemeFile;
import org.tracejudge.selection.SelectionTraces;
import org.tracejudge.store.Answers;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;
import org.tracejudge.store.SchemeVersions;
import org.tracejudge.store.TraceTable;
import org.tracejudge.ui.session.Session;
import org.tracejudge.ui.table.TraceTableViewModel;

/**
 * The decision bar of a project with its own scheme (issue 49): it walks the trace's questions ({@link QuestionWalk})
 * and turns keys into answers, one {@link Answers} entry each, by the annotator (the same person as their labels) under
 * the current scheme version. A trace whose required questions are all answered is decided and the queue moves on, as
 * a label does. Ctrl+Z takes back the last answer (an entry restoring the one before, or a withdrawal), returning to
 * its trace. Reads and writes run on the project thread; the state the view draws is one immutable {@link State}.
 *
 * <p>A project without a scheme of its own never activates it: the label keys stay as they are.
 */
public final class QuestionBarViewModel implements Session.Listener {
    /**
     * What the bar shows.
     *
     * @param traceId the trace, null when none (or no scheme)
     * @param type its task type
     * @param questions the questions that apply now, in order
     * @param current the key of the question the keys act on
     * @param answers my current answers by question key
     * @param loaded whether my answers have been read (no key answers before)
     * @param choices the options toggled for the current multiple-choice question, not yet committed
     * @param spans the spans marked for the current span question, not yet committed
     * @param tools the tools of a tool-selection task (yes/no per tool), in the scenario's order
     * @param perTool the YES/NO given so far for the current yes/no-per-tool question
     * @param answerText the text a span points into (the final answer)
     * @param decided whether every required question that applies is answered
     */
    public record State(
            String traceId,
            TaskType type,
            List<Question> questions,
            String current,
            Map<String, Answer> answers,
            boolean loaded,
            TreeSet<String> choices,
            List<Answer.Span> spans,
            List<String> tools,
            Map<String, Answer.YesNo> perTool,
            String answerText,
            boolean decided) {
        static final State NONE = new State(
                null,
                null,
                List.of(),
                null,
                Map.of(),
                false,
                new TreeSet<>(),
                List.of(),
                List.of(),
                Map.of(),
                "",
                false);

        /** The question the keys act on, or null. */
        public Question question() {
            for (Question q : questions) {
                if (q.key().equals(current)) {
                    return q;
                }
            }
            return null;
        }

        /** The tool the next Y/N decides (the first without a decision), or null. */
        public String nextTool() {
            for (String t : tools) {
                if (!perTool.containsKey(t)) {
                    return t;
                }
            }
            return null;
        }

        /**
         * This state with the parts gathered so far for the current question, not yet committed: the options toggled
         * (multiple choice), the spans marked (span), the YES/NO given (yes/no per tool).
         */
        State pending(TreeSet<String> toggled, List<Answer.Span> marked, Map<String, Answer.YesNo> given) {
            return new State(
                    traceId,
                    type,
                    questions,
                    current,
                    answers,
                    loaded,
                    toggled,
                    marked,
                    tools,
                    given,
                    answerText,
                    decided);
        }
    }

    /**
     * What the bar shows of the other raters' and machines' answers to the current question. A blind question shows
     * nothing of them (not even how many there are, nor its safety review, which would tell that someone picked a
     * safety-critical option) until this person answered it on the trace.
     *
     * @param traceId the trace, null when none
     * @param question the current question's key, null when none
     * @param hidden whether the question is blind and not answered by me yet, or a blind question before it in the
     *     walk is not ({@code until})
     * @param lines one line per other rater: name, answer, and the kind of a machine rater
     * @param review the safety review of a question with a safety-critical option (my answer counted), else null
     * @param until when hidden, the blind question of the trace I have to answer first (it may be this one)
     */
    public record Others(
            String traceId,
            String question,
            boolean hidden,
            List<String> lines,
            CriticalReview.Review review,
            String until) {
        static final Others NONE = new Others(null, null, false, List.of(), null, null);

        Others(String traceId, String question, boolean hidden, List<String> lines, CriticalReview.Review review) {
            this(traceId, question, hidden, lines, review, hidden ? question : null);
        }

        /** The line {@code #questionOthers} shows. */
        public String text() {
            if (question == null) {
                return "";
            }
            if (hidden && until != null && !until.equals(question)) {
                return "Hidden until you answer '" + until + "' (blind): other raters' and machines' answers on this "
                        + "trace would hint at theirs to it.";
            }
            if (hidden) {
                return "Blind until you answer: other raters' and machines' answers to '" + question + "' are hidden.";
            }
            return lines.isEmpty()
                    ? "No one else has answered '" + question + "' yet."
                    : "Others: " + String.join(" · ", lines);
        }

        /** The chip of an item the safety review waits on ("needs a second expert"), or null. */
        public String chip() {
            return review != null && review.status().open() ? review.status().words() : null;
        }
    }

    private final Session session;
    private final TraceTableViewModel queue;
    private final TraceViewModel trace;
    private final ReadOnlyObjectWrapper<Scheme> scheme = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<State> state = new ReadOnlyObjectWrapper<>(State.NONE);
    private final ReadOnlyObjectWrapper<Others> others = new ReadOnlyObjectWrapper<>(Others.NONE);
    /** Every rater's answers on the trace the bar is on, read with mine. */
    private final AnswersOnTrace onTrace = new AnswersOnTrace();

    /** The answers given and the way back to their trace (Ctrl+Z). */
    private final AnswerUndo undo;
    /** My answers' display text per trace and question (the table's question columns), filled on the project thread. */
    private volatile Map<String, Map<String, String>> cells = Map.of();

    private final javafx.beans.property.ReadOnlyIntegerWrapper cellsVersion =
            new javafx.beans.property.ReadOnlyIntegerWrapper();

    public QuestionBarViewModel(Session session, TraceTableViewModel queue, TraceViewModel trace) {
        this.session = session;
        this.queue = queue;
        this.trace = trace;
        this.undo = new AnswerUndo(
                scheme.getReadOnlyProperty(), state, this::write, session::setStatus, queue::indexOf, queue::go);
        session.addListener(this);
        trace.detailProperty().addListener((o, a, d) -> showTrace(d));
        state.addListener((o, a, b) -> others.set(othersOf(b)));
        // the progress counter: a trace read or answered tells the queue whether it is decided under the scheme
        state.addListener((o, a, b) -> tellQueue(b));
    }

    private void tellQueue(State st) {
        if (scheme.get() != null && st.traceId() != null && st.loaded()) {
            // a trace no question applies to is "decided" for the walk, yet nobody decided it: counted once answered,
            // as Scheme.decidedTraces counts
            queue.schemeDecided(st.traceId(), st.decided() && !st.answers().isEmpty());
        }
    }

    /** Other raters' and machines' answers to the current question, as a blind question allows them to be seen. */
    public ReadOnlyObjectProperty<Others> othersProperty() {
        return others.getReadOnlyProperty();
    }

    private Others othersOf(State st) {
        return onTrace.others(st, session.annotatorProperty().get());
    }

    /** The project's own scheme, null when it has none (the built-in label keys then). */
    public ReadOnlyObjectProperty<Scheme> schemeProperty() {
        return scheme.getReadOnlyProperty();
    }

    /**
     * FX thread: whether the trace has a blind question I have not answered yet, so that what could carry another
     * rater's verdict on it (the raw record's scores) is held back. A trace the bar has not read counts as one when
     * the scheme has a blind question.
     */
    public boolean blindPending(String traceId) {
        Scheme s = scheme.get();
        if (s == null || s.questions().stream().noneMatch(Question::blind)) {
            return false;
        }
        State st = state.get();
        if (traceId == null || !traceId.equals(st.traceId()) || !st.loaded()) {
            return true;
        }
        return st.questions().stream().anyMatch(q -> q.blind() && !st.answers().containsKey(q.key()));
    }

    public ReadOnlyObjectProperty<State> stateProperty() {
        return state.getReadOnlyProperty();
    }

    /** Whether the bar is on: the project has a scheme of its own and a trace is shown. */
    public boolean active() {
        return scheme.get() != null && state.get().traceId() != null;
    }

    private final javafx.beans.binding.BooleanBinding activeBinding =
            javafx.beans.binding.Bindings.createBooleanBinding(this::active, scheme, state);

    /** {@link #active()} as a value the view binds to. */
    public javafx.beans.binding.BooleanBinding activeProperty() {
        return activeBinding;
    }

    private int schemeVersion;
    /** The annotator the last read was for (another person's answers are another walk). */
    private String readFor;

    @Override
    public void opened() {
        undo.clear();
        readFor = null;
        scheme.set(null);
        cells = Map.of();
        onTrace.clear();
        state.set(State.NONE);
        queue.setSchemeDecided(java.util.Set.of());
    }

    /** Project thread: reads the current scheme (and my answers for the table's columns). */
    @Override
    public void read(Session.Read r) {
        Project p = r.project();
        Scheme s;
        int v;
        try {
            SchemeVersions.Version cur = p.read(SchemeVersions::current);
            s = cur == null ? null : SchemeFile.parse(cur.body(), p.file() + " scheme version " + cur.version());
            v = cur == null ? 0 : cur.version();
        } catch (Exception e) {
            session.onFx(() -> session.setStatus("Cannot read the project's scheme: " + e.getMessage()));
            return;
        }
        String me = session.annotatorProperty().get();
        // my answers for the table's question columns and the counter: not what the first screen needs, so read once
        // the first rows are shown (at 100k traces they would compete with them for the project and the cores)
        session.afterFirstRows(() -> {
            if (session.project() != p) {
                return; // another project was opened meanwhile
            }
            MyAnswers mine = s == null ? MyAnswers.NONE : MyAnswers.read(p, s, me);
            session.onFx(() -> {
                cells = mine.cells();
                cellsVersion.set(cellsVersion.get() + 1);
                queue.setSchemeDecided(mine.decided());
                // an answer given while this read ran is not in its set: the trace on screen says again
                tellQueue(state.get());
            });
        });
        session.onFx(() -> {
            schemeVersion = v;
            boolean samePerson = java.util.Objects.equals(readFor, me);
            readFor = me;
            if (java.util.Objects.equals(scheme.get(), s) && s != null && samePerson) {
                // the same scheme read again (a re-read after an import, a judge run): the walk on the trace stays,
                // so keys pressed meanwhile are not lost; the others' answers on it are read again
                String shown = onTrace.traceId();
                if (shown != null) {
                    session.submit(() -> {
                        Map<String, List<Answers.Current>> everyone = AnswersOnTrace.everyone(p, s, shown);
                        session.onFx(() -> {
                            if (shown.equals(onTrace.traceId())) {
                                onTrace.reread(everyone);
                                others.set(othersOf(state.get()));
                            }
                        });
                    });
                }
                return;
            }
            scheme.set(s);
            TraceDetail d = trace.detailProperty().get();
            state.set(State.NONE);
            showTrace(d);
        });
    }

    /**
     * An answer as a table cell: its display text, but spans as their options ("dismissive ×2") and yes/no per tool as
     * "tool YES, tool NO" rather than JSON.
     */
    static String cellText(Answer a) {
        if (a instanceof Answer.Spans s && s.isNoneFound()) {
            return Answer.Spans.NONE_FOUND;
        }
        if (a instanceof Answer.Spans s) {
            Map<String, Integer> n = new TreeMap<>();
            for (Answer.Span x : s.spans()) {
                n.merge(x.option() == null ? "span" : x.option(), 1, Integer::sum);
            }
            List<String> parts = new ArrayList<>();
            n.forEach((k, v) -> parts.add(v == 1 ? k : k + " ×" + v));
            return String.join(", ", parts);
        }
        if (a instanceof Answer.PerTool p) {
            List<String> parts = new ArrayList<>();
            p.decisions().forEach((k, v) -> parts.add(k + " " + v));
            return String.join(", ", parts);
        }
        return a.display();
    }

    /** My answer's display text to a question on a trace (the table's question column), or null. */
    public String cell(String traceId, String question) {
        Map<String, String> m = cells.get(traceId);
        return m == null ? null : m.get(question);
    }

    /** Counts re-reads of {@link #cell} (a project read): the table redraws its question columns. */
    public javafx.beans.property.ReadOnlyIntegerProperty cellsVersionProperty() {
        return cellsVersion.getReadOnlyProperty();
    }

    // ------------------------------------------------------------------------------------ the trace

    private void showTrace(TraceDetail d) {
        Scheme s = scheme.get();
        if (s == null || d == null) {
            if (s == null) {
                state.set(State.NONE);
            }
            return; // a re-shown detail passes through null
        }
        if (d.traceId().equals(state.get().traceId())) {
            return;
        }
        TaskType type = d.task().type();
        String answerText = d.trace().answer() == null ? "" : d.trace().answer();
        state.set(new State(
                d.traceId(),
                type,
                QuestionWalk.applicable(s, type, Map.of()),
                null,
                Map.of(),
                false,
                new TreeSet<>(),
                List.of(),
                List.of(),
                Map.of(),
                answerText,
                false));
        String me = session.annotatorProperty().get();
        Project p = session.project();
        String id = d.traceId();
        boolean needsTools = type == TaskType.TOOL_SELECTION
                && s.questionsFor(type).stream().anyMatch(q -> q.kind() == Kind.YES_NO_PER_TOOL);
        if (p == null) {
            return;
        }
        session.submit(() -> {
            Map<String, String> json =
                    me == null ? Map.of() : p.read(c -> Answers.ofTrace(c, id, Ids.of("rater", me, ""), s.keys()));
            // everyone's answers, held back by the view model: a blind question shows them only after mine
            Map<String, List<Answers.Current>> everyone = AnswersOnTrace.everyone(p, s, id);
            List<String> tools = List.of();
            if (needsTools) {
                SelectionTraces.Item item = p.read(c -> SelectionTraces.one(c, id));
                if (item != null && item.scenario() != null) {
                    tools = item.scenario().toolNames();
                }
            }
            List<String> toolNames = tools;
            session.onFx(() -> loaded(s, id, json, everyone, toolNames));
        });
    }

    private void loaded(
            Scheme s,
            String id,
            Map<String, String> json,
            Map<String, List<Answers.Current>> everyone,
            List<String> tools) {
        State st = state.get();
        if (scheme.get() != s || !id.equals(st.traceId())) {
            return;
        }
        onTrace.set(id, Map.copyOf(everyone));
        Map<String, Answer> answers = new LinkedHashMap<>();
        json.forEach((k, v) -> s.question(k).ifPresent(q -> {
            try {
                answers.put(k, Answer.parse(q.kind(), v));
            } catch (IllegalArgumentException e) {
                // an answer stored under an older version that no longer reads: not shown as mine
            }
        }));
        String back = undo.returnTo();
        String at = back != null && s.question(back).isPresent() ? back : QuestionWalk.start(s, st.type(), answers);
        State loaded = withAnswers(st, s, answers, at, true);
        state.set(new State(
                loaded.traceId(),
                loaded.type(),
                loaded.questions(),
                loaded.current(),
                loaded.answers(),
                true,
                new TreeSet<>(),
                List.of(),
                tools,
                Map.of(),
                loaded.answerText(),
                loaded.decided()));
    }

    /** The state with these answers, the walk at {@code current}, the pending parts cleared. */
    static State withAnswers(State st, Scheme s, Map<String, Answer> answers, String current, boolean loaded) {
        Map<String, Answer> a = Map.copyOf(answers);
        return new State(
                st.traceId(),
                st.type(),
                QuestionWalk.applicable(s, st.type(), a),
                current,
                a,
                loaded,
                new TreeSet<>(),
                List.of(),
                st.tools(),
                Map.of(),
                st.answerText(),
                QuestionWalk.decided(s, st.type(), a));
    }

    // ------------------------------------------------------------------------------------ keys

    /** Tab / ]: the next question that applies; Shift+Tab / [: the one before. */
    public boolean move(int direction) {
        State st = state.get();
        Scheme s = scheme.get();
        if (s == null || st.traceId() == null) {
            return false;
        }
        String to = QuestionWalk.step(s, st.type(), st.answers(), st.current(), direction);
        state.set(withAnswers(st, s, st.answers(), to, st.loaded()));
        return true;
    }

    /**
     * A key pressed on the bar: a character (a digit, a letter) the current question's kind takes. Single choice: the
     * option's key answers and moves on; multiple choice: toggles; ordinal: the step answers; yes/no per tool: the
     * key of YES / NO decides the next tool (the last one commits); span: {@link #NONE_FOUND_KEY} answers "none
     * found". Number and text are typed in their field ({@link #submitText}), spans selected ({@link #markSpan}).
     *
     * @return whether the key meant something here
     */
    public boolean key(String ch) {
        State st = state.get();
        Question q = st.question();
        if (q == null || ch == null || ch.isEmpty() || !st.loaded()) {
            return false;
        }
        return QuestionKeys.of(q.kind()).key(bar, q, st, ch);
    }

    /** What the kinds' key handlers do to the bar: commit, show a pending part, say something. */
    private final QuestionKeys.Bar bar = new QuestionKeys.Bar() {
        @Override
        public boolean commit(Question q, Answer a) {
            return QuestionBarViewModel.this.commit(q, a);
        }

        @Override
        public void pending(State st) {
            state.set(st);
        }

        @Override
        public void status(String text) {
            session.setStatus(text);
        }
    };

    /** On a span question, the key that answers "none found": nothing in the text to mark. */
    public static final String NONE_FOUND_KEY = "0";

    /** Whether {@code ch} is the "none found" key of span question {@code q} (no option of it has that key). */
    static boolean noneFoundKey(Question q, String ch) {
        return q.kind() == Kind.SPAN && NONE_FOUND_KEY.equals(ch) && optionOfKey(q, ch) == null;
    }

    /** Whether a key means something for the current question (so the window's other keys do not get it). */
    public boolean takes(String ch) {
        Question q = state.get().question();
        if (q == null || ch == null) {
            return false;
        }
        return QuestionKeys.of(q.kind()).takes(q, ch);
    }

    /** The option a key stands for (its own key, else its position 1–9), or null. */
    static Option optionOfKey(Question q, String ch) {
        for (Option o : q.options()) {
            String k = q.keyOf(o);
            if (k != null && k.equalsIgnoreCase(ch)) {
                return o;
            }
        }
        return null;
    }

    /** Enter on the bar: commits the toggled options of a multiple choice, or the marked spans. */
    public boolean enter() {
        State st = state.get();
        Question q = st.question();
        if (q == null || !st.loaded()) {
            return false;
        }
        return QuestionKeys.of(q.kind()).enter(bar, q, st);
    }

    /**
     * A passage of the answer selected and an option's key pressed: the span is marked (Enter saves the marks).
     *
     * @return whether the key was an option of the current span question
     */
    public boolean markSpan(String ch, int start, int end) {
        State st = state.get();
        Question q = st.question();
        if (q == null || !st.loaded()) {
            return false;
        }
        return QuestionKeys.of(q.kind()).markSpan(bar, q, st, ch, start, end);
    }

    /**
     * Enter in the number or text field. An empty field passes an optional question (the walk moves on, and a
     * decided trace to the next one); anything else is answered as typed.
     */
    public boolean submitText(String text) {
        State st = state.get();
        Question q = st.question();
        if (q == null || !st.loaded()) {
            return false;
        }
        String t = text == null ? "" : text.strip();
        if (t.isEmpty()) {
            if (q.required()) {
                session.setStatus("'" + q.key() + "' is required: type "
                        + (q.kind() == Kind.NUMBER ? "a number" : "text") + ", then Enter.");
                return false;
            }
            moveOn(scheme.get(), state.get(), q.key());
            return true;
        }
        return QuestionKeys.of(q.kind()).typed(bar, q, t);
    }

    // ------------------------------------------------------------------------------------ writing

    /** Writes my answer to the current trace's question, then moves on (the next question, or the next trace). */
    boolean commit(Question q, Answer a) {
        State st = state.get();
        Scheme s = scheme.get();
        String me = session.annotatorProperty().get();
        if (s == null || st.traceId() == null || me == null) {
            return false;
        }
        Optional<String> bad = q.check(a);
        if (bad.isPresent()) {
            session.setStatus("Not saved: " + bad.get());
            return false;
        }
        String problem = session.state().integrityProblemProperty().get();
        if (problem != null) {
            session.setStatus("Not saved: " + problem);
            return false;
        }
        Answer before = st.answers().get(q.key());
        undo.given(st.traceId(), q.key(), before, a);
        Map<String, Answer> answers = new LinkedHashMap<>(st.answers());
        answers.put(q.key(), a);
        write(st.traceId(), q, a);
        State now = withAnswers(st, s, answers, q.key(), true);
        state.set(now);
        session.setStatus(me + ": " + q.key() + " = " + shortText(cellText(a)));
        moveOn(s, now, q.key());
        return true;
    }

    /** After {@code from}: the next unanswered question, or (decided, none left) the next trace. */
    private void moveOn(Scheme s, State st, String from) {
        String next = QuestionWalk.after(s, st.type(), st.answers(), from);
        if (next == null && st.decided()) {
            session.keys().markKey();
            queue.next();
            return;
        }
        String to = next != null ? next : QuestionWalk.step(s, st.type(), st.answers(), from, +1);
        state.set(withAnswers(st, s, st.answers(), to, st.loaded()));
    }

    private void write(String traceId, Question q, Answer a) {
        Project p = session.project();
        String me = session.annotatorProperty().get();
        int version = schemeVersion;
        String display = a == null
                ? null
                : onTrace.reviewedCell(
                        traceId, q, a, session.annotatorProperty().get());
        Map<String, Map<String, String>> c = new HashMap<>(cells);
        Map<String, String> row = new HashMap<>(c.getOrDefault(traceId, Map.of()));
        if (display == null) {
            row.remove(q.key());
        } else {
            row.put(q.key(), display);
        }
        c.put(traceId, row);
        cells = c;
        // the trace's row is shown again (its question cells read the new value); one row, not the whole table
        int at = queue.currentProperty().get();
        int index = traceId.equals(queue.idAt(at)) ? at : queue.indexOf(traceId);
        queue.updateRow(index, traceId, r -> new TraceTable.Row(r.traceId(), r.taskId(), r.labelSet(), r.values()));
        session.submit(() -> {
            try {
                p.write(x -> {
                    String rater = Ledger.ensureRater(x, me, RaterKind.HUMAN, "", null, null);
                    return Answers.append(
                            x,
                            null,
                            a == null
                                    ? Answers.Entry.withdraw(traceId, rater, q.key(), version, me)
                                    : Answers.Entry.set(traceId, rater, q.key(), version, a.toJson(), me));
                });
                session.team().ledgerChanged();
                session.team().syncTeamNow();
            } catch (RuntimeException e) {
                session.onFx(() -> session.setStatus("Could not save the answer: " + e.getMessage()));
            }
        });
    }

    /**
     * Ctrl+Z: takes back my last answer (an entry restoring the one before it, or a withdrawal when there was none)
     * and shows its trace at that question ({@link AnswerUndo}).
     */
    public boolean undo() {
        return undo.undo();
    }

    /** For tests and the view: how many answers Ctrl+Z can take back. */
    public int undoDepth() {
        return undo.depth();
    }

    static String shortText(String s) {
        return s.length() <= 60 ? s : s.substring(0, 59) + "…";
    }

    /** The steps of an ordinal question with their anchors' labels (those without an anchor: the bare step). */
    public static Map<Integer, Option> anchors(Question q) {
        Map<Integer, Option> out = new TreeMap<>();
        for (Option o : q.options()) {
            try {
                out.put(Integer.parseInt(o.value()), o);
            } catch (NumberFormatException e) {
                // not an anchor
            }
        }
        return out;
    }
}
