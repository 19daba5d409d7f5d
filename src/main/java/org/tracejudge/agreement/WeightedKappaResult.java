package org.tracejudge.agreement;

/** Cohen's weighted kappa for ordinal integer scores, for one rater pair. */
public record WeightedKappaResult(
        String raterA, String raterB, WeightedKappa.Weighting weighting, long n, Double kappa, String note) {}
