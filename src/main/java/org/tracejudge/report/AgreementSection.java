package org.tracejudge.report;

import static org.tracejudge.report.ReportHtml.ciDec;
import static org.tracejudge.report.ReportHtml.dec;
import static org.tracejudge.report.ReportHtml.join;
import static org.tracejudge.report.ReportHtml.missing;
import static org.tracejudge.report.ReportHtml.n;
import static org.tracejudge.report.ReportHtml.open;
import static org.tracejudge.report.ReportHtml.table;
import static org.tracejudge.report.ReportHtml.text;
import static org.tracejudge.report.Svg.esc;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The report's section on agreement between raters: the coefficients with their intervals, per pair and overall. */
final class AgreementSection {
    private AgreementSection() {}

    static void agreement(StringBuilder b, StudyReport.Report r) {
        open(b, "agreement");
        JsonNode a = r.figure("agreement");
        if (a == null || a.isNull()) {
            missing(b, r.missing().get("agreement"));
            b.append("</section>");
            return;
        }
        b.append("<p>")
                .append(a.path("n_items").asInt())
                .append(" traces labelled by at least two of the raters ")
                .append(esc(join(a.path("raters"))))
                .append(". 95% intervals: ")
                .append(esc(a.path("bootstrap").path("method").asText("percentile bootstrap")))
                .append(", ")
                .append(a.path("bootstrap").path("resamples").asInt())
                .append(" resamples, seed ")
                .append(a.path("bootstrap").path("seed").asLong())
                .append(".</p>");
        for (JsonNode l : a.path("left_out")) {
            b.append("<p class=\"note\">Left out: ")
                    .append(esc(l.path("rater").asText()))
                    .append(" gives the same label as ")
                    .append(esc(l.path("same_as").asText()))
                    .append(" on ")
                    .append(l.path("same").asInt())
                    .append(" of ")
                    .append(l.path("shared").asInt())
                    .append(" shared traces: not an independent rater.</p>");
        }
        JsonNode f = a.path("fleiss");
        JsonNode al = a.path("alpha");
        table(
                b,
                "Agreement over all raters",
                List.of("Coefficient", "Value [95% CI]", "n", "Note"),
                List.of(
                        List.of(
                                "Fleiss' κ",
                                n(dec(f.get("kappa")) + ciDec(f.get("ci95"))),
                                n(f.path("n").asLong()),
                                text(f, "note") + " " + text(f, "prevalence_note")),
                        List.of(
                                "Gwet's AC1",
                                n(dec(f.get("ac1")) + ciDec(f.get("ac1_ci95"))),
                                n(f.path("n").asLong()),
                                ""),
                        List.of(
                                "Krippendorff's α (nominal)",
                                n(dec(al.get("value")) + ciDec(al.get("ci95"))),
                                n(al.path("n").asLong()),
                                text(al, "note"))));
        List<String> raters = new ArrayList<>();
        a.path("raters").forEach(x -> raters.add(x.asText()));
        Map<String, JsonNode> pairs = new LinkedHashMap<>();
        for (JsonNode pr : a.path("pairwise")) {
            pairs.put(pr.path("a").asText() + "\u0000" + pr.path("b").asText(), pr);
            pairs.put(pr.path("b").asText() + "\u0000" + pr.path("a").asText(), pr);
        }
        List<List<String>> mat = new ArrayList<>();
        for (String x : raters) {
            List<String> row = new ArrayList<>();
            row.add(x);
            for (String y : raters) {
                JsonNode pr = pairs.get(x + "\u0000" + y);
                row.add(
                        x.equals(y)
                                ? "—"
                                : pr == null
                                        ? "n/a"
                                        : n(dec(pr.get("kappa")) + ciDec(pr.get("ci95")) + " (n "
                                                + pr.path("n").asLong() + ")"));
            }
            mat.add(row);
        }
        List<String> head = new ArrayList<>();
        head.add("Cohen's κ [95% CI]");
        head.addAll(raters);
        table(b, "Pairwise Cohen's κ", head, mat);
        List<List<String>> per = new ArrayList<>();
        for (JsonNode l : a.path("per_label")) {
            per.add(List.of(
                    l.path("label").asText(),
                    n(String.format(
                            Locale.ROOT, "%.1f%%", 100 * l.path("prevalence").asDouble())),
                    n(dec(l.get("fleiss_kappa")) + ciDec(l.get("fleiss_ci95"))),
                    (l.path("low_prevalence_effect").asBoolean() ? "low prevalence lowers κ. " : "")
                            + text(l, "fleiss_note")
                            + text(l, "note")));
        }
        table(
                b,
                "Per-label κ (one label against the rest)",
                List.of("Label", "Prevalence", "Fleiss' κ [95% CI]", "Note"),
                per);
        if (a.path("warnings").size() > 0) {
            b.append("<h3>Precision</h3><ul>");
            a.path("warnings").forEach(w -> b.append("<li>")
                    .append(esc(w.path("message").asText()))
                    .append("</li>"));
            b.append("</ul>");
        }
        b.append("</section>");
    }
}
