package org.tracejudge.judges;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import mockwebserver3.MockWebServer;
import org.tracejudge.judges.prompt.RubricLibrary;
import org.tracejudge.judges.provider.ProviderKind;
import org.tracejudge.judges.provider.RetryPolicy;
import org.tracejudge.store.Project;

/**
 * Judge throughput against a local mockwebserver3 that answers each request after 50 ms:
 * 2,000 judgments at concurrency 16 (target ≤ 10 s), the same run again (zero requests, ≤ 2 s), another
 * judge with the same settings answered wholly from the cache, and 2,000 judgments under the fault mix
 * (10% 429 with Retry-After: 1, 5% 500, 2% timeouts, 2% malformed bodies). Run with
 * {@code bash bench/judge-bench.sh}.
 */
public final class JudgeBench {
    private JudgeBench() {}

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory("judge-bench");
        int copies = 97; // 60 sample traces + 97 × 20 = 2,000
        System.out.println("building two projects of 2,000 traces ...");
        Path plain = JudgeFixtures.project(Files.createDirectories(dir.resolve("plain")), copies);
        Path faulty = JudgeFixtures.project(Files.createDirectories(dir.resolve("faulty")), copies);
        Path warm = JudgeFixtures.project(Files.createDirectories(dir.resolve("warm")), 5);
        RetryPolicy retry = new RetryPolicy(10, Duration.ofMillis(200), Duration.ofSeconds(5));
        try (MockWebServer server = NoDelayServerSockets.server()) {
            FakeProvider fake = new FakeProvider(ProviderKind.OPENAI, 50);
            server.setDispatcher(fake);
            server.start();
            String url = server.url("/v1").toString();
            JudgeConfig cfg = JudgeFixtures.config("bench", ProviderKind.OPENAI, url, RubricLibrary.DECISION_TREE, 16);
            try (Project p = Project.open(warm)) {
                run("warm-up (160 traces)", p, cfg, retry, fake);
            }
            try (Project p = Project.open(plain)) {
                run("2,000 judgments, concurrency 16, 50 ms server", p, cfg, retry, fake);
                run("same run again (nothing left to judge)", p, cfg, retry, fake);
                JudgeConfig twin = JudgeFixtures.config("bench-twin", ProviderKind.OPENAI, url,
                        RubricLibrary.DECISION_TREE, 16);
                run("another judge, same settings (all from the cache)", p, twin, retry, fake);
            }
            fake.faults = FakeProvider.mix(11, 0.10, 0.05, 0.02, 0.02);
            fake.timeoutStallMillis = 900;
            try (Project p = Project.open(faulty)) {
                RunReport r = run("2,000 judgments under the fault mix", p, cfg.withTimeoutMillis(1000), retry, fake);
                System.out.printf(Locale.ROOT, "  injected %s; traces with a verdict %d of %d; most entries per trace %d%n",
                        fake.injected, JudgeFixtures.tracesWithEntry(p, r.raterId()), JudgeFixtures.tracesJudgeable(p),
                        JudgeFixtures.maxEntriesPerTrace(p, r.raterId()));
            }
        }
    }

    private static RunReport run(String what, Project p, JudgeConfig cfg, RetryPolicy retry, FakeProvider fake) {
        int before = fake.requests.get();
        fake.maxInFlight.set(0);
        long start = System.nanoTime();
        RunReport r = new JudgeRunner(p, cfg, JudgeFixtures.rubric(cfg.rubric()), System::getenv,
                new JudgeRunner.Options(List.of(), 0, false, retry), null).run();
        double s = (System.nanoTime() - start) / 1e9;
        System.out.printf(Locale.ROOT, "%-52s %6.2f s  requests %5d  server max in flight %2d  | %s%n", what, s,
                fake.requests.get() - before, fake.maxInFlight.get(), r.summary());
        return r;
    }
}
