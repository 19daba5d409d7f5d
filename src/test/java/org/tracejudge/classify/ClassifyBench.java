package org.tracejudge.classify;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.Locale;
import org.tracejudge.TestData;
import org.tracejudge.ensemble.JudgeChoice;
import org.tracejudge.ensemble.LabelSources;
import org.tracejudge.metrics.MetricsCalculator;
import org.tracejudge.rules.RuleClassifier;
import org.tracejudge.store.Project;

/**
 * In-process timings on a 22,000-trace project (22 models x 1,000 generated traces, two judges): storing the rule
 * labels ({@link RuleLabeller#classify}: read, classify in parallel, one write transaction) on a fresh copy and
 * re-running it on unchanged traces; loading every label source (raters, ensemble, final) and computing the metrics
 * of all sources for all 22 models. Warm-up first; prints median and best of the timed rounds.
 * Run: {@code java -cp target/test-classes:target/classes:<deps> org.tracejudge.classify.ClassifyBench [rounds] [dir]}.
 * The whole command, JVM start included, is timed by {@code bench/classify-bench.sh}.
 */
public final class ClassifyBench {
    private ClassifyBench() {}

    interface Work {
        void run() throws Exception;
    }

    static String time(String what, int warmup, int rounds, Work before, Work work) throws Exception {
        for (int i = 0; i < warmup; i++) {
            before.run();
            work.run();
        }
        double[] s = new double[rounds];
        double[] cpu = new double[rounds];
        com.sun.management.OperatingSystemMXBean os = (com.sun.management.OperatingSystemMXBean)
                java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        for (int i = 0; i < rounds; i++) {
            before.run();
            long c0 = os.getProcessCpuTime();
            long t0 = System.nanoTime();
            work.run();
            s[i] = (System.nanoTime() - t0) / 1e9;
            cpu[i] = (os.getProcessCpuTime() - c0) / 1e9;
        }
        Arrays.sort(s);
        Arrays.sort(cpu);
        return String.format(
                Locale.ROOT,
                "%-46s median %.4f s, best %.4f s; process CPU median %.4f s (%d rounds)",
                what,
                s[rounds / 2],
                s[0],
                cpu[rounds / 2],
                rounds);
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        Path dir = args.length > 1 ? Path.of(args[1]) : Files.createTempDirectory("classify-bench");
        Path base = dir.resolve("bench.tjdb");
        if (!Files.exists(base)) {
            long t0 = System.nanoTime();
            BenchProject.build(TestData.TOOLFAILBENCH, dir, 22, 1000);
            System.out.printf(Locale.ROOT, "built %s in %.1f s%n", base, (System.nanoTime() - t0) / 1e9);
        }
        Path copy = dir.resolve("copy.tjdb");
        Work fresh = () -> {
            Files.deleteIfExists(dir.resolve("copy.tjdb-wal"));
            Files.deleteIfExists(dir.resolve("copy.tjdb-shm"));
            Files.copy(base, copy, StandardCopyOption.REPLACE_EXISTING);
        };
        Work nothing = () -> {};
        System.out.println("cores: " + Runtime.getRuntime().availableProcessors() + ", load: "
                + Files.readString(Path.of("/proc/loadavg")).strip());
        String only = args.length > 2 ? args[2] : "all"; // all, metrics, compat, tolerant
        boolean onlyMetrics = only.equals("metrics");
        for (RuleClassifier.Mode m : RuleClassifier.Mode.values()) {
            if (!only.equals("all") && !only.equals(m.code())) {
                continue;
            }
            Project[] open = {null};
            System.out.println(time(
                    "classify " + m.code() + " (fresh project, writes all)",
                    2,
                    rounds,
                    () -> {
                        if (open[0] != null) {
                            open[0].close();
                        }
                        fresh.run();
                        open[0] = Project.open(copy); // opening (integrity check) is not timed here
                    },
                    () -> RuleLabeller.classify(open[0], m)));
            open[0].close();
        }
        if (!only.equals("all") && !onlyMetrics) {
            return;
        }
        fresh.run();
        try (Project p = Project.open(copy)) {
            RuleLabeller.classify(p, RuleClassifier.Mode.COMPAT);
            RuleLabeller.classify(p, RuleClassifier.Mode.TOLERANT);
            for (RuleClassifier.Mode m : onlyMetrics ? new RuleClassifier.Mode[0] : RuleClassifier.Mode.values()) {
                System.out.println(time(
                        "classify " + m.code() + " re-run (unchanged)",
                        2,
                        rounds,
                        nothing,
                        () -> RuleLabeller.classify(p, m)));
            }
            JudgeChoice choice = JudgeChoice.resolve(p, String.join(",", BenchProject.JUDGES), null);
            LabelSources[] loaded = {LabelSources.load(p, choice)};
            System.out.println("sources: " + loaded[0].sourceNames() + ", models: "
                    + loaded[0].models().size() + ", traces: " + loaded[0].size());
            System.out.println(time(
                    "metrics, all sources x 22 models (compute)",
                    20,
                    rounds * 4,
                    nothing,
                    () -> MetricsCalculator.computeAll(loaded[0])));
            System.out.println(time(
                    "metrics, all sources (load labels + compute)",
                    3,
                    rounds,
                    nothing,
                    () -> MetricsCalculator.computeAll(LabelSources.load(p, choice))));
        }
    }
}
