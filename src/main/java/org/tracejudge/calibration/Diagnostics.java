package org.tracejudge.calibration;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.tracejudge.metrics.Proportions;

/**
 * How one machine rater (a judge, the rule, the harness) agrees with human gold on the traces both labelled: the
 * confusion matrix (rater label × gold label), per label sensitivity, specificity, precision, NPV and F1 with 95%
 * Wilson intervals, accuracy, Cohen's κ and Gwet's AC1 against gold, and a trust verdict per label
 * (calibration.md § Judge diagnostics). Pure computation: the labels come in as maps by trace id.
 */
public final class Diagnostics {
    /** Default thresholds of the trust verdict (calibration.md): κ against gold, and a label's sensitivity. */
    public static final double KAPPA_THRESHOLD = 0.6;

    public static final double SENSITIVITY_THRESHOLD = 0.8;
    /** The sensitivity interval's half-width under which a verdict is no longer "not yet". */
    public static final double HALF_WIDTH = 0.1;

    /** A proportion with its count, denominator and 95% Wilson interval (null where the denominator is 0). */
    public record Rate(int count, int n, Double value, double[] ci95) {
        static Rate of(int count, int n) {
            return n == 0
                    ? new Rate(count, 0, null, null)
                    : new Rate(count, n, (double) count / n, Proportions.wilson(count, n, Proportions.Z95));
        }

        /** Half the interval's width (1 where nothing is known). */
        public double halfWidth() {
            return ci95 == null ? 1 : (ci95[1] - ci95[0]) / 2;
        }
    }

    public enum Trust {
        TRUSTED,
        NOT_YET,
        NOT_TRUSTED
    }

    /**
     * One label's figures, the rater's label read as "this label" against gold "this label".
     *
     * @param moreGold how many more gold traces with this label would bring the sensitivity interval's half-width
     *                 under {@link #HALF_WIDTH} (0 when it is already)
     */
    public record LabelFigures(
            String label,
            int goldCount,
            Rate sensitivity,
            Rate specificity,
            Rate precision,
            Rate npv,
            Double f1,
            Trust trust,
            int moreGold) {}

    /**
     * @param labels   the labels in matrix order
     * @param matrix   counts, [rater label][gold label]
     * @param kappa    Cohen's κ, rater vs gold (null when undefined: one label only)
     * @param ac1      Gwet's AC1, rater vs gold (null when undefined)
     */
    public record Result(
            String rater,
            int n,
            List<String> labels,
            int[][] matrix,
            Rate accuracy,
            Double kappa,
            Double ac1,
            List<LabelFigures> perLabel,
            int goldWithoutRaterLabel) {
        /** Rows normalised: of the traces the rater gave label i, the share gold calls j. */
        public double[][] rowShares() {
            double[][] out = new double[matrix.length][];
            for (int i = 0; i < matrix.length; i++) {
                int sum = 0;
                for (int c : matrix[i]) {
                    sum += c;
                }
                out[i] = new double[matrix[i].length];
                for (int j = 0; j < matrix[i].length; j++) {
                    out[i][j] = sum == 0 ? 0 : (double) matrix[i][j] / sum;
                }
            }
            return out;
        }
    }

    private Diagnostics() {}

    /**
     * @param rater the rater's current label per trace
     * @param gold  the gold label per trace
     */
    public static Result of(String raterName, Map<String, String> rater, Map<String, String> gold) {
        TreeSet<String> labelSet = new TreeSet<>();
        List<String[]> pairs = new ArrayList<>();
        int missing = 0;
        for (Map.Entry<String, String> g : gold.entrySet()) {
            String r = rater.get(g.getKey());
            if (r == null) {
                missing++;
                continue;
            }
            pairs.add(new String[] {r, g.getValue()});
            labelSet.add(r);
            labelSet.add(g.getValue());
        }
        List<String> labels = List.copyOf(labelSet);
        Map<String, Integer> index = new LinkedHashMap<>();
        for (int i = 0; i < labels.size(); i++) {
            index.put(labels.get(i), i);
        }
        int q = labels.size();
        int[][] m = new int[q][q];
        for (String[] p : pairs) {
            m[index.get(p[0])][index.get(p[1])]++;
        }
        int n = pairs.size();
        int agree = 0;
        for (int i = 0; i < q; i++) {
            agree += m[i][i];
        }
        Double kappa = null;
        Double ac1 = null;
        if (n > 0) {
            double[] pr = new double[q];
            double[] pg = new double[q];
            for (int i = 0; i < q; i++) {
                for (int j = 0; j < q; j++) {
                    pr[i] += m[i][j];
                    pg[j] += m[i][j];
                }
            }
            double pa = (double) agree / n;
            double peKappa = 0;
            double peAc1 = 0;
            for (int k = 0; k < q; k++) {
                pr[k] /= n;
                pg[k] /= n;
                peKappa += pr[k] * pg[k];
                double pik = (pr[k] + pg[k]) / 2;
                peAc1 += pik * (1 - pik);
            }
            if (q > 1) {
                peAc1 /= (q - 1);
                ac1 = peAc1 >= 1 ? null : (pa - peAc1) / (1 - peAc1);
            }
            kappa = peKappa >= 1 ? null : (pa - peKappa) / (1 - peKappa);
        }
        List<LabelFigures> per = new ArrayList<>();
        for (int k = 0; k < q; k++) {
            int tp = m[k][k];
            int goldK = 0;
            int raterK = 0;
            for (int i = 0; i < q; i++) {
                goldK += m[i][k];
                raterK += m[k][i];
            }
            int fn = goldK - tp;
            int fp = raterK - tp;
            int tn = n - tp - fn - fp;
            Rate sens = Rate.of(tp, goldK);
            Rate spec = Rate.of(tn, tn + fp);
            Rate prec = Rate.of(tp, raterK);
            Rate npv = Rate.of(tn, tn + fn);
            Double f1 = tp + fp + fn == 0 ? null : 2.0 * tp / (2.0 * tp + fp + fn);
            int more = moreGold(sens);
            Trust t = more > 0
                    ? Trust.NOT_YET
                    : (kappa != null && kappa >= KAPPA_THRESHOLD && sens.value() >= SENSITIVITY_THRESHOLD)
                            ? Trust.TRUSTED
                            : Trust.NOT_TRUSTED;
            per.add(new LabelFigures(labels.get(k), goldK, sens, spec, prec, npv, f1, t, more));
        }
        return new Result(raterName, n, labels, m, Rate.of(agree, n), kappa, ac1, List.copyOf(per), missing);
    }

    /**
     * How many more gold traces with the label would bring the Wilson interval of its sensitivity under the
     * half-width, at the sensitivity seen so far (0.5 when none is): the smallest n, found by stepping, whose
     * interval at that proportion is narrow enough, less the traces already there.
     */
    static int moreGold(Rate sens) {
        if (sens.n() > 0 && sens.halfWidth() <= HALF_WIDTH) {
            return 0;
        }
        double p = sens.value() == null ? 0.5 : sens.value();
        for (int n = Math.max(1, sens.n()); n <= 100_000; n++) {
            int x = (int) Math.round(p * n);
            double[] ci = Proportions.wilson(x, n, Proportions.Z95);
            if ((ci[1] - ci[0]) / 2 <= HALF_WIDTH) {
                return Math.max(1, n - sens.n());
            }
        }
        return 100_000;
    }
}
