package org.tracejudge.rules;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.tracejudge.model.GroundTruth;
import org.tracejudge.model.Ids;
import org.tracejudge.model.LabelSets;
import org.tracejudge.model.Task;
import org.tracejudge.model.TaskType;
import org.tracejudge.model.ToolCall;

/** Test helper: reads the shared ToolFailBench corpus into model tasks (the real importer lives elsewhere). */
final class CorpusTasks {
    static final ObjectMapper JSON = new ObjectMapper();
    static final Path CORPUS = Path.of("..", "shared", "corpora", "toolfailbench-v5");

    private CorpusTasks() {}

    static boolean available() {
        return Files.isDirectory(CORPUS);
    }

    /** The raw task objects of every domain, in domain order. */
    static List<JsonNode> rawTasks(Path corpus) {
        List<JsonNode> out = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(corpus)) {
            for (Path d : dirs.filter(Files::isDirectory).sorted().toList()) {
                Path f = d.resolve("tasks.json");
                if (Files.exists(f)) {
                    JsonNode root = JSON.readTree(f.toFile());
                    root.get("tasks").forEach(out::add);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    static List<Task> load(Path corpus) {
        return rawTasks(corpus).stream().map(CorpusTasks::task).toList();
    }

    static Task task(JsonNode t) {
        String key = t.get("task_id").asText();
        String target = t.path("target_failure_mode").asText();
        TaskType type = TaskType.ofTargetFailureMode(target);
        JsonNode call = t.get("expected_tool_call");
        ToolCall expected = call == null || call.isNull()
                ? null
                : new ToolCall(call.get("name").asText(), call.get("arguments"));
        JsonNode ret = t.get("mock_tool_return");
        JsonNode gt = t.get("ground_truth");
        List<String> must = new ArrayList<>();
        gt.path("answer_must_contain").forEach(n -> must.add(n.asText()));
        List<String> mustNot = new ArrayList<>();
        gt.path("answer_must_not_contain").forEach(n -> mustNot.add(n.asText()));
        GroundTruth g = new GroundTruth(must, gt.path("match_mode").asText("all"), mustNot);
        return new Task(
                Ids.of("task", "toolfailbench", key),
                key,
                t.path("domain").asText(),
                type,
                target,
                LabelSets.forType(type).name(),
                t.path("user_message").asText(),
                expected,
                ret == null || ret.isNull() ? null : ret,
                g,
                null,
                t);
    }
}
