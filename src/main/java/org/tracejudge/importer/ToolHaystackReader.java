package org.tracejudge.importer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.tracejudge.calls.Conversation;
import org.tracejudge.calls.TextCalls;
import org.tracejudge.json.Json;
import org.tracejudge.json.TurnCodec;
import org.tracejudge.model.Ids;
import org.tracejudge.model.Role;
import org.tracejudge.model.ToolCall;
import org.tracejudge.model.Turn;

/**
 * ToolHaystack-style cases, one per line (formats.md §6): {@code {id, model, scenario, level, tools?, sessions:
 * [{session_id?, session_type: evidence|goal|distractor, api_name, turns: [{role, content}]}], gold: {api_name,
 * parameters}, response}}. Calls written in text ({@code Calling the X API with {...}}) become the turn's calls;
 * the model's {@code response} is the last turn, badged {@code response}, and its calls (think blocks ignored) are
 * the executed calls.
 */
final class ToolHaystackReader {
    static final List<String> SCENARIOS = List.of("context_recall", "information_shift", "missing_context");
    static final Map<String, List<String>> LEVELS = Map.of(
            "context_recall", List.of("single", "multi"),
            "information_shift", List.of("explicit", "implicit"),
            "missing_context", List.of("easy", "hard"));
    private static final List<String> SESSION_TYPES = List.of("evidence", "goal", "distractor");

    void read(Path file, BufferedReader in, Consumer<Records.Rec> out, ImportListener listener) throws IOException {
        out.accept(CallCases.labelSet());
        JsonLines.read(
                file,
                in,
                listener,
                "a ToolHaystack case {id, model, sessions: [...], gold: {api_name, parameters}}",
                (line, f, o, text) -> one(f, (ObjectNode) o, text, out));
    }

    private void one(Fields f, ObjectNode c, String raw, Consumer<Records.Rec> out) {
        String key = f.requiredText(c, "id", "");
        String model = f.optionalText(c, "model", "");
        String scenario = CallCases.oneOf(f, c, "scenario", "", SCENARIOS);
        String level = f.optionalText(c, "level", "");
        if (level != null && scenario != null && !LEVELS.get(scenario).contains(level)) {
            throw f.error(
                    "/level",
                    "expected one of " + String.join(", ", LEVELS.get(scenario)) + " for scenario " + scenario
                            + ", found \"" + level + "\"");
        }
        JsonNode tools = f.optionalArray(c, "tools", "");
        if (tools != null) {
            CallCases.checkTools(f, tools, "/tools");
        }
        JsonNode sessions = c.get("sessions");
        if (sessions == null || !sessions.isArray() || sessions.isEmpty()) {
            throw f.error(
                    "/sessions",
                    "expected a non-empty array of sessions, found "
                            + (sessions != null && sessions.isArray() ? "an empty array" : Fields.describe(sessions)));
        }
        List<Turn> turns = new ArrayList<>();
        ArrayNode sessionMeta = Json.MAPPER.createArrayNode();
        String lastSession = null;
        String lastType = null;
        String goalUser = null;
        for (int s = 0; s < sessions.size(); s++) {
            String sp = "/sessions/" + s;
            JsonNode sess = sessions.get(s);
            if (!sess.isObject()) {
                throw f.error(
                        sp,
                        "expected a session object {session_type, api_name, turns}, found " + Fields.describe(sess));
            }
            String type = f.requiredText(sess, "session_type", sp);
            if (!SESSION_TYPES.contains(type)) {
                throw f.error(sp + "/session_type", "expected evidence, goal or distractor, found \"" + type + "\"");
            }
            String api = f.optionalText(sess, "api_name", sp);
            String sid = f.optionalText(sess, "session_id", sp);
            if (sid == null) {
                sid = "session-" + (s + 1);
            }
            JsonNode ts = sess.get("turns");
            if (ts == null || !ts.isArray()) {
                throw f.error(
                        sp + "/turns", "expected an array of turns {role, content}, found " + Fields.describe(ts));
            }
            for (int i = 0; i < ts.size(); i++) {
                String tp = sp + "/turns/" + i;
                JsonNode t = ts.get(i);
                if (!t.isObject()) {
                    throw f.error(tp, "expected a turn {role, content}, found " + Fields.describe(t));
                }
                String roleText = f.requiredText(t, "role", tp);
                Role role;
                try {
                    role = Role.fromCode(roleText);
                } catch (IllegalArgumentException e) {
                    throw f.error(tp + "/role", "expected user, assistant or system, found \"" + roleText + "\"");
                }
                String content = f.requiredText(t, "content", tp);
                List<ToolCall> calls =
                        role == Role.ASSISTANT ? TextCalls.calls(CallCases.stripThink(content)) : List.of();
                turns.add(new Turn(role, content, calls, List.of(), sid, List.of(type)));
                if (type.equals("goal") && role == Role.USER) {
                    goalUser = content;
                }
            }
            ObjectNode m = sessionMeta.addObject();
            m.put("id", sid);
            m.put("type", type);
            if (api != null) {
                m.put("api_name", api);
            }
            m.put("turns", ts.size());
            lastSession = sid;
            lastType = type;
        }
        JsonNode gold = f.requiredObject(c, "gold", "");
        String goldName = f.requiredText(gold, "api_name", "/gold");
        JsonNode params = f.requiredObject(gold, "parameters", "/gold");
        if (tools != null && !CallCases.hasTool(tools, goldName)) {
            throw f.error("/gold/api_name", "expected one of the tools listed in 'tools', found \"" + goldName + "\"");
        }
        String context = TurnCodec.toJson(turns);
        JsonNode resp = c.get("response");
        if (resp != null && !resp.isNull() && !resp.isTextual()) {
            throw f.error(
                    "/response",
                    "expected the model's reply as a string (or null for no reply), found " + Fields.describe(resp));
        }
        String response = resp == null || resp.isNull() ? null : resp.asText();
        List<ToolCall> executed = response == null ? List.of() : TextCalls.calls(CallCases.stripThink(response));
        turns.add(new Turn(
                Role.ASSISTANT, response, executed, List.of(), lastSession, List.of(lastType, Conversation.RESPONSE)));
        ObjectNode more = Json.object();
        more.set("sessions", sessionMeta);
        if (c.has("metadata")) {
            more.set("metadata", c.get("metadata"));
        }
        Records.TaskRec task = CallCases.task(
                "toolhaystack",
                key,
                f.optionalText(c, "domain", ""),
                scenario,
                level,
                goldName,
                params,
                tools,
                goalUser,
                context,
                more);
        out.accept(task);
        String m = model == null ? "unknown" : model;
        ObjectNode extra = Json.object();
        extra.put("format", "toolhaystack");
        String id = Ids.of("trace", m, task.id(), key, Json.sha1Hex(raw));
        out.accept(new Records.TraceRec(
                id,
                task.id(),
                m,
                f.optionalText(c, "run", "") == null ? "" : c.get("run").asText(),
                response == null ? "" : response,
                TurnCodec.callsToJson(executed).toString(),
                TurnCodec.toJson(turns),
                extra.toString()));
    }
}
