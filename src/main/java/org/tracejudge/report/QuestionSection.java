package org.tracejudge.report;

import static org.tracejudge.report.ReportHtml.ci;
import static org.tracejudge.report.ReportHtml.dec;
import static org.tracejudge.report.ReportHtml.join;
import static org.tracejudge.report.ReportHtml.missing;
import static org.tracejudge.report.ReportHtml.n;
import static org.tracejudge.report.ReportHtml.open;
import static org.tracejudge.report.ReportHtml.table;
import static org.tracejudge.report.ReportHtml.text;
import static org.tracejudge.report.ReportHtml.title;
import static org.tracejudge.report.Svg.esc;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The report's section on the project's own scheme: per question, its kind, options and the agreement its kind needs. */
final class QuestionSection {
    private QuestionSection() {}

    static void questions(StringBuilder b, StudyReport.Report r) {
        open(b, "questions");
        JsonNode s = r.figure("questions");
        if (s == null || s.isNull()) {
            missing(b, r.missing().get("questions"));
            b.append("</section>");
            return;
        }
        b.append("<p>This project judges with its own scheme, <code>")
                .append(esc(text(s, "scheme")))
                .append("</code> version ")
                .append(s.path("version").asInt())
                .append(". ")
                .append(esc(text(s, "description")))
                .append("</p><p class=\"note\">Agreement as <code>tracejudge agreement PROJECT --question KEY</code>"
                        + " computes it: over the traces at least two raters answered (a question that did not apply "
                        + "for a rater has no answer from them), 95% intervals by percentile bootstrap over traces, ")
                .append(s.path("resamples").asInt())
                .append(" resamples, seed ")
                .append(s.path("seed").asLong())
                .append(".</p>");
        if (s.path("questions").isEmpty()) {
            missing(b, "The scheme has no question to show.");
        }
        for (JsonNode q : s.path("questions")) {
            question(b, q);
        }
        b.append("</section>");
    }

    static void question(StringBuilder b, JsonNode q) {
        String key = text(q, "question");
        String kind = text(q, "kind");
        b.append("<section class=\"question\" id=\"q-")
                .append(esc(key))
                .append("\" aria-labelledby=\"h-q-")
                .append(esc(key))
                .append("\"><h3 id=\"h-q-")
                .append(esc(key))
                .append("\"><code>")
                .append(esc(key))
                .append("</code> (")
                .append(esc(kind.replace('_', ' ')))
                .append(q.path("required").asBoolean() ? "" : ", optional")
                .append(")</h3><p>")
                .append(esc(text(q, "prompt")))
                .append("</p>");
        JsonNode scale = q.get("scale");
        if (scale != null) {
            b.append("<p>Scale ")
                    .append(scale.path("from").asInt())
                    .append(" to ")
                    .append(scale.path("to").asInt())
                    .append(".</p>");
        }
        if (q.path("options").size() > 0) {
            b.append("<dl class=\"options\">");
            for (JsonNode o : q.path("options")) {
                String value = text(o, "value");
                String label = text(o, "label");
                b.append("<dt>")
                        .append(esc(scale != null ? value + " " + label : label))
                        .append(scale == null && !label.equals(value) ? " <code>" + esc(value) + "</code>" : "")
                        .append(o.path("safety_critical").asBoolean() ? " (safety-critical)" : "")
                        .append("</dt><dd>")
                        .append(esc(text(o, "definition").isEmpty() ? "no definition" : text(o, "definition")))
                        .append("</dd>");
            }
            b.append("</dl>");
        }
        JsonNode ans = q.path("answered");
        long traces = ans.path("traces").asLong();
        b.append("<p>")
                .append(traces)
                .append(traces == 1 ? " trace" : " traces")
                .append(" answered by ")
                .append(ans.path("raters").size())
                .append(ans.path("raters").size() == 1 ? " rater" : " raters")
                .append(ans.path("raters").isEmpty() ? "" : " (" + esc(join(ans.path("raters"))) + ")")
                .append(", ")
                .append(ans.path("answers").asLong())
                .append(" answers in all.</p>");
        JsonNode dist = q.path("distribution");
        if (traces == 0) {
            missing(
                    b,
                    "No answers to '" + key + "' yet. Answer it in the workbench or import answers "
                            + "(tracejudge import PROJECT answers.jsonl), then make the report again.");
        } else if ("number".equals(kind)) {
            List<List<String>> rows = new ArrayList<>();
            dist.forEach(
                    d -> rows.add(List.of(text(d, "label"), n(d.path("number").asText()))));
            table(b, "The answers to " + key + ": their range", List.of("Statistic", "Answer"), rows);
        } else if (dist.size() > 0) {
            String unit = "span".equals(kind)
                    ? "spans"
                    : "yes_no_per_tool".equals(kind) ? "decisions (tool by tool)" : "answers";
            List<Svg.Bar> bars = new ArrayList<>();
            List<List<String>> rows = new ArrayList<>();
            StringBuilder alt = new StringBuilder();
            for (JsonNode d : dist) {
                bars.add(new Svg.Bar(text(d, "label"), d.path("count").asLong()));
                rows.add(List.of(text(d, "label"), n(d.path("count").asLong())));
                alt.append(alt.length() == 0 ? "" : "; ")
                        .append(text(d, "label"))
                        .append(": ")
                        .append(d.path("count").asLong());
            }
            String title = "span".equals(kind)
                    ? "The spans marked for " + key + " per label"
                    : "The " + unit + " to " + key + " per " + ("ordinal".equals(kind) ? "step" : "option");
            b.append(Svg.bars(title, title + ". " + alt + ".", "number of " + unit, bars));
            table(b, title, List.of("ordinal".equals(kind) ? "Step" : "Option", "Number of " + unit), rows);
        }
        JsonNode a = q.get("agreement");
        if (a == null || a.isNull()) {
            b.append("<p class=\"missing\"><strong>No agreement.</strong> ")
                    .append(esc(text(q, "agreement_note")))
                    .append(". Have a second rater answer the same traces.</p>");
        } else if (a.path("coefficients").isEmpty()) {
            b.append("<p class=\"note\">No agreement coefficient: ")
                    .append(esc(text(a, "note").isEmpty() ? "this kind of question has none" : text(a, "note")))
                    .append(".</p>");
        } else {
            List<List<String>> rows = new ArrayList<>();
            for (JsonNode c : a.path("coefficients")) {
                JsonNode iv = c.get("interval");
                String ci = iv == null
                        ? ""
                        : String.format(
                                Locale.ROOT,
                                " [%.3f, %.3f]",
                                iv.path("lo").asDouble(),
                                iv.path("hi").asDouble());
                rows.add(List.of(
                        text(c, "name"),
                        n(dec(c.get("value")) + ci),
                        n(c.path("n").asLong()),
                        text(c, "note")));
            }
            table(
                    b,
                    "Agreement on " + key + " (" + a.path("traces").asLong() + " traces, raters "
                            + join(a.path("raters")) + ")",
                    List.of("Coefficient", "Value [95% CI]", "n", "Note"),
                    rows);
            if (!text(a, "note").isEmpty()) {
                b.append("<p class=\"note\">").append(esc(text(a, "note"))).append("</p>");
            }
        }
        b.append("</section>");
    }
}
