package org.tracejudge.report;

import static org.tracejudge.report.ReportHtml.HASH;
import static org.tracejudge.report.ReportHtml.join;
import static org.tracejudge.report.ReportHtml.n;
import static org.tracejudge.report.ReportHtml.open;
import static org.tracejudge.report.ReportHtml.table;
import static org.tracejudge.report.ReportHtml.title;
import static org.tracejudge.report.Svg.esc;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The report's methods and provenance: the project file, raters, imports, sample designs, estimators and what was left out. */
final class MethodsSection {
    private MethodsSection() {}

    static void methods(StringBuilder b, StudyReport.Report r) {
        open(b, "methods");
        JsonNode m = r.figure("methods");
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("Made by", m.path("tracejudge").asText()));
        rows.add(List.of("Project file", m.path("project_file").asText()));
        rows.add(List.of("Project file SHA-256", HASH + m.path("project_sha256").asText()));
        rows.add(List.of("Label source of the leaderboard", m.path("source").asText()));
        rows.add(List.of(
                "Ensemble",
                m.has("ensemble_rule")
                        ? "rule " + m.path("ensemble_rule").asText() + ", judges " + join(m.path("ensemble_judges"))
                                + ". " + m.path("ensemble").asText()
                        : "none chosen: " + m.path("ensemble_note").asText()));
        table(b, "Provenance", List.of("Item", "Value"), rows);
        List<List<String>> raters = new ArrayList<>();
        for (JsonNode x : m.path("raters")) {
            raters.add(List.of(
                    x.path("name").asText(),
                    x.path("kind").asText(),
                    x.path("version").asText(),
                    x.path("model").asText(""),
                    x.path("rubric").asText(""),
                    n(x.path("labels").asInt())));
        }
        table(
                b,
                "Label sources: raters, rubric versions and judge models",
                List.of("Rater", "Kind", "Version", "Model", "Rubric", "Labels"),
                raters);
        List<List<String>> imports = new ArrayList<>();
        for (JsonNode x : m.path("imports")) {
            imports.add(List.of(
                    x.path("file").asText(),
                    x.path("format").asText(),
                    x.path("rater").asText(""),
                    n(x.path("rows").asInt()),
                    x.path("imported_at").asText(),
                    HASH + x.path("sha256").asText()));
        }
        if (imports.isEmpty()) {
            b.append("<p>No file was imported.</p>");
        } else {
            table(b, "Imported files", List.of("File", "Format", "Rater", "Rows", "Imported", "SHA-256"), imports);
        }
        JsonNode k = r.figure("corrected");
        b.append("<h3>Sample designs</h3>");
        if (k != null && !k.isNull()) {
            JsonNode s = k.path("sample");
            b.append("<p>Calibration sample '")
                    .append(esc(s.path("name").asText()))
                    .append("': design ")
                    .append(esc(s.path("design").asText()))
                    .append(", seed ")
                    .append(s.path("seed").asLong())
                    .append(", ")
                    .append(s.path("drawn").asInt())
                    .append(" drawn of ")
                    .append(s.path("population").asInt())
                    .append(" judged traces on ")
                    .append(esc(s.path("drawn_at").asText()))
                    .append(", ")
                    .append(s.path("with_gold").asInt())
                    .append(" with gold.</p>");
        } else {
            b.append("<p>No calibration sample is used in this report.</p>");
        }
        b.append("<h3>Estimators</h3><ul>");
        for (String e : ESTIMATORS) {
            b.append("<li>").append(esc(e)).append("</li>");
        }
        b.append("</ul><h3>Left out</h3><ul>");
        Set<String> left = new LinkedHashSet<>();
        r.missing().forEach((key, why) -> left.add(title(key) + ": " + why));
        left.add("Trace text: no excerpt of any trace is quoted (see the note at the top).");
        left.add(
                "Call-level figures of long conversations (tracejudge metrics shows them), agreement by stratum "
                        + "(tracejudge agreement --by) and the latent-class estimates (calibration --latent): not in this report.");
        for (String s : left) {
            b.append("<li>").append(esc(s)).append("</li>");
        }
        b.append("</ul></section>");
    }

    static final List<String> ESTIMATORS = List.of(
            "Rates: a count over its denominator with the Wilson score interval (Wilson 1927).",
            "Two models on one rate: the pooled two-proportion z-test, two-sided.",
            "Agreement: Cohen's κ (Cohen 1960) per pair, Fleiss' κ (Fleiss 1971), Gwet's AC1 (Gwet 2008), "
                    + "Krippendorff's α (Krippendorff 2004), with percentile bootstrap intervals over traces.",
            "Judges against gold: sensitivity, specificity, precision and NPV with Wilson intervals; gold is the "
                    + "traces where every person who decided agrees.",
            "Corrected rates: Rogan-Gladen (Rogan and Gladen 1978) with the score interval; prediction-powered "
                    + "inference PPI++ (Angelopoulos et al. 2023) with cross-fitted λ and the Agresti-Min adjusted "
                    + "interval; gold only with Wilson's; stratified designs with the stratified score interval; "
                    + "variances with the finite-population correction.",
            "The project's own questions: per kind the coefficients tracejudge agreement --question computes "
                    + "(single choice: Cohen's κ per pair, Fleiss' κ, Krippendorff's α nominal, Gwet's AC1; multiple "
                    + "choice: α with the MASI distance (Passonneau 2006) and κ per option; ordinal: weighted κ, linear "
                    + "and quadratic, per pair and α ordinal; number: α interval and ICC(2,1) (Shrout and Fleiss 1979); "
                    + "yes/no per tool: the single-choice set per tool; spans: F1 per pair, exact and overlapping), "
                    + "over the traces both or enough raters answered, with percentile bootstrap intervals; free text "
                    + "has none.",
            "Tool selection: exact-match accuracy with Wilson intervals, McNemar's test on paired trials "
                    + "(McNemar 1947).");
}
