package org.tracejudge.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tracejudge.model.Role;
import org.tracejudge.model.Turn;

/** The ATIF and SWE-agent trajectories of ../shared/corpora/formats, with the counts its README gives. */
class TrajectoryImportTest extends WithProject {
    AgentCorpus.Run importOne(Path file, Format expected) {
        assertEquals(expected, FormatDetector.detect(file), "detected from content");
        ImportReport.FileCounts c = new Importer(project, null)
                .importFiles(List.of(file), Format.AUTO, null)
                .files()
                .get(0);
        assertEquals(1, c.runs);
        List<AgentCorpus.Run> runs = AgentCorpus.runs(project);
        assertEquals(1, runs.size());
        assertEquals(c.steps, runs.get(0).turns().size());
        return runs.get(0);
    }

    static List<Role> roles(AgentCorpus.Run run) {
        return run.turns().stream().map(Turn::role).toList();
    }

    @Test
    void openHandsAtifWithToolDefinitionsAndAFinishCall() {
        AgentCorpus.Run run = importOne(AgentCorpus.file("atif", "openhands_hello-world.trajectory.json"), Format.ATIF);
        // 6 steps (3 system, 1 user, 2 agent) plus the one result on step 5
        assertEquals(
                List.of(Role.SYSTEM, Role.USER, Role.SYSTEM, Role.SYSTEM, Role.ASSISTANT, Role.TOOL, Role.ASSISTANT),
                roles(run));
        assertEquals(
                "Create a file called hello.txt with \"Hello, world!\" as the content.",
                run.userMessage().strip());
        assertEquals(List.of("str_replace_editor", "finish"), run.calls().findValuesAsText("name"));
        assertEquals("id", run.pairings(), "source_call_id = call_fake_1");
        assertEquals(
                "File created successfully at: /app/hello.txt",
                run.turns().get(5).toolResults().get(0).content().asText());
        assertEquals(1, run.extra().path("pairing").path("calls_without_result").asInt(), "finish has no result");
        assertEquals("All done! What's next on the agenda?", run.answer());
        assertEquals(
                "Task complete. Created /app/hello.txt with 'Hello, world!'",
                run.extra().path("finish_message").asText());
        assertEquals(220, run.extra().path("tokens").path("input").asLong());
        assertEquals(80, run.extra().path("tokens").path("output").asLong());
        assertEquals(0.00135, run.extra().path("cost_usd").asDouble(), 1e-9);
    }

    @Test
    void terminusAtifWithCommandsInTheMessageAndResultsWithoutCallIds() {
        AgentCorpus.Run run = importOne(
                AgentCorpus.file("atif", "terminus_2_hello-world-context-summarization-linear-history.trajectory.json"),
                Format.ATIF);
        // 5 steps: user, 3 agent (each with one observation), system summarisation handoff
        assertEquals(
                List.of(
                        Role.USER,
                        Role.ASSISTANT,
                        Role.TOOL,
                        Role.ASSISTANT,
                        Role.TOOL,
                        Role.ASSISTANT,
                        Role.TOOL,
                        Role.SYSTEM),
                roles(run));
        assertEquals(3, run.calls().size());
        assertEquals("message commands", run.steps().get(1).path("calls_from").asText());
        assertEquals(
                "mkdir test_dir\n",
                run.calls()
                        .get(0)
                        .get("arguments")
                        .get("commands")
                        .get(0)
                        .get("keystrokes")
                        .asText());
        assertEquals("order,order,order", run.pairings(), "the results have no source_call_id");
        assertEquals("gpt-4o", run.model(), "the steps name the model");
        assertEquals(2252, run.extra().path("tokens").path("input").asLong());
        assertEquals(160, run.extra().path("tokens").path("output").asLong());
        assertEquals(
                "trajectory.cont-1.json",
                run.extra().path("continued_trajectory_ref").asText());
        assertEquals(3, run.steps().get(7).path("subagents").size(), "the handoff's sub-agent trajectories are kept");
        assertTrue(
                run.answer().contains("\"analysis\""), "a terminal agent's last message is its JSON: " + run.answer());
    }

    @Test
    void sweAgentCurrentFormatWithToolCalls() {
        AgentCorpus.Run run =
                importOne(AgentCorpus.file("swe-agent", "6e44b9__sweagenttestrepo-1c2844.traj"), Format.SWE_AGENT);
        // history: system, user, 4 x (assistant tool_calls, tool)
        assertEquals(10, run.turns().size());
        assertEquals(List.of("find_file", "open", "edit", "bash"), run.calls().findValuesAsText("name"));
        assertEquals("id,id,id,id", run.pairings());
        assertTrue(run.userMessage().contains("ISSUE:"));
        assertEquals("gpt-4o", run.model());
        assertTrue(run.answer().contains("diff --git a/tests/missing_colon.py"), "the submission patch");
        assertEquals(7141, run.extra().path("tokens").path("input").asLong());
        assertEquals(243, run.extra().path("tokens").path("output").asLong());
        assertEquals("submitted", run.extra().path("exit_status").asText());
        assertTrue(run.extra().path("errors").isMissingNode());
    }

    @Test
    void sweAgentOlderFormatWithActionsAsText() {
        AgentCorpus.Run run =
                importOne(AgentCorpus.file("swe-agent", "swe-agent__test-repo-i1.traj"), Format.SWE_AGENT);
        assertEquals(
                List.of("find_file", "open", "edit", "python", "submit"),
                run.calls().findValuesAsText("name"));
        assertEquals(
                "trajectory action text", run.steps().get(2).path("calls_from").asText());
        assertEquals(5, run.results());
        assertEquals("order,order,order,order,order", run.pairings());
        assertTrue(run.userMessage().contains("ISSUE:"), "the demonstration is skipped, the issue is the task");
        assertEquals(52861, run.extra().path("tokens").path("input").asLong());
        assertEquals(326, run.extra().path("tokens").path("output").asLong());
        assertEquals(0.53839, run.extra().path("cost_usd").asDouble(), 1e-9);
        assertEquals("unknown", run.model(), "older files name no model");
    }

    @Test
    void sweAgentDemonstrationWithHistoryOnly() {
        AgentCorpus.Run run =
                importOne(AgentCorpus.file("swe-agent", "function_calling_simple.traj"), Format.SWE_AGENT);
        assertEquals(5, run.calls().size());
        assertEquals(5, run.results());
        assertEquals("id,id,id,id,id", run.pairings());
        assertEquals("submit", run.calls().get(4).get("name").asText());
        assertEquals("", run.answer(), "no info.submission");
    }

    @Test
    void aTrajectoryCutShortIsAnError() throws Exception {
        var doc = (com.fasterxml.jackson.databind.node.ObjectNode) org.tracejudge.json.Json.MAPPER.readTree(
                AgentCorpus.file("atif", "openhands_hello-world.trajectory.json")
                        .toFile());
        doc.remove("final_metrics"); // a timeout: the harness never wrote the totals or the last step
        ((com.fasterxml.jackson.databind.node.ArrayNode) doc.get("steps")).remove(5);
        Path cut = dir.resolve("cut.trajectory.json");
        java.nio.file.Files.writeString(cut, doc.toString());
        AgentCorpus.Run run = importOne(cut, Format.ATIF);
        assertEquals("truncated", run.extra().path("errors").get(0).path("type").asText());
        assertEquals(1, run.calls().size());
        assertEquals("I edited the file /app/hello.txt.", run.answer());
    }
}
