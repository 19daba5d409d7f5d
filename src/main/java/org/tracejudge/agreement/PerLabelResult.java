package org.tracejudge.agreement;

import java.util.List;

/**
 * One label against the rest (binary): pairwise Cohen's kappa, Fleiss' kappa, the label's prevalence
 * (share of all labels given that are this label) and whether the low-prevalence effect shows
 * (high raw agreement, low kappa), with an explanation.
 */
public record PerLabelResult(
        String label,
        double prevalence,
        FleissResult fleiss,
        List<CohenResult> pairwise,
        boolean lowPrevalenceEffect,
        String lowPrevalenceNote) {}
