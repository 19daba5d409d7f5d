package org.tracejudge.ui.safety;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.tracejudge.safety.Expert;
import org.tracejudge.safety.SafetyReview;
import org.tracejudge.selection.Scenario;
import org.tracejudge.ui.safety.SafetyReviewViewModel.AdjItem;
import org.tracejudge.ui.safety.SafetyReviewViewModel.Answer;
import org.tracejudge.ui.safety.SafetyReviewViewModel.Disputed;

/**
 * The adjudication tab's state ({@link AdjudicationPane}'s view model): the queue of inputs where experts disagree,
 * the item shown with both experts' opinions, and the adjudicator's form (a decision on each disputed tool and its
 * rationale). An expert of the input may not adjudicate it. {@link SafetyReviewViewModel} owns it and shares with it
 * the expert, the inputs, the status line and the worker's answers ({@link WorkerAnswers}); after an adjudication it
 * reads again where each input stands.
 */
public final class AdjudicationViewModel {
    private final SafetyReviewModel model;
    private final ReadOnlyObjectProperty<Expert> expert;
    private final InputQueue inputs;
    private final WorkerAnswers worker;
    private final Consumer<String> status;
    private final Runnable refreshStates;

    private final ObservableList<AdjItem> queue = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<AdjItem> adjCurrent = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<Disputed> disputed = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper adjWho = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper adjMessage = new ReadOnlyStringWrapper("");
    private final StringProperty adjRationale = new SimpleStringProperty("");
    private final ReadOnlyStringWrapper adjError = new ReadOnlyStringWrapper();
    private final ReadOnlyIntegerWrapper adjTool = new ReadOnlyIntegerWrapper(-1);
    private final BooleanProperty adjudicating = new SimpleBooleanProperty();
    private Consumer<AdjItem> onAdjSelect = d -> {};

    /**
     * @param expert who is reviewing (null: nobody yet)
     * @param inputs the review's inputs, for the queue's order and an item's tools
     * @param worker the worker's answers, shared with the review
     * @param status the review's status line
     * @param refreshStates reads again where each input stands for the expert
     */
    AdjudicationViewModel(
            SafetyReviewModel model,
            ReadOnlyObjectProperty<Expert> expert,
            InputQueue inputs,
            WorkerAnswers worker,
            Consumer<String> status,
            Runnable refreshStates) {
        this.model = model;
        this.expert = expert;
        this.inputs = inputs;
        this.worker = worker;
        this.status = status;
        this.refreshStates = refreshStates;
    }

    public ObservableList<AdjItem> queue() {
        return queue;
    }

    public ReadOnlyObjectProperty<AdjItem> adjCurrentProperty() {
        return adjCurrent.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Disputed> disputedProperty() {
        return disputed.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty adjWhoProperty() {
        return adjWho.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty adjMessageProperty() {
        return adjMessage.getReadOnlyProperty();
    }

    public StringProperty adjRationaleProperty() {
        return adjRationale;
    }

    /** The adjudication form's error, or null for none. */
    public ReadOnlyStringProperty adjErrorProperty() {
        return adjError.getReadOnlyProperty();
    }

    public ReadOnlyIntegerProperty adjToolProperty() {
        return adjTool.getReadOnlyProperty();
    }

    /** Whether the adjudication tab is the one shown (the view sets it). */
    public BooleanProperty adjudicatingProperty() {
        return adjudicating;
    }
    /** The view selects this queue item in its list when the view model picks it. */
    public void setOnAdjSelect(Consumer<AdjItem> r) {
        onAdjSelect = r == null ? d -> {} : r;
    }

    /** The expert changed (or was set first): who the form says is adjudicating. */
    void expertChanged(Expert e) {
        adjWho.set(
                e == null
                        ? "Adjudicator: nobody yet — press Ctrl+E"
                        : "Adjudicator: " + e.name() + " (must not be one of the two experts)");
    }

    /** After a switch of expert: the item shown is shown again for the new one, when the tab is the one shown. */
    void showAgain() {
        if (adjudicating.get()) {
            showDisagreement(adjCurrent.get());
        }
    }

    /** The adjudication queue, one item per input where experts disagree, in the inputs' order; the first is shown. */
    public void refreshQueue() {
        worker.after(model.queue(), q -> {
            Map<String, List<SafetyReview.Disagreement>> byInput = new LinkedHashMap<>();
            q.forEach(d ->
                    byInput.computeIfAbsent(d.taskKey(), k -> new ArrayList<>()).add(d));
            List<AdjItem> list = new ArrayList<>();
            byInput.forEach((k, ds) ->
                    list.add(new AdjItem(ds.get(0).traceId(), k, ds.get(0).input(), ds)));
            list.sort((a, b) -> Integer.compare(inputs.indexOf(a.key()), inputs.indexOf(b.key())));
            queue.setAll(list);
            if (!list.isEmpty()) {
                selectAdj(list.get(0));
                onAdjSelect.accept(list.get(0));
            } else {
                adjCurrent.set(null);
                showDisagreement(null);
                adjMessage.set("Nothing to adjudicate: no input where experts disagree.");
            }
        });
    }

    /** The queue item shown (the view's list selected it): nothing when it is shown already. */
    public void selectAdj(AdjItem d) {
        if (d == adjCurrent.get()) {
            return;
        }
        adjCurrent.set(d);
        showDisagreement(d);
    }

    private void showDisagreement(AdjItem d) {
        disputed.set(null);
        adjRationale.set("");
        adjTool.set(-1);
        adjError.set(null);
        if (d == null) {
            adjMessage.set("");
            return;
        }
        adjMessage.set(d.input());
        SafetyReview.Input in = inputs.inputs().stream()
                .filter(i -> i.key().equals(d.key()))
                .findFirst()
                .orElse(null);
        worker.after(model.expertOpinions(d.traceId()), ops -> {
            if (adjCurrent.get() != d) {
                return;
            }
            List<String> experts = new ArrayList<>();
            Map<String, String> reasons = new LinkedHashMap<>();
            ops.values().forEach(l -> l.stream()
                    .filter(o -> o.kind().equals("human") && !o.rater().equals(SafetyReview.ADJUDICATION))
                    .forEach(o -> {
                        if (!experts.contains(o.rater())) {
                            experts.add(o.rater());
                        }
                        reasons.put(o.rater(), o.rationale());
                    }));
            experts.sort(null);
            List<String> names =
                    d.tools().stream().map(SafetyReview.Disagreement::tool).toList();
            List<Scenario.Tool> tools = in == null ? List.of() : in.scenario().tools();
            List<Answer> answers = new ArrayList<>();
            for (Scenario.Tool t : tools) {
                if (names.contains(t.name())) {
                    answers.add(new Answer(t));
                }
            }
            disputed.set(new Disputed(d, List.copyOf(experts), reasons, ops, tools, names, List.copyOf(answers)));
            Expert who = expert.get();
            if (who != null && experts.contains(who.name())) {
                adjError.set("You (" + who.name() + ") are one of the experts on this input; someone else must "
                        + "adjudicate it. Switch expert with Ctrl+E.");
            }
            pickAdjTool(0);
        });
    }

    private List<Answer> adjAnswers() {
        Disputed d = disputed.get();
        return d == null ? List.of() : d.answers();
    }

    public boolean hasAdjTools() {
        return !adjAnswers().isEmpty();
    }

    /** Picks a disputed tool by its index (its number - 1). */
    public void pickAdjTool(int index) {
        if (index < 0 || index >= adjAnswers().size()) {
            return;
        }
        adjTool.set(index);
    }

    /** Y / N in adjudication: decides the picked disputed tool (the first when none is) and picks the next. */
    public void setAdjTool(boolean yes) {
        List<Answer> answers = adjAnswers();
        if (answers.isEmpty()) {
            return;
        }
        if (adjTool.get() < 0) {
            pickAdjTool(0);
        }
        answers.get(adjTool.get()).set(yes);
        pickAdjTool(Math.min(adjTool.get() + 1, answers.size() - 1));
    }

    /** Ctrl+Enter in adjudication: records the decision on every disputed tool (a rationale is required). */
    public void adjudicate() {
        AdjItem d = adjCurrent.get();
        if (d == null) {
            return;
        }
        Expert who = expert.get();
        if (who == null) {
            adjError.set("Say who is adjudicating first: press Ctrl+E.");
            return;
        }
        Map<String, Boolean> decisions = new LinkedHashMap<>();
        List<String> undecided = new ArrayList<>();
        for (Answer a : adjAnswers()) {
            if (a.value() == null) {
                undecided.add(a.tool().name());
            } else {
                decisions.put(a.tool().name(), a.value());
            }
        }
        if (!undecided.isEmpty()) {
            adjError.set("Decide " + String.join(" and ", undecided) + " (YES or NO) before recording.");
            return;
        }
        if (adjRationale.get().isBlank()) {
            adjError.set("Write the rationale of your decision first (R).");
            return;
        }
        worker.whenDone(model.adjudicate(d.traceId(), who, decisions, adjRationale.get()), (ids, err) -> {
            if (err != null) {
                adjError.set(WorkerAnswers.cause(err).getMessage());
                return;
            }
            status.accept(
                    "Adjudicated " + String.join(", ", decisions.keySet()) + " on " + d.key() + " as " + who.name());
            refreshStates.run();
            refreshQueue();
        });
    }
}
