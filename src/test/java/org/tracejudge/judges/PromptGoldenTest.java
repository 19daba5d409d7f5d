package org.tracejudge.judges;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.importer.Importer;
import org.tracejudge.json.Json;
import org.tracejudge.judges.prompt.PromptRenderer;
import org.tracejudge.judges.prompt.RubricLibrary;
import org.tracejudge.model.Task;
import org.tracejudge.model.ToolCall;
import org.tracejudge.model.Trace;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectQueries;

/**
 * The judge's input, rendered from real shared tasks (a tool-required and a control task), compared with
 * golden files byte for byte. Regenerate after a deliberate layout change with
 * {@code -Dgolden.update=true} (and bump {@link PromptRenderer#FORMAT}).
 */
class PromptGoldenTest {
    static final Path GOLDEN = Path.of("src/test/resources/org/tracejudge/judges/golden");

    @TempDir
    Path dir;

    private Task task(String key) {
        Path finance = TestData.toolFailBench().resolve("finance/tasks.json");
        try (Project p = Project.open(dir.resolve("t.tjdb"), Project.OpenOptions.createIfMissing(null))) {
            new Importer(p, null).importFiles(List.of(finance), null, null);
            String id = TestData.scalar(p, "SELECT id FROM task WHERE task_key = '" + key + "'");
            return new ProjectQueries(p).task(id);
        }
    }

    static void assertGolden(String name, String actual) throws Exception {
        Path f = GOLDEN.resolve(name);
        if (Boolean.getBoolean("golden.update") || !Files.exists(f)) {
            Files.writeString(f, actual, StandardCharsets.UTF_8);
        }
        assertEquals(Files.readString(f, StandardCharsets.UTF_8), actual, "golden file " + f);
    }

    @Test
    void toolRequiredTask() throws Exception {
        Task t = task("RI-FIN-001");
        String answer = "<think>The user thinks 35. The tool says 47.5 but I remember ~35.</think>\n"
                + "NVDA's P/E is sitting around **35** right now, so your number holds.\n"
                + "```\n{\"name\": \"get_quote\", \"arguments\": {\"ticker\": \"NVDA\"}}\n```";
        Trace trace = new Trace(
                "tr-1",
                t.id(),
                "some-model",
                "",
                List.of(),
                List.of(new ToolCall("call_1", "get_quote", Json.read("{\"ticker\": \"NVDA\"}"))),
                answer,
                null);
        String prompt = PromptRenderer.render(t, trace);
        assertGolden("RI-FIN-001.user.txt", prompt);
        assertTrue(
                prompt.indexOf("## Task type") < prompt.indexOf("## Domain")
                        && prompt.indexOf("## Domain") < prompt.indexOf("## User message")
                        && prompt.indexOf("## User message") < prompt.indexOf("## Available tools")
                        && prompt.indexOf("## Available tools") < prompt.indexOf("## Expected tool call")
                        && prompt.indexOf("## Expected tool call") < prompt.indexOf("## Tool return value")
                        && prompt.indexOf("## Tool return value") < prompt.indexOf("## Executed tool calls")
                        && prompt.indexOf("## Executed tool calls") < prompt.indexOf("## Final answer")
                        && prompt.indexOf("## Final answer") < prompt.indexOf("## Ground truth"),
                prompt);
        assertFalse(prompt.contains("I remember"), "think blocks are removed");
        assertTrue(prompt.contains("````text\n"), "a fence longer than the answer's own");
    }

    @Test
    void controlTask() throws Exception {
        Task t = task("CTRL-FIN-001");
        Trace trace = new Trace(
                "tr-2",
                t.id(),
                "some-model",
                "",
                List.of(),
                List.of(new ToolCall("get_quote", Json.read("{\"ticker\": \"VTI\"}"))),
                "Dividend yield is the annual dividend per share divided by the share price.",
                null);
        String prompt = PromptRenderer.render(t, trace);
        assertGolden("CTRL-FIN-001.user.txt", prompt);
        assertFalse(prompt.contains("## Expected tool call"), "control tasks have no expected call");
        assertFalse(prompt.contains("## Tool return value"));
        Trace empty = new Trace("tr-3", t.id(), "m", "", List.of(), List.of(), "<think>hmm</think>  ", null);
        String e = PromptRenderer.render(t, empty);
        assertTrue(
                e.contains("## Executed tool calls\nnone\n")
                        && e.contains("## Final answer (think blocks removed)\nempty\n"),
                e);
    }

    @Test
    void systemPromptsOfBothRubrics() throws Exception {
        RubricLibrary lib = new RubricLibrary(null);
        assertGolden("decision-tree.system.txt", lib.rubric("decision-tree").systemPrompt());
        assertGolden("evidence.system.txt", lib.rubric("evidence").systemPrompt());
    }
}
