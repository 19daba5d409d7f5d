package org.tracejudge.judges;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.tracejudge.TestData.scalar;
import static org.tracejudge.judges.JudgeFixtures.config;
import static org.tracejudge.judges.JudgeFixtures.maxEntriesPerTrace;
import static org.tracejudge.judges.JudgeFixtures.rubric;
import static org.tracejudge.judges.JudgeFixtures.tracesJudgeable;
import static org.tracejudge.judges.JudgeFixtures.tracesWithEntry;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.json.Json;
import org.tracejudge.judges.prompt.RubricLibrary;
import org.tracejudge.judges.provider.ProviderKind;
import org.tracejudge.judges.provider.RetryPolicy;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectQueries;

/** Judge runs over real HTTP against mockwebserver3 speaking each provider's wire format. */
class JudgeRunnerTest {
    @TempDir
    Path dir;

    private final List<MockWebServer> servers = new ArrayList<>();

    @AfterEach
    void stopServers() {
        servers.forEach(MockWebServer::close);
    }

    private String serve(FakeProvider fake) throws Exception {
        MockWebServer server = new MockWebServer();
        server.setDispatcher(fake);
        server.start();
        servers.add(server);
        String root = server.url("/").toString();
        root = root.substring(0, root.length() - 1);
        return fake.wire == ProviderKind.OPENAI ? root + "/v1" : root;
    }

    private static final RetryPolicy QUICK = new RetryPolicy(8, Duration.ofMillis(20), Duration.ofMillis(400));

    private static RunReport run(Project p, JudgeConfig cfg, Map<String, String> env, JudgeRunner.Options o) {
        return new JudgeRunner(p, cfg, rubric(cfg.rubric()), env::get, o, null).run();
    }

    private static JudgeRunner.Options opts() {
        return new JudgeRunner.Options(List.of(), 0, false, QUICK);
    }

    @Test
    void openAiWireFormatLabelsEveryTraceAndSendsTheSettings() throws Exception {
        FakeProvider fake = new FakeProvider(ProviderKind.OPENAI, 5);
        String url = serve(fake);
        try (Project p = Project.open(JudgeFixtures.project(dir, 0))) {
            JudgeConfig cfg = config("qwen-dtree", ProviderKind.OPENAI, url, RubricLibrary.DECISION_TREE, 4)
                    .withApiKeyEnv("JUDGE_KEY")
                    .withMaxTokens(700);
            RunReport r = run(p, cfg, Map.of("JUDGE_KEY", "sk-unit-123"), opts());
            int n = tracesJudgeable(p);
            assertEquals("done", r.status(), r.message());
            assertEquals(n, r.planned());
            assertEquals(n, r.labelled());
            assertEquals(0, r.nulls());
            assertEquals(n, fake.requests.get());
            assertEquals(n, r.requests());
            assertEquals(60L * n, r.tokensOut());
            assertTrue(r.tokensIn() >= 900L * n);
            assertEquals(0, r.remaining());
            JsonNode body = fake.bodies.get(0);
            assertEquals("judge-model-1", body.get("model").asText());
            assertEquals(0.0, body.get("temperature").asDouble());
            assertEquals(42, body.get("seed").asInt());
            assertEquals(700, body.get("max_tokens").asInt());
            assertEquals("system", body.get("messages").get(0).get("role").asText());
            assertEquals(
                    rubric("decision-tree").systemPrompt(),
                    body.get("messages").get(0).get("content").asText());
            assertTrue(body.get("messages").get(1).get("content").asText().startsWith("## Task type\n"));
            assertEquals("Bearer sk-unit-123", fake.lastHeaders.get("authorization"));
            // stored: labels with confidence, scores, reasoning; one call row per trace with tokens and latency
            assertEquals(
                    String.valueOf(n),
                    scalar(
                            p,
                            "SELECT count(*) FROM label WHERE rater_id = '" + r.raterId()
                                    + "' AND action = 'set' AND confidence IS NOT NULL AND scores IS NOT NULL AND rationale IS NOT NULL"));
            assertEquals(
                    String.valueOf(n),
                    scalar(
                            p,
                            "SELECT count(*) FROM judge_call WHERE status = 'ok' "
                                    + "AND label_id IS NOT NULL AND tokens_in > 0 AND latency_ms >= 0"));
            assertEquals("done", scalar(p, "SELECT status FROM judge_run WHERE id = '" + r.runId() + "'"));
            assertEquals(String.valueOf(n), scalar(p, "SELECT labelled FROM judge_run WHERE id = '" + r.runId() + "'"));
            // the labels table has one column named after the judge
            ProjectQueries q = new ProjectQueries(p);
            assertTrue(q.currentRaters().stream().anyMatch(x -> x.column().equals("qwen-dtree")));
        }
    }

    @Test
    void anthropicWireFormatWithEvidenceRubric() throws Exception {
        FakeProvider fake = new FakeProvider(ProviderKind.ANTHROPIC, 5);
        String url = serve(fake);
        try (Project p = Project.open(JudgeFixtures.project(dir, 0))) {
            JudgeConfig cfg = config("claude-evidence", ProviderKind.ANTHROPIC, url, RubricLibrary.EVIDENCE, 3)
                    .withApiKeyEnv("ANTHROPIC_TEST_KEY");
            RunReport r = run(p, cfg, Map.of("ANTHROPIC_TEST_KEY", "sk-ant-xyz"), opts());
            int n = tracesJudgeable(p);
            assertEquals(n, r.labelled(), r.summary());
            JsonNode body = fake.bodies.get(0);
            assertEquals(rubric("evidence").systemPrompt(), body.get("system").asText());
            assertEquals("user", body.get("messages").get(0).get("role").asText());
            assertFalse(body.has("seed"), "Anthropic has no seed parameter");
            assertEquals(0.0, body.get("temperature").asDouble());
            assertEquals("sk-ant-xyz", fake.lastHeaders.get("x-api-key"));
            assertEquals("2023-06-01", fake.lastHeaders.get("anthropic-version"));
            assertFalse(fake.lastHeaders.containsKey("authorization"));
            assertEquals(
                    String.valueOf(n),
                    scalar(
                            p,
                            "SELECT count(*) FROM label WHERE rater_id = '" + r.raterId() + "' AND evidence LIKE '[%'"),
                    "the evidence items are kept with the label");
        }
    }

    @Test
    void aSecondRunSendsNothingAndAnotherJudgeWithTheSameSettingsIsAnsweredFromTheCache() throws Exception {
        FakeProvider fake = new FakeProvider(ProviderKind.OPENAI, 1);
        String url = serve(fake);
        try (Project p = Project.open(JudgeFixtures.project(dir, 0))) {
            JudgeConfig cfg = config("a", ProviderKind.OPENAI, url, RubricLibrary.DECISION_TREE, 4);
            RunReport first = run(p, cfg, Map.of(), opts());
            int sent = fake.requests.get();
            RunReport again = run(p, cfg, Map.of(), opts());
            assertEquals(0, again.planned());
            assertEquals(sent, fake.requests.get(), "nothing new was sent");
            RunReport twin =
                    run(p, config("b", ProviderKind.OPENAI, url, RubricLibrary.DECISION_TREE, 4), Map.of(), opts());
            assertEquals(sent, fake.requests.get(), "the twin judge was answered from the cache");
            assertEquals(first.labelled(), twin.labelled());
            assertEquals(first.labelled(), twin.cached());
            assertEquals(0, twin.requests());
            assertEquals(first.version(), twin.version(), "same settings and rubric, same version");
            assertNotEquals(first.raterId(), twin.raterId(), "but another rater (another name)");
        }
    }

    @Test
    void underTheFaultMixEveryTraceEndsWithExactlyOneVerdictAndTheCeilingHolds() throws Exception {
        FakeProvider fake = new FakeProvider(ProviderKind.OPENAI, 20);
        fake.faults = FakeProvider.mix(7, 0.10, 0.05, 0.02, 0.02);
        fake.retryAfterSeconds = 1;
        fake.timeoutStallMillis = 350;
        String url = serve(fake);
        try (Project p = Project.open(JudgeFixtures.project(dir, 12))) { // 300 traces
            JudgeConfig cfg = config("faulty", ProviderKind.OPENAI, url, RubricLibrary.DECISION_TREE, 6)
                    .withTimeoutMillis(400);
            RunReport r = run(p, cfg, Map.of(), opts());
            int n = tracesJudgeable(p);
            assertEquals(300, n);
            assertEquals("done", r.status(), r.message());
            assertEquals(0, r.failed(), r.summary());
            assertEquals(n, r.labelled() + r.nulls());
            assertEquals(n, tracesWithEntry(p, r.raterId()), "every trace has a verdict");
            assertEquals(1, maxEntriesPerTrace(p, r.raterId()), "and only one");
            int malformed = fake.injected
                            .getOrDefault(FakeProvider.Fault.MALFORMED, new AtomicInteger())
                            .get()
                    + fake.injected
                            .getOrDefault(FakeProvider.Fault.TRUNCATED, new AtomicInteger())
                            .get();
            assertTrue(
                    malformed > 0
                            && fake.injected
                                            .get(FakeProvider.Fault.RATE_LIMITED)
                                            .get()
                                    > 10
                            && fake.injected.get(FakeProvider.Fault.TIMEOUT).get() > 0,
                    fake.injected.toString());
            // a body cut on the way or a proxy's HTML page is transient (issue 19): asked again, never a null verdict
            assertEquals(0, r.nulls(), "malformed and truncated bodies are retried, not stored as null verdicts");
            assertEquals(n, r.labelled());
            // the client never has more than 6 requests open; a request it abandoned on its 400 ms timeout may still
            // occupy the server (which stalls 350 ms, later on a loaded machine) when the slot's next request arrives
            int abandoned = fake.injected.get(FakeProvider.Fault.TIMEOUT).get();
            assertTrue(
                    fake.maxInFlight.get() <= 6 + abandoned,
                    "server saw " + fake.maxInFlight.get() + " at once, " + abandoned + " abandoned on timeout");
            assertEquals(fake.requests.get(), r.requests());
        }
    }

    @Test
    void theServerNeverSeesMoreThanTheConfiguredConcurrency() throws Exception {
        FakeProvider fake = new FakeProvider(ProviderKind.OPENAI, 40);
        String url = serve(fake);
        try (Project p = Project.open(JudgeFixtures.project(dir, 2))) {
            RunReport r =
                    run(p, config("c3", ProviderKind.OPENAI, url, RubricLibrary.DECISION_TREE, 3), Map.of(), opts());
            assertEquals(100, r.labelled());
            assertEquals(3, fake.maxInFlight.get(), "used all three slots, never a fourth");
        }
    }

    @Test
    void requestsPerMinuteAreSpacedEvenly() throws Exception {
        FakeProvider fake = new FakeProvider(ProviderKind.OPENAI, 0);
        String url = serve(fake);
        try (Project p = Project.open(JudgeFixtures.project(dir, 0))) {
            JudgeConfig cfg = config("slow", ProviderKind.OPENAI, url, RubricLibrary.DECISION_TREE, 8)
                    .withLimits(8, 600); // one request per 100 ms
            long start = System.nanoTime();
            RunReport r = run(p, cfg, Map.of(), new JudgeRunner.Options(List.of(), 15, false, QUICK));
            long elapsed = (System.nanoTime() - start) / 1_000_000;
            assertEquals(15, r.labelled());
            assertTrue(elapsed >= 1350, "15 requests at 600/min take at least 1.4 s, took " + elapsed + " ms");
            List<Long> times = new ArrayList<>(fake.arrivals);
            times.sort(null);
            // 600 a minute is one every 100 ms: the k-th request may not reach the server before k x 100 ms.
            // (A lower bound holds however loaded the machine is; late arrivals only come later still.)
            for (int k = 0; k < times.size(); k++) {
                long at = (times.get(k) - start) / 1_000_000;
                assertTrue(
                        at >= k * 100L - 5, "request " + k + " arrived " + at + " ms after the start, before its slot");
            }
            assertTrue((times.get(times.size() - 1) - times.get(0)) / 1_000_000 >= 1300, "spread over 1.4 s");
        }
    }

    @Test
    void aRefused4xxIsANullVerdictWithTheProvidersMessage() throws Exception {
        FakeProvider fake = new FakeProvider(ProviderKind.OPENAI, 0) {
            @Override
            public mockwebserver3.MockResponse dispatch(mockwebserver3.RecordedRequest request)
                    throws InterruptedException {
                super.dispatch(request);
                return new mockwebserver3.MockResponse.Builder()
                        .code(400)
                        .body(error("invalid_request_error", "This model's maximum context length is 8192 tokens"))
                        .build();
            }
        };
        String url = serve(fake);
        try (Project p = Project.open(JudgeFixtures.project(dir, 0))) {
            RunReport r = run(
                    p,
                    config("ctx", ProviderKind.OPENAI, url, RubricLibrary.DECISION_TREE, 2),
                    Map.of(),
                    new JudgeRunner.Options(List.of(), 5, false, QUICK));
            assertEquals(5, r.nulls());
            assertEquals(5, fake.requests.get(), "a 400 is not retried");
            assertEquals(
                    "5",
                    scalar(
                            p,
                            "SELECT count(*) FROM label WHERE action = 'null' AND null_reason LIKE "
                                    + "'%HTTP 400: This model''s maximum context length is 8192 tokens%'"));
            assertEquals(
                    "5", scalar(p, "SELECT count(*) FROM judge_call WHERE status = 'refused' AND http_status = 400"));
        }
    }

    @Test
    void aRefusedKeyStopsTheRunAndStoresNoVerdict() throws Exception {
        FakeProvider fake = new FakeProvider(ProviderKind.OPENAI, 0) {
            @Override
            public mockwebserver3.MockResponse dispatch(mockwebserver3.RecordedRequest request)
                    throws InterruptedException {
                super.dispatch(request);
                return new mockwebserver3.MockResponse.Builder()
                        .code(401)
                        .body(error("invalid_api_key", "Incorrect API key provided: sk-bad-key-0001"))
                        .build();
            }
        };
        String url = serve(fake);
        try (Project p = Project.open(JudgeFixtures.project(dir, 0))) {
            JudgeConfig cfg = config("k", ProviderKind.OPENAI, url, RubricLibrary.DECISION_TREE, 2)
                    .withApiKeyEnv("K");
            RunReport r = run(p, cfg, Map.of("K", "sk-bad-key-0001"), opts());
            assertEquals("failed", r.status());
            assertTrue(r.message().contains("HTTP 401") && r.message().contains("environment variable K"), r.message());
            assertFalse(r.message().contains("sk-bad-key-0001"), "the key is removed from the provider's message");
            assertTrue(fake.requests.get() <= 2, "stopped at once: " + fake.requests.get());
            assertEquals(0, tracesWithEntry(p, r.raterId()));
            assertEquals(tracesJudgeable(p), r.remaining());
            assertNoRaterLeft(p, r);
        }
    }

    @Test
    void nothingListeningGivesAClearMessage() throws Exception {
        int port;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            port = s.getLocalPort();
        }
        try (Project p = Project.open(JudgeFixtures.project(dir, 0))) {
            JudgeConfig cfg = JudgeConfig.defaults("local").withBaseUrl("http://127.0.0.1:" + port + "/v1");
            RunReport r = run(p, cfg, Map.of(), opts());
            assertEquals("failed", r.status());
            assertTrue(r.message().startsWith("nothing answers at http://127.0.0.1:" + port + "/v1"), r.message());
            assertTrue(r.message().contains("--base-url URL") && r.message().contains("rule classifier"), r.message());
            assertEquals(0, tracesWithEntry(p, r.raterId()));
            assertNoRaterLeft(p, r);
        }
    }

    /** A run that failed before its first verdict leaves no rater (nor its run and failed calls, which name it). */
    private static void assertNoRaterLeft(Project p, RunReport r) {
        assertEquals("0", scalar(p, "SELECT count(*) FROM rater WHERE id = '" + r.raterId() + "'"));
        assertEquals("0", scalar(p, "SELECT count(*) FROM judge_run WHERE rater_id = '" + r.raterId() + "'"));
        assertEquals("0", scalar(p, "SELECT count(*) FROM judge_call WHERE rater_id = '" + r.raterId() + "'"));
        assertTrue(new ProjectQueries(p).raters().stream().noneMatch(x -> x.id().equals(r.raterId())));
        assertTrue(JudgeStore.names(p).contains(r.judge()), "the judge's settings are kept for the next run");
    }

    @Test
    void aFailingRunKeepsAJudgeThatHasLabels() throws Exception {
        FakeProvider good = new FakeProvider(ProviderKind.OPENAI, 0);
        String url = serve(good);
        try (Project p = Project.open(JudgeFixtures.project(dir, 0))) {
            JudgeConfig cfg = config("k", ProviderKind.OPENAI, url, RubricLibrary.DECISION_TREE, 2);
            RunReport first = run(p, cfg, Map.of(), new JudgeRunner.Options(List.of(), 3, false, QUICK));
            assertEquals("done", first.status(), first.message());
            servers.get(0).close(); // the server goes away: the next run fails at once
            RunReport second = run(p, cfg, Map.of(), opts());
            assertEquals("failed", second.status());
            assertEquals(first.raterId(), second.raterId());
            assertEquals("1", scalar(p, "SELECT count(*) FROM rater WHERE id = '" + first.raterId() + "'"));
            assertEquals(3, tracesWithEntry(p, first.raterId()));
        }
    }

    @Test
    void aMissingKeyVariableIsNamed() throws Exception {
        try (Project p = Project.open(JudgeFixtures.project(dir, 0))) {
            JudgeConfig cfg = JudgeConfig.defaults("x").withApiKeyEnv("NO_SUCH_VAR_FOR_TRACEJUDGE");
            JudgeException e = assertThrows(
                    JudgeException.class,
                    () -> new JudgeRunner(p, cfg, rubric(cfg.rubric()), Map.<String, String>of()::get, opts(), null));
            assertTrue(e.getMessage().contains("NO_SUCH_VAR_FOR_TRACEJUDGE"), e.getMessage());
        }
    }

    @Test
    void invalidRepliesAreNullVerdictsAndRetriedOnlyWhenAsked() throws Exception {
        FakeProvider fake = new FakeProvider(ProviderKind.OPENAI, 0);
        fake.reply = user -> "{\"failure_mode\": \"tool_skip\", \"confidence\": \"high\", \"reasoning\": \"x\"}";
        String url = serve(fake);
        try (Project p = Project.open(JudgeFixtures.project(dir, 0))) {
            JudgeConfig cfg = config("n", ProviderKind.OPENAI, url, RubricLibrary.DECISION_TREE, 2);
            RunReport first = run(p, cfg, Map.of(), opts());
            int controls = Integer.parseInt(scalar(
                    p,
                    "SELECT count(*) FROM trace t JOIN task k ON k.id = t.task_id " + "WHERE k.task_type = 'control'"));
            assertEquals(controls, first.nulls(), "tool_skip is not a control-task label");
            assertEquals(
                    String.valueOf(controls),
                    scalar(
                            p,
                            "SELECT count(*) FROM label WHERE action = 'null' AND "
                                    + "null_reason LIKE '\"tool_skip\" is not a label of toolfailbench-control%' AND raw LIKE '%tool_skip%'"));
            int sent = fake.requests.get();
            assertEquals(0, run(p, cfg, Map.of(), opts()).planned(), "null verdicts are not retried by default");
            fake.reply = FakeProvider::validReply;
            RunReport retry = run(p, cfg, Map.of(), new JudgeRunner.Options(List.of(), 0, true, QUICK));
            assertEquals(controls, retry.planned());
            assertEquals(controls, retry.labelled());
            assertEquals(sent + controls, fake.requests.get(), "re-asked, not answered from the cache");
            assertEquals(2, maxEntriesPerTrace(p, first.raterId()), "the null verdict stays in the ledger, replaced");
            assertEquals(
                    0,
                    Integer.parseInt(scalar(
                            p,
                            "SELECT count(*) FROM current_label WHERE rater_id = '" + first.raterId()
                                    + "' AND action = 'null'")));
        }
    }

    @Test
    void anotherModelIsANewVersionAndTheLabelsColumnShowsTheNewestOne() throws Exception {
        FakeProvider fake = new FakeProvider(ProviderKind.OPENAI, 0);
        String url = serve(fake);
        try (Project p = Project.open(JudgeFixtures.project(dir, 0))) {
            JudgeConfig v1 = config("j", ProviderKind.OPENAI, url, RubricLibrary.DECISION_TREE, 2);
            RunReport a = run(p, v1, Map.of(), new JudgeRunner.Options(List.of("acme-lm-7b"), 0, false, QUICK));
            assertEquals(20, a.planned(), "only the traces of the models asked for");
            JudgeConfig v2 = v1.withModel("judge-model-2");
            RunReport b = run(p, v2, Map.of(), new JudgeRunner.Options(List.of(), 3, false, QUICK));
            assertNotEquals(a.version(), b.version());
            assertEquals(3, b.labelled(), "--limit");
            ProjectQueries q = new ProjectQueries(p);
            List<ProjectQueries.RaterSummary> current =
                    q.currentRaters().stream().filter(r -> r.name().equals("j")).toList();
            assertEquals(1, current.size());
            assertEquals(b.version(), current.get(0).version(), "the newest version is the judge's column");
            assertEquals(
                    2, q.raters().stream().filter(r -> r.name().equals("j")).count(), "both versions are kept");
            JsonNode saved = Json.read(p.meta("judge:j"));
            assertEquals("judge-model-2", saved.get("model").asText());
            assertEquals(b.version(), saved.get("version").asText());
            assertNull(saved.get("api_key"));
            // going back to the first model makes the first version current again
            run(p, v1, Map.of(), new JudgeRunner.Options(List.of(), 1, false, QUICK));
            assertEquals(
                    a.version(),
                    q.currentRaters().stream()
                            .filter(r -> r.name().equals("j"))
                            .findFirst()
                            .orElseThrow()
                            .version());
        }
    }

    @Test
    void cancellingKeepsWhatWasAnsweredAndTheNextRunSendsOnlyTheRest() throws Exception {
        FakeProvider fake = new FakeProvider(ProviderKind.OPENAI, 30);
        String url = serve(fake);
        try (Project p = Project.open(JudgeFixtures.project(dir, 2))) {
            JudgeConfig cfg = config("cx", ProviderKind.OPENAI, url, RubricLibrary.DECISION_TREE, 2);
            JudgeRunner[] holder = new JudgeRunner[1];
            holder[0] = new JudgeRunner(
                    p, cfg, rubric(cfg.rubric()), Map.<String, String>of()::get, opts(), new JudgeListener() {
                        @Override
                        public void progress(int done, int planned, long elapsed, long eta) {
                            if (done >= 20) {
                                holder[0].cancel();
                            }
                        }
                    });
            RunReport r = holder[0].run();
            assertEquals("cancelled", r.status());
            int kept = tracesWithEntry(p, r.raterId());
            assertTrue(kept >= 20 && kept < 100, "kept " + kept);
            assertEquals(kept, r.labelled());
            int sentBefore = fake.requests.get();
            RunReport resume = run(p, cfg, Map.of(), opts());
            assertEquals(100 - kept, resume.planned());
            assertEquals(100 - kept, fake.requests.get() - sentBefore, "the resume sent only what was missing");
            assertEquals(100, tracesWithEntry(p, r.raterId()));
            assertEquals(1, maxEntriesPerTrace(p, r.raterId()));
        }
    }
}
