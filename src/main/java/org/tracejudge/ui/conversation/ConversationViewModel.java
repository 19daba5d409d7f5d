package org.tracejudge.ui.conversation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.tracejudge.calls.CallVerdict;
import org.tracejudge.calls.Conversation;
import org.tracejudge.model.Trace;

/**
 * The conversation view's state: the conversation and its call-level verdict, the list's rows (a header per session,
 * then its turns unless the session is folded), the ◆-marked turns (evidence for a gold value, the judged call) that
 * E / Shift+E walk, and the turn last jumped to. Plain state, no thread of its own: the trace view hands it a trace
 * already read.
 */
public final class ConversationViewModel {
    /** One row of the list: a session header (turn = -1) or a turn. */
    public record Row(int session, int turn) {
        boolean header() {
            return turn < 0;
        }
    }

    private final ObservableList<Row> rows = FXCollections.observableArrayList();
    private final IntegerProperty focusedTurn = new SimpleIntegerProperty(-1);
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper("");
    private final Set<Integer> collapsed = new HashSet<>();
    private final Map<Integer, String> turnMarks = new HashMap<>();
    private Conversation conv;
    private CallVerdict verdict;
    /** Which marked turn the evidence keys are on (index into {@link #markedTurns()}; -1: none yet). */
    private int markAt = -1;

    /** The list's rows. */
    public ObservableList<Row> rows() {
        return rows;
    }

    /** The turn most recently jumped to (-1 when none). */
    public IntegerProperty focusedTurnProperty() {
        return focusedTurn;
    }

    /** "84 turns · 16 sessions · rule: label (check)". */
    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    /** The conversation shown (null before the first). */
    public Conversation conversation() {
        return conv;
    }

    /** The verdict shown (null: none). */
    public CallVerdict verdict() {
        return verdict;
    }

    /** Whether a session's turns are folded away. */
    public boolean folded(int session) {
        return collapsed.contains(session);
    }

    /** The ◆ mark of a turn ("evidence: key", "judged call"), or null. */
    public String mark(int turn) {
        return turnMarks.get(turn);
    }

    /** Shows a trace's conversation with its verdict: every session unfolded, no turn marked as reached. */
    public void show(Trace trace, CallVerdict v) {
        conv = new Conversation(trace.turns());
        verdict = v;
        collapsed.clear();
        focusedTurn.set(-1);
        markAt = -1;
        turnMarks.clear();
        if (v != null) {
            for (CallVerdict.Evidence e : v.evidence()) {
                turnMarks.merge(
                        e.turn(), "evidence: " + e.key(), (a, b) -> a + ", " + b.substring("evidence: ".length()));
            }
            if (v.judgedTurn() >= 0) {
                turnMarks.merge(v.judgedTurn(), "judged call", (a, b) -> a + " · " + b);
            }
        }
        rebuild();
        int sessions = conv.sessions().size();
        summary.set(trace.turns().size() + " turns" + (sessions > 0 ? " · " + sessions + " sessions" : "")
                + (v == null ? "" : " · rule: " + v.label() + " (" + v.check() + ")"));
    }

    /**
     * Reaches a turn: unfolds its session and marks it as the one jumped to.
     *
     * @return the turn's row index, or -1 when there is no such turn
     */
    public int reach(int turn) {
        if (conv == null || turn < 0 || turn >= conv.size()) {
            return -1;
        }
        int s = conv.sessionOf(turn);
        if (s >= 0 && collapsed.remove(s)) {
            rebuild();
        }
        int index = -1;
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).turn() == turn) {
                index = i;
                break;
            }
        }
        focusedTurn.set(turn);
        return index;
    }

    /** The turns marked with ◆ (evidence for a gold value, the judged call), in order. */
    public List<Integer> markedTurns() {
        return turnMarks.keySet().stream().sorted().toList();
    }

    /**
     * E / Shift+E: the next (or previous) marked turn, wrapping around; -1 when no turn is marked.
     */
    public int nextMark(boolean forward) {
        List<Integer> marked = markedTurns();
        if (marked.isEmpty()) {
            return -1;
        }
        markAt = markAt < 0
                ? (forward ? 0 : marked.size() - 1)
                : Math.floorMod(markAt + (forward ? 1 : -1), marked.size());
        return marked.get(markAt);
    }

    /** Folds or unfolds a session's turns. */
    public void toggleSession(int session) {
        if (!collapsed.remove(session)) {
            collapsed.add(session);
        }
        rebuild();
    }

    private void rebuild() {
        List<Row> out = new ArrayList<>(conv.size() + conv.sessions().size());
        int lastSession = Integer.MIN_VALUE;
        for (int i = 0; i < conv.size(); i++) {
            int s = conv.sessionOf(i);
            if (s >= 0 && s != lastSession) {
                out.add(new Row(s, -1));
                lastSession = s;
            }
            if (s < 0 || !collapsed.contains(s)) {
                out.add(new Row(s, i));
            }
        }
        rows.setAll(out);
    }
}
