package org.tracejudge.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.tracejudge.TestData.scalar;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tracejudge.model.Role;
import org.tracejudge.model.ToolResult;
import org.tracejudge.model.Turn;

/** The Inspect AI logs of ../shared/corpora/formats/inspect-ai, with the counts its README gives. */
class InspectImportTest extends WithProject {
    ImportReport.FileCounts importOne(Path file) {
        assertEquals(Format.INSPECT, FormatDetector.detect(file), "detected from content");
        return new Importer(project, null)
                .importFiles(List.of(file), Format.AUTO, null)
                .files()
                .get(0);
    }

    static List<Role> roles(AgentCorpus.Run run) {
        return run.turns().stream().map(Turn::role).toList();
    }

    @Test
    void arithmeticWithToolTwoSamplesScoredC() {
        ImportReport.FileCounts c = importOne(AgentCorpus.file(
                "inspect-ai", "2025-04-07T11-00-30-05-00_arithmetic-with-tool_gKECTBvzvzgtPqQCd3cirF.json"));
        assertEquals(2, c.runs);
        assertEquals(2, c.tracesNew);
        List<AgentCorpus.Run> runs = AgentCorpus.runs(project);
        AgentCorpus.Run one = runs.get(0);
        assertEquals("arithmetic_with_tool/1", one.taskKey());
        assertEquals("What's 71+31?", one.userMessage());
        assertEquals(List.of(Role.USER, Role.ASSISTANT, Role.TOOL, Role.ASSISTANT), roles(one));
        assertEquals("take_sum", one.calls().get(0).get("name").asText());
        assertEquals("{\"x\":71,\"y\":31}", one.calls().get(0).get("arguments").toString());
        assertEquals("id", one.pairings());
        assertEquals(102, one.turns().get(2).toolResults().get(0).content().asInt());
        assertEquals("71 + 31 = 102", one.answer());
        assertEquals("anthropic/claude-3-5-sonnet-latest", one.model());
        assertEquals(937, one.extra().path("tokens").path("input").asLong());
        assertEquals(106, one.extra().path("tokens").path("output").asLong());
        assertEquals(521, one.steps().get(3).path("tokens").path("input").asLong(), "the second model event's usage");
        assertEquals("What's 91+13?", runs.get(1).userMessage());
        // the scorer 'match' gave C: a 'correct' label of the rater 'match' on both runs
        assertEquals(
                "2",
                scalar(
                        project,
                        "SELECT count(*) FROM label l JOIN rater r ON r.id = l.rater_id "
                                + "WHERE r.name = 'match' AND l.action = 'set' AND l.value = 'correct'"));
        assertEquals(2, c.labelsNew);
        assertEquals(2, c.toolCalls);
        assertEquals(8, c.steps);
    }

    @Test
    void browserRunWithFourToolCalls() {
        ImportReport.FileCounts c = importOne(AgentCorpus.file("inspect-ai", "2025-05-12T20-27-36-04-00_browser.json"));
        assertEquals(1, c.runs);
        AgentCorpus.Run run = AgentCorpus.runs(project).get(0);
        assertEquals(
                List.of("web_browser_go", "web_browser_click", "web_browser_click", "web_browser_click"),
                run.calls().findValuesAsText("name"));
        assertEquals(4, run.results());
        assertEquals("id,id,id,id", run.pairings());
        assertEquals(10, run.turns().size());
        String answer = run.answer();
        assertTrue(
                answer.contains("AI Security Institute") && answer.contains("\n\n"),
                "the 2-paragraph summary: " + answer);
        assertEquals("openai/gpt-4o-mini", run.model());
        assertEquals(15235, run.extra().path("tokens").path("input").asLong());
        assertEquals(
                "correct",
                scalar(
                        project,
                        "SELECT l.value FROM label l JOIN rater r ON r.id = l.rater_id WHERE r.name = 'includes'"));
    }

    @Test
    void evalZipVersion3WithMessagePoolAndAttachments() {
        ImportReport.FileCounts c = importOne(AgentCorpus.file("inspect-ai", "log_message_deduplication.eval"));
        assertEquals(1, c.runs);
        AgentCorpus.Run run = AgentCorpus.runs(project).get(0);
        assertEquals("Guess the number", run.userMessage());
        assertEquals(5, run.calls().size());
        assertTrue(run.calls().findValuesAsText("name").stream().allMatch("bash"::equals));
        assertEquals("ls", run.calls().get(4).get("arguments").get("cmd").asText());
        assertEquals("id,id,id,id,id", run.pairings());
        assertEquals("done", run.answer());
        assertEquals("hardcoded/hardcoded", run.model());
        assertEquals(3, run.extra().path("log_version").asInt());
        // closeness_log = 0.0: a number, kept as the raw score of a null verdict (no label of the set says 0.0)
        assertEquals(
                "0.0",
                scalar(
                        project,
                        "SELECT l.raw FROM label l JOIN rater r ON r.id = l.rater_id WHERE r.name = 'closeness_log'"));
        assertEquals(
                "null",
                scalar(
                        project,
                        "SELECT l.action FROM label l JOIN rater r ON r.id = l.rater_id WHERE r.name = 'closeness_log'"));
        assertEquals(12, c.steps, "user, 5 x (call, result), answer");
        // attachment://<hash> resolved: the python tool's description is the attachment's text
        assertTrue(scalar(project, "SELECT tools FROM toolset")
                .contains("Use the python function to execute Python code."));
    }

    @Test
    void aSampleWithoutMessagesIsRebuiltFromTheMessagePool() throws Exception {
        Path original = AgentCorpus.file("inspect-ai", "log_message_deduplication.eval");
        Path copy = dir.resolve("pooled.eval");
        try (var in = new java.util.zip.ZipFile(original.toFile());
                var out = new java.util.zip.ZipOutputStream(java.nio.file.Files.newOutputStream(copy))) {
            for (var it = in.entries().asIterator(); it.hasNext(); ) {
                var e = it.next();
                byte[] bytes = in.getInputStream(e).readAllBytes();
                if (e.getName().equals("samples/0_epoch_1.json")) {
                    var sample = (com.fasterxml.jackson.databind.node.ObjectNode)
                            org.tracejudge.json.Json.MAPPER.readTree(bytes);
                    sample.putArray("messages"); // a v3 writer that keeps messages only in the pool
                    bytes = sample.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
                }
                out.putNextEntry(new java.util.zip.ZipEntry(e.getName()));
                out.write(bytes);
                out.closeEntry();
            }
        }
        importOne(copy);
        AgentCorpus.Run run = AgentCorpus.runs(project).get(0);
        assertEquals(
                "model event input (message pool)",
                run.extra().path("messages_from").asText());
        assertEquals(12, run.turns().size());
        assertEquals(5, run.calls().size());
        assertEquals("id,id,id,id,id", run.pairings());
        assertEquals("done", run.answer());
    }

    @Test
    void everyToolCallErrorTypeIsKept() {
        ImportReport.FileCounts c = importOne(AgentCorpus.file("inspect-ai", "log_tool_call_error.json"));
        AgentCorpus.Run run = AgentCorpus.runs(project).get(0);
        assertEquals(11, run.results());
        assertTrue(run.turns().stream().flatMap(t -> t.toolResults().stream()).allMatch(ToolResult::error));
        assertEquals(
                List.of(
                        "parsing",
                        "timeout",
                        "parsing",
                        "unicode_decode",
                        "permission",
                        "file_not_found",
                        "is_a_directory",
                        "limit",
                        "approval",
                        "unknown",
                        "output_limit"),
                run.extra().path("errors").findValuesAsText("type"));
        assertEquals(
                "unpaired,unpaired,unpaired,unpaired,unpaired,unpaired,unpaired,unpaired,unpaired,unpaired,unpaired",
                run.pairings(),
                "no assistant message called them");
        assertEquals(11, c.errors);
        // issue 48: a run whose tools returned results is no control task ("no tool is needed" beside 11 returns)
        assertEquals("tool_required", run.taskType());
    }

    @Test
    void aLiveEvalWithoutHeaderIsReadFromItsJournal() throws Exception {
        Path original = AgentCorpus.file("inspect-ai", "log_message_deduplication.eval");
        Path live = dir.resolve("live.eval");
        try (var in = new java.util.zip.ZipFile(original.toFile());
                var out = new java.util.zip.ZipOutputStream(java.nio.file.Files.newOutputStream(live))) {
            for (var it = in.entries().asIterator(); it.hasNext(); ) {
                var e = it.next();
                if (e.getName().equals("header.json")) {
                    continue; // a run still going has no header yet
                }
                out.putNextEntry(new java.util.zip.ZipEntry(e.getName()));
                out.write(in.getInputStream(e).readAllBytes());
                out.closeEntry();
            }
        }
        ImportReport.FileCounts c = importOne(live);
        assertEquals(1, c.runs);
        AgentCorpus.Run run = AgentCorpus.runs(project).get(0);
        assertEquals("hardcoded/hardcoded", run.model(), "from _journal/start.json");
        assertEquals(5, run.calls().size());
    }
}
