package org.tracejudge.calibration;

import java.util.function.DoublePredicate;
import org.tracejudge.metrics.Proportions;

/**
 * The score test for a linear combination of independent binomial proportions, Σ_h a_h·π_h = c (a_h ≥ 0), and the
 * interval made by inverting it: the Wilson (1927) score interval carried over to several proportions, as Miettinen
 * and Nurminen (1985, Stat Med 4:213-226) do for a difference of two. The statistic is (est − c)² against
 * z²·Σ_h a_h²·fpc_h·π̃_h(1 − π̃_h)/n_h, the variance taken at π̃, the maximum-likelihood proportions under the
 * constraint, not at the observed ones, so a group with 0 or n_h successes still adds its share of uncertainty.
 * {@code fpc_h} is the finite-population correction of group h's sample (Cochran 1977, eq. 3.4's (1 − n/N) form).
 *
 * <p>Used for Rogan-Gladen (the two groups are the gold traces with and without the label, the judge's sensitivity and
 * false-positive rate, with a = (p₀, 1 − p₀) and c the judge's rate over all traces) and for the stratified mean (the
 * strata, a_h = W_h, c = θ₀). Pure computation, by bisection (100 steps inside, 60 for an interval's edge);
 * checked against {@code src/test/resources/calibration/corrected.py}, which solves the same equations with scipy's
 * brentq.
 */
final class ScoreInterval {
    private ScoreInterval() {}

    /** Bisection steps for the Lagrange multiplier (as an angle) and for an interval's edge. */
    private static final int INNER = 100;

    private static final int OUTER = 60;

    /**
     * The one root in [0, 1] of λa·π² − (λa + n)·π + x = 0, where the log-likelihood x·log π + (n − x)·log(1 − π) has
     * slope λa (the stationary point of the Lagrangian for one group).
     */
    static double piOfLambda(double lambda, double a, int x, int n) {
        if (n == 0) {
            return 0;
        }
        double la = lambda * a;
        double b = la + n;
        double disc = Math.sqrt(Math.max(b * b - 4 * la * x, 0));
        double pi;
        if (b > 0) {
            pi = b + disc > 0 ? 2 * x / (b + disc) : 0;
        } else {
            pi = la != 0 ? (b - disc) / (2 * la) : (double) x / n;
        }
        return Math.max(0, Math.min(1, pi));
    }

    /**
     * The proportions π_h that maximise Σ x_h log π_h + (n_h − x_h) log(1 − π_h) under Σ a_h π_h = c: λ found by
     * bisection on φ, λ = tan φ, since Σ a_h π_h(λ) falls as λ grows.
     */
    static double[] constrained(double[] a, int[] x, int[] n, double c) {
        double lo = -Math.PI / 2;
        double hi = Math.PI / 2;
        for (int i = 0; i < INNER; i++) {
            double mid = 0.5 * (lo + hi);
            if (sum(a, x, n, Math.tan(mid)) > c) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        double lambda = Math.tan(0.5 * (lo + hi));
        double[] pi = new double[a.length];
        for (int h = 0; h < a.length; h++) {
            pi[h] = piOfLambda(lambda, a[h], x[h], n[h]);
        }
        return pi;
    }

    private static double sum(double[] a, int[] x, int[] n, double lambda) {
        double s = 0;
        for (int h = 0; h < a.length; h++) {
            s += a[h] * piOfLambda(lambda, a[h], x[h], n[h]);
        }
        return s;
    }

    /** Whether the score test at 95% accepts Σ a_h π_h = c, {@code est} being Σ a_h x_h/n_h. */
    static boolean accepts(double est, double c, double[] a, int[] x, int[] n, double[] fpc) {
        double[] pi = constrained(a, x, n, c);
        double v = 0;
        for (int h = 0; h < a.length; h++) {
            v += a[h] * a[h] * fpc[h] * pi[h] * (1 - pi[h]) / Math.max(n[h], 1);
        }
        double d = est - c;
        return d * d <= Proportions.Z95 * Proportions.Z95 * v;
    }

    /**
     * The edge of an acceptance region between {@code inside} (accepted) and {@code outside}: {@code outside} itself
     * when it is accepted, else the boundary found by bisection.
     */
    static double edge(DoublePredicate accept, double inside, double outside) {
        if (accept.test(outside)) {
            return outside;
        }
        for (int i = 0; i < OUTER; i++) {
            double mid = 0.5 * (inside + outside);
            if (accept.test(mid)) {
                inside = mid;
            } else {
                outside = mid;
            }
        }
        return 0.5 * (inside + outside);
    }
}
