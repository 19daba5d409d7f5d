package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.json.Json;

/** The judge command end to end in-process, against a local OpenAI-compatible server. */
class JudgeCliTest {
    @TempDir
    Path dir;

    /** Answers every chat completion with a valid decision-tree verdict. */
    static final class Judge extends Dispatcher {
        final AtomicInteger requests = new AtomicInteger();

        @Override
        public MockResponse dispatch(RecordedRequest r) {
            requests.incrementAndGet();
            String user = Json.read(r.getBody().utf8())
                    .path("messages")
                    .path(1)
                    .path("content")
                    .asText();
            String label = user.startsWith("## Task type\ncontrol") ? "wrong_answer" : "tool_skip";
            String content =
                    "{\"failure_mode\": \"" + label + "\", \"confidence\": \"medium\", \"reasoning\": \"Step 1.\"}";
            var o = Json.object();
            o.put("id", "chatcmpl-1").put("object", "chat.completion").put("model", "m");
            var c = o.putArray("choices").addObject();
            c.put("index", 0).put("finish_reason", "stop");
            c.putObject("message").put("role", "assistant").put("content", content);
            o.putObject("usage")
                    .put("prompt_tokens", 1000)
                    .put("completion_tokens", 20)
                    .put("total_tokens", 1020);
            return new MockResponse.Builder()
                    .code(200)
                    .setHeader("Content-Type", "application/json")
                    .body(o.toString())
                    .build();
        }
    }

    @Test
    void judgeSavesItsSettingsLabelsEveryTraceAndShowsUpAsAColumn() throws Exception {
        Path p = dir.resolve("s.tjdb");
        List<String> args = new ArrayList<>(List.of("import", p.toString()));
        TestData.sampleFiles().forEach(f -> args.add(f.toString()));
        assertEquals(0, CliTest.run(args.toArray(String[]::new)).code());
        Judge judge = new Judge();
        try (MockWebServer server = new MockWebServer()) {
            server.setDispatcher(judge);
            server.start();
            String url = server.url("/v1").toString();
            CliTest.Run r = CliTest.run(
                    "judge",
                    p.toString(),
                    "--name",
                    "local-tree",
                    "--provider",
                    "openai",
                    "--base-url",
                    url,
                    "--model",
                    "m",
                    "--rubric",
                    "decision-tree",
                    "--concurrency",
                    "3");
            assertEquals(0, r.code(), r.err() + r.out());
            assertTrue(r.out().contains("new judge local-tree"), r.out());
            assertTrue(r.out().contains("endpoint on this computer"), r.out());
            assertTrue(
                    r.out().contains("labelled 60  cached 0  null 0  failed 0  requests 60  tokens in 60000  out 1200"),
                    r.out());
            assertEquals(60, judge.requests.get());

            CliTest.Run again = CliTest.run("judge", p.toString(), "--name", "local-tree");
            assertEquals(0, again.code(), again.err());
            assertTrue(
                    again.out().contains("judge local-tree (version")
                            && again.out().contains("requests 0"),
                    again.out());
            assertEquals(60, judge.requests.get(), "the saved judge found nothing left to do");

            CliTest.Run labels = CliTest.run("labels", p.toString());
            String header = labels.out().split("\\R")[0];
            assertEquals(
                    "trace_id,model,task_id,task_type,harness,illustrative-dtree,illustrative-evidence,local-tree,ensemble,final",
                    header);
            assertTrue(labels.out().contains("acme-lm-7b,CTRL-"), labels.out());
            int col = List.of(header.split(",")).indexOf("local-tree");
            assertTrue(
                    labels.out()
                            .lines()
                            .skip(1)
                            .map(l -> l.split(",", -1)[col])
                            .allMatch(v -> v.equals("wrong_answer") || v.equals("tool_skip")),
                    labels.out());
        }
    }

    @Test
    void nothingAnsweringSaysHowToConfigureAnother() throws Exception {
        Path p = dir.resolve("s.tjdb");
        List<String> args = new ArrayList<>(List.of("import", p.toString()));
        TestData.sampleFiles().forEach(f -> args.add(f.toString()));
        assertEquals(0, CliTest.run(args.toArray(String[]::new)).code());
        int port;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            port = s.getLocalPort();
        }
        CliTest.Run r = CliTest.run(
                "judge", p.toString(), "--name", "nobody", "--base-url", "http://localhost:" + port + "/v1");
        assertEquals(1, r.code());
        assertTrue(r.err().startsWith("tracejudge: nothing answers at http://localhost:" + port + "/v1"), r.err());
        assertTrue(r.err().contains("--provider openai|anthropic --base-url URL --model MODEL"), r.err());
        CliTest.Run bad = CliTest.run("judge", p.toString(), "--name", "x", "--rubric", "vibes");
        assertEquals(1, bad.code());
        assertTrue(bad.err().contains("unknown rubric 'vibes'"), bad.err());
    }

    @Test
    void rubricsCopiesTheTemplatesIntoTheDataFolder() {
        String before = System.getProperty("tracejudge.home");
        System.setProperty("tracejudge.home", dir.resolve("home").toString());
        try {
            CliTest.Run r = CliTest.run("rubrics", "--copy");
            assertEquals(0, r.code(), r.err());
            assertTrue(
                    r.out()
                            .contains("copied "
                                    + dir.resolve("home").resolve("rubrics").resolve("base.md")),
                    r.out());
            assertTrue(
                    r.out()
                            .contains("evidence       "
                                    + dir.resolve("home").resolve("rubrics").resolve("evidence.md")),
                    r.out());
        } finally {
            if (before == null) {
                System.clearProperty("tracejudge.home");
            } else {
                System.setProperty("tracejudge.home", before);
            }
        }
    }

    @Test
    void withTheModelNotPulledTheCommandPrintsOllamasMessageAndThePullCommandAndAReRunJudgesEverything()
            throws Exception {
        Path p = dir.resolve("pull.tjdb");
        List<String> args = new ArrayList<>(List.of("import", p.toString()));
        TestData.sampleFiles().forEach(f -> args.add(f.toString()));
        assertEquals(0, CliTest.run(args.toArray(String[]::new)).code());
        Judge judge = new Judge();
        java.util.concurrent.atomic.AtomicBoolean pulled = new java.util.concurrent.atomic.AtomicBoolean();
        try (MockWebServer server = new MockWebServer()) {
            server.setDispatcher(new Dispatcher() {
                @Override
                public MockResponse dispatch(RecordedRequest r) {
                    if (pulled.get()) {
                        return judge.dispatch(r);
                    }
                    // Ollama's answer for a model that is not pulled (ollama openai/openai.go NewError)
                    return new MockResponse.Builder()
                            .code(404)
                            .setHeader("Content-Type", "application/json")
                            .body("{\"error\":{\"message\":\"model \\\"llama3.1:8b\\\" not found, try pulling it "
                                    + "first\",\"type\":\"api_error\",\"param\":null,\"code\":null}}")
                            .build();
                }
            });
            server.start();
            String url = server.url("/v1").toString();
            CliTest.Run r = CliTest.run("judge", p.toString(), "--name", "local", "--base-url", url);
            assertEquals(1, r.code(), r.out());
            assertTrue(
                    r.err().contains("model \"llama3.1:8b\" not found, try pulling it first")
                            && r.err().contains("ollama pull llama3.1:8b"),
                    r.err());
            assertEquals(1, r.err().strip().lines().count(), "one line on stderr: " + r.err());
            assertTrue(r.out().contains("labelled 0  cached 0  null 0  failed 0"), r.out());
            pulled.set(true);
            CliTest.Run again = CliTest.run("judge", p.toString(), "--name", "local");
            assertEquals(0, again.code(), again.err() + again.out());
            assertTrue(again.out().contains("labelled 60  cached 0  null 0  failed 0"), again.out());
        }
    }

    @Test
    void aKeyGivenInPlaceOfItsVariableNameIsRefusedWithoutPrintingIt() throws Exception {
        Path p = dir.resolve("key.tjdb");
        List<String> args = new ArrayList<>(List.of("import", p.toString()));
        TestData.sampleFiles().forEach(f -> args.add(f.toString()));
        assertEquals(0, CliTest.run(args.toArray(String[]::new)).code());
        for (String key : List.of("sk-proj-Zx81kQmN0pLr7sTu", "sk-ant-api03-abcdefGHIJ", "AbCdEfGhIjKlMnOp1234QrSt")) {
            CliTest.Run r = CliTest.run(
                    "judge",
                    p.toString(),
                    "--name",
                    "remote",
                    "--api-key-env",
                    key,
                    "--base-url",
                    "http://127.0.0.1:9/v1");
            assertEquals(1, r.code(), r.err());
            assertTrue(r.err().contains("looks like a key"), r.err());
            assertTrue(!r.err().contains(key) && !r.out().contains(key), "never printed");
        }
        CliTest.Run info = CliTest.run("info", p.toString());
        assertTrue(!info.out().contains("sk-proj"), "never stored");
    }

    @Test
    void failedTracesAreSummarisedByReasonAndTheExitIsNonZero() throws Exception {
        Path p = dir.resolve("ctx.tjdb");
        List<String> args = new ArrayList<>(List.of("import", p.toString()));
        TestData.sampleFiles().forEach(f -> args.add(f.toString()));
        assertEquals(0, CliTest.run(args.toArray(String[]::new)).code());
        Judge judge = new Judge();
        AtomicInteger n = new AtomicInteger();
        try (MockWebServer server = new MockWebServer()) {
            server.setDispatcher(new Dispatcher() {
                @Override
                public MockResponse dispatch(RecordedRequest r) {
                    if (n.getAndIncrement() % 20 == 0) {
                        // llama.cpp server (tools/server/utils.hpp format_error_response)
                        return new MockResponse.Builder()
                                .code(400)
                                .setHeader("Content-Type", "application/json")
                                .body("{\"error\":{\"code\":400,\"message\":\"request (9000 tokens) exceeds the "
                                        + "available context size (4096 tokens)\",\"type\":\"exceed_context_size_error\","
                                        + "\"n_prompt_tokens\":9000,\"n_ctx\":4096}}")
                                .build();
                    }
                    return judge.dispatch(r);
                }
            });
            server.start();
            CliTest.Run r = CliTest.run(
                    "judge",
                    p.toString(),
                    "--name",
                    "llama",
                    "--base-url",
                    server.url("/v1").toString(),
                    "--concurrency",
                    "1");
            assertEquals(1, r.code(), r.out());
            assertTrue(
                    r.out()
                            .contains(
                                    "failures by reason:\n  3 × context length exceeded (null verdict): HTTP 400: "
                                            + "request (9000 tokens) exceeds the available context size (4096 tokens); e.g. trace "),
                    r.out());
            assertTrue(
                    r.err()
                            .strip()
                            .lines()
                            .reduce((a, b) -> b)
                            .orElse("")
                            .startsWith("tracejudge: 3 of 60 traces failed"),
                    r.err());
            var m = java.util.regex.Pattern.compile("e\\.g\\. trace (\\S+)").matcher(r.out());
            assertTrue(m.find(), r.out());
            String failed = m.group(1);
            CliTest.Run explain = CliTest.run("explain", p.toString(), "--trace", failed);
            assertEquals(0, explain.code(), explain.err());
            assertTrue(
                    explain.out().contains("judge llama (version ")
                            && explain.out()
                                    .contains(
                                            "null verdict - context length exceeded: HTTP 400: request (9000 tokens) exceeds the available "
                                                    + "context size (4096 tokens)"),
                    explain.out());
            assertTrue(explain.out().contains("raw reply: {\"error\""), explain.out());
            assertTrue(explain.out().contains("--retry-nulls asks again"), explain.out());
            CliTest.Run ok = CliTest.run(
                    "explain", p.toString(), "--trace", r.out().contains(failed) ? otherTrace(p, failed) : failed);
            assertTrue(
                    ok.out().contains("judge llama (version ")
                            && ok.out().contains("reasoning: Step 1.")
                            && ok.out().contains("raw reply: {\"failure_mode\""),
                    ok.out());
            CliTest.Run json = CliTest.run("labels", p.toString(), "--format", "json");
            var rows = Json.read(json.out()).get("rows"); // the JSON convention: rows under a name
            int withReason = 0;
            for (var row : rows) {
                if (row.path("null_reasons").has("llama")) {
                    withReason++;
                    assertTrue(row.path("llama").isNull(), row.toString());
                    assertTrue(
                            row.path("null_reasons").path("llama").asText().contains("exceeds the available context"),
                            row.toString());
                }
            }
            assertEquals(3, withReason);
        }
    }

    /** A trace of the project other than {@code not}. */
    private static String otherTrace(Path project, String not) {
        try (var p = org.tracejudge.store.Project.open(project)) {
            return TestData.scalar(
                    p,
                    "SELECT id FROM trace WHERE id <> '" + not + "' AND id IN (SELECT trace_id FROM "
                            + "label WHERE action = 'set' AND rater_id IN (SELECT id FROM rater WHERE name = 'llama')) LIMIT 1");
        }
    }
}
