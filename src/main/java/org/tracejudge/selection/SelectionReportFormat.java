package org.tracejudge.selection;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.tracejudge.json.Json;
import org.tracejudge.metrics.McNemar;
import org.tracejudge.selection.SelectionStudy.Difference;
import org.tracejudge.selection.SelectionStudy.Group;
import org.tracejudge.selection.SelectionStudy.Headline;
import org.tracejudge.selection.SelectionStudy.Report;
import org.tracejudge.selection.SelectionStudy.ToolFigure;
import org.tracejudge.selection.SelectionStudy.Variance;

/**
 * The study report as a readable table, Markdown, JSON (every variance, full precision; undefined values null) and
 * CSV (one section per table, separated by a blank line). Accuracies in percent; variances of accuracies as
 * proportions (0.0064, as the NLT study reports them).
 */
public final class SelectionReportFormat {
    private SelectionReportFormat() {}

    static final String SCORING = "exact match: correct only when the selected set equals the expected set; an "
            + "unparseable selection is wrong";
    static final String PAIRING =
            "paired by scenario, input, condition and replication; McNemar's test (exact " + "binomial below "
                    + McNemar.EXACT_BELOW + " discordant pairs, else chi-square with continuity correction), two-sided";

    // ------------------------------------------------------------------------------------------ table

    public static String table(Report r, Variance shown) {
        StringBuilder sb = new StringBuilder();
        header(sb, r, shown, "");
        sb.append(String.format(
                Locale.ROOT,
                "%n%-24s %-10s %-22s %6s %9s %15s %10s %4s %5s %8s %8s %8s%n",
                "model",
                "approach",
                "slice",
                "trials",
                "acc %",
                "95% CI",
                "variance",
                "reps",
                "cells",
                "in tok",
                "out tok",
                "total"));
        for (Group g : ordered(r)) {
            sb.append(String.format(
                    Locale.ROOT,
                    "%-24s %-10s %-22s %6d %9.2f %15s %10s %4d %5d %8s %8s %8s%n",
                    g.by().equals("all") ? g.model() : "",
                    g.by().equals("all") ? g.approach() : "",
                    slice(g),
                    g.trials(),
                    100 * g.accuracy(),
                    String.format(Locale.ROOT, "[%.1f, %.1f]", 100 * g.ciLow(), 100 * g.ciHigh()),
                    var(g.variance(shown)),
                    g.replications(),
                    g.cells(),
                    tok(g.meanInput()),
                    tok(g.meanOutput()),
                    tok(g.meanTotal())));
        }
        if (!r.differences().isEmpty()) {
            sb.append("\nNLT − structured per model (").append(PAIRING).append(")\n");
            sb.append(String.format(
                    Locale.ROOT,
                    "%-24s %6s %8s %8s %9s %8s %8s %-34s %10s%n",
                    "model",
                    "pairs",
                    "NLT %",
                    "struct %",
                    "diff pp",
                    "NLT only",
                    "str only",
                    "test",
                    "p"));
            for (Difference d : r.differences()) {
                sb.append(String.format(
                        Locale.ROOT,
                        "%-24s %6d %8s %8s %9s %8d %8d %-34s %10s%n",
                        d.model(),
                        d.pairs(),
                        pct(d.nltAccuracy()),
                        pct(d.structuredAccuracy()),
                        pp(d.difference()),
                        d.nltOnly(),
                        d.structuredOnly(),
                        d.test().method(),
                        p(d.test().pValue())));
                if (d.unpaired() > 0) {
                    sb.append("    ")
                            .append(d.unpaired())
                            .append(" trials without a partner in the other approach are left out\n");
                }
            }
        }
        Headline h = r.headline();
        if (h != null) {
            sb.append('\n').append(headline(h, shown)).append('\n');
        }
        if (!r.tools().isEmpty()) {
            sb.append("\nPer tool, against the expected set (an unparseable selection fires no tool)\n");
            sb.append(String.format(
                    Locale.ROOT,
                    "%-12s %-28s %-4s %-10s %-12s %6s %8s %8s %7s %9s%n",
                    "scenario",
                    "tool",
                    "crit",
                    "approach",
                    "condition",
                    "trials",
                    "expected",
                    "recall",
                    "missed",
                    "precision"));
            for (ToolFigure t : r.tools()) {
                sb.append(String.format(
                        Locale.ROOT,
                        "%-12s %-28s %-4s %-10s %-12s %6d %8d %8s %7d %9s%n",
                        t.scenario(),
                        t.tool(),
                        t.safetyCritical() ? "yes" : "",
                        t.approach(),
                        cond(t.condition()),
                        t.trials(),
                        t.expectedYes(),
                        frac(t.recall()),
                        t.missed(),
                        frac(t.precision())));
            }
        }
        return sb.toString();
    }

    private static void header(StringBuilder sb, Report r, Variance shown, String md) {
        sb.append("Tool-selection study: ")
                .append(r.trials())
                .append(" trials, ")
                .append(r.models().size())
                .append(r.models().size() == 1 ? " model" : " models");
        if (!(r.conditions().size() == 1 && r.conditions().get(0).isEmpty())) {
            sb.append(", conditions: ")
                    .append(String.join(
                            ", ",
                            r.conditions().stream()
                                    .map(SelectionReportFormat::cond)
                                    .toList()));
        }
        sb.append(".\n").append(md).append("Scoring: ").append(SCORING).append("; 95% Wilson intervals.\n");
        sb.append(md)
                .append("Variance shown: ")
                .append(shown.key)
                .append(" = ")
                .append(shown.definition)
                .append(". Others: --variance ")
                .append(String.join(
                        "|",
                        List.of(Variance.values()).stream()
                                .filter(v -> v != shown)
                                .map(v -> v.key)
                                .toList()))
                .append(" (JSON and CSV carry all three).\n");
        sb.append(md)
                .append(
                        "Tokens: mean per trial over the trials that carried usage (in = prompt_tokens, out = completion_tokens).\n");
        if (r.unscored() > 0) {
            sb.append(md)
                    .append("Left out: ")
                    .append(r.unscored())
                    .append(" traces whose scenario file (its tools) was never imported.\n");
        }
    }

    /** The headline sentence: means across the models that have both approaches. */
    public static String headline(Headline h, Variance shown) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(
                Locale.ROOT,
                "Mean across %d model%s: NLT %.1f%% vs structured %.1f%% (NLT − structured %s pp); "
                        + "variance (%s) %s vs %s",
                h.models(),
                h.models() == 1 ? "" : "s",
                100 * h.nltAccuracy(),
                100 * h.structuredAccuracy(),
                pp(h.difference()),
                shown.key,
                var(h.nltVariance().get(shown)),
                var(h.structuredVariance().get(shown))));
        if (h.nltTotalTokens() != null && h.structuredTotalTokens() != null) {
            sb.append(String.format(
                    Locale.ROOT,
                    "; tokens per trial %s vs %s (in %s vs %s, out %s vs %s)",
                    tok(h.nltTotalTokens()),
                    tok(h.structuredTotalTokens()),
                    tok(h.nltInputTokens()),
                    tok(h.structuredInputTokens()),
                    tok(h.nltOutputTokens()),
                    tok(h.structuredOutputTokens())));
        }
        sb.append('.');
        for (SelectionStudy.ConditionMeans c : h.byCondition()) {
            sb.append(String.format(
                    Locale.ROOT,
                    "%n  condition %s (%d model%s): NLT %.1f%% vs structured %.1f%% (%s pp)",
                    cond(c.condition()),
                    c.models(),
                    c.models() == 1 ? "" : "s",
                    100 * c.nltAccuracy(),
                    100 * c.structuredAccuracy(),
                    pp(c.nltAccuracy() - c.structuredAccuracy())));
        }
        return sb.toString();
    }

    /** Groups as shown: per model and approach, the overall row, then its scenarios, then its conditions. */
    static List<Group> ordered(Report r) {
        return r.groups(); // compute() adds them in this order
    }

    /** "all", "scenario sage", "condition perturbed". */
    public static String slice(Group g) {
        return switch (g.by()) {
            case "all" -> "all";
            case "condition" -> "condition " + cond(g.key());
            default -> g.by() + " " + g.key();
        };
    }

    static String cond(String c) {
        return c.isEmpty() ? "(none)" : c;
    }

    // ------------------------------------------------------------------------------------------ Markdown

    public static String markdown(Report r, Variance shown) {
        StringBuilder sb = new StringBuilder();
        header(sb, r, shown, "");
        sb.append("\n| model | approach | slice | trials | accuracy % | 95% CI | variance (")
                .append(shown.key)
                .append(") | replications | cells | input tokens | output tokens | total tokens |\n");
        sb.append("|---|---|---|---:|---:|---|---:|---:|---:|---:|---:|---:|\n");
        for (Group g : ordered(r)) {
            sb.append(String.format(
                    Locale.ROOT,
                    "| %s | %s | %s | %d | %.2f | %.1f–%.1f | %s | %d | %d | %s | %s | %s |%n",
                    esc(g.model()),
                    g.approach(),
                    esc(slice(g)),
                    g.trials(),
                    100 * g.accuracy(),
                    100 * g.ciLow(),
                    100 * g.ciHigh(),
                    var(g.variance(shown)),
                    g.replications(),
                    g.cells(),
                    tok(g.meanInput()),
                    tok(g.meanOutput()),
                    tok(g.meanTotal())));
        }
        if (!r.differences().isEmpty()) {
            sb.append("\n**NLT − structured per model** (").append(PAIRING).append(")\n\n");
            sb.append("| model | pairs | NLT % | structured % | diff (pp) | NLT only | structured only | test | p |\n");
            sb.append("|---|---:|---:|---:|---:|---:|---:|---|---:|\n");
            for (Difference d : r.differences()) {
                sb.append(String.format(
                        Locale.ROOT,
                        "| %s | %d | %s | %s | %s | %d | %d | %s | %s |%n",
                        esc(d.model()),
                        d.pairs(),
                        pct(d.nltAccuracy()),
                        pct(d.structuredAccuracy()),
                        pp(d.difference()),
                        d.nltOnly(),
                        d.structuredOnly(),
                        d.test().method(),
                        p(d.test().pValue())));
            }
        }
        if (r.headline() != null) {
            sb.append("\n**Headline.** ").append(headline(r.headline(), shown)).append('\n');
        }
        if (!r.tools().isEmpty()) {
            sb.append("\n**Per tool** (against the expected set; an unparseable selection fires no tool)\n\n");
            sb.append(
                    "| scenario | tool | safety-critical | approach | condition | trials | expected | recall | missed | precision |\n");
            sb.append("|---|---|---|---|---|---:|---:|---:|---:|---:|\n");
            for (ToolFigure t : r.tools()) {
                sb.append(String.format(
                        Locale.ROOT,
                        "| %s | %s | %s | %s | %s | %d | %d | %s | %d | %s |%n",
                        esc(t.scenario()),
                        esc(t.tool()),
                        t.safetyCritical() ? "yes" : "",
                        t.approach(),
                        esc(cond(t.condition())),
                        t.trials(),
                        t.expectedYes(),
                        frac(t.recall()),
                        t.missed(),
                        frac(t.precision())));
            }
        }
        return sb.toString();
    }

    private static String esc(String s) {
        return s.replace("|", "\\|");
    }

    // ------------------------------------------------------------------------------------------ JSON

    public static ObjectNode json(Report r, Variance shown) {
        ObjectNode o = Json.object();
        o.put("trials", r.trials());
        o.put("unscored", r.unscored());
        o.put("scoring", SCORING);
        o.put("variance_shown", shown.key);
        ObjectNode defs = o.putObject("variance_definitions");
        for (Variance v : Variance.values()) {
            defs.put(v.key, v.definition);
        }
        ArrayNode gs = o.putArray("groups");
        for (Group g : r.groups()) {
            ObjectNode go = gs.addObject();
            go.put("model", g.model())
                    .put("approach", g.approach())
                    .put("by", g.by())
                    .put("key", g.key());
            go.put("trials", g.trials()).put("correct", g.correct()).put("accuracy", g.accuracy());
            go.putArray("ci95").add(g.ciLow()).add(g.ciHigh());
            ObjectNode vo = go.putObject("variance");
            variances(vo, g.variances());
            go.put("replications", g.replications()).put("cells", g.cells());
            num(go, "mean_input_tokens", g.meanInput());
            num(go, "mean_output_tokens", g.meanOutput());
            num(go, "mean_total_tokens", g.meanTotal());
            go.put("usage_trials", g.usageTrials());
        }
        ArrayNode ds = o.putArray("differences");
        for (Difference d : r.differences()) {
            ObjectNode dobj = ds.addObject();
            dobj.put("model", d.model()).put("pairs", d.pairs());
            num(dobj, "nlt_accuracy", finite(d.nltAccuracy()));
            num(dobj, "structured_accuracy", finite(d.structuredAccuracy()));
            num(dobj, "difference", finite(d.difference()));
            dobj.put("nlt_only", d.nltOnly()).put("structured_only", d.structuredOnly());
            dobj.put("test", d.test().method());
            num(dobj, "chi_square", d.test().statistic());
            dobj.put("p_value", d.test().pValue());
            dobj.put("unpaired", d.unpaired());
        }
        headlineJson(o, r.headline());
        ArrayNode ts = o.putArray("tools");
        for (ToolFigure t : r.tools()) {
            ObjectNode to = ts.addObject();
            to.put("scenario", t.scenario())
                    .put("tool", t.tool())
                    .put("safety_critical", t.safetyCritical())
                    .put("approach", t.approach())
                    .put("condition", t.condition())
                    .put("trials", t.trials())
                    .put("expected_yes", t.expectedYes())
                    .put("true_positive", t.truePositive())
                    .put("missed", t.missed())
                    .put("false_positive", t.falsePositive());
            num(to, "recall", t.recall());
            num(to, "precision", t.precision());
        }
        return o;
    }

    private static void headlineJson(ObjectNode o, Headline h) {
        if (h == null) {
            o.putNull("headline");
            return;
        }
        ObjectNode ho = o.putObject("headline");
        ho.put("models", h.models())
                .put("nlt_accuracy", h.nltAccuracy())
                .put("structured_accuracy", h.structuredAccuracy())
                .put("difference", h.difference());
        variances(ho.putObject("nlt_variance"), h.nltVariance());
        variances(ho.putObject("structured_variance"), h.structuredVariance());
        num(ho, "nlt_mean_total_tokens", h.nltTotalTokens());
        num(ho, "structured_mean_total_tokens", h.structuredTotalTokens());
        num(ho, "nlt_mean_input_tokens", h.nltInputTokens());
        num(ho, "structured_mean_input_tokens", h.structuredInputTokens());
        num(ho, "nlt_mean_output_tokens", h.nltOutputTokens());
        num(ho, "structured_mean_output_tokens", h.structuredOutputTokens());
        ArrayNode bc = ho.putArray("by_condition");
        for (SelectionStudy.ConditionMeans c : h.byCondition()) {
            bc.addObject()
                    .put("condition", c.condition())
                    .put("models", c.models())
                    .put("nlt_accuracy", c.nltAccuracy())
                    .put("structured_accuracy", c.structuredAccuracy());
        }
    }

    private static void variances(ObjectNode o, Map<Variance, Double> v) {
        for (Variance k : Variance.values()) {
            num(o, k.key, v.get(k));
        }
    }

    private static void num(ObjectNode o, String k, Double v) {
        if (v == null) {
            o.putNull(k);
        } else {
            o.put(k, v);
        }
    }

    private static Double finite(double d) {
        return Double.isFinite(d) ? d : null;
    }

    // ------------------------------------------------------------------------------------------ CSV

    public static String csv(Report r) {
        StringBuilder sb = new StringBuilder("model,approach,by,key,trials,correct,accuracy,ci95_low,ci95_high,"
                + "variance_replication,variance_within,variance_across,replications,cells,mean_input_tokens,"
                + "mean_output_tokens,mean_total_tokens,usage_trials\n");
        for (Group g : r.groups()) {
            sb.append(cell(g.model()))
                    .append(',')
                    .append(cell(g.approach()))
                    .append(',')
                    .append(g.by())
                    .append(',')
                    .append(cell(g.key()))
                    .append(',')
                    .append(g.trials())
                    .append(',')
                    .append(g.correct())
                    .append(',')
                    .append(g.accuracy())
                    .append(',')
                    .append(g.ciLow())
                    .append(',')
                    .append(g.ciHigh());
            for (Variance v : Variance.values()) {
                sb.append(',').append(csvNum(g.variance(v)));
            }
            sb.append(',')
                    .append(g.replications())
                    .append(',')
                    .append(g.cells())
                    .append(',')
                    .append(csvNum(g.meanInput()))
                    .append(',')
                    .append(csvNum(g.meanOutput()))
                    .append(',')
                    .append(csvNum(g.meanTotal()))
                    .append(',')
                    .append(g.usageTrials())
                    .append('\n');
        }
        if (!r.differences().isEmpty()) {
            sb.append(
                    "\nmodel,pairs,nlt_accuracy,structured_accuracy,difference,nlt_only,structured_only,test,p_value,unpaired\n");
            for (Difference d : r.differences()) {
                sb.append(cell(d.model()))
                        .append(',')
                        .append(d.pairs())
                        .append(',')
                        .append(csvNum(finite(d.nltAccuracy())))
                        .append(',')
                        .append(csvNum(finite(d.structuredAccuracy())))
                        .append(',')
                        .append(csvNum(finite(d.difference())))
                        .append(',')
                        .append(d.nltOnly())
                        .append(',')
                        .append(d.structuredOnly())
                        .append(',')
                        .append(cell(d.test().method()))
                        .append(',')
                        .append(d.test().pValue())
                        .append(',')
                        .append(d.unpaired())
                        .append('\n');
            }
        }
        if (!r.tools().isEmpty()) {
            sb.append("\nscenario,tool,safety_critical,approach,condition,trials,expected_yes,true_positive,missed,"
                    + "false_positive,recall,precision\n");
            for (ToolFigure t : r.tools()) {
                sb.append(cell(t.scenario()))
                        .append(',')
                        .append(cell(t.tool()))
                        .append(',')
                        .append(t.safetyCritical())
                        .append(',')
                        .append(cell(t.approach()))
                        .append(',')
                        .append(cell(t.condition()))
                        .append(',')
                        .append(t.trials())
                        .append(',')
                        .append(t.expectedYes())
                        .append(',')
                        .append(t.truePositive())
                        .append(',')
                        .append(t.missed())
                        .append(',')
                        .append(t.falsePositive())
                        .append(',')
                        .append(csvNum(t.recall()))
                        .append(',')
                        .append(csvNum(t.precision()))
                        .append('\n');
            }
        }
        return sb.toString();
    }

    private static String csvNum(Double d) {
        return d == null ? "" : String.valueOf(d);
    }

    private static String cell(String c) {
        return org.tracejudge.csv.Csv.cell(c);
    }

    // ------------------------------------------------------------------------------------------ numbers

    /** A variance of accuracies as a proportion, four decimals ("n/a" when undefined). */
    public static String var(Double v) {
        return v == null ? "n/a" : String.format(Locale.ROOT, "%.4f", v);
    }

    public static String tok(Double t) {
        return t == null ? "n/a" : String.format(Locale.ROOT, "%.0f", t);
    }

    static String pct(double d) {
        return Double.isFinite(d) ? String.format(Locale.ROOT, "%.2f", 100 * d) : "n/a";
    }

    static String pp(double d) {
        return Double.isFinite(d) ? String.format(Locale.ROOT, "%+.2f", 100 * d) : "n/a";
    }

    public static String frac(Double d) {
        return d == null ? "n/a" : String.format(Locale.ROOT, "%.3f", d);
    }

    static String p(double p) {
        return p < 0.0001 ? String.format(Locale.ROOT, "%.2e", p) : String.format(Locale.ROOT, "%.4f", p);
    }
}
