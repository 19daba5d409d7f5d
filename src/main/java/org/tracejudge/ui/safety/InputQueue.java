package org.tracejudge.ui.safety;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.tracejudge.safety.SafetyReview;

/**
 * The safety review's queue of inputs for one expert: the inputs in natural order, where each stands for the expert
 * (done, mine, needs a second review, in adjudication) and the progress line made from that, the skipped inputs and
 * the skipped pass, the current input, and which input comes next.
 *
 * <p>{@link SafetyReviewViewModel} owns it: the view model reads the states on the worker and hands them here, shows
 * the form of the input this queue points at, and decides everything the blind first pass governs. Nothing here
 * reads or hints at what the rule, the judges or the models said. State lives where the view model's answers are
 * applied (the FX thread in the window).
 */
final class InputQueue {
    /** Where {@link #next} goes: an input's index (-1: none) and what to say first (null: nothing). */
    record Step(int index, String status) {}

    private final ObservableList<SafetyReview.Input> inputs = FXCollections.observableArrayList();
    private Map<String, SafetyReview.InputState> states = Map.of();
    private final Set<String> skipped = new LinkedHashSet<>();
    private boolean skippedPass;
    private final ReadOnlyIntegerWrapper marksChanged = new ReadOnlyIntegerWrapper();
    private final ReadOnlyObjectWrapper<SafetyReview.Input> current = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper progress = new ReadOnlyStringWrapper("");

    ObservableList<SafetyReview.Input> inputs() {
        return inputs;
    }

    /** Where an input stands for the expert, or null before the states are read. */
    SafetyReview.InputState state(String key) {
        return states.get(key);
    }

    /** The states of the expert reviewing, read on the worker: the progress line and the list's marks follow. */
    void setStates(Map<String, SafetyReview.InputState> s) {
        states = Map.copyOf(s);
        long done = s.values().stream().filter(SafetyReview.InputState::done).count();
        long mine = s.values().stream().filter(SafetyReview.InputState::mine).count();
        long second = s.values().stream()
                .filter(SafetyReview.InputState::needsSecondReview)
                .count();
        long adj = s.values().stream()
                .filter(SafetyReview.InputState::inAdjudication)
                .count();
        // "0 of 16 done" after committing read as lost work: say what is mine and what is final (issue 48)
        progress.set(mine + " of " + s.size() + " decided by you  ·  " + done + " final  ·  " + second
                + " need a 2nd review  ·  " + adj + " in adjudication"
                + (skipped.isEmpty() ? "" : "  ·  " + skipped.size() + " skipped"));
        marksChanged();
    }

    ReadOnlyStringProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    /** Whether the expert reviewing has committed this input. */
    boolean mine(SafetyReview.Input in) {
        SafetyReview.InputState s = states.get(in.key());
        return s != null && s.mine();
    }

    boolean isSkipped(String key) {
        return skipped.contains(key);
    }

    Set<String> skipped() {
        return Set.copyOf(skipped);
    }

    /** S on the current input: it comes back in the skipped pass. */
    void skip(String key) {
        skipped.add(key);
    }

    /** The input was committed: it is no longer skipped. */
    void unskip(String key) {
        skipped.remove(key);
    }

    /** Another expert: nothing they did not skip themselves is skipped, and the main pass starts again. */
    void forgetSkipped() {
        skipped.clear();
        skippedPass = false;
    }

    boolean inSkippedPass() {
        return skippedPass;
    }

    /** The list's marks (states, skipped, drafts) changed: the list redraws its cells. */
    void marksChanged() {
        marksChanged.set(marksChanged.get() + 1);
    }

    ReadOnlyIntegerProperty marksChangedProperty() {
        return marksChanged.getReadOnlyProperty();
    }

    ReadOnlyObjectProperty<SafetyReview.Input> currentProperty() {
        return current.getReadOnlyProperty();
    }

    SafetyReview.Input current() {
        return current.get();
    }

    void setCurrent(SafetyReview.Input in) {
        current.set(in);
    }

    private int currentIndex() {
        SafetyReview.Input c = current.get();
        for (int i = 0; i < inputs.size(); i++) {
            if (inputs.get(i) == c) {
                return i;
            }
        }
        return -1;
    }

    /** Index of the input with this key, or {@link Integer#MAX_VALUE} (sorts last) when there is none. */
    int indexOf(String key) {
        for (int i = 0; i < inputs.size(); i++) {
            if (inputs.get(i).key().equals(key)) {
                return i;
            }
        }
        return Integer.MAX_VALUE;
    }

    /** Index of the input one of whose runs is this trace, or -1. */
    int indexOfTrace(String traceId) {
        for (int i = 0; i < inputs.size(); i++) {
            if (inputs.get(i).runs().stream().anyMatch(r -> r.traceId().equals(traceId))) {
                return i;
            }
        }
        return -1;
    }

    /** Index of the first input from {@code from} on that this expert has not done and not skipped (else from). */
    int firstToDo(int from) {
        List<SafetyReview.Input> l = inputs;
        for (int i = 0; i < l.size(); i++) {
            SafetyReview.Input in = l.get((from + i) % l.size());
            if (!mine(in) && !skipped.contains(in.key())) {
                return (from + i) % l.size();
            }
        }
        return Math.max(0, Math.min(from, l.size() - 1));
    }

    /**
     * Space / J: the next input not yet done by this expert; after the main pass, the skipped ones. {@code who} names
     * the expert in "every input is done by …".
     */
    Step next(String who) {
        List<SafetyReview.Input> l = inputs;
        if (l.isEmpty()) {
            return new Step(-1, null);
        }
        int at = Math.max(0, currentIndex());
        if (!skippedPass) {
            for (int i = at + 1; i < l.size(); i++) {
                if (!mine(l.get(i)) && !skipped.contains(l.get(i).key())) {
                    return new Step(i, null);
                }
            }
            for (int i = 0; i <= at; i++) {
                if (!mine(l.get(i)) && !skipped.contains(l.get(i).key())) {
                    return new Step(i, null);
                }
            }
        }
        List<String> left = skipped.stream()
                .filter(k -> l.stream().anyMatch(in -> in.key().equals(k) && !mine(in)))
                .toList();
        if (left.isEmpty()) {
            skippedPass = false;
            return new Step(-1, "Every input is done by " + who + ". " + progress.get());
        }
        skippedPass = true;
        String cur = current.get() == null ? null : current.get().key();
        int pos = left.indexOf(cur);
        String next = left.get((pos + 1) % left.size());
        String status = "Skipped pass: " + left.size() + " input" + (left.size() == 1 ? "" : "s") + " you skipped.";
        for (int i = 0; i < l.size(); i++) {
            if (l.get(i).key().equals(next)) {
                return new Step(i, status);
            }
        }
        return new Step(-1, status);
    }
}
