package org.tracejudge.calibration;

import java.util.Locale;
import java.util.Random;
import java.util.stream.IntStream;

/**
 * The simulation of calibration.md § Checks (run by bench/calibration-sim.sh, not a test): studies with a known true
 * rate (the rate of the N judged traces), a judge of known sensitivity and specificity, and a gold sample of n traces
 * drawn without replacement: uniform for gold only, Rogan-Gladen and PPI++; stratified by the judge's label (square-root
 * allocation, two at least per stratum) for the stratified mean. For each estimator: how often its 95% interval covers
 * the true rate, its bias with its Monte-Carlo standard error, its mean interval width and (in brackets) in how many
 * studies it was defined; the judge-only rate's bias beside them; and in how many studies PPI++'s interval came out
 * wider than the gold-only one (it must be none).
 * Usage: CalibrationSimulation [STUDIES=1000] [N=2000] [SEED=1]
 */
public final class CalibrationSimulation {
    public static void main(String[] args) {
        int studies = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        int bigN = args.length > 1 ? Integer.parseInt(args[1]) : 2000;
        long seed = args.length > 2 ? Long.parseLong(args[2]) : 1;
        System.out.printf(
                Locale.ROOT,
                "%d studies each, %d judged traces per study; cells: coverage %%, bias in points"
                        + " [Monte-Carlo SE], mean width (studies where defined)%n",
                studies,
                bigN);
        System.out.printf(
                Locale.ROOT,
                "%-5s %-9s %-4s | %-34s | %-34s | %-34s | %-34s | %s | %s%n",
                "rate",
                "Se/Sp",
                "n",
                "gold only (Wilson, FPC)",
                "Rogan-Gladen (Jeffreys, score)",
                "PPI++ (cross-fit, AM, FPC)",
                "stratified-label (score, FPC)",
                "judge-only bias",
                "PPI++ wider than gold");
        Random rnd = new Random(seed);
        double[][] judges = {{0.85, 0.90}, {0.70, 0.97}};
        for (double p : new double[] {0.05, 0.20}) {
            for (double[] j : judges) {
                for (int n : new int[] {50, 100, 200, 400}) {
                    double[][] acc = new double[4][5]; // covered, bias sum, bias² sum, width sum, defined
                    double judgeBias = 0;
                    int wider = 0;
                    for (int s = 0; s < studies; s++) {
                        int[] y = new int[bigN];
                        int[] f = new int[bigN];
                        int truth = 0;
                        int judged = 0;
                        for (int i = 0; i < bigN; i++) {
                            y[i] = rnd.nextDouble() < p ? 1 : 0;
                            f[i] = y[i] == 1 ? (rnd.nextDouble() < j[0] ? 1 : 0) : (rnd.nextDouble() < j[1] ? 0 : 1);
                            truth += y[i];
                            judged += f[i];
                        }
                        double rate = (double) truth / bigN;
                        judgeBias += (double) judged / bigN - rate;
                        int[][] split = uniformSplit(y, f, n, rnd);
                        int big0 = bigN - judged;
                        int n1 = (int) Math.round(n * Math.sqrt(judged) / (Math.sqrt(big0) + Math.sqrt(judged)));
                        n1 = Math.min(judged, Math.max(Math.min(2, judged), n1));
                        int n0 = Math.min(big0, n - n1);
                        int[][] ys = {draw(y, f, 0, n0, rnd), draw(y, f, 1, n1, rnd)};
                        Corrected.Estimate gold = Corrected.goldOnly(split[0], bigN);
                        Corrected.Estimate ppi = Corrected.ppi(split[0], split[1], split[2]);
                        Corrected.Estimate[] e = {
                            gold,
                            Corrected.roganGladen(split[0], split[1], f),
                            ppi,
                            Corrected.stratified(ys, new int[] {big0, judged}, new String[] {"0", "1"})
                        };
                        for (int k = 0; k < e.length; k++) {
                            if (e[k].defined()) {
                                double d = e[k].value() - rate;
                                acc[k][0] += e[k].ci95()[0] <= rate && rate <= e[k].ci95()[1] ? 1 : 0;
                                acc[k][1] += d;
                                acc[k][2] += d * d;
                                acc[k][3] += e[k].ci95()[1] - e[k].ci95()[0];
                                acc[k][4]++;
                            }
                        }
                        if (ppi.ci95()[1] - ppi.ci95()[0] > gold.ci95()[1] - gold.ci95()[0] + 1e-12) {
                            wider++;
                        }
                    }
                    StringBuilder line =
                            new StringBuilder(String.format(Locale.ROOT, "%-5.2f %.2f/%.2f %-4d", p, j[0], j[1], n));
                    for (double[] a : acc) {
                        double m = a[4];
                        double bias = a[1] / m;
                        double mcse = Math.sqrt((a[2] / m - bias * bias) / m);
                        line.append(
                                m == 0
                                        ? String.format(Locale.ROOT, " | %-34s", "never defined")
                                        : String.format(
                                                Locale.ROOT,
                                                " | %5.1f%% %+.2f [%.2f] %.3f (%4d)",
                                                100 * a[0] / m,
                                                100 * bias,
                                                100 * mcse,
                                                a[3] / m,
                                                (int) m));
                    }
                    line.append(String.format(Locale.ROOT, " | %+.2f | %d", 100 * judgeBias / studies, wider));
                    System.out.println(line);
                }
            }
        }
    }

    /** A uniform gold sample of n of the traces (a partial Fisher-Yates shuffle): {gold y, its judge f, the rest's f}. */
    static int[][] uniformSplit(int[] y, int[] f, int n, Random rnd) {
        int bigN = y.length;
        int[] idx = new int[bigN];
        for (int i = 0; i < bigN; i++) {
            idx[i] = i;
        }
        for (int i = 0; i < n; i++) {
            int k = i + rnd.nextInt(bigN - i);
            int t = idx[i];
            idx[i] = idx[k];
            idx[k] = t;
        }
        int[] yl = new int[n];
        int[] fl = new int[n];
        int[] fu = new int[bigN - n];
        for (int i = 0; i < bigN; i++) {
            if (i < n) {
                yl[i] = y[idx[i]];
                fl[i] = f[idx[i]];
            } else {
                fu[i - n] = f[idx[i]];
            }
        }
        return new int[][] {yl, fl, fu};
    }

    /** The gold of {@code k} traces drawn at random among those the judge labelled {@code label}. */
    static int[] draw(int[] y, int[] f, int label, int k, Random rnd) {
        int[] idx = IntStream.range(0, y.length).filter(i -> f[i] == label).toArray();
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
}
