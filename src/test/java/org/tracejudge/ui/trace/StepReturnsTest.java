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
        JsonNode shown = ReturnAndAnswerViewModel.returnsOfSteps(t);
        assertEquals("\"102\"", shown.get("1. take_sum").toString());
        assertEquals(
                "ValueError", shown.get("2. get_price (error)").get("error").asText());
        assertNull(
                ReturnAndAnswerViewModel.returnsOfSteps(new Trace("t", "k", "m", "", List.of(), List.of(), "", null)));
    }

    @Test
    void anEarlierTurnsResultIsNotThisRunsReturn() {
        ToolCall old = new ToolCall("w1", "get_weather", Json.read("{\"city\":\"Rome\"}"));
        List<String> earlier = List.of(Turn.EARLIER_TURN);
        Turn asked = new Turn(Role.ASSISTANT, null, List.of(old), List.of(), null, earlier);
        Turn got = new Turn(
                Role.TOOL,
                null,
                List.of(),
                List.of(new ToolResult("w1", "get_weather", Json.read("{\"temp_c\":17}"), false)),
                null,
                earlier);
        Turn bye = new Turn(Role.USER, "Thanks, bye!", List.of(), List.of(), null, List.of());
        Trace t = new Trace("t", "k", "m", "", List.of(asked, got, bye), List.of(), "Goodbye!", null);
        assertNull(ReturnAndAnswerViewModel.returnsOfSteps(t), "turn 2's weather is not what turn 3's answer rests on");
        assertEquals(
                "2. tool ← get_weather · earlier turn, context",
                RawRecord.of(t, false).entries().get(1).title());
    }
}
