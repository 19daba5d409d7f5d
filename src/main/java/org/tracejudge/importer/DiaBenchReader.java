package org.tracejudge.importer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.tracejudge.calls.Conversation;
import org.tracejudge.json.Json;
import org.tracejudge.json.TurnCodec;
import org.tracejudge.model.Ids;
import org.tracejudge.model.Role;
import org.tracejudge.model.ToolCall;
import org.tracejudge.model.ToolResult;
import org.tracejudge.model.Turn;

/**
 * DiaBench-style dialogues, one per line (formats.md §6): {@code {id, model, mode?, domain?, candidate_tools:
 * [{name, description, parameters}], gold: {name, args}, dialogue: [{role, content, tool_calls: [{name, args}],
 * name?}]}}. Every assistant turn is the judged model's (badged {@code response}); its {@code tool_calls} are the
 * executed calls. The gold tool must be one of the candidates.
 */
final class DiaBenchReader {
    void read(Path file, BufferedReader in, Consumer<Records.Rec> out, ImportListener listener) throws IOException {
        out.accept(CallCases.labelSet());
        JsonLines.read(
                file,
                in,
                listener,
                "a DiaBench dialogue {id, model, candidate_tools, gold: {name, args}, dialogue}",
                (line, f, o, text) -> one(f, (ObjectNode) o, text, out));
    }

    private void one(Fields f, ObjectNode d, String raw, Consumer<Records.Rec> out) {
        String key = f.requiredText(d, "id", "");
        String model = f.optionalText(d, "model", "");
        String mode = CallCases.oneOf(f, d, "mode", "", List.of("static", "dynamic"));
        JsonNode tools = d.get("candidate_tools");
        if (tools == null || !tools.isArray() || tools.isEmpty()) {
            throw f.error(
                    "/candidate_tools",
                    "expected a non-empty array of candidate tools, found "
                            + (tools != null && tools.isArray() ? "an empty array" : Fields.describe(tools)));
        }
        CallCases.checkTools(f, tools, "/candidate_tools");
        JsonNode gold = f.requiredObject(d, "gold", "");
        String goldName = f.requiredText(gold, "name", "/gold");
        JsonNode args = f.requiredObject(gold, "args", "/gold");
        if (!CallCases.hasTool(tools, goldName)) {
            throw f.error("/gold/name", "expected one of the candidate_tools, found \"" + goldName + "\"");
        }
        JsonNode dialogue = d.get("dialogue");
        if (dialogue == null || !dialogue.isArray() || dialogue.isEmpty()) {
            throw f.error(
                    "/dialogue",
                    "expected a non-empty array of turns, found "
                            + (dialogue != null && dialogue.isArray() ? "an empty array" : Fields.describe(dialogue)));
        }
        List<Turn> turns = new ArrayList<>();
        List<ToolCall> executed = new ArrayList<>();
        String lastAnswer = "";
        String firstUser = null;
        for (int i = 0; i < dialogue.size(); i++) {
            String tp = "/dialogue/" + i;
            JsonNode t = dialogue.get(i);
            if (!t.isObject()) {
                throw f.error(tp, "expected a turn {role, content, tool_calls?}, found " + Fields.describe(t));
            }
            String roleText = f.requiredText(t, "role", tp);
            Role role;
            try {
                role = Role.fromCode(roleText);
            } catch (IllegalArgumentException e) {
                throw f.error(tp + "/role", "expected user, assistant, tool or system, found \"" + roleText + "\"");
            }
            String content = f.optionalText(t, "content", tp);
            List<ToolCall> calls = new ArrayList<>();
            JsonNode tc = f.optionalArray(t, "tool_calls", tp);
            if (tc != null) {
                if (role != Role.ASSISTANT) {
                    throw f.error(
                            tp + "/tool_calls",
                            "expected tool calls only on assistant turns, found them on a " + roleText + " turn");
                }
                for (int j = 0; j < tc.size(); j++) {
                    String cp = tp + "/tool_calls/" + j;
                    JsonNode call = tc.get(j);
                    if (!call.isObject()) {
                        throw f.error(cp, "expected a call {name, args}, found " + Fields.describe(call));
                    }
                    String name = f.requiredText(call, "name", cp);
                    JsonNode a = f.requiredObject(call, "args", cp);
                    calls.add(new ToolCall(name, a));
                }
            }
            List<ToolResult> results = new ArrayList<>();
            if (role == Role.TOOL) {
                results.add(new ToolResult(null, f.optionalText(t, "name", tp), CallCases.parseMaybe(content), false));
                content = null;
            }
            List<String> badges = role == Role.ASSISTANT ? List.of(Conversation.RESPONSE) : List.of();
            turns.add(new Turn(role, content, calls, results, null, badges));
            executed.addAll(calls);
            if (role == Role.ASSISTANT && content != null && !content.isBlank()) {
                lastAnswer = content;
            }
            if (role == Role.USER && firstUser == null) {
                firstUser = content;
            }
        }
        StringBuilder context = new StringBuilder();
        for (Turn t : turns) {
            if (t.role() == Role.USER) { // tool turns answer the model's own calls: they belong to the run
                context.append(t.role().code()).append(':').append(t.text()).append('\n');
            }
        }
        ObjectNode more = Json.object();
        if (mode != null) {
            more.put("mode", mode);
        }
        Records.TaskRec task = CallCases.task(
                "diabench",
                key,
                f.optionalText(d, "domain", ""),
                null,
                null,
                goldName,
                args,
                tools,
                firstUser,
                context.toString(),
                more);
        out.accept(task);
        String m = model == null ? "unknown" : model;
        ObjectNode extra = Json.object();
        extra.put("format", "diabench");
        String id = Ids.of("trace", m, task.id(), key, Json.sha1Hex(raw));
        out.accept(new Records.TraceRec(
                id,
                task.id(),
                m,
                mode == null ? "" : mode,
                lastAnswer,
                TurnCodec.callsToJson(executed).toString(),
                TurnCodec.toJson(turns),
                extra.toString()));
    }
}
