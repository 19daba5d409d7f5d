package org.tracejudge.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import org.tracejudge.json.Json;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The command line's one JSON convention (README, "JSON output"): every document is an object that starts with
 * {@code "schema"} (the version of these documents' shapes, raised when a field changes meaning or goes away) and
 * {@code "command"}; lists sit under a named field, never at the top; rates and intervals are fractions of 1
 * (percent appears only in tables); counts are integers; names are snake_case.
 */
final class CliJson {
    /** Version of the JSON documents' shapes. */
    static final int SCHEMA = 1;

    private CliJson() {}

    /** A new document for the command being run: {"schema": 1, "command": "..."}. */
    static ObjectNode document(CommandSpec spec) {
        ObjectNode o = Json.object();
        o.put("schema", SCHEMA);
        o.put("command", spec.qualifiedName(" ").replaceFirst("^tracejudge ", ""));
        return o;
    }

    /** {@code body}'s fields after the document's header (an object), or under {@code field} (anything else). */
    static ObjectNode document(CommandSpec spec, JsonNode body, String field) {
        ObjectNode o = document(spec);
        if (body instanceof ObjectNode b && field == null) {
            o.setAll(b);
        } else {
            o.set(field, body);
        }
        return o;
    }

    /** A record or bean as JSON with snake_case field names (the convention), nested objects included. */
    static JsonNode snakeCase(Object value) {
        return rename(Json.MAPPER.valueToTree(value));
    }

    private static JsonNode rename(JsonNode n) {
        if (n instanceof ObjectNode o) {
            ObjectNode r = Json.object();
            o.properties()
                    .iterator()
                    .forEachRemaining(e -> r.set(
                            e.getKey().replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(java.util.Locale.ROOT),
                            rename(e.getValue())));
            return r;
        }
        if (n instanceof com.fasterxml.jackson.databind.node.ArrayNode a) {
            com.fasterxml.jackson.databind.node.ArrayNode r = Json.MAPPER.createArrayNode();
            a.forEach(x -> r.add(rename(x)));
            return r;
        }
        return n;
    }

    static void print(PrintWriter out, JsonNode doc) {
        out.println(doc.toPrettyString());
        out.flush();
    }

    /** One conflict (a person's two different current decisions on a trace) as `info` and `merge` write it. */
    static com.fasterxml.jackson.databind.node.ObjectNode conflict(
            com.fasterxml.jackson.databind.node.ArrayNode to, org.tracejudge.store.Conflicts.Conflict c) {
        com.fasterxml.jackson.databind.node.ObjectNode co = to.addObject();
        co.put("trace_id", c.traceId());
        co.put("model", c.model());
        co.put("task_id", c.taskKey());
        co.put("who", c.who());
        co.put("kind", c.kind());
        c.values().forEach(co.putArray("values")::add);
        return co;
    }
}
