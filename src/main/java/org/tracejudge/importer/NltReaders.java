package org.tracejudge.importer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.tracejudge.json.Json;
import org.tracejudge.model.Ids;
import org.tracejudge.model.LabelSets;
import org.tracejudge.model.TaskType;
import org.tracejudge.selection.Scenario;
import org.tracejudge.store.SelectionRows;

/**
 * Tool-selection inputs (formats.md §5): an NLT scenario file ({@code scenario, tools[{name, description,
 * safety_critical?}], inputs[{id, input, expected_tools}]}) and selector runs as JSON Lines
 * ({@code id, scenario, input, expected_tools, model_id, approach: nlt|structured, output | tool_calls}, and
 * optionally {@code run} (the replication), {@code condition} (the prompt version, e.g. original / perturbed) and
 * {@code usage: {prompt_tokens, completion_tokens}}, kept in the trace's {@code extra}).
 * A task is one input of one scenario; its id depends only on (scenario, input id). A run row finds its input by
 * (scenario, id), then by (scenario, exact input text) among the inputs of scenarios whose tools are known; a row
 * that matches neither is refused with its file and line, or, when asked for, added as a new input of that
 * scenario with the scenario's tools. Runs of a scenario never imported keep their own ids (classify names them).
 * A trace is one trial: its id includes model, approach, condition and run, so five replications are five traces.
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
            throw f.error(
                    "",
                    "expected an NLT scenario object {scenario, tools: [...], inputs: [...]}, found "
                            + Fields.describe(root));
        }
        String scenario = f.requiredText(root, "scenario", "");
        if (scenario.isBlank()) {
            throw f.error("/scenario", "the scenario needs a name");
        }
        JsonNode tools = f.optionalArray(root, "tools", "");
        if (tools == null || tools.isEmpty()) {
            throw f.error(
                    "/tools",
                    "expected a non-empty array of tools {name, description}, found "
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
            list.add(new Scenario.Tool(
                    name,
                    description == null ? "" : description,
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
                throw f.error(
                        ptr, "expected an input object {id, input, expected_tools}, found " + Fields.describe(in));
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
                Json.MAPPER
                        .readTree(file.toFile())
                        .path("tools")
                        .forEach(t -> all.add(t.path("name").asText().strip()));
            } catch (IOException e) {
                return; // the reader reports it, with its line
            }
        }
        for (String c : safetyCritical) {
            if (!c.isBlank() && !all.contains(c.strip())) {
                throw new ImportException(
                        scenarioFiles.get(0),
                        -1,
                        "/tools",
                        "--safety-critical names '" + c.strip()
                                + "', which is not a tool of "
                                + (scenarioFiles.size() == 1 ? "this scenario" : "any of these scenarios")
                                + " (tools: " + String.join(", ", all) + ")");
            }
        }
    }

    /** The inputs of the project's scenarios whose tools are known, for matching run rows (shared by reader threads). */
    static final class Inputs {
        static final Inputs NONE = new Inputs();

        /** One scenario: input id -> text, text -> input id, its toolset. */
        static final class Known {
            final Map<String, String> byId = new ConcurrentHashMap<>();
            final Map<String, String> byText = new ConcurrentHashMap<>();
            String toolsetId;
            String toolsJson;
        }

        final Map<String, Known> scenarios = new ConcurrentHashMap<>();
        boolean addUnmatched;

        /** Reads every tool-selection input whose scenario's tools are known. */
        static Inputs load(Connection c, boolean addUnmatched) throws SQLException {
            Inputs in = new Inputs();
            in.addUnmatched = addUnmatched;
            SelectionRows.knownInputs(c, r -> {
                JsonNode body = Json.read(r.body());
                Known k = in.scenarios.computeIfAbsent(r.domain(), x -> new Known());
                k.toolsetId = r.toolsetId();
                k.toolsJson = r.tools();
                k.byId.put(body.path("id").asText(), body.path("input").asText());
                k.byText.putIfAbsent(
                        body.path("input").asText(), body.path("id").asText());
            });
            return in;
        }
    }

    /** Reads a runs file: one selector run per line. */
    static void readRuns(Path file, BufferedReader in, Consumer<Records.Rec> out, ImportListener listener)
            throws IOException {
        readRuns(file, in, out, listener, Inputs.NONE);
    }

    static void readRuns(
            Path file, BufferedReader in, Consumer<Records.Rec> out, ImportListener listener, Inputs inputs)
            throws IOException {
        JsonLines.read(
                file,
                in,
                listener,
                "a selector run {id, scenario, input, expected_tools, model_id, " + "approach, output | tool_calls}",
                (line, f, row, text) -> run(f, (ObjectNode) row, out, inputs));
    }

    private static void run(Fields f, ObjectNode row, Consumer<Records.Rec> out, Inputs inputs) {
        String rowId = inputId(f, row, "");
        String scenario = f.requiredText(row, "scenario", "");
        String text = f.requiredText(row, "input", "");
        List<String> expected = expectedTools(f, row, "", null);
        Inputs.Known known = inputs.scenarios.get(scenario);
        String id = rowId;
        Records.TaskRec newTask = null;
        if (known != null) {
            if (known.byId.containsKey(rowId)) {
                String other = known.byText.get(text);
                if (other != null && !other.equals(rowId)) {
                    throw f.error(
                            "/id",
                            "id " + rowId + " names input " + rowId + " of scenario '" + scenario
                                    + "', but the row's input text is that of input " + other
                                    + "; fix the row's id or its text");
                }
            } else if (known.byText.containsKey(text)) {
                id = known.byText.get(text);
            } else if (inputs.addUnmatched) {
                synchronized (known) {
                    String again = known.byText.get(text);
                    if (again != null) {
                        id = again;
                    } else {
                        known.byId.put(rowId, text);
                        known.byText.put(text, rowId);
                        newTask = task(scenario, rowId, text, expected, known.toolsetId, known.toolsJson);
                    }
                }
            } else {
                throw f.error(
                        "/id",
                        "no input of scenario '" + scenario + "' matches this run: none has id "
                                + quoted(rowId) + " (its ids: " + sample(known.byId.keySet())
                                + ") and none has exactly this "
                                + "input text (" + quoted(abbreviate(text))
                                + "). Give the scenario's input id or its exact text, "
                                + "or import with --new-inputs to add the row as a new input of '" + scenario + "'");
            }
        }
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
                throw f.error(
                        "/tool_calls",
                        "a structured run needs an array of tool calls, found " + Fields.describe(calls));
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
        String run = runNumber(f, row);
        String condition = f.optionalText(row, "condition", "");
        if (condition != null && condition.isBlank()) {
            throw f.error(
                    "/condition", "expected the prompt condition's name (e.g. \"original\"), found an empty string");
        }
        String taskId = taskId(scenario, id);
        // a matched input exists already (counted as seen); a new one comes with the scenario's tools
        out.accept(newTask != null ? newTask : task(scenario, id, text, expected, null, null));
        ObjectNode extra = Json.object();
        extra.put("approach", approach);
        extra.put("input_id", id);
        if (run != null) {
            extra.put("run", run);
        }
        if (condition != null) {
            extra.put("condition", condition);
        }
        ObjectNode usage = usage(f, row);
        if (usage != null) {
            extra.set("usage", usage);
        }
        if (!id.equals(rowId)) {
            extra.put("row_id", rowId);
        }
        // every replication and every prompt condition is a trial of its own: both are in the trace's id and run
        String traceRun = (condition == null ? approach : approach + "/" + condition) + (run == null ? "" : ":" + run);
        String traceId = condition == null
                ? Ids.of("trace", taskId, model, traceRun)
                : Ids.of("trace", taskId, model, approach, "condition", condition, "run", run);
        out.accept(new Records.TraceRec(
                traceId, taskId, model, traceRun, answer, executed.toString(), null, extra.toString()));
    }

    /** {@code run}: the replication, a string or a whole number (null when absent). */
    private static String runNumber(Fields f, JsonNode row) {
        JsonNode r = row.get("run");
        if (r == null || r.isNull()) {
            return null;
        }
        if (!(r.isTextual() || r.isIntegralNumber()) || r.asText().isBlank()) {
            throw f.error("/run", "expected the replication (a whole number or a string), found " + Fields.describe(r));
        }
        return r.asText();
    }

    /** {@code usage: {prompt_tokens, completion_tokens}} (OpenAI's names), each a whole number >= 0 or absent. */
    private static ObjectNode usage(Fields f, JsonNode row) {
        JsonNode u = row.get("usage");
        if (u == null || u.isNull()) {
            return null;
        }
        if (!u.isObject()) {
            throw f.error("/usage", "expected {prompt_tokens, completion_tokens}, found " + Fields.describe(u));
        }
        ObjectNode out = Json.object();
        for (String k : new String[] {"prompt_tokens", "completion_tokens"}) {
            JsonNode n = u.get(k);
            if (n == null || n.isNull()) {
                continue;
            }
            if (!n.isIntegralNumber() || n.asLong() < 0) {
                throw f.error("/usage/" + k, "expected a whole number of tokens >= 0, found " + Fields.describe(n));
            }
            out.put(k, n.asLong());
        }
        return out;
    }

    private static String quoted(String s) {
        return "\"" + s + "\"";
    }

    private static String abbreviate(String s) {
        return s.length() <= 70 ? s : s.substring(0, 67) + "...";
    }

    /** Up to 8 ids in natural order, then how many more. */
    private static String sample(java.util.Collection<String> ids) {
        List<String> l = new ArrayList<>(ids);
        l.sort(java.util.Comparator.<String>comparingInt(x -> x.matches("\\d+") ? x.length() : Integer.MAX_VALUE)
                .thenComparing(x -> x));
        String head = String.join(", ", l.subList(0, Math.min(8, l.size())));
        return l.size() > 8 ? head + ", … (" + l.size() + " in all)" : head;
    }

    private static Records.TaskRec task(
            String scenario, String id, String input, List<String> expected, String toolsetId, String toolsJson) {
        ObjectNode body = Json.object();
        body.put("scenario", scenario);
        body.put("id", id);
        body.put("input", input);
        ArrayNode e = body.putArray("expected_tools");
        expected.forEach(e::add);
        return new Records.TaskRec(
                taskId(scenario, id),
                taskKey(scenario, id),
                scenario,
                TaskType.TOOL_SELECTION.code(),
                null,
                LabelSets.TOOL_SELECTION.name(),
                input,
                toolsetId,
                toolsJson,
                body.toString());
    }

    private static String inputId(Fields f, JsonNode o, String ptr) {
        JsonNode id = o.get("id");
        if (id == null
                || !(id.isTextual() || id.isIntegralNumber())
                || id.asText().isBlank()) {
            throw f.error(ptr + "/id", "expected the input's id (a number or a string), found " + Fields.describe(id));
        }
        return id.asText();
    }

    /** {@code known} null = not checked here (runs: checked against the scenario when classifying). */
    private static List<String> expectedTools(Fields f, JsonNode o, String ptr, Set<String> known) {
        JsonNode e = o.get("expected_tools");
        if (e == null || !e.isArray()) {
            throw f.error(
                    ptr + "/expected_tools",
                    "expected an array of tool names (empty when no tool is needed), " + "found " + Fields.describe(e));
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < e.size(); i++) {
            JsonNode n = e.get(i);
            if (!n.isTextual()) {
                throw f.error(ptr + "/expected_tools/" + i, "expected a tool name, found " + Fields.describe(n));
            }
            String name = n.asText().strip();
            if (known != null && !known.contains(name)) {
                throw f.error(
                        ptr + "/expected_tools/" + i,
                        "'" + name + "' is not a tool of this scenario (its " + "tools: " + String.join(", ", known)
                                + ")");
            }
            if (!out.contains(name)) {
                out.add(name);
            }
        }
        return out;
    }
}
