package org.tracejudge.calibration;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.tracejudge.agreement.LabelTable;

/**
 * Each rater's error rates estimated without gold, from the raters' agreement pattern alone: the latent-class model of
 * Dawid and Skene (1979, J R Stat Soc C 28:20-28), fitted by EM. Every item has an unknown true class with prior
 * p_k; rater r gives label l to an item of class k with probability π_r[k][l], independently of the other raters.
 * Needs three raters or more. An estimate, never gold: it is only as good as the independence assumption.
 *
 * <p>Details fixed here (and in the reference script {@code src/test/resources/calibration/dawid_skene.py}): the first
 * start is the raters' vote shares per item; each M-step adds {@value #SMOOTHING} to every confusion count (no
 * probability is exactly 0); EM stops when no item's class probability moves by more than {@value #TOL} or after
 * {@value #MAX_ITER} iterations. {@link #fit(LabelTable, int, long)} adds random starts (seeded Dirichlet(1) class
 * probabilities per item) and keeps the fit with the highest log-likelihood, saying whether the starts agreed.
 */
public final class DawidSkene {
    private DawidSkene() {}

    public static final double SMOOTHING = 0.01;
    public static final double TOL = 1e-10;
    public static final int MAX_ITER = 1000;

    /**
     * @param priors     estimated class priors, in the table's label order
     * @param confusion  per rater: [true class][given label], rows sum to 1
     * @param posterior  per item: the probability of each class
     * @param starts     how many starts were run; {@code startsAgree}: whether every start reached the best
     *                   log-likelihood (within 1e-6)
     */
    public record Fit(
            List<String> labels,
            List<String> raters,
            double[] priors,
            double[][][] confusion,
            double[][] posterior,
            double logLikelihood,
            int iterations,
            boolean converged,
            int starts,
            boolean startsAgree) {
        /** Rater r's estimated accuracy: Σ_k p_k π_r[k][k]. */
        public double accuracy(int r) {
            double a = 0;
            for (int k = 0; k < priors.length; k++) {
                a += priors[k] * confusion[r][k][k];
            }
            return a;
        }
    }

    /** The fit from the vote-share start, then {@code randomStarts} more; the best by log-likelihood. */
    public static Fit fit(LabelTable t, int randomStarts, long seed) {
        check(t);
        Fit best = run(t, voteShares(t));
        List<Double> lls = new ArrayList<>(List.of(best.logLikelihood()));
        Random rnd = new Random(seed);
        for (int s = 0; s < randomStarts; s++) {
            Fit f = run(t, randomStart(t, rnd));
            lls.add(f.logLikelihood());
            if (f.logLikelihood() > best.logLikelihood() + 1e-9) {
                best = f;
            }
        }
        double top = best.logLikelihood();
        boolean agree = lls.stream().allMatch(l -> Math.abs(l - top) < 1e-6);
        return new Fit(
                best.labels(),
                best.raters(),
                best.priors(),
                best.confusion(),
                best.posterior(),
                top,
                best.iterations(),
                best.converged(),
                1 + randomStarts,
                agree);
    }

    /** The fit from the vote-share start only (what the reference script computes). */
    public static Fit fromVotes(LabelTable t) {
        check(t);
        return run(t, voteShares(t));
    }

    private static void check(LabelTable t) {
        if (t.raterCount() < 3) {
            throw new IllegalArgumentException("a latent-class estimate needs three raters or more (have "
                    + t.raterCount() + ": " + String.join(", ", t.raters()) + ")");
        }
        if (t.labelCount() < 2) {
            throw new IllegalArgumentException("a latent-class estimate needs two labels or more (every label here is "
                    + (t.labels().isEmpty() ? "missing" : t.labels().get(0)) + ")");
        }
    }

    static double[][] voteShares(LabelTable t) {
        int k = t.labelCount();
        double[][] out = new double[t.itemCount()][k];
        for (int i = 0; i < t.itemCount(); i++) {
            int n = 0;
            for (int r = 0; r < t.raterCount(); r++) {
                int c = t.code(i, r);
                if (c != LabelTable.MISSING) {
                    out[i][c]++;
                    n++;
                }
            }
            for (int c = 0; c < k; c++) {
                out[i][c] = n == 0 ? 1.0 / k : out[i][c] / n;
            }
        }
        return out;
    }

    private static double[][] randomStart(LabelTable t, Random rnd) {
        int k = t.labelCount();
        double[][] out = new double[t.itemCount()][k];
        for (int i = 0; i < out.length; i++) {
            double s = 0;
            for (int c = 0; c < k; c++) {
                out[i][c] = -Math.log(1 - rnd.nextDouble()); // Exp(1): normalised, a Dirichlet(1) draw
                s += out[i][c];
            }
            for (int c = 0; c < k; c++) {
                out[i][c] /= s;
            }
        }
        return out;
    }

    private static Fit run(LabelTable t, double[][] start) {
        int items = t.itemCount();
        int raters = t.raterCount();
        int k = t.labelCount();
        double[][] post = start;
        double[] priors = new double[k];
        double[][][] pi = new double[raters][k][k];
        double ll = Double.NEGATIVE_INFINITY;
        int iter = 0;
        boolean converged = false;
        while (iter < MAX_ITER) {
            iter++;
            // M-step
            java.util.Arrays.fill(priors, 0);
            for (double[] p : post) {
                for (int c = 0; c < k; c++) {
                    priors[c] += p[c];
                }
            }
            for (int c = 0; c < k; c++) {
                priors[c] /= items;
            }
            for (int r = 0; r < raters; r++) {
                double[][] m = pi[r];
                for (double[] row : m) {
                    java.util.Arrays.fill(row, SMOOTHING);
                }
                for (int i = 0; i < items; i++) {
                    int l = t.code(i, r);
                    if (l != LabelTable.MISSING) {
                        for (int c = 0; c < k; c++) {
                            m[c][l] += post[i][c];
                        }
                    }
                }
                for (double[] row : m) {
                    double s = 0;
                    for (double v : row) {
                        s += v;
                    }
                    for (int l = 0; l < k; l++) {
                        row[l] /= s;
                    }
                }
            }
            // E-step, in logs
            double[][] next = new double[items][k];
            double total = 0;
            double moved = 0;
            for (int i = 0; i < items; i++) {
                double[] lp = new double[k];
                double max = Double.NEGATIVE_INFINITY;
                for (int c = 0; c < k; c++) {
                    double v = Math.log(priors[c]);
                    for (int r = 0; r < raters; r++) {
                        int l = t.code(i, r);
                        if (l != LabelTable.MISSING) {
                            v += Math.log(pi[r][c][l]);
                        }
                    }
                    lp[c] = v;
                    max = Math.max(max, v);
                }
                double s = 0;
                for (int c = 0; c < k; c++) {
                    s += Math.exp(lp[c] - max);
                }
                total += max + Math.log(s);
                for (int c = 0; c < k; c++) {
                    next[i][c] = Math.exp(lp[c] - max) / s;
                    moved = Math.max(moved, Math.abs(next[i][c] - post[i][c]));
                }
            }
            post = next;
            ll = total;
            if (moved < TOL) {
                converged = true;
                break;
            }
        }
        return new Fit(t.labels(), t.raters(), priors.clone(), pi, post, ll, iter, converged, 1, true);
    }
}
