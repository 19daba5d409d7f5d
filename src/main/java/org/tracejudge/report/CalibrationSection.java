package org.tracejudge.report;

import static org.tracejudge.report.ReportHtml.ci;
import static org.tracejudge.report.ReportHtml.dbl;
import static org.tracejudge.report.ReportHtml.dec;
import static org.tracejudge.report.ReportHtml.missing;
import static org.tracejudge.report.ReportHtml.n;
import static org.tracejudge.report.ReportHtml.open;
import static org.tracejudge.report.ReportHtml.pct;
import static org.tracejudge.report.ReportHtml.table;
import static org.tracejudge.report.Svg.esc;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/** The report's section on judges against gold and their corrected rates. */
final class CalibrationSection {
    private CalibrationSection() {}

    static void calibration(StringBuilder b, StudyReport.Report r) {
        open(b, "calibration");
        JsonNode c = r.figure("calibration");
        b.append("<h3>How far each judge is trusted</h3>");
        if (c == null || c.isNull()) {
            missing(b, r.missing().get("calibration"));
        } else {
            b.append("<p>Gold: ")
                    .append(c.path("gold").path("traces").asInt())
                    .append(" traces where everyone who decided agrees")
                    .append(
                            c.path("gold").path("people_disagree").asInt() > 0
                                    ? " ("
                                            + c.path("gold")
                                                    .path("people_disagree")
                                                    .asInt() + " where people disagree are not gold)"
                                    : "")
                    .append(". A label is trusted when κ ≥ 0.6 and sensitivity ≥ 0.8 with enough gold.</p>");
            for (JsonNode rt : c.path("raters")) {
                b.append("<h3>")
                        .append(esc(rt.path("rater").asText()))
                        .append(" against gold (n = ")
                        .append(rt.path("n").asInt())
                        .append(")</h3>");
                if (rt.has("note")) {
                    b.append("<p class=\"missing\">")
                            .append(esc(rt.path("note").asText()))
                            .append("</p>");
                    continue;
                }
                b.append("<p>Accuracy ")
                        .append(pct(rt.path("accuracy").get("value")))
                        .append(ci(rt.path("accuracy").get("ci95")))
                        .append(", Cohen's κ ")
                        .append(dec(rt.get("kappa")))
                        .append(", Gwet's AC1 ")
                        .append(dec(rt.get("ac1")))
                        .append(".</p>");
                List<List<String>> per = new ArrayList<>();
                for (JsonNode l : rt.path("per_label")) {
                    String trust = l.path("trust").asText().replace('_', ' ');
                    if (trust.equals("not yet")) {
                        trust += " (about " + l.path("more_gold_needed").asInt() + " more gold)";
                    }
                    per.add(List.of(
                            l.path("label").asText(),
                            n(l.path("gold").asInt()),
                            n(pct(l.path("sensitivity").get("value"))
                                    + ci(l.path("sensitivity").get("ci95"))),
                            n(pct(l.path("specificity").get("value"))
                                    + ci(l.path("specificity").get("ci95"))),
                            n(pct(l.path("precision").get("value"))
                                    + ci(l.path("precision").get("ci95"))),
                            n(dec(l.get("f1"))),
                            trust));
                }
                table(
                        b,
                        "Trust verdict per label: " + rt.path("rater").asText(),
                        List.of("Label", "Gold", "Sensitivity", "Specificity", "Precision", "F1", "Trust"),
                        per);
                List<String> labels = new ArrayList<>();
                rt.path("labels").forEach(x -> labels.add(x.asText()));
                List<List<String>> mat = new ArrayList<>();
                for (int i = 0; i < labels.size(); i++) {
                    List<String> row = new ArrayList<>();
                    row.add(labels.get(i));
                    for (JsonNode v : rt.path("confusion").get(i)) {
                        row.add(n(v.asInt()));
                    }
                    mat.add(row);
                }
                List<String> head = new ArrayList<>();
                head.add("Judge's label ↓ / gold →");
                head.addAll(labels);
                table(b, "Confusion matrix: " + rt.path("rater").asText(), head, mat);
            }
        }
        b.append("<h3>Corrected rates</h3>");
        JsonNode k = r.figure("corrected");
        if (k == null || k.isNull()) {
            missing(b, r.missing().get("corrected"));
        } else {
            corrected(b, k, false);
        }
        b.append("</section>");
    }

    /** The corrected rates: from {@code calibration --corrected} (rates) or the corrected leaderboard (models). */
    static void corrected(StringBuilder b, JsonNode k, boolean leaderboard) {
        List<Svg.Interval> rows = new ArrayList<>();
        List<List<String>> t = new ArrayList<>();
        if (leaderboard) {
            b.append("<p>The leaderboard from the ensemble's labels corrected with the gold of calibration sample '")
                    .append(esc(k.path("sample").asText()))
                    .append("' (")
                    .append(k.path("gold").asInt())
                    .append(" traces with gold), judge ")
                    .append(esc(k.path("judge").asText()))
                    .append("; per rate the recommended estimate, the judge-only value beside it.</p>");
            for (JsonNode mo : k.path("models")) {
                JsonNode ct = mo.path("CTUR");
                JsonNode ci = ct.get("ci95");
                rows.add(new Svg.Interval(
                        mo.path("model").asText(),
                        dbl(ct.get("corrected")),
                        ci != null && ci.isArray() ? ci.get(0).asDouble() : null,
                        ci != null && ci.isArray() ? ci.get(1).asDouble() : null,
                        dbl(ct.get("judge_only"))));
                for (String rate : List.of("CTUR", "TSR", "RIR", "OFR", "UTR")) {
                    JsonNode x = mo.path(rate);
                    t.add(List.of(
                            mo.path("model").asText(),
                            rate,
                            n(pct(x.get("corrected")) + ci(x.get("ci95"))),
                            x.path("figure").asText(),
                            n(pct(x.get("judge_only"))),
                            n(x.path("gold").asInt()),
                            x.path("reason").asText()));
                }
            }
        } else {
            JsonNode s = k.path("sample");
            b.append("<p>Rates of ")
                    .append(esc(k.path("judge").asText()))
                    .append(" corrected with the gold of calibration sample '")
                    .append(esc(s.path("name").asText()))
                    .append("' (")
                    .append(esc(s.path("design").asText()))
                    .append(", seed ")
                    .append(s.path("seed").asLong())
                    .append(", ")
                    .append(s.path("drawn").asInt())
                    .append(" of ")
                    .append(s.path("population").asInt())
                    .append(" traces drawn, ")
                    .append(s.path("with_gold").asInt())
                    .append(" with gold). Per rate the recommended estimate with its 95% interval, and the judge-only "
                            + "value beside it.</p>");
            for (JsonNode x : k.path("rates")) {
                JsonNode rec = x.path("recommended");
                if (x.path("rate").asText().equals("CTUR")) {
                    JsonNode ci = rec.get("ci95");
                    rows.add(new Svg.Interval(
                            x.path("model").asText(),
                            dbl(rec.get("value")),
                            ci != null && ci.isArray() ? ci.get(0).asDouble() : null,
                            ci != null && ci.isArray() ? ci.get(1).asDouble() : null,
                            dbl(x.path("judge_only").get("value"))));
                }
                t.add(List.of(
                        x.path("model").asText(),
                        x.path("rate").asText(),
                        n(pct(rec.get("value")) + ci(rec.get("ci95"))),
                        rec.path("figure").asText(),
                        n(pct(x.path("judge_only").get("value"))
                                + ci(x.path("judge_only").get("ci95"))),
                        n(x.path("gold").asInt()),
                        rec.path("reason").asText()));
            }
        }
        b.append(Svg.intervals(
                "Corrected CTUR per model with the judge-only value",
                "Dot and whisker: the recommended corrected CTUR with its 95% interval; hollow diamond: the judge-only "
                        + "CTUR. The table below gives every rate.",
                "CTUR",
                rows,
                "judge only"));
        table(
                b,
                "Corrected rates",
                List.of(
                        "Model",
                        "Rate",
                        "Recommended [95% CI]",
                        "Estimator",
                        "Judge only",
                        "Gold n",
                        "Why this estimator"),
                t);
    }
}
