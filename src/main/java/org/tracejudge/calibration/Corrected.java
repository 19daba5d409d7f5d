package org.tracejudge.calibration;

import java.util.function.DoublePredicate;
import org.tracejudge.metrics.Proportions;

/**
 * A failure-mode rate corrected for a judge's errors with a probability sample of human gold (calibration.md §
 * Corrected rates). One rate is the share of a model's traces whose true label is some label L. Inputs are 0/1
 * indicators: on the gold sample, {@code y} (gold is L) and {@code f} (the judge says L); on the other judged traces
 * of the same model and task type, {@code f} only. Within a model every gold trace had the same chance of being drawn
 * (a uniform sample, or a sample stratified by model), so no weights are needed here.
 *
 * <p>The gold is a sample drawn without replacement from the model's N judged traces, and the rate wanted is theirs (a
 * finite population), so every variance takes the finite-population correction (Cochran 1977, Sampling Techniques,
 * 3rd ed., eqs 2.8 and 3.4), and the judge's rate over all judged traces, a census, has none. Two estimators, each
 * named where it is shown:
 * <ul>
 *   <li>{@link #roganGladen}: misclassification correction of one label against the rest (Rogan and Gladen 1978,
 *   Am J Epidemiol 107:71-76): p = (q + Sp − 1) / (Se + Sp − 1), with q the judge's rate over every judged trace and
 *   Se, Sp the judge's sensitivity and specificity on the gold sample taken at their means under Jeffreys' prior,
 *   (x + ½)/(n + 1), clipped to [0, 1] (the plain proportions, where they order Se and 1 − Sp the other way or the gold
 *   is every judged trace). The plain ratio was biased by up to +1.2 points with few gold traces with the label, in 9
 *   of the 16 simulated cells; with Jeffreys' means 3 cells, at most 0.7 points (bench/calibration-rg-strat.sh). Its
 *   95% interval is the
 *   score interval ({@link ScoreInterval}): every p₀ for which the gold's sensitivity and false-positive rate are
 *   consistent at 95% with p₀·Se + (1 − p₀)·(1 − Sp) = q, their variances (times 1 − n/N, Cochran § 2.13, domains)
 *   taken at the maximum-likelihood Se and Sp under that constraint, as Miettinen and Nurminen (1985) do for a
 *   difference of proportions. The delta method (Se and Sp independent) covered 88-98% in the simulation, too little
 *   where the gold has few traces with the label and too much elsewhere; the score interval 94-97%
 *   (bench/calibration-rg-strat.sh), widened to hold the estimate. {@code se} is still the delta method's. Refused
 *   where no p₀ in [0, 1] fits the plain proportions.
 *   <li>{@link #ppi}: prediction-powered inference with power tuning, PPI++ (Angelopoulos, Duchi and Zrnic 2023,
 *   arXiv:2311.01453; Angelopoulos et al. 2023, Science 382:669): θ = λ·mean_U(f) + mean_L(y − λ·f), which is the
 *   survey difference estimator mean_L(y − λ'(f − F)) with λ' = λ·N/(N − n) and F the judge's rate over all N, so its
 *   variance is (1 − n/N)·s²(y − λ'f)/n. λ is PPI++'s power tuning, Cov_L(y, f) / ((1 + n/(N − n))·S²(f)) in [0, 1],
 *   cross-fitted: each gold trace's λ comes from the other gold traces ({@link #crossFit}), as cross-prediction does
 *   (Zrnic and Candès 2024, PNAS 121:e2322083121), which removed the bias of tuning λ on the gold it is applied to
 *   (bench/calibration-intervals.sh). Where its variance is not below λ = 0's (the gold mean), λ = 0 is used. The 95%
 *   interval is not the plain normal one, which covers too little with few gold traces: the mean and variance of the
 *   cross-fitted terms are taken from the gold × judge 2×2 table with 0.5 added to each cell, as Agresti and Min (2005,
 *   Stat Med 24:729-740) do for the Wald interval of a difference of matched proportions (the rectifier y − f is one),
 *   widened to hold θ if need be; where that comes out as wide as the gold-only interval or wider, λ = 0 and the
 *   gold-only interval are used, so PPI++'s interval is never wider than the gold-only one.
 *   <li>{@link #goldOnly}: the gold mean with the Wilson (1927) score interval, its variance θ(1 − θ)/n times
 *   (N − n)/(N − 1).
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

        /** In percent with its 95% interval, one decimal: "12.5 [4.1, 30.2]"; "n/a" when refused. */
        public String percent() {
            return defined()
                    ? String.format(
                            java.util.Locale.ROOT, "%.1f [%.1f, %.1f]", 100 * value, 100 * ci95[0], 100 * ci95[1])
                    : "n/a";
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
            return Estimate.refused(
                    RG,
                    "the gold sample has " + (n1 == 0 ? "no trace with" : "only traces with")
                            + " this label, so the judge's " + (n1 == 0 ? "sensitivity" : "specificity")
                            + " is unknown");
        }
        if (fAll.length == 0) {
            return Estimate.refused(RG, "no judged trace");
        }
        double se = (double) tp / n1;
        double sp = (double) tn / n0;
        double j = se + sp - 1;
        if (j <= 0) {
            return Estimate.refused(
                    RG,
                    String.format(
                            java.util.Locale.ROOT,
                            "the judge is no better than chance on this label in the gold (sensitivity %.2f + specificity %.2f ≤ 1)",
                            se,
                            sp));
        }
        double q = mean(fAll);
        double fr = 1 - sp;
        double raw = clip((q - fr) / j);
        // q is the judge's rate over every judged trace, a census: no sampling variance. Se and Sp come from a sample
        // drawn without replacement from those traces: their variances take the finite-population correction
        double fpc = fpc(y.length, fAll.length);
        if (fpc == 0) {
            return new Estimate(RG, raw, new double[] {raw, raw}, 0.0, null, null);
        }
        int fp = n0 - tn;
        // the estimate: Se and the false-positive rate at their means under Jeffreys' Beta(1/2, 1/2) prior, which keeps
        // 1/(Se + Sp − 1) from blowing up where the gold holds two or three traces with the label
        double seJ = (tp + 0.5) / (n1 + 1);
        double frJ = (fp + 0.5) / (n0 + 1);
        double p = seJ > frJ ? clip((q - frJ) / (seJ - frJ)) : raw;
        double var = fpc * (p * p * se * (1 - se) / n1 + (1 - p) * (1 - p) * sp * (1 - sp) / n0) / (j * j);
        // the score interval: every p0 for which the gold's sensitivity and false-positive rate are consistent with
        // p0·Se + (1 − p0)·FPR = q at 95%, the variance taken at the constrained maximum-likelihood Se and FPR
        int[] x = {fp, tp};
        int[] m = {n0, n1};
        double[] fpcs = {fpc, fpc};
        DoublePredicate accept =
                p0 -> ScoreInterval.accepts(p0 * se + (1 - p0) * fr, q, new double[] {1 - p0, p0}, x, m, fpcs);
        if (!accept.test(raw)) {
            return Estimate.refused(
                    RG,
                    String.format(
                            java.util.Locale.ROOT,
                            "no rate fits: the judge says this label on %.1f%% of all traces but on %.1f%% of the gold"
                                    + " traces without it and %.1f%% of those with it (is the gold a sample of these"
                                    + " traces, judged by the same judge?)",
                            100 * q,
                            100 * fr,
                            100 * se));
        }
        double[] ci = {Math.min(p, ScoreInterval.edge(accept, raw, 0)), Math.max(p, ScoreInterval.edge(accept, raw, 1))
        };
        return new Estimate(RG, p, ci, Math.sqrt(var), null, null);
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
        if (fU.length < 2) {
            // nothing (or next to nothing) beyond the gold: the gold mean is the estimate
            return goldMean(y, fU);
        }
        CrossFit cf = crossFit(y, f, fU);
        double goldVar = fpc(n, n + fU.length) * variance(y) / n;
        if (cf.var() >= goldVar || cf.lambda() == 0) {
            return goldMean(y, fU);
        }
        double theta = clip(cf.theta());
        double[] am = adjustedInterval(y, f, fU, cf);
        am[0] = Math.min(am[0], theta);
        am[1] = Math.max(am[1], theta);
        double[] wilson = wilson(y, n + fU.length);
        if (am[1] - am[0] >= wilson[1] - wilson[0]) {
            return goldMean(y, fU);
        }
        return new Estimate(PPI, theta, am, Math.sqrt(cf.var()), cf.lambda(), null);
    }

    /**
     * PPI++ written as the survey difference estimator, cross-fitted: θ = mean_i z_i, z_i = y_i − λ'_i·(f_i − F), F the
     * judge's rate over all N judged traces (a census), λ'_i = λ_i·N/(N − n + 1) with λ_i PPI++'s power-tuned λ from the
     * other n − 1 gold traces (so λ'_i is independent of trace i, which removes the bias of tuning λ on the gold it is
     * applied to); variance (1 − n/N)·s²(z)/n. {@code lambda}: the mean λ_i; {@code cell}: λ'_i by the (y, f) cell of
     * trace i, and for a cell with no gold trace the λ' of all n gold traces (what the adjusted interval weighs it by).
     */
    record CrossFit(double theta, double var, double lambda, double[][] cell, double judgeRate) {}

    static CrossFit crossFit(int[] y, int[] f, int[] fU) {
        int n = y.length;
        int bigN = n + fU.length;
        int[][] count = new int[2][2];
        for (int i = 0; i < n; i++) {
            count[y[i]][f[i]]++;
        }
        long judged = 0;
        for (int v : f) {
            judged += v;
        }
        for (int v : fU) {
            judged += v;
        }
        double judgeRate = (double) judged / bigN;
        double sf2 = judgeRate * (1 - judgeRate) * bigN / (bigN - 1);
        double[][] cell = new double[2][2];
        double lambdaSum = 0;
        for (int a = 0; a < 2; a++) {
            for (int b = 0; b < 2; b++) {
                if (count[a][b] == 0) {
                    cell[a][b] = lambdaPrime(count, n, bigN, sf2) * bigN / (bigN - n);
                    continue;
                }
                count[a][b]--;
                double l = lambdaPrime(count, n - 1, bigN, sf2);
                count[a][b]++;
                cell[a][b] = l * bigN / (bigN - n + 1);
                lambdaSum += count[a][b] * l;
            }
        }
        double[] z = new double[n];
        for (int i = 0; i < n; i++) {
            z[i] = y[i] - cell[y[i]][f[i]] * (f[i] - judgeRate);
        }
        return new CrossFit(mean(z), fpc(n, bigN) * variance(z) / n, lambdaSum / n, cell, judgeRate);
    }

    /** PPI++'s λ from a gold table of m traces, the others of the N unlabelled: Cov(y, f) / ((1 + m/(N − m))·S_f²) in [0, 1]. */
    private static double lambdaPrime(int[][] count, int m, int bigN, double sf2) {
        if (m < 2 || sf2 <= 0) {
            return 0;
        }
        int y1 = count[1][0] + count[1][1];
        int f1 = count[0][1] + count[1][1];
        double cov = (count[1][1] - (double) y1 * f1 / m) / (m - 1);
        return Math.max(0, Math.min(1, cov / ((1 + (double) m / (bigN - m)) * sf2)));
    }

    /**
     * The interval at the cross-fitted λ (Agresti and Min 2005): the mean and variance of z from the gold × judge table
     * with 0.5 added to each of its four cells (n + 2 in all), with the finite-population correction (1 − n/N).
     */
    static double[] adjustedInterval(int[] y, int[] f, int[] fU, CrossFit cf) {
        double[][] w = {{0.5, 0.5}, {0.5, 0.5}};
        for (int i = 0; i < y.length; i++) {
            w[y[i]][f[i]]++;
        }
        double total = y.length + 2;
        double[][] z = new double[2][2];
        double mean = 0;
        for (int a = 0; a < 2; a++) {
            for (int b = 0; b < 2; b++) {
                z[a][b] = a - cf.cell()[a][b] * (b - cf.judgeRate());
                mean += w[a][b] * z[a][b];
            }
        }
        mean /= total;
        double ss = 0;
        for (int a = 0; a < 2; a++) {
            for (int b = 0; b < 2; b++) {
                ss += w[a][b] * (z[a][b] - mean) * (z[a][b] - mean);
            }
        }
        double var = fpc(y.length, y.length + fU.length) * ss / (total - 1) / total;
        double h = Proportions.Z95 * Math.sqrt(var);
        return new double[] {clip(mean - h), clip(mean + h)};
    }

    /** The finite-population correction 1 − n/N for a sample variance (Cochran 1977, eq. 2.8); 0 for a census. */
    static double fpc(int n, int bigN) {
        return bigN <= n ? 0 : 1 - (double) n / bigN;
    }

    /**
     * Wilson's score interval for a sample of n drawn without replacement from N: (p̂ − θ)² ≤ z²·c·θ(1 − θ)/n with
     * c = (N − n)/(N − 1), the exact variance of a sample proportion (Cochran 1977, eq. 3.4), so z·√c in place of z.
     */
    private static double[] wilson(int[] y, int bigN) {
        int k = 0;
        for (int v : y) {
            k += v;
        }
        if (bigN <= y.length) {
            double p = (double) k / y.length;
            return new double[] {p, p};
        }
        return Proportions.wilson(k, y.length, Proportions.Z95 * Math.sqrt((double) (bigN - y.length) / (bigN - 1)));
    }

    /** λ = 0: the gold mean with its Wilson interval (what {@link #goldOnly} gives), named PPI++ with λ 0. */
    private static Estimate goldMean(int[] y, int[] fU) {
        int bigN = y.length + fU.length;
        return new Estimate(
                PPI, mean(y), wilson(y, bigN), Math.sqrt(fpc(y.length, bigN) * variance(y) / y.length), 0.0, null);
    }

    /**
     * The gold-only rate (the mean of {@code y}) with its Wilson score interval for a sample drawn without replacement
     * from {@code bigN} judged traces, which PPI++'s interval is never wider than ({@code se}: √((1 − n/N)·s²/n), for
     * comparison with PPI++'s).
     */
    public static Estimate goldOnly(int[] y, int bigN) {
        if (y.length < 2) {
            return Estimate.refused(GOLD, "needs at least 2 gold traces of the sample (has " + y.length + ")");
        }
        int big = Math.max(bigN, y.length);
        return new Estimate(
                GOLD, mean(y), wilson(y, big), Math.sqrt(fpc(y.length, big) * variance(y) / y.length), null, null);
    }

    public static final String GOLD = "gold only";
    public static final String STRATIFIED = "PPI++ (stratified)";

    /**
     * The stratified mean of the gold (Cochran 1977, Sampling Techniques, 3rd ed., eq. 5.1) for a sample stratified by
     * the judge's label: θ = Σ_h W_h·ȳ_h, W_h = N_h / N; {@code se} by eq. 5.6, √(Σ_h W_h²·(1 − n_h/N_h)·s_h²/n_h). With
     * strata made by the judge's label the judge's indicator is constant within each stratum, so PPI++ for any λ is
     * this same estimate (the inverse-probability-weighted gold term and the judged term cancel stratum by stratum).
     * The 95% interval is the stratified score interval ({@link ScoreInterval}): every θ₀ for which the strata's gold
     * shares are consistent at 95% with Σ_h W_h·π_h = θ₀, the variance Σ_h W_h²·(1 − n_h/N_h)·π̃_h(1 − π̃_h)/n_h taken at
     * the maximum-likelihood π̃ under that constraint (with one stratum, Wilson's interval with the finite-population
     * correction); a stratum decided in full counts exactly. It replaced 0.5 added per stratum and label (Agresti-Min
     * style), which covered up to 99.9% with a 5% rate (bench/calibration-rg-strat.sh). Refused where a stratum that
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
        double fixed = 0; // the strata decided in full: their share is known exactly
        int k = 0;
        double[] a = new double[y.length];
        int[] x = new int[y.length];
        int[] m = new int[y.length];
        double[] fpcs = new double[y.length];
        for (int h = 0; h < y.length; h++) {
            if (bigN[h] == 0) {
                continue;
            }
            int n = y[h].length;
            if (n == 0) {
                return Estimate.refused(
                        STRATIFIED, "stratum " + names[h] + " (" + bigN[h] + " traces) has no gold yet");
            }
            double w = (double) bigN[h] / total;
            double fpc = 1 - (double) n / bigN[h];
            double mean = mean(y[h]);
            theta += w * mean;
            var += w * w * fpc * variance(y[h]) / n;
            if (fpc <= 0) {
                fixed += w * mean;
                continue;
            }
            a[k] = w;
            m[k] = n;
            fpcs[k] = fpc;
            for (int v : y[h]) {
                x[k] += v;
            }
            k++;
        }
        double v = clip(theta);
        if (k == 0) {
            return new Estimate(STRATIFIED, v, new double[] {v, v}, 0.0, null, null);
        }
        double[] aa = java.util.Arrays.copyOf(a, k);
        int[] xx = java.util.Arrays.copyOf(x, k);
        int[] mm = java.util.Arrays.copyOf(m, k);
        double[] ff = java.util.Arrays.copyOf(fpcs, k);
        double known = fixed;
        double sampled = theta - known;
        DoublePredicate accept = t0 -> ScoreInterval.accepts(sampled, t0 - known, aa, xx, mm, ff);
        return new Estimate(
                STRATIFIED,
                v,
                new double[] {ScoreInterval.edge(accept, v, 0), ScoreInterval.edge(accept, v, 1)},
                Math.sqrt(var),
                null,
                null);
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

    private static double clip(double v) {
        return Math.max(0, Math.min(1, v));
    }
}
