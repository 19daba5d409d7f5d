package org.tracejudge.calls;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.util.ArrayList;
import java.util.List;

/** Candidate tool lists: OpenAI function objects ({@code {type, function:{...}}}) or plain {@code {name, parameters}}. */
public final class Schemas {
    private Schemas() {}

    /** A candidate tool as the panel and the rule see it. */
    public record Tool(String name, String description, JsonNode parameters) {
        /** The parameter's schema, or a missing node. */
        public JsonNode property(String key) {
            return parameters.path("properties").path(key);
        }

        public boolean required(String key) {
            for (JsonNode r : parameters.path("required")) {
                if (r.asText().equals(key)) {
                    return true;
                }
            }
            return false;
        }

        public List<String> propertyNames() {
            List<String> out = new ArrayList<>();
            parameters.path("properties").fieldNames().forEachRemaining(out::add);
            return out;
        }
    }

    public static List<Tool> tools(JsonNode list) {
        List<Tool> out = new ArrayList<>();
        if (list == null || !list.isArray()) {
            return out;
        }
        for (JsonNode t : list) {
            JsonNode fn = t.has("function") ? t.get("function") : t;
            if (fn.hasNonNull("name")) {
                out.add(new Tool(
                        fn.get("name").asText(),
                        fn.path("description").asText(""),
                        fn.has("parameters") ? fn.get("parameters") : MissingNode.getInstance()));
            }
        }
        return out;
    }

    public static Tool find(JsonNode list, String name) {
        for (Tool t : tools(list)) {
            if (t.name().equals(name)) {
                return t;
            }
        }
        return null;
    }
}
