package org.tracejudge.calibration;

import org.tracejudge.metrics.Proportions;

/**
 * A failure-mode rate corrected for a judge's errors with a probability sample of human gold (calibration.md §
 * Corrected rates). One rate is the share of a model's traces whose true label is some label L. Inputs are 0/1
 * indicators: on the gold sample, {@code y} (gold is L) and {@code f} (the judge says L); on the other judged traces
 * of the same model and task type, {@code f} only. Within a model every gold trace had the same chance of being drawn
 * (a uniform sample, or a sample stratified by model), so no weights are needed here.
 *
 * <p>Two estimators, each named where it is shown:
 * <ul>
 *   <li>{@link #roganGladen}: misclassification correction of one label against the rest (Rogan and Gladen 1978,
 *   Am J Epidemiol 107:71-76): p = (q + Sp − 1) / (Se + Sp − 1), with q the judge's rate over every judged trace and
 *   Se, Sp the judge's sensitivity and specificity on the gold sample; 95% interval by the delta method (the
 *   variances of q, Se and Sp, taken as independent), clipped to [0, 1].
 *   <li>{@link #ppi}: prediction-powered inference with power tuning, PPI++ (Angelopoulos, Duchi and Zrnic 2023,
 *   arXiv:2311.01453; Angelopoulos et al. 2023, Science 382:669): θ = λ·mean_U(f) + mean_L(y − λ·f), λ =
 *   Cov_L(y, f) / ((1 + n/N)·Var_{L∪U}(f)) clipped to [0, 1]; variance λ²·Var_U(f)/N + Var_L(y − λf)/n (sample
 *   variances). Where the tuned λ's variance estimate exceeds λ = 0's (the gold-only mean), λ = 0 is used, so its
 *   standard error is never larger than the gold-only one's. The 95% interval is not the plain normal one, which
 *   covered the truth in only 87–89% of simulated studies at n = 50 and a 5% rate (bench/calibration-small-n.sh):
 *   the gold-side term's mean and variance are taken from the gold × judge 2×2 table with 0.5 added to each cell, as
 *   Agresti and Min (2005, Stat Med 24:729-740) do for the Wald interval of a difference of matched proportions (the
 *   rectifier y − f is one), widened to hold θ if need be; where that comes out wider than the gold-only Wilson
 *   interval, λ = 0 and the Wilson interval are used, so PPI++'s interval is never wider than the gold-only one.
 *   <li>{@link #goldOnly}: the gold mean with the Wilson (1927) score interval.
 * </ul>
 * Both refuse, with the reason, where the gold cannot support them. Pure computation; checked against
 * {@code src/test/resources/calibration/corrected.py}, written from the papers' formulas.
 */
public final class Corrected {
    private Corrected() {}

    /** A corrected rate as a fraction of 1, or the reason there is none. {@code lambda} only for PPI++. */
    public record Estimate(String estimator, Double value, double[] ci95, Double se, Double lambda, String refusal) {
        static Estimate refused(String estimator, String why) {
            return new Estimate(estimator, null, null, null, null, why);
        }

        public boolean defined() {
            return value != null;
        }
    }

    public static final String RG = "Rogan-Gladen";
    public static final String PPI = "PPI++";

    /**
     * @param y    gold indicators on the gold sample
     * @param f    the judge's indicators on the same traces
     * @param fAll the judge's indicators on every judged trace of the model (the gold sample's included)
     */
    public static Estimate roganGladen(int[] y, int[] f, int[] fAll) {
        int n1 = 0;
        int n0 = 0;
        int tp = 0;
        int tn = 0;
        for (int i = 0; i < y.length; i++) {
            if (y[i] == 1) {
                n1++;
                tp += f[i];
            } else {
                n0++;
                tn += 1 - f[i];
            }
        }
        if (y.length == 0) {
            return Estimate.refused(RG, "no gold trace of the sample yet");
        }
        if (n1 == 0 || n0 == 0) {
            return Estimate.refused(RG, "the gold sample has " + (n1 == 0 ? "no trace with" : "only traces with")
                    + " this label, so the judge's " + (n1 == 0 ? "sensitivity" : "specificity") + " is unknown");
        }
        if (fAll.length == 0) {
            return Estimate.refused(RG, "no judged trace");
        }
        double se = (double) tp / n1;
        double sp = (double) tn / n0;
        double j = se + sp - 1;
        if (j <= 0) {
            return Estimate.refused(RG, String.format(java.util.Locale.ROOT,
                    "the judge is no better than chance on this label in the gold (sensitivity %.2f + specificity %.2f ≤ 1)", se, sp));
        }
        double q = mean(fAll);
        double p = clip((q + sp - 1) / j);
        double var = (q * (1 - q) / fAll.length + p * p * se * (1 - se) / n1 + (1 - p) * (1 - p) * sp * (1 - sp) / n0) / (j * j);
        double h = Proportions.Z95 * Math.sqrt(var);
        return new Estimate(RG, p, new double[] {clip(p - h), clip(p + h)}, Math.sqrt(var), null, null);
    }

    /**
     * @param y  gold indicators on the gold sample (L)
     * @param f  the judge's indicators on the same traces
     * @param fU the judge's indicators on the judged traces of the model that are not in the gold sample (U)
     */
    public static Estimate ppi(int[] y, int[] f, int[] fU) {
        int n = y.length;
        if (n < 2) {
            return Estimate.refused(PPI, "needs at least 2 gold traces of the sample (has " + n + ")");
        }
        int bigN = fU.length;
        if (bigN < 2) {
            // nothing (or next to nothing) beyond the gold: the gold mean is the estimate
            return goldMean(y, f, fU);
        }
        double lambda = tunedLambda(y, f, fU);
        double[] tuned = thetaVar(y, f, fU, lambda);
        double[] gold = thetaVar(y, f, fU, 0);
        if (tuned[1] > gold[1] || lambda == 0) {
            return goldMean(y, f, fU);
        }
        double[] am = adjustedInterval(y, f, fU, lambda);
        double theta = clip(tuned[0]);
        am[0] = Math.min(am[0], theta);
        am[1] = Math.max(am[1], theta);
        double[] wilson = wilson(y);
        if (am[1] - am[0] >= wilson[1] - wilson[0]) {
            return goldMean(y, f, fU);
        }
        return new Estimate(PPI, theta, am, Math.sqrt(tuned[1]), lambda, null);
    }

    /**
     * The interval at a tuned λ (Agresti and Min 2005): the gold-side mean and variance of y − λf from the gold × judge
     * table with 0.5 added to each of its four cells (n + 2 in all), the judged-only side as before.
     */
    static double[] adjustedInterval(int[] y, int[] f, int[] fU, double lambda) {
        double[][] cell = {{0.5, 0.5}, {0.5, 0.5}};
        for (int i = 0; i < y.length; i++) {
            cell[y[i]][f[i]]++;
        }
        double w = y.length + 2;
        double mean = 0;
        for (int a = 0; a < 2; a++) {
            for (int b = 0; b < 2; b++) {
                mean += cell[a][b] * (a - lambda * b);
            }
        }
        mean /= w;
        double ss = 0;
        for (int a = 0; a < 2; a++) {
            for (int b = 0; b < 2; b++) {
                double d = a - lambda * b - mean;
                ss += cell[a][b] * d * d;
            }
        }
        double var = ss / (w - 1) / w + lambda * lambda * (fU.length > 1 ? variance(fU) : 0) / fU.length;
        double centre = lambda * mean(fU) + mean;
        double h = Proportions.Z95 * Math.sqrt(var);
        return new double[] {clip(centre - h), clip(centre + h)};
    }

    private static double[] wilson(int[] y) {
        int k = 0;
        for (int v : y) {
            k += v;
        }
        return Proportions.wilson(k, y.length, Proportions.Z95);
    }

    /** λ as {@link #ppi} tunes it (before its fallback to 0): Cov_L(y, f) / ((1 + n/N)·Var_{L∪U}(f)) in [0, 1]. */
    static double tunedLambda(int[] y, int[] f, int[] fU) {
        int n = y.length;
        int bigN = fU.length;
        if (bigN < 2) {
            return 0;
        }
        double[] all = new double[n + bigN];
        for (int i = 0; i < n; i++) {
            all[i] = f[i];
        }
        for (int i = 0; i < bigN; i++) {
            all[n + i] = fU[i];
        }
        double varAll = variance(all);
        return varAll > 0 ? Math.max(0, Math.min(1, covariance(y, f) / ((1 + (double) n / bigN) * varAll))) : 0;
    }

    /** λ = 0: the gold mean with its Wilson interval (what {@link #goldOnly} gives), named PPI++ with λ 0. */
    private static Estimate goldMean(int[] y, int[] f, int[] fU) {
        return new Estimate(PPI, mean(y), wilson(y), Math.sqrt(thetaVar(y, f, fU, 0)[1]), 0.0, null);
    }

    /**
     * The gold-only rate (the mean of {@code y}) with its Wilson score interval, which PPI++'s interval is never wider
     * than ({@code se}: the normal standard error, sample variance, for comparison with PPI++'s).
     */
    public static Estimate goldOnly(int[] y) {
        if (y.length < 2) {
            return Estimate.refused(GOLD, "needs at least 2 gold traces of the sample (has " + y.length + ")");
        }
        return new Estimate(GOLD, mean(y), wilson(y), Math.sqrt(thetaVar(y, y, new int[0], 0)[1]), null, null);
    }

    public static final String GOLD = "gold only";
    public static final String STRATIFIED = "PPI++ (stratified)";

    /**
     * The stratified mean of the gold (Cochran 1977, Sampling Techniques, 3rd ed., eq. 5.1) for a sample stratified by
     * the judge's label: θ = Σ_h W_h·ȳ_h, W_h = N_h / N; {@code se} by eq. 5.6, √(Σ_h W_h²·(1 − n_h/N_h)·s_h²/n_h). With
     * strata made by the judge's label the judge's indicator is constant within each stratum, so PPI++ for any λ is
     * this same estimate (the inverse-probability-weighted gold term and the judged term cancel stratum by stratum).
     * The 95% interval takes each stratum's share with 0.5 more traces with and 0.5 without the label — what
     * {@link #ppi}'s Agresti-Min adjustment (0.5 per cell of the gold × judge table) is for strata made by the judge's
     * label: centre Σ_h W_h·p̃_h, variance Σ_h W_h²·(1 − n_h/N_h)·p̃_h(1 − p̃_h)/n_h, p̃_h = (x_h + 0.5)/(n_h + 1), a
     * stratum decided in full counting exactly — widened to hold θ and clipped to [0, 1]. Refused where a stratum that
     * holds traces has no gold.
     *
     * @param y    per stratum, the gold indicators of its decided traces
     * @param bigN per stratum, how many traces it held when the sample was drawn
     * @param names per stratum, its name (for refusals)
     */
    public static Estimate stratified(int[][] y, int[] bigN, String[] names) {
        long total = 0;
        for (int n : bigN) {
            total += n;
        }
        if (total == 0) {
            return Estimate.refused(STRATIFIED, "no trace in the strata");
        }
        double theta = 0;
        double var = 0;
        double centre = 0;
        double adjusted = 0;
        for (int h = 0; h < y.length; h++) {
            if (bigN[h] == 0) {
                continue;
            }
            int n = y[h].length;
            if (n == 0) {
                return Estimate.refused(STRATIFIED, "stratum " + names[h] + " (" + bigN[h] + " traces) has no gold yet");
            }
            double w = (double) bigN[h] / total;
            double fpc = 1 - (double) n / bigN[h];
            double mean = mean(y[h]);
            theta += w * mean;
            var += w * w * fpc * variance(y[h]) / n;
            double p = fpc == 0 ? mean : (mean * n + 0.5) / (n + 1);
            centre += w * p;
            adjusted += w * w * fpc * p * (1 - p) / n;
        }
        double h = Proportions.Z95 * Math.sqrt(adjusted);
        double v = clip(theta);
        return new Estimate(STRATIFIED, v, new double[] {Math.min(v, clip(centre - h)), Math.max(v, clip(centre + h))},
                Math.sqrt(var), null, null);
    }


    /** θ(λ) and the variance of its estimate, from the sample variances (ddof 1). */
    static double[] thetaVar(int[] y, int[] f, int[] fU, double lambda) {
        int n = y.length;
        double[] r = new double[n];
        for (int i = 0; i < n; i++) {
            r[i] = y[i] - lambda * f[i];
        }
        double theta = mean(r);
        double var = variance(r) / n;
        if (lambda != 0 && fU.length > 0) {
            theta += lambda * mean(fU);
            var += lambda * lambda * (fU.length > 1 ? variance(fU) : 0) / fU.length;
        }
        return new double[] {theta, var};
    }

    static double mean(int[] v) {
        long s = 0;
        for (int x : v) {
            s += x;
        }
        return (double) s / v.length;
    }

    static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s / v.length;
    }

    /** Sample variance (ddof 1); 0 for fewer than two values. */
    static double variance(int[] v) {
        double[] d = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            d[i] = v[i];
        }
        return variance(d);
    }

    static double variance(double[] v) {
        if (v.length < 2) {
            return 0;
        }
        double m = mean(v);
        double s = 0;
        for (double x : v) {
            s += (x - m) * (x - m);
        }
        return s / (v.length - 1);
    }

    /** Sample covariance (ddof 1). */
    static double covariance(int[] a, int[] b) {
        double ma = mean(a);
        double mb = mean(b);
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (a[i] - ma) * (b[i] - mb);
        }
        return s / (a.length - 1);
    }

    private static double clip(double v) {
        return Math.max(0, Math.min(1, v));
    }
}
