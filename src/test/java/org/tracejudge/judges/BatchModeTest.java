package org.tracejudge.judges;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.tracejudge.judges.JudgeFixtures.config;
import static org.tracejudge.judges.JudgeFixtures.tracesJudgeable;

import java.nio.file.Path;
import java.util.List;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.judges.prompt.RubricLibrary;
import org.tracejudge.judges.provider.ProviderKind;
import org.tracejudge.store.Project;

/** judge --batch through the OpenAI Batch API and Anthropic Message Batches, stopped and resumed. */
class BatchModeTest {
    @TempDir
    Path dir;

    private static JudgeRunner.Options batch() {
        return new JudgeRunner.Options(List.of(), 0, false, null, true, 20);
    }

    @Test
    void anOpenAiBatchStoppedWhileRunningIsPickedUpAndStoredAsALiveRunWouldStoreIt() throws Exception {
        BatchReplay replay = new BatchReplay();
        replay.pollsUntilDone = 4;
        replay.contextErrorEvery = 20;
        try (MockWebServer server = new MockWebServer();
                Project p = Project.open(JudgeFixtures.project(dir, 0))) {
            server.setDispatcher(replay);
            server.start();
            JudgeConfig cfg = config(
                            "batched",
                            ProviderKind.OPENAI,
                            server.url("/v1").toString(),
                            RubricLibrary.DECISION_TREE,
                            4)
                    .withApiKeyEnv("K");
            JudgeRunner[] holder = new JudgeRunner[1];
            holder[0] = new JudgeRunner(
                    p,
                    cfg,
                    JudgeFixtures.rubric(cfg.rubric()),
                    k -> "sk-test-batch-0000000000",
                    batch(),
                    new JudgeListener() {
                        @Override
                        public void progress(int done, int planned, long elapsedMillis, long etaMillis) {
                            holder[0].cancel(); // stopped after the first poll
                        }
                    });
            RunReport stopped = holder[0].run();
            assertEquals("cancelled", stopped.status());
            assertEquals(1, replay.submits.get());
            assertNotNull(p.meta(JudgeRunner.BATCH_META_PREFIX + "batched"), "the batch id is kept in the project");
            assertEquals(0, JudgeFixtures.tracesWithEntry(p, stopped.raterId()));

            RunReport resumed = new JudgeRunner(
                            p, cfg, JudgeFixtures.rubric(cfg.rubric()), k -> "sk-test-batch-0000000000", batch(), null)
                    .run();
            assertEquals(1, replay.submits.get(), "the same batch, not a second one");
            int n = tracesJudgeable(p);
            assertEquals(3, resumed.nulls(), resumed.summary());
            assertEquals(n - 3, resumed.labelled());
            assertEquals(
                    "3", TestData.scalar(p, "SELECT count(*) FROM judge_call WHERE error LIKE 'context_length:%'"));
            assertEquals(
                    String.valueOf(n - 3),
                    TestData.scalar(p, "SELECT count(*) FROM judge_call WHERE status = 'ok'"),
                    "the answers are in the cache like a live run's");
            assertNull(p.meta(JudgeRunner.BATCH_META_PREFIX + "batched"), "done: the batch id is dropped");
            assertEquals(1, JudgeFixtures.maxEntriesPerTrace(p, resumed.raterId()));
        }
    }

    @Test
    void anAnthropicMessageBatchLabelsEveryTrace() throws Exception {
        BatchReplay replay = new BatchReplay();
        replay.contextErrorEvery = 30;
        try (MockWebServer server = new MockWebServer();
                Project p = Project.open(JudgeFixtures.project(dir, 0))) {
            server.setDispatcher(replay);
            server.start();
            JudgeConfig cfg = config(
                    "claude-batch", ProviderKind.ANTHROPIC, server.url("/").toString(), RubricLibrary.DECISION_TREE, 4);
            RunReport r = new JudgeRunner(p, cfg, JudgeFixtures.rubric(cfg.rubric()), k -> null, batch(), null).run();
            int n = tracesJudgeable(p);
            assertEquals("done", r.status(), r.message());
            assertEquals(2, r.nulls(), r.summary());
            assertEquals(n - 2, r.labelled());
            assertTrue(
                    r.failureLines().get(0).contains("context length exceeded"),
                    r.failureLines().toString());
            assertEquals(1, replay.submits.get());
        }
    }
}
