package org.tracejudge.agreement;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class BootstrapTest {

    @Test
    void sameSeedSameIntervalsWhateverTheThreadCount() {
        LabelTable t = RandomTables.correlated(new SplittableRandom(11), 4, 5, 300, 0.6, 0.2);
        int[] f = {0, 1, 2, 3};
        Interval[] one = new Bootstrap(1000, 42, 1).intervals(t, f);
        Interval[] two = new Bootstrap(1000, 42, 2).intervals(t, f);
        Interval[] eight = new Bootstrap(1000, 42, 8).intervals(t, f);
        Interval[] again = new Bootstrap(1000, 42, 2).intervals(t, f);
        assertArrayEquals(one, two);
        assertArrayEquals(one, eight);
        assertArrayEquals(one, again);
        Interval[] other = new Bootstrap(1000, 43, 2).intervals(t, f);
        assertNotEquals(one[0], other[0]);
        for (Interval iv : one) {
            assertTrue(iv == null || iv.lo() <= iv.hi());
        }
    }

    @Test
    void reportIntervalsBracketThePointEstimate() {
        LabelTable t = RandomTables.correlated(new SplittableRandom(12), 3, 3, 400, 0.7, 0.0);
        AgreementReport r = new AgreementCalculator().report(t);
        for (AgreementReport.Pair p : r.pairwise()) {
            assertTrue(p.ci95()[0] < p.kappa() && p.kappa() < p.ci95()[1], p.toString());
        }
        assertTrue(r.fleiss().ci95()[0] < r.fleiss().kappa()
                && r.fleiss().kappa() < r.fleiss().ci95()[1]);
        assertTrue(r.alpha().ci95()[0] < r.alpha().value()
                && r.alpha().value() < r.alpha().ci95()[1]);
        assertEquals(1000, r.bootstrap().resamples());
        assertEquals(42, r.bootstrap().seed());
    }

    /**
     * Coverage sanity: data drawn from a population with known Cohen's kappa (two raters, three
     * categories, known joint distribution); the 95% percentile interval should cover the true
     * value in roughly 95% of 200 replications (binomial sd ≈ 1.5%).
     */
    @Test
    void coverageIsAboutNinetyFivePercent() {
        double[][] joint = {{0.25, 0.05, 0.03}, {0.04, 0.22, 0.06}, {0.02, 0.05, 0.28}};
        double po = 0;
        double pe = 0;
        for (int i = 0; i < 3; i++) {
            po += joint[i][i];
            double row = 0;
            double col = 0;
            for (int j = 0; j < 3; j++) {
                row += joint[i][j];
                col += joint[j][i];
            }
            pe += row * col;
        }
        double truth = (po - pe) / (1 - pe);
        SplittableRandom rng = new SplittableRandom(2024);
        int covered = 0;
        int reps = 200;
        for (int rep = 0; rep < reps; rep++) {
            LabelTable.Builder b = LabelTable.builder();
            for (int i = 0; i < 150; i++) {
                double u = rng.nextDouble();
                int cell = 0;
                double acc = 0;
                outer:
                for (int x = 0; x < 3; x++) {
                    for (int y = 0; y < 3; y++) {
                        acc += joint[x][y];
                        if (u <= acc || (x == 2 && y == 2)) {
                            cell = x * 3 + y;
                            break outer;
                        }
                    }
                }
                b.add("i" + i, "a", "c" + cell / 3).add("i" + i, "b", "c" + cell % 3);
            }
            Interval iv = new Bootstrap(1000, rep, 2).intervals(b.build(), new int[] {0, 1})[0];
            if (iv.lo() <= truth && truth <= iv.hi()) {
                covered++;
            }
        }
        double coverage = covered / (double) reps;
        assertTrue(coverage > 0.89 && coverage < 0.995, "coverage " + coverage);
    }

    /**
     * The fast path (pattern weights, sufficient counts) equals a naive bootstrap that materialises
     * each resampled table and recomputes from scratch with the same draws.
     */
    @Test
    void matchesNaiveResampling() {
        matchesNaiveResampling(RandomTables.correlated(new SplittableRandom(21), 3, 4, 120, 0.6, 0.25));
    }

    /** Past 256 label patterns the draws index an int array rather than a byte array: the same intervals. */
    @Test
    void matchesNaiveResamplingWithManyPatterns() {
        LabelTable t = RandomTables.correlated(new SplittableRandom(5), 3, 9, 3000, 0.1, 0.1);
        assertTrue(new ItemContributions(t, new int[] {0, 1, 2}).nPatterns > 256, "the int path is taken");
        matchesNaiveResampling(t);
    }

    private static void matchesNaiveResampling(LabelTable t) {
        int resamples = 200;
        Interval[] fast = new Bootstrap(resamples, 9, 2).intervals(t, new int[] {0, 1, 2});
        AgreementCalculator calc =
                new AgreementCalculator(AgreementOptions.defaults().withResamples(0));
        double[] pair = new double[resamples];
        double[] fleiss = new double[resamples];
        double[] alpha = new double[resamples];
        double[] label0 = new double[resamples];
        int n = t.itemCount();
        for (int b = 0; b < resamples; b++) {
            SplittableRandom rng = Bootstrap.rngFor(9, b);
            LabelTable.Builder rb = LabelTable.builder();
            for (String r : t.raters()) {
                rb.addRater(r);
            }
            for (int d = 0; d < n; d++) {
                int i = rng.nextInt(n);
                for (int r = 0; r < t.raterCount(); r++) {
                    if (t.label(i, r) != null) {
                        rb.add("draw" + d, t.raters().get(r), t.label(i, r));
                    }
                }
            }
            PointEstimates pe = calc.points(rb.build());
            pair[b] = pe.pairwise().get(0).kappa();
            fleiss[b] = pe.fleiss().kappa();
            alpha[b] = pe.alpha().value();
            label0[b] = pe.perLabel().get(0).pairwise().get(2).kappa();
        }
        int p = 3;
        check(fast[0], pair);
        check(fast[p], fleiss);
        check(fast[p + 1], alpha);
        check(fast[p + 2 + 2], label0);
    }

    private static void check(Interval fast, double[] values) {
        double[] v = values.clone();
        java.util.Arrays.sort(v);
        assertEquals(Bootstrap.quantile(v, v.length, 0.025), fast.lo(), 1e-12);
        assertEquals(Bootstrap.quantile(v, v.length, 0.975), fast.hi(), 1e-12);
    }

    @Test
    void quantileInterpolates() {
        double[] v = {1, 2, 3, 4, 5};
        assertEquals(1.1, Bootstrap.quantile(v, 5, 0.025), 1e-12);
        assertEquals(4.9, Bootstrap.quantile(v, 5, 0.975), 1e-12);
        assertEquals(3, Bootstrap.quantile(v, 5, 0.5), 1e-12);
    }
}
