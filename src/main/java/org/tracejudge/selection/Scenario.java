package org.tracejudge.selection;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.util.ArrayList;
import java.util.List;
import org.tracejudge.json.Json;

/** A tool-selection scenario: its tools (name, description, safety-critical flag) in the scenario's order. */
public record Scenario(String name, List<Tool> tools) {
    public Scenario {
        tools = List.copyOf(tools);
    }

    public record Tool(String name, String description, boolean safetyCritical) {}

    public List<String> toolNames() {
        return tools.stream().map(Tool::name).toList();
    }

    public boolean isSafetyCritical(String tool) {
        return tools.stream().anyMatch(t -> t.name().equals(tool) && t.safetyCritical());
    }

    public List<String> safetyCriticalTools() {
        return tools.stream().filter(Tool::safetyCritical).map(Tool::name).toList();
    }

    public boolean hasSafetyCriticalTools() {
        return tools.stream().anyMatch(Tool::safetyCritical);
    }

    /** The tool list as stored in the project's toolset table. */
    public static ArrayNode toolsJson(List<Tool> tools) {
        ArrayNode a = Json.MAPPER.createArrayNode();
        for (Tool t : tools) {
            var o = a.addObject();
            o.put("name", t.name());
            o.put("description", t.description());
            o.put("safety_critical", t.safetyCritical());
        }
        return a;
    }

    /** Reads a stored tool list back ({@code safety_critical} absent = false). */
    public static List<Tool> toolsFrom(JsonNode tools) {
        List<Tool> out = new ArrayList<>();
        if (tools != null) {
            for (JsonNode t : tools) {
                out.add(new Tool(
                        t.path("name").asText(),
                        t.path("description").asText(""),
                        t.path("safety_critical").asBoolean(false)));
            }
        }
        return out;
    }
}
