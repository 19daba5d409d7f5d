package org.tracejudge.metrics;

/**
 * McNemar's test of paired binary outcomes (McNemar 1947): only the discordant pairs count, {@code b} (first
 * right, second wrong) and {@code c} (the reverse). Under no difference each discordant pair falls either way with
 * probability 1/2. With fewer than {@link #EXACT_BELOW} discordant pairs the two-sided exact binomial p-value is
 * used (min(1, 2 P(X <= min(b, c))), X ~ Bin(b + c, 1/2)); otherwise the chi-square statistic with continuity
 * correction (|b - c| - 1)^2 / (b + c) on one degree of freedom.
 */
public final class McNemar {
    /** Below this many discordant pairs the exact binomial test is used. */
    public static final int EXACT_BELOW = 25;

    private McNemar() {}

    /**
     * @param method    "exact binomial" or "chi-square (continuity-corrected)"; "no discordant pairs" when b + c = 0
     * @param statistic chi-square value (null for the exact test)
     * @param pValue    two-sided
     */
    public record Result(int b, int c, String method, Double statistic, double pValue) {}

    public static Result test(int b, int c) {
        if (b < 0 || c < 0) {
            throw new IllegalArgumentException("discordant counts must be >= 0, got b=" + b + ", c=" + c);
        }
        int n = b + c;
        if (n == 0) {
            return new Result(b, c, "no discordant pairs", null, 1.0);
        }
        if (n < EXACT_BELOW) {
            return new Result(b, c, "exact binomial", null, Math.min(1.0, 2 * binomialLowerTail(Math.min(b, c), n)));
        }
        double d = Math.abs(b - c) - 1.0;
        double chi2 = d <= 0 ? 0.0 : d * d / n;
        return new Result(b, c, "chi-square (continuity-corrected)", chi2, Proportions.twoSidedP(Math.sqrt(chi2)));
    }

    /**
     * P(X <= k) for X ~ Bin(n, 1/2), summed in log space so large n stays finite. Kept rather than Commons Math
     * 3.6.1's {@code BinomialDistribution.cumulativeProbability}, which takes the lower tail as 1 - I(...) and loses it
     * to cancellation far out (P(X <= 0) for n = 54 comes back 0); below {@link #EXACT_BELOW} both are within 5e-15
     * relative of the exact sum.
     */
    static double binomialLowerTail(int k, int n) {
        double sum = 0;
        double logHalfN = n * Math.log(0.5);
        double logC = 0; // log C(n, 0)
        for (int i = 0; i <= k; i++) {
            if (i > 0) {
                logC += Math.log(n - i + 1) - Math.log(i);
            }
            sum += Math.exp(logC + logHalfN);
        }
        return sum;
    }
}
