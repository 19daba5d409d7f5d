package org.tracejudge.agreement;

/**
 * Cohen's kappa for one option of a multiple-choice question taken as a yes/no question (chosen or not), for one
 * rater pair: the 2×2 case of {@link CohenKappa}, κ = (p_o − p_e) / (1 − p_e) (Cohen 1960).
 *
 * <p>Sums layout at {@code o}: [both chose, only a, only b, neither].
 */
final class OptionKappa {
    private OptionKappa() {}

    /** κ; NaN when undefined (no item, or p_e = 1). */
    static double kappa(double[] sums, int o) {
        long yy = Math.round(sums[o]);
        long yn = Math.round(sums[o + 1]);
        long ny = Math.round(sums[o + 2]);
        long nn = Math.round(sums[o + 3]);
        long n = yy + yn + ny + nn;
        long rowYes = yy + yn;
        long colYes = yy + ny;
        double e = (double) rowYes * colYes + (double) (n - rowYes) * (n - colYes);
        return CohenKappa.kappa(n, yy + nn, e);
    }
}
