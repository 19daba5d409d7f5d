package org.tracejudge.ui.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tracejudge.json.Json;
import org.tracejudge.model.Role;
import org.tracejudge.model.ToolCall;
import org.tracejudge.model.ToolResult;
import org.tracejudge.model.Trace;
import org.tracejudge.model.Turn;

/** An imported agent run's tool results are what the trace view shows as its tool return, in order, errors named. */
class StepReturnsTest {
    @Test
    void eachStepsResultsAreShownInOrderWithErrorsNamed() {
        ToolCall call = new ToolCall("c1", "take_sum", Json.read("{\"x\":71,\"y\":31}"));
        Turn ask = new Turn(Role.ASSISTANT, null, List.of(call), List.of(), null, List.of());
        Turn result = new Turn(
                Role.TOOL,
                null,
                List.of(),
                List.of(
                        new ToolResult("c1", "take_sum", Json.read("\"102\""), false),
                        new ToolResult("c2", "get_price", Json.read("{\"error\":\"ValueError\"}"), true)),
                null,
                List.of());
        Trace t = new Trace("t", "k", "m", "", List.of(ask, result), List.of(call), "71 + 31 = 102", null);
        JsonNode shown = TraceView.returnsOfSteps(t);
        assertEquals("\"102\"", shown.get("1. take_sum").toString());
        assertEquals(
                "ValueError", shown.get("2. get_price (error)").get("error").asText());
        assertNull(TraceView.returnsOfSteps(new Trace("t", "k", "m", "", List.of(), List.of(), "", null)));
    }
}
