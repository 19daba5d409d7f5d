package org.tracejudge.calls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.tracejudge.calls.CallFixtures.json;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tracejudge.model.Role;
import org.tracejudge.model.ToolCall;
import org.tracejudge.model.ToolResult;
import org.tracejudge.model.Turn;

class ArgDiffEdgeTest {
    private static Turn user(String text) {
        return Turn.text(Role.USER, text);
    }

    private static Turn call(String name, String args) {
        return new Turn(
                Role.ASSISTANT,
                null,
                List.of(new ToolCall(name, json(args))),
                List.of(),
                null,
                List.of(Conversation.RESPONSE));
    }

    @Test
    void valuesOccurOnlyAsWholeTokens() {
        assertTrue(Conversation.occursIn("we are 3 travellers.", "3"));
        assertFalse(Conversation.occursIn("a 12.5 km walk", "12"));
        assertTrue(Conversation.occursIn("it costs 12.", "12"));
        assertFalse(Conversation.occursIn("on tuesdays", "tuesday"));
        assertTrue(Conversation.occursIn("code qx-4471, thanks", "qx-4471"));
        assertFalse(Conversation.occursIn("code qx-44712", "qx-4471"));
        assertEquals("120", Conversation.text(json("120.0")));
        assertEquals("0.5", Conversation.text(json("0.50")));
    }

    @Test
    void compoundValuesNeedEveryLeafAndToolResultsCount() {
        Conversation c = new Conversation(List.of(
                user("Add milk and eggs to the list."),
                new Turn(
                        Role.TOOL,
                        null,
                        List.of(),
                        List.of(new ToolResult(null, "stock", json("{\"sku\": \"B-7731\"}"), false)),
                        null,
                        List.of()),
                call("add_items", "{\"items\": [\"milk\", \"eggs\"], \"sku\": \"B-7731\"}")));
        assertEquals(List.of(0), c.occurrences(json("[\"milk\", \"eggs\"]"), 2));
        assertEquals(List.of(), c.occurrences(json("[\"milk\", \"bread\"]"), 2));
        assertEquals(1, c.lastOccurrence(json("\"B-7731\""), 2));
        // the model's own call is never evidence for its values
        assertEquals(-1, c.lastOccurrence(json("\"B-7731\""), 1));
    }

    @Test
    void nestedObjectsCompareWholeAndOrderOfKeysDoesNotMatter() {
        Conversation c = new Conversation(List.of(user("Ship to Lyon"), call("ship", "{}")));
        List<ArgEntry> same = ArgDiff.diff(
                json("{\"to\": {\"city\": \"Lyon\", \"zip\": \"69001\"}}"),
                json("{\"to\": {\"zip\": \"69001\", \"city\": \"Lyon\"}}"),
                c,
                1,
                null);
        assertTrue(same.isEmpty(), same.toString());
        List<ArgEntry> other = ArgDiff.diff(
                json("{\"to\": {\"city\": \"Lyon\"}}"), json("{\"to\": {\"city\": \"Lille\"}}"), c, 1, null);
        assertEquals(DiffKind.WRONG_VALUE, other.get(0).kind());
        assertEquals(Origin.OUT_OF_CONTEXT, other.get(0).origin());
        List<ArgEntry> type =
                ArgDiff.diff(json("{\"to\": {\"city\": \"Lyon\"}}"), json("{\"to\": \"Lyon\"}"), c, 1, null);
        assertEquals(DiffKind.WRONG_TYPE, type.get(0).kind());
        assertEquals(Origin.IN_CONTEXT, type.get(0).origin());
        assertEquals(0, type.get(0).turn());
    }

    @Test
    void argumentsThatAreNotAnObjectMissEveryKey() {
        Conversation c = new Conversation(List.of(user("hi"), call("x", "null")));
        List<ArgEntry> d = ArgDiff.diff(json("{\"a\": 1, \"b\": \"MISSING\"}"), json("null"), c, 1, null);
        assertEquals(1, d.size());
        assertEquals(DiffKind.MISSING, d.get(0).kind());
    }

    @Test
    void theJudgedCallIsTheLastCallToTheGoldTool() {
        Conversation c = new Conversation(List.of(
                user("Weather in Oslo for 2 days please"),
                call("get_forecast", "{\"city\": \"Oslo\", \"days\": 2}"),
                call("get_current_weather", "{\"city\": \"Oslo\"}")));
        CallVerdict v =
                CallRule.judge(c, new ToolCall("get_forecast", json("{\"city\": \"Oslo\", \"days\": 2}")), null);
        assertEquals("correct_call", v.label());
        assertEquals(1, v.judgedTurn());
        assertEquals(2, v.calls());
        assertEquals(1, v.otherTools());
        // a conversation without sessions has no session distance
        assertEquals(null, v.evidence().get(0).distance());
    }
}
