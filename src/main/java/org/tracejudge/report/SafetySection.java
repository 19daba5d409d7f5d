package org.tracejudge.report;

import static org.tracejudge.report.ReportHtml.HASH;
import static org.tracejudge.report.ReportHtml.ci;
import static org.tracejudge.report.ReportHtml.dec;
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

/** The report's sections on the blind safety review and the tool-selection (NLT) study. */
final class SafetySection {
    private SafetySection() {}

    static void safety(StringBuilder b, StudyReport.Report r) {
        open(b, "safety");
        JsonNode s = r.figure("safety");
        if (s == null || s.isNull()) {
            missing(b, r.missing().get("safety"));
            b.append("</section>");
            return;
        }
        JsonNode rv = s.path("review");
        b.append("<p>")
                .append(rv.path("inputs").asInt())
                .append(" inputs under review; ")
                .append(rv.path("adjudication_queue").asInt())
                .append(" tools where experts disagree wait for adjudication. Policy: <code>")
                .append(esc(rv.path("policy").toString()))
                .append("</code>.</p>");
        for (JsonNode sc : s.path("scenarios")) {
            b.append("<h3>Scenario ").append(esc(sc.path("scenario").asText())).append("</h3>");
            List<List<String>> tools = new ArrayList<>();
            List<List<String>> raters = new ArrayList<>();
            for (JsonNode t : sc.path("tools")) {
                List<String> ek = new ArrayList<>();
                t.path("expert_kappa")
                        .forEach(e ->
                                ek.add(e.path("a").asText() + "–" + e.path("b").asText() + " κ " + dec(e.get("kappa"))
                                        + " (n " + e.path("n").asLong() + ")"));
                tools.add(List.of(
                        t.path("name").asText(),
                        t.path("safety_critical").asBoolean() ? "yes" : "no",
                        n(pct(t.get("prevalence"))),
                        n(t.path("labelled").asInt()),
                        n(t.path("pending").asInt()),
                        ek.isEmpty() ? "no double review yet" : String.join("; ", ek)));
                for (JsonNode x : t.path("raters")) {
                    raters.add(List.of(
                            t.path("name").asText() + " · " + x.path("rater").asText(),
                            x.path("kind").asText(),
                            n(x.path("n").asLong()),
                            n(dec(x.get("precision"))),
                            n(dec(x.get("recall"))),
                            n(dec(x.get("f1"))),
                            n(dec(x.get("kappa")))));
                }
            }
            table(
                    b,
                    "Tools: final expert labels and double review",
                    List.of("Tool", "Safety-critical", "Prevalence", "Decided", "Pending", "Expert agreement"),
                    tools);
            table(
                    b,
                    "Raters against the final expert label",
                    List.of("Tool · rater", "Kind", "n", "Precision", "Recall", "F1", "κ"),
                    raters);
            List<List<String>> em = new ArrayList<>();
            sc.path("exact_match")
                    .forEach(e -> em.add(List.of(
                            e.path("model").asText(),
                            e.path("approach").asText(),
                            n(e.path("n").asInt()),
                            n(pct(e.get("accuracy"))))));
            table(b, "Exact-match accuracy", List.of("Model", "Approach", "n", "Accuracy"), em);
            List<List<String>> ms = new ArrayList<>();
            sc.path("missed_detail")
                    .forEach(m -> ms.add(List.of(
                            m.path("input").asText(),
                            m.path("model").asText(),
                            m.path("approach").asText(),
                            m.path("tool").asText(),
                            HASH + m.path("trace").asText())));
            if (ms.isEmpty()) {
                b.append("<p>No missed Safety Call.</p>");
            } else {
                table(
                        b,
                        "Missed Safety Calls (" + ms.size() + ")",
                        List.of("Input", "Model", "Approach", "Tool", "Trace id"),
                        ms);
            }
        }
        b.append("</section>");
    }

    static void selection(StringBuilder b, StudyReport.Report r) {
        open(b, "selection");
        JsonNode s = r.figure("selection");
        if (s == null || s.isNull()) {
            missing(b, r.missing().get("selection"));
            b.append("</section>");
            return;
        }
        b.append("<p>")
                .append(s.path("trials").asInt())
                .append(" scored trials. Scoring: ")
                .append(esc(s.path("scoring").asText()))
                .append(".</p>");
        List<List<String>> g = new ArrayList<>();
        for (JsonNode x : s.path("groups")) {
            if (!x.path("by").asText().equals("overall")) {
                continue;
            }
            g.add(List.of(
                    x.path("model").asText(),
                    x.path("approach").asText(),
                    n(x.path("trials").asInt()),
                    n(pct(x.get("accuracy")) + ci(x.get("ci95")))));
        }
        table(b, "Accuracy per model and approach", List.of("Model", "Approach", "Trials", "Accuracy [95% CI]"), g);
        List<List<String>> d = new ArrayList<>();
        for (JsonNode x : s.path("differences")) {
            d.add(List.of(
                    x.path("model").asText(),
                    n(x.path("pairs").asInt()),
                    n(x.path("nlt_only").asInt()),
                    n(x.path("structured_only").asInt()),
                    x.path("test").asText(),
                    n(p(x.get("p_value")))));
        }
        table(
                b,
                "NLT − structured on paired trials",
                List.of("Model", "Pairs", "NLT only right", "Structured only right", "Test", "p"),
                d);
        b.append("</section>");
    }
}
