package org.tracejudge.calls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.tracejudge.calls.CallFixtures.GOLD;
import static org.tracejudge.calls.CallFixtures.GOLD_MISSING;
import static org.tracejudge.calls.CallFixtures.TOOLS;
import static org.tracejudge.calls.CallFixtures.json;
import static org.tracejudge.calls.CallFixtures.withCall;
import static org.tracejudge.calls.CallFixtures.withText;

import java.util.List;
import org.junit.jupiter.api.Test;

class CallRuleTest {
    private static CallVerdict judge(Conversation c, org.tracejudge.model.ToolCall gold) {
        return CallRule.judge(c, gold, json(TOOLS));
    }

    private static ArgEntry only(CallVerdict v) {
        assertEquals(1, v.diff().size(), v.diff().toString());
        return v.diff().get(0);
    }

    @Test
    void exactMapIsCorrectNumbersCompareByValue() {
        CallVerdict v = judge(
                withCall("FlightStatus", "{\"date\":\"2025-03-14\",\"booking_code\":\"QX-5120\",\"passengers\":2.0}"),
                GOLD);
        assertEquals("correct_call", v.label());
        assertTrue(v.diff().isEmpty());
        assertEquals(7, v.judgedTurn());
    }

    @Test
    void supersededValueIsStaleAndLinkedToItsTurn() {
        CallVerdict v = judge(
                withCall("FlightStatus", "{\"booking_code\":\"QX-4471\",\"date\":\"2025-03-14\",\"passengers\":2}"),
                GOLD);
        assertEquals("stale_value", v.label());
        ArgEntry e = only(v);
        assertEquals(DiffKind.WRONG_VALUE, e.kind());
        assertEquals(Origin.IN_CONTEXT, e.origin());
        assertEquals(1, e.turn()); // the earlier call in session 1 is its latest occurrence
        assertEquals("s1", e.session());
        assertTrue(e.stale());
    }

    @Test
    void inventedValueIsOutOfContext() {
        CallVerdict v = judge(
                withCall("FlightStatus", "{\"booking_code\":\"QX-5120\",\"date\":\"2025-03-15\",\"passengers\":2}"),
                GOLD);
        assertEquals("wrong_arguments", v.label());
        ArgEntry e = only(v);
        assertEquals(DiffKind.WRONG_VALUE, e.kind());
        assertEquals(Origin.OUT_OF_CONTEXT, e.origin());
        assertEquals(-1, e.turn());
        assertFalse(e.stale());
    }

    @Test
    void stringForNumberIsWrongTypeInContext() {
        CallVerdict v = judge(
                withCall("FlightStatus", "{\"booking_code\":\"QX-5120\",\"date\":\"2025-03-14\",\"passengers\":\"2\"}"),
                GOLD);
        assertEquals("wrong_arguments", v.label());
        ArgEntry e = only(v);
        assertEquals(DiffKind.WRONG_TYPE, e.kind());
        assertEquals(Origin.IN_CONTEXT, e.origin());
        assertEquals(6, e.turn()); // "we are 2 passengers", not the 2 inside 2025 or QX-5120
    }

    @Test
    void missingKey() {
        CallVerdict v = judge(withCall("FlightStatus", "{\"booking_code\":\"QX-5120\",\"date\":\"2025-03-14\"}"), GOLD);
        ArgEntry e = only(v);
        assertEquals(DiffKind.MISSING, e.kind());
        assertEquals("passengers", e.key());
        assertNull(e.origin());
        assertEquals("wrong_arguments", v.label());
    }

    @Test
    void extraKeyWithTheSchemaDefault() {
        CallVerdict v = judge(
                withCall(
                        "FlightStatus",
                        "{\"booking_code\":\"QX-5120\",\"date\":\"2025-03-14\",\"passengers\":2,\"cabin\":\"economy\"}"),
                GOLD);
        ArgEntry e = only(v);
        assertEquals(DiffKind.EXTRA, e.kind());
        assertEquals("cabin", e.key());
        assertEquals(Origin.DEFAULT, e.origin());
        assertEquals("wrong_arguments", v.label());
    }

    @Test
    void nullValueIsWrongType() {
        CallVerdict v =
                judge(withCall("FlightStatus", "{\"booking_code\":\"QX-5120\",\"date\":null,\"passengers\":2}"), GOLD);
        assertEquals(DiffKind.WRONG_TYPE, only(v).kind());
    }

    @Test
    void wrongToolCountsForFtr() {
        CallVerdict v = judge(withCall("FlightStatusLookup", "{\"flight_number\":\"QX-5120\"}"), GOLD);
        assertEquals("wrong_tool", v.label());
        assertEquals(1, v.calls());
        assertEquals(1, v.otherTools());
        assertTrue(v.diff().isEmpty());
    }

    @Test
    void missingMarkerFilledWithAnInventedValue() {
        CallVerdict v = judge(
                withCall("FlightStatus", "{\"booking_code\":\"QX-5120\",\"date\":\"2025-03-14\",\"seat\":\"14C\"}"),
                GOLD_MISSING);
        assertEquals("invented_missing_value", v.label());
        ArgEntry e = only(v);
        assertEquals(DiffKind.MISSING_MARKER, e.kind());
        assertEquals(Origin.OUT_OF_CONTEXT, e.origin());
    }

    @Test
    void missingMarkerFilledFromContextIsPremature() {
        CallVerdict v = judge(
                withCall("FlightStatus", "{\"booking_code\":\"QX-5120\",\"date\":\"2025-03-14\",\"seat\":\"30\"}"),
                GOLD_MISSING);
        assertEquals("premature_call", v.label());
        ArgEntry e = only(v);
        assertEquals(Origin.IN_CONTEXT, e.origin());
        assertEquals(2, e.turn()); // "around 30 dollars"
    }

    @Test
    void callWithoutTheMissingKeyIsStillPremature() {
        CallVerdict v =
                judge(withCall("FlightStatus", "{\"booking_code\":\"QX-5120\",\"date\":\"2025-03-14\"}"), GOLD_MISSING);
        assertEquals("premature_call", v.label());
        assertTrue(v.diff().isEmpty());
    }

    @Test
    void questionInsteadOfACallWhenAValueIsMissing() {
        assertEquals(
                "correct_clarification",
                judge(withText("<think>no seat given?</think>Which seat would you like?"), GOLD_MISSING)
                        .label());
        assertEquals(
                "abstained",
                judge(withText("<think>which seat?</think>I cannot do that."), GOLD_MISSING)
                        .label());
        CallVerdict none = judge(withText("Your flight looks fine."), GOLD);
        assertEquals("abstained", none.label());
        assertEquals(0, none.calls());
    }

    @Test
    void evidenceTurnsAndSessionDistance() {
        CallVerdict v = judge(
                withCall("FlightStatus", "{\"booking_code\":\"QX-5120\",\"date\":\"2025-03-14\",\"passengers\":2}"),
                GOLD);
        List<CallVerdict.Evidence> ev = v.evidence();
        assertEquals(3, ev.size());
        assertEquals("booking_code", ev.get(0).key());
        assertEquals(4, ev.get(0).turn());
        assertEquals("s3", ev.get(0).session());
        assertEquals(1, ev.get(0).distance());
        assertEquals(1, ev.get(1).turn()); // the date only ever appears in session 1's call
        assertEquals(3, ev.get(1).distance());
        assertEquals(6, ev.get(2).turn());
        assertEquals(0, ev.get(2).distance());
    }

    @Test
    void timelineOfAChangedValueFlagsTheLatest() {
        CallVerdict v = judge(
                withCall("FlightStatus", "{\"booking_code\":\"QX-4471\",\"date\":\"2025-03-14\",\"passengers\":2}"),
                GOLD);
        List<CallVerdict.TimelinePoint> tl = v.timelines().get("booking_code");
        assertEquals(3, tl.size(), tl.toString());
        assertEquals(
                List.of(0, 1, 4),
                tl.stream().map(CallVerdict.TimelinePoint::turn).toList());
        assertEquals("QX-5120", tl.get(2).value().asText());
        assertTrue(tl.get(2).latest());
        assertFalse(tl.get(1).latest());
        assertEquals("call", tl.get(1).source());
        assertFalse(v.timelines().containsKey("passengers"));
        assertEquals("stale_value", v.toJson().path("check").asText().isEmpty() ? "" : v.label());
        assertEquals(true, v.toJson().path("diff").get(0).path("stale").asBoolean());
    }

    @Test
    void textCallsParseTheJsonAfterTheMention() {
        List<TextCalls.Found> f =
                TextCalls.find("Sure. Calling the Hotel Search API with {\"city\": \"Lyon\", \"nights\": 2} now, "
                        + "then Calling the Weather API with {broken");
        assertEquals(2, f.size());
        assertEquals("Hotel Search", f.get(0).call().name());
        assertEquals(2, f.get(0).call().arguments().get("nights").asInt());
        assertTrue(f.get(1).call().arguments().isNull());
    }

    @Test
    void taxonomyMappingCoversEveryLabel() {
        assertEquals(CallLabels.all(), List.copyOf(CallLabels.TOOLFAILBENCH.keySet()));
        assertEquals("output_fabrication", CallLabels.TOOLFAILBENCH.get("invented_missing_value"));
        assertEquals("result_ignore", CallLabels.TOOLFAILBENCH.get("stale_value"));
    }
}
