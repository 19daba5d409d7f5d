package org.tracejudge.testdata;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ToolFailBenchGeneratorTest {

    private static final Path CORPUS = Path.of("..", "shared", "corpora", "toolfailbench-v5");
    private static final Path SAMPLE = Path.of("resources", "samples", "demo");
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static boolean isControl(JsonNode task) {
        return "control".equals(task.path("target_failure_mode").asText());
    }

    @Test
    void generatesEveryLabelForAllCorpusTasks(@TempDir Path tmp) throws Exception {
        org.tracejudge.TestData.requireShared(Files.isDirectory(CORPUS), "../shared/corpora/toolfailbench-v5");
        ToolFailBenchGenerator gen = ToolFailBenchGenerator.fromCorpus(CORPUS);
        int n = gen.tasks().size();
        assertEquals(1000, n);

        List<ToolFailBenchGenerator.Generated> rows = gen.generate("test-model-7b", n);
        assertEquals(n, rows.size());
        Set<String> seenTasks = new HashSet<>();
        Set<String> seen = new HashSet<>();
        for (ToolFailBenchGenerator.Generated g : rows) {
            JsonNode r = g.row();
            for (String f :
                    List.of("task", "model_id", "agent_trace", "agent_answer", "classification", "raw_responses")) {
                assertTrue(r.has(f), g.taskId() + " lacks " + f);
            }
            JsonNode task = r.get("task");
            for (String f : List.of(
                    "task_id",
                    "domain",
                    "turn_type",
                    "target_failure_mode",
                    "user_message",
                    "expected_tool_call",
                    "mock_tool_return",
                    "ground_truth",
                    "metadata",
                    "available_tools",
                    "evaluation_criteria")) {
                assertTrue(task.has(f), g.taskId() + " task lacks " + f);
            }
            assertTrue(task.get("available_tools").isArray()
                    && !task.get("available_tools").isEmpty());
            assertEquals(
                    !isControl(task),
                    task.path("evaluation_criteria").path("tool_must_be_called").asBoolean());
            assertEquals("test-model-7b", r.get("model_id").asText());
            assertTrue(r.path("agent_trace").path("tool_calls").isArray());
            assertTrue(r.get("raw_responses").isArray());
            for (JsonNode rr : r.get("raw_responses")) {
                for (String f : List.of("step", "content", "finish_reason", "tool_calls", "usage")) {
                    assertTrue(rr.has(f), g.taskId() + " raw response lacks " + f);
                }
                assertTrue(rr.path("usage").path("total_tokens").asInt() > 0);
            }
            assertNotNull(g.variant());
            seenTasks.add(g.taskId());
            if (ToolFailBenchGenerator.ERROR_LABEL.equals(g.intended())) {
                assertEquals("other_error", r.get("classification").asText());
                assertTrue(r.has("error"));
                continue;
            }
            List<String> allowed =
                    isControl(task) ? ToolFailBenchGenerator.CONTROL_LABELS : ToolFailBenchGenerator.TOOL_LABELS;
            assertTrue(allowed.contains(g.intended()), g.taskId() + ": " + g.intended());
            assertTrue(allowed.contains(r.get("classification").asText()), g.taskId() + ": " + r.get("classification"));
            seen.add((isControl(task) ? "control/" : "tool/") + g.intended());
        }
        assertEquals(n, seenTasks.size(), "cycling must cover every task once");
        assertEquals(
                Set.of(
                        "tool/correct",
                        "tool/tool_skip",
                        "tool/result_ignore",
                        "tool/output_fabrication",
                        "control/correct",
                        "control/unnecessary_tool_use",
                        "control/wrong_answer"),
                seen);

        // determinism: same seed, same bytes
        LocalDateTime t = LocalDateTime.of(2026, 11, 1, 12, 0);
        Path a = gen.writeResultsFile(tmp.resolve("a"), "test-model-7b", n, t);
        Path b = ToolFailBenchGenerator.fromCorpus(CORPUS).writeResultsFile(tmp.resolve("b"), "test-model-7b", n, t);
        assertEquals("test-model-7b_20261101_120000.json", a.getFileName().toString());
        assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b));

        JsonNode arr = MAPPER.readTree(a.toFile());
        assertTrue(arr.isArray());
        assertEquals(n, arr.size());
        assertEquals(MAPPER.valueToTree(rows.get(0).row()), arr.get(0), "file rows equal generate() rows");

        Path j = gen.writeJudgeFile(tmp, rows, "test-judge", 0.85);
        JsonNode judge = MAPPER.readTree(j.toFile());
        assertEquals(n, judge.size());
        int agree = 0;
        for (JsonNode jr : judge) {
            assertTrue(
                    jr.has("task_id") && jr.has("rule_based_classification") && jr.has("agreement") && jr.has("judge"));
            assertTrue(jr.path("judge").has("failure_mode"));
            if (jr.path("agreement").asBoolean(false)) {
                agree++;
            }
        }
        assertTrue(agree > n / 2, "judge agrees with the rule on most rows: " + agree);
    }

    @Test
    void sampleProjectIsComplete() throws Exception {
        Assumptions.assumeTrue(Files.isDirectory(SAMPLE), "sample project not present");
        List<Path> files;
        try (Stream<Path> s = Files.walk(SAMPLE)) {
            files = s.filter(p -> p.toString().endsWith(".json")).toList();
        }
        for (Path p : files) {
            assertNotNull(MAPPER.readTree(p.toFile()), p + " parses");
        }
        JsonNode manifest = MAPPER.readTree(SAMPLE.resolve("project.json").toFile());
        List<String> referenced = new ArrayList<>();
        manifest.path("tasks").forEach(n -> referenced.add(n.asText()));
        manifest.path("results").forEach(n -> referenced.add(n.asText()));
        manifest.path("judges").forEach(n -> {
            referenced.add(n.path("file").asText());
            assertTrue(manifest.path("raters").has(n.path("rater").asText()), "rater described: " + n);
        });
        for (String r : referenced) {
            assertTrue(Files.isRegularFile(SAMPLE.resolve(r)), "manifest file exists: " + r);
        }

        Map<String, JsonNode> tasks = new HashMap<>();
        for (JsonNode tf : manifest.path("tasks")) {
            String dom = tf.asText().split("/")[0];
            assertTrue(Files.isRegularFile(SAMPLE.resolve(dom).resolve("tools.json")), "tools.json for " + dom);
            MAPPER.readTree(SAMPLE.resolve(tf.asText()).toFile())
                    .path("tasks")
                    .forEach(t -> tasks.put(t.path("task_id").asText(), t));
        }
        assertTrue(tasks.size() >= 15 && tasks.size() <= 30, "about 20 tasks: " + tasks.size());

        Set<String> combos = new HashSet<>();
        Set<String> models = new HashSet<>();
        int rows = 0;
        int errors = 0;
        for (JsonNode rf : manifest.path("results")) {
            JsonNode arr = MAPPER.readTree(SAMPLE.resolve(rf.asText()).toFile());
            assertTrue(arr.isArray());
            for (JsonNode r : arr) {
                rows++;
                models.add(r.path("model_id").asText());
                JsonNode task = r.path("task");
                assertTrue(tasks.containsKey(task.path("task_id").asText()));
                assertTrue(task.path("available_tools").isArray());
                assertTrue(task.has("evaluation_criteria"));
                assertTrue(r.has("agent_trace") && r.has("agent_answer") && r.has("raw_responses"));
                if (r.has("error")) {
                    errors++;
                    assertEquals("other_error", r.path("classification").asText());
                    continue;
                }
                combos.add((isControl(task) ? "control/" : "tool/")
                        + r.path("classification").asText());
            }
        }
        assertEquals(3, models.size());
        assertTrue(rows >= 55 && rows <= 65, "about 60 rows: " + rows);
        assertEquals(1, errors);

        int judgeRows = 0;
        for (JsonNode jf : manifest.path("judges")) {
            for (JsonNode r :
                    MAPPER.readTree(SAMPLE.resolve(jf.path("file").asText()).toFile())) {
                judgeRows++;
                JsonNode task = tasks.get(r.path("task_id").asText());
                assertNotNull(task);
                JsonNode fm = r.path("judge").path("failure_mode");
                if (!fm.isNull()) {
                    combos.add((isControl(task) ? "control/" : "tool/") + fm.asText());
                }
            }
        }
        assertEquals(rows * 2, judgeRows, "two judges cover every trace");
        assertTrue(
                combos.containsAll(Set.of(
                        "tool/correct",
                        "tool/tool_skip",
                        "tool/result_ignore",
                        "tool/output_fabrication",
                        "control/correct",
                        "control/unnecessary_tool_use",
                        "control/wrong_answer")),
                combos.toString());
        assertFalse(combos.isEmpty());
    }
}
