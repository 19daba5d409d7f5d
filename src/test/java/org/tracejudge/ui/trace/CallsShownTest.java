package org.tracejudge.ui.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tracejudge.json.Json;
import org.tracejudge.model.GroundTruth;
import org.tracejudge.model.Role;
import org.tracejudge.model.Task;
import org.tracejudge.model.TaskType;
import org.tracejudge.model.ToolCall;
import org.tracejudge.model.ToolResult;
import org.tracejudge.model.Trace;
import org.tracejudge.model.Turn;

/** Issue 48 item 12: the trace view's parts agree about calls and returns. */
class CallsShownTest {
    static Task task(String domain, TaskType type, ToolCall expected, String ret, ObjectNode body) {
        return new Task(
                "id",
                "OF-ENG-002",
                domain,
                type,
                type == TaskType.CONTROL ? "control" : "output_fabrication",
                "toolfailbench-required",
                "prices tonight?",
                expected,
                ret == null ? null : Json.read(ret),
                new GroundTruth(List.of(), "all", List.of()),
                null,
                body);
    }

    static Trace trace(List<ToolCall> calls, List<Turn> turns, String extra) {
        return new Trace("t", "id", "m", "r", turns, calls, "", extra == null ? null : Json.read(extra));
    }

    static Turn result(String name) {
        return new Turn(Role.TOOL, null, List.of(), List.of(new ToolResult(null, name, null, true)), null, List.of());
    }

    @Test
    void aReturnTheRunNeverGotIsSaidToBeNotReceived() {
        Task t = task(
                "energy", TaskType.TOOL_REQUIRED, new ToolCall("get_spot_price", null), "[{\"hour\":\"17:00\"}]", null);
        Trace failedRun = trace(List.of(), List.of(), "{\"error\":{\"type\":\"ReadTimeout\"}}");
        assertEquals("Tool return: not received", CallsShown.returnTitle(t, failedRun));
        assertEquals(
                "The run ended in an error before calling get_spot_price: this is what the call would have returned.",
                CallsShown.returnNote(t, failedRun));
        String skipped = CallsShown.returnNote(t, trace(List.of(), List.of(), null));
        assertTrue(skipped.startsWith("The run never called get_spot_price"), skipped);
        assertEquals(
                "Tool return",
                CallsShown.returnTitle(t, trace(List.of(new ToolCall("get_spot_price", null)), List.of(), null)));
    }

    @Test
    void resultsWithoutTheirCallsAreToolsSeenAndTheRunIsNoControlTask() {
        List<Turn> turns = new ArrayList<>();
        for (int i = 0; i < 11; i++) {
            turns.add(result("bash"));
        }
        Trace tr = trace(List.of(), turns, null);
        assertEquals(Map.of("bash", 11), CallsShown.seenOnlyByResult(tr));
        assertEquals(
                "Tool returns (what the run's tools returned)",
                CallsShown.returnTitle(task("", TaskType.TOOL_REQUIRED, null, null, null), tr));
        assertEquals(
                "Tool return",
                CallsShown.returnTitle(
                        task("", TaskType.CONTROL, null, null, null), trace(List.of(), List.of(), null)));
        Trace paired = trace(List.of(new ToolCall("bash", null)), List.of(result("bash"), result("bash")), null);
        assertEquals(Map.of("bash", 1), CallsShown.seenOnlyByResult(paired), "one of the two results has its call");
        ObjectNode body = Json.object().put("source_format", "inspect");
        Task run = task("", TaskType.CONTROL, null, null, body);
        assertTrue(CallsShown.agentRun(run));
        assertEquals("agent run (no tool offered or used)", CallsShown.typeText(run));
        assertEquals("agent run", CallsShown.typeText(task("", TaskType.TOOL_REQUIRED, null, null, body)));
        assertEquals("control", CallsShown.typeText(task("energy", TaskType.CONTROL, null, null, null)));
    }

    @Test
    void anEmptyDomainLeavesNoEmptySeparator() {
        assertEquals(
                "input-1  ·  gpt-4o  ·  agent run", CallsShown.heading("input-1", "gpt-4o", "", "agent run", null));
    }
}
