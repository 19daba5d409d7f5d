package org.tracejudge.calibration;

import java.util.Locale;
import java.util.Random;

/**
 * The simulation of calibration.md § Checks (run by bench/calibration-sim.sh, not a test): studies with a known true
 * rate, a judge of known sensitivity and specificity, and a uniform gold sample of n traces. For each estimator: how
 * often its 95% interval covers the true rate of the judged traces, its bias and its mean interval width; the
 * judge-only rate's bias beside them.
 * Usage: CalibrationSimulation [STUDIES=1000] [N=2000] [SEED=1]
 */
public final class CalibrationSimulation {
    public static void main(String[] args) {
        int studies = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        int bigN = args.length > 1 ? Integer.parseInt(args[1]) : 2000;
        long seed = args.length > 2 ? Long.parseLong(args[2]) : 1;
        System.out.printf(Locale.ROOT, "%d studies each, %d judged traces per study, uniform gold samples%n", studies, bigN);
        System.out.printf(Locale.ROOT, "%-6s %-5s %-5s %-5s | %-30s | %-30s | %-30s | %s%n", "rate", "Se", "Sp", "n",
                "gold only: cover bias width", "Rogan-Gladen: cover bias width", "PPI++: cover bias width", "judge-only bias");
        Random rnd = new Random(seed);
        double[][] judges = {{0.85, 0.90}, {0.70, 0.97}};
        for (double p : new double[] {0.05, 0.20}) {
            for (double[] j : judges) {
                for (int n : new int[] {50, 100, 200, 400}) {
                    double[][] acc = new double[3][4]; // covered, bias sum, width sum, defined
                    double judgeBias = 0;
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
                        int[] yl = split[0];
                        int[] fl = split[1];
                        int[] fu = split[2];
                        Corrected.Estimate[] e = {Corrected.goldOnly(yl), Corrected.roganGladen(yl, fl, f), Corrected.ppi(yl, fl, fu)};
                        for (int k = 0; k < 3; k++) {
                            if (e[k].defined()) {
                                acc[k][0] += e[k].ci95()[0] <= rate && rate <= e[k].ci95()[1] ? 1 : 0;
                                acc[k][1] += e[k].value() - rate;
                                acc[k][2] += e[k].ci95()[1] - e[k].ci95()[0];
                                acc[k][3]++;
                            }
                        }
                    }
                    StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-6.2f %-5.2f %-5.2f %-5d", p, j[0], j[1], n));
                    for (double[] a : acc) {
                        line.append(a[3] == 0 ? String.format(Locale.ROOT, " | %-30s", "never defined")
                                : String.format(Locale.ROOT, " | %5.1f%% %+.4f %.4f (%4d)       ", 100 * a[0] / a[3],
                                        a[1] / a[3], a[2] / a[3], (int) a[3]));
                    }
                    line.append(String.format(Locale.ROOT, " | %+.4f", judgeBias / studies));
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
}
