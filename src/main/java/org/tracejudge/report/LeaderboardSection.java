package org.tracejudge.report;

import static org.tracejudge.report.ReportHtml.MODES;
import static org.tracejudge.report.ReportHtml.RATES;
import static org.tracejudge.report.ReportHtml.ci;
import static org.tracejudge.report.ReportHtml.dbl;
import static org.tracejudge.report.ReportHtml.join;
import static org.tracejudge.report.ReportHtml.missing;
import static org.tracejudge.report.ReportHtml.n;
import static org.tracejudge.report.ReportHtml.open;
import static org.tracejudge.report.ReportHtml.p;
import static org.tracejudge.report.ReportHtml.pct;
import static org.tracejudge.report.ReportHtml.table;
import static org.tracejudge.report.Svg.esc;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The report's leaderboard: failure-mode rates per model with their intervals, and the z-tests between models. */
final class LeaderboardSection {
    private LeaderboardSection() {}

    static void leaderboard(StringBuilder b, StudyReport.Report r) {
        open(b, "leaderboard");
        JsonNode lb = r.figure("leaderboard");
        if (lb == null || lb.isNull()) {
            missing(b, r.missing().get("leaderboard"));
            b.append("</section>");
            return;
        }
        if (lb.has("corrected")) {
            CalibrationSection.corrected(b, lb.get("corrected"), true);
            b.append("</section>");
            return;
        }
        JsonNode m = lb.get("metrics");
        b.append("<p>Failure-mode rates per model from the label source <strong>")
                .append(esc(m.path("source").asText()))
                .append("</strong>")
                .append(m.has("judges") ? " (judges " + esc(join(m.get("judges"))) + ")" : "")
                .append(". TSR, CTUR, RIR and OFR are shares of the tool-required traces and sum to 100%; UTR and "
                        + "CTRL-Acc are over the control tasks. Each rate with its 95% Wilson score interval.</p>");
        List<Svg.Interval> rows = new ArrayList<>();
        List<JsonNode> ranked = rankedModels(m);
        for (JsonNode mo : ranked) {
            JsonNode ci = mo.path("ci95").path("CTUR");
            rows.add(new Svg.Interval(
                    mo.path("model").asText(),
                    dbl(mo.get("CTUR")),
                    ci.isArray() ? ci.get(0).asDouble() : null,
                    ci.isArray() ? ci.get(1).asDouble() : null,
                    null));
        }
        b.append(Svg.intervals(
                "CTUR per model with 95% intervals",
                "Correct tool use rate of each model, highest first, with its 95% Wilson interval; the table below "
                        + "gives the same values.",
                "CTUR (correct tool use, tool-required traces)",
                rows,
                null));
        List<List<String>> t = new ArrayList<>();
        for (JsonNode mo : ranked) {
            List<String> row = new ArrayList<>();
            row.add(mo.path("model").asText());
            row.add(n(mo.path("n_required").asInt()));
            row.add(n(mo.path("n_control").asInt()));
            for (String rate : RATES) {
                row.add(n(pct(mo.get(rate)) + ci(mo.path("ci95").get(rate)) + " ("
                        + mo.path("counts").path(rate).asText("") + "/"
                        + mo.path("denominators").path(rate).asText("") + ")"));
            }
            t.add(row);
        }
        List<String> head = new ArrayList<>(List.of("Model", "Tool-required", "Control"));
        RATES.forEach(x -> head.add(x.replace('_', '-') + " % [95% CI] (k/n)"));
        table(b, "Leaderboard, ranked by CTUR (highest first)", head, t);
        JsonNode cmps = lb.path("comparisons");
        if (cmps.size() > 0) {
            b.append(
                    "<h3>Each model against the next in the ranking</h3><p>Two-proportion z-test (pooled), two-sided, "
                            + "as <code>tracejudge metrics --compare A,B</code> gives it; no correction for multiple tests.</p>");
            List<List<String>> ct = new ArrayList<>();
            for (JsonNode c : cmps) {
                String pair = c.path("models").get(0).asText() + " vs "
                        + c.path("models").get(1).asText();
                c.path("tests").properties().forEach(e -> {
                    JsonNode x = e.getValue();
                    if (x.isNull()
                            || (!MODES.contains(e.getKey()) && !e.getKey().equals("UTR"))) {
                        return;
                    }
                    ct.add(List.of(
                            pair,
                            e.getKey(),
                            n(pct(x.get("rate_a"))),
                            n(pct(x.get("rate_b"))),
                            n(String.format(
                                    Locale.ROOT, "%+.1f", 100 * x.path("diff").asDouble())),
                            n(String.format(Locale.ROOT, "%.2f", x.path("z").asDouble())),
                            n(p(x.get("p_value")))));
                });
            }
            table(b, "z-tests", List.of("Models", "Rate", "A", "B", "A − B (points)", "z", "p"), ct);
        }
        b.append("</section>");
    }

    static List<JsonNode> rankedModels(JsonNode metrics) {
        List<JsonNode> out = new ArrayList<>();
        metrics.path("models").forEach(out::add);
        out.sort(java.util.Comparator.comparingDouble(x -> {
            Double d = dbl(x.get("CTUR"));
            return d == null ? 1 : -d;
        }));
        return out;
    }
}
