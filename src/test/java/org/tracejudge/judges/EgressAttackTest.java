package org.tracejudge.judges;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tracejudge.judges.prompt.RubricLibrary;
import org.tracejudge.judges.provider.Failure;
import org.tracejudge.judges.provider.ProviderKind;
import org.tracejudge.store.Project;

/**
 * Issue 47, items 1 to 3, as the attack pass ran them: where judge traffic and keys can be made to go. Each test
 * reproduces an attack that worked before and checks that nothing reaches a host the user did not choose.
 */
class EgressAttackTest {
    private static final String KEY = "sk-ant-egress-test-0123456789abcdef";

    @TempDir
    Path dir;

    /**
     * Item 2: an endpoint answering with a redirect to another host. Before, OkHttp followed it: Anthropic's
     * {@code x-api-key} went along (OkHttp drops only {@code Authorization} across hosts) and on 307/308 the request
     * body (the trace) was sent again to the second host. Now the second server receives nothing and the run stops
     * naming the redirect's target. Redirect codes as RFC 9110 section 15.4 defines them; the chat endpoints' paths
     * as OpenAI's chat completions and Anthropic's Messages API documents give them.
     */
    @org.junit.jupiter.api.Timeout(60)
    @ParameterizedTest
    @CsvSource({
        "OPENAI, 307",
        "OPENAI, 302",
        "OPENAI, 301",
        "OPENAI, 308",
        "ANTHROPIC, 307",
        "ANTHROPIC, 302",
        "ANTHROPIC, 301",
        "ANTHROPIC, 308"
    })
    void aRedirectToAnotherHostReceivesNeitherKeyNorTrace(ProviderKind wire, int code) throws Exception {
        try (MockWebServer elsewhere = new MockWebServer();
                MockWebServer endpoint = new MockWebServer();
                Project p = Project.open(JudgeFixtures.project(dir, 0))) {
            Recorder thief = new Recorder();
            elsewhere.setDispatcher(thief);
            elsewhere.start();
            String target = elsewhere
                    .url(wire == ProviderKind.ANTHROPIC ? "/v1/messages" : "/v1/chat/completions")
                    .toString();
            endpoint.setDispatcher(redirectingTo(code, target));
            endpoint.start();
            RunReport r = run(
                    p,
                    wire,
                    endpoint.url(wire == ProviderKind.ANTHROPIC ? "/" : "/v1").toString(),
                    false);
            assertEquals(List.of(), thief.seen, "the other host received nothing");
            assertEquals(Failure.REDIRECT, r.fatal(), r.message());
            assertTrue(r.message().contains(target), r.message());
            assertTrue(endpoint.getRequestCount() >= 1);
            assertEquals(0, r.labelled());
        }
    }

    /** Item 2, same host: no redirect is followed, so no body is ever sent twice (307 re-posts the body). */
    @org.junit.jupiter.api.Timeout(60)
    @ParameterizedTest
    @CsvSource({"OPENAI", "ANTHROPIC"})
    void aRedirectOnTheSameHostIsNotFollowedEither(ProviderKind wire) throws Exception {
        try (MockWebServer endpoint = new MockWebServer();
                Project p = Project.open(JudgeFixtures.project(dir, 0))) {
            Recorder real = new Recorder();
            String[] target = new String[1];
            endpoint.setDispatcher(new Dispatcher() {
                @Override
                public MockResponse dispatch(RecordedRequest request) throws InterruptedException {
                    return request.getUrl().encodedPath().startsWith("/moved")
                            ? real.dispatch(request)
                            : redirectingTo(307, target[0]).dispatch(request);
                }
            });
            endpoint.start();
            target[0] = endpoint.url(wire == ProviderKind.ANTHROPIC ? "/moved/v1/messages" : "/moved/chat/completions")
                    .toString();
            RunReport r = run(
                    p,
                    wire,
                    endpoint.url(wire == ProviderKind.ANTHROPIC ? "/" : "/v1").toString(),
                    false);
            assertEquals(List.of(), real.seen, "the redirect's target received nothing");
            assertEquals(Failure.REDIRECT, r.fatal(), r.message());
            assertTrue(r.message().contains(target[0]), r.message());
        }
    }

    /** Item 2 in batch mode: the batch API's upload and submit follow no redirect either. */
    @org.junit.jupiter.api.Timeout(60)
    @ParameterizedTest
    @CsvSource({"OPENAI, 307", "OPENAI, 302", "ANTHROPIC, 307", "ANTHROPIC, 308"})
    void aBatchEndpointRedirectReachesNothingElsewhere(ProviderKind wire, int code) throws Exception {
        try (MockWebServer elsewhere = new MockWebServer();
                MockWebServer endpoint = new MockWebServer();
                Project p = Project.open(JudgeFixtures.project(dir, 0))) {
            Recorder thief = new Recorder();
            elsewhere.setDispatcher(thief);
            elsewhere.start();
            String target = elsewhere.url("/v1/elsewhere").toString();
            endpoint.setDispatcher(redirectingTo(code, target));
            endpoint.start();
            RunReport r = run(
                    p,
                    wire,
                    endpoint.url(wire == ProviderKind.ANTHROPIC ? "/" : "/v1").toString(),
                    true);
            assertEquals(List.of(), thief.seen, "the other host received nothing");
            assertNotNull(r.message(), r.summary());
            assertTrue(r.message().contains(target), r.message());
            assertFalse(r.message().contains(KEY));
        }
    }

    private RunReport run(Project p, ProviderKind wire, String baseUrl, boolean batch) {
        JudgeConfig cfg = JudgeFixtures.config("egress", wire, baseUrl, RubricLibrary.DECISION_TREE, 2)
                .withApiKeyEnv("TJ_EGRESS_KEY");
        return new JudgeRunner(
                        p,
                        cfg,
                        JudgeFixtures.rubric(cfg.rubric()),
                        k -> KEY,
                        new JudgeRunner.Options(List.of(), 4, false, null, batch, 20),
                        null)
                .run();
    }

    /**
     * A host nobody chose: records what reaches it (method, path, key headers, body size) and refuses it as
     * Anthropic documents an invalid key (401, {@code authentication_error}), which stops a run at once.
     */
    static final class Recorder extends Dispatcher {
        final List<String> seen = new java.util.concurrent.CopyOnWriteArrayList<>();

        @Override
        public MockResponse dispatch(RecordedRequest request) {
            seen.add(request.getMethod() + " " + request.getUrl().encodedPath() + " x-api-key="
                    + request.getHeaders().get("x-api-key") + " authorization="
                    + request.getHeaders().get("Authorization") + " body="
                    + (request.getBody() == null ? 0 : request.getBody().size()) + " bytes");
            return new MockResponse.Builder()
                    .code(401)
                    .setHeader("Content-Type", "application/json")
                    .body("{\"type\":\"error\",\"error\":{\"type\":\"authentication_error\","
                            + "\"message\":\"invalid x-api-key\"}}")
                    .build();
        }
    }

    /** An endpoint that answers every request with a redirect to {@code target}. */
    private static Dispatcher redirectingTo(int code, String target) {
        return new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                return new MockResponse.Builder()
                        .code(code)
                        .setHeader("Location", target)
                        .body("")
                        .build();
            }
        };
    }
}
