package org.tracejudge.agreement;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Computes all coefficients from {@link AgreementCounts}: full results for reports and
 * snapshots, and a flat vector of κ/α values (NaN = undefined) for the bootstrap.
 *
 * <p>Vector layout, with P pairs and L labels: [0, P) pairwise κ; P Fleiss κ; P+1 alpha;
 * then L blocks of (P per-label pairwise κ, 1 per-label Fleiss κ); then, if the labels are
 * integer scores, P linear and P quadratic weighted κ; last, Gwet's AC1 over Fleiss' items.
 */
final class Coefficients {
    /** Raw agreement at or above which a low κ is flagged as the low-prevalence effect. */
    static final double HIGH_AGREEMENT = 0.90;
    /** κ below which, with high raw agreement, the low-prevalence effect is flagged. */
    static final double LOW_KAPPA = 0.60;

    private Coefficients() {}

    static int vectorLength(AgreementCounts c, boolean ordinal) {
        int p = c.pairs.length;
        return p + 2 + c.nLabels * (p + 1) + (ordinal ? 2 * p : 0) + 1;
    }

    static void vector(AgreementCounts c, int[] scores, double[] out) {
        int p = c.pairs.length;
        int l = c.nLabels;
        int m = c.fleissRaters.length;
        int o = 0;
        for (int q = 0; q < p; q++) {
            out[o++] = CohenKappa.kappa(c.confusion[q], l);
        }
        out[o++] = FleissKappa.kappa(m, c.fleissItems, c.fleissSum, c.fleissSq);
        out[o++] = KrippendorffAlpha.alpha(c.alphaItems, c.alphaSum, c.alphaT);
        for (int k = 0; k < l; k++) {
            for (int q = 0; q < p; q++) {
                out[o++] = CohenKappa.binaryKappa(c.confusion[q], l, k);
            }
            out[o++] = FleissKappa.binaryKappa(m, c.fleissItems, c.fleissSum, c.fleissSq, k);
        }
        if (scores != null) {
            for (WeightedKappa.Weighting w : WeightedKappa.Weighting.values()) {
                for (int q = 0; q < p; q++) {
                    out[o++] = WeightedKappa.kappa(c.confusion[q], scores, w);
                }
            }
        }
        out[o++] = FleissKappa.ac1(m, c.fleissItems, c.fleissSum, c.fleissSq); // last: Gwet's AC1
    }

    static int[] scoresOrNull(List<String> labels) {
        if (labels.isEmpty()) {
            return null;
        }
        for (String l : labels) {
            if (LabelTable.parseInt(l) == null) {
                return null;
            }
        }
        return WeightedKappa.scores(labels);
    }

    static PointEstimates all(AgreementCounts c, int nItems) {
        List<String> raters = c.raters;
        List<String> labels = c.labels;
        int l = c.nLabels;
        List<CohenResult> pairwise = new ArrayList<>();
        for (int q = 0; q < c.pairs.length; q++) {
            pairwise.add(CohenKappa.fromConfusion(
                    raters.get(c.pairs[q][0]), raters.get(c.pairs[q][1]), labels, c.confusion[q]));
        }
        List<String> fr = c.fleissRaterNames();
        FleissResult fleiss = FleissKappa.fromSums(fr, labels, c.fleissItems, c.fleissSum, c.fleissSq);
        AlphaResult alpha = KrippendorffAlpha.fromCounts(labels, c.alphaItems, c.alphaSum, c.alphaT);
        long total = c.totalLabels();
        List<PerLabelResult> perLabel = new ArrayList<>();
        for (int k = 0; k < l; k++) {
            List<CohenResult> pl = new ArrayList<>();
            for (int q = 0; q < c.pairs.length; q++) {
                pl.add(CohenKappa.binaryFromConfusion(
                        raters.get(c.pairs[q][0]), raters.get(c.pairs[q][1]), labels, c.confusion[q], k));
            }
            FleissResult fk = FleissKappa.binaryFromSums(fr, labels, c.fleissItems, c.fleissSum, c.fleissSq, k);
            double prevalence = total == 0 ? 0 : (double) c.labelTotals[k] / total;
            perLabel.add(withLowPrevalence(labels.get(k), prevalence, fk, pl));
        }
        List<WeightedKappaResult> weighted = new ArrayList<>();
        int[] scores = scoresOrNull(labels);
        if (scores != null) {
            for (WeightedKappa.Weighting w : WeightedKappa.Weighting.values()) {
                for (int q = 0; q < c.pairs.length; q++) {
                    weighted.add(WeightedKappa.fromConfusion(
                            raters.get(c.pairs[q][0]), raters.get(c.pairs[q][1]), scores, c.confusion[q], w));
                }
            }
        }
        double ac1 = FleissKappa.ac1(fr.size(), c.fleissItems, c.fleissSum, c.fleissSq);
        return new PointEstimates(
                raters, labels, nItems, pairwise, fleiss, alpha, perLabel, weighted, Double.isNaN(ac1) ? null : ac1);
    }

    /**
     * Flags the low-prevalence effect: some pair (or Fleiss' set) agrees on ≥ 90% of items about this
     * label, yet its one-vs-rest κ is below 0.6 (or undefined because nobody used the label).
     */
    private static PerLabelResult withLowPrevalence(
            String label, double prevalence, FleissResult fleiss, List<CohenResult> pairs) {
        String note = null;
        for (CohenResult r : pairs) {
            if (note == null && isEffect(r.agreement(), r.kappa())) {
                note = String.format(
                        Locale.ROOT,
                        "low-prevalence effect: %s/%s agree on %.1f%% of items but kappa = %.3f, "
                                + "because '%s' makes up %.1f%% of labels (skewed prevalence)",
                        r.raterA(),
                        r.raterB(),
                        100 * r.agreement(),
                        r.kappa(),
                        label,
                        100 * prevalence);
            }
        }
        if (note == null && isEffect(fleiss.observedAgreement(), fleiss.kappa())) {
            note = String.format(
                    Locale.ROOT,
                    "low-prevalence effect: Fleiss raters agree on %.1f%% of pairs but kappa = %.3f, "
                            + "because '%s' makes up %.1f%% of labels (skewed prevalence)",
                    100 * fleiss.observedAgreement(),
                    fleiss.kappa(),
                    label,
                    100 * prevalence);
        }
        return new PerLabelResult(label, prevalence, fleiss, List.copyOf(pairs), note != null, note);
    }

    private static boolean isEffect(Double agreement, Double kappa) {
        return agreement != null && kappa != null && agreement >= HIGH_AGREEMENT && kappa < LOW_KAPPA;
    }
}
