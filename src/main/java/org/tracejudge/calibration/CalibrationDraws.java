package org.tracejudge.calibration;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.tracejudge.calibration.CalibrationDraw.DrawnTrace;
import org.tracejudge.ensemble.JudgeChoice;
import org.tracejudge.ensemble.LabelSources;
import org.tracejudge.store.CalibrationLabels;
import org.tracejudge.store.DrawRows;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectException;
import org.tracejudge.store.Timestamps;

/**
 * A project's calibration samples: drawn by a {@link SamplingDesign} ({@link DrawPlan} does the maths), stored through
 * {@link DrawRows} with each trace's reason and, for a probability sample, its inclusion probability, read back, and
 * chosen for the corrected rates — only a probability sample whose seal holds and whose population is as it was drawn
 * (calibration.md § Terms: never gold chosen by hand or by disagreement).
 */
public final class CalibrationDraws {
    private CalibrationDraws() {}

    /**
     * Draws and stores sample {@code name}. The same name drawn again with the same design, size and seed returns
     * what was drawn (nothing is written); with anything else it is refused: a sample is never redrawn.
     */
    public static CalibrationDraw draw(Project p, String name, SamplingDesign design, int n, long seed) {
        return draw(p, name, design, n, seed, null);
    }

    /** {@code judge}: whose labels make the strata of {@code stratified-label} (null: the ensemble). */
    public static CalibrationDraw draw(Project p, String name, SamplingDesign design, int n, long seed, String judge) {
        if (n < 1) {
            throw new IllegalArgumentException("--n: a sample needs at least one trace");
        }
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a sample needs a name");
        }
        CalibrationDraw had = read(p, name);
        if (design == SamplingDesign.UNTIL_PRECISE) {
            throw new IllegalArgumentException("until-precise samples are drawn in batches: CalibrationDraws.extend");
        }
        if (had != null) {
            if (had.design() == design
                    && had.seed() == seed
                    && ((design.probability() && design != SamplingDesign.STRATIFIED_LABEL)
                            ? had.draws().size() == DrawPlan.expectedSize(population(p), design, n)
                            : had.draws().size() <= n)) {
                return had;
            }
            throw new ProjectException(
                    "sample '" + name + "' was drawn already (" + had.design().code() + ", "
                            + had.draws().size() + " traces, seed " + had.seed() + ", " + had.drawnAt()
                            + "); a sample is never "
                            + "redrawn: choose another --name");
        }
        List<DrawPlan.Unit> units = design == SamplingDesign.STRATIFIED_LABEL
                ? labelled(p, judge)
                : design.probability() ? population(p) : flagged(p, design);
        return drawUnits(p, name, design, n, seed, units, "");
    }

    /**
     * Draws {@code units} as {@code design} and stores the sample; {@code prefix} goes before every stratum's name (a
     * question's sample: {@code q:KEY|}, so the label-bound checks of {@link #forCorrection} know it is not theirs).
     */
    static CalibrationDraw drawUnits(
            Project p, String name, SamplingDesign design, int n, long seed, List<DrawPlan.Unit> units, String prefix) {
        if (units.isEmpty()) {
            throw new ProjectException(p.file() + ": "
                    + (design == SamplingDesign.DISAGREEMENT
                            ? "no trace where the machine raters disagree (each needs labels of two or more of them)"
                            : design == SamplingDesign.UNCERTAINTY
                                    ? "no trace where the judges split or one said low confidence"
                                    : "no tool-required or control traces")
                    + " to draw from");
        }
        List<DrawnTrace> draws = DrawPlan.draw(name, design, n, seed, units, prefix);
        String at = Timestamps.now();
        store(p, name, design, seed, draws, at);
        return new CalibrationDraw(name, design, seed, units.size(), at, List.copyOf(draws));
    }

    /** The population with each trace's stratum (model|type|judge label) as its reason. */
    private static List<DrawPlan.Unit> labelled(Project p, String judge) {
        JudgeChoice choice = null;
        String src = judge;
        if (src == null || src.equals(LabelSources.ENSEMBLE)) {
            try {
                choice = JudgeChoice.resolve(p, null, null);
            } catch (ProjectException e) {
                throw new ProjectException(p.file()
                        + ": a stratified-label sample needs the judge whose labels make the "
                        + "strata, and there is no ensemble (" + e.getMessage() + "); name a judge with --judge");
            }
            src = LabelSources.ENSEMBLE;
        } else {
            src = JudgeChoice.find(JudgeChoice.raters(p), src, "judge").column();
        }
        LabelSources ls = LabelSources.load(p, choice, List.of(src));
        String[] labels = ls.labels(src);
        Map<String, String> byTrace = new HashMap<>();
        for (int i = 0; i < ls.size(); i++) {
            byTrace.put(ls.traceId(i), ls.type(i).code() + "|" + (labels[i] == null ? "(none)" : labels[i]));
        }
        List<DrawPlan.Unit> out = new ArrayList<>();
        for (DrawPlan.Unit u : population(p)) {
            String typeLabel = byTrace.get(u.traceId());
            if (typeLabel != null) {
                out.add(new DrawPlan.Unit(u.traceId(), u.model(), u.taskKey(), u.model() + "|" + typeLabel));
            }
        }
        return out;
    }

    /**
     * The traces a non-probability design draws from: machine raters that disagree, or the judges (the ensemble's two,
     * else every LLM judge) that split or said low confidence (their current labels).
     */
    private static List<DrawPlan.Unit> flagged(Project p, SamplingDesign design) {
        List<CalibrationLabels.Label> labels;
        if (design == SamplingDesign.DISAGREEMENT) {
            labels = CalibrationLabels.machines(p);
        } else {
            List<String> ids;
            try {
                JudgeChoice j = JudgeChoice.resolve(p, null, null);
                ids = List.of(j.judgeA().id(), j.judgeB().id());
            } catch (ProjectException e) {
                ids = List.of(); // no ensemble: the LLM judges
            }
            labels = CalibrationLabels.judges(p, ids);
        }
        return DrawPlan.flagged(design, population(p), labels);
    }

    private static void store(
            Project p, String name, SamplingDesign design, long seed, List<DrawnTrace> draws, String at) {
        List<DrawRows.NewRow> rows = new ArrayList<>(draws.size());
        for (DrawnTrace d : draws) {
            rows.add(new DrawRows.NewRow(d.traceId(), d.stratum(), d.inclusion(), d.why(), d.population()));
        }
        DrawRows.append(p, name, design.code(), seed, rows, at);
    }

    /**
     * Until-precise: draws the next {@code batch} traces of sample {@code name} (a uniform draw in batches; the first
     * call starts it). Batch k takes the next traces of one shuffle of the population by {@code seed}, so the sample
     * stays a uniform draw of its size and the same calls give the same traces. Returns the whole sample; refused for
     * a sample of another design or another seed, and when the population is used up.
     */
    public static CalibrationDraw extend(Project p, String name, int batch, long seed) {
        if (batch < 1) {
            throw new IllegalArgumentException("--batch: at least one trace");
        }
        CalibrationDraw had = read(p, name);
        if (had != null && (had.design() != SamplingDesign.UNTIL_PRECISE || had.seed() != seed)) {
            throw new ProjectException(
                    "sample '" + name + "' was drawn " + had.design().code() + " with seed " + had.seed()
                            + "; an until-precise sample grows only under its own design and seed: choose another --name");
        }
        List<DrawPlan.Unit> order = population(p);
        if (order.isEmpty()) {
            throw new ProjectException(p.file() + ": no tool-required or control traces to draw from");
        }
        order = DrawPlan.shuffled(order, seed);
        Set<String> drawn = new HashSet<>();
        if (had != null) {
            had.draws().forEach(d -> drawn.add(d.traceId()));
        }
        if (drawn.size() >= order.size()) {
            throw new ProjectException(
                    "sample '" + name + "' holds every one of the " + order.size() + " traces already");
        }
        int k = had == null ? 1 : 1 + DrawRows.draws(p, name);
        List<DrawnTrace> add = DrawPlan.nextBatch(name, order, drawn, batch, k, seed);
        store(p, name, SamplingDesign.UNTIL_PRECISE, seed, add, Timestamps.now());
        return read(p, name);
    }

    private static List<DrawPlan.Unit> population(Project p) {
        return DrawPlan.units(DrawRows.population(p));
    }

    /**
     * How many traces a first calibration sample should have, as suggested to a person: 200 (enough gold for an interval
     * of about ±7 points on a rate near 50%), or every tool-required and control trace where the project has fewer.
     */
    public static int suggestedSize(Project p) {
        return Math.max(1, Math.min(200, DrawRows.population(p).size()));
    }

    /**
     * Sample {@code name} as drawn, or null. An until-precise sample is a uniform draw of its size: every trace's
     * inclusion probability is read as the size over the population now.
     */
    public static CalibrationDraw read(Project p, String name) {
        DrawRows.Stored stored = DrawRows.read(p, name);
        if (stored.rows().isEmpty()) {
            return null;
        }
        List<DrawnTrace> draws = new ArrayList<>();
        String design = null;
        long seed = 0;
        String at = null;
        for (DrawRows.Row r : stored.rows()) {
            draws.add(new DrawnTrace(
                    r.traceId(), r.model(), r.taskKey(), r.stratum(), r.inclusion(), r.why(), r.population()));
            design = r.design();
            seed = r.seed();
            if (at == null) {
                at = r.drawnAt();
            }
        }
        int population = stored.populationNow();
        SamplingDesign d = SamplingDesign.of(design);
        if (d == SamplingDesign.UNTIL_PRECISE) {
            // drawn in batches, a uniform draw of its size: every trace's probability is the size over N now
            double pi = Math.min(1, (double) draws.size() / Math.max(1, population));
            draws.replaceAll(
                    x -> new DrawnTrace(x.traceId(), x.model(), x.taskKey(), x.stratum(), pi, x.why(), x.population()));
        }
        return new CalibrationDraw(name, d, seed, population, at, List.copyOf(draws));
    }

    /**
     * The probability sample the corrected rates use: {@code name}, or (null) the first drawn one. Refused with the
     * reason — no sample, no such sample, or one that is not a probability sample.
     */
    public static CalibrationDraw forCorrection(Project p, String name) {
        Map<String, Integer> samples = names(p);
        String how = "Draw one (tracejudge sample " + p.file().getFileName() + " --design uniform --n "
                + suggestedSize(p) + "), decide its traces (workbench: the table's filter list ▸ Calibration sample), "
                + "then run this again.";
        if (samples.isEmpty()) {
            throw new ProjectException(
                    p.file() + ": no calibration sample, so no corrected rate: gold picked by hand or "
                            + "by disagreement is not a probability sample. " + how);
        }
        if (name != null) {
            CalibrationDraw d = read(p, name);
            if (d == null) {
                throw new ProjectException(p.file() + ": no calibration sample '" + name + "' (samples: "
                        + String.join(", ", samples.keySet()) + ")");
            }
            if (d.question() != null) {
                throw new ProjectException(p.file() + ": sample '" + name + "' was drawn on the answers to question '"
                        + d.question() + "'; its corrected rates are those of calibration --question "
                        + d.question() + " --corrected");
            }
            if (!d.design().probability()) {
                throw new ProjectException(p.file() + ": sample '" + name + "' was drawn by "
                        + d.design().code()
                        + ", not as a probability sample: its traces were chosen because they are hard for the judges, "
                        + "so their gold says how the judge errs there, not how often it errs overall, and cannot correct a "
                        + "rate. It serves the judge diagnostics (calibration). " + how);
            }
            return unchanged(p, sealed(p, d));
        }
        for (String s : samples.keySet()) {
            CalibrationDraw d = read(p, s);
            if (d != null && d.design().probability() && d.question() == null) {
                return unchanged(p, sealed(p, d));
            }
        }
        throw new ProjectException(p.file() + ": no probability sample, so no corrected rate: the samples ("
                + String.join(", ", samples.keySet()) + ") were drawn by disagreement or judge uncertainty, which "
                + "choose hard traces and serve the judge diagnostics only. " + how);
    }

    /**
     * The sample when every seal of its draws holds ({@link org.tracejudge.store.DrawSeals}); refused, saying what
     * broke, when its rows were changed, added or removed since they were drawn: its inclusion probabilities and
     * strata sizes then are not the draw's, and a rate corrected with them would be wrong without a sign.
     */
    static CalibrationDraw sealed(Project p, CalibrationDraw d) {
        List<String> broken = DrawRows.sealProblems(p, d.name());
        if (!broken.isEmpty()) {
            throw new ProjectException(p.file() + ": sample '" + d.name() + "' was changed after it was drawn, so no "
                    + "corrected rate from it: " + String.join("; ", broken) + ". Its seal no longer matches its rows; "
                    + "draw a new sample under another name (tracejudge sample "
                    + p.file().getFileName()
                    + " --name calibration-2 --n 200) and decide its traces; the decisions already made are kept.");
        }
        return d;
    }

    /**
     * The sample when its population is as it was drawn; refused, saying what changed ({@link
     * DrawPlan#populationChanges}), when traces were imported since (they had no chance of being drawn) or drawn
     * traces are gone from the population: then it no longer is a probability sample of the project.
     */
    static CalibrationDraw unchanged(Project p, CalibrationDraw d) {
        List<String> changes = DrawPlan.populationChanges(d.design(), DrawRows.strata(p, d.name()));
        if (!changes.isEmpty()) {
            throw new ProjectException(p.file() + ": sample '" + d.name()
                    + "' no longer is a probability sample of the "
                    + "project: " + String.join("; ", changes) + " (traces imported or replaced since had no chance of "
                    + "being drawn). Draw a new sample under another name (tracejudge sample "
                    + p.file().getFileName()
                    + " --name calibration-2 --n " + suggestedSize(p)
                    + ") and decide its traces; the decisions already made are kept.");
        }
        return d;
    }

    /** Why each drawn trace was drawn, by trace id (a trace in several samples has a line for each), in draw order. */
    public static Map<String, List<String>> whyByTrace(Project p) {
        return DrawRows.whyByTrace(p);
    }

    /** The names of the project's samples with their sizes, in the order they were first drawn. */
    public static Map<String, Integer> names(Project p) {
        return DrawRows.names(p);
    }
}
