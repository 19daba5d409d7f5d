package org.tracejudge.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.tracejudge.TestData;
import org.tracejudge.json.Json;

/**
 * Inputs that were once accepted silently (changed, clamped or guessed): each is now refused with file, line and
 * field, or kept as given with a warning the import report shows. The real sample files, edited as a person or a
 * buggy harness would.
 */
class SilentAcceptanceTest extends WithProject {
    private ImportReport importFiles(Path... files) {
        return new Importer(project, null).importFiles(List.of(files), null, null);
    }

    /** The sample's first results file, its first row edited. */
    private Path results(String name, Consumer<ObjectNode> edit) throws Exception {
        ArrayNode rows = (ArrayNode) Json.read(Files.readString(
                TestData.list(TestData.SAMPLE.resolve("results")).get(0)));
        ObjectNode first = (ObjectNode) rows.get(0);
        edit.accept(first);
        ArrayNode one = Json.MAPPER.createArrayNode().add(first);
        return Files.writeString(dir.resolve(name + "_20261101_120000.json"), one.toString());
    }

    private Path judge(String name, Consumer<ObjectNode> edit) throws Exception {
        ArrayNode rows = (ArrayNode) Json.read(Files.readString(
                TestData.list(TestData.SAMPLE.resolve("judges")).get(0)));
        ObjectNode first = (ObjectNode) rows.get(0);
        edit.accept(first);
        return Files.writeString(
                dir.resolve("acme-lm-7b_judge_" + name + "_20261102_090000.json"),
                Json.MAPPER.createArrayNode().add(first).toString());
    }

    private void refused(Path file, String where, String what) {
        ImportException e = assertThrows(ImportException.class, () -> importFiles(file));
        assertTrue(
                e.getMessage().contains(file.getFileName() + ": line ")
                        && e.getMessage().contains(where)
                        && e.getMessage().contains(what),
                e.getMessage());
    }

    @Test
    void emptyIdsAndNullCallsAreRefused() throws Exception {
        refused(results("emptytask", r -> ((ObjectNode) r.get("task")).put("task_id", "")), "/0/task/task_id", "empty");
        refused(results("emptymodel", r -> r.put("model_id", " ")), "/0/model_id", "empty");
        refused(
                results("nullcalls", r -> ((ObjectNode) r.get("agent_trace")).putNull("tool_calls")),
                "/0/agent_trace/tool_calls",
                "found null");
        assertEquals(0, TestData.count(project, "trace"));
    }

    @Test
    void argumentsWithAKeyTwiceAreKeptAsTheModelWroteThem() throws Exception {
        Path f = results("dupargs", r -> {
            ArrayNode calls = ((ObjectNode) r.get("agent_trace")).putArray("tool_calls");
            calls.addObject().put("name", "get_flight_status").put("arguments", "{\"date\":\"a\",\"date\":\"b\"}");
        });
        importFiles(f);
        String calls = TestData.scalar(project, "SELECT tool_calls FROM trace");
        assertTrue(calls.contains("\"arguments\":\"{\\\"date\\\":\\\"a\\\",\\\"date\\\":\\\"b\\\"}\""), calls);
    }

    @Test
    void judgeConfidenceAndScoresOutsideTheScaleAreRefusedNotClamped() throws Exception {
        importFiles(
                TestData.sampleFiles().get(0),
                TestData.sampleFiles().get(1),
                TestData.list(TestData.SAMPLE.resolve("results")).get(0));
        refused(judge("very", r -> ((ObjectNode) r.get("judge")).put("confidence", "very")), "/confidence", "\"very\"");
        refused(
                judge("seven", r -> ((ObjectNode) r.get("judge")).put("result_faithfulness", 7)),
                "/result_faithfulness",
                "found 7");
        refused(
                judge("half", r -> ((ObjectNode) r.get("judge")).put("result_faithfulness", 1.5)),
                "/result_faithfulness",
                "found 1.5");
    }

    @Test
    void anEditedCopyOfATaskInAResultsFileIsRefusedNamingWhatDiffers() throws Exception {
        importFiles(TestData.list(TestData.SAMPLE.resolve("results")).get(0));
        Path edited = results("edited", row -> ((ObjectNode) row.get("task")).put("user_message", "edited"));
        ImportException e = assertThrows(ImportException.class, () -> importFiles(edited));
        assertTrue(
                e.getMessage().contains(edited.getFileName() + ": task ")
                        && e.getMessage()
                                .contains("already in the project with other content (differs at /user_message: ")
                        && e.getMessage().contains("\"edited\" in the file")
                        && e.getMessage().contains("--replace"),
                e.getMessage());
    }

    @Test
    void aConversationIdTwiceWithOtherContentIsRefused() throws Exception {
        Path f = dir.resolve("chats.jsonl");
        Files.writeString(
                f,
                "{\"id\":\"c1\",\"model\":\"m\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"},"
                        + "{\"role\":\"assistant\",\"content\":\"0\"}]}\n"
                        + "{\"id\":\"c1\",\"model\":\"m\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"},"
                        + "{\"role\":\"assistant\",\"content\":\"-0\"}]}\n");
        refused(f, "line 2 at /id", "already on line 1 with other content");
        assertEquals(0, TestData.count(project, "trace"));
    }
}
