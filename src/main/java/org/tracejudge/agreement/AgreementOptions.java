package org.tracejudge.agreement;

import java.util.List;

/**
 * Options for {@link AgreementCalculator}.
 *
 * @param fleissRaters  the rater set for Fleiss' kappa (null: every rater of the table); leave derived raters
 *                      such as ensemble/final out
 * @param resamples     bootstrap resamples (0: no intervals)
 * @param seed          bootstrap seed
 * @param threads       bootstrap threads
 */
public record AgreementOptions(List<String> fleissRaters, int resamples, long seed, int threads) {
    public AgreementOptions {
        if (resamples < 0) {
            throw new IllegalArgumentException("resamples must be ≥ 0");
        }
        fleissRaters = fleissRaters == null ? null : List.copyOf(fleissRaters);
    }

    /** All raters in Fleiss, 1,000 resamples, seed 42, all cores. */
    public static AgreementOptions defaults() {
        return new AgreementOptions(
                null,
                Bootstrap.DEFAULT_RESAMPLES,
                Bootstrap.DEFAULT_SEED,
                Runtime.getRuntime().availableProcessors());
    }

    public AgreementOptions withFleissRaters(List<String> raters) {
        return new AgreementOptions(raters, resamples, seed, threads);
    }

    public AgreementOptions withResamples(int n) {
        return new AgreementOptions(fleissRaters, n, seed, threads);
    }

    public AgreementOptions withSeed(long s) {
        return new AgreementOptions(fleissRaters, resamples, s, threads);
    }

    public AgreementOptions withThreads(int t) {
        return new AgreementOptions(fleissRaters, resamples, seed, t);
    }
}
