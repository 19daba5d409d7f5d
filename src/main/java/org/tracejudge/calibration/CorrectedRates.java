package org.tracejudge.calibration;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.tracejudge.ensemble.LabelSources;
import org.tracejudge.metrics.Proportions;
import org.tracejudge.model.TaskType;

/**
 * Every failure-mode rate per model, corrected for one judge's errors with a calibration sample's gold
 * (calibration.md § Corrected rates): beside each, the judge-only rate (what the leaderboard shows) and the gold-only
 * rate. The gold is the sample's traces that have gold ({@link Gold}) and a label of the judge; gold outside the sample
 * (picked by hand or by disagreement) is never used here. Traces without a judge label are left out and counted.
 */
public final class CorrectedRates {
    private CorrectedRates() {}

    /** A rate: the share of a model's traces of {@code type} whose label is {@code label}. */
    public record RateDef(String name, TaskType type, String label) {}

    public static final List<RateDef> RATES = List.of(
            new RateDef("TSR", TaskType.TOOL_REQUIRED, "tool_skip"),
            new RateDef("CTUR", TaskType.TOOL_REQUIRED, "correct"),
            new RateDef("RIR", TaskType.TOOL_REQUIRED, "result_ignore"),
            new RateDef("OFR", TaskType.TOOL_REQUIRED, "output_fabrication"),
            new RateDef("UTR", TaskType.CONTROL, "unnecessary_tool_use"),
            new RateDef("CTRL_Acc", TaskType.CONTROL, "correct"));

    /**
     * One model's rate.
     *
     * @param judged     traces of the model and type with a judge label (the judge-only denominator)
     * @param unjudged   traces of the model and type with no judge label (left out)
     * @param gold       gold traces of the sample among the judged ones (n)
     * @param drawnNoGold traces of the sample (this model and type) nobody has decided yet, or decided differently
     * @param judgeOnly  the judge's rate over the judged traces, 95% Wilson interval
     */
    public record Row(
            String model,
            RateDef rate,
            int judged,
            int unjudged,
            int gold,
            int drawnNoGold,
            Corrected.Estimate judgeOnly,
            Corrected.Estimate goldOnly,
            Corrected.Estimate roganGladen,
            Corrected.Estimate ppi) {}

    /** The whole report: which judge, which sample, and a row per model and rate. */
    public record Report(
            String judge, CalibrationDraw sample, int goldInSample, int goldOutsideSample, List<Row> rows) {
        /** The figure of {@code row} to trust and why ({@link Recommended}, for this report's sample design). */
        public Recommended recommended(Row row) {
            return Recommended.of(row, sample.design());
        }

        /**
         * The rows by model and rate name, the models ranked by corrected (PPI++) CTUR, highest first; models without
         * a corrected CTUR last, in their order. What the corrected leaderboard shows, in the CLI and the dashboard.
         */
        public java.util.LinkedHashMap<String, Map<String, Row>> ranked() {
            Map<String, Map<String, Row>> byModel = new java.util.LinkedHashMap<>();
            for (Row r : rows) {
                byModel.computeIfAbsent(r.model(), k -> new java.util.LinkedHashMap<>())
                        .put(r.rate().name(), r);
            }
            List<String> models = new ArrayList<>(byModel.keySet());
            models.sort(java.util.Comparator.comparingDouble(m -> {
                Row ctur = byModel.get(m).get("CTUR");
                return ctur != null && ctur.ppi().defined() ? -ctur.ppi().value() : 1;
            }));
            java.util.LinkedHashMap<String, Map<String, Row>> out = new java.util.LinkedHashMap<>();
            models.forEach(m -> out.put(m, byModel.get(m)));
            return out;
        }

        /**
         * The corrected leaderboard as CSV (fractions of 1): per model and rate of {@code rates} the judge-only rate,
         * the recommended figure ({@link #recommended}), which one it is (judge_only, gold_only, ppi) and its 95%
         * interval, and the gold n; models ranked as {@link #ranked()}.
         */
        public String csv(List<String> rates) {
            StringBuilder out = new StringBuilder("model");
            for (String rate : rates) {
                out.append(',')
                        .append(rate)
                        .append("_judge_only,")
                        .append(rate)
                        .append("_corrected,")
                        .append(rate)
                        .append("_estimator,")
                        .append(rate)
                        .append("_low,")
                        .append(rate)
                        .append("_high,")
                        .append(rate)
                        .append("_gold");
            }
            out.append('\n');
            for (Map.Entry<String, Map<String, Row>> m : ranked().entrySet()) {
                String name = m.getKey();
                out.append(org.tracejudge.csv.Csv.cell(name));
                for (String rate : rates) {
                    Row r = m.getValue().get(rate);
                    Recommended best = recommended(r);
                    Corrected.Estimate e = best.estimate();
                    out.append(',')
                            .append(fraction(r.judgeOnly().value()))
                            .append(',')
                            .append(fraction(e.value()))
                            .append(',')
                            .append(best.which().key())
                            .append(',')
                            .append(e.defined() ? fraction(e.ci95()[0]) : "")
                            .append(',')
                            .append(e.defined() ? fraction(e.ci95()[1]) : "")
                            .append(',')
                            .append(r.gold());
                }
                out.append('\n');
            }
            return out.toString();
        }

        private static String fraction(Double v) {
            return v == null ? "" : String.format(java.util.Locale.ROOT, "%.6f", v);
        }
    }

    public static Report compute(LabelSources sources, String judge, CalibrationDraw sample, Gold gold) {
        if (!sample.design().probability()) {
            throw new IllegalArgumentException("sample '" + sample.name() + "' ("
                    + sample.design().code() + ") is not a probability sample: it cannot correct rates");
        }
        String[] labels = sources.labels(judge);
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < sources.size(); i++) {
            index.put(sources.traceId(i), i);
        }
        boolean[] drawn = new boolean[sources.size()];
        for (CalibrationDraw.DrawnTrace d : sample.draws()) {
            Integer i = index.get(d.traceId());
            if (i != null) {
                drawn[i] = true;
            }
        }
        int goldInSample = 0;
        for (int i = 0; i < drawn.length; i++) {
            if (drawn[i] && gold.labels().containsKey(sources.traceId(i))) {
                goldInSample++;
            }
        }
        int goldOutside = (int) gold.labels().keySet().stream()
                .filter(t -> {
                    Integer i = index.get(t);
                    return i == null || !drawn[i];
                })
                .count();
        List<Row> rows = new ArrayList<>();
        boolean byLabel = sample.design() == SamplingDesign.STRATIFIED_LABEL;
        for (int m = 0; m < sources.models().size(); m++) {
            for (RateDef r : RATES) {
                Row plain = row(sources, labels, drawn, gold, m, r);
                rows.add(byLabel ? stratified(plain, sources, sample, gold, m, r) : plain);
            }
        }
        return new Report(judge, sample, goldInSample, goldOutside, List.copyOf(rows));
    }

    private static Row row(LabelSources sources, String[] labels, boolean[] drawn, Gold gold, int model, RateDef r) {
        List<Integer> yL = new ArrayList<>();
        List<Integer> fL = new ArrayList<>();
        List<Integer> fU = new ArrayList<>();
        int unjudged = 0;
        int drawnNoGold = 0;
        for (int i = 0; i < sources.size(); i++) {
            if (sources.model(i) != model || sources.type(i) != r.type()) {
                continue;
            }
            String g = drawn[i] ? gold.labels().get(sources.traceId(i)) : null;
            if (drawn[i] && g == null) {
                drawnNoGold++;
            }
            if (labels[i] == null) {
                unjudged++;
                continue;
            }
            int f = r.label().equals(labels[i]) ? 1 : 0;
            if (g != null) {
                yL.add(r.label().equals(g) ? 1 : 0);
                fL.add(f);
            } else {
                fU.add(f);
            }
        }
        int[] y = ints(yL);
        int[] f = ints(fL);
        int[] u = ints(fU);
        int[] all = new int[f.length + u.length];
        System.arraycopy(f, 0, all, 0, f.length);
        System.arraycopy(u, 0, all, f.length, u.length);
        Corrected.Estimate judgeOnly;
        if (all.length == 0) {
            judgeOnly = new Corrected.Estimate("judge only", null, null, null, null, "no trace with a judge label");
        } else {
            int k = 0;
            for (int x : all) {
                k += x;
            }
            judgeOnly = new Corrected.Estimate(
                    "judge only",
                    (double) k / all.length,
                    Proportions.wilson(k, all.length, Proportions.Z95),
                    null,
                    null,
                    null);
        }
        return new Row(
                sources.models().get(model),
                r,
                all.length,
                unjudged,
                y.length,
                drawnNoGold,
                judgeOnly,
                Corrected.goldOnly(y, all.length),
                Corrected.roganGladen(y, f, all),
                Corrected.ppi(y, f, u));
    }

    /**
     * A row of a sample stratified by the judge's label: the gold of each model × type × label stratum weighted by its
     * size when drawn ({@link Corrected#stratified}, which PPI++ equals for such strata) for both gold only and PPI++;
     * Rogan-Gladen, which needs every gold trace to have had the same chance, is refused. The judge-only rate stays.
     */
    private static Row stratified(
            Row plain, LabelSources sources, CalibrationDraw sample, Gold gold, int model, RateDef r) {
        String prefix = sources.models().get(model) + "|" + r.type().code() + "|";
        Map<String, Integer> sizes = new java.util.TreeMap<>();
        Map<String, List<Integer>> ys = new java.util.TreeMap<>();
        for (CalibrationDraw.DrawnTrace d : sample.draws()) {
            if (!d.stratum().startsWith(prefix)) {
                continue;
            }
            sizes.put(
                    d.stratum(),
                    d.population() != null
                            ? d.population()
                            : (int) Math.round(1 / d.inclusion()) /* schema-8 rows cannot be stratified-label */);
            ys.computeIfAbsent(d.stratum(), k -> new ArrayList<>());
            String g = gold.labels().get(d.traceId());
            if (g != null) {
                ys.get(d.stratum()).add(r.label().equals(g) ? 1 : 0);
            }
        }
        String[] names = sizes.keySet().toArray(new String[0]);
        int[][] y = new int[names.length][];
        int[] bigN = new int[names.length];
        int n = 0;
        for (int h = 0; h < names.length; h++) {
            y[h] = ints(ys.get(names[h]));
            bigN[h] = sizes.get(names[h]);
            n += y[h].length;
            names[h] = names[h].substring(prefix.length()) + " (judge label)";
        }
        Corrected.Estimate est = names.length == 0
                ? Corrected.Estimate.refused(Corrected.STRATIFIED, "the sample has no stratum of this model and type")
                : Corrected.stratified(y, bigN, names);
        Corrected.Estimate rg = Corrected.Estimate.refused(
                Corrected.RG,
                "the sample is stratified by the judge's label, "
                        + "so its gold traces had unequal chances; Rogan-Gladen needs a uniform sample (PPI++ is shown)");
        Corrected.Estimate goldOnly = est.defined()
                ? new Corrected.Estimate(Corrected.GOLD, est.value(), est.ci95(), est.se(), null, null)
                : Corrected.Estimate.refused(Corrected.GOLD, est.refusal());
        return new Row(
                plain.model(),
                r,
                plain.judged(),
                plain.unjudged(),
                n,
                plain.drawnNoGold(),
                plain.judgeOnly(),
                goldOnly,
                rg,
                est);
    }

    private static int[] ints(List<Integer> l) {
        int[] out = new int[l.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = l.get(i);
        }
        return out;
    }

    /**
     * The label sources whose rates can be corrected, as {@link #load} names them: {@code ensemble} when the project
     * has one, then every machine rater (rule, judges, imported raters) by column.
     */
    public static List<String> judges(org.tracejudge.store.Project p) {
        List<String> out = new ArrayList<>();
        try {
            org.tracejudge.ensemble.JudgeChoice.resolve(p, null, null);
            out.add(LabelSources.ENSEMBLE);
        } catch (org.tracejudge.store.ProjectException e) {
            // no ensemble: the raters alone
        }
        for (var r : org.tracejudge.ensemble.JudgeChoice.raters(p)) {
            if (r.kind() != org.tracejudge.model.RaterKind.HUMAN) {
                out.add(r.column());
            }
        }
        return out;
    }

    /**
     * Loads a project's corrected rates: the judge ({@code null} or "ensemble": the project's ensemble; else a rater's
     * name or name@version) and calibration sample ({@code null}: the first drawn). Refuses, saying what to do, where
     * there is no sample, no such sample, or no ensemble.
     */
    public static Report load(org.tracejudge.store.Project p, String judge, String sampleName) {
        CalibrationDraw drawn = CalibrationDraws.forCorrection(p, sampleName);
        org.tracejudge.ensemble.JudgeChoice choice = null;
        String src = judge;
        if (src == null || src.equals(LabelSources.ENSEMBLE)) {
            try {
                choice = org.tracejudge.ensemble.JudgeChoice.resolve(p, null, null);
            } catch (org.tracejudge.store.ProjectException e) {
                throw new org.tracejudge.store.ProjectException(
                        p.file() + ": " + (judge == null ? "no --judge given and " : "") + "no ensemble ("
                                + e.getMessage() + "); name a rater with --judge");
            }
            src = LabelSources.ENSEMBLE;
        } else {
            src = org.tracejudge.ensemble.JudgeChoice.find(org.tracejudge.ensemble.JudgeChoice.raters(p), src, "judge")
                    .column();
        }
        LabelSources sources = LabelSources.load(p, choice, List.of(src));
        return compute(sources, src, drawn, Gold.read(p));
    }
}
