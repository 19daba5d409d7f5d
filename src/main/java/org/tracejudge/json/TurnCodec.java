package org.tracejudge.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.tracejudge.model.Role;
import org.tracejudge.model.ToolCall;
import org.tracejudge.model.ToolResult;
import org.tracejudge.model.Turn;

/** Turns as stored in the project file (a JSON array) and back. */
public final class TurnCodec {
    private TurnCodec() {}

    public static String toJson(List<Turn> turns) {
        ArrayNode arr = Json.MAPPER.createArrayNode();
        for (Turn t : turns) {
            ObjectNode o = arr.addObject();
            o.put("role", t.role().code());
            if (t.text() != null) {
                o.put("text", t.text());
            }
            if (!t.toolCalls().isEmpty()) {
                o.set("tool_calls", callsToJson(t.toolCalls()));
            }
            if (!t.toolResults().isEmpty()) {
                ArrayNode rs = o.putArray("tool_results");
                for (ToolResult r : t.toolResults()) {
                    ObjectNode ro = rs.addObject();
                    ro.put("call_id", r.callId());
                    ro.put("name", r.name());
                    ro.set("content", r.content());
                    if (r.error()) {
                        ro.put("error", true);
                    }
                }
            }
            if (t.sessionId() != null) {
                o.put("session", t.sessionId());
            }
            if (!t.badges().isEmpty()) {
                ArrayNode b = o.putArray("badges");
                t.badges().forEach(b::add);
            }
        }
        return arr.toString();
    }

    public static ArrayNode callsToJson(List<ToolCall> calls) {
        ArrayNode cs = Json.MAPPER.createArrayNode();
        for (ToolCall c : calls) {
            ObjectNode co = cs.addObject();
            if (c.id() != null) {
                co.put("id", c.id());
            }
            co.put("name", c.name());
            co.set("arguments", c.arguments());
        }
        return cs;
    }

    public static List<ToolCall> callsFromJson(JsonNode arr) {
        List<ToolCall> out = new ArrayList<>();
        if (arr != null) {
            for (JsonNode c : arr) {
                out.add(new ToolCall(
                        c.hasNonNull("id") ? c.get("id").asText() : null,
                        c.path("name").asText(),
                        c.get("arguments")));
            }
        }
        return out;
    }

    public static List<Turn> fromJson(JsonNode arr) {
        List<Turn> out = new ArrayList<>();
        if (arr == null) {
            return out;
        }
        for (JsonNode o : arr) {
            List<ToolResult> results = new ArrayList<>();
            for (JsonNode r : o.path("tool_results")) {
                results.add(new ToolResult(
                        r.hasNonNull("call_id") ? r.get("call_id").asText() : null,
                        r.hasNonNull("name") ? r.get("name").asText() : null,
                        r.get("content"),
                        r.path("error").asBoolean(false)));
            }
            List<String> badges = new ArrayList<>();
            o.path("badges").forEach(b -> badges.add(b.asText()));
            out.add(new Turn(
                    Role.fromCode(o.path("role").asText()),
                    o.hasNonNull("text") ? o.get("text").asText() : null,
                    callsFromJson(o.get("tool_calls")),
                    results,
                    o.hasNonNull("session") ? o.get("session").asText() : null,
                    badges));
        }
        return out;
    }
}
