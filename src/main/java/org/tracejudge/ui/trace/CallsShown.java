package org.tracejudge.ui.trace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tracejudge.model.Task;
import org.tracejudge.model.TaskType;
import org.tracejudge.model.ToolCall;
import org.tracejudge.model.ToolResult;
import org.tracejudge.model.Trace;
import org.tracejudge.model.Turn;

/**
 * What the trace view says about calls and returns, so that its parts agree with each other (issue 48: "no tool was
 * called" beside a tool return; "no tool is needed" beside eleven tool results): the heading's task type, the tools
 * seen only from their results, and what the return pane shows. Pure, so it is tested without a window.
 */
final class CallsShown {
    private CallsShown() {}

    /** Whether the task was made from an imported agent run (OpenTelemetry, Langfuse, Inspect…): no benchmark task. */
    static boolean agentRun(Task task) {
        return task.body() != null && task.body().hasNonNull("source_format") && task.expectedCall() == null;
    }

    /** The task type as the heading says it: an agent run is no benchmark task, whatever type it was filed under. */
    static String typeText(Task task) {
        if (agentRun(task)) {
            return task.type() == TaskType.CONTROL ? "agent run (no tool offered or used)" : "agent run";
        }
        return task.type().code();
    }

    /** The heading's parts joined with " · ", empty parts left out (an empty domain showed "· ·"). */
    static String heading(String... parts) {
        List<String> kept = new ArrayList<>();
        for (String p : parts) {
            if (p != null && !p.isBlank()) {
                kept.add(p);
            }
        }
        return String.join("  ·  ", kept);
    }

    /**
     * Tools whose results the run holds while the file records no call that they answer (an Inspect log of tool
     * messages only), with how many such results: name -> count, in order.
     */
    static Map<String, Integer> seenOnlyByResult(Trace trace) {
        Map<String, Integer> calls = new HashMap<>();
        for (ToolCall c : trace.executedCalls()) {
            calls.merge(c.name(), 1, Integer::sum);
        }
        Map<String, Integer> out = new LinkedHashMap<>();
        for (Turn t : trace.turns()) {
            if (t.badges().contains(Turn.EARLIER_TURN)) {
                continue;
            }
            for (ToolResult r : t.toolResults()) {
                String name = r.name() == null ? "tool" : r.name();
                int left = calls.getOrDefault(name, 0);
                if (left > 0) {
                    calls.put(name, left - 1); // the result of a recorded call of that name
                } else {
                    out.merge(name, 1, Integer::sum);
                }
            }
        }
        return out;
    }

    /**
     * The return pane's title. A benchmark task's return is what the expected call would have returned: when the run
     * never made that call, the title says the run did not get it ({@link #returnNote} says why), instead of showing
     * it as if it had.
     */
    static String returnTitle(Task task, Trace trace) {
        if (task.toolReturn() != null) {
            return returnNote(task, trace) == null ? "Tool return" : "Tool return: not received";
        }
        for (Turn t : trace.turns()) {
            if (!t.toolResults().isEmpty() && !t.badges().contains(Turn.EARLIER_TURN)) {
                return "Tool returns (what the run's tools returned)";
            }
        }
        return "Tool return";
    }

    /** Why the task's return was not received by the run, or null when it was (or the task has none). */
    static String returnNote(Task task, Trace trace) {
        ToolCall exp = task.expectedCall();
        if (task.toolReturn() == null || exp == null || trace.called(exp.name())) {
            return null;
        }
        boolean failed = trace.extra() != null && trace.extra().hasNonNull("error");
        return (failed ? "The run ended in an error before calling " : "The run never called ") + exp.name()
                + ": this is what the call would have returned.";
    }
}
