package org.tracejudge.rules;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.tracejudge.model.Task;
import org.tracejudge.model.Trace;

/**
 * Throughput of both modes: 22,000 generated traces (all 1,000 tasks), classified after a warm-up, several timed
 * rounds; prints the median and best round. Targets: compat <= 0.08 s, tolerant <= 0.4 s per 22,000 traces.
 * Also timed split over 2 threads (the target allows both cores).
 * Run: {@code java -cp target/classes:target/test-classes:<deps> org.tracejudge.rules.RuleBench [rounds]}.
 */
public final class RuleBench {
    static final int TRACES = 22_000;

    private RuleBench() {}

    record Result(String mode, double medianSeconds, double bestSeconds, int n) {}

    /** The same work split over {@code threads} threads (contiguous halves), timed the same way. */
    static Result timeParallel(RuleClassifier.Mode mode, List<GeneratedTraces.Item> items, int rounds, int threads)
            throws Exception {
        Task[] tasks = items.stream().map(GeneratedTraces.Item::task).toArray(Task[]::new);
        Trace[] traces = items.stream().map(GeneratedTraces.Item::trace).toArray(Trace[]::new);
        RuleClassifier rc = new RuleClassifier(mode);
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(threads);
        try {
            java.util.concurrent.atomic.LongAdder sink = new java.util.concurrent.atomic.LongAdder();
            java.util.List<java.util.concurrent.Callable<Void>> parts = new java.util.ArrayList<>();
            int chunk = (tasks.length + threads - 1) / threads;
            for (int t = 0; t < threads; t++) {
                int from = t * chunk;
                int to = Math.min(tasks.length, from + chunk);
                parts.add(() -> {
                    long s = 0;
                    for (int i = from; i < to; i++) {
                        s += rc.classify(tasks[i], traces[i]).label().length();
                    }
                    sink.add(s);
                    return null;
                });
            }
            for (int w = 0; w < 5; w++) {
                for (var f : pool.invokeAll(parts)) {
                    f.get();
                }
            }
            double[] secs = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                long t0 = System.nanoTime();
                for (var f : pool.invokeAll(parts)) {
                    f.get();
                }
                secs[r] = (System.nanoTime() - t0) / 1e9;
            }
            Arrays.sort(secs);
            return new Result(mode.code() + " x" + threads, secs[rounds / 2], secs[0], tasks.length);
        } finally {
            pool.shutdownNow();
        }
    }

    static Result time(RuleClassifier.Mode mode, List<GeneratedTraces.Item> items, int rounds) {
        Task[] tasks = items.stream().map(GeneratedTraces.Item::task).toArray(Task[]::new);
        Trace[] traces = items.stream().map(GeneratedTraces.Item::trace).toArray(Trace[]::new);
        RuleClassifier rc = new RuleClassifier(mode);
        long sink = 0;
        for (int w = 0; w < 5; w++) { // warm-up (also fills the per-task cache)
            for (int i = 0; i < tasks.length; i++) {
                sink += rc.classify(tasks[i], traces[i]).label().length();
            }
        }
        double[] secs = new double[rounds];
        double[] cpu = new double[rounds];
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        for (int r = 0; r < rounds; r++) {
            long c0 = mx.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            for (int i = 0; i < tasks.length; i++) {
                sink += rc.classify(tasks[i], traces[i]).label().length();
            }
            secs[r] = (System.nanoTime() - t0) / 1e9;
            cpu[r] = (mx.getCurrentThreadCpuTime() - c0) / 1e9;
        }
        Arrays.sort(cpu);
        System.out.printf(
                Locale.ROOT,
                "  (%s: thread CPU time median %.4f s, best %.4f s: unaffected by other processes)%n",
                mode.code(),
                cpu[rounds / 2],
                cpu[0]);
        if (sink == 42) {
            System.out.println();
        }
        Arrays.sort(secs);
        return new Result(mode.code(), secs[rounds / 2], secs[0], tasks.length);
    }

    static List<GeneratedTraces.Item> traces() throws IOException {
        return GeneratedTraces.generate(List.of("bench-model"), TRACES + 600)
                .subList(0, TRACES); // ~2.5% error rows dropped
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 9;
        List<GeneratedTraces.Item> items = traces();
        System.out.println("traces: " + items.size() + ", tasks: "
                + items.stream().map(i -> i.task().key()).distinct().count());
        System.out.println("load: "
                + java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg"))
                        .strip());
        String only = args.length > 1 ? args[1] : null;
        for (RuleClassifier.Mode m : RuleClassifier.Mode.values()) {
            if (only != null && !only.equals(m.code())) {
                continue;
            }
            for (Result r : List.of(time(m, items, rounds), timeParallel(m, items, rounds, 2))) {
                System.out.printf(
                        Locale.ROOT,
                        "%-12s median %.4f s, best %.4f s for %d traces (%.2f us/trace)%n",
                        r.mode(),
                        r.medianSeconds(),
                        r.bestSeconds(),
                        r.n(),
                        r.medianSeconds() * 1e6 / r.n());
            }
        }
    }
}
