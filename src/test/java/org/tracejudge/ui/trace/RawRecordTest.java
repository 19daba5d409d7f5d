package org.tracejudge.ui.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tracejudge.json.Json;
import org.tracejudge.model.Role;
import org.tracejudge.model.ToolCall;
import org.tracejudge.model.ToolResult;
import org.tracejudge.model.Trace;
import org.tracejudge.model.Turn;

/** Issue 36, item 8: the raw record of a trace, step by step, with the provider's responses as imported. */
class RawRecordTest {
    private static final ToolCall CALL = new ToolCall("c1", "get_weather", Json.read("{\"city\":\"Berlin\"}"));

    private static Trace agentRun() {
        Turn user = Turn.text(Role.USER, "Weather in Berlin?");
        Turn ask = new Turn(Role.ASSISTANT, null, List.of(CALL), List.of(), null, List.of());
        Turn result = new Turn(
                Role.TOOL,
                null,
                List.of(),
                List.of(new ToolResult("c1", "get_weather", Json.read("\"timeout\""), true)),
                null,
                List.of());
        Turn answer = Turn.text(Role.ASSISTANT, "I could not reach the weather service.");
        return new Trace(
                "t", "k", "m", "", List.of(user, ask, result, answer), List.of(CALL), answer.text(), Json.read("""
                {"format":"otlp","steps":[{"kind":"user","span":"a1"},{"kind":"model","span":"a2","model":"gpt-x",
                "tokens":{"input":12,"output":3}},{"kind":"tool","span":"a3","pairing":"id"},{"kind":"model","span":"a4"}],
                "tokens":{"input":20,"output":9},"scores":{"correctness":0}}"""));
    }

    @Test
    void eachStepShowsItsTurnBesideItsSourceEntryThenTheRest() {
        RawRecord r = RawRecord.of(agentRun(), false);
        assertEquals(
                List.of(
                        "1. user",
                        "2. assistant (model) → get_weather",
                        "3. tool ← get_weather (error)",
                        "4. assistant (model)",
                        "Everything else the source carried"),
                r.entries().stream().map(RawRecord.Entry::title).toList());
        var step2 = Json.read(r.entries().get(1).json());
        assertEquals("Berlin", step2.at("/turn/tool_calls/0/arguments/city").asText());
        assertEquals("gpt-x", step2.at("/source/model").asText());
        assertEquals(12, step2.at("/source/tokens/input").asInt());
        assertEquals(
                "id", Json.read(r.entries().get(2).json()).at("/source/pairing").asText());
        var rest = Json.read(r.entries().get(4).json());
        assertFalse(rest.has("steps"), "the steps are shown with their turns, not again");
        assertEquals(0, rest.at("/scores/correctness").asInt());
        assertEquals(0, r.heldBack());
    }

    @Test
    void theBlindModeHoldsBackWhatCanCarryAVerdict() {
        RawRecord r = RawRecord.of(agentRun(), true);
        var rest = Json.read(r.entries().get(4).json());
        assertEquals("(held back in blind mode)", rest.get("scores").asText());
        assertEquals(1, r.heldBack());
        assertEquals(20, rest.at("/tokens/input").asInt(), "the rest is shown");
    }

    @Test
    void aResultsFilesProviderResponsesAreAnEntryEach() {
        Trace t = new Trace("t", "k", "acme", "r1", List.of(), List.of(CALL), "It is sunny.", Json.read("""
                {"raw_responses":[{"step":0,"content":null,"finish_reason":"tool_calls","tool_calls":[{"id":"c1"}]},
                {"step":1,"content":"It is sunny.","finish_reason":"stop","tool_calls":[],
                "usage":{"prompt_tokens":1481,"completion_tokens":7}}],"error":null}"""));
        RawRecord r = RawRecord.of(t, false);
        assertEquals(
                List.of(
                        "Calls and answer (the source had no turns)",
                        "Provider response 1 · tool_calls · 1 tool call",
                        "Provider response 2 · stop",
                        "Everything else the source carried"),
                r.entries().stream().map(RawRecord.Entry::title).toList());
        assertEquals(
                1481,
                Json.read(r.entries().get(2).json()).at("/usage/prompt_tokens").asInt());
        assertEquals(
                "get_weather",
                Json.read(r.entries().get(0).json())
                        .at("/executed_calls/0/name")
                        .asText());
        assertTrue(r.entries().get(3).json().contains("\"error\""));
    }
}
