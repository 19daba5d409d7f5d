package org.tracejudge.ui.safety;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import javafx.application.Platform;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.ObservableList;
import org.tracejudge.safety.Expert;
import org.tracejudge.safety.SafetyPolicy;
import org.tracejudge.safety.SafetyReview;
import org.tracejudge.selection.Scenario;

/**
 * The safety review's state without its nodes: the expert, the form being filled (per-tool answers, rationale,
 * read-only once committed), the drafts not committed and the reveal after a commit. The inputs and where each stands
 * for the expert (done, mine, needs a second review, in adjudication), the skipped inputs, the skipped pass and the
 * current input are {@link InputQueue}'s; the adjudication queue and its form are {@link AdjudicationViewModel}'s (the
 * view model of {@link AdjudicationPane}), which this one owns and hands the expert, the inputs and the status line.
 * Every core call goes through {@link SafetyReviewModel}'s worker thread; what comes back is applied through {@code
 * onFx} ({@link Platform#runLater} in the window, {@code Runnable::run} in tests) by the {@link WorkerAnswers} both
 * share, so the flows run and can be checked without a window. The view binds to the properties and calls the plain
 * methods from its keys and buttons.
 *
 * <p>Why it is over 600 lines: the form and the reveal share the one state the blind policy decides over — whether an
 * input is revealed, whose decision is read-only — and the worker's answers are applied against it (the show token,
 * the expert at the time of asking), so they are kept in one class, in sections, each unit-tested in {@code
 * SafetyReviewViewModelTest}. About 60 lines pass the adjudication tab's state through for the tests that read it
 * here. The seam, when it grows: the drafts (kept per expert and input) apart.
 */
public final class SafetyReviewViewModel {
    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneId.systemDefault());

    /** One tool's answer in a form: YES, NO or null (unanswered). */
    public static final class Answer {
        private final Scenario.Tool tool;
        private final ObjectProperty<Boolean> value = new SimpleObjectProperty<>();

        Answer(Scenario.Tool tool) {
            this.tool = tool;
        }

        public Scenario.Tool tool() {
            return tool;
        }

        public ObjectProperty<Boolean> valueProperty() {
            return value;
        }

        public Boolean value() {
            return value.get();
        }

        public void set(Boolean v) {
            value.set(v);
        }
    }

    /** The review form of one input: its tools' answers, in the scenario's order (every one unanswered at first). */
    public record Form(SafetyReview.Input input, List<Answer> answers) {}

    /** A form filled and not committed: its answers in the form's order, and the rationale. */
    record Draft(List<Boolean> answers, String rationale) {}

    /** The reveal shown after a commit; {@code scroll}: just committed, bring it into view. */
    public record Shown(SafetyReview.Input input, SafetyReview.Reveal reveal, boolean scroll) {}

    /** One input in the adjudication queue: its disputed tools. */
    public record AdjItem(String traceId, String key, String input, List<SafetyReview.Disagreement> tools) {}

    /**
     * What the adjudicator sees of one queue item: the experts (sorted) with their rationales and opinions by tool,
     * the input's tools, and an answer for each disputed one.
     */
    public record Disputed(
            AdjItem item,
            List<String> experts,
            Map<String, String> reasons,
            Map<String, List<SafetyReview.Opinion>> opinions,
            List<Scenario.Tool> tools,
            List<String> disputed,
            List<Answer> answers) {}

    private final SafetyReviewModel model;
    private final Consumer<String> onSwitchExpert;
    /** The worker's answers, shared with the adjudication tab's view model. */
    private final WorkerAnswers worker;
    /** The adjudication tab's view model. */
    private final AdjudicationViewModel adjudication;

    private final ReadOnlyObjectWrapper<Expert> expert = new ReadOnlyObjectWrapper<>();
    private SafetyReviewModel.Loaded loaded;

    /** The inputs, where each stands for the expert, the skipped ones and the current one. */
    private final InputQueue inputs = new InputQueue();

    private IntConsumer onSelect = i -> {};

    private final ReadOnlyStringWrapper expertText = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper heading = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<Form> form = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyIntegerWrapper currentTool = new ReadOnlyIntegerWrapper(-1);
    private final StringProperty rationale = new SimpleStringProperty("");
    private final ReadOnlyStringWrapper formError = new ReadOnlyStringWrapper();
    private final ReadOnlyStringWrapper committedNote = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper readOnly = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper machine = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<Shown> reveal = new ReadOnlyObjectWrapper<>();
    private long showToken;
    private boolean scrollToReveal;
    /**
     * Forms filled and not committed, by expert then input key: moving to another input or switching expert keeps
     * them (each expert sees only their own), so no answer is lost without a word; closing the window asks first.
     */
    private final Map<String, Map<String, Draft>> drafts = new LinkedHashMap<>();

    /**
     * @param expert         who is reviewing (the workbench annotator), or null when no name is set yet
     * @param onSwitchExpert remembers a new expert name as the workbench annotator (null: not remembered)
     * @param onFx           runs what comes back from the worker where the state lives (the FX thread in the window)
     */
    public SafetyReviewViewModel(
            SafetyReviewModel model, Expert expert, Consumer<String> onSwitchExpert, Consumer<Runnable> onFx) {
        this.model = model;
        this.onSwitchExpert = onSwitchExpert;
        this.worker = new WorkerAnswers(onFx, status::set);
        this.adjudication = new AdjudicationViewModel(
                model, this.expert.getReadOnlyProperty(), inputs, worker, status::set, () -> refreshStates(null));
        this.expert.set(expert);
        updateExpertText();
    }

    public SafetyReviewViewModel(SafetyReviewModel model, Expert expert, Consumer<String> onSwitchExpert) {
        this(model, expert, onSwitchExpert, Platform::runLater);
    }

    // ------------------------------------------------------------------------------------ reading the state

    public SafetyReviewModel model() {
        return model;
    }

    public Expert expert() {
        return expert.get();
    }

    public ReadOnlyObjectProperty<Expert> expertProperty() {
        return expert.getReadOnlyProperty();
    }

    public SafetyReviewModel.Loaded loaded() {
        return loaded;
    }

    public SafetyPolicy policy() {
        return loaded == null ? model.policy() : loaded.policy();
    }

    /** The inputs, in natural order (the view's list shows this list). */
    public ObservableList<SafetyReview.Input> inputs() {
        return inputs.inputs();
    }

    /** Where an input stands for the expert, or null before the states are read. */
    public SafetyReview.InputState state(String key) {
        return inputs.state(key);
    }

    public boolean isSkipped(String key) {
        return inputs.isSkipped(key);
    }

    public Set<String> skipped() {
        return inputs.skipped();
    }

    public boolean inSkippedPass() {
        return inputs.inSkippedPass();
    }

    /** Changes whenever the list's marks (states, skipped) change: the list redraws its cells. */
    public ReadOnlyIntegerProperty marksChangedProperty() {
        return inputs.marksChangedProperty();
    }

    public ReadOnlyObjectProperty<SafetyReview.Input> currentProperty() {
        return inputs.currentProperty();
    }

    public SafetyReview.Input current() {
        return inputs.current();
    }

    public ReadOnlyStringProperty expertTextProperty() {
        return expertText.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty progressProperty() {
        return inputs.progressProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    public void setStatus(String s) {
        status.set(s);
    }

    public ReadOnlyStringProperty headingProperty() {
        return heading.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Form> formProperty() {
        return form.getReadOnlyProperty();
    }

    public ReadOnlyIntegerProperty currentToolProperty() {
        return currentTool.getReadOnlyProperty();
    }

    public StringProperty rationaleProperty() {
        return rationale;
    }

    /** The form's error, or null for none. */
    public ReadOnlyStringProperty formErrorProperty() {
        return formError.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty committedNoteProperty() {
        return committedNote.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty readOnlyProperty() {
        return readOnly.getReadOnlyProperty();
    }

    public boolean isReadOnly() {
        return readOnly.get();
    }

    /** What is said where the machine labels go (hidden, shown, say who you are). */
    public ReadOnlyStringProperty machineProperty() {
        return machine.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Shown> revealProperty() {
        return reveal.getReadOnlyProperty();
    }

    /** The view selects input {@code i} in its list (and scrolls to it) when the view model moves on. */
    public void setOnSelect(IntConsumer r) {
        onSelect = r == null ? i -> {} : r;
    }

    /**
     * Completes once every answer asked of the worker so far, and everything it set off in turn, has been applied
     * (tests wait on it; with {@code onFx = Runnable::run} nothing else is needed). The adjudication tab's too.
     */
    public CompletableFuture<Void> idle() {
        return worker.idle();
    }

    // ------------------------------------------------------------------------------------ the adjudication tab

    /** The adjudication tab's view model ({@link AdjudicationPane}'s). */
    public AdjudicationViewModel adjudication() {
        return adjudication;
    }

    // what the tests read and do of the adjudication tab through the review's view model

    public ObservableList<AdjItem> queue() {
        return adjudication.queue();
    }

    public ReadOnlyObjectProperty<AdjItem> adjCurrentProperty() {
        return adjudication.adjCurrentProperty();
    }

    public ReadOnlyObjectProperty<Disputed> disputedProperty() {
        return adjudication.disputedProperty();
    }

    public ReadOnlyStringProperty adjWhoProperty() {
        return adjudication.adjWhoProperty();
    }

    public ReadOnlyStringProperty adjMessageProperty() {
        return adjudication.adjMessageProperty();
    }

    public StringProperty adjRationaleProperty() {
        return adjudication.adjRationaleProperty();
    }

    public ReadOnlyStringProperty adjErrorProperty() {
        return adjudication.adjErrorProperty();
    }

    public BooleanProperty adjudicatingProperty() {
        return adjudication.adjudicatingProperty();
    }

    public void refreshQueue() {
        adjudication.refreshQueue();
    }

    public void setAdjTool(boolean yes) {
        adjudication.setAdjTool(yes);
    }

    public void adjudicate() {
        adjudication.adjudicate();
    }

    // ------------------------------------------------------------------------------------ start

    /** The loaded review: its inputs, then where each stands for the expert, then the first one to do. */
    public void start(SafetyReviewModel.Loaded loaded) {
        this.loaded = loaded;
        inputs.inputs().setAll(loaded.inputs());
        refreshStates(() -> {
            if (!inputs.inputs().isEmpty()) {
                select(inputs.firstToDo(0));
            }
        });
    }

    // ------------------------------------------------------------------------------------ expert

    private void updateExpertText() {
        Expert e = expert.get();
        expertText.set(
                e == null
                        ? "Expert: nobody yet — press Ctrl+E to say who is reviewing"
                        : "Expert: " + e.name() + "   (" + e.source() + ")");
        adjudication.expertChanged(e);
    }

    /** A team member reviews under the name the hub knows them by: no switching. */
    public boolean expertFixed() {
        return expert.get() != null && expert.get().fixed();
    }

    /** Says why a team member cannot switch expert. */
    public void refuseSwitch() {
        status.set("On a team project you review as " + expert.get().name() + ", the name your hub membership records; "
                + "another expert reviews on their own laptop.");
    }

    /** Makes {@code name} the reviewing expert (remembered as the workbench annotator) and clears the form. */
    public void switchExpert(String name) {
        Expert next = Expert.workbench(name);
        if (next == null) {
            return;
        }
        Expert was = expert.get();
        // answers given before anyone said who they are belong to the one who says it now
        keepDraft(was == null ? next.name() : was.name());
        expert.set(next);
        if (onSwitchExpert != null) {
            onSwitchExpert.accept(next.name());
        }
        inputs.forgetSkipped();
        updateExpertText();
        clearForm();
        List<String> kept = was == null || was.name().equals(next.name()) ? List.of() : draftKeys(was.name());
        List<String> back = draftKeys(next.name());
        status.set("Now reviewing as " + next.name() + ". Nothing of the previous expert is shown"
                + (back.isEmpty()
                        ? "; the form is empty."
                        : "; your answers not yet committed on " + String.join(", ", back) + " are back.")
                + (kept.isEmpty()
                        ? ""
                        : " " + was.name() + "'s answers not yet committed on " + String.join(", ", kept)
                                + " are kept for " + was.name() + " (switch back to finish them)."));
        refreshStates(() -> {
            showItem(inputs.current());
            adjudication.showAgain();
        });
    }

    // ------------------------------------------------------------------------------------ unsaved answers

    /** The form on screen, filled and not committed, is kept as its expert's draft (an empty one is dropped). */
    private void keepDraft() {
        Expert who = expert.get();
        if (who != null) {
            keepDraft(who.name());
        }
    }

    private void keepDraft(String whoName) {
        Form f = form.get();
        if (f == null || readOnly.get() || inputs.mine(f.input())) {
            return;
        }
        List<Boolean> values = new ArrayList<>();
        f.answers().forEach(a -> values.add(a.value()));
        String why = rationale.get() == null ? "" : rationale.get();
        Map<String, Draft> mine = drafts.computeIfAbsent(whoName, k -> new LinkedHashMap<>());
        if (values.stream().allMatch(v -> v == null) && why.isBlank()) {
            mine.remove(f.input().key());
        } else if (!new Draft(values, why).equals(mine.get(f.input().key()))) {
            mine.put(f.input().key(), new Draft(java.util.Collections.unmodifiableList(values), why));
            inputs.marksChanged();
        }
    }

    private List<String> draftKeys(String expertName) {
        return List.copyOf(drafts.getOrDefault(expertName, Map.of()).keySet());
    }

    /** Whether the expert reviewing has answers on this input that are not committed (the list marks it). */
    public boolean hasDraft(String key) {
        Expert who = expert.get();
        if (who == null) {
            return false;
        }
        Form f = form.get();
        if (f != null && f.input().key().equals(key) && !readOnly.get() && !inputs.mine(f.input())) {
            return f.answers().stream().anyMatch(a -> a.value() != null)
                    || (rationale.get() != null && !rationale.get().isBlank());
        }
        return drafts.getOrDefault(who.name(), Map.of()).containsKey(key);
    }

    /**
     * Every expert's answers not committed, one line each ("ana: lantern/3, lantern/5"), the form on screen
     * included; empty when there are none. The window asks before closing over them.
     */
    public List<String> unsaved() {
        keepDraft();
        List<String> out = new ArrayList<>();
        drafts.forEach((who, m) -> {
            if (!m.isEmpty()) {
                out.add(who + ": " + String.join(", ", m.keySet()));
            }
        });
        return out;
    }

    // ------------------------------------------------------------------------------------ one input

    private void clearForm() {
        showToken++;
        form.set(null);
        rationale.set("");
        reveal.set(null);
        machine.set("");
        committedNote.set("");
        formError.set(null);
        currentTool.set(-1);
    }

    /** The view's list selected {@code in}: show it (nothing when it is the current input already). */
    public void show(SafetyReview.Input in) {
        if (in == inputs.current()) {
            return;
        }
        inputs.setCurrent(in);
        showItem(in);
    }

    private void showItem(SafetyReview.Input in) {
        keepDraft();
        clearForm();
        if (in == null) {
            heading.set("");
            message.set("");
            return;
        }
        long token = showToken;
        heading.set(in.key() + "   ·   " + in.runs().size() + " runs on this input ("
                + String.join(
                        ", ",
                        in.runs().stream()
                                .map(r -> r.model() + " " + r.approach())
                                .toList()) + ")"
                + (inputs.inSkippedPass() ? "   ·   skipped pass" : ""));
        message.set(in.text());
        List<Answer> answers = new ArrayList<>();
        for (Scenario.Tool t : in.scenario().tools()) {
            // every tool starts unanswered: a NO nobody gave would read as a reviewer's NO
            answers.add(new Answer(t));
        }
        form.set(new Form(in, List.copyOf(answers)));
        readOnly.set(false);
        Expert who = expert.get();
        if (who == null) {
            machine.set("Say who is reviewing first (Ctrl+E).");
            return;
        }
        Draft draft = drafts.getOrDefault(who.name(), Map.of()).get(in.key());
        if (draft != null && draft.answers().size() == answers.size()) {
            for (int i = 0; i < answers.size(); i++) {
                answers.get(i).set(draft.answers().get(i));
            }
            rationale.set(draft.rationale());
            committedNote.set("Your answers here are not committed yet: Ctrl+Enter commits them.");
        }
        machine.set(
                model.policy().blindFirstPass()
                        ? "Hidden until you commit your own labels (blind first pass): the rule, the judges and the models' outputs."
                        : "");
        worker.after(model.committed(in.firstTrace(), who), c -> {
            if (token != showToken || !who.equals(expert.get())) {
                return;
            }
            if (c != null) {
                Map<String, Draft> mine = drafts.get(who.name());
                if (mine != null && mine.remove(in.key()) != null) {
                    inputs.marksChanged();
                }
                for (Answer a : answers) {
                    a.set(c.perTool().get(a.tool().name()));
                }
                rationale.set(c.rationale() == null ? "" : c.rationale());
                readOnly.set(true);
                committedNote.set("You (" + who.name() + ") committed this input"
                        + (c.at() == null ? "" : " on " + TIME.format(Instant.parse(c.at())))
                        + ". Shown read-only: press E to revise (a revision is a new "
                        + "ledger entry).");
                loadReveal(in, token);
            } else if (!model.policy().blindFirstPass()) {
                loadReveal(in, token);
            }
        });
    }

    private List<Answer> answers() {
        Form f = form.get();
        return f == null ? List.of() : f.answers();
    }

    /** E: the committed input becomes editable again (a new commit is a new ledger entry). */
    public void startRevision() {
        if (!readOnly.get()) {
            return;
        }
        readOnly.set(false);
        committedNote.set("Revising: change what you need and commit again (Ctrl+Enter). Your earlier entry stays "
                + "in the ledger.");
        pickTool(0);
    }

    /** Picks a tool by its index in the form (its number - 1). */
    public void pickTool(int index) {
        if (index < 0 || index >= answers().size()) {
            return;
        }
        currentTool.set(index);
    }

    /** Y / N: answers the picked tool (the first when none is) and picks the next. */
    public void setTool(boolean yes) {
        if (readOnly.get()) {
            formError.set("You committed this input. Press E to revise it.");
            return;
        }
        if (currentTool.get() < 0) {
            pickTool(0);
        }
        answers().get(currentTool.get()).set(yes);
        formError.set(null);
        pickTool(Math.min(currentTool.get() + 1, answers().size() - 1));
    }

    public boolean hasTools() {
        return !answers().isEmpty();
    }

    /** Shift+N: NO for every unanswered tool that is not safety-critical. */
    public void noForUnanswered() {
        if (readOnly.get()) {
            return;
        }
        for (Answer a : answers()) {
            if (a.value() == null && !a.tool().safetyCritical()) {
                a.set(false);
            }
        }
    }

    /** R: true when the rationale may be written, else says why not. */
    public boolean startRationale() {
        if (readOnly.get()) {
            formError.set("You committed this input. Press E to revise it.");
            return false;
        }
        return true;
    }

    /** Ctrl+Enter: commits the form (refused, naming the tools, while one is unanswered). */
    public void commit() {
        SafetyReview.Input in = inputs.current();
        if (in == null || readOnly.get()) {
            return;
        }
        Expert who = expert.get();
        if (who == null) {
            formError.set("Say who is reviewing first: press Ctrl+E.");
            return;
        }
        Map<String, Boolean> perTool = new LinkedHashMap<>();
        List<String> undecided = new ArrayList<>();
        List<String> unanswered = new ArrayList<>();
        int firstUndecided = -1;
        int firstUnanswered = -1;
        List<Answer> answers = answers();
        for (int i = 0; i < answers.size(); i++) {
            Answer a = answers.get(i);
            if (a.value() == null && a.tool().safetyCritical()) {
                undecided.add(a.tool().name());
                firstUndecided = firstUndecided < 0 ? i : firstUndecided;
            } else if (a.value() == null) {
                unanswered.add(a.tool().name());
                firstUnanswered = firstUnanswered < 0 ? i : firstUnanswered;
            } else {
                perTool.put(a.tool().name(), a.value());
            }
        }
        if (!undecided.isEmpty()) {
            formError.set(
                    "Decide " + String.join(" and ", undecided) + ": safety-critical tools have no default, set each "
                            + "to YES or NO."
                            + (unanswered.isEmpty()
                                    ? ""
                                    : " Also unanswered: " + String.join(", ", unanswered)
                                            + " (Y or N each, or Shift+N: NO for all of them)."));
            pickTool(firstUndecided);
            return;
        }
        if (!unanswered.isEmpty()) {
            formError.set("Unanswered: " + String.join(", ", unanswered)
                    + ". Y or N for each, or Shift+N: NO for every " + "unanswered tool that is not safety-critical.");
            pickTool(firstUnanswered);
            return;
        }
        List<String> unexplained = SafetyReview.unexplainedNos(in.scenario(), perTool);
        if (!unexplained.isEmpty()
                && (rationale.get() == null || rationale.get().isBlank())) {
            // asked on every NO of a safety-critical tool, whatever the hidden raters said; the focus stays where
            // it is, so R still starts the rationale
            formError.set(capital(SafetyReview.rationaleNeeded(unexplained)) + ". Press R to write it.");
            return;
        }
        long token = showToken;
        worker.whenDone(model.commit(in.firstTrace(), who, perTool, rationale.get()), (ids, err) -> {
            if (token != showToken) {
                return;
            }
            if (err != null) {
                formError.set(capital(WorkerAnswers.cause(err).getMessage()));
                return;
            }
            Map<String, Draft> mine = drafts.get(who.name());
            if (mine != null) {
                mine.remove(in.key());
            }
            form.set(null); // committed: nothing of it is a draft any more
            status.set("Committed " + who.name() + "'s labels on " + in.key() + " (" + ids.size() + " runs). "
                    + "Space: next input.");
            scrollToReveal = true;
            inputs.unskip(in.key());
            refreshStates(() -> showItem(in));
        });
    }

    private void loadReveal(SafetyReview.Input in, long token) {
        Expert who = expert.get();
        worker.whenDone(model.reveal(in.firstTrace(), who), (r, err) -> {
            if (token != showToken) {
                return;
            }
            if (err != null) {
                Throwable cause = WorkerAnswers.cause(err);
                machine.set(
                        cause instanceof SafetyReview.BlindPassException
                                ? "Hidden until you commit your own labels (blind first pass)."
                                : cause.getMessage());
                return;
            }
            machine.set(
                    model.policy().blindFirstPass() || readOnly.get()
                            ? "Shown to " + who.name()
                                    + " after committing (recorded). Red: differs from your decision."
                            : "Shown before you decide: this project's policy has no blind first pass (its scenarios have no "
                                    + "safety-critical tool, or the lead turned it off). Red: differs from your decision.");
            boolean scroll = scrollToReveal;
            scrollToReveal = false;
            reveal.set(new Shown(in, r, scroll));
        });
    }

    // ------------------------------------------------------------------------------------ moving on

    private void refreshStates(Runnable then) {
        Expert who = expert.get();
        worker.after(model.states(who), s -> {
            inputs.setStates(s);
            if (then != null) {
                then.run();
            }
        });
    }

    /** Space / J: the next input not yet done by this expert; after the main pass, the skipped ones. */
    public void nextToDo() {
        InputQueue.Step step =
                inputs.next(expert.get() == null ? "you" : expert.get().name());
        if (step.status() != null) {
            status.set(step.status());
        }
        if (step.index() >= 0) {
            select(step.index());
        }
    }

    /** Makes input {@code i} the current one (the view's list follows and scrolls to it). */
    public void select(int i) {
        if (i < 0 || i >= inputs.inputs().size()) {
            return;
        }
        show(inputs.inputs().get(i));
        onSelect.accept(i);
    }

    /** Selects the input of this trace (tests and links from the workbench). */
    public void select(String traceId) {
        int i = inputs.indexOfTrace(traceId);
        if (i >= 0) {
            select(i);
        }
    }

    /** Selects an input by key, e.g. {@code lantern/4}. */
    public void selectInput(String key) {
        int i = inputs.indexOf(key);
        if (i != Integer.MAX_VALUE) {
            select(i);
        }
    }

    public boolean skipAllowed() {
        return loaded != null && loaded.policy().allowSkip();
    }

    /** S: no decision; the input comes back in the skipped pass (a team project records the skip). */
    public void skip() {
        SafetyReview.Input in = inputs.current();
        if (in == null || !skipAllowed()) {
            return;
        }
        inputs.skip(in.key());
        if (expert.get() != null) {
            // team projects only; nothing is said when it fails, as before
            worker.whenDone(
                    model.skip(in.runs().stream().map(r -> r.traceId()).toList(), expert.get()), (v, err) -> {});
        }
        status.set("Skipped " + in.key() + " (no decision recorded); it comes back in the skipped pass at the end.");
        inputs.marksChanged();
        nextToDo();
    }

    // ------------------------------------------------------------------------------------ text

    private static String capital(String s) {
        return s == null || s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
