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
 * (10% 429 with Retry-After: 1, 5% 500, 2% timeouts, 2% malformed bodies); issue 19's rate-limit pause with
 * Retry-After: 2 on 10% of requests (independent, and in five episodes) and the time a fatal error takes to end a
 * run with 16 requests in flight. Run with
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
        boolean only = args.length > 0 && args[0].equals("rate-limit"); // bench/judge-bench.sh rate-limit
        if (!only) {
            fatalStop(dir);
        }
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
                if (only) {
                    run("2,000 judgments, concurrency 16, 50 ms server", p, cfg, retry, fake);
                    rateLimits(dir, copies, cfg, retry, fake, false);
                    return;
                }
                run("2,000 judgments, concurrency 16, 50 ms server", p, cfg, retry, fake);
                run("same run again (nothing left to judge)", p, cfg, retry, fake);
                JudgeConfig twin =
                        JudgeFixtures.config("bench-twin", ProviderKind.OPENAI, url, RubricLibrary.DECISION_TREE, 16);
                run("another judge, same settings (all from the cache)", p, twin, retry, fake);
            }
            rateLimits(dir, copies, cfg, retry, fake, true);
            fake.retryAfterSeconds = 1;
            fake.faults = FakeProvider.mix(11, 0.10, 0.05, 0.02, 0.02);
            fake.timeoutStallMillis = 900;
            try (Project p = Project.open(faulty)) {
                RunReport r = run("2,000 judgments under the fault mix", p, cfg.withTimeoutMillis(1000), retry, fake);
                System.out.printf(
                        Locale.ROOT,
                        "  injected %s; traces with a verdict %d of %d; most entries per trace %d%n",
                        fake.injected,
                        JudgeFixtures.tracesWithEntry(p, r.raterId()),
                        JudgeFixtures.tracesJudgeable(p),
                        JudgeFixtures.maxEntriesPerTrace(p, r.raterId()));
            }
        }
    }

    /** A fatal answer (Ollama's model not found) among 15 slow requests in flight: time until the run returns. */
    static void fatalStop(Path dir) throws Exception {
        ProviderReplay replay = new ProviderReplay();
        replay.scenario = (i, b) -> i == 5
                ? ProviderReplay.ollamaModelNotFound("judge-model-1")
                : ProviderReplay.delayed(ProviderReplay.ok(ProviderReplay.validReply(b)), i < 5 ? 10 : 30_000);
        try (MockWebServer server = NoDelayServerSockets.server();
                Project p = Project.open(JudgeFixtures.project(Files.createDirectories(dir.resolve("fatal")), 5))) {
            server.setDispatcher(replay);
            server.start();
            JudgeConfig cfg = JudgeFixtures.config(
                    "fatal", ProviderKind.OPENAI, server.url("/v1").toString(), RubricLibrary.DECISION_TREE, 16);
            RunReport r = new JudgeRunner(p, cfg, JudgeFixtures.rubric(cfg.rubric()), System::getenv, null, null).run();
            long end = System.nanoTime();
            long shown =
                    replay.answered.stream().filter(a -> a[0] == 5).findFirst().orElseThrow()[1];
            System.out.printf(
                    Locale.ROOT,
                    "fatal error among 16 in flight: run returned %d ms after the 404 left the "
                            + "server (%s; %d null verdicts)%n",
                    (end - shown) / 1_000_000,
                    r.fatal(),
                    r.nulls());
        }
    }

    /** Rate limits pause the whole pool: in five episodes, and (with {@code independent}) on 10% of requests. */
    private static void rateLimits(
            Path dir, int copies, JudgeConfig cfg, RetryPolicy retry, FakeProvider fake, boolean independent)
            throws Exception {
        fake.retryAfterSeconds = 2;
        // a server over its limit in five episodes: at requests 200, 600, ... of the run it answers every request
        // arriving in the next 100 ms with 429 + Retry-After: 2, then serves again
        fake.arrivals.clear();
        fake.rateLimitedAt.clear();
        int base = fake.requests.get();
        long[] overUntil = {0};
        fake.faults = i -> {
            long now = System.nanoTime();
            if ((i - base) % 400 == 200) {
                overUntil[0] = now + 100_000_000L;
            }
            return now < overUntil[0] ? FakeProvider.Fault.RATE_LIMITED : FakeProvider.Fault.NONE;
        };
        try (Project p = Project.open(JudgeFixtures.project(Files.createDirectories(dir.resolve("rl2")), copies))) {
            RunReport r = run("2,000 judgments, 5 rate-limit episodes (429 + Retry-After: 2)", p, cfg, retry, fake);
            fake.faults = i -> FakeProvider.Fault.NONE;
            System.out.printf(
                    Locale.ROOT,
                    "  429s %d; requests that arrived during a pause: %d; labelled %d; "
                            + "gaps between arrivals over 300 ms: %s%n",
                    fake.rateLimitedAt.size(),
                    fake.arrivalsDuringPauses(2000),
                    r.labelled(),
                    gaps(fake.arrivals));
        }
        if (!independent) {
            return;
        }
        // independent 429s on 10% of requests: nearly every wave of 16 holds one, so the pool pauses about once a wave
        fake.faults = FakeProvider.mix(13, 0.10, 0, 0, 0);
        fake.arrivals.clear();
        fake.rateLimitedAt.clear();
        try (Project p = Project.open(JudgeFixtures.project(Files.createDirectories(dir.resolve("rl")), copies))) {
            RunReport r = run("2,000 judgments, 10% independent 429 + Retry-After: 2", p, cfg, retry, fake);
            System.out.printf(
                    Locale.ROOT,
                    "  429s %d; requests that arrived during a pause: %d; labelled %d%n",
                    fake.rateLimitedAt.size(),
                    fake.arrivalsDuringPauses(2000),
                    r.labelled());
        }
    }

    private static List<Long> gaps(List<Long> arrivals) {
        List<Long> sorted = new java.util.ArrayList<>(arrivals);
        java.util.Collections.sort(sorted);
        List<Long> out = new java.util.ArrayList<>();
        for (int i = 1; i < sorted.size(); i++) {
            long ms = (sorted.get(i) - sorted.get(i - 1)) / 1_000_000;
            if (ms > 300) {
                out.add(ms);
            }
        }
        return out;
    }

    private static RunReport run(String what, Project p, JudgeConfig cfg, RetryPolicy retry, FakeProvider fake) {
        int before = fake.requests.get();
        fake.maxInFlight.set(0);
        long start = System.nanoTime();
        RunReport r = new JudgeRunner(
                        p,
                        cfg,
                        JudgeFixtures.rubric(cfg.rubric()),
                        System::getenv,
                        new JudgeRunner.Options(List.of(), 0, false, retry),
                        null)
                .run();
        double s = (System.nanoTime() - start) / 1e9;
        System.out.printf(
                Locale.ROOT,
                "%-52s %6.2f s  requests %5d  server max in flight %2d  | %s%n",
                what,
                s,
                fake.requests.get() - before,
                fake.maxInFlight.get(),
                r.summary());
        return r;
    }
}
