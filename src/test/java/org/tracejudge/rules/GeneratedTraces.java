package org.tracejudge.rules;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.tracejudge.model.Task;
import org.tracejudge.model.ToolCall;
import org.tracejudge.model.Trace;
import org.tracejudge.testdata.ToolFailBenchGenerator;

/** Test helper: generated results rows turned into model tasks (one per task id) and traces, with intended labels. */
final class GeneratedTraces {
    record Item(Task task, Trace trace, String intended, String variant) {}

    private GeneratedTraces() {}

    /** {@code perModel} rows for each model id (rows of failed runs, intended {@code other_error}, are dropped). */
    static List<Item> generate(List<String> models, int perModel) throws IOException {
        ToolFailBenchGenerator gen = ToolFailBenchGenerator.fromCorpus(CorpusTasks.CORPUS);
        Map<String, Task> tasks = new HashMap<>();
        List<Item> out = new ArrayList<>();
        int n = 0;
        for (String model : models) {
            for (ToolFailBenchGenerator.Generated g : gen.generate(model, perModel)) {
                if (ToolFailBenchGenerator.ERROR_LABEL.equals(g.intended())) {
                    continue;
                }
                JsonNode row = g.row();
                Task task = tasks.computeIfAbsent(g.taskId(), k -> CorpusTasks.task(row.get("task")));
                List<ToolCall> calls = new ArrayList<>();
                for (JsonNode c : row.path("agent_trace").path("tool_calls")) {
                    calls.add(new ToolCall(c.path("name").asText(), c.get("arguments")));
                }
                Trace trace = new Trace(
                        "g" + n++,
                        task.id(),
                        model,
                        "gen",
                        List.of(),
                        calls,
                        row.path("agent_answer").asText(""),
                        null);
                out.add(new Item(task, trace, g.intended(), g.variant()));
            }
        }
        return out;
    }
}
