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

    /**
     * Validates a ToolFailBench task object and turns it into a task row. The id depends only on the
     * task's content, so the same task from tasks.json and from any results file is stored once.
     *
     * @param tools the tool list shown to the model, or null
     */
    static Records.TaskRec fromToolFailBench(ObjectNode task, JsonNode tools, Fields f, String pointer) {
        String key = f.requiredText(task, "task_id", pointer);
        String target = f.requiredText(task, "target_failure_mode", pointer);
        f.optionalText(task, "domain", pointer);
        f.optionalText(task, "user_message", pointer);
        JsonNode expected = f.optionalObject(task, "expected_tool_call", pointer);
        if (expected != null) {
            f.requiredText(expected, "name", pointer + "/expected_tool_call");
        }
        JsonNode gt = f.optionalObject(task, "ground_truth", pointer);
        if (gt != null) {
            JsonNode mc = f.optionalArray(gt, "answer_must_contain", pointer + "/ground_truth");
            if (mc != null) {
                for (int i = 0; i < mc.size(); i++) {
                    if (!mc.get(i).isTextual() && !mc.get(i).isNumber()) {
                        throw f.error(pointer + "/ground_truth/answer_must_contain/" + i,
                                "expected a string, found " + Fields.describe(mc.get(i)));
                    }
                }
            }
            String mode = f.optionalText(gt, "match_mode", pointer + "/ground_truth");
            if (mode != null && !mode.equals("all") && !mode.equals("any")) {
                throw f.error(pointer + "/ground_truth/match_mode", "expected \"all\" or \"any\", found \"" + mode + "\"");
            }
        }
        ObjectNode body = task.deepCopy();
        JsonNode toolList = tools;
        if (toolList == null && body.get("available_tools") != null && body.get("available_tools").isArray()) {
            toolList = body.get("available_tools");
        }
        RUN_FIELDS.forEach(body::remove);
        TaskType type = TaskType.ofTargetFailureMode(target);
        String id = Ids.of("task", key, Json.contentHash(body));
        String toolsetId = null;
        String toolsJson = null;
        if (toolList != null && toolList.isArray()) {
            toolsJson = toolList.toString();
            toolsetId = Ids.of("toolset", Json.contentHash(toolList));
        }
        return new Records.TaskRec(id, key, textOrNull(body, "domain"), type.code(), target,
                LabelSets.forType(type).name(), textOrNull(body, "user_message"), toolsetId, toolsJson, body.toString());
    }

    private static String textOrNull(JsonNode n, String field) {
        JsonNode v = n.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }

}
