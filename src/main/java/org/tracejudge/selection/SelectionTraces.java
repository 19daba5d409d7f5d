package org.tracejudge.selection;

import com.fasterxml.jackson.databind.JsonNode;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
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
        return query(c, null);
    }

    /** One tool-selection trace, or null. */
    public static Item one(Connection c, String traceId) throws SQLException {
        List<Item> l = query(c, traceId);
        return l.isEmpty() ? null : l.get(0);
    }

    /** Every run on the input (task) of one trace, ordered like {@link #all}. */
    public static List<Item> sameInput(Connection c, String traceId) throws SQLException {
        return query(c, traceId, true);
    }

    private static List<Item> query(Connection c, String traceId) throws SQLException {
        return query(c, traceId, false);
    }

    private static List<Item> query(Connection c, String traceId, boolean wholeTask) throws SQLException {
        Map<String, Scenario> scenarios = new HashMap<>();
        List<Item> out = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement("SELECT t.id, k.task_key, k.body, ts.tools, t.model, t.run, "
                + "t.answer, t.tool_calls, t.extra, k.toolset_id FROM trace t JOIN task k ON k.id = t.task_id "
                + "LEFT JOIN toolset ts ON ts.id = k.toolset_id WHERE k.task_type = 'tool_selection' "
                + (traceId == null
                        ? ""
                        : wholeTask ? "AND t.task_id = (SELECT task_id FROM trace WHERE id = ?) " : "AND t.id = ? ")
                + "ORDER BY k.domain, k.task_key, t.model, t.run, t.id")) {
            if (traceId != null) {
                s.setString(1, traceId);
            }
            ResultSet rs = s.executeQuery();
            while (rs.next()) {
                JsonNode body = Json.read(rs.getString(3));
                String scenarioName = body.path("scenario").asText();
                Scenario sc = null;
                if (rs.getString(4) != null) {
                    String key = scenarioName + "\u0000" + rs.getString(10);
                    String tools = rs.getString(4);
                    sc = scenarios.computeIfAbsent(
                            key, k -> new Scenario(scenarioName, Scenario.toolsFrom(Json.read(tools))));
                }
                Set<String> expected = new LinkedHashSet<>();
                body.path("expected_tools").forEach(n -> expected.add(n.asText()));
                JsonNode extra = rs.getString(9) == null ? Json.object() : Json.read(rs.getString(9));
                String approach = extra.path("approach").asText(rs.getString(6));
                String calls = rs.getString(8);
                List<ToolCall> callList =
                        calls == null || calls.equals("[]") ? List.of() : TurnCodec.callsFromJson(Json.read(calls));
                out.add(new Item(
                        rs.getString(1),
                        rs.getString(2),
                        body.path("id").asText(),
                        body.path("input").asText(),
                        expected,
                        sc,
                        rs.getString(5),
                        approach,
                        rs.getString(7),
                        callList));
            }
        }
        return out;
    }

    /** The scenarios of the project (those imported with their tools), by name. */
    public static Map<String, Scenario> scenarios(Connection c) throws SQLException {
        Map<String, Scenario> out = new java.util.TreeMap<>();
        try (PreparedStatement s = c.prepareStatement("SELECT DISTINCT k.domain, ts.tools FROM task k JOIN toolset ts "
                        + "ON ts.id = k.toolset_id WHERE k.task_type = 'tool_selection' ORDER BY k.domain");
                ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                out.put(rs.getString(1), new Scenario(rs.getString(1), Scenario.toolsFrom(Json.read(rs.getString(2)))));
            }
        }
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
