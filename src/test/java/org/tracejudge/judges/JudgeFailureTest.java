package org.tracejudge.judges;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.tracejudge.TestData.scalar;
import static org.tracejudge.judges.JudgeFixtures.config;
import static org.tracejudge.judges.JudgeFixtures.rubric;
import static org.tracejudge.judges.JudgeFixtures.tracesJudgeable;
import static org.tracejudge.judges.JudgeFixtures.tracesWithEntry;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.judges.prompt.RubricLibrary;
import org.tracejudge.judges.provider.Failure;
import org.tracejudge.judges.provider.ProviderKind;
import org.tracejudge.judges.provider.RetryPolicy;
import org.tracejudge.store.Project;

/** Each failure scenario of issue 19 against the replay server (documented provider shapes). */
class JudgeFailureTest {
    @TempDir
    Path dir;

    private final List<MockWebServer> servers = new ArrayList<>();
    private static final RetryPolicy QUICK = new RetryPolicy(8, Duration.ofMillis(20), Duration.ofMillis(400));

    @AfterEach
    void stop() {
        servers.forEach(MockWebServer::close);
    }

    private String serve(ProviderReplay replay, String path) throws Exception {
        MockWebServer server = new MockWebServer();
        server.setDispatcher(replay);
        server.start();
        servers.add(server);
        return server.url(path).toString().replaceAll("/$", "");
    }

    private static RunReport run(Project p, JudgeConfig cfg, Map<String, String> env, boolean retryNulls) {
        return new JudgeRunner(
                        p,
                        cfg,
                        rubric(cfg.rubric()),
                        env::get,
                        new JudgeRunner.Options(List.of(), 0, retryNulls, QUICK),
                        null)
                .run();
    }

    private static RunReport run(Project p, JudgeConfig cfg) {
        return run(p, cfg, Map.of(), false);
    }

    private Project project() throws Exception {
        return Project.open(JudgeFixtures.project(dir, 0));
    }

    @Test
    void ollamaWithoutTheModelStopsAtOnceWithItsMessageAndThePullCommandAndARerunAfterPullingJudgesEverything()
            throws Exception {
        ProviderReplay replay = new ProviderReplay();
        replay.scenario = (i, b) -> ProviderReplay.ollamaModelNotFound("llama3.1:8b");
        String url = serve(replay, "/v1");
        try (Project p = project()) {
            JudgeConfig cfg = config("local", ProviderKind.OPENAI, url, RubricLibrary.DECISION_TREE, 4)
                    .withModel("llama3.1:8b");
            RunReport r = run(p, cfg);
            assertEquals("failed", r.status());
            assertEquals(Failure.MODEL_NOT_FOUND, r.fatal());
            assertTrue(r.message().contains("model \"llama3.1:8b\" not found, try pulling it first"), r.message());
            assertTrue(r.message().contains("ollama pull llama3.1:8b"), r.message());
            assertTrue(replay.requests.get() <= 4, "stopped at once: " + replay.requests.get() + " requests");
            assertEquals(0, tracesWithEntry(p, r.raterId()), "no null verdict for traces never judged");
            assertTrue(r.anyFailure());

            replay.scenario = (i, b) -> ProviderReplay.ok(ProviderReplay.validReply(b)); // ollama pull
            RunReport again = run(p, cfg);
            assertEquals("done", again.status(), again.message());
            assertEquals(tracesJudgeable(p), again.labelled(), "one plain re-run judges everything");
            assertFalse(again.anyFailure());
        }
    }

    @Test
    void aBaseUrlWithoutV1IsAWrongPathThatNamesTheFix() throws Exception {
        ProviderReplay replay = new ProviderReplay();
        replay.scenario = (i, b) -> ProviderReplay.pageNotFound();
        String url = serve(replay, "/");
        try (Project p = project()) {
            RunReport r = run(p, config("nov1", ProviderKind.OPENAI, url, RubricLibrary.DECISION_TREE, 4));
            assertEquals(Failure.WRONG_PATH, r.fatal());
            assertTrue(
                    r.message().contains("404 page not found") && r.message().contains("--base-url " + url + "/v1"),
                    r.message());
            assertEquals(0, tracesWithEntry(p, r.raterId()));
        }
    }

    @Test
    void maxTokensRefusedIsAdaptedToMaxCompletionTokens() throws Exception {
        ProviderReplay replay = new ProviderReplay();
        replay.scenario = (i, b) -> b.has("max_tokens")
                ? ProviderReplay.maxTokensUnsupported()
                : ProviderReplay.ok(ProviderReplay.validReply(b));
        String url = serve(replay, "/v1");
        try (Project p = project()) {
            int n = tracesJudgeable(p);
            RunReport r = run(p, config("o-series", ProviderKind.OPENAI, url, RubricLibrary.DECISION_TREE, 4));
            assertEquals("done", r.status(), r.message());
            assertEquals(n, r.labelled());
            assertEquals(0, r.nulls());
            assertTrue(replay.requests.get() <= n + 4, replay.requests.get() + " requests");
            assertEquals(replay.requests.get(), r.requests());
            assertEquals(
                    1024,
                    replay.bodies
                            .get(replay.bodies.size() - 1)
                            .path("max_completion_tokens")
                            .asInt());
        }
    }

    @Test
    void insufficientQuotaIsFatalNotRetried() throws Exception {
        ProviderReplay replay = new ProviderReplay();
        replay.scenario = (i, b) -> ProviderReplay.insufficientQuota();
        String url = serve(replay, "/v1");
        try (Project p = project()) {
            RunReport r = run(
                    p,
                    config("billing", ProviderKind.OPENAI, url, RubricLibrary.DECISION_TREE, 4)
                            .withApiKeyEnv("K"),
                    Map.of("K", "sk-test-quota-000000"),
                    false);
            assertEquals(Failure.QUOTA, r.fatal());
            assertTrue(r.message().contains("exceeded your current quota"), r.message());
            assertTrue(replay.requests.get() <= 4, replay.requests.get() + " requests");
            assertEquals(0, tracesWithEntry(p, r.raterId()));
        }
    }

    @Test
    void aRateLimitPausesTheWholePool() throws Exception {
        ProviderReplay replay = new ProviderReplay();
        replay.scenario = (i, b) -> i == 8
                ? ProviderReplay.rateLimited(1)
                : ProviderReplay.delayed(ProviderReplay.ok(ProviderReplay.validReply(b)), 20);
        String url = serve(replay, "/v1");
        try (Project p = project()) {
            int n = tracesJudgeable(p);
            RunReport r = run(p, config("paced", ProviderKind.OPENAI, url, RubricLibrary.DECISION_TREE, 4));
            assertEquals(n, r.labelled());
            long t429 =
                    replay.answered.stream().filter(a -> a[0] == 8).findFirst().orElseThrow()[1];
            long during = replay.arrivals.stream()
                    .filter(t -> t > t429 + 150_000_000L && t < t429 + 900_000_000L)
                    .count();
            assertEquals(0, during, "no request reaches the server while the pool waits out Retry-After");
        }
    }

    @Test
    void aBodyCutOnceIsRetriedNotANullVerdict() throws Exception {
        ProviderReplay replay = new ProviderReplay();
        replay.scenario = (i, b) -> i == 3
                ? ProviderReplay.cutMidBody(ProviderReplay.validReply(b))
                : ProviderReplay.ok(ProviderReplay.validReply(b));
        String url = serve(replay, "/v1");
        try (Project p = project()) {
            int n = tracesJudgeable(p);
            RunReport r = run(p, config("cut", ProviderKind.OPENAI, url, RubricLibrary.DECISION_TREE, 2));
            assertEquals(n, r.labelled(), r.summary());
            assertEquals(0, r.nulls());
            assertEquals(n + 1, replay.requests.get());
        }
    }

    @Test
    void openRouter200WithErrorIsRetriedWhenTransientAndShowsItsTextOtherwise() throws Exception {
        ProviderReplay replay = new ProviderReplay();
        replay.scenario = (i, b) -> switch (i) {
            case 2 -> ProviderReplay.openRouter200Error(429, "Rate limit exceeded: upstream provider");
            case 5 -> ProviderReplay.openRouter200Error(502, "Provider returned error");
            case 10 -> ProviderReplay.openRouter200Error(403, "Input was flagged by moderation: self-harm");
            default -> ProviderReplay.ok(ProviderReplay.validReply(b));
        };
        String url = serve(replay, "/v1");
        try (Project p = project()) {
            int n = tracesJudgeable(p);
            RunReport r = run(p, config("router", ProviderKind.OPENAI, url, RubricLibrary.DECISION_TREE, 1));
            assertEquals("done", r.status(), r.message());
            assertEquals(n, r.labelled() + r.nulls());
            assertEquals(1, r.nulls(), r.summary());
            assertEquals(n + 2, replay.requests.get(), "the rate limit and the 502 were asked again");
            assertEquals(
                    String.valueOf(r.nulls()),
                    scalar(
                            p,
                            "SELECT count(*) FROM label WHERE action = 'null' "
                                    + "AND null_reason LIKE '%flagged by moderation: self-harm%'"),
                    "the provider's own text is kept");
            assertTrue(
                    r.failureLines().get(0).contains("content filter"),
                    r.failureLines().toString());
        }
    }

    @Test
    void llamaCppContextExceededFailsThatTraceOnceAndIsNotRetried() throws Exception {
        ProviderReplay replay = new ProviderReplay();
        replay.scenario = (i, b) ->
                i < 3 ? ProviderReplay.llamaCppContextExceeded(500) : ProviderReplay.ok(ProviderReplay.validReply(b));
        String url = serve(replay, "/v1");
        try (Project p = project()) {
            int n = tracesJudgeable(p);
            RunReport r = run(p, config("llama", ProviderKind.OPENAI, url, RubricLibrary.DECISION_TREE, 1));
            assertEquals(3, r.nulls());
            assertEquals(n, replay.requests.get(), "one request per trace: context length is per-trace, not transient");
            assertEquals("3", scalar(p, "SELECT count(*) FROM judge_call WHERE error LIKE 'context_length: %'"));
            assertEquals(1, r.failures().size());
            assertTrue(
                    r.failureLines().get(0).startsWith("3 × context length exceeded"),
                    r.failureLines().get(0));
            assertTrue(r.failureLines().get(0).contains("exceeds the available context size"));
            assertTrue(r.anyFailure(), "a run with failed traces exits non-zero");
            // the next plain run leaves per-trace failures alone
            RunReport again = run(p, config("llama", ProviderKind.OPENAI, url, RubricLibrary.DECISION_TREE, 1));
            assertEquals(0, again.planned());
        }
    }

    @Test
    void reasoningIsNeverTheVerdictAndARunOutBudgetSaysSo() throws Exception {
        ProviderReplay replay = new ProviderReplay();
        // the reasoning even holds a perfectly valid verdict: it must not be read
        replay.scenario = (i, b) -> ProviderReplay.vllmReasoningOnly(ProviderReplay.validReply(b), "length");
        String url = serve(replay, "/v1");
        try (Project p = project()) {
            int n = tracesJudgeable(p);
            RunReport r = run(p, config("thinker", ProviderKind.OPENAI, url, RubricLibrary.DECISION_TREE, 4));
            assertEquals(0, r.labelled());
            assertEquals(n, r.nulls());
            assertEquals(Failure.REASONING_BUDGET, r.failures().get(0).failure());
            assertTrue(
                    r.failures().get(0).message().contains("--max-tokens"),
                    r.failures().get(0).message());
        }
    }

    @Test
    void reasoningBesideAnAnswerIsKeptApart() throws Exception {
        ProviderReplay replay = new ProviderReplay();
        replay.scenario = (i, b) -> ProviderReplay.vllmReasoningThenAnswer(
                "{\"failure_mode\": \"tool_skip\"}", ProviderReplay.validReply(b));
        String url = serve(replay, "/v1");
        try (Project p = project()) {
            int n = tracesJudgeable(p);
            RunReport r = run(p, config("thinker2", ProviderKind.OPENAI, url, RubricLibrary.DECISION_TREE, 4));
            assertEquals(n, r.labelled());
            assertEquals(
                    "0",
                    scalar(
                            p,
                            "SELECT count(*) FROM label WHERE rater_id = '" + r.raterId()
                                    + "' AND value = 'tool_skip'"));
        }
    }

    @Test
    void anthropicThinkingThatRanOutOfTokensSaysSo() throws Exception {
        ProviderReplay replay = new ProviderReplay();
        replay.scenario = (i, b) -> ProviderReplay.anthropicThinkingOnly("Let me think about step 1 ...");
        String url = serve(replay, "/");
        try (Project p = project()) {
            RunReport r = run(p, config("claude", ProviderKind.ANTHROPIC, url, RubricLibrary.DECISION_TREE, 4));
            assertEquals(0, r.labelled());
            assertEquals(Failure.REASONING_BUDGET, r.failures().get(0).failure());
        }
    }

    @Test
    void anthropicOverloadedIsRetried() throws Exception {
        ProviderReplay replay = new ProviderReplay();
        replay.scenario = (i, b) -> i % 7 == 1
                ? ProviderReplay.anthropicOverloaded()
                : new mockwebserver3.MockResponse.Builder()
                        .code(200)
                        .setHeader("Content-Type", "application/json")
                        .body(new FakeProvider(ProviderKind.ANTHROPIC, 0)
                                .ok("judge-model-1", ProviderReplay.validReply(b), i))
                        .build();
        String url = serve(replay, "/");
        try (Project p = project()) {
            int n = tracesJudgeable(p);
            RunReport r = run(p, config("claude2", ProviderKind.ANTHROPIC, url, RubricLibrary.DECISION_TREE, 2));
            assertEquals(n, r.labelled(), r.summary());
        }
    }

    @Test
    void refusedCredentialsAndTlsFailuresAreFatal() throws Exception {
        ProviderReplay replay = new ProviderReplay();
        replay.scenario = (i, b) -> ProviderReplay.unauthorized();
        String url = serve(replay, "/v1");
        try (Project p = project()) {
            RunReport r = run(
                    p,
                    config("auth", ProviderKind.OPENAI, url, RubricLibrary.DECISION_TREE, 4)
                            .withApiKeyEnv("K"),
                    Map.of("K", "sk-test-wrong-0000000"),
                    false);
            assertEquals(Failure.AUTH, r.fatal());
            assertTrue(
                    r.message().contains("Incorrect API key provided")
                            && r.message().contains("K"),
                    r.message());
            assertFalse(r.message().contains("sk-test-wrong"));
            RunReport tls = run(
                    p,
                    config(
                            "tls",
                            ProviderKind.OPENAI,
                            url.replace("http://", "https://"),
                            RubricLibrary.DECISION_TREE,
                            4));
            assertEquals(Failure.TLS, tls.fatal(), tls.message());
            assertEquals(0, tracesWithEntry(p, tls.raterId()));
        }
    }

    @Test
    void whenEveryRequestTimesOutTheRunStopsInsteadOfRetryingEachTrace() throws Exception {
        ProviderReplay replay = new ProviderReplay();
        replay.scenario = (i, b) -> ProviderReplay.delayed(ProviderReplay.ok(ProviderReplay.validReply(b)), 3000);
        String url = serve(replay, "/v1");
        try (Project p = project()) {
            RunReport r = run(
                    p,
                    config("slow", ProviderKind.OPENAI, url, RubricLibrary.DECISION_TREE, 4)
                            .withTimeoutMillis(100));
            assertEquals(Failure.ALL_FAILING, r.fatal(), r.summary());
            assertTrue(r.requests() <= 12 + 4, r.requests() + " requests");
            assertEquals(0, tracesWithEntry(p, r.raterId()));
        }
    }

    @Test
    void aFatalErrorEndsTheRunWithinTwoSecondsWhateverTheConcurrency() throws Exception {
        ProviderReplay replay = new ProviderReplay();
        replay.scenario = (i, b) -> i == 0
                ? ProviderReplay.ollamaModelNotFound("judge-model-1")
                : ProviderReplay.delayed(ProviderReplay.ok(ProviderReplay.validReply(b)), 20_000);
        String url = serve(replay, "/v1");
        try (Project p = project()) {
            RunReport r = run(p, config("fast-stop", ProviderKind.OPENAI, url, RubricLibrary.DECISION_TREE, 16));
            long end = System.nanoTime();
            long first =
                    replay.answered.stream().filter(a -> a[0] == 0).findFirst().orElseThrow()[1];
            assertEquals(Failure.MODEL_NOT_FOUND, r.fatal());
            assertTrue(end - first < 2_000_000_000L, (end - first) / 1_000_000 + " ms");
            assertEquals(0, tracesWithEntry(p, r.raterId()));
        }
    }

    @Test
    void nullVerdictsLeftByOldRunsForAFatalCauseAreRetriedWithoutAskingButInvalidVerdictsWait() throws Exception {
        ProviderReplay replay = new ProviderReplay();
        replay.scenario =
                (i, b) -> i < 5 ? ProviderReplay.ok("I cannot decide.") : ProviderReplay.llamaCppContextExceeded(400);
        String url = serve(replay, "/v1");
        try (Project p = project()) {
            int n = tracesJudgeable(p);
            JudgeConfig cfg = config("legacy", ProviderKind.OPENAI, url, RubricLibrary.DECISION_TREE, 1);
            RunReport first = run(p, cfg);
            assertEquals(n, first.nulls());
            // make the per-trace calls look like what the old client stored for Ollama's 404
            p.write(c -> {
                try (var s = c.createStatement()) {
                    s.executeUpdate("UPDATE judge_call SET status = 'refused', http_status = 404, response = "
                            + "'{\"error\":{\"message\":\"model \\\"x\\\" not found, try pulling it first\"}}', "
                            + "error = 'HTTP 404: model \"x\" not found, try pulling it first' "
                            + "WHERE error LIKE 'context_length:%'");
                }
                return null;
            });
            replay.scenario = (i, b) -> ProviderReplay.ok(ProviderReplay.validReply(b));
            RunReport again = run(p, cfg);
            assertEquals(n - 5, again.planned(), "the fatal-cause nulls come back by themselves");
            assertEquals(n - 5, again.labelled());
            assertEquals(1, JudgeFixtures.maxEntriesPerTrace(p, again.raterId()) - 1, "one null then one verdict");
            RunReport retry = run(p, cfg, Map.of(), true);
            assertEquals(5, retry.planned(), "the invalid verdicts wait for --retry-nulls");
        }
    }

    @Test
    void aKeyEchoedInAnyEncodingNeverReachesTheProject() throws Exception {
        String key = "sk-proj-AbCdEf0123456789xyzXYZ";
        ProviderReplay replay = new ProviderReplay();
        replay.scenario = (i, b) -> ProviderReplay.echoingKey(key, ProviderReplay.validReply(b));
        String url = serve(replay, "/v1");
        try (Project p = project()) {
            RunReport r = run(
                    p,
                    config("echo", ProviderKind.OPENAI, url, RubricLibrary.DECISION_TREE, 2)
                            .withApiKeyEnv("K"),
                    Map.of("K", key),
                    false);
            assertEquals(tracesJudgeable(p), r.labelled());
            String all = scalar(p, "SELECT group_concat(response, '|') FROM judge_call");
            assertFalse(all.contains(key), "raw");
            assertFalse(all.toLowerCase(Locale.ROOT).contains("\\u0073\\u006b\\u002d\\u0070"), "JSON-escaped");
            assertFalse(all.contains("%73%6B"), "URL-encoded");
            assertTrue(
                    all.contains("Bearer [api key removed]") && all.contains("key=[api key removed]"),
                    all.substring(0, Math.min(all.length(), 2000)));
        }
    }

    @Test
    void aKeyEchoedInTheVerdictItselfOrAnyFieldNeverReachesLabelsCallsOrExports() throws Exception {
        String key = "sk-proj/AbCdEf0123456789xyz+XYZ";
        ProviderReplay replay = new ProviderReplay();
        replay.scenario = (i, b) -> ProviderReplay.echoingKeyEverywhere(key, ProviderReplay.validReply(b));
        String url = serve(replay, "/v1");
        try (Project p = project()) {
            RunReport r = run(
                    p,
                    config("echo", ProviderKind.OPENAI, url, RubricLibrary.DECISION_TREE, 2)
                            .withApiKeyEnv("K"),
                    Map.of("K", key),
                    false);
            assertEquals(tracesJudgeable(p), r.labelled());
            String b64 = java.util.Base64.getEncoder()
                    .encodeToString(("user:" + key).getBytes(java.nio.charset.StandardCharsets.UTF_8));
            java.util.List<String> forms = java.util.List.of(
                    key, key.replace("/", "\\/"), "AbCdEf0123456789", b64.substring(8, 30), "\\u0041\\u0062\\u0043");
            String labels =
                    scalar(p, "SELECT group_concat(coalesce(rationale, '') || evidence || raw, '|') FROM label");
            String calls = scalar(p, "SELECT group_concat(response, '|') FROM judge_call");
            assertTrue(labels.contains("echo [api key removed]"), labels.substring(0, Math.min(600, labels.length())));
            assertTrue(labels.contains("[api key removed]"), "evidence and rationale were scrubbed, not dropped");
            for (String form : forms) {
                assertFalse(labels.contains(form), "label.rationale/evidence/raw hold " + form);
                assertFalse(calls.contains(form), "judge_call.response holds " + form);
            }
            for (boolean cache : new boolean[] {false, true}) {
                Path out = dir.resolve("export-" + cache + ".jsonl");
                org.tracejudge.export.JsonlExporter.export(p, out, cache);
                String exported = java.nio.file.Files.readString(out);
                assertTrue(!cache || exported.contains("[api key removed]"), "the judge cache is in the export");
                for (String form : forms) {
                    assertFalse(
                            exported.contains(form),
                            (cache ? "export --with-judge-cache" : "export") + " holds " + form);
                }
            }
        }
    }
}
