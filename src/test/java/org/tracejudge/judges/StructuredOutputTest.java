package org.tracejudge.judges;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.tracejudge.judges.JudgeFixtures.config;
import static org.tracejudge.judges.JudgeFixtures.tracesJudgeable;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.judges.prompt.RubricLibrary;
import org.tracejudge.judges.provider.ProviderKind;
import org.tracejudge.store.Project;

/** Structured output per provider, the fallback when refused, and its effect on the null-verdict rate. */
class StructuredOutputTest {
    @TempDir
    Path dir;

    private static RunReport run(Project p, JudgeConfig cfg) {
        return new JudgeRunner(p, cfg, JudgeFixtures.rubric(cfg.rubric()), k -> null, null, null).run();
    }

    @Test
    void openAiCompatibleServersGetTheVerdictSchemaAsResponseFormat() throws Exception {
        ProviderReplay replay = new ProviderReplay();
        try (MockWebServer server = new MockWebServer();
                Project p = Project.open(JudgeFixtures.project(dir, 0))) {
            server.setDispatcher(replay);
            server.start();
            RunReport r = run(
                    p, config("schema", ProviderKind.OPENAI, server.url("/v1").toString(), RubricLibrary.EVIDENCE, 2));
            assertEquals(tracesJudgeable(p), r.labelled(), r.summary());
            JsonNode rf = replay.bodies.get(0).path("response_format");
            assertEquals("json_schema", rf.path("type").asText());
            JsonNode schema = rf.path("json_schema").path("schema");
            assertTrue(
                    schema.path("properties").path("failure_mode").path("enum").size() >= 3, schema.toString());
            assertTrue(schema.path("required").toString().contains("evidence"), "the evidence rubric requires it");
        }
    }

    @Test
    void aServerThatRefusesTheSchemaGetsFreeTextFromThenOn() throws Exception {
        ProviderReplay replay = new ProviderReplay();
        replay.scenario = (i, b) -> b.has("response_format")
                ? ProviderReplay.responseFormatUnsupported()
                : ProviderReplay.ok(ProviderReplay.validReply(b));
        try (MockWebServer server = new MockWebServer();
                Project p = Project.open(JudgeFixtures.project(dir, 0))) {
            server.setDispatcher(replay);
            server.start();
            int n = tracesJudgeable(p);
            RunReport r = run(
                    p,
                    config(
                            "fallback",
                            ProviderKind.OPENAI,
                            server.url("/v1").toString(),
                            RubricLibrary.DECISION_TREE,
                            3));
            assertEquals("done", r.status(), r.message());
            assertEquals(n, r.labelled());
            assertTrue(replay.requests.get() <= n + 3, replay.requests.get() + " requests");
            assertFalse(replay.bodies.get(replay.bodies.size() - 1).has("response_format"));
        }
    }

    @Test
    void anthropicGetsAForcedVerdictToolAndItsInputIsTheVerdict() throws Exception {
        ProviderReplay replay = new ProviderReplay();
        replay.scenario = (i, b) -> ProviderReplay.anthropicToolUse(
                ProviderReplay.validReply(b).replace("```json", "").replace("```", ""));
        try (MockWebServer server = new MockWebServer();
                Project p = Project.open(JudgeFixtures.project(dir, 0))) {
            server.setDispatcher(replay);
            server.start();
            RunReport r = run(
                    p,
                    config("tool", ProviderKind.ANTHROPIC, server.url("/").toString(), RubricLibrary.DECISION_TREE, 2));
            assertEquals(tracesJudgeable(p), r.labelled(), r.summary());
            JsonNode body = replay.bodies.get(0);
            assertEquals("record_verdict", body.path("tool_choice").path("name").asText());
            assertEquals("tool", body.path("tool_choice").path("type").asText());
            assertEquals(
                    "object",
                    body.path("tools").path(0).path("input_schema").path("type").asText());
        }
    }

    @Test
    void judgesSavedBeforeStructuredOutputKeepTheirVersion() {
        JudgeConfig old = JudgeConfig.fromJson(org.tracejudge.json.Json.read("{\"name\":\"j\",\"provider\":\"openai\","
                + "\"model\":\"m\",\"rubric\":\"decision-tree\",\"max_tokens\":1024}"));
        assertFalse(old.structured());
        assertTrue(JudgeConfig.defaults("n").structured(), "new judges ask for the schema");
        assertFalse(old.settings().params().has("structured_output"), "so the old version hash is unchanged");
    }

    /** The figure in the README: null verdicts with and without structured output on the reasoning-model scenario. */
    @Test
    void structuredOutputCutsTheNullVerdictRateOnTheReasoningModelScenario() throws Exception {
        double with = nullRate(true);
        double without = nullRate(false);
        System.out.printf(
                Locale.ROOT,
                "reasoning-model scenario: null verdicts %.1f%% with structured output, " + "%.1f%% without%n",
                100 * with,
                100 * without);
        assertTrue(with < 0.10, "with: " + with);
        assertTrue(without > 0.40, "without: " + without);
    }

    private double nullRate(boolean structured) throws Exception {
        ProviderReplay replay = new ProviderReplay();
        replay.scenario = ProviderReplay::reasoningModel;
        Path d = Files.createDirectories(dir.resolve(structured ? "with" : "without"));
        try (MockWebServer server = new MockWebServer();
                Project p = Project.open(JudgeFixtures.project(d, 10))) {
            server.setDispatcher(replay);
            server.start();
            RunReport r = run(
                    p,
                    config("r1", ProviderKind.OPENAI, server.url("/v1").toString(), RubricLibrary.DECISION_TREE, 4)
                            .withStructured(structured));
            assertEquals(r.planned(), r.labelled() + r.nulls(), r.summary());
            return (double) r.nulls() / r.planned();
        }
    }
}
