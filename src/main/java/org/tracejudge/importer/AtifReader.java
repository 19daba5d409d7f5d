package org.tracejudge.importer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.tracejudge.json.Json;
import org.tracejudge.model.ToolCall;

/**
 * Reads Harbor / Terminal-Bench ATIF trajectories ({@code schema_version} "ATIF-v1.x"): one trajectory is one run.
 * Agent steps are model turns with their {@code tool_calls}; an agent step's {@code observation.results} sit on the
 * same step as its calls and pair by {@code source_call_id}, else with the step's calls in order. Terminal agents
 * (terminus) write their commands inside the message JSON instead of {@code tool_calls}: those become one
 * {@code terminal} call per step (the step says so), so the observation has a call to sit beside. System steps stay
 * system turns; sub-agent and continuation references are kept on their step and in the run.
 */
final class AtifReader {
    private final Path file;

    AtifReader(Path file) {
        this.file = file;
    }

    void read(JsonNode doc, Consumer<Records.Rec> out) {
        Fields f = new Fields(file, -1);
        if (!doc.isObject()) {
            throw f.error(
                    "",
                    "expected an ATIF trajectory object {schema_version, session_id, agent, steps}, found "
                            + Fields.describe(doc));
        }
        String version = f.optionalText(doc, "schema_version", "");
        String session = f.requiredText(doc, "session_id", "");
        JsonNode agent = f.requiredObject(doc, "agent", "");
        JsonNode steps = doc.get("steps");
        if (steps == null || !steps.isArray()) {
            throw f.error("/steps", "expected an array of steps, found " + Fields.describe(steps));
        }
        AgentRun run = new AgentRun("atif", file);
        String agentName = agent.path("name").asText("agent");
        run.sourceId = session + "/" + agentName + "@" + agent.path("version").asText("");
        run.session = session;
        run.model = agent.path("model_name").asText(null);
        JsonNode defs = agent.get("tool_definitions");
        if (defs != null && defs.isArray() && !defs.isEmpty()) {
            run.tools = defs;
        }
        String finishMessage = null;
        boolean stepMetrics = false;
        for (int i = 0; i < steps.size(); i++) {
            String ptr = "/steps/" + i;
            JsonNode s = steps.get(i);
            if (!s.isObject()) {
                throw f.error(ptr, "expected a step object, found " + Fields.describe(s));
            }
            String source = f.requiredText(s, "source", ptr);
            String text = messageText(s.get("message"));
            ObjectNode step;
            switch (source) {
                case "system" -> step = run.system(text);
                case "user" -> step = run.user(text);
                case "agent" -> {
                    List<ToolCall> calls = new ArrayList<>();
                    JsonNode tc = f.optionalArray(s, "tool_calls", ptr);
                    boolean fromMessage = false;
                    if (tc != null) {
                        for (int k = 0; k < tc.size(); k++) {
                            JsonNode c = tc.get(k);
                            String cptr = ptr + "/tool_calls/" + k;
                            String name = f.requiredText(c, "function_name", cptr);
                            calls.add(new ToolCall(
                                    f.optionalText(c, "tool_call_id", cptr),
                                    name,
                                    AgentMessages.value(c.get("arguments"))));
                            if (name.equals("finish")
                                    && c.path("arguments").path("message").isTextual()) {
                                finishMessage =
                                        c.get("arguments").get("message").asText();
                            }
                        }
                    } else {
                        JsonNode parsed = AgentMessages.unwrap(s.get("message"));
                        if (parsed != null
                                && parsed.path("commands").isArray()
                                && !parsed.get("commands").isEmpty()) {
                            ObjectNode args = Json.object();
                            args.set("commands", parsed.get("commands"));
                            calls.add(new ToolCall(null, "terminal", args));
                            fromMessage = true;
                        }
                    }
                    String reasoning = s.path("reasoning_content").isTextual()
                            ? s.get("reasoning_content").asText()
                            : null;
                    String shown = reasoning == null || reasoning.isBlank()
                            ? text
                            : "<think>" + reasoning + "</think>" + (text == null ? "" : text);
                    step = run.assistant(shown, calls);
                    if (step == null) {
                        step = run.assistant(shown, List.of());
                    }
                    if (fromMessage) {
                        step.put("calls_from", "message commands");
                    }
                    if (s.path("model_name").isTextual()) {
                        step.put("model", s.get("model_name").asText());
                        run.model = s.get("model_name").asText();
                    }
                }
                default -> throw f.error(ptr + "/source", "expected system, user or agent, found \"" + source + "\"");
            }
            step.put("step_id", s.path("step_id").asInt(i + 1));
            JsonNode m = s.get("metrics");
            if (m != null && m.isObject()) {
                stepMetrics = true;
                run.tokens(
                        step,
                        m.has("prompt_tokens") ? m.get("prompt_tokens").asLong() : null,
                        m.has("completion_tokens") ? m.get("completion_tokens").asLong() : null);
                run.cost(step, m.has("cost_usd") ? m.get("cost_usd").asDouble() : null);
            }
            JsonNode results = s.path("observation").get("results");
            if (results != null && !results.isArray()) {
                throw f.error(
                        ptr + "/observation/results",
                        "expected an array of results, found " + Fields.describe(results));
            }
            ArrayNode subagents = Json.MAPPER.createArrayNode();
            if (results != null) {
                for (int k = 0; k < results.size(); k++) {
                    JsonNode r = results.get(k);
                    String rptr = ptr + "/observation/results/" + k;
                    if (r.has("subagent_trajectory_ref")) {
                        JsonNode ref = r.get("subagent_trajectory_ref");
                        if (ref.isArray()) {
                            ref.forEach(subagents::add);
                        } else {
                            subagents.add(ref);
                        }
                    }
                    if (!r.has("content")) {
                        continue;
                    }
                    JsonNode extra = r.path("extra");
                    boolean error = extra.path("is_error").asBoolean(false)
                            || "error".equals(extra.path("status").asText());
                    JsonNode content = r.get("content");
                    if (content.isArray()) {
                        content = Json.MAPPER.getNodeFactory().textNode(messageText(content));
                    }
                    ObjectNode rs = run.result(new AgentMessages.Res(
                            f.optionalText(r, "source_call_id", rptr),
                            null,
                            AgentMessages.value(content),
                            error,
                            error ? "tool_error" : null,
                            null));
                    rs.put("step_id", s.path("step_id").asInt(i + 1));
                }
            }
            if (!subagents.isEmpty()) {
                step.set("subagents", subagents);
            }
            if (s.path("extra").isObject()) {
                step.set("extra", s.get("extra"));
            }
        }
        JsonNode fm = doc.get("final_metrics");
        if (fm != null && fm.isObject()) {
            run.extra.set("final_metrics", fm);
            if (!stepMetrics) {
                run.tokens(
                        null,
                        fm.has("total_prompt_tokens")
                                ? fm.get("total_prompt_tokens").asLong()
                                : null,
                        fm.has("total_completion_tokens")
                                ? fm.get("total_completion_tokens").asLong()
                                : null);
                run.cost(
                        null,
                        fm.has("total_cost_usd") ? fm.get("total_cost_usd").asDouble() : null);
            }
        } else {
            run.error(null, "trajectory", null, "truncated", "no final_metrics: the trajectory was cut short");
        }
        if (doc.path("continued_trajectory_ref").isTextual()) {
            run.extra.put(
                    "continued_trajectory_ref",
                    doc.get("continued_trajectory_ref").asText());
            run.skip("continuation trajectories referenced, not included");
        }
        String last = run.lastAssistantText();
        run.answer = !last.isBlank() ? last : finishMessage != null ? finishMessage : "";
        if (finishMessage != null) {
            run.extra.put("finish_message", finishMessage);
        }
        run.extra.put("schema_version", version);
        run.extra.put("agent", agentName);
        if (run.model == null) {
            run.model = agentName;
        }
        run.emit(f, out);
    }

    /** A message: a string, or a list of content parts ({@code {type: text, text}}). */
    static String messageText(JsonNode m) {
        if (m == null || m.isNull()) {
            return null;
        }
        if (m.isTextual()) {
            return m.asText();
        }
        if (m.isArray()) {
            StringBuilder sb = new StringBuilder();
            for (JsonNode p : m) {
                String t = p.isTextual() ? p.asText() : p.path("text").asText("");
                if (!t.isEmpty()) {
                    sb.append(sb.length() > 0 ? "\n" : "").append(t);
                }
            }
            return sb.toString();
        }
        return m.toString();
    }
}
