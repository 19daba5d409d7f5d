package org.tracejudge.ui.trace;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashSet;
import java.util.Set;
import org.tracejudge.json.Json;
import org.tracejudge.model.Task;
import org.tracejudge.model.ToolResult;
import org.tracejudge.model.Trace;
import org.tracejudge.model.Turn;
import org.tracejudge.rules.Evidence;

/**
 * The state of {@link ReturnAndAnswerView}: which think blocks of the answer are unfolded (until another trace is
 * shown) and which highlight the evidence keys (E, Shift+E) are on; and what the pair shows of a trace: the tool return
 * (the task's, else the returns of the run's steps) and the evidence the answer is drawn with (blind: its think blocks
 * only).
 */
final class ReturnAndAnswerViewModel {
    /** The think blocks unfolded on the trace shown, by their index in the answer. */
    private final Set<Integer> openThink = new HashSet<>();
    /** The highlight "next evidence" last showed, -1 for none. */
    private int evidenceAt = -1;

    /** Another trace is shown: every think block folded again. */
    void newTrace() {
        openThink.clear();
    }

    boolean thinkOpen(int block) {
        return openThink.contains(block);
    }

    /** Unfolds a folded think block, folds an unfolded one. */
    void toggleThink(int block) {
        if (!openThink.remove(block)) {
            openThink.add(block);
        }
    }

    /** The answer was drawn again: no highlight is current. */
    void answerDrawn() {
        evidenceAt = -1;
    }

    /** Which highlight of the answer the evidence keys are on (-1: none). */
    int evidenceAt() {
        return evidenceAt;
    }

    /**
     * Moves to the next (or previous) of {@code marks} highlights, wrapping around; the first move goes to the first
     * (or the last).
     *
     * @return the highlight now current, -1 when there is none
     */
    int stepEvidence(boolean forward, int marks) {
        if (marks <= 0) {
            return -1;
        }
        evidenceAt = evidenceAt < 0 ? (forward ? 0 : marks - 1) : Math.floorMod(evidenceAt + (forward ? 1 : -1), marks);
        return evidenceAt;
    }

    /** The return the pane shows: the task's own, else what the run's steps returned (null: none). */
    static JsonNode returnOf(Task task, Trace trace) {
        return task.toolReturn() != null ? task.toolReturn() : returnsOfSteps(trace);
    }

    /**
     * The evidence the answer is drawn with: the rule's ({@code ev}), or when that is held back (blind) the think
     * blocks of {@code forThink} alone, so that they are folded but nothing is highlighted.
     */
    static Evidence answerEvidence(Evidence forThink, Evidence ev) {
        if (ev != null || forThink == null) {
            return ev;
        }
        return new Evidence(
                forThink.mode(),
                null,
                null,
                forThink.thinkBlockPresent(),
                false,
                forThink.thinkSpans(),
                null,
                null,
                null,
                0,
                0,
                null,
                null,
                null,
                null,
                null,
                null,
                null);
    }

    /**
     * What the tools returned in a run whose task has no tool return of its own (an imported agent run): each step's
     * results in order, keyed "1. name" (and "error" where the tool failed), so that the answer is read beside them.
     * Results of a session's earlier turns that the run's input repeats are left out: the run did not get them.
     */
    static JsonNode returnsOfSteps(Trace trace) {
        com.fasterxml.jackson.databind.node.ObjectNode all = Json.object();
        int i = 0;
        for (Turn t : trace.turns()) {
            if (t.badges().contains(Turn.EARLIER_TURN)) {
                continue; // an earlier turn of the session, repeated as context: not what this run's answer rests on
            }
            for (ToolResult r : t.toolResults()) {
                i++;
                String key = i + ". " + (r.name() == null ? "tool" : r.name()) + (r.error() ? " (error)" : "");
                all.set(key, r.content() == null ? Json.MAPPER.nullNode() : r.content());
            }
        }
        return i == 0 ? null : all;
    }
}
