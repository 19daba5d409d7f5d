package org.tracejudge.agreement;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Benchmark (plain timed runs after a warm-up; not a unit test): agreement for one question of each kind at
 * 100,000 items × 3 raters (5% of answers missing), points only and with 1,000 bootstrap resamples on all cores.
 * Goal (issue 49): ≤ 2 s per question. Run with {@code bash bench/question-agreement-bench.sh}. Prints wall-clock
 * medians and the process's CPU time per run: on a shared machine the wall clock overstates the work, and CPU time
 * divided by the cores is what an idle machine would take.
 */
public final class QuestionAgreementBench {
    static final int ITEMS = 100_000;
    static final int RATERS = 3;
    static final double MISSING = 0.05;

    public static void main(String[] args) {
        int items = args.length > 0 ? Integer.parseInt(args[0]) : ITEMS;
        System.out.printf(
                Locale.ROOT,
                "%d items x %d raters, %d cores, %s%n",
                items,
                RATERS,
                Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
        SplittableRandom rng = new SplittableRandom(49);
        String[] opts = {"none", "low", "moderate", "high", "imminent"};
        run("SINGLE_CHOICE", ratings(rng, items, (r, t) -> opts[r.nextDouble() < 0.8 ? t % 5 : r.nextInt(5)]));
        String[] tags = {"wrong_tool", "bad_args", "hallucinated", "ignored_result", "unsafe", "other"};
        run("MULTIPLE_CHOICE", ratings(rng, items, (r, t) -> {
            Set<String> s = new TreeSet<>();
            for (int k = 0; k < tags.length; k++) {
                boolean truth = ((t >> k) & 1) == 1 && (t % 3 != 0 || k < 2);
                if (r.nextDouble() < 0.9 ? truth : r.nextBoolean()) {
                    s.add(tags[k]);
                }
            }
            if (s.isEmpty()) {
                s.add("other");
            }
            return s;
        }));
        run("ORDINAL", ratings(rng, items, (r, t) -> Math.max(0, Math.min(4, t % 5 + r.nextInt(3) - 1))));
        run("NUMBER", ratings(rng, items, (r, t) -> (t % 1000) / 10.0 + r.nextGaussian() * 5)); // NUMBER
        String[] tools = {"search", "email", "calendar", "payments"};
        run("YES_NO_PER_TOOL", ratings(rng, items, (r, t) -> {
            Map<String, String> m = new TreeMap<>();
            for (int k = 0; k < tools.length; k++) {
                boolean yes = ((t >> k) & 1) == 1;
                m.put(tools[k], (r.nextDouble() < 0.9 ? yes : !yes) ? "YES" : "NO");
            }
            return m;
        }));
        run("SPAN", ratings(rng, items, (r, t) -> {
            List<SpanF1.Span> spans = new ArrayList<>();
            for (int k = 0; k < t % 4; k++) {
                int start = 40 * k + (r.nextDouble() < 0.7 ? 0 : r.nextInt(5));
                spans.add(new SpanF1.Span("answer", start, start + 20 + (t % 7), k % 2 == 0 ? "harm" : "risk"));
            }
            return spans;
        }));
        run("TEXT", ratings(rng, items, (r, t) -> "note " + t));
    }

    interface Answer<T> {
        T draw(SplittableRandom rng, int truth);
    }

    static <T> Ratings<T> ratings(SplittableRandom rng, int items, Answer<T> answer) {
        Ratings.Builder<T> b = Ratings.builder();
        for (int r = 0; r < RATERS; r++) {
            b.addRater("r" + r);
        }
        for (int i = 0; i < items; i++) {
            String item = "t" + i;
            b.addItem(item);
            int truth = rng.nextInt(1 << 10);
            for (int r = 0; r < RATERS; r++) {
                if (rng.nextDouble() >= MISSING) {
                    b.add(item, "r" + r, answer.draw(rng, truth));
                }
            }
        }
        return b.build();
    }

    static void run(String kind, Ratings<?> ratings) {
        QuestionAgreement points =
                new QuestionAgreement(AgreementOptions.defaults().withResamples(0));
        QuestionAgreement full = new QuestionAgreement(AgreementOptions.defaults());
        double p = median(time(3, () -> points.compute(kind, ratings)));
        long cpu0 = cpuNanos();
        double[] fs = time(3, () -> full.compute(kind, ratings));
        double cpu = (cpuNanos() - cpu0) / 1e6 / 4; // warm-up + 3 runs
        double f = median(fs);
        QuestionAgreement.Result res = full.compute(kind, ratings);
        String first = res.coefficients().isEmpty()
                ? res.note()
                : res.coefficients().subList(0, Math.min(2, res.coefficients().size())).stream()
                        .map(c -> String.format(
                                Locale.ROOT,
                                "%s=%s [%s]",
                                c.name(),
                                c.value() == null ? "null" : String.format(Locale.ROOT, "%.4f", c.value()),
                                c.interval() == null
                                        ? "-"
                                        : String.format(
                                                Locale.ROOT,
                                                "%.4f, %.4f",
                                                c.interval().lo(),
                                                c.interval().hi())))
                        .reduce((a, b) -> a + "; " + b)
                        .orElse("");
        System.out.printf(
                Locale.ROOT,
                "%-16s points %7.1f ms   with 1000 resamples %7.1f ms (CPU %7.1f ms)   %s %s (%d coefficients)%n",
                kind,
                p,
                f,
                cpu,
                f <= 2000 ? "ok" : "OVER 2 s",
                first,
                res.coefficients().size());
    }

    /** CPU time of the whole process (every thread): on a shared machine, wall-clock time overstates the work. */
    static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    static double[] time(int runs, Runnable r) {
        r.run(); // warm-up
        double[] ms = new double[runs];
        for (int i = 0; i < runs; i++) {
            long t0 = System.nanoTime();
            r.run();
            ms[i] = (System.nanoTime() - t0) / 1e6;
        }
        return ms;
    }

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }
}
