package org.tracejudge.judges;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.tracejudge.TestData.scalar;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.classify.CallLabeller;
import org.tracejudge.importer.Importer;
import org.tracejudge.judges.prompt.RubricLibrary;
import org.tracejudge.judges.provider.ProviderKind;
import org.tracejudge.judges.provider.RetryPolicy;
import org.tracejudge.model.TaskType;
import org.tracejudge.store.Project;

/** A judge over ToolHaystack / DiaBench traces: call-level rubric, conversation prompt, call-level labels. */
class CallJudgeTest {
    @TempDir
    Path dir;

    @Test
    void judgesCallLevelTracesWithTheCallRubricAndTheirLabelSet() throws Exception {
        FakeProvider fake = new FakeProvider(ProviderKind.OPENAI, 0);
        fake.reply = prompt -> prompt.contains("## Task type\ncall_level")
                ? "{\"failure_mode\": \"stale_value\", \"confidence\": \"medium\", \"tool_selection\": 3, "
                        + "\"answer_correctness\": 1, \"reasoning\": \"Step 5: the address from turn 1 was replaced.\"}"
                : FakeProvider.validReply(prompt);
        try (MockWebServer server = new MockWebServer()) {
            server.setDispatcher(fake);
            server.start();
            String url = server.url("/v1").toString();
            Path file = dir.resolve("c.tjdb");
            try (Project p = Project.open(file, Project.OpenOptions.createIfMissing(null))) {
                new Importer(p, null)
                        .importFiles(
                                List.of(
                                        Path.of("resources/samples/multiturn/toolhaystack-sample.jsonl"),
                                        Path.of("resources/samples/multiturn/diabench-sample.jsonl")),
                                null,
                                null);
                CallLabeller.classify(p, "rule");
                JudgeConfig cfg = JudgeFixtures.config(
                        "call-dtree",
                        ProviderKind.OPENAI,
                        url.substring(0, url.length() - 1),
                        RubricLibrary.DECISION_TREE,
                        2);
                RunReport r = new JudgeRunner(
                                p,
                                cfg,
                                JudgeFixtures.rubric("decision-tree"),
                                Map.<String, String>of()::get,
                                new JudgeRunner.Options(
                                        List.of(),
                                        0,
                                        false,
                                        new RetryPolicy(3, Duration.ofMillis(10), Duration.ofMillis(50))),
                                null)
                        .run();
                assertEquals("done", r.status(), r.message());
                assertEquals(20, r.labelled(), r.summary());
                assertEquals(
                        "20",
                        scalar(
                                p,
                                "SELECT count(*) FROM current_label WHERE rater_id = '" + r.raterId()
                                        + "' AND value = 'stale_value'"));

                JsonNode body = fake.bodies.get(0);
                String system = body.get("messages").get(0).get("content").asText();
                assertEquals(JudgeFixtures.rubric("decision-tree").systemPromptFor(TaskType.CALL_LEVEL), system);
                assertTrue(system.contains("invented_missing_value")
                        && !system.contains("{{approach}}")
                        && !system.contains("<!--"));
                String user = fake.bodies.stream()
                        .map(b -> b.get("messages").get(1).get("content").asText())
                        .filter(u -> u.contains("toolhaystack, scenario information_shift, level explicit"))
                        .findFirst()
                        .orElseThrow();
                assertTrue(user.contains("### Session session-3 (evidence)"), user);
                assertTrue(user.contains("\"address\""), "the candidate tools' schemas are shown");
                assertTrue(
                        user.contains(
                                "## Gold call\nGroceryDelivery {\"address\":\"7 Quay Street\",\"basket\":\"usual\"}"),
                        user);
                assertTrue(user.contains("(graded assistant)"));
                assertFalse(user.contains("stale_value"), "the rule's label is never shown");

                // agreement between the rule and the judge works on these traces like on any other
                var table = org.tracejudge.store.LabelTables.of(p).withRaters(List.of("rule", "call-dtree"));
                assertEquals(20, table.itemCount());
                var cohen = org.tracejudge.agreement.AgreementCalculator.cohen(table, "rule", "call-dtree");
                assertEquals(20, cohen.n());
                assertEquals(2.0 / 20, cohen.agreement(), 1e-9); // the rule says stale_value on two traces
            }
        }
    }
}
