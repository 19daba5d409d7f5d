package org.tracejudge.importer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.tracejudge.json.Json;
import org.tracejudge.model.Ids;
import org.tracejudge.model.LabelSets;
import org.tracejudge.model.TaskType;

/** ToolFailBench task objects to and from the model and the task table. */
public final class TaskCodec {
    private TaskCodec() {}

    /** Fields a results row adds to the task object; they are not part of the task's identity. */
    private static final List<String> RUN_FIELDS = List.of("available_tools", "evaluation_criteria");
    /** The values formats.md allows for {@code target_failure_mode}. */
    static final List<String> TARGETS = List.of("tool_skip", "result_ignore", "output_fabrication", "control");

    /**
     * Validates a ToolFailBench task object and turns it into a task row. The id depends only on the
     * task's content, so the same task from tasks.json and from any results file is stored once.
     *
     * @param tools the tool list shown to the model, or null
     */
    static Records.TaskRec fromToolFailBench(ObjectNode task, JsonNode tools, Fields f, String pointer) {
        return fromToolFailBench(task, tools, f, pointer, true);
    }

    /**
     * @param strict a ToolFailBench file's task, checked to the letter of formats.md section 1; otherwise (the
     *               optional task fields of a chat transcript's {@code expected}) only the types of what is there
     */
    static Records.TaskRec fromToolFailBench(
            ObjectNode task, JsonNode tools, Fields f, String pointer, boolean strict) {
        return fromToolFailBench(task, tools, null, f, pointer, strict);
    }

    /** As above, with {@code tools} already written as JSON ({@code toolsText}, or null) by a caller that needed it too. */
    static Records.TaskRec fromToolFailBench(
            ObjectNode task, JsonNode tools, String toolsText, Fields f, String pointer, boolean strict) {
        String key = f.requiredText(task, "task_id", pointer);
        if (key.isBlank()) {
            throw f.error(pointer + "/task_id", "expected the task's id, found an empty string");
        }
        String target = f.requiredText(task, "target_failure_mode", pointer);
        if (strict) {
            validate(task, target, f, pointer);
        } else {
            lenient(task, f, pointer);
        }
        ObjectNode body = task.deepCopy();
        JsonNode toolList = tools;
        if (toolList == null
                && body.get("available_tools") != null
                && body.get("available_tools").isArray()) {
            toolList = body.get("available_tools");
        }
        RUN_FIELDS.forEach(body::remove);
        TaskType type = TaskType.ofTargetFailureMode(target);
        String id = Ids.of("task", key, Json.contentHash(body));
        String toolsetId = null;
        String toolsJson = null;
        if (toolList != null && toolList.isArray()) {
            toolsJson = toolsText != null && toolList == tools ? toolsText : toolList.toString();
            toolsetId = toolsetId(toolsJson, toolList);
        }
        return new Records.TaskRec(
                id,
                key,
                textOrNull(body, "domain"),
                type.code(),
                target,
                LabelSets.forType(type).name(),
                textOrNull(body, "user_message"),
                toolsetId,
                toolsJson,
                body.toString());
    }

    /** Toolset ids by the tools' JSON text: agent runs of one harness offer the same tools run after run. */
    private static final java.util.Map<String, String> TOOLSET_IDS = new java.util.concurrent.ConcurrentHashMap<>();

    /** The toolset's id (a hash of its canonical JSON), remembered for the last few hundred tool lists seen. */
    private static String toolsetId(String toolsJson, JsonNode toolList) {
        String id = TOOLSET_IDS.get(toolsJson);
        if (id == null) {
            id = Ids.of("toolset", Json.contentHash(toolList));
            if (TOOLSET_IDS.size() >= 256) {
                TOOLSET_IDS.clear(); // bounded: memory stays flat on files of ever-new tool lists
            }
            TOOLSET_IDS.put(toolsJson, id);
        }
        return id;
    }

    /** Every field formats.md section 1 requires, with the types and values it allows. */
    private static void validate(ObjectNode task, String target, Fields f, String pointer) {
        if (!TARGETS.contains(target)) {
            throw f.error(
                    pointer + "/target_failure_mode",
                    "expected one of " + String.join(", ", TARGETS) + ", found \"" + target + "\"");
        }
        boolean control = target.equals("control");
        f.requiredText(task, "domain", pointer);
        f.requiredText(task, "user_message", pointer);
        for (String optional : List.of("turn_type", "conflict_type", "parametric_trap_note")) {
            f.optionalText(task, optional, pointer);
        }
        f.optionalObject(task, "metadata", pointer);
        // expected_tool_call {name, arguments}: null (only) on control tasks, but never missing
        if (!task.has("expected_tool_call")) {
            throw f.error(
                    pointer + "/expected_tool_call",
                    "expected " + (control ? "null (a control task) or " : "")
                            + "an object {name, arguments}, found nothing (the field is missing)");
        }
        JsonNode expected = control
                ? f.optionalObject(task, "expected_tool_call", pointer)
                : f.requiredObject(task, "expected_tool_call", pointer);
        if (expected != null) {
            f.requiredText(expected, "name", pointer + "/expected_tool_call");
            JsonNode args = expected.get("arguments");
            if (args == null || !args.isObject()) {
                throw f.error(
                        pointer + "/expected_tool_call/arguments",
                        "expected an object of arguments, found " + Fields.describe(args));
            }
        }
        // mock_tool_return: an object or an array; null (only) on control tasks
        JsonNode mock = task.get("mock_tool_return");
        boolean mockOk = mock != null && (mock.isObject() || mock.isArray() || (control && mock.isNull()));
        if (!mockOk && !(control && mock == null)) {
            throw f.error(
                    pointer + "/mock_tool_return",
                    "expected an object or an array" + (control ? " or null" : "") + ", found "
                            + Fields.describe(mock));
        }
        JsonNode available = task.get("available_tools");
        if (available != null && !available.isNull() && !available.isArray()) {
            throw f.error(
                    pointer + "/available_tools", "expected an array of tools, found " + Fields.describe(available));
        }
        JsonNode gt = f.requiredObject(task, "ground_truth", pointer);
        {
            JsonNode mc = gt.get("answer_must_contain");
            if (mc == null || !mc.isArray()) {
                throw f.error(
                        pointer + "/ground_truth/answer_must_contain",
                        "expected an array of strings, found " + Fields.describe(mc));
            }
            {
                for (int i = 0; i < mc.size(); i++) {
                    if (!mc.get(i).isTextual() && !mc.get(i).isNumber()) {
                        throw f.error(
                                pointer + "/ground_truth/answer_must_contain/" + i,
                                "expected a string, found " + Fields.describe(mc.get(i)));
                    }
                }
            }
            String mode = f.optionalText(gt, "match_mode", pointer + "/ground_truth");
            if (mode != null && !mode.equals("all") && !mode.equals("any")) {
                throw f.error(
                        pointer + "/ground_truth/match_mode", "expected \"all\" or \"any\", found \"" + mode + "\"");
            }
        }
    }

    /** The checks a transcript's optional task fields get: types of what is there. */
    private static void lenient(ObjectNode task, Fields f, String pointer) {
        f.optionalText(task, "domain", pointer);
        f.optionalText(task, "user_message", pointer);
        JsonNode expected = f.optionalObject(task, "expected_tool_call", pointer);
        if (expected != null) {
            f.requiredText(expected, "name", pointer + "/expected_tool_call");
        }
        f.optionalObject(task, "ground_truth", pointer);
    }

    private static String textOrNull(JsonNode n, String field) {
        JsonNode v = n.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }
}
