package org.tracejudge.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.tracejudge.TestData.count;
import static org.tracejudge.TestData.scalar;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.json.Json;
import org.tracejudge.model.Task;
import org.tracejudge.model.TaskType;
import org.tracejudge.model.Trace;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectQueries;
import org.tracejudge.testdata.ToolFailBenchGenerator;

class ImporterTest {
    @TempDir
    Path dir;

    Project project;

    @BeforeEach
    void open() {
        project = Project.open(dir.resolve("p.tjdb"), Project.OpenOptions.createIfMissing("test"));
    }

    @org.junit.jupiter.api.AfterEach
    void close() {
        project.close();
    }

    ImportReport importFiles(List<Path> files) {
        return new Importer(project, null).importFiles(files, Format.AUTO, null);
    }

    @Test
    void detectsEveryFormat() throws Exception {
        assertEquals(Format.TOOLFAILBENCH_TASKS, FormatDetector.detect(TestData.SAMPLE.resolve("travel/tasks.json")));
        assertEquals(
                Format.TOOLFAILBENCH_RESULTS,
                FormatDetector.detect(
                        TestData.list(TestData.SAMPLE.resolve("results")).get(0)));
        assertEquals(
                Format.TOOLFAILBENCH_JUDGE,
                FormatDetector.detect(
                        TestData.list(TestData.SAMPLE.resolve("judges")).get(0)));
        assertEquals(Format.OPENAI, FormatDetector.detect(openAiFile()));
        assertEquals(Format.ANTHROPIC, FormatDetector.detect(anthropicFile()));
    }

    @Test
    void sampleProjectImportsWithTasksStoredOnceAndHarnessAndJudgesAsRaters() {
        ImportReport r = importFiles(TestData.sampleFiles());
        assertEquals(20, count(project, "task"));
        assertEquals(60, count(project, "trace"));
        assertEquals(20, r.tasksNew());
        List<String> raters = new ProjectQueries(project)
                .raters().stream().map(ProjectQueries.RaterSummary::name).toList();
        assertEquals(List.of("harness", "illustrative-dtree", "illustrative-evidence"), raters);
        // the harness's other_error and the judges' parse failures are null verdicts with their raw text
        assertEquals("1", scalar(project, "SELECT count(*) FROM label WHERE action = 'null' AND raw = 'other_error'"));
        assertTrue(Integer.parseInt(
                        scalar(
                                project,
                                "SELECT count(*) FROM label l JOIN rater r ON r.id = l.rater_id "
                                        + "WHERE r.name LIKE 'illustrative%' AND l.action = 'null' AND l.null_reason LIKE '%parse_failed%'"))
                >= 2);
        // rubric scores and reasoning come along with the verdict
        assertNotNull(
                scalar(
                        project,
                        "SELECT scores FROM label l JOIN rater r ON r.id = l.rater_id "
                                + "WHERE r.name = 'illustrative-dtree' AND l.action = 'set' AND l.rationale IS NOT NULL LIMIT 1"));
    }

    @Test
    void aToolsFileGivenWithItsTasksFileIsReadWithItAndAloneIsExplained() {
        Path tools = TestData.SAMPLE.resolve("travel/tools.json");
        List<Path> files = new ArrayList<>(TestData.sampleFiles());
        files.add(tools); // e.g. from a shell glob over the folder
        importFiles(files);
        assertEquals(20, count(project, "task"));
        assertEquals(60, count(project, "trace"));
        ImportException e = assertThrows(ImportException.class, () -> importFiles(List.of(tools)));
        assertTrue(
                e.getMessage().contains("tools.json")
                        && e.getMessage().contains("import ")
                        && e.getMessage().contains("tasks.json instead"),
                e.getMessage());
    }

    @Test
    void importingTheSameFilesTwiceChangesNothing() {
        importFiles(TestData.sampleFiles());
        String before = snapshot();
        ImportReport again = importFiles(TestData.sampleFiles());
        assertTrue(again.files().stream().allMatch(ImportReport.FileCounts::changedNothing));
        assertEquals(before, snapshot());
        assertTrue(
                again.files().get(2).summary().contains("already in the project"),
                again.files().get(2).summary());
    }

    @Test
    void realCorpusTasksImportAsOneThousandTasksWithTheirTools() {
        Path corpus = TestData.toolFailBench();
        List<Path> files = new ArrayList<>();
        for (String d : List.of("cybersecurity", "finance", "legal", "medical", "real_estate")) {
            files.add(corpus.resolve(d).resolve("tasks.json"));
        }
        importFiles(files);
        assertEquals(1000, count(project, "task"));
        assertEquals(250, Integer.parseInt(scalar(project, "SELECT count(*) FROM task WHERE task_type = 'control'")));
        assertEquals(5, count(project, "toolset"));
        String id = scalar(project, "SELECT id FROM task WHERE task_key = 'RI-FIN-001'");
        Task t = new ProjectQueries(project).task(id);
        assertEquals(TaskType.TOOL_REQUIRED, t.type());
        assertEquals("get_quote", t.expectedCall().name());
        assertEquals(47.5, t.toolReturn().get("pe_ratio").asDouble());
        assertEquals(List.of("47.5", "P/E"), t.groundTruth().mustContain());
        assertTrue(t.tools().size() > 1);
    }

    @Test
    void generatedResultsAndJudgeFilesFromTheRealTasksImport() throws Exception {
        ToolFailBenchGenerator gen = ToolFailBenchGenerator.fromCorpus(TestData.toolFailBench());
        Path results = gen.writeResultsFile(dir, "gen-model-7b", 1000, LocalDateTime.of(2026, 11, 1, 12, 0));
        List<ToolFailBenchGenerator.Generated> rows = gen.generate("gen-model-7b", 1000);
        Path judge = gen.writeJudgeFile(dir, rows, "dtree", 0.85);
        ImportReport r = new Importer(project, null).importFiles(List.of(results), Format.AUTO, null);
        assertEquals(1000, r.tracesNew());
        new Importer(project, null).importFiles(List.of(judge), Format.AUTO, "qwen-dtree");
        assertEquals(1000, count(project, "trace"));
        assertEquals(
                1000,
                Integer.parseInt(scalar(
                        project,
                        "SELECT count(*) FROM current_label l JOIN rater r "
                                + "ON r.id = l.rater_id WHERE r.name = 'qwen-dtree'")));
        // tasks are stored once, not once per trace
        assertTrue(count(project, "task") <= 1000);
        // the harness label is kept and is a valid label of the task's type or a null verdict
        assertEquals(
                "0",
                scalar(
                        project,
                        "SELECT count(*) FROM label l JOIN trace t ON t.id = l.trace_id "
                                + "JOIN task k ON k.id = t.task_id WHERE l.action = 'set' AND k.task_type = 'control' "
                                + "AND l.value IN ('tool_skip', 'result_ignore', 'output_fabrication')"));
    }

    @Test
    void openAiTranscriptPairsToolResultsWithTheirCalls() throws Exception {
        importFiles(List.of(openAiFile()));
        assertEquals(2, count(project, "trace"));
        String id = scalar(project, "SELECT id FROM trace WHERE run = 'conv-1'");
        Trace t = new ProjectQueries(project).trace(id);
        assertEquals("gpt-test", t.model());
        assertEquals(1, t.executedCalls().size());
        assertEquals("get_quote", t.executedCalls().get(0).name());
        assertEquals("NVDA", t.executedCalls().get(0).arguments().get("ticker").asText());
        assertEquals("NVDA trades at a P/E of 47.5.", t.answer());
        var toolTurn = t.turns().stream()
                .filter(x -> !x.toolResults().isEmpty())
                .findFirst()
                .orElseThrow();
        assertEquals("get_quote", toolTurn.toolResults().get(0).name());
        assertEquals(
                47.5, toolTurn.toolResults().get(0).content().get("pe_ratio").asDouble());
        String taskId = scalar(project, "SELECT task_id FROM trace WHERE run = 'conv-1'");
        assertEquals("RI-FIN-001", new ProjectQueries(project).task(taskId).key());
    }

    @Test
    void anthropicTranscriptPairsToolUseWithToolResult() throws Exception {
        importFiles(List.of(anthropicFile()));
        Trace t = new ProjectQueries(project).trace(scalar(project, "SELECT id FROM trace"));
        assertEquals("claude-test", t.model());
        assertEquals("toolu_1", t.executedCalls().get(0).id());
        assertEquals("The P/E is 47.5.", t.answer());
        assertTrue(t.turns().stream()
                .anyMatch(x -> x.toolResults().size() == 1
                        && "get_quote".equals(x.toolResults().get(0).name())));
    }

    // ---- error paths: each names the file, where, and what was expected; the project is left as it was

    @Test
    void truncatedJsonIsRefusedAndNothingIsKept() throws Exception {
        importFiles(TestData.sampleFiles());
        String before = snapshot();
        Path src = TestData.list(TestData.SAMPLE.resolve("results")).get(0);
        byte[] all = Files.readAllBytes(src);
        Path cut = dir.resolve("cut_20261101_120000.json");
        Files.write(cut, java.util.Arrays.copyOf(all, all.length / 2));
        ImportException e = assertThrows(ImportException.class, () -> importFiles(List.of(cut)));
        assertTrue(e.getMessage().startsWith("cut_20261101_120000.json: line "), e.getMessage());
        assertTrue(e.getMessage().contains("truncated"), e.getMessage());
        assertEquals(before, snapshot());
    }

    @Test
    void aWrongFieldTypeNamesItsJsonPointer() throws Exception {
        ArrayNode rows = (ArrayNode) Json.MAPPER.readTree(
                TestData.list(TestData.SAMPLE.resolve("results")).get(0).toFile());
        ((ObjectNode) rows.get(3)).put("agent_answer", 42);
        Path bad = dir.resolve("bad_20261101_120000.json");
        Files.writeString(bad, rows.toPrettyString());
        ImportException e = assertThrows(ImportException.class, () -> importFiles(List.of(bad)));
        assertTrue(e.getMessage().contains("bad_20261101_120000.json: line "), e.getMessage());
        assertTrue(e.getMessage().contains("at /3/agent_answer: expected a string, found a number"), e.getMessage());
        assertEquals(0, count(project, "trace"));

        ((ObjectNode) rows.get(3)).put("agent_answer", "fine");
        ((ObjectNode) rows.get(5).get("agent_trace")).put("tool_calls", "get_quote");
        Files.writeString(bad, rows.toPrettyString());
        ImportException e2 = assertThrows(ImportException.class, () -> importFiles(List.of(bad)));
        assertTrue(e2.getMessage().contains("/5/agent_trace/tool_calls: expected an array"), e2.getMessage());
    }

    @Test
    void anUnknownFormatIsRefused() throws Exception {
        Path f = dir.resolve("notes.json");
        Files.writeString(f, "[{\"foo\": 1}]");
        ImportException e = assertThrows(ImportException.class, () -> importFiles(List.of(f)));
        assertTrue(e.getMessage().startsWith("notes.json"), e.getMessage());
        assertTrue(
                e.getMessage().contains("cannot tell the format")
                        && e.getMessage().contains("--input-format"),
                e.getMessage());
        Path txt = dir.resolve("readme.txt");
        Files.writeString(txt, "hello");
        ImportException e2 = assertThrows(ImportException.class, () -> importFiles(List.of(txt)));
        assertTrue(
                e2.getMessage().contains("readme.txt") && e2.getMessage().contains("cannot tell the format"),
                e2.getMessage());
    }

    @Test
    void aJudgeRowWhoseTraceDoesNotExistRollsBackTheWholeImport() throws Exception {
        List<Path> sample = TestData.sampleFiles();
        ArrayNode rows = (ArrayNode) Json.MAPPER.readTree(
                TestData.list(TestData.SAMPLE.resolve("judges")).get(0).toFile());
        ((ObjectNode) rows.get(4)).put("task_id", "TS-NOPE-999");
        Path judge = dir.resolve("acme-lm-7b_judge_broken_20261102_090000.json");
        Files.writeString(judge, rows.toPrettyString());
        List<Path> all = new ArrayList<>(sample);
        all.add(judge);
        ImportException e = assertThrows(ImportException.class, () -> importFiles(all));
        assertTrue(e.getMessage().contains("acme-lm-7b_judge_broken_20261102_090000.json: line "), e.getMessage());
        assertTrue(e.getMessage().contains("/4/task_id") && e.getMessage().contains("TS-NOPE-999"), e.getMessage());
        assertEquals(0, count(project, "trace"), "the results files in the same import were rolled back too");
        assertEquals(0, count(project, "task"));
    }

    @Test
    void aFileThatIsNotUtf8IsRefused() throws Exception {
        String text = Files.readString(
                TestData.list(TestData.SAMPLE.resolve("results")).get(0));
        Path latin = dir.resolve("latin_20261101_120000.json");
        Files.write(
                latin,
                text.replaceFirst("\"agent_answer\": \"", "\"agent_answer\": \"caf\u00e9 ")
                        .getBytes(StandardCharsets.ISO_8859_1));
        ImportException e = assertThrows(ImportException.class, () -> importFiles(List.of(latin)));
        assertTrue(e.getMessage().contains("latin_20261101_120000.json: line "), e.getMessage());
        assertTrue(e.getMessage().contains("not UTF-8"), e.getMessage());

        Path jsonl = dir.resolve("chats.jsonl");
        Files.write(
                jsonl,
                Files.readString(openAiFile())
                        .replace("NVDA trades", "caf\u00e9 NVDA trades")
                        .getBytes(StandardCharsets.ISO_8859_1));
        ImportException e2 = assertThrows(ImportException.class, () -> importFiles(List.of(jsonl)));
        assertTrue(
                e2.getMessage().contains("chats.jsonl: line 1")
                        && e2.getMessage().contains("not UTF-8"),
                e2.getMessage());
        assertEquals(0, count(project, "trace"));
    }

    @Test
    void aToolResultForAnUnknownCallIsRefused() throws Exception {
        Path f = dir.resolve("orphan.jsonl");
        Files.writeString(
                f,
                "{\"id\":\"c\",\"model\":\"m\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"},"
                        + "{\"role\":\"tool\",\"tool_call_id\":\"call_9\",\"content\":\"{}\"}]}\n");
        ImportException e = assertThrows(ImportException.class, () -> importFiles(List.of(f)));
        assertTrue(e.getMessage().contains("orphan.jsonl: line 1 at /messages/1/tool_call_id"), e.getMessage());
    }

    @Test
    void moreBadInputsNameWhereAndWhat() throws Exception {
        String results = Files.readString(
                TestData.list(TestData.SAMPLE.resolve("results")).get(0));
        Path trailing = dir.resolve("trailing_20261101_120000.json");
        Files.writeString(trailing, results + "\n[]");
        ImportException e1 = assertThrows(ImportException.class, () -> importFiles(List.of(trailing)));
        assertTrue(
                e1.getMessage().contains("trailing_20261101_120000.json: line ")
                        && e1.getMessage().contains("unexpected content after the array"),
                e1.getMessage());

        Path args = dir.resolve("args.jsonl");
        Files.writeString(
                args,
                "{\"id\":\"c\",\"model\":\"m\",\"messages\":[{\"role\":\"assistant\",\"content\":null,"
                        + "\"tool_calls\":[{\"id\":\"x\",\"type\":\"function\",\"function\":{\"name\":\"f\",\"arguments\":\"{oops\"}}]}]}\n");
        ImportException e2 = assertThrows(ImportException.class, () -> importFiles(List.of(args)));
        assertTrue(
                e2.getMessage()
                        .contains("args.jsonl: line 1 at /messages/0/tool_calls/0/function/arguments: "
                                + "expected a JSON string of the arguments"),
                e2.getMessage());

        Path newer = dir.resolve("newer.jsonl");
        Files.writeString(newer, "{\"kind\":\"header\",\"format\":\"tracejudge\",\"version\":9}\n");
        ImportException e3 = assertThrows(ImportException.class, () -> importFiles(List.of(newer)));
        assertTrue(
                e3.getMessage().contains("newer.jsonl: line 1 at /version: expected format version 1 to 1, found 9"),
                e3.getMessage());
        assertEquals(0, count(project, "trace"));
    }

    @Test
    void aMissingFileIsNamed() {
        ImportException e = assertThrows(ImportException.class, () -> importFiles(List.of(dir.resolve("gone.json"))));
        assertEquals("gone.json: no such file", e.getMessage());
    }

    @Test
    void judgeRaterNameComesFromTheFileNameUnlessGiven() {
        assertEquals(
                "qwen-dtree",
                JudgeFileReader.raterFromFileName(Path.of("llama-3_judge_qwen-dtree_20260101_101010.json")));
        assertEquals("evidence", JudgeFileReader.raterFromFileName(Path.of("m_judge_evidence.json")));
        assertEquals("verdicts", JudgeFileReader.raterFromFileName(Path.of("verdicts.json")));
    }

    @Test
    void cancellingAnImportKeepsNothing() {
        ImportListener cancel = new ImportListener() {
            @Override
            public boolean cancelled() {
                return true;
            }
        };
        assertThrows(ImportCancelledException.class, () -> new Importer(project, cancel)
                .importFiles(TestData.sampleFiles(), Format.AUTO, null));
        assertEquals(0, count(project, "trace"));
        assertFalse(count(project, "task") > 0);
    }

    private String snapshot() {
        return count(project, "task") + "/" + count(project, "trace") + "/" + count(project, "label") + "/"
                + count(project, "rater") + "/"
                + scalar(project, "SELECT group_concat(id) FROM (SELECT id FROM label ORDER BY id)");
    }

    private Path openAiFile() throws Exception {
        Path f = dir.resolve("openai.jsonl");
        String line1 = "{\"id\":\"conv-1\",\"model\":\"gpt-test\",\"messages\":["
                + "{\"role\":\"system\",\"content\":\"You are a finance assistant.\"},"
                + "{\"role\":\"user\",\"content\":\"What is NVDA's P/E?\"},"
                + "{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":\"call_1\",\"type\":\"function\","
                + "\"function\":{\"name\":\"get_quote\",\"arguments\":\"{\\\"ticker\\\": \\\"NVDA\\\"}\"}}]},"
                + "{\"role\":\"tool\",\"tool_call_id\":\"call_1\",\"content\":\"{\\\"ticker\\\": \\\"NVDA\\\", \\\"pe_ratio\\\": 47.5}\"},"
                + "{\"role\":\"assistant\",\"content\":\"NVDA trades at a P/E of 47.5.\"}],"
                + "\"tools\":[{\"type\":\"function\",\"function\":{\"name\":\"get_quote\",\"description\":\"quote\"}}],"
                + "\"expected\":{\"task_id\":\"RI-FIN-001\",\"domain\":\"finance\",\"target_failure_mode\":\"result_ignore\","
                + "\"expected_tool_call\":{\"name\":\"get_quote\",\"arguments\":{\"ticker\":\"NVDA\"}},"
                + "\"mock_tool_return\":{\"ticker\":\"NVDA\",\"pe_ratio\":47.5},"
                + "\"ground_truth\":{\"answer_must_contain\":[\"47.5\"],\"match_mode\":\"all\"}}}";
        String line2 =
                "{\"id\":\"conv-2\",\"model\":\"gpt-test\",\"messages\":[{\"role\":\"user\",\"content\":\"Explain P/E.\"},"
                        + "{\"role\":\"assistant\",\"content\":\"Price divided by earnings.\"}]}";
        Files.writeString(f, line1 + "\n" + line2 + "\n");
        return f;
    }

    private Path anthropicFile() throws Exception {
        Path f = dir.resolve("anthropic.jsonl");
        String line = "{\"id\":\"a-1\",\"model\":\"claude-test\",\"system\":\"Finance assistant.\",\"messages\":["
                + "{\"role\":\"user\",\"content\":\"What is NVDA's P/E?\"},"
                + "{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"Let me check.\"},"
                + "{\"type\":\"tool_use\",\"id\":\"toolu_1\",\"name\":\"get_quote\",\"input\":{\"ticker\":\"NVDA\"}}]},"
                + "{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\"toolu_1\","
                + "\"content\":\"{\\\"pe_ratio\\\": 47.5}\"}]},"
                + "{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"The P/E is 47.5.\"}]}]}";
        Files.writeString(f, line + "\n");
        return f;
    }
}
