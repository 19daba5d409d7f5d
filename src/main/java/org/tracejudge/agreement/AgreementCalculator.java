package org.tracejudge.agreement;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * From-scratch computation of every agreement coefficient for a {@link LabelTable}, with
 * bootstrap intervals and per-stratum breakdowns. Thread-safe (stateless apart from options).
 */
public final class AgreementCalculator {
    /** Item attributes the report can be broken down by. */
    public static final List<String> STRATA = List.of("domain", "model", "task_type", "target");

    private final AgreementOptions options;

    public AgreementCalculator(AgreementOptions options) {
        this.options = options;
    }

    public AgreementCalculator() {
        this(AgreementOptions.defaults());
    }

    public AgreementOptions options() {
        return options;
    }

    /** Every point coefficient (no intervals). */
    public PointEstimates points(LabelTable t) {
        int[] fleiss = fleissIndices(t, options.fleissRaters());
        AgreementCounts c = new AgreementCounts(t.raters(), t.labels(), fleiss);
        new ItemContributions(t, fleiss).accumulate(null, c);
        return Coefficients.all(c, t.itemCount());
    }

    /** The full report: points, bootstrap intervals (if resamples &gt; 0) and warnings. */
    public AgreementReport report(LabelTable t) {
        PointEstimates pe = points(t);
        if (options.resamples() == 0) {
            return ReportAssembler.assemble(pe, null, null);
        }
        Interval[] iv = bootstrap().intervals(t, fleissIndices(t, options.fleissRaters()));
        return ReportAssembler.assemble(pe, iv, bootstrapInfo());
    }

    /** The full report for each value of one item attribute (e.g. "domain"); items without it are left out. */
    public Map<String, AgreementReport> reportByStratum(LabelTable t, String attribute) {
        Map<String, AgreementReport> out = new LinkedHashMap<>();
        for (String v : t.strataValues(attribute)) {
            out.put(v, report(t.filterItems(s -> v.equals(s.get(attribute)))));
        }
        return out;
    }

    /** {@link #reportByStratum} for each of {@link #STRATA}: attribute → value → report. */
    public Map<String, Map<String, AgreementReport>> reportByStrata(LabelTable t) {
        Map<String, Map<String, AgreementReport>> out = new LinkedHashMap<>();
        for (String a : STRATA) {
            out.put(a, reportByStratum(t, a));
        }
        return out;
    }

    Bootstrap bootstrap() {
        return new Bootstrap(options.resamples(), options.seed(), options.threads());
    }

    AgreementReport.BootstrapInfo bootstrapInfo() {
        return new AgreementReport.BootstrapInfo(options.resamples(), options.seed(), "percentile, over items");
    }

    static int[] fleissIndices(LabelTable t, List<String> fleissRaters) {
        if (fleissRaters == null) {
            int[] all = new int[t.raterCount()];
            for (int r = 0; r < all.length; r++) {
                all[r] = r;
            }
            return all;
        }
        return fleissRaters.stream()
                .filter(t.raters()::contains)
                .mapToInt(t::raterIndex)
                .toArray();
    }

    // Convenience entry points for single coefficients.

    public static CohenResult cohen(LabelTable t, String raterA, String raterB) {
        return CohenKappa.compute(t, raterA, raterB);
    }

    public static FleissResult fleiss(LabelTable t, List<String> raters) {
        return FleissKappa.compute(t, raters);
    }

    public static AlphaResult alpha(LabelTable t) {
        return KrippendorffAlpha.compute(t);
    }

    public static WeightedKappaResult weightedKappa(
            LabelTable t, String raterA, String raterB, WeightedKappa.Weighting w) {
        return WeightedKappa.compute(t, raterA, raterB, w);
    }
}
