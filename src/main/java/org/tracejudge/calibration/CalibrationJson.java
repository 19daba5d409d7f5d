package org.tracejudge.calibration;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.tracejudge.json.Json;
import org.tracejudge.model.RaterKind;
import org.tracejudge.store.CalibrationLabels;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectException;
import org.tracejudge.store.ProjectQueries;

/**
 * The figures of {@code calibration} and {@code calibration --corrected} (and the corrected leaderboard of
 * {@code metrics --source corrected}) as JSON bodies: the command line prints them after its document header and the
 * study report embeds the same objects, so both show the same numbers by construction.
 */
public final class CalibrationJson {
    private CalibrationJson() {}

    /** Gold and every machine rater's diagnostics against it. */
    public record Diagnosed(Gold gold, List<Diagnostics.Result> results) {}

    /**
     * Each machine rater (or only {@code rater}, a name or column) against the project's gold.
     *
     * @throws ProjectException when there is no gold yet or no such machine rater, saying what to do
     */
    public static Diagnosed diagnose(Project p, Object where, String rater) {
        Gold gold = Gold.read(p);
        if (gold.labels().isEmpty()) {
            throw new ProjectException(where + ": no gold yet: no trace has a human decision that everyone who "
                    + "decided agrees on"
                    + (gold.disagreed() > 0 ? " (" + gold.disagreed() + " traces where people " + "disagree)" : "")
                    + ". Decide traces in the workbench (or import decisions), then run it again.");
        }
        List<ProjectQueries.RaterSummary> raters = new ArrayList<>();
        for (ProjectQueries.RaterSummary r : new ProjectQueries(p).currentRaters()) {
            if (r.kind() != RaterKind.HUMAN && (rater == null || rater.equals(r.name()) || rater.equals(r.column()))) {
                raters.add(r);
            }
        }
        if (raters.isEmpty()) {
            throw new ProjectException(where + ": "
                    + (rater == null ? "no machine rater has labels yet" : "no machine rater named '" + rater + "'"));
        }
        Map<String, Map<String, String>> labels = CalibrationLabels.byRater(p);
        List<Diagnostics.Result> results = new ArrayList<>();
        for (ProjectQueries.RaterSummary r : raters) {
            results.add(Diagnostics.of(r.column(), labels.getOrDefault(r.id(), Map.of()), gold.labels()));
        }
        return new Diagnosed(gold, results);
    }

    /** Why a rater has no figures: none of its labels is on a gold trace. */
    public static String noOverlap(Diagnostics.Result r) {
        return "no gold trace has a label of " + r.rater() + " (the " + r.goldWithoutRaterLabel() + " gold traces have "
                + "none of it, and its labels are all on traces nobody decided): nothing to compare yet. Decide traces "
                + "it labelled, or run it over the gold traces.";
    }

    /** {@code calibration --format json}'s body: gold and raters. */
    public static ObjectNode diagnostics(Diagnosed d) {
        ObjectNode doc = Json.object();
        doc.putObject("gold")
                .put("traces", d.gold().labels().size())
                .put("people_disagree", d.gold().disagreed());
        ArrayNode arr = doc.putArray("raters");
        for (Diagnostics.Result r : d.results()) {
            ObjectNode o = arr.addObject();
            o.put("rater", r.rater());
            o.put("n", r.n());
            o.put("gold_without_its_label", r.goldWithoutRaterLabel());
            if (r.n() == 0) {
                o.put("note", noOverlap(r));
            }
            rate(o.putObject("accuracy"), r.accuracy());
            put(o, "kappa", r.kappa());
            put(o, "ac1", r.ac1());
            r.labels().forEach(o.putArray("labels")::add);
            ArrayNode m = o.putArray("confusion");
            for (int[] row : r.matrix()) {
                ArrayNode a = m.addArray();
                for (int v : row) {
                    a.add(v);
                }
            }
            ArrayNode per = o.putArray("per_label");
            for (Diagnostics.LabelFigures f : r.perLabel()) {
                ObjectNode l = per.addObject();
                l.put("label", f.label());
                l.put("gold", f.goldCount());
                rate(l.putObject("sensitivity"), f.sensitivity());
                rate(l.putObject("specificity"), f.specificity());
                rate(l.putObject("precision"), f.precision());
                rate(l.putObject("npv"), f.npv());
                put(l, "f1", f.f1());
                l.put("trust", f.trust().name().toLowerCase(Locale.ROOT));
                l.put("more_gold_needed", f.moreGold());
            }
        }
        return doc;
    }

    /** {@code calibration --corrected --format json}'s body: judge, sample and every model's rates. */
    public static ObjectNode corrected(CorrectedRates.Report report) {
        CalibrationDraw d = report.sample();
        ObjectNode doc = Json.object();
        doc.put("judge", report.judge());
        ObjectNode s = doc.putObject("sample");
        s.put("name", d.name())
                .put("design", d.design().code())
                .put("seed", d.seed())
                .put("drawn", d.draws().size())
                .put("population", d.population())
                .put("drawn_at", d.drawnAt())
                .put("with_gold", report.goldInSample());
        doc.put("gold_outside_sample_not_used", report.goldOutsideSample());
        ArrayNode rows = doc.putArray("rates");
        for (CorrectedRates.Row r : report.rows()) {
            ObjectNode o = rows.addObject();
            o.put("model", r.model())
                    .put("rate", r.rate().name())
                    .put("label", r.rate().label())
                    .put("type", r.rate().type().code())
                    .put("judged", r.judged())
                    .put("unjudged", r.unjudged())
                    .put("gold", r.gold())
                    .put("drawn_without_gold", r.drawnNoGold());
            estimate(o.putObject("judge_only"), r.judgeOnly());
            estimate(o.putObject("gold_only"), r.goldOnly());
            estimate(o.putObject("rogan_gladen"), r.roganGladen());
            estimate(o.putObject("ppi"), r.ppi());
            Recommended best = report.recommended(r);
            ObjectNode rec = o.putObject("recommended");
            rec.put("figure", best.which().key());
            estimate(rec, best.estimate());
            rec.put("reason", best.reason());
        }
        return doc;
    }

    /** The rates of the corrected leaderboard, in its column order. */
    public static final List<String> LEADERBOARD = List.of("CTUR", "TSR", "RIR", "OFR", "UTR");

    /**
     * {@code metrics --source corrected --format json}'s body: the recommended corrected figure of every leaderboard
     * rate with the judge-only value beside it, models ranked by corrected CTUR.
     */
    public static ObjectNode leaderboard(CorrectedRates.Report report) {
        Map<String, Map<String, CorrectedRates.Row>> byModel = report.ranked();
        ObjectNode doc = Json.object();
        doc.put("source", "corrected")
                .put("estimator", "recommended per rate (calibration --corrected)")
                .put("judge", report.judge())
                .put("sample", report.sample().name())
                .put("gold", report.goldInSample());
        ArrayNode arr = doc.putArray("models");
        for (Map.Entry<String, Map<String, CorrectedRates.Row>> m : byModel.entrySet()) {
            ObjectNode o = arr.addObject();
            o.put("model", m.getKey());
            for (String rate : LEADERBOARD) {
                CorrectedRates.Row r = m.getValue().get(rate);
                ObjectNode x = o.putObject(rate);
                x.put("gold", r.gold());
                putFraction(x, "judge_only", r.judgeOnly());
                Recommended best = report.recommended(r);
                putFraction(x, "corrected", best.estimate());
                x.put("figure", best.which().key());
                if (best.estimate().defined()) {
                    x.putArray("ci95")
                            .add(best.estimate().ci95()[0])
                            .add(best.estimate().ci95()[1]);
                } else {
                    x.put("refused", best.estimate().refusal());
                }
                x.put("reason", best.reason());
            }
        }
        return doc;
    }

    private static void putFraction(ObjectNode o, String field, Corrected.Estimate e) {
        if (e.defined()) {
            o.put(field, e.value());
        } else {
            o.putNull(field);
        }
    }

    private static void estimate(ObjectNode o, Corrected.Estimate e) {
        o.put("estimator", e.estimator());
        put(o, "value", e.value());
        if (e.ci95() != null) {
            o.putArray("ci95").add(e.ci95()[0]).add(e.ci95()[1]);
        } else {
            o.putNull("ci95");
        }
        if (e.lambda() != null) {
            o.put("lambda", e.lambda());
        }
        if (e.refusal() != null) {
            o.put("refused", e.refusal());
        }
    }

    private static void rate(ObjectNode o, Diagnostics.Rate r) {
        o.put("count", r.count()).put("n", r.n());
        put(o, "value", r.value());
        if (r.ci95() != null) {
            o.putArray("ci95").add(r.ci95()[0]).add(r.ci95()[1]);
        } else {
            o.putNull("ci95");
        }
    }

    private static void put(ObjectNode o, String field, Double v) {
        if (v == null) {
            o.putNull(field);
        } else {
            o.put(field, v);
        }
    }
}
