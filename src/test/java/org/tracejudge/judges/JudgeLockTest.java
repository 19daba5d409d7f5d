package org.tracejudge.judges;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.judges.prompt.RubricLibrary;
import org.tracejudge.judges.provider.ProviderKind;
import org.tracejudge.store.Project;

class JudgeLockTest {
    @TempDir
    Path dir;

    @Test
    void aSecondRunIsRefusedNamingTheFirstAndADeadHoldersLockIsTakenOver() throws Exception {
        Path file = JudgeFixtures.project(dir, 0);
        // a live process other than us holds the lock: a child JVM that sleeps
        Process sleeper = new ProcessBuilder("sleep", "30").start();
        try (Project p = Project.open(file)) {
            String host = java.net.InetAddress.getLocalHost().getHostName();
            p.write(c -> {
                try (var s = c.prepareStatement("INSERT INTO project_meta(key, value) VALUES ('judge-lock', ?)")) {
                    s.setString(1, "{\"pid\":" + sleeper.pid() + ",\"host\":\"" + host + "\",\"judge\":\"other\","
                            + "\"started_at\":\"2026-11-24T08:00:00.000000Z\",\"token\":\"t\"}");
                    s.executeUpdate();
                }
                return null;
            });
            try (MockWebServer server = new MockWebServer()) {
                server.setDispatcher(new FakeProvider(ProviderKind.OPENAI, 0));
                server.start();
                JudgeConfig cfg = JudgeFixtures.config("second", ProviderKind.OPENAI, server.url("/v1").toString(),
                        RubricLibrary.DECISION_TREE, 2);
                JudgeException e = assertThrows(JudgeException.class, () -> new JudgeRunner(p, cfg,
                        JudgeFixtures.rubric(cfg.rubric()), k -> null, null, null).run());
                assertTrue(e.getMessage().contains("judge other, process " + sleeper.pid() + " on " + host
                        + ", started 2026-11-24T08:00:00.000000Z"), e.getMessage());
                assertEquals(0, server.getRequestCount(), "nothing sent");

                sleeper.destroy();
                sleeper.waitFor(10, TimeUnit.SECONDS);
                RunReport r = new JudgeRunner(p, cfg, JudgeFixtures.rubric(cfg.rubric()), k -> null,
                        new JudgeRunner.Options(List.of(), 0, false, null), null).run();
                assertEquals("done", r.status(), "a killed holder's lock is taken over");
                assertNull(p.meta("judge-lock"), "released at the end");
            }
        } finally {
            sleeper.destroy();

        }
    }
}
