package org.tracejudge.judges;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.judges.prompt.RubricLibrary;
import org.tracejudge.judges.provider.ProviderKind;
import org.tracejudge.store.Project;

/** Issue 22.7: the same judge answer has the same id on every laptop, so merged exports keep it once. */
class JudgeAnswerIdTest {
    @TempDir
    Path dir;

    @Test
    void twoLaptopsRunningTheSameJudgeWriteTheSameIds() throws Exception {
        Path a = JudgeFixtures.project(Files.createDirectories(dir.resolve("a")), 0);
        Path b = JudgeFixtures.project(Files.createDirectories(dir.resolve("b")), 0);
        try (MockWebServer server = new MockWebServer()) {
            server.setDispatcher(new FakeProvider(ProviderKind.OPENAI, 0));
            server.start();
            JudgeConfig cfg = JudgeFixtures.config(
                    "same", ProviderKind.OPENAI, server.url("/v1").toString(), RubricLibrary.DECISION_TREE, 3);
            String idsA;
            String idsB;
            try (Project p = Project.open(a)) {
                RunReport r = new JudgeRunner(p, cfg, JudgeFixtures.rubric(cfg.rubric()), k -> null, null, null).run();
                assertEquals(60, r.labelled());
                idsA = TestData.scalar(
                        p,
                        "SELECT group_concat(id, ',') FROM (SELECT id FROM label WHERE rater_id = '" + r.raterId()
                                + "' ORDER BY id)");
            }
            try (Project p = Project.open(b)) {
                RunReport r = new JudgeRunner(p, cfg, JudgeFixtures.rubric(cfg.rubric()), k -> null, null, null).run();
                idsB = TestData.scalar(
                        p,
                        "SELECT group_concat(id, ',') FROM (SELECT id FROM label WHERE rater_id = '" + r.raterId()
                                + "' ORDER BY id)");
                // a different answer to the same request is a different entry
                JudgeConfig other = cfg.withModel("judge-model-2");
                RunReport o =
                        new JudgeRunner(p, other, JudgeFixtures.rubric(other.rubric()), k -> null, null, null).run();
                assertNotEquals(
                        idsB,
                        TestData.scalar(
                                p,
                                "SELECT group_concat(id, ',') FROM (SELECT id FROM label " + "WHERE rater_id = '"
                                        + o.raterId() + "' ORDER BY id)"));
            }
            assertEquals(60, List.of(idsA.split(",")).size());
            assertEquals(idsA, idsB);
        }
    }
}
