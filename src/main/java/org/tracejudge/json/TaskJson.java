package org.tracejudge.json;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.tracejudge.model.GroundTruth;
import org.tracejudge.model.Task;
import org.tracejudge.model.TaskType;
import org.tracejudge.model.ToolCall;

/** A stored task row (its ToolFailBench-shaped JSON body) back into the model. */
public final class TaskJson {
    private TaskJson() {}

    /** Rebuilds the model's task from its stored row. */
    public static Task toTask(
            String id,
            String key,
            String domain,
            String type,
            String target,
            String labelSet,
            String userMessage,
            String toolsJson,
            String bodyJson) {
        JsonNode body = Json.read(bodyJson);
        JsonNode expected = body.get("expected_tool_call");
        ToolCall call = expected == null || expected.isNull() || !expected.has("name")
                ? null
                : new ToolCall(expected.get("name").asText(), expected.get("arguments"));
        JsonNode ret = body.get("mock_tool_return");
        if (ret != null && ret.isNull()) {
            ret = null;
        }
        JsonNode gt = body.path("ground_truth");
        GroundTruth truth = gt.isObject()
                ? new GroundTruth(
                        texts(gt.get("answer_must_contain")),
                        gt.path("match_mode").asText("all"),
                        texts(gt.get("answer_must_not_contain")))
                : GroundTruth.NONE;
        return new Task(
                id,
                key,
                domain,
                TaskType.fromCode(type),
                target,
                labelSet,
                userMessage,
                call,
                ret,
                truth,
                toolsJson == null ? null : Json.read(toolsJson),
                body);
    }

    private static List<String> texts(JsonNode arr) {
        List<String> out = new ArrayList<>();
        if (arr != null && arr.isArray()) {
            arr.forEach(n -> out.add(n.asText()));
        }
        return out;
    }
}
