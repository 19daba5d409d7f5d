package org.tracejudge.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.tracejudge.TestData.count;
import static org.tracejudge.TestData.scalar;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tracejudge.calls.Conversation;
import org.tracejudge.classify.CallLabeller;
import org.tracejudge.model.Role;
import org.tracejudge.model.TaskType;
import org.tracejudge.model.Turn;

/** ToolHaystack- and DiaBench-style files into a real project file. */
class CallImportTest extends WithProject {
    static final Path SAMPLES = Path.of("resources", "samples", "multiturn");
    static final Path HAYSTACK = SAMPLES.resolve("toolhaystack-sample.jsonl");
    static final Path DIABENCH = SAMPLES.resolve("diabench-sample.jsonl");

    private ImportReport importFiles(Format format, Path... files) {
        return new Importer(project, null).importFiles(List.of(files), format, null);
    }

    @Test
    void bothFormatsAreDetected() {
        assertEquals(Format.TOOLHAYSTACK, FormatDetector.detect(HAYSTACK));
        assertEquals(Format.DIABENCH, FormatDetector.detect(DIABENCH));
    }

    @Test
    void toolHaystackCasesBecomeSessionsWithBadgesAndTextCalls() {
        importFiles(Format.AUTO, HAYSTACK);
        assertEquals(6, count(project, "task"));
        assertEquals(12, count(project, "trace"));
        assertEquals(
                "6",
                scalar(
                        project,
                        "SELECT count(*) FROM task WHERE task_type = 'call_level' AND label_set = 'call-level'"));
        assertEquals(
                "context_recall",
                scalar(project, "SELECT json_extract(body, '$.scenario') FROM task WHERE task_key = 'th-cr-s-001'"));
        assertEquals(
                "MISSING",
                scalar(
                        project,
                        "SELECT json_extract(body, '$.expected_tool_call.arguments.pickup_time') "
                                + "FROM task WHERE task_key = 'th-mc-e-005'"));
        List<CallLabeller.Item> items = CallLabeller.load(project);
        CallLabeller.Item shift = items.stream()
                .filter(i -> i.task().key().equals("th-is-e-003")
                        && i.trace().model().equals("acme-lm-7b"))
                .findFirst()
                .orElseThrow();
        assertEquals(TaskType.CALL_LEVEL, shift.task().type());
        List<Turn> turns = shift.trace().turns();
        Conversation conv = new Conversation(turns);
        assertEquals(5, conv.sessions().size());
        assertEquals("evidence", conv.sessionBadge(0));
        assertEquals("distractor", conv.sessionBadge(1));
        assertEquals("goal", conv.sessionBadge(4));
        // the call written in the first session's text is that turn's call (context, not the model's)
        assertEquals("GroceryDelivery", turns.get(1).toolCalls().get(0).name());
        assertEquals(
                "14 Larch Road",
                turns.get(1).toolCalls().get(0).arguments().get("address").asText());
        Turn last = turns.get(turns.size() - 1);
        assertEquals(Role.ASSISTANT, last.role());
        assertTrue(last.badges().contains(Conversation.RESPONSE));
        assertEquals(1, shift.trace().executedCalls().size());
        assertEquals(1, conv.modelCalls().size());
        // think blocks never hold calls
        CallLabeller.Item thinking = items.stream()
                .filter(i -> i.task().key().equals("th-cr-s-001")
                        && i.trace().model().equals("acme-lm-7b"))
                .findFirst()
                .orElseThrow();
        assertEquals(1, thinking.trace().executedCalls().size());
    }

    @Test
    void diaBenchDialoguesKeepCandidatesGoldAndCalls() {
        importFiles(Format.DIABENCH, DIABENCH);
        assertEquals(4, count(project, "task"));
        assertEquals(8, count(project, "trace"));
        CallLabeller.Item d1 = CallLabeller.load(project).stream()
                .filter(i ->
                        i.task().key().equals("dia-001") && i.trace().model().equals("acme-lm-7b"))
                .findFirst()
                .orElseThrow();
        assertEquals(3, d1.task().tools().size());
        assertEquals("book_train_ticket", d1.task().expectedCall().name());
        assertEquals(2, d1.trace().executedCalls().size());
        assertEquals("search_train_schedule", d1.trace().executedCalls().get(0).name());
        Turn tool = d1.trace().turns().get(4);
        assertEquals(Role.TOOL, tool.role());
        assertEquals(
                "08:14",
                tool.toolResults().get(0).content().path("departures").get(0).asText());
        assertNull(tool.sessionId());
    }

    @Test
    void reImportChangesNothing() {
        importFiles(Format.AUTO, HAYSTACK, DIABENCH);
        ImportReport again = importFiles(Format.AUTO, HAYSTACK, DIABENCH);
        assertEquals(10, count(project, "task"));
        assertEquals(20, count(project, "trace"));
        assertEquals(0, again.tasksNew());
    }

    /** Writes the sample with one line replaced by {@code edit} applied to it. */
    private Path broken(Path sample, int line, java.util.function.UnaryOperator<String> edit) throws Exception {
        List<String> lines = new java.util.ArrayList<>(Files.readAllLines(sample, StandardCharsets.UTF_8));
        lines.set(line - 1, edit.apply(lines.get(line - 1)));
        Path f = dir.resolve("broken-" + sample.getFileName());
        Files.write(f, lines, StandardCharsets.UTF_8);
        return f;
    }

    private ImportException refused(Format format, Path file) {
        ImportException e = assertThrows(ImportException.class, () -> importFiles(format, file));
        assertEquals(0, count(project, "trace"), "nothing of a refused import is kept");
        assertEquals(0, count(project, "task"));
        return e;
    }

    @Test
    void malformedToolHaystackFilesNameFileLineAndField() throws Exception {
        ImportException e = refused(
                Format.AUTO,
                broken(HAYSTACK, 3, l -> l.replace("\"session_type\": \"evidence\"", "\"session_type\": \"clue\"")));
        assertTrue(e.getMessage().contains("broken-toolhaystack-sample.jsonl"), e.getMessage());
        assertEquals(3, e.line());
        assertEquals("/sessions/0/session_type", e.pointer());
        assertTrue(e.getMessage().contains("expected evidence, goal or distractor, found \"clue\""), e.getMessage());

        e = refused(
                Format.TOOLHAYSTACK,
                broken(
                        HAYSTACK,
                        5,
                        l -> l.replace(
                                "\"api_name\": \"TaxiBook\", \"parameters\"",
                                "\"api_name\": \"TaxiBook\", \"params\"")));
        assertEquals(5, e.line());
        assertEquals("/gold/parameters", e.pointer());
        assertTrue(e.getMessage().contains("expected an object, found nothing"), e.getMessage());

        e = refused(
                Format.TOOLHAYSTACK,
                broken(HAYSTACK, 2, l -> l.replace("\"level\": \"multi\"", "\"level\": \"explicit\"")));
        assertEquals("/level", e.pointer());
        assertTrue(e.getMessage().contains("single, multi"), e.getMessage());

        e = refused(
                Format.TOOLHAYSTACK,
                broken(
                        HAYSTACK,
                        1,
                        l -> l.replace(
                                "{\"role\": \"user\", \"content\": \"My sister",
                                "{\"role\": \"narrator\", \"content\": \"My sister")));
        assertEquals("/sessions/0/turns/0/role", e.pointer());

        e = refused(Format.TOOLHAYSTACK, broken(HAYSTACK, 4, l -> l.substring(0, l.length() - 10)));
        assertEquals(4, e.line());
    }

    @Test
    void malformedDiaBenchFilesNameFileLineAndField() throws Exception {
        ImportException e = refused(
                Format.AUTO,
                broken(
                        DIABENCH,
                        2,
                        l -> l.replace(
                                "\"gold\": {\"name\": \"create_calendar_event\"",
                                "\"gold\": {\"name\": \"create_agenda_entry\"")));
        assertTrue(e.getMessage().contains("broken-diabench-sample.jsonl"), e.getMessage());
        assertEquals(2, e.line());
        assertEquals("/gold/name", e.pointer());
        assertTrue(e.getMessage().contains("candidate_tools"), e.getMessage());

        e = refused(
                Format.DIABENCH,
                broken(
                        DIABENCH,
                        1,
                        l -> l.replace(
                                "\"args\": {\"origin\": \"Utrecht\", \"destination\": \"Cologne\", \"date\": \"2026-04-18\"}}]",
                                "\"args\": \"Utrecht to Cologne\"}]")));
        assertEquals("/dialogue/3/tool_calls/0/args", e.pointer());
        assertTrue(e.getMessage().contains("expected an object, found a string"), e.getMessage());

        e = refused(
                Format.DIABENCH,
                broken(DIABENCH, 3, l -> l.replace("\"candidate_tools\": [", "\"candidate_tools\": [7, ")));
        assertEquals("/candidate_tools/0", e.pointer());

        e = refused(
                Format.DIABENCH,
                broken(
                        DIABENCH,
                        4,
                        l -> l.replace(
                                "\"dialogue\": [",
                                "\"dialogue\": [{\"role\": \"user\", \"content\": \"hi\", "
                                        + "\"tool_calls\": [{\"name\": \"get_forecast\", \"args\": {}}]}, ")));
        assertEquals("/dialogue/0/tool_calls", e.pointer());
    }

    @Test
    void aPrettyPrintedCaseIsExplained() throws Exception {
        Path f = dir.resolve("case.json");
        Files.writeString(f, "{\n  \"id\": \"x\",\n  \"sessions\": [],\n  \"gold\": {}\n}\n");
        ImportException e = assertThrows(ImportException.class, () -> FormatDetector.detect(f));
        assertTrue(e.getMessage().contains("one case per line"), e.getMessage());
    }
}
