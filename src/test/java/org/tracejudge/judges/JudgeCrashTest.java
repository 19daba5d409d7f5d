package org.tracejudge.judges;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.tracejudge.TestData.scalar;
import static org.tracejudge.judges.JudgeFixtures.maxEntriesPerTrace;
import static org.tracejudge.judges.JudgeFixtures.tracesWithEntry;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.judges.provider.ProviderKind;
import org.tracejudge.judges.provider.RetryPolicy;
import org.tracejudge.model.Ids;
import org.tracejudge.store.Project;

/** A judge run SIGKILLed in a child JVM, then resumed; and the API key never reaching the disk or the output. */
class JudgeCrashTest {
    @TempDir
    Path dir;

    @Test
    void killedMidRunThenResumedSendsOnlyWhatIsMissingAndLabelsNothingTwice() throws Exception {
        Path project = JudgeFixtures.project(dir, 2); // 100 traces, every request distinct
        FakeProvider fake = new FakeProvider(ProviderKind.OPENAI, 40);
        try (MockWebServer server = new MockWebServer()) {
            server.setDispatcher(fake);
            server.start();
            String url = server.url("/v1").toString();
            Process child = ChildJvm.start(KillableJudge.class.getName(), Map.of(), project.toString(), url);
            BufferedReader in =
                    new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
            int announced = 0;
            String line;
            while ((line = in.readLine()) != null) {
                if (line.startsWith("COMMITTED ")) {
                    announced = Integer.parseInt(line.substring(10));
                    if (announced >= 30) {
                        break;
                    }
                }
                assertFalse(line.startsWith("FINISHED"), "the child finished before it could be killed: " + line);
            }
            child.destroyForcibly(); // SIGKILL
            assertTrue(child.waitFor(30, TimeUnit.SECONDS));
            assertEquals(137, child.exitValue());
            String rater = Ids.of(
                    "rater",
                    "crashy",
                    JudgeFixtures.config("crashy", ProviderKind.OPENAI, url, "decision-tree", 2)
                            .version(JudgeFixtures.rubric("decision-tree")));
            int sentBefore;
            try (Project p = Project.open(project)) { // integrity check on open
                int kept = tracesWithEntry(p, rater);
                assertTrue(kept >= announced && kept < 100, "kept " + kept + ", announced " + announced);
                assertEquals(1, maxEntriesPerTrace(p, rater));
                assertEquals("running", scalar(p, "SELECT status FROM judge_run"), "the killed run never finished");
                assertEquals(
                        String.valueOf(kept),
                        scalar(p, "SELECT count(*) FROM judge_call WHERE label_id IS NOT NULL"),
                        "each kept label has its call, committed together");
                Thread.sleep(200); // let requests the child left in flight reach the server's count
                sentBefore = fake.requests.get();
                JudgeConfig cfg = JudgeFixtures.config("crashy", ProviderKind.OPENAI, url, "decision-tree", 2);
                RunReport resume = new JudgeRunner(
                                p,
                                cfg,
                                JudgeFixtures.rubric("decision-tree"),
                                System::getenv,
                                new JudgeRunner.Options(
                                        List.of(),
                                        0,
                                        false,
                                        new RetryPolicy(3, Duration.ofMillis(10), Duration.ofMillis(50))),
                                null)
                        .run();
                assertEquals(100 - kept, resume.planned());
                assertEquals(100 - kept, fake.requests.get() - sentBefore, "the resume sent only what was missing");
                assertEquals(100, tracesWithEntry(p, rater));
                assertEquals(1, maxEntriesPerTrace(p, rater), "no trace labelled twice");
                assertEquals("ok", scalar(p, "PRAGMA integrity_check"));
            }
        }
    }

    @Test
    void theApiKeyIsSentButNeverStoredPrintedOrLogged() throws Exception {
        String key = "sk-live-TRACEJUDGE-SECRET-7f3a9c";
        Path project = JudgeFixtures.project(dir, 0);
        FakeProvider fake = new FakeProvider(ProviderKind.OPENAI, 0) {
            @Override
            public mockwebserver3.MockResponse dispatch(mockwebserver3.RecordedRequest r) throws InterruptedException {
                mockwebserver3.MockResponse normal = super.dispatch(r);
                int i = requests.get();
                if (i % 5 == 0) { // a provider that echoes the key back, as some error messages do
                    // per-trace (context length, llama.cpp's type), so the run goes on and stores it
                    return new mockwebserver3.MockResponse.Builder()
                            .code(400)
                            .body(error(
                                    "exceed_context_size_error",
                                    "Context exceeded for key " + r.getHeaders().get("Authorization")))
                            .build();
                }
                if (i % 7 == 0) {
                    return new mockwebserver3.MockResponse.Builder()
                            .code(200)
                            .body("{\"choices\": [{\"message\": " + "{\"content\": \"I was told the key " + key
                                    + "\"}}]}")
                            .build();
                }
                return normal;
            }
        };
        try (MockWebServer server = new MockWebServer()) {
            server.setDispatcher(fake);
            server.start();
            Process child = ChildJvm.start(
                    "org.tracejudge.Main",
                    Map.of(
                            "TJ_TEST_KEY",
                            key,
                            "TRACEJUDGE_HOME",
                            dir.resolve("home").toString()),
                    "judge",
                    project.toString(),
                    "--name",
                    "secretive",
                    "--provider",
                    "openai",
                    "--base-url",
                    server.url("/v1").toString(),
                    "--model",
                    "m",
                    "--rubric",
                    "decision-tree",
                    "--api-key-env",
                    "TJ_TEST_KEY",
                    "--concurrency",
                    "2");
            String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(child.waitFor(60, TimeUnit.SECONDS));
            assertEquals(1, child.exitValue(), "null verdicts are failures: " + output);
            assertEquals("Bearer " + key, fake.lastHeaders.get("authorization"), "the key was sent");
            assertTrue(output.contains("labelled "), output);
            assertFalse(output.contains(key), "not in stdout or stderr");
            try (Project p = Project.open(project)) {
                assertTrue(
                        Integer.parseInt(
                                        scalar(
                                                p,
                                                "SELECT count(*) FROM label WHERE action = 'null' AND "
                                                        + "(raw LIKE '%api key removed%' OR null_reason LIKE '%api key removed%')"))
                                > 0,
                        "the echoed key was removed before storing");
                assertTrue(p.meta("judge:secretive").contains("TJ_TEST_KEY"), "the variable's name is kept");
            }
            byte[] needle = key.getBytes(StandardCharsets.UTF_8);
            try (var files = Files.list(dir)) {
                for (Path f : files.filter(Files::isRegularFile).toList()) {
                    assertFalse(contains(Files.readAllBytes(f), needle), "key found in " + f);
                }
            }
        }
    }

    private static boolean contains(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (hay[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}
