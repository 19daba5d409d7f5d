package org.tracejudge.calibration;

import java.util.List;
import java.util.Locale;

/**
 * Which of a rate's four figures to trust, and why (issue 48, item 7): the judge-only rate, the gold-only rate,
 * Rogan-Gladen and PPI++ are all shown, but one is recommended, with its reason, the same in the Calibration tab, the
 * dashboard's corrected view and {@code calibration --corrected}. A pure policy over one {@link CorrectedRates.Row}
 * and the sample's design; the first rule that applies decides:
 *
 * <ol>
 *   <li>fewer than 2 gold traces of the model and task type in the sample: nothing can be corrected; the judge-only
 *       rate, said to be uncorrected;
 *   <li>every judged trace has gold (a census): the gold-only rate is exact;
 *   <li>a sample stratified by the judge's label: the stratified gold mean, which is PPI++ there (each stratum weighed
 *       by its size when drawn);
 *   <li>PPI++ gives the judge weight (λ &gt; 0) and its interval is narrower than the gold-only one: PPI++ (a
 *       probability sample makes it unbiased, and the judge's labels on every trace narrow the interval);
 *   <li>PPI++ gives the judge no weight (λ = 0, its figure is the gold mean): the gold-only rate, since the judge adds
 *       nothing;
 *   <li>otherwise the gold-only rate where it exists, else the judge-only rate.
 * </ol>
 *
 * Rogan-Gladen is never the recommendation: it is shown beside the others, but it assumes the judge errs alike on every
 * trace and it swings far from the gold when the judge's sensitivity + specificity − 1 is small, while PPI++ is
 * unbiased under the same probability sample whatever the judge does, and never wider than gold only.
 *
 * @param which    the figure recommended
 * @param estimate that figure (the row's own)
 * @param reason   why, in a sentence a person reads beside the figure
 */
public record Recommended(Which which, Corrected.Estimate estimate, String reason) {

    /** The four figures of a rate, with their JSON keys and their names as shown. */
    public enum Which {
        JUDGE_ONLY("judge_only", "judge only"),
        GOLD_ONLY("gold_only", "gold only"),
        ROGAN_GLADEN("rogan_gladen", Corrected.RG),
        PPI("ppi", Corrected.PPI);

        private final String key;
        private final String title;

        Which(String key, String title) {
            this.key = key;
            this.title = title;
        }

        public String key() {
            return key;
        }

        public String title() {
            return title;
        }

        /** This figure of {@code row}. */
        public Corrected.Estimate of(CorrectedRates.Row row) {
            return switch (this) {
                case JUDGE_ONLY -> row.judgeOnly();
                case GOLD_ONLY -> row.goldOnly();
                case ROGAN_GLADEN -> row.roganGladen();
                case PPI -> row.ppi();
            };
        }
    }

    /** The figure to trust for {@code row} of a sample drawn by {@code design}, with the reason. */
    public static Recommended of(CorrectedRates.Row row, SamplingDesign design) {
        Corrected.Estimate ppi = row.ppi();
        Corrected.Estimate gold = row.goldOnly();
        if (row.gold() < 2 || (!ppi.defined() && !gold.defined())) {
            return new Recommended(
                    Which.JUDGE_ONLY,
                    row.judgeOnly(),
                    String.format(
                            Locale.ROOT,
                            "uncorrected: the sample has %d gold %s of this model and task type, too few to correct "
                                    + "the judge (decide more of its traces)",
                            row.gold(),
                            row.gold() == 1 ? "trace" : "traces"));
        }
        if (row.gold() >= row.judged() && gold.defined()) {
            return new Recommended(
                    Which.GOLD_ONLY,
                    gold,
                    "every judged trace of this model and task type has gold: the humans' rate is exact");
        }
        if (design == SamplingDesign.STRATIFIED_LABEL && ppi.defined()) {
            return new Recommended(
                    Which.PPI,
                    ppi,
                    "the sample is stratified by the judge's label: the gold of each stratum weighed by its size is "
                            + "unbiased, and the judge's labels narrow it through the strata");
        }
        if (ppi.defined() && ppi.lambda() != null && ppi.lambda() > 0) {
            if (!gold.defined() || width(ppi) < width(gold)) {
                return new Recommended(
                        Which.PPI,
                        ppi,
                        String.format(
                                Locale.ROOT,
                                "a probability sample (%s) makes PPI++ unbiased, and the judge's labels on all %d "
                                        + "judged traces narrow the 95%% interval%s (λ = %.2f)",
                                design.code(),
                                row.judged(),
                                gold.defined()
                                        ? String.format(
                                                Locale.ROOT,
                                                " from ±%.1f to ±%.1f points",
                                                50 * width(gold),
                                                50 * width(ppi))
                                        : "",
                                ppi.lambda()));
            }
        }
        if (gold.defined()) {
            return new Recommended(
                    Which.GOLD_ONLY,
                    gold,
                    ppi.defined()
                            ? "the judge adds nothing here: PPI++ gives its labels no weight (λ = 0), so its figure "
                                    + "is the gold-only rate"
                            : "PPI++ refused (" + ppi.refusal() + "): the humans' rate on the sample");
        }
        return new Recommended(Which.PPI, ppi, "a probability sample (" + design.code() + ") makes PPI++ unbiased");
    }

    private static double width(Corrected.Estimate e) {
        return e.ci95() == null ? Double.POSITIVE_INFINITY : e.ci95()[1] - e.ci95()[0];
    }

    /** The figures not recommended, in the order shown (judge only, gold only, Rogan-Gladen, PPI++). */
    public List<Which> others() {
        return java.util.Arrays.stream(Which.values()).filter(w -> w != which).toList();
    }
}
