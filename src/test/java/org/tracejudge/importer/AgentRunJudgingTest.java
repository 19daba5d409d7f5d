package org.tracejudge.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.tracejudge.TestData.scalar;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tracejudge.classify.RuleLabeller;
import org.tracejudge.judges.prompt.PromptRenderer;
import org.tracejudge.model.Task;
import org.tracejudge.model.Trace;
import org.tracejudge.rules.RuleClassifier;
import org.tracejudge.store.ProjectQueries;

/** Imported agent runs have no expected call: the rule gives no label (never tool_skip for it), the judge reads the steps. */
class AgentRunJudgingTest extends WithProject {
    @Test
    void theRuleDoesNotCallARunWithoutAnExpectedCallToolSkip() {
        Path file = AgentCorpus.file("langfuse", "claude-agent-2025-12-22.trace.json");
        new Importer(project, null).importFiles(List.of(file), Format.AUTO, null);
        for (RuleClassifier.Mode mode : RuleClassifier.Mode.values()) {
            RuleLabeller.Result r = RuleLabeller.classify(project, mode);
            assertEquals(1, r.traces());
            assertEquals(1, r.noExpectedCall());
            assertEquals(0, r.runErrors());
            assertTrue(
                    r.counts().values().stream().allMatch(m -> m.getOrDefault("tool_skip", 0) == 0),
                    r.counts().toString());
            String rater = RuleLabeller.raterName(mode);
            assertEquals(
                    "null",
                    scalar(
                            project,
                            "SELECT l.action FROM label l JOIN rater r ON r.id = l.rater_id WHERE r.name = '" + rater
                                    + "'"));
            assertEquals(
                    RuleClassifier.NO_EXPECTED_CALL,
                    scalar(
                            project,
                            "SELECT l.null_reason FROM label l JOIN rater r " + "ON r.id = l.rater_id WHERE r.name = '"
                                    + rater + "'"));
        }
        ProjectQueries q = new ProjectQueries(project);
        Trace trace = q.trace(AgentCorpus.runs(project).get(0).id());
        Task task = q.task(trace.taskId());
        assertThrows(IllegalArgumentException.class, () -> new RuleClassifier(RuleClassifier.Mode.TOLERANT)
                .classify(task, trace));
    }

    @Test
    void theJudgePromptIsBuiltFromTheSteps() {
        Path file = AgentCorpus.file("langfuse", "claude-agent-2025-12-22.trace.json");
        new Importer(project, null).importFiles(List.of(file), Format.AUTO, null);
        ProjectQueries q = new ProjectQueries(project);
        Trace trace = q.trace(AgentCorpus.runs(project).get(0).id());
        String prompt = PromptRenderer.render(q.task(trace.taskId()), trace);
        assertTrue(prompt.contains("## Steps") || prompt.contains("Steps"), prompt);
        assertTrue(prompt.contains("Weather in Berlin: Cloudy, 59°F"), "each tool result is shown");
        assertTrue(prompt.contains("call toolu_01TKoqQLvY2UWuC49qnD48y7: mcp__weather__get_weather"), prompt);
        assertTrue(
                prompt.contains("result of toolu_01TKoqQLvY2UWuC49qnD48y7"), "the result beside the call it answers");
        assertFalse(prompt.contains("Tool return value"), "no single mock return to show");
    }
}
