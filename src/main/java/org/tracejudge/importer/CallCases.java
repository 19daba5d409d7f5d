package org.tracejudge.importer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.List;
import java.util.regex.Pattern;
import org.tracejudge.json.Json;
import org.tracejudge.model.Ids;
import org.tracejudge.model.LabelSet;
import org.tracejudge.model.LabelSets;
import org.tracejudge.model.TaskType;

/** What the ToolHaystack and DiaBench readers share: the call-level task row and small helpers. */
final class CallCases {
    private CallCases() {}

    static final LabelSet LABELS = LabelSets.forType(TaskType.CALL_LEVEL);
    static final Pattern THINK = Pattern.compile("(?s)<think>.*?(</think>|$)");

    static Records.LabelSetRec labelSet() {
        return new Records.LabelSetRec(LABELS.name(), LABELS.description(), Json.write(LABELS.labels()));
    }

    /**
     * The task of one case. Its identity is the benchmark's id plus the whole context (the conversation without the
     * model's response) and the gold call, so the same case answered by several models is one task.
     */
    static Records.TaskRec task(
            String benchmark,
            String key,
            String domain,
            String scenario,
            String level,
            String goldName,
            JsonNode goldArgs,
            JsonNode tools,
            String userMessage,
            String context,
            ObjectNode more) {
        ObjectNode body = Json.object();
        body.put("task_id", key);
        body.put("benchmark", benchmark);
        if (domain != null) {
            body.put("domain", domain);
        }
        if (scenario != null) {
            body.put("scenario", scenario);
        }
        if (level != null) {
            body.put("level", level);
        }
        ObjectNode exp = body.putObject("expected_tool_call");
        exp.put("name", goldName);
        exp.set("arguments", goldArgs);
        body.put("user_message", userMessage);
        body.put("context_sha1", Json.sha1Hex(context));
        if (more != null) {
            body.setAll(more);
        }
        String id = Ids.of("task", key, Json.contentHash(body));
        String toolsJson = tools == null ? null : tools.toString();
        String toolsetId = tools == null ? null : Ids.of("toolset", Json.contentHash(tools));
        return new Records.TaskRec(
                id,
                key,
                domain,
                TaskType.CALL_LEVEL.code(),
                scenario == null ? benchmark : scenario,
                LABELS.name(),
                userMessage,
                toolsetId,
                toolsJson,
                body.toString());
    }

    static String stripThink(String text) {
        return text == null ? null : THINK.matcher(text).replaceAll("");
    }

    /** Tool output written as JSON text stays structured. */
    static JsonNode parseMaybe(String text) {
        if (text == null) {
            return null;
        }
        String t = text.trim();
        if (t.startsWith("{") || t.startsWith("[")) {
            try {
                return Json.MAPPER.readTree(t);
            } catch (IOException e) {
                // plain text
            }
        }
        return Json.MAPPER.getNodeFactory().textNode(text);
    }

    /** Checks a candidate tool list: each entry names a tool (plain or OpenAI function shape). */
    static void checkTools(Fields f, JsonNode tools, String pointer) {
        for (int i = 0; i < tools.size(); i++) {
            JsonNode t = tools.get(i);
            String p = pointer + "/" + i;
            if (!t.isObject()) {
                throw f.error(p, "expected a tool object {name, description, parameters}, found " + Fields.describe(t));
            }
            JsonNode fn = t.has("function") ? f.requiredObject(t, "function", p) : t;
            f.requiredText(fn, "name", t.has("function") ? p + "/function" : p);
            JsonNode params = fn.get("parameters");
            if (params != null && !params.isNull() && !params.isObject()) {
                throw f.error(
                        p + (t.has("function") ? "/function" : "") + "/parameters",
                        "expected a JSON schema object, found " + Fields.describe(params));
            }
        }
    }

    static boolean hasTool(JsonNode tools, String name) {
        for (JsonNode t : tools) {
            JsonNode fn = t.has("function") ? t.get("function") : t;
            if (name.equals(fn.path("name").asText(null))) {
                return true;
            }
        }
        return false;
    }

    static String oneOf(Fields f, JsonNode parent, String field, String pointer, List<String> allowed) {
        String v = f.optionalText(parent, field, pointer);
        if (v != null && !allowed.contains(v)) {
            throw f.error(
                    pointer + "/" + field, "expected one of " + String.join(", ", allowed) + ", found \"" + v + "\"");
        }
        return v;
    }
}
