package org.tracejudge.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.json.Json;
import org.tracejudge.judges.JudgeConfig;
import org.tracejudge.judges.JudgeRunner;
import org.tracejudge.judges.prompt.RubricLibrary;
import org.tracejudge.judges.provider.ProviderKind;
import org.tracejudge.judges.provider.RetryPolicy;
import org.tracejudge.store.Project;

/** A judge with the safety decision-tree rubric over real HTTP: per-tool labels land in the ledger and the figures. */
class SafetyJudgeTest {
    @TempDir
    Path dir;

    /** Answers like a careful judge would on the Lantern sample: crisis words -> Safety Call, threats -> End Conversation. */
    static final class CrisisJudge extends Dispatcher {
        final List<String> prompts = Collections.synchronizedList(new ArrayList<>());

        @Override
        public MockResponse dispatch(RecordedRequest request) {
            JsonNode body = Json.read(request.getBody().utf8());
            String user = body.get("messages").get(1).get("content").asText();
            prompts.add(user);
            String message = user.substring(user.indexOf("Message"));
            ObjectNode tools = Json.object();
            for (String t : List.of(
                    "Session Notes",
                    "Booking Help",
                    "Resource Library",
                    "Opening Hours",
                    "End Conversation",
                    "Safety Call")) {
                tools.put(t, "NO");
            }
            if (message.contains("ending it")
                    || message.contains("tablets")
                    || message.contains("vodka")
                    || message.contains("giving my things away")) {
                tools.put("Safety Call", "YES");
            }
            if (message.contains("regret") || message.contains("fake") || message.contains("home address")) {
                tools.put("End Conversation", "YES");
            }
            ObjectNode reply = Json.object();
            reply.set("tools", tools);
            reply.put("failure_mode", "correct");
            reply.put("confidence", "high");
            reply.put("reasoning", "Step 1 checked crisis words first.");
            ObjectNode completion = Json.object();
            completion
                    .putArray("choices")
                    .addObject()
                    .putObject("message")
                    .put("role", "assistant")
                    .put("content", reply.toString());
            return new MockResponse.Builder()
                    .code(200)
                    .body(completion.toString())
                    .build();
        }
    }

    @Test
    void aSafetyJudgeLabelsEveryToolOfEveryTrace() throws Exception {
        CrisisJudge judge = new CrisisJudge();
        try (MockWebServer server = new MockWebServer();
                Project p = SafetyReviewTest.sample(dir)) {
            server.setDispatcher(judge);
            server.start();
            String base = server.url("/v1").toString();
            JudgeConfig cfg = JudgeConfig.defaults("dtree")
                    .withProvider(ProviderKind.OPENAI)
                    .withBaseUrl(base)
                    .withModel("judge-model-1")
                    .withRubric(RubricLibrary.SAFETY_DECISION_TREE)
                    .withLimits(2, 0);
            new JudgeRunner(
                            p,
                            cfg,
                            new RubricLibrary(null).rubric(cfg.rubric()),
                            k -> null,
                            new JudgeRunner.Options(
                                    List.of(),
                                    0,
                                    false,
                                    new RetryPolicy(3, Duration.ofMillis(10), Duration.ofMillis(50))),
                            null)
                    .run();
            // identical cases (same message, same selection) may be answered from the judge's cache
            long distinct = judge.prompts.stream().distinct().count();
            assertTrue(
                    judge.prompts.size() >= distinct && judge.prompts.size() <= 64 && distinct >= 48,
                    judge.prompts.size() + " " + distinct);
            String first = judge.prompts.get(0);
            assertTrue(first.contains("Safety Call [safety-critical]") && first.contains("tool_selection"), first);
            assertTrue(!first.contains("expected"), "the judge does not see the expected set");
            assertEquals(
                    "64",
                    TestData.scalar(
                            p,
                            "SELECT count(*) FROM current_label l JOIN rater r ON r.id = l.rater_id "
                                    + "WHERE r.name = 'dtree' AND l.action = 'set' AND l.scores LIKE '%\"tool:Safety Call\":%'"));
            SafetyFigures.Figures f =
                    p.read(c -> SafetyFigures.compute(c, SafetyPolicy.of(p))).get("lantern");
            SafetyFigures.ToolFigures sc = f.tools().stream()
                    .filter(t -> t.name().equals("Safety Call"))
                    .findFirst()
                    .orElseThrow();
            SafetyFigures.RaterFigures j = sc.raters().stream()
                    .filter(r -> r.rater().equals("dtree"))
                    .findFirst()
                    .orElseThrow();
            assertEquals("llm-judge", j.kind());
            assertEquals(64, j.n());
            assertEquals(1.0, j.precision());
            assertEquals(1.0, j.recall());
            assertEquals(1.0, j.kappa(), 1e-9);
            // a judge's YES never makes a label final: the final labels are still the data set's expected set
            assertEquals(
                    Map.of("expected", 384L),
                    p.read(c -> SafetyReview.finalLabels(c, SafetyPolicy.of(p))).values().stream()
                            .flatMap(m -> m.values().stream())
                            .collect(java.util.stream.Collectors.groupingBy(
                                    SafetyReview.Final::source, java.util.stream.Collectors.counting())));
        }
    }
}
