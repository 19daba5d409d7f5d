package org.tracejudge.selection;

import com.fasterxml.jackson.databind.JsonNode;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.tracejudge.json.Json;
import org.tracejudge.json.TurnCodec;
import org.tracejudge.model.ToolCall;
import org.tracejudge.store.SelectionRows;

/** The read side of tool-selection tasks: their traces with input, expected set and scenario. */
public final class SelectionTraces {
    private SelectionTraces() {}

    /**
     * One run of a selector on one input.
     *
     * @param scenario null when the scenario file (its tools) was never imported
     * @param approach "nlt" or "structured"
     */
    public record Item(
            String traceId,
            String taskKey,
            String inputId,
            String input,
            Set<String> expected,
            Scenario scenario,
            String model,
            String approach,
            String output,
            List<ToolCall> calls) {}

    /** Every tool-selection trace, ordered by scenario, input, model, approach. */
    public static List<Item> all(Connection c) throws SQLException {
        return items(SelectionRows.runs(c, SelectionRows.Scope.ALL, null));
    }

    /** One tool-selection trace, or null. */
    public static Item one(Connection c, String traceId) throws SQLException {
        List<Item> l = items(SelectionRows.runs(c, SelectionRows.Scope.ONE, traceId));
        return l.isEmpty() ? null : l.get(0);
    }

    /** Every run on the input (task) of one trace, ordered like {@link #all}. */
    public static List<Item> sameInput(Connection c, String traceId) throws SQLException {
        return items(SelectionRows.runs(c, SelectionRows.Scope.SAME_INPUT, traceId));
    }

    private static List<Item> items(List<SelectionRows.Run> runs) {
        Map<String, Scenario> scenarios = new HashMap<>();
        List<Item> out = new ArrayList<>();
        for (SelectionRows.Run r : runs) {
            JsonNode body = Json.read(r.taskBody());
            String scenarioName = body.path("scenario").asText();
            Scenario sc = null;
            if (r.tools() != null) {
                sc = scenarios.computeIfAbsent(
                        scenarioName + "\u0000" + r.toolsetId(),
                        k -> new Scenario(scenarioName, Scenario.toolsFrom(Json.read(r.tools()))));
            }
            Set<String> expected = new LinkedHashSet<>();
            body.path("expected_tools").forEach(n -> expected.add(n.asText()));
            JsonNode extra = r.extra() == null ? Json.object() : Json.read(r.extra());
            String approach = extra.path("approach").asText(r.run());
            String calls = r.toolCalls();
            List<ToolCall> callList =
                    calls == null || calls.equals("[]") ? List.of() : TurnCodec.callsFromJson(Json.read(calls));
            out.add(new Item(
                    r.traceId(),
                    r.taskKey(),
                    body.path("id").asText(),
                    body.path("input").asText(),
                    expected,
                    sc,
                    r.model(),
                    approach,
                    r.answer(),
                    callList));
        }
        return out;
    }

    /** The scenarios of the project (those imported with their tools), by name. */
    public static Map<String, Scenario> scenarios(Connection c) throws SQLException {
        Map<String, Scenario> out = new java.util.TreeMap<>();
        SelectionRows.scenarioTools(c)
                .forEach((name, tools) -> out.put(name, new Scenario(name, Scenario.toolsFrom(Json.read(tools)))));
        return out;
    }

    /** The rule's verdict for an item, or null with the reason in {@code unknownScenario}. */
    public static SelectionRule.Result verdict(Item item) {
        if (item.scenario() == null) {
            return null;
        }
        List<String> tools = item.scenario().toolNames();
        return item.approach().equals("structured")
                ? SelectionRule.ofCalls(item.calls(), tools, item.expected())
                : SelectionRule.ofText(item.output(), tools, item.expected());
    }
}
