package org.tracejudge.calibration;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.tracejudge.scheme.Answer;
import org.tracejudge.scheme.Question;
import org.tracejudge.store.Answers;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectException;

/**
 * A calibration sample drawn on the answers to one question of the project's own scheme (stored like every sample, in
 * {@code calibration_draw}, its strata named {@code q:KEY|…}): the population is every trace a machine rater (not a
 * person) answered the question on. Designs: uniform; stratified by model; stratified-label, by model × the judge's
 * answer (square-root allocation, as for labels); disagreement, the traces where the machine raters' answers differ
 * (no probability sample: diagnostics only). Until-precise and uncertainty are label-bound and refused here.
 */
public final class QuestionSample {
    private QuestionSample() {}

    /**
     * Draws and stores sample {@code name} on {@code q}'s answers.
     *
     * @param answers trace id → rater name → the answer's JSON
     * @param places trace id → model and task
     * @param machines the raters that are not people
     * @param judge whose answers make the strata of stratified-label (one of {@code machines})
     */
    public static CalibrationDraw draw(
            Project p,
            String name,
            SamplingDesign design,
            int n,
            long seed,
            Question q,
            Map<String, Map<String, String>> answers,
            Map<String, Answers.Place> places,
            List<String> machines,
            String judge) {
        if (design == SamplingDesign.UNTIL_PRECISE || design == SamplingDesign.UNCERTAINTY) {
            throw new IllegalArgumentException(
                    "--design " + design.code() + " is drawn on labels only; with --question "
                            + "use uniform, stratified, stratified-label or disagreement");
        }
        if (n < 1) {
            throw new IllegalArgumentException("--n: a sample needs at least one trace");
        }
        if (design == SamplingDesign.STRATIFIED_LABEL && (judge == null || !machines.contains(judge))) {
            throw new IllegalArgumentException("--design stratified-label with --question needs --judge, one of the "
                    + "machine raters that answered '" + q.key() + "': "
                    + (machines.isEmpty() ? "none" : String.join(", ", machines)));
        }
        List<DrawPlan.Unit> units = units(design, q, answers, places, machines, judge);
        CalibrationDraw had = CalibrationDraws.read(p, name);
        if (had != null) {
            if (had.design() == design && had.seed() == seed && q.key().equals(had.question())) {
                // drawn already: as it was, out of the traces the question's population holds now
                return new CalibrationDraw(
                        had.name(), had.design(), had.seed(), units.size(), had.drawnAt(), had.draws());
            }
            throw new ProjectException(
                    "sample '" + name + "' was drawn already (" + had.design().code() + ", "
                            + had.draws().size() + " traces, seed " + had.seed() + ", " + had.drawnAt()
                            + "); a sample is never redrawn: choose another --name");
        }
        if (units.isEmpty()) {
            throw new ProjectException(p.file() + ": "
                    + (design == SamplingDesign.DISAGREEMENT
                            ? "no trace where the machine raters' answers to '" + q.key() + "' differ"
                            : "no trace with a machine rater's answer to '" + q.key() + "'")
                    + " to draw from");
        }
        return CalibrationDraws.drawUnits(
                p, name, design, n, seed, units, CalibrationDraw.QUESTION_PREFIX + q.key() + "|");
    }

    /** The population of a question's sample: one unit per trace a machine rater answered, with its stratum reason. */
    static List<DrawPlan.Unit> units(
            SamplingDesign design,
            Question q,
            Map<String, Map<String, String>> answers,
            Map<String, Answers.Place> places,
            List<String> machines,
            String judge) {
        List<DrawPlan.Unit> units = new ArrayList<>();
        for (Map.Entry<String, Map<String, String>> t : answers.entrySet()) {
            Answers.Place pl = places.get(t.getKey());
            if (pl == null) {
                continue;
            }
            List<String> given = new ArrayList<>();
            machines.forEach(m -> {
                String json = t.getValue().get(m);
                if (json != null) {
                    given.add(Answer.parse(q.kind(), json).toJson());
                }
            });
            if (given.isEmpty()) {
                continue;
            }
            String reason = null;
            if (design == SamplingDesign.STRATIFIED_LABEL) {
                String json = t.getValue().get(judge);
                if (json == null) {
                    continue;
                }
                reason = pl.model() + "|" + Answer.parse(q.kind(), json).display();
            } else if (design == SamplingDesign.DISAGREEMENT) {
                Set<String> distinct = new HashSet<>(given);
                if (distinct.size() < 2) {
                    continue;
                }
                reason = "the machine raters answer '" + q.key() + "' " + distinct.size() + " ways";
            }
            units.add(new DrawPlan.Unit(t.getKey(), pl.model(), pl.taskKey(), reason));
        }
        return units;
    }

    /**
     * Why a question's sample no longer is a probability sample of the traces it was drawn from, or an empty list: per
     * stratum, how many traces it held when drawn and how many the question's population holds now (answers given or
     * withdrawn since change it; traces answered since had no chance of being drawn).
     */
    public static List<String> changes(
            Chosen d,
            Question q,
            Map<String, Map<String, String>> answers,
            Map<String, Answers.Place> places,
            List<String> machines,
            String judge) {
        Map<String, Integer> then = new java.util.TreeMap<>();
        d.draws().forEach(x -> then.put(x.stratum(), x.population()));
        Map<String, Integer> now = new java.util.TreeMap<>();
        String prefix = CalibrationDraw.QUESTION_PREFIX + q.key() + "|";
        for (DrawPlan.Unit u : units(d.design(), q, answers, places, machines, judge)) {
            String stratum = prefix
                    + switch (d.design()) {
                        case STRATIFIED -> u.model();
                        case STRATIFIED_LABEL -> u.reason();
                        default -> "all";
                    };
            now.merge(stratum, 1, Integer::sum);
        }
        List<String> out = new ArrayList<>();
        then.forEach((stratum, n) -> {
            int m = now.getOrDefault(stratum, 0);
            if (m != n) {
                out.add(stratum.substring(prefix.length()) + " held " + n + " traces when drawn and holds " + m
                        + " now");
            }
        });
        return out;
    }

    /**
     * The draws of sample {@code name} for correcting {@code q}'s rates: refused when there is no such sample, when it
     * was drawn on another question or on labels, when it is no probability sample, or when its seal is broken.
     */
    public static Chosen forCorrection(Project p, String name, Question q) {
        Map<String, Integer> samples = CalibrationDraws.names(p);
        String how = "draw one (tracejudge sample " + p.file().getFileName() + " --question " + q.key()
                + " --design uniform --n 200 --name " + q.key() + "-gold) and answer its traces";
        CalibrationDraw d = null;
        if (name != null) {
            d = CalibrationDraws.read(p, name);
            if (d == null) {
                throw new ProjectException(p.file() + ": no calibration sample '" + name + "' (samples: "
                        + (samples.isEmpty() ? "none" : String.join(", ", samples.keySet())) + ")");
            }
            if (!q.key().equals(d.question())) {
                throw new ProjectException(p.file() + ": sample '" + name + "' was drawn on "
                        + (d.question() == null ? "labels" : "question '" + d.question() + "'")
                        + ", not on the answers to '" + q.key() + "'; " + how);
            }
        } else {
            for (String s : samples.keySet()) {
                CalibrationDraw x = CalibrationDraws.read(p, s);
                if (x != null && q.key().equals(x.question()) && x.design().probability()) {
                    d = x;
                    break;
                }
            }
            if (d == null) {
                throw new ProjectException(p.file() + ": no probability sample on the answers to '" + q.key()
                        + "', so no corrected rate: " + how);
            }
        }
        if (!d.design().probability()) {
            throw new ProjectException(p.file() + ": sample '" + d.name() + "' was drawn by "
                    + d.design().code() + ", not as a probability sample; its gold serves the diagnostics only. "
                    + how);
        }
        CalibrationDraws.sealed(p, d);
        List<QuestionCalibration.Drawn> out = new ArrayList<>();
        for (CalibrationDraw.DrawnTrace x : d.draws()) {
            out.add(new QuestionCalibration.Drawn(
                    x.traceId(),
                    x.stratum(),
                    x.population() != null ? x.population() : (int) Math.round(1 / x.inclusion())));
        }
        return new Chosen(d.name(), d.design(), d.seed(), d.drawnAt(), List.copyOf(out));
    }

    /** The sample chosen for correction: its name, design, seed, when drawn, and its draws. */
    public record Chosen(
            String name, SamplingDesign design, long seed, String drawnAt, List<QuestionCalibration.Drawn> draws) {}
}
