package org.tracejudge.calibration;

import java.util.Locale;
import java.util.Random;
import org.tracejudge.metrics.Proportions;

/**
 * Small-n interval candidates, simulated (bench/calibration-small-n.sh, not a test): the same studies as
 * {@link CalibrationSimulation} (a known true rate, a judge of known sensitivity and specificity, a uniform gold
 * sample of n of N judged traces), each 95% interval's coverage and mean width: gold only (the normal interval used
 * before, and Wilson, used now), Rogan-Gladen, and PPI++ (the normal interval used before, Student t with n − 1
 * degrees of freedom, the score-type interval of {@link #ppiScore} with z and with t, and the Agresti-Min adjusted
 * interval {@link Corrected#ppi} uses now), plus how often PPI++'s interval came out wider than the Wilson gold-only one.
 * Usage: SmallNCoverage [STUDIES=1000] [N=2000] [SEED=1]
 */
public final class SmallNCoverage {
    public static void main(String[] args) {
        int studies = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        int bigN = args.length > 1 ? Integer.parseInt(args[1]) : 2000;
        long seed = args.length > 2 ? Long.parseLong(args[2]) : 1;
        String[] names = {"gold normal", "gold Wilson (now)", "Rogan-Gladen", "PPI++ normal", "PPI++ t", "PPI++ score", "PPI++ score t", "PPI++ AM (now)", "stratified-label"};
        System.out.printf(Locale.ROOT, "%d studies each, %d judged traces per study, uniform gold samples; "
                + "cells: coverage %% (mean width)%n", studies, bigN);
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%-5s %-10s %-4s", "rate", "judge Se/Sp", "n"));
        for (String s : names) {
            head.append(String.format(Locale.ROOT, " | %-16s", s));
        }
        System.out.println(head + " | PPI++ (AM) wider than Wilson | PPI++ bias before, now");
        Random rnd = new Random(seed);
        double[][] judges = {{0.85, 0.90}, {0.70, 0.97}};
        for (double p : new double[] {0.05, 0.20}) {
            for (double[] j : judges) {
                for (int n : new int[] {50, 100, 200}) {
                    double[][] acc = new double[names.length][3];
                    int wider = 0;
                    double biasBefore = 0;
                    double biasNow = 0;
                    for (int s = 0; s < studies; s++) {
                        int[] y = new int[bigN];
                        int[] f = new int[bigN];
                        int truth = 0;
                        for (int i = 0; i < bigN; i++) {
                            y[i] = rnd.nextDouble() < p ? 1 : 0;
                            f[i] = y[i] == 1 ? (rnd.nextDouble() < j[0] ? 1 : 0) : (rnd.nextDouble() < j[1] ? 0 : 1);
                            truth += y[i];
                        }
                        double rate = (double) truth / bigN;
                        int[][] split = CalibrationSimulation.uniformSplit(y, f, n, rnd);
                        int[] yl = split[0];
                        int[] fl = split[1];
                        int[] fu = split[2];
                        int k1 = 0;
                        for (int v : yl) {
                            k1 += v;
                        }
                        double[] normal = normalPpi(yl, fl, fu); // {θ, se}: the interval before item 4
                        double tq = tQuantile(n - 1);
                        double[] zInt = {clip(normal[0] - Proportions.Z95 * normal[1]), clip(normal[0] + Proportions.Z95 * normal[1])};
                        double[] tInt = {clip(normal[0] - tq * normal[1]), clip(normal[0] + tq * normal[1])};
                        double[] goldNormal = normalGold(yl);
                        double[] wilson = Proportions.wilson(k1, n, Proportions.Z95);
                        Corrected.Estimate score = ppiScore(yl, fl, fu);
                        Corrected.Estimate am = Corrected.ppi(yl, fl, fu);
                        // the same n drawn stratified by the judge's label instead (square-root allocation, two at least)
                        int big1 = 0;
                        for (int i = 0; i < bigN; i++) {
                            big1 += f[i];
                        }
                        int big0 = bigN - big1;
                        int n1 = (int) Math.round(n * Math.sqrt(big1) / (Math.sqrt(big0) + Math.sqrt(big1)));
                        n1 = Math.min(big1, Math.max(Math.min(2, big1), n1));
                        int n0 = Math.min(big0, n - n1);
                        int[][] ys = {draw(y, f, 0, n0, rnd), draw(y, f, 1, n1, rnd)};
                        Corrected.Estimate st = Corrected.stratified(ys, new int[] {big0, big1}, new String[] {"0", "1"});
                        double[][] ci = {goldNormal, Corrected.goldOnly(yl).ci95(), Corrected.roganGladen(yl, fl, f).ci95(),
                                zInt, tInt, score.ci95(), scoreT(yl, fl, fu, tq), am.ci95(),
                                st.ci95()};
                        for (int m = 0; m < ci.length; m++) {
                            if (ci[m] != null) {
                                acc[m][0] += ci[m][0] <= rate && rate <= ci[m][1] ? 1 : 0;
                                acc[m][1] += ci[m][1] - ci[m][0];
                                acc[m][2]++;
                            }
                        }
                        biasBefore += normal[0] - rate;
                        biasNow += am.value() - rate;
                        if (am.ci95()[1] - am.ci95()[0] > wilson[1] - wilson[0] + 1e-12) {
                            wider++;
                        }
                    }
                    StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-5.2f %4.2f/%-5.2f %-4d", p, j[0],
                            j[1], n));
                    for (double[] a : acc) {
                        line.append(a[2] == 0 ? String.format(Locale.ROOT, " | %-16s", "never defined")
                                : String.format(Locale.ROOT, " | %5.1f (%.4f)   ", 100 * a[0] / a[2], a[1] / a[2]));
                    }
                    System.out.println(line + " | " + wider + String.format(Locale.ROOT, " | %+.4f %+.4f",
                            biasBefore / studies, biasNow / studies));
                }
            }
        }
    }

    /** Student's t 97.5% quantile by the Cornish-Fisher expansion (Abramowitz and Stegun 26.7.5); fine for df ≥ 20. */
    static double tQuantile(int df) {
        double z = Proportions.Z95;
        double z3 = z * z * z;
        double z5 = z3 * z * z;
        double z7 = z5 * z * z;
        return z + (z3 + z) / (4 * df) + (5 * z5 + 16 * z3 + 3 * z) / (96.0 * df * df)
                + (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384.0 * df * df * df);
    }

    /** The score-type PPI++ interval with the t quantile for z (the narrower of tuned λ and λ = 0, as ppiScore). */
    static double[] scoreT(int[] y, int[] f, int[] fU, double t) {
        if (y.length < 2) {
            return null;
        }
        double[] w = scoreInterval(y, f, fU, 0, t);
        double lambda = Corrected.tunedLambda(y, f, fU);
        double[] l = lambda == 0 ? w : scoreInterval(y, f, fU, lambda, t);
        return l[1] - l[0] < w[1] - w[0] ? l : w;
    }

    /** The gold of {@code k} traces drawn at random among those the judge labelled {@code label}. */
    static int[] draw(int[] y, int[] f, int label, int k, Random rnd) {
        int[] idx = java.util.stream.IntStream.range(0, y.length).filter(i -> f[i] == label).toArray();
        for (int i = 0; i < k; i++) {
            int j = i + rnd.nextInt(idx.length - i);
            int t = idx[i];
            idx[i] = idx[j];
            idx[j] = t;
        }
        int[] out = new int[k];
        for (int i = 0; i < k; i++) {
            out[i] = y[idx[i]];
        }
        return out;
    }

    /** PPI++ as it was before item 4: {θ, se} of the tuned λ, or of λ = 0 where its variance is smaller. */
    static double[] normalPpi(int[] y, int[] f, int[] fU) {
        double lambda = Corrected.tunedLambda(y, f, fU);
        double[] t = Corrected.thetaVar(y, f, fU, lambda);
        double[] g = Corrected.thetaVar(y, f, fU, 0);
        double[] use = t[1] <= g[1] ? t : g;
        return new double[] {use[0], Math.sqrt(use[1])};
    }

    /** The gold mean's normal interval (sample variance), as before item 4. */
    static double[] normalGold(int[] y) {
        double[] g = Corrected.thetaVar(y, y, new int[0], 0);
        double h = Proportions.Z95 * Math.sqrt(g[1]);
        return new double[] {clip(g[0] - h), clip(g[0] + h)};
    }

    /**
     * PPI++ with a score-type interval (the candidate for small gold samples): the same tuned λ, and the interval the
     * set of θ with (θ̂ − θ)² ≤ z²·V(θ), where V(θ) is the PPI++ variance with the gold's own variance θ(1 − θ) in
     * place of its sample variance, so λ = 0 gives the Wilson interval exactly. Of the tuned λ's interval and λ = 0's
     * (Wilson), the narrower is returned, so it is never wider than the Wilson gold-only interval.
     */
    static Corrected.Estimate ppiScore(int[] y, int[] f, int[] fU) {
        Corrected.Estimate plain = Corrected.ppi(y, f, fU);
        if (!plain.defined()) {
            return plain;
        }
        double[] wilson = scoreInterval(y, f, fU, 0);
        double lambda = Corrected.tunedLambda(y, f, fU);
        double[] tuned = lambda == 0 ? null : scoreInterval(y, f, fU, lambda);
        if (tuned != null && tuned[1] - tuned[0] < wilson[1] - wilson[0]) {
            return new Corrected.Estimate(Corrected.PPI, clip(Corrected.thetaVar(y, f, fU, lambda)[0]), tuned, plain.se(), lambda, null);
        }
        return new Corrected.Estimate(Corrected.PPI, Corrected.mean(y), wilson, Math.sqrt(Corrected.thetaVar(y, f, fU, 0)[1]), 0.0, null);
    }

    /** The score-type interval at λ: roots of (1 + z²/n)θ² − (2θ̂ + z²/n)θ + θ̂² − z²a, a the variance not from θ. */
    static double[] scoreInterval(int[] y, int[] f, int[] fU, double lambda) {
        return scoreInterval(y, f, fU, lambda, Proportions.Z95);
    }

    static double[] scoreInterval(int[] y, int[] f, int[] fU, double lambda, double z) {
        int n = y.length;
        double z2 = z * z;
        double theta = Corrected.thetaVar(y, f, fU, lambda)[0];
        double a = lambda == 0 ? 0 : (lambda * lambda * Corrected.variance(f) - 2 * lambda * Corrected.covariance(y, f)) / n
                + (fU.length > 1 ? lambda * lambda * Corrected.variance(fU) / fU.length : 0);
        double qa = 1 + z2 / n;
        double qb = 2 * theta + z2 / n;
        double disc = qb * qb - 4 * qa * (theta * theta - z2 * a);
        if (disc < 0) {
            double h = z * Math.sqrt(Corrected.thetaVar(y, f, fU, lambda)[1]);
            return new double[] {clip(theta - h), clip(theta + h)};
        }
        double r = Math.sqrt(disc);
        return new double[] {clip((qb - r) / (2 * qa)), clip((qb + r) / (2 * qa))};
    }

    private static double clip(double v) {
        return Math.max(0, Math.min(1, v));
    }
}
