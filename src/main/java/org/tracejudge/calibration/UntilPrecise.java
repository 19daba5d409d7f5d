package org.tracejudge.calibration;

import java.util.Locale;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectException;

/**
 * One step of an until-precise calibration sample (calibration.md § What to label next): keep drawing uniform batches
 * until the corrected rate's 95% interval half-width for a chosen rate (and model, or the widest over the models) is at
 * most w. A step draws the next batch only when every drawn trace is gold and the interval is still too wide; otherwise
 * it says why it drew nothing. Shared by {@code sample --design until-precise} and the Calibration tab.
 */
public final class UntilPrecise {
    private UntilPrecise() {}

    /**
     * What a step did. {@code drawnNow}: traces drawn by this step; {@code halfWidth}: the widest PPI++ half-width of
     * the rate before the step (null before the first batch or with no judged trace); {@code status}: in words.
     */
    public record Step(CalibrationDraw sample, int drawnNow, Double halfWidth, String status) {}

    /**
     * @param rate  a rate of {@link CorrectedRates#RATES} (TSR, CTUR…)
     * @param model a model, or null for the widest interval over every model
     * @param judge the judge whose rate is corrected (null: the ensemble)
     */
    public static Step step(
            Project p, String name, int batch, long seed, double halfWidth, String rate, String model, String judge) {
        if (!(halfWidth > 0 && halfWidth < 1)) {
            throw new IllegalArgumentException("--half-width: a fraction between 0 and 1, not " + halfWidth);
        }
        if (CorrectedRates.RATES.stream().noneMatch(r -> r.name().equals(rate))) {
            throw new IllegalArgumentException("--rate: one of "
                    + String.join(
                            ", ",
                            CorrectedRates.RATES.stream()
                                    .map(CorrectedRates.RateDef::name)
                                    .toList()) + ", not '" + rate + "'");
        }
        CalibrationDraw had = CalibrationDraws.read(p, name);
        if (had == null) {
            CalibrationDraw s = CalibrationDraws.extend(p, name, batch, seed);
            return new Step(s, s.draws().size(), null, "first batch drawn; decide it, then take the next step.");
        }
        if (had.design() != SamplingDesign.UNTIL_PRECISE || had.seed() != seed) {
            CalibrationDraws.extend(p, name, batch, seed); // refuses, saying why
        }
        CorrectedRates.Report r = CorrectedRates.load(p, judge, name);
        int undecided = Math.max(0, had.draws().size() - r.goldInSample());
        Double widest = null;
        String where = null;
        for (CorrectedRates.Row row : r.rows()) {
            if (!row.rate().name().equals(rate)
                    || (model != null && !row.model().equals(model))
                    || row.judged() == 0) {
                continue;
            }
            double h = row.ppi().defined() ? (row.ppi().ci95()[1] - row.ppi().ci95()[0]) / 2 : 1;
            if (widest == null || h > widest) {
                widest = h;
                where = row.model()
                        + (row.ppi().defined() ? "" : " (" + row.ppi().refusal() + ")");
            }
        }
        if (model != null && where == null) {
            throw new ProjectException(
                    p.file() + ": --model '" + model + "': no judged " + rate + " trace of that model "
                            + "(models: "
                            + String.join(
                                    ", ",
                                    r.rows().stream()
                                            .map(CorrectedRates.Row::model)
                                            .distinct()
                                            .toList())
                            + ")");
        }
        String now = widest == null
                ? "no " + rate + " rate yet"
                : String.format(Locale.ROOT, "%s half-width %.4g (PPI++, %s)", rate, widest, where);
        if (undecided > 0) {
            return new Step(
                    had,
                    0,
                    widest,
                    String.format(
                            Locale.ROOT,
                            "%d of the %d drawn traces are not gold yet "
                                    + "(undecided, or people disagree): decide them first (the table's filter list ▸ Calibration sample); nothing drawn. %s",
                            undecided,
                            had.draws().size(),
                            now));
        }
        if (had.draws().size() >= had.population()) {
            return new Step(
                    had,
                    0,
                    widest,
                    "every trace is drawn and decided: the gold-only rates are the rates; " + "nothing drawn. " + now);
        }
        if (widest != null && widest <= halfWidth) {
            return new Step(
                    had,
                    0,
                    widest,
                    String.format(Locale.ROOT, "precise enough: %s ≤ %.4g; nothing drawn.", now, halfWidth));
        }
        CalibrationDraw s = CalibrationDraws.extend(p, name, batch, seed);
        return new Step(
                s,
                s.draws().size() - had.draws().size(),
                widest,
                now
                        + String.format(
                                Locale.ROOT,
                                " > %.4g: the next batch drawn; decide it, then take the next step.",
                                halfWidth));
    }
}
