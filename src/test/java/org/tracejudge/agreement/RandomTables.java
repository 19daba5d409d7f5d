package org.tracejudge.agreement;

import java.util.SplittableRandom;

/** Random label matrices for cross-checks: varied raters, categories, skew, degeneracy and missingness. */
final class RandomTables {
    private RandomTables() {}

    /** A random table; {@code missing} is the probability that a cell is empty. */
    static LabelTable random(SplittableRandom rng, int raters, int categories, int items, double missing) {
        double[] weights = new double[categories];
        int shape = rng.nextInt(4);
        for (int k = 0; k < categories; k++) {
            weights[k] = switch (shape) {
                case 0 -> 1.0; // uniform
                case 1 -> Math.pow(0.25, k); // strongly skewed
                case 2 -> k == 0 ? 50.0 : 1.0; // one dominant label
                default -> rng.nextDouble() + 0.01; // arbitrary
            };
        }
        double accuracy = rng.nextDouble(); // how often a rater copies the truth
        boolean degenerate = rng.nextInt(10) == 0; // everyone uses one label
        LabelTable.Builder b = LabelTable.builder();
        for (int r = 0; r < raters; r++) {
            b.addRater("r" + r);
        }
        for (int i = 0; i < items; i++) {
            int truth = draw(rng, weights);
            for (int r = 0; r < raters; r++) {
                if (rng.nextDouble() < missing) {
                    continue;
                }
                int c = degenerate ? 0 : rng.nextDouble() < accuracy ? truth : draw(rng, weights);
                b.add("i" + i, "r" + r, "c" + c);
            }
        }
        return b.build();
    }

    static int draw(SplittableRandom rng, double[] w) {
        double s = 0;
        for (double v : w) {
            s += v;
        }
        double u = rng.nextDouble() * s;
        for (int k = 0; k < w.length; k++) {
            u -= w[k];
            if (u <= 0) {
                return k;
            }
        }
        return w.length - 1;
    }

    /** Raters copy a uniform true label with probability {@code accuracy}, else guess uniformly. */
    static LabelTable correlated(
            SplittableRandom rng, int raters, int categories, int items, double accuracy, double missing) {
        LabelTable.Builder b = LabelTable.builder();
        for (int r = 0; r < raters; r++) {
            b.addRater("r" + r);
        }
        for (int i = 0; i < items; i++) {
            int truth = rng.nextInt(categories);
            for (int r = 0; r < raters; r++) {
                if (rng.nextDouble() >= missing) {
                    int c = rng.nextDouble() < accuracy ? truth : rng.nextInt(categories);
                    b.add("i" + i, "r" + r, "c" + c);
                }
            }
        }
        return b.build();
    }
}
