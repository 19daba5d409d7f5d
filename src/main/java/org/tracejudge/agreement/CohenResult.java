package org.tracejudge.agreement;

/**
 * Percent agreement and Cohen's kappa for one rater pair over the items both labelled.
 *
 * @param n                   items labelled by both raters
 * @param agreement           observed agreement p_o (null when n = 0)
 * @param kappa               Cohen's kappa, null when undefined (see {@code note})
 * @param se                  large-sample standard error of kappa (Fleiss, Cohen &amp; Everitt 1969), null when kappa is
 * @param expectedAgreement   chance agreement p_e from each rater's own marginals
 * @param confusion           rows rater a, columns rater b (binary per-label results use [label, "not label"])
 * @param note                why kappa is undefined, or null
 */
public record CohenResult(
        String raterA,
        String raterB,
        long n,
        Double agreement,
        Double kappa,
        Double se,
        Double expectedAgreement,
        ConfusionMatrix confusion,
        String note) {}
