package org.tracejudge.calls;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.tracejudge.json.Json;
import org.tracejudge.model.Role;
import org.tracejudge.model.ToolCall;
import org.tracejudge.model.Turn;

/** A small four-session conversation whose booking code changes in session 3 (written for these tests). */
final class CallFixtures {
    private CallFixtures() {}

    static final String TOOLS = """
            [{"type":"function","function":{"name":"FlightStatus","description":"Status of a booked flight",
              "parameters":{"type":"object","properties":{
                "booking_code":{"type":"string"},"date":{"type":"string","description":"YYYY-MM-DD"},
                "passengers":{"type":"integer"},"cabin":{"type":"string","default":"economy"},
                "seat":{"type":"string"}},
              "required":["booking_code","date"]}}},
             {"type":"function","function":{"name":"FlightStatusLookup","description":"Status of any flight by number",
              "parameters":{"type":"object","properties":{"flight_number":{"type":"string"}},"required":["flight_number"]}}}]
            """;

    static JsonNode json(String s) {
        return Json.read(s);
    }

    static Turn turn(Role role, String text, String session, String badge) {
        List<ToolCall> calls = role == Role.ASSISTANT ? TextCalls.calls(text) : List.of();
        return new Turn(role, text, calls, List.of(), session, List.of(badge));
    }

    /** Turns 0-6 of context; the model's response is turn 7. */
    static List<Turn> context() {
        List<Turn> t = new ArrayList<>();
        t.add(turn(Role.USER, "I'm flying out of Boston Logan on the 14th, booking code QX-4471.", "s1", "evidence"));
        t.add(turn(
                Role.ASSISTANT,
                "Calling the FlightStatus API with {\"booking_code\": \"QX-4471\", \"date\": \"2025-03-14\"}",
                "s1",
                "evidence"));
        t.add(turn(Role.USER, "Any good ramen in Sapporo? Budget around 30 dollars.", "s2", "distractor"));
        t.add(turn(Role.ASSISTANT, "Try Menya Saimi near the station.", "s2", "distractor"));
        t.add(turn(Role.USER, "Change of plans: the booking code is now QX-5120.", "s3", "evidence"));
        t.add(turn(Role.ASSISTANT, "Noted, I will use the new code.", "s3", "evidence"));
        t.add(turn(Role.USER, "Please check my flight status, we are 2 passengers.", "s4", "goal"));
        return t;
    }

    static Conversation withCall(String name, String args) {
        List<Turn> t = context();
        t.add(new Turn(
                Role.ASSISTANT,
                null,
                List.of(new ToolCall(name, json(args))),
                List.of(),
                "s4",
                List.of("goal", Conversation.RESPONSE)));
        return new Conversation(t);
    }

    static Conversation withText(String text) {
        List<Turn> t = context();
        t.add(new Turn(Role.ASSISTANT, text, List.of(), List.of(), "s4", List.of("goal", Conversation.RESPONSE)));
        return new Conversation(t);
    }

    static final ToolCall GOLD = new ToolCall(
            "FlightStatus", json("{\"booking_code\":\"QX-5120\",\"date\":\"2025-03-14\",\"passengers\":2}"));
    static final ToolCall GOLD_MISSING = new ToolCall(
            "FlightStatus", json("{\"booking_code\":\"QX-5120\",\"date\":\"2025-03-14\",\"seat\":\"MISSING\"}"));
}
