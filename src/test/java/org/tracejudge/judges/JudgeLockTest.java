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
            // the lock is taken after its holder started: at the holder's start as the system reports it (which may be
            // rounded up), or now if that is later, so no wait on the clock is needed
            java.time.Instant now = java.time.Instant.now();
            java.time.Instant holderStarted = sleeper.info().startInstant().orElse(now);
            String at = org.tracejudge.store.Timestamps.format(holderStarted.isAfter(now) ? holderStarted : now);
            p.write(c -> {
                try (var s = c.prepareStatement("INSERT INTO project_meta(key, value) VALUES ('judge-lock', ?)")) {
                    s.setString(
                            1,
                            "{\"pid\":" + sleeper.pid() + ",\"host\":\"" + host + "\",\"judge\":\"other\","
                                    + "\"started_at\":\"" + at + "\",\"token\":\"t\"}");
                    s.executeUpdate();
                }
                return null;
            });
            try (MockWebServer server = new MockWebServer()) {
                server.setDispatcher(new FakeProvider(ProviderKind.OPENAI, 0));
                server.start();
                JudgeConfig cfg = JudgeFixtures.config(
                        "second", ProviderKind.OPENAI, server.url("/v1").toString(), RubricLibrary.DECISION_TREE, 2);
                JudgeException e = assertThrows(
                        JudgeException.class,
                        () -> new JudgeRunner(p, cfg, JudgeFixtures.rubric(cfg.rubric()), k -> null, null, null).run());
                assertTrue(
                        e.getMessage()
                                .contains("judge other, process " + sleeper.pid() + " on " + host + ", started " + at),
                        e.getMessage());
                assertEquals(0, server.getRequestCount(), "nothing sent");

                sleeper.destroy();
                sleeper.waitFor(10, TimeUnit.SECONDS);
                RunReport r = new JudgeRunner(
                                p,
                                cfg,
                                JudgeFixtures.rubric(cfg.rubric()),
                                k -> null,
                                new JudgeRunner.Options(List.of(), 0, false, null),
                                null)
                        .run();
                assertEquals("done", r.status(), "a killed holder's lock is taken over");
                assertNull(p.meta("judge-lock"), "released at the end");
                // a lock whose pid now belongs to a process started after it (a reused pid) is stale too
                Process later = new ProcessBuilder("sleep", "30").start();
                try {
                    p.write(c -> {
                        try (var s =
                                c.prepareStatement("INSERT INTO project_meta(key, value) VALUES ('judge-lock', ?)")) {
                            s.setString(
                                    1,
                                    "{\"pid\":" + later.pid() + ",\"host\":\"" + host + "\",\"judge\":\"old\","
                                            + "\"started_at\":\"2026-01-01T00:00:00.000000Z\",\"token\":\"t\"}");
                            s.executeUpdate();
                        }
                        return null;
                    });
                    RunReport again =
                            new JudgeRunner(p, cfg, JudgeFixtures.rubric(cfg.rubric()), k -> null, null, null).run();
                    assertEquals("done", again.status());
                } finally {
                    later.destroy();
                }
                assertNull(p.meta("judge-lock"), "released at the end");
            }
        } finally {
            sleeper.destroy();
        }
    }
}
