package org.tracejudge.agreement;

import java.util.List;

/**
 * Fleiss' kappa for a rater set over the items every one of them labelled.
 *
 * @param n                  items labelled by all raters of the set
 * @param observedAgreement  mean pairwise agreement P̄
 * @param expectedAgreement  P_e = Σ_j p_j² from the pooled category proportions
 * @param kappa              null when undefined (see {@code note})
 */
public record FleissResult(
        List<String> raters, long n, Double observedAgreement, Double expectedAgreement, Double kappa, String note) {}
