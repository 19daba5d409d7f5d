package org.tracejudge.agreement;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/**
 * Percentile bootstrap over items for every κ/α of a table.
 *
 * <p>Resample b draws n items with replacement using its own generator seeded from
 * (seed, b), so the intervals do not depend on the number of threads or on scheduling.
 * Percentiles use linear interpolation between order statistics (Hyndman–Fan type 7);
 * resamples in which a coefficient is undefined are left out and counted.
 */
public final class Bootstrap {
    public static final long DEFAULT_SEED = 42;
    public static final int DEFAULT_RESAMPLES = 1000;

    private final int resamples;
    private final long seed;
    private final int threads;

    public Bootstrap(int resamples, long seed, int threads) {
        if (resamples < 1) {
            throw new IllegalArgumentException("resamples must be ≥ 1");
        }
        this.resamples = resamples;
        this.seed = seed;
        this.threads = Math.max(1, threads);
    }

    /** 1,000 resamples, seed 42, all cores. */
    public Bootstrap() {
        this(DEFAULT_RESAMPLES, DEFAULT_SEED, Runtime.getRuntime().availableProcessors());
    }

    public int resamples() {
        return resamples;
    }

    public long seed() {
        return seed;
    }

    /** Thrown by {@link #intervals(LabelTable, int[], BooleanSupplier)} when its caller gave up on the run. */
    static final class Abandoned extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Abandoned() {
            super("bootstrap run abandoned", null, false, false);
        }
    }

    /** Intervals for the coefficient vector of {@link Coefficients#vector}; null entries where never defined. */
    Interval[] intervals(LabelTable t, int[] fleissRaters) {
        return intervals(t, fleissRaters, () -> false);
    }

    /**
     * As {@link #intervals(LabelTable, int[])}, checking {@code abandon} between resamples: once it says true
     * the run stops and throws {@link Abandoned}.
     */
    Interval[] intervals(LabelTable t, int[] fleissRaters, BooleanSupplier abandon) {
        ItemContributions items = new ItemContributions(t, fleissRaters);
        int[] scores = Coefficients.scoresOrNull(t.labels());
        int len = Coefficients.vectorLength(new AgreementCounts(t.raters(), t.labels(), fleissRaters), scores != null);
        double[][] values = new double[resamples][];
        if (t.itemCount() == 0) {
            Interval[] none = new Interval[len];
            return none;
        }
        int nThreads = Math.min(threads, resamples);
        if (nThreads == 1) {
            runRange(t, fleissRaters, items, scores, len, 0, resamples, values, abandon);
        } else {
            ExecutorService pool = Executors.newFixedThreadPool(nThreads, r -> {
                Thread th = new Thread(r, "agreement-bootstrap");
                th.setDaemon(true);
                return th;
            });
            try {
                List<Future<?>> futures = new ArrayList<>();
                int chunk = Math.max(1, (resamples + nThreads * 4 - 1) / (nThreads * 4));
                for (int from = 0; from < resamples; from += chunk) {
                    final int f = from;
                    final int to = Math.min(resamples, from + chunk);
                    futures.add(
                            pool.submit(() -> runRange(t, fleissRaters, items, scores, len, f, to, values, abandon)));
                }
                for (Future<?> fu : futures) {
                    fu.get();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("bootstrap interrupted", e);
            } catch (ExecutionException e) {
                if (e.getCause() instanceof Abandoned a) {
                    throw a;
                }
                throw new IllegalStateException("bootstrap failed", e.getCause());
            } finally {
                pool.shutdownNow();
            }
        }
        return percentiles(values, len);
    }

    /**
     * Intervals for coefficients that are functions of per-item sums ({@link ItemSums}): each resample draws the
     * items with replacement (the same generator per resample as for label tables), adds their contributions and
     * applies {@code coefficients}, which must be free of side effects (it runs on several threads) and gives NaN where
     * a coefficient is undefined. Null entries where a coefficient was never defined.
     */
    Interval[] intervals(ItemSums sums, int len, Function<double[], double[]> coefficients) {
        int n = sums.items();
        if (n == 0) {
            return new Interval[len];
        }
        double[][] values = new double[resamples][];
        int nThreads = Math.min(threads, resamples);
        Runnable[] parts = new Runnable[nThreads];
        for (int t = 0; t < nThreads; t++) {
            final int from = (int) ((long) resamples * t / nThreads);
            final int to = (int) ((long) resamples * (t + 1) / nThreads);
            parts[t] = () -> {
                int[] weights = new int[sums.patterns()];
                double[] buf = new double[sums.length];
                int[] patternOf = sums.patternOf;
                for (int b = from; b < to; b++) {
                    Arrays.fill(weights, 0);
                    SplittableRandom rng = rngFor(seed, b);
                    for (int d = 0; d < n; d++) {
                        weights[patternOf[rng.nextInt(n)]]++;
                    }
                    values[b] = coefficients.apply(sums.total(weights, buf));
                }
            };
        }
        if (nThreads == 1) {
            parts[0].run();
        } else {
            ExecutorService pool = Executors.newFixedThreadPool(nThreads, r -> {
                Thread th = new Thread(r, "agreement-bootstrap");
                th.setDaemon(true);
                return th;
            });
            try {
                List<Future<?>> futures = new ArrayList<>();
                for (Runnable part : parts) {
                    futures.add(pool.submit(part));
                }
                for (Future<?> fu : futures) {
                    fu.get();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("bootstrap interrupted", e);
            } catch (ExecutionException e) {
                throw new IllegalStateException("bootstrap failed", e.getCause());
            } finally {
                pool.shutdownNow();
            }
        }
        return percentiles(values, len);
    }

    /** Per coefficient j, the 2.5% and 97.5% quantiles of values[b][j] over the resamples where it is defined. */
    private Interval[] percentiles(double[][] values, int len) {
        Interval[] out = new Interval[len];
        double[] col = new double[resamples];
        for (int j = 0; j < len; j++) {
            int d = 0;
            for (int b = 0; b < resamples; b++) {
                double v = values[b][j];
                if (!Double.isNaN(v)) {
                    col[d++] = v;
                }
            }
            if (d == 0) {
                continue;
            }
            Arrays.sort(col, 0, d);
            out[j] = new Interval(quantile(col, d, 0.025), quantile(col, d, 0.975), resamples, resamples - d);
        }
        return out;
    }

    private void runRange(
            LabelTable t,
            int[] fleissRaters,
            ItemContributions items,
            int[] scores,
            int len,
            int from,
            int to,
            double[][] values,
            BooleanSupplier abandon) {
        int n = t.itemCount();
        int[] patternOf = items.patternOf;
        int[] weights = new int[items.nPatterns];
        byte[] small = items.smallPatternOf; // the same draws through a cache-sized copy, when there is one
        AgreementCounts counts = new AgreementCounts(t.raters(), t.labels(), fleissRaters);
        for (int b = from; b < to; b++) {
            if (abandon.getAsBoolean()) {
                throw new Abandoned();
            }
            Arrays.fill(weights, 0);
            SplittableRandom rng = rngFor(seed, b);
            if (small != null) {
                for (int d = 0; d < n; d++) {
                    weights[small[rng.nextInt(n)] & 0xFF]++; // item drawn → its pattern's weight
                }
            } else {
                for (int d = 0; d < n; d++) {
                    weights[patternOf[rng.nextInt(n)]]++;
                }
            }
            items.accumulate(weights, counts);
            double[] v = new double[len];
            Coefficients.vector(counts, scores, v);
            values[b] = v;
        }
    }

    /** The generator of resample {@code index}: a function of (seed, index) only. */
    static SplittableRandom rngFor(long seed, int index) {
        return new SplittableRandom(mix(seed * 0x9E3779B97F4A7C15L + index));
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** Type-7 quantile of the first d sorted values. */
    static double quantile(double[] sorted, int d, double p) {
        double h = (d - 1) * p;
        int lo = (int) Math.floor(h);
        int hi = Math.min(lo + 1, d - 1);
        return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
    }
}
