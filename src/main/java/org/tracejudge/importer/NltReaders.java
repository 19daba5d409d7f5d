package org.tracejudge.importer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.tracejudge.json.Json;
import org.tracejudge.model.Ids;
import org.tracejudge.model.LabelSets;
import org.tracejudge.model.TaskType;
import org.tracejudge.selection.Scenario;

/**
 * Tool-selection inputs (formats.md §5): an NLT scenario file ({@code scenario, tools[{name, description,
 * safety_critical?}], inputs[{id, input, expected_tools}]}) and selector runs as JSON Lines
 * ({@code id, scenario, input, expected_tools, model_id, approach: nlt|structured, output | tool_calls}).
 * A task is one input of one scenario; its id depends only on (scenario, input id), so runs find it.
 */
final class NltReaders {
    private NltReaders() {}

    static String taskId(String scenario, String inputId) {
        return Ids.of("task", "nlt", scenario, inputId);
    }

    static String taskKey(String scenario, String inputId) {
        return scenario + "/" + inputId;
    }

    /** Reads a scenario file; {@code safetyCritical} names tools to flag in addition to the file's own flags. */
    static void readScenario(Path file, byte[] bytes, List<String> safetyCritical, Consumer<Records.Rec> out) {
        JsonNode root;
        try {
            root = StrictJson.readTree(bytes);
        } catch (JsonProcessingException e) {
            throw ImportException.fromParse(file, e, "", 0);
        } catch (IOException e) {
            throw new ImportException(file, -1, "", "cannot read: " + e.getMessage());
        }
        Fields f = new Fields(file, -1);
        if (root == null || !root.isObject()) {
            throw f.error("", "expected an NLT scenario object {scenario, tools: [...], inputs: [...]}, found "
                    + Fields.describe(root));
        }
        String scenario = f.requiredText(root, "scenario", "");
        if (scenario.isBlank()) {
            throw f.error("/scenario", "the scenario needs a name");
        }
        JsonNode tools = f.optionalArray(root, "tools", "");
        if (tools == null || tools.isEmpty()) {
            throw f.error("/tools", "expected a non-empty array of tools {name, description}, found "
                    + Fields.describe(root.get("tools")));
        }
        Set<String> critical = new HashSet<>();
        for (String s : safetyCritical == null ? List.<String>of() : safetyCritical) {
            if (!s.isBlank()) {
                critical.add(s.strip());
            }
        }
        List<Scenario.Tool> list = new ArrayList<>();
        Set<String> names = new LinkedHashSet<>();
        for (int i = 0; i < tools.size(); i++) {
            String ptr = "/tools/" + i;
            JsonNode t = tools.get(i);
            if (!t.isObject()) {
                throw f.error(ptr, "expected a tool object {name, description}, found " + Fields.describe(t));
            }
            String name = f.requiredText(t, "name", ptr).strip();
            if (!names.add(name)) {
                throw f.error(ptr + "/name", "tool '" + name + "' is listed twice");
            }
            String description = f.optionalText(t, "description", ptr);
            JsonNode flag = t.get("safety_critical");
            if (flag != null && !flag.isNull() && !flag.isBoolean()) {
                throw f.error(ptr + "/safety_critical", "expected true or false, found " + Fields.describe(flag));
            }
            list.add(new Scenario.Tool(name, description == null ? "" : description,
                    (flag != null && flag.asBoolean()) || critical.contains(name)));
        }
        ArrayNode toolsJson = Scenario.toolsJson(list);
        String toolsetId = Ids.of("toolset", Json.contentHash(toolsJson));
        out.accept(new Records.ToolsetRec(toolsetId, toolsJson.toString()));
        JsonNode inputs = f.optionalArray(root, "inputs", "");
        if (inputs == null) {
            throw f.error("/inputs", "expected an array of inputs {id, input, expected_tools}, found nothing");
        }
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < inputs.size(); i++) {
            String ptr = "/inputs/" + i;
            JsonNode in = inputs.get(i);
            if (!in.isObject()) {
                throw f.error(ptr, "expected an input object {id, input, expected_tools}, found " + Fields.describe(in));
            }
            String id = inputId(f, in, ptr);
            if (!ids.add(id)) {
                throw f.error(ptr + "/id", "input id " + id + " occurs twice");
            }
            String text = f.requiredText(in, "input", ptr);
            List<String> expected = expectedTools(f, in, ptr, names);
            out.accept(task(scenario, id, text, expected, toolsetId, toolsJson.toString()));
        }
    }

    /**
     * Every name given with --safety-critical must be a tool of at least one scenario file of the import (a name
     * another scenario of the same import lacks is fine there: one option serves several files).
     */
    static void checkSafetyCritical(List<Path> scenarioFiles, List<String> safetyCritical) {
        if (safetyCritical == null || safetyCritical.isEmpty() || scenarioFiles.isEmpty()) {
            return;
        }
        Set<String> all = new LinkedHashSet<>();
        for (Path file : scenarioFiles) {
            try {
                Json.MAPPER.readTree(file.toFile()).path("tools").forEach(t -> all.add(t.path("name").asText().strip()));
            } catch (IOException e) {
                return; // the reader reports it, with its line
            }
        }
        for (String c : safetyCritical) {
            if (!c.isBlank() && !all.contains(c.strip())) {
                throw new ImportException(scenarioFiles.get(0), -1, "/tools", "--safety-critical names '" + c.strip()
                        + "', which is not a tool of " + (scenarioFiles.size() == 1 ? "this scenario" : "any of these scenarios")
                        + " (tools: " + String.join(", ", all) + ")");
            }
        }
    }

    /** Reads a runs file: one selector run per line. */
    static void readRuns(Path file, BufferedReader in, Consumer<Records.Rec> out, ImportListener listener)
            throws IOException {
        JsonLines.read(file, in, listener, "a selector run {id, scenario, input, expected_tools, model_id, "
                + "approach, output | tool_calls}", (line, f, row, text) -> run(f, (ObjectNode) row, out));
    }

    private static void run(Fields f, ObjectNode row, Consumer<Records.Rec> out) {
        String id = inputId(f, row, "");
        String scenario = f.requiredText(row, "scenario", "");
        String text = f.requiredText(row, "input", "");
        List<String> expected = expectedTools(f, row, "", null);
        String model = f.requiredText(row, "model_id", "");
        String approach = f.optionalText(row, "approach", "");
        JsonNode calls = row.get("tool_calls");
        if (approach == null) {
            approach = calls != null && !calls.isNull() && !row.has("output") ? "structured" : "nlt";
        }
        String answer = "";
        ArrayNode executed = Json.MAPPER.createArrayNode();
        if (approach.equals("nlt")) {
            answer = f.requiredText(row, "output", "");
        } else if (approach.equals("structured")) {
            if (calls == null || !calls.isArray()) {
                throw f.error("/tool_calls", "a structured run needs an array of tool calls, found "
                        + Fields.describe(calls));
            }
            for (int i = 0; i < calls.size(); i++) {
                JsonNode c = calls.get(i);
                String ptr = "/tool_calls/" + i;
                if (!c.isObject()) {
                    throw f.error(ptr, "expected a tool call {name, arguments}, found " + Fields.describe(c));
                }
                JsonNode fn = c.has("function") ? c.get("function") : c;
                String name = f.requiredText(fn, "name", c.has("function") ? ptr + "/function" : ptr);
                ObjectNode call = executed.addObject();
                if (c.hasNonNull("id")) {
                    call.put("id", c.get("id").asText());
                }
                call.put("name", name);
                JsonNode args = fn.get("arguments");
                call.set("arguments", args == null ? Json.MAPPER.nullNode() : args);
            }
            String o = f.optionalText(row, "output", "");
            answer = o == null ? "" : o;
        } else {
            throw f.error("/approach", "expected \"nlt\" or \"structured\", found \"" + approach + "\"");
        }
        String run = f.optionalText(row, "run", "");
        String taskId = taskId(scenario, id);
        out.accept(task(scenario, id, text, expected, null, null));
        ObjectNode extra = Json.object();
        extra.put("approach", approach);
        extra.put("input_id", id);
        String traceRun = run == null ? approach : approach + ":" + run;
        out.accept(new Records.TraceRec(Ids.of("trace", taskId, model, traceRun), taskId, model, traceRun, answer,
                executed.toString(), null, extra.toString()));
    }

    private static Records.TaskRec task(String scenario, String id, String input, List<String> expected,
                                        String toolsetId, String toolsJson) {
        ObjectNode body = Json.object();
        body.put("scenario", scenario);
        body.put("id", id);
        body.put("input", input);
        ArrayNode e = body.putArray("expected_tools");
        expected.forEach(e::add);
        return new Records.TaskRec(taskId(scenario, id), taskKey(scenario, id), scenario, TaskType.TOOL_SELECTION.code(),
                null, LabelSets.TOOL_SELECTION.name(), input, toolsetId, toolsJson, body.toString());
    }

    private static String inputId(Fields f, JsonNode o, String ptr) {
        JsonNode id = o.get("id");
        if (id == null || !(id.isTextual() || id.isIntegralNumber()) || id.asText().isBlank()) {
            throw f.error(ptr + "/id", "expected the input's id (a number or a string), found " + Fields.describe(id));
        }
        return id.asText();
    }

    /** {@code known} null = not checked here (runs: checked against the scenario when classifying). */
    private static List<String> expectedTools(Fields f, JsonNode o, String ptr, Set<String> known) {
        JsonNode e = o.get("expected_tools");
        if (e == null || !e.isArray()) {
            throw f.error(ptr + "/expected_tools", "expected an array of tool names (empty when no tool is needed), "
                    + "found " + Fields.describe(e));
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < e.size(); i++) {
            JsonNode n = e.get(i);
            if (!n.isTextual()) {
                throw f.error(ptr + "/expected_tools/" + i, "expected a tool name, found " + Fields.describe(n));
            }
            String name = n.asText().strip();
            if (known != null && !known.contains(name)) {
                throw f.error(ptr + "/expected_tools/" + i, "'" + name + "' is not a tool of this scenario (its "
                        + "tools: " + String.join(", ", known) + ")");
            }
            if (!out.contains(name)) {
                out.add(name);
            }
        }
        return out;
    }
}
