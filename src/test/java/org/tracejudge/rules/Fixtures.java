package org.tracejudge.rules;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Arrays;
import java.util.List;
import org.tracejudge.model.GroundTruth;
import org.tracejudge.model.Task;
import org.tracejudge.model.TaskType;
import org.tracejudge.model.ToolCall;
import org.tracejudge.model.Trace;

/** Hand-built tasks and traces for tests. */
final class Fixtures {
    static final ObjectMapper JSON = new ObjectMapper();
    private static int seq;

    private Fixtures() {}

    static JsonNode json(String s) {
        try {
            return JSON.readTree(s.replace('\'', '"'));
        } catch (Exception e) {
            throw new IllegalArgumentException(s, e);
        }
    }

    static Task required(String tool, String ret, String mode, String... must) {
        return required(tool, json(ret), mode, "user asks", must);
    }

    static Task required(String tool, JsonNode ret, String mode, String user, String... must) {
        String key = "T-" + (++seq);
        return new Task(
                key,
                key,
                "finance",
                TaskType.TOOL_REQUIRED,
                "result_ignore",
                "toolfailbench-required",
                user,
                new ToolCall(tool, json("{}")),
                ret,
                new GroundTruth(Arrays.asList(must), mode, List.of()),
                null,
                null);
    }

    static Task control(String mode, String... must) {
        String key = "C-" + (++seq);
        return new Task(
                key,
                key,
                "finance",
                TaskType.CONTROL,
                "control",
                "toolfailbench-control",
                "explain",
                null,
                null,
                new GroundTruth(Arrays.asList(must), mode, List.of()),
                null,
                null);
    }

    static Trace trace(String answer, String... calls) {
        List<ToolCall> cs =
                Arrays.stream(calls).map(n -> new ToolCall(n, json("{}"))).toList();
        return new Trace("tr-" + (++seq), null, "m", "r", List.of(), cs, answer, null);
    }
}
