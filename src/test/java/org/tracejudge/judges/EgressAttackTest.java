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

    /** The planted judge of the attack: the README's local example's name, another host, someone else's token. */
    private static final String PLANTED = "{\"name\":\"local-tree\",\"provider\":\"openai\","
            + "\"base_url\":\"http://other-host.example/v1\",\"model\":\"llama3.1:8b\",\"rubric\":\"decision-tree\","
            + "\"api_key_env\":\"GITHUB_TOKEN\",\"temperature\":0.0,\"seed\":42,\"max_tokens\":1024,"
            + "\"timeout_ms\":120000,\"concurrency\":4,\"rpm\":0,\"max_attempts\":8,\"structured_output\":true}";

    private Path plantingSource() throws Exception {
        Path src = JudgeFixtures.project(java.nio.file.Files.createDirectories(dir.resolve("attacker")), 0);
        try (Project p = Project.open(src)) {
            p.setMeta(JudgeStore.META_PREFIX + "local-tree", PLANTED);
        }
        return src;
    }

    private Path victim() throws Exception {
        return JudgeFixtures.project(java.nio.file.Files.createDirectories(dir.resolve("victim")), 0);
    }

    /**
     * Item 1: {@code merge} of a project whose {@code project_meta} holds a judge pointing at another host with
     * {@code GITHUB_TOKEN} as its key variable. Before, it was merged silently ("conflicts: none") and the next
     * {@code judge P --name local-tree} posted every trace there with that token. Now it is left out and listed with
     * its URL and variable, and the next run of that name is the default local judge.
     */
    @org.junit.jupiter.api.Test
    void aMergedProjectPlantsNoJudge() throws Exception {
        Path victim = victim();
        Path src = plantingSource();
        org.tracejudge.cli.CliAccess.Run r =
                org.tracejudge.cli.CliAccess.run("merge", victim.toString(), src.toString());
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(
                r.out()
                                .contains(
                                        "left out judge local-tree (base URL http://other-host.example/v1, key variable "
                                                + "GITHUB_TOKEN")
                        && r.out().contains("--take-judge local-tree"),
                r.out());
        try (Project p = Project.open(victim)) {
            assertEquals(null, JudgeStore.load(p, "local-tree"), "no judge was planted");
        }
        org.tracejudge.cli.CliAccess.Run next =
                org.tracejudge.cli.CliAccess.run("judge", victim.toString(), "--name", "local-tree", "--preview", "1");
        assertEquals(0, next.code(), next.out() + next.err());
        assertFalse(next.out().contains("other-host"), next.out());
        assertTrue(next.out().contains("new judge local-tree"), next.out());

        // JSON lists it too, with why
        org.tracejudge.cli.CliAccess.Run json = org.tracejudge.cli.CliAccess.run(
                "--quiet", "merge", victim.toString(), src.toString(), "--format", "json");
        assertEquals(0, json.code(), json.err());
        com.fasterxml.jackson.databind.JsonNode j = org.tracejudge.json.Json.read(json.out())
                .path("sources")
                .get(0)
                .path("judges")
                .get(0);
        assertEquals("local-tree", j.path("name").asText());
        assertEquals("http://other-host.example/v1", j.path("base_url").asText());
        assertEquals("GITHUB_TOKEN", j.path("api_key_env").asText());
        assertFalse(j.path("taken").asBoolean(true));
        assertTrue(j.path("why").asText().contains("never arrive"), json.out());
    }

    /** Item 1, the same through {@code import} of a workbench JSONL export (export --with-judge-cache). */
    @org.junit.jupiter.api.Test
    void anImportedExportPlantsNoJudge() throws Exception {
        Path victim = victim();
        Path export = dir.resolve("attacker.jsonl");
        try (Project p = Project.open(plantingSource())) {
            org.tracejudge.export.JsonlExporter.export(p, export, true);
        }
        org.tracejudge.cli.CliAccess.Run r =
                org.tracejudge.cli.CliAccess.run("import", victim.toString(), export.toString());
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("left out judge local-tree (base URL http://other-host.example/v1"), r.out());
        try (Project p = Project.open(victim)) {
            assertEquals(null, JudgeStore.load(p, "local-tree"), "no judge was planted");
            assertEquals(List.of(), JudgeStore.names(p));
        }
    }

    /**
     * Item 1, on purpose: {@code --take-judge NAME} takes that judge (printing its URL and variable), never replaces
     * this project's own judge of that name, and a name no source holds exits 1 saying so.
     */
    @org.junit.jupiter.api.Test
    void aJudgeComesAcrossOnlyByNameAndNeverOverAnOwnOne() throws Exception {
        Path victim = victim();
        Path src = plantingSource();
        org.tracejudge.cli.CliAccess.Run missing =
                org.tracejudge.cli.CliAccess.run("merge", victim.toString(), src.toString(), "--take-judge", "nope");
        assertEquals(1, missing.code(), missing.out() + missing.err());
        assertTrue(missing.err().contains("--take-judge nope: no source holds a judge of that name"), missing.err());
        org.tracejudge.cli.CliAccess.Run r = org.tracejudge.cli.CliAccess.run(
                "merge", victim.toString(), src.toString(), "--take-judge", "local-tree");
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(
                r.out()
                        .contains("took judge local-tree (base URL http://other-host.example/v1, key variable "
                                + "GITHUB_TOKEN"),
                r.out());
        try (Project p = Project.open(victim)) {
            assertEquals(
                    "http://other-host.example/v1",
                    JudgeStore.load(p, "local-tree").baseUrl());
        }

        Path own = JudgeFixtures.project(java.nio.file.Files.createDirectories(dir.resolve("own")), 0);
        try (Project p = Project.open(own)) {
            p.setMeta(
                    JudgeStore.META_PREFIX + "local-tree",
                    JudgeConfig.defaults("local-tree").toJson().toString());
        }
        r = org.tracejudge.cli.CliAccess.run("merge", own.toString(), src.toString(), "--take-judge", "local-tree");
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("this project has its own judge local-tree"), r.out());
        try (Project p = Project.open(own)) {
            assertEquals(
                    "http://localhost:11434/v1",
                    JudgeStore.load(p, "local-tree").settings().baseUrl());
        }
    }

    /** Every {@code project_meta} key that directs traffic or names a secret is of the class the gate knows. */
    @org.junit.jupiter.api.Test
    void theGateKnowsEveryTrafficKey() {
        for (String key : List.of(
                JudgeStore.META_PREFIX + "x",
                JudgeRunner.BATCH_META_PREFIX + "x",
                JudgeLock.KEY,
                org.tracejudge.team.LocalTeam.HUB,
                org.tracejudge.team.LocalTeam.USER,
                org.tracejudge.team.LocalTeam.PERSON,
                RemotePreview.MODE_KEY,
                RemotePreview.META_KEY,
                RemotePreview.NAMES_KEY,
                RemotePreview.STRICT_KEY,
                RemotePreview.ALLOW_KEY,
                RemotePreview.DENY_KEY)) {
            assertNotNull(org.tracejudge.importer.ConfigGate.traffic(key), key);
        }
        assertEquals(null, org.tracejudge.importer.ConfigGate.traffic("ensemble.judges"));
        assertEquals(null, org.tracejudge.importer.ConfigGate.traffic("name"));
    }

    /** Another provider's key, configured here (its preset's variable), which no judge may send either. */
    private static final String OTHER_KEY = "sk-proj-otherProviderKey0123456789ABCDEF";

    /**
     * Item 3: a trace holding the judge's own key (and another configured provider's) in the encodings the scrub
     * knows. Before, {@code judge --preview --redact=off} printed the key raw and, for the base64 form, as it was, and
     * the body sent carried it. Now the preview and the body the server receives hold none of them, whatever the
     * redaction setting, and the run still judges the trace. Request shapes: OpenAI chat completions and Anthropic
     * Messages as their API references document them (FakeProvider).
     */
    @org.junit.jupiter.api.Timeout(60)
    @ParameterizedTest
    @CsvSource({"OPENAI", "ANTHROPIC"})
    void aTraceHoldingAKeyNeverShowsOrSendsItWhateverRedactionSays(ProviderKind wire) throws Exception {
        Path file = leakyProject();
        try (MockWebServer server = new MockWebServer();
                Project p = Project.open(file)) {
            RemotePreview.setMode(p, "off");
            FakeProvider provider = new FakeProvider(wire, 0);
            List<String> received = new java.util.concurrent.CopyOnWriteArrayList<>();
            server.setDispatcher(new Dispatcher() {
                @Override
                public MockResponse dispatch(RecordedRequest request) throws InterruptedException {
                    received.add(request.getBody().utf8());
                    return provider.dispatch(request);
                }
            });
            server.start();
            JudgeConfig cfg = JudgeFixtures.config(
                            "leak",
                            wire,
                            server.url(wire == ProviderKind.ANTHROPIC ? "/" : "/v1")
                                    .toString(),
                            RubricLibrary.DECISION_TREE,
                            2)
                    .withApiKeyEnv("TJ_EGRESS_KEY");
            java.util.function.Function<String, String> env = k -> k.equals("OPENAI_API_KEY") ? OTHER_KEY : KEY;
            JudgeRunner.Options leaky = new JudgeRunner.Options(List.of("leaky"), 0, false, null, false, 0);
            List<RemotePreview> previews =
                    new JudgeRunner(p, cfg, JudgeFixtures.rubric(cfg.rubric()), env, leaky, null).preview(5);
            assertFalse(previews.isEmpty());
            for (RemotePreview pv : previews) {
                assertTrue(pv.body().contains(org.tracejudge.judges.provider.KeyScrubber.MARK), pv.body());
                assertNoKey(pv.body(), "the preview");
                assertNoKey(pv.request().user(), "the previewed request");
            }
            RunReport r = new JudgeRunner(p, cfg, JudgeFixtures.rubric(cfg.rubric()), env, leaky, null).run();
            assertEquals("done", r.status(), r.message());
            assertTrue(r.labelled() > 0);
            assertFalse(received.isEmpty());
            for (String body : received) {
                assertNoKey(body, "the body sent");
            }
            // and nothing stored with the calls holds either key
            String stored = org.tracejudge.TestData.scalar(
                    p, "SELECT group_concat(coalesce(response, '') || coalesce(content, ''), ' ') FROM judge_call");
            assertNoKey(stored, "the stored calls");
        }
    }

    /** The leaky trace's answer: both keys, each raw, JSON-escaped, URL-encoded and in base64 (both alphabets). */
    private static String leakyAnswer() {
        StringBuilder sb = new StringBuilder("Done. Debug dump follows.\n");
        for (String k : List.of(KEY, OTHER_KEY)) {
            sb.append("raw: ").append(k).append('\n');
            sb.append("json: ").append(jsonEscaped(k)).append('\n');
            sb.append("url: ").append(urlEncoded(k)).append('\n');
            sb.append("b64: ")
                    .append(java.util.Base64.getEncoder().encodeToString(bytes("Bearer " + k)))
                    .append('\n');
            sb.append("b64url: ")
                    .append(java.util.Base64.getUrlEncoder().encodeToString(bytes("key=" + k)))
                    .append('\n');
            sb.append("header: Authorization: Bearer ").append(k).append('\n');
        }
        return sb.toString();
    }

    private Path leakyProject() throws Exception {
        Path d = java.nio.file.Files.createDirectories(dir.resolve("leaky"));
        Path file = JudgeFixtures.project(d, 0);
        com.fasterxml.jackson.databind.node.ArrayNode sample =
                (com.fasterxml.jackson.databind.node.ArrayNode) org.tracejudge.json.Json.MAPPER.readTree(
                        org.tracejudge.TestData.list(org.tracejudge.TestData.SAMPLE.resolve("results"))
                                .get(0)
                                .toFile());
        com.fasterxml.jackson.databind.node.ArrayNode out = org.tracejudge.json.Json.MAPPER.createArrayNode();
        for (var row : sample) {
            com.fasterxml.jackson.databind.node.ObjectNode o = row.deepCopy();
            o.put("model_id", "leaky");
            o.put("agent_answer", leakyAnswer());
            out.add(o);
        }
        Path results = d.resolve("leaky_20261201_120000.json");
        java.nio.file.Files.writeString(results, out.toString());
        try (Project p = Project.open(file)) {
            new org.tracejudge.importer.Importer(p, null).importFiles(List.of(results), null, null);
        }
        return file;
    }

    /** Fails when {@code text} holds either key in any of the encodings the leaky trace used. */
    private static void assertNoKey(String text, String where) {
        assertNotNull(text, where);
        for (String k : List.of(KEY, OTHER_KEY)) {
            for (String form : List.of(
                    k,
                    jsonEscaped(k),
                    jsonEscaped(k).replace("\\", "\\\\"),
                    urlEncoded(k),
                    b64Core(java.util.Base64.getEncoder().encodeToString(bytes("Bearer " + k))),
                    b64Core(java.util.Base64.getUrlEncoder().encodeToString(bytes("key=" + k))))) {
                assertFalse(text.contains(form), where + " holds a key as " + form + ":\n" + text);
            }
        }
    }

    /** The middle of a base64 text (its ends depend on the neighbouring bytes). */
    private static String b64Core(String b64) {
        return b64.substring(12, b64.length() - 4);
    }

    private static byte[] bytes(String s) {
        return s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    private static String jsonEscaped(String k) {
        StringBuilder sb = new StringBuilder();
        k.chars().forEach(c -> sb.append(String.format(java.util.Locale.ROOT, "\\u%04x", c)));
        return sb.toString();
    }

    private static String urlEncoded(String k) {
        StringBuilder sb = new StringBuilder();
        for (byte b : bytes(k)) {
            sb.append(String.format(java.util.Locale.ROOT, "%%%02X", b));
        }
        return sb.toString();
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
