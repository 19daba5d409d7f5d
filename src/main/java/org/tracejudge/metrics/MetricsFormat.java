package org.tracejudge.metrics;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Locale;

/**
 * Metrics as JSON (rates in percent, full precision; undefined rates null), a readable table and Markdown (two
 * decimals; undefined rates "n/a"), and long-format CSV (one row per model and rate).
 */
public final class MetricsFormat {
    private static final JsonNodeFactory NF = JsonNodeFactory.instance;
    static final String NOTE_SUM =
            "TSR + CTUR + RIR + OFR = 100% of n_required (the published leaderboard's convention)";
    static final String NOTE_CALLED =
            "RIR (called) and OFR (called): over the tool-required traces that were not skips";

    private MetricsFormat() {}

    /** A comparison of two models on every rate (entries null where a denominator is empty). */
    public record Comparison(String modelA, String modelB, List<String> rates, List<Proportions.ZTest> tests) {
        public static Comparison of(SourceMetrics m, String a, String b) {
            List<Proportions.ZTest> tests = new java.util.ArrayList<>();
            for (String r : MetricsCalculator.RATES) {
                tests.add(m.compare(a, b, r));
            }
            return new Comparison(a, b, MetricsCalculator.RATES, tests);
        }
    }

    // ---------- JSON ----------

    /**
     * JSON, by the command line's convention: rates and their intervals as fractions (0.6, not 60; percent only in
     * tables), {@code diff} a difference of fractions.
     */
    public static ObjectNode json(SourceMetrics s, List<String> judges, Comparison cmp) {
        ObjectNode o = NF.objectNode();
        o.put("source", s.source());
        if (judges != null) {
            ArrayNode j = o.putArray("judges");
            judges.forEach(j::add);
        }
        ArrayNode models = o.putArray("models");
        for (ModelMetrics m : s.models()) {
            ObjectNode mo = models.addObject();
            mo.put("model", m.model());
            mo.put("n_required", m.nRequired());
            mo.put("n_called", m.nCalled());
            mo.put("n_control", m.nControl());
            for (Rate r : m.rates().values()) {
                if (r.defined()) {
                    mo.put(r.name(), r.fraction());
                } else {
                    mo.putNull(r.name());
                }
            }
            ObjectNode counts = mo.putObject("counts");
            m.counts().forEach(counts::put);
            ObjectNode den = mo.putObject("denominators");
            ObjectNode ci = mo.putObject("ci95");
            for (Rate r : m.rates().values()) {
                den.put(r.name(), r.denominator());
                if (r.defined()) {
                    ci.putArray(r.name()).add(r.ci95()[0] / 100).add(r.ci95()[1] / 100);
                } else {
                    ci.putNull(r.name());
                }
            }
        }
        if (cmp != null) {
            ObjectNode c = o.putObject("comparison");
            c.putArray("models").add(cmp.modelA()).add(cmp.modelB());
            c.put("test", "two-proportion z-test (pooled), two-sided");
            ObjectNode tests = c.putObject("tests");
            for (int i = 0; i < cmp.rates().size(); i++) {
                Proportions.ZTest t = cmp.tests().get(i);
                if (t == null) {
                    tests.putNull(cmp.rates().get(i));
                    continue;
                }
                ObjectNode to = tests.putObject(cmp.rates().get(i));
                to.put("count_a", t.x1())
                        .put("n_a", t.n1())
                        .put("count_b", t.x2())
                        .put("n_b", t.n2());
                to.put("rate_a", t.p1()).put("rate_b", t.p2()).put("diff", t.diff());
                to.put("z", t.z()).put("p_value", t.pValue());
            }
        }
        return o;
    }

    /**
     * Whether a source is made of the rule and the judges (the ensemble, and the final label that falls back to it):
     * only those name the judges, so that an export from one rater (harness, a judge) says just that rater.
     */
    static boolean combined(String source) {
        return "ensemble".equals(source) || "final".equals(source);
    }

    // ---------- table ----------

    public static String table(SourceMetrics s, List<String> judges, Comparison cmp) {
        StringBuilder sb = new StringBuilder();
        sb.append("Metrics from '").append(s.source()).append("'");
        if (judges != null && combined(s.source())) {
            sb.append(" (rule + judges ").append(String.join(", ", judges)).append(")");
        }
        sb.append("; rates in %, 95% Wilson intervals; n/a = empty denominator\n");
        sb.append(NOTE_SUM).append('\n').append(NOTE_CALLED).append('\n');
        for (ModelMetrics m : s.models()) {
            sb.append('\n')
                    .append(m.model())
                    .append(String.format(
                            Locale.ROOT,
                            "   n_required %d (called %d), n_control %d\n",
                            m.nRequired(),
                            m.nCalled(),
                            m.nControl()));
            sb.append(String.format(Locale.ROOT, "  %-16s %8s %15s   %s\n", "rate", "%", "count / n", "95% CI"));
            for (Rate r : m.rates().values()) {
                sb.append(String.format(
                        Locale.ROOT,
                        "  %-16s %8s %15s   %s\n",
                        display(r.name()),
                        pct(r),
                        r.count() + " / " + r.denominator(),
                        ci(r)));
            }
            Double sum = m.requiredSum();
            sb.append("  TSR+CTUR+RIR+OFR = ")
                    .append(sum == null ? "n/a" : String.format(Locale.ROOT, "%.2f%%", sum))
                    .append('\n');
        }
        if (cmp != null) {
            sb.append('\n').append(comparisonTable(cmp));
        }
        return sb.toString();
    }

    static String comparisonTable(Comparison cmp) {
        StringBuilder sb = new StringBuilder();
        sb.append("Two-proportion z-test (pooled, two-sided): ")
                .append(cmp.modelA())
                .append(" vs ")
                .append(cmp.modelB())
                .append('\n');
        sb.append(String.format(
                Locale.ROOT, "  %-16s %8s %8s %9s %8s %10s\n", "rate", "A %", "B %", "diff pp", "z", "p"));
        for (int i = 0; i < cmp.rates().size(); i++) {
            Proportions.ZTest t = cmp.tests().get(i);
            if (t == null) {
                sb.append(String.format(
                        Locale.ROOT,
                        "  %-16s %8s %8s %9s %8s %10s\n",
                        display(cmp.rates().get(i)),
                        "n/a",
                        "n/a",
                        "n/a",
                        "n/a",
                        "n/a"));
            } else {
                sb.append(String.format(
                        Locale.ROOT,
                        "  %-16s %8.2f %8.2f %+9.2f %8.3f %10s\n",
                        display(cmp.rates().get(i)),
                        100 * t.p1(),
                        100 * t.p2(),
                        100 * t.diff(),
                        t.z(),
                        pValue(t.pValue())));
            }
        }
        return sb.toString();
    }

    // ---------- Markdown ----------

    public static String markdown(SourceMetrics s, List<String> judges, Comparison cmp) {
        StringBuilder sb = new StringBuilder();
        sb.append("Metrics from `").append(s.source()).append('`');
        if (judges != null && combined(s.source())) {
            sb.append(" (rule + judges ").append(String.join(", ", judges)).append(')');
        }
        sb.append(". Rates in %, count/denominator, 95% Wilson interval. ")
                .append(NOTE_SUM)
                .append(". ")
                .append(NOTE_CALLED)
                .append(".\n\n");
        sb.append("| model | n_required | n_control |");
        for (String r : MetricsCalculator.RATES) {
            sb.append(' ').append(display(r)).append(" |");
        }
        sb.append("\n|---|---:|---:|");
        sb.append("---:|".repeat(MetricsCalculator.RATES.size())).append('\n');
        for (ModelMetrics m : s.models()) {
            sb.append("| ")
                    .append(m.model().replace("|", "\\|"))
                    .append(" | ")
                    .append(m.nRequired())
                    .append(" | ")
                    .append(m.nControl())
                    .append(" |");
            for (Rate r : m.rates().values()) {
                sb.append(' ')
                        .append(
                                r.defined()
                                        ? pct(r) + " (" + r.count() + "/" + r.denominator() + "; "
                                                + String.format(Locale.ROOT, "%.2f–%.2f", r.ci95()[0], r.ci95()[1])
                                                + ")"
                                        : "n/a")
                        .append(" |");
            }
            sb.append('\n');
        }
        if (cmp != null) {
            sb.append("\n**")
                    .append(cmp.modelA())
                    .append(" vs ")
                    .append(cmp.modelB())
                    .append(
                            "** (two-proportion z-test, pooled, two-sided)\n\n| rate | A % | B % | diff (pp) | z | p |\n|---|---:|---:|---:|---:|---:|\n");
            for (int i = 0; i < cmp.rates().size(); i++) {
                Proportions.ZTest t = cmp.tests().get(i);
                sb.append("| ").append(display(cmp.rates().get(i))).append(" | ");
                if (t == null) {
                    sb.append("n/a | n/a | n/a | n/a | n/a |\n");
                } else {
                    sb.append(String.format(
                            Locale.ROOT,
                            "%.2f | %.2f | %+.2f | %.3f | %s |\n",
                            100 * t.p1(),
                            100 * t.p2(),
                            100 * t.diff(),
                            t.z(),
                            pValue(t.pValue())));
                }
            }
        }
        return sb.toString();
    }

    // ---------- CSV ----------

    public static String csv(SourceMetrics s) {
        StringBuilder sb = new StringBuilder("source,model,rate,count,denominator,percent,ci95_low,ci95_high\n");
        for (ModelMetrics m : s.models()) {
            for (Rate r : m.rates().values()) {
                sb.append(cell(s.source()))
                        .append(',')
                        .append(cell(m.model()))
                        .append(',')
                        .append(r.name())
                        .append(',')
                        .append(r.count())
                        .append(',')
                        .append(r.denominator())
                        .append(',');
                if (r.defined()) {
                    sb.append(r.percent())
                            .append(',')
                            .append(r.ci95()[0])
                            .append(',')
                            .append(r.ci95()[1]);
                } else {
                    sb.append("n/a,n/a,n/a");
                }
                sb.append('\n');
            }
        }
        return sb.toString();
    }

    private static String cell(String c) {
        return org.tracejudge.csv.Csv.cell(c);
    }

    /** Rate names as shown to people: {@code RIR (called)}, {@code CTRL-Acc}. */
    public static String display(String rate) {
        return switch (rate) {
            case "RIR_called" -> "RIR (called)";
            case "OFR_called" -> "OFR (called)";
            case "CTRL_Acc" -> "CTRL-Acc";
            default -> rate;
        };
    }

    static String pct(Rate r) {
        return r.defined() ? String.format(Locale.ROOT, "%.2f", r.percent()) : "n/a";
    }

    static String ci(Rate r) {
        return r.defined() ? String.format(Locale.ROOT, "[%.2f, %.2f]", r.ci95()[0], r.ci95()[1]) : "n/a";
    }

    static String pValue(double p) {
        return p < 0.0001 ? String.format(Locale.ROOT, "%.2e", p) : String.format(Locale.ROOT, "%.4f", p);
    }
}
