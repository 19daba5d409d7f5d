package org.tracejudge.agreement;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Benchmark (plain timed loops after warm-up; not a unit test). Run with
 * {@code bash bench/run_agreement_bench.sh}. Measures, on 5 raters × 22,000 items × 7 labels:
 * all coefficients from scratch (target ≤ 50 ms), one live label change + snapshot (target ≤ 1 ms,
 * mean and p99 over 10,000 changes), and 1,000 bootstrap resamples of every coefficient
 * (target ≤ 2 s on 2 cores). Also times 3 pairwise Cohen + Fleiss on 3 raters, to compare with
 * bench/agreement_baseline.py, and writes that 3-rater table as CSV for it.
 */
public final class AgreementBench {
    static final int ITEMS = 22_000;
    static final int RATERS = 5;
    static final int LABELS = 7;

    public static void main(String[] args) throws IOException {
        Path out = Path.of(args.length > 0 ? args[0] : "bench/out");
        Files.createDirectories(out);
        LabelTable table = table(new SplittableRandom(42));
        int cores = Runtime.getRuntime().availableProcessors();
        System.out.printf(
                Locale.ROOT,
                "table: %d raters x %d items x %d labels, %d cores, %s%n",
                table.raterCount(),
                table.itemCount(),
                table.labelCount(),
                cores,
                System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));

        AgreementCalculator calc =
                new AgreementCalculator(AgreementOptions.defaults().withResamples(0));
        double[] scratch = time(20, 50, () -> calc.points(table));
        report("all coefficients from scratch (5 raters)", scratch, 50);

        // 3-rater subset: the work the Python baseline does (3 Cohen pairs + Fleiss)
        LabelTable three = table.withRaters(List.of("r0", "r1", "r2"));
        writeCsv(three, out.resolve("agreement_3x22000.csv"));
        double[] sub = time(20, 50, () -> {
            CohenKappa.compute(three, "r0", "r1");
            CohenKappa.compute(three, "r0", "r2");
            CohenKappa.compute(three, "r1", "r2");
            FleissKappa.compute(three, three.raters());
        });
        report("3 Cohen pairs + Fleiss, 3 raters (Python baseline's work)", sub, Double.NaN);
        System.out.printf(
                Locale.ROOT,
                "  values: kappa r0/r1=%.12f r0/r2=%.12f r1/r2=%.12f fleiss=%.12f%n",
                CohenKappa.compute(three, "r0", "r1").kappa(),
                CohenKappa.compute(three, "r0", "r2").kappa(),
                CohenKappa.compute(three, "r1", "r2").kappa(),
                FleissKappa.compute(three, three.raters()).kappa());

        liveBench(table);

        for (int threads : new int[] {cores, 1}) {
            Bootstrap boot = new Bootstrap(1000, 42, threads);
            int[] all = {0, 1, 2, 3, 4};
            double[] b = time(1, 3, () -> boot.intervals(table, all));
            report(
                    "1,000 bootstrap resamples of every coefficient, " + threads + " thread(s)",
                    b,
                    threads == cores ? 2000 : Double.NaN);
        }
        AgreementCalculator full = new AgreementCalculator();
        double[] rep = time(1, 3, () -> full.report(table));
        report("full report (points + 1,000 resamples + warnings)", rep, Double.NaN);
    }

    private static void liveBench(LabelTable table) {
        LiveAgreement live = LiveAgreement.of(table, AgreementOptions.defaults().withResamples(0));
        SplittableRandom rng = new SplittableRandom(7);
        List<String> items = table.items();
        List<String> raters = table.raters();
        List<String> labels = table.labels();
        Runnable change = () -> {
            String it = items.get(rng.nextInt(items.size()));
            String r = raters.get(rng.nextInt(raters.size()));
            if (rng.nextInt(10) == 0) {
                live.withdraw(it, r);
            } else {
                live.set(it, r, labels.get(rng.nextInt(labels.size())));
            }
        };
        for (int i = 0; i < 20_000; i++) { // warm-up
            change.run();
            live.snapshot();
        }
        int n = 10_000;
        double[] both = new double[n];
        double[] setOnly = new double[n];
        for (int i = 0; i < n; i++) {
            long t0 = System.nanoTime();
            change.run();
            long t1 = System.nanoTime();
            live.snapshot();
            long t2 = System.nanoTime();
            setOnly[i] = (t1 - t0) / 1e6;
            both[i] = (t2 - t0) / 1e6;
        }
        report("live: one label change + full snapshot", both, 1);
        report("live: one label change (counts update only)", setOnly, Double.NaN);
        live.close();
    }

    interface Task {
        void run();
    }

    private static double[] time(int warm, int reps, Task t) {
        for (int i = 0; i < warm; i++) {
            t.run();
        }
        double[] ms = new double[reps];
        for (int i = 0; i < reps; i++) {
            long t0 = System.nanoTime();
            t.run();
            ms[i] = (System.nanoTime() - t0) / 1e6;
        }
        return ms;
    }

    private static void report(String what, double[] ms, double targetMs) {
        double[] s = ms.clone();
        Arrays.sort(s);
        double mean = Arrays.stream(s).average().orElse(Double.NaN);
        double p99 = s[Math.min(s.length - 1, (int) Math.ceil(0.99 * s.length) - 1)];
        String target = Double.isNaN(targetMs)
                ? ""
                : String.format(Locale.ROOT, "  target <= %.0f ms: %s", targetMs, mean <= targetMs ? "MET" : "MISSED");
        System.out.printf(
                Locale.ROOT,
                "%-62s n=%-6d mean %10.4f ms  median %10.4f ms  p99 %10.4f ms%s%n",
                what,
                s.length,
                mean,
                s[s.length / 2],
                p99,
                target);
    }

    /** 5 raters, 7 skewed labels, raters agree with a latent truth 50–90% of the time, ~5% missing. */
    static LabelTable table(SplittableRandom rng) {
        double[] w = {0.40, 0.25, 0.15, 0.09, 0.06, 0.03, 0.02};
        String[] names = {
            "correct",
            "wrong_tool",
            "wrong_args",
            "hallucinated_result",
            "missed_step",
            "unnecessary_tool_use",
            "unsafe_call"
        };
        double[] acc = {0.9, 0.8, 0.7, 0.6, 0.5};
        LabelTable.Builder b = LabelTable.builder();
        for (int r = 0; r < RATERS; r++) {
            b.addRater("r" + r);
        }
        for (int i = 0; i < ITEMS; i++) {
            int truth = RandomTables.draw(rng, w);
            for (int r = 0; r < RATERS; r++) {
                if (r >= 3 && rng.nextDouble() < 0.08) {
                    continue; // the later raters (human annotators) skip some items
                }
                int c = rng.nextDouble() < acc[r] ? truth : RandomTables.draw(rng, w);
                b.add("t" + i, "r" + r, names[c]);
            }
        }
        return b.build();
    }

    static void writeCsv(LabelTable t, Path file) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write("item,rater,label\n");
            for (LabelTable.Triple tr : t.triples()) {
                w.write(tr.item() + "," + tr.rater() + "," + tr.label() + "\n");
            }
        }
    }
}
