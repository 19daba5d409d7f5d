package org.tracejudge.importer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.tracejudge.json.Json;
import org.tracejudge.model.Role;
import org.tracejudge.model.ToolCall;

/**
 * Reads SWE-agent trajectories ({@code .traj}). Current files: {@code history} messages in the OpenAI shape (assistant
 * {@code tool_calls}, tool messages naming their {@code tool_call_ids}). Older files have no tool calls: the actions
 * are commands in the text, so each {@code trajectory[]} step becomes a call of the command's first word with the
 * whole command as argument, its observation the result (the step says so). Demonstration messages
 * ({@code is_demo}) are skipped. The answer is {@code info.submission} (a patch); an {@code exit_status} other than
 * {@code submitted} is an error of the run.
 */
final class SweAgentReader {
    private final Path file;

    SweAgentReader(Path file) {
        this.file = file;
    }

    void read(JsonNode doc, Consumer<Records.Rec> out) {
        Fields f = new Fields(file, -1);
        if (!doc.isObject()) {
            throw f.error(
                    "",
                    "expected a SWE-agent trajectory object {history, trajectory, info}, found "
                            + Fields.describe(doc));
        }
        JsonNode history = f.optionalArray(doc, "history", "");
        JsonNode trajectory = f.optionalArray(doc, "trajectory", "");
        if (history == null && trajectory == null) {
            throw f.error(
                    "/history", "expected an array of messages (history) or of steps (trajectory), found neither");
        }
        JsonNode info = doc.path("info");
        JsonNode replay = AgentMessages.unwrap(doc.get("replay_config"));
        AgentRun run = new AgentRun("swe-agent", file);
        boolean toolCalls = false;
        if (history != null) {
            for (JsonNode m : history) {
                if (m.path("tool_calls").isArray() && !m.get("tool_calls").isEmpty()) {
                    toolCalls = true;
                    break;
                }
            }
        }
        if (history != null && (toolCalls || trajectory == null || trajectory.isEmpty())) {
            for (int i = 0; i < history.size(); i++) {
                JsonNode m = history.get(i);
                String ptr = "/history/" + i;
                if (!m.isObject() || !m.path("role").isTextual()) {
                    throw f.error(
                            ptr + "/role", "expected a message with a role, found " + Fields.describe(m.get("role")));
                }
                if (isDemo(m)) {
                    run.skip("demonstration messages (is_demo)");
                    continue;
                }
                JsonNode tc = m.get("tool_calls");
                if (tc != null && !tc.isNull() && !tc.isArray()) {
                    throw f.error(ptr + "/tool_calls", "expected an array of tool calls, found " + Fields.describe(tc));
                }
                for (AgentMessages.Msg msg : AgentMessages.parse(m, Role.USER)) {
                    switch (msg.role()) {
                        case SYSTEM -> run.system(msg.text());
                        case USER -> run.user(msg.text());
                        case ASSISTANT -> {
                            ObjectNode st = run.assistant(msg.text(), msg.calls());
                            if (st != null && m.path("action").isTextual()) {
                                st.put("action", m.get("action").asText());
                            }
                        }
                        case TOOL -> msg.results().forEach(run::result);
                    }
                }
            }
        } else {
            // the older format: calls only as command text; the history up to the first action gives system and task
            if (history != null) {
                for (JsonNode m : history) {
                    if (isDemo(m)) {
                        run.skip("demonstration messages (is_demo)");
                        continue;
                    }
                    String role = m.path("role").asText();
                    if (role.equals("assistant")) {
                        break;
                    }
                    String text = AtifReader.messageText(m.get("content"));
                    if (role.equals("system")) {
                        run.system(text);
                    } else if (role.equals("user")) {
                        run.user(text);
                    }
                }
            }
            for (int i = 0; i < trajectory.size(); i++) {
                JsonNode t = trajectory.get(i);
                String ptr = "/trajectory/" + i;
                String action = f.requiredText(t, "action", ptr).strip();
                String thought = t.path("thought").isTextual()
                        ? t.get("thought").asText()
                        : t.path("response").asText(null);
                String name = action.isEmpty() ? "?" : action.split("\\s+", 2)[0];
                ObjectNode args = Json.object().put("command", action);
                ObjectNode st = run.assistant(thought, List.of(new ToolCall(null, name, args)));
                st.put("calls_from", "trajectory action text");
                JsonNode obs = t.get("observation");
                if (obs != null && !obs.isNull()) {
                    run.result(new AgentMessages.Res(null, null, AgentMessages.value(obs), false, null, null));
                }
            }
        }
        run.model = model(replay);
        JsonNode stats = AgentMessages.unwrap(info.get("model_stats"));
        if (stats != null && stats.isObject()) {
            run.tokens(
                    null,
                    stats.has("tokens_sent") ? stats.get("tokens_sent").asLong() : null,
                    stats.has("tokens_received") ? stats.get("tokens_received").asLong() : null);
            run.cost(
                    null,
                    stats.has("instance_cost") ? stats.get("instance_cost").asDouble() : null);
            run.extra.set("model_stats", stats);
        }
        String exit =
                info.path("exit_status").isTextual() ? info.get("exit_status").asText() : null;
        if (exit != null) {
            run.extra.put("exit_status", exit);
            if (!exit.equals("submitted")) {
                run.error(null, "run", null, exit, "exit status " + exit);
            }
        }
        run.answer =
                info.path("submission").isTextual() ? info.get("submission").asText() : "";
        String ps = replay == null
                ? null
                : replay.path("problem_statement").path("id").asText(null);
        run.taskKey = ps;
        run.sourceId = (ps == null ? "trajectory" : ps) + "/"
                + Json.sha1Hex(String.valueOf(history) + trajectory).substring(0, 16);
        run.emit(f, out);
    }

    private static boolean isDemo(JsonNode m) {
        JsonNode d = m.get("is_demo");
        return d != null && (d.asBoolean(false) || "True".equals(d.asText()));
    }

    private static String model(JsonNode replay) {
        if (replay != null && replay.path("agent").path("model").path("name").isTextual()) {
            return replay.get("agent").get("model").get("name").asText();
        }
        return null;
    }
}
