package org.tracejudge.report;

import static org.tracejudge.report.Svg.esc;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.tracejudge.json.Json;

/**
 * The study report as one self-contained HTML page: inline CSS, inline SVG, no script to run, no request to any
 * host (its Content-Security-Policy allows nothing but inline styles and data images), a print stylesheet with a page
 * break before each section. Every number on the page is read from the report's figures, which the page also embeds
 * as JSON (a data block, not a script) for reuse.
 */
public final class ReportHtml {
    private ReportHtml() {}

    /** The page's Content-Security-Policy. */
    public static final String CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

    static final List<String> MODES = List.of("TSR", "CTUR", "RIR", "OFR");

    static final List<String> RATES = List.of("TSR", "CTUR", "RIR", "OFR", "UTR", "CTRL_Acc");

    private static final String CSS = """
            :root{color-scheme:light}
            body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;color:#1a1a1a;\
            background:#fff;margin:0}
            header,main,footer{max-width:900px;margin:0 auto;padding:0 20px}
            header{padding-top:24px}
            h1{font-size:1.7em;margin:.2em 0}
            h2{font-size:1.3em;border-bottom:2px solid #333;padding-bottom:.2em;margin-top:2em}
            h3{font-size:1.05em;margin:1.4em 0 .4em}
            .privacy{border:1px solid #555;background:#f4f4f4;padding:8px 12px;margin:12px 0}
            .missing{border-left:4px solid #8a5a00;background:#fff6e5;padding:8px 12px}
            .note{color:#333;font-size:.92em}
            nav ol{columns:2;padding-left:1.4em}
            table{border-collapse:collapse;margin:.4em 0 1em;font-size:.9em;max-width:100%}
            caption{text-align:left;font-weight:600;padding:4px 0}
            th,td{border:1px solid #bbb;padding:3px 7px;text-align:left;vertical-align:top}
            td.n{text-align:right;font-variant-numeric:tabular-nums}
            th{background:#eee}
            .wrap{max-width:100%}
            td.hash{overflow-wrap:anywhere;font-family:ui-monospace,"DejaVu Sans Mono",monospace;font-size:.85em}
            svg.chart{display:block;width:100%;max-width:640px;height:auto;margin:.6em 0}
            svg .axis{stroke:#333;stroke-width:1}
            svg .grid{stroke:#ddd;stroke-width:1}
            svg .whisker{stroke:#1a1a1a;stroke-width:1.6}
            svg .dot{fill:#0072B2;stroke:#000;stroke-width:.8}
            svg .other{fill:#fff;stroke:#D55E00;stroke-width:2}
            svg .bar{fill:#0072B2;stroke:#000;stroke-width:.6}
            dl.options dt{font-weight:600}
            dl.options dd{margin:0 0 .3em 1.2em}
            svg .leader{stroke:#666;stroke-width:.8}
            svg text{font:12px system-ui,"DejaVu Sans",sans-serif;fill:#1a1a1a}
            svg .tick{font-size:11px}
            svg .axis-label{font-size:12px;font-weight:600}
            svg .seg{font-size:11px;fill:#000;stroke:#fff;stroke-width:3px;paint-order:stroke;font-weight:600}
            svg .note{font-style:italic}
            code{font-size:.92em;overflow-wrap:anywhere}
            main p,main li{overflow-wrap:break-word}
            section{margin-bottom:1.5em}
            @media print{
              body{font-size:11pt}
              header,main,footer{max-width:none;padding:0}
              h2{break-before:page;page-break-before:always;margin-top:0}
              section#glance h2{break-before:auto;page-break-before:auto}
              table,svg.chart,.missing{break-inside:avoid;page-break-inside:avoid}
              nav{display:none}
              @page{size:auto;margin:16mm}
            }
            """;

    /** The page of {@code r}. */
    public static String render(StudyReport.Report r) {
        StringBuilder b = new StringBuilder(64 * 1024);
        String title = "Study report: " + r.title();
        b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">");
        b.append("<meta http-equiv=\"Content-Security-Policy\" content=\"")
                .append(CSP)
                .append("\">");
        b.append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">");
        b.append("<meta name=\"generator\" content=\"")
                .append(esc(text(r.figure("methods"), "tracejudge")))
                .append("\">");
        b.append("<title>")
                .append(esc(title))
                .append("</title><style>")
                .append(CSS)
                .append("</style></head><body>");
        b.append("<header><h1>").append(esc(title)).append("</h1>");
        b.append("<p class=\"privacy\"><strong>Privacy.</strong> This page holds figures, counts, names of models, "
                + "raters, tasks and files, and trace ids; it quotes no text from any trace. Any trace excerpt a later "
                + "version adds goes through the redaction this project uses for remote judges first. Labels the team's "
                + "blind policy hides from reviewers appear here only as totals: the report is the lead's.</p>");
        b.append("<nav aria-label=\"Sections\"><ol>");
        for (String[] s : TITLES) {
            b.append("<li><a href=\"#")
                    .append(s[0])
                    .append("\">")
                    .append(esc(s[1]))
                    .append("</a></li>");
        }
        b.append("</ol></nav></header><main>");
        glance(b, r);
        leaderboard(b, r);
        profile(b, r);
        agreement(b, r);
        QuestionSection.questions(b, r);
        CalibrationSection.calibration(b, r);
        SafetySection.safety(b, r);
        SafetySection.selection(b, r);
        methods(b, r);
        b.append("</main><footer><p class=\"note\">Made by ")
                .append(esc(text(r.figure("methods"), "tracejudge")))
                .append(". The figures as JSON are in this file's <code>figures</code> block.</p></footer>");
        // data, not a script: a JSON block is never run, so the policy's default-src 'none' allows it
        b.append("<script type=\"application/json\" id=\"figures\">")
                .append(Json.write(r.figures()).replace("</", "<\\/"))
                .append("</script>");
        b.append("</body></html>\n");
        return b.toString();
    }

    static final String[][] TITLES = {
        {"glance", "The study at a glance"},
        {"leaderboard", "Leaderboard"},
        {"profile", "Failure profile and failure modes"},
        {"agreement", "Agreement between raters"},
        {"questions", "Your questions"},
        {"calibration", "Judges against gold and corrected rates"},
        {"safety", "Safety review"},
        {"selection", "Tool-selection (NLT) study"},
        {"methods", "Methods and provenance"}
    };

    static void open(StringBuilder b, String id) {
        for (String[] s : TITLES) {
            if (s[0].equals(id)) {
                b.append("<section id=\"")
                        .append(id)
                        .append("\" aria-labelledby=\"h-")
                        .append(id)
                        .append("\"><h2 id=\"h-")
                        .append(id)
                        .append("\">")
                        .append(esc(s[1]))
                        .append("</h2>");
            }
        }
    }

    static void missing(StringBuilder b, String why) {
        b.append("<p class=\"missing\"><strong>Not available.</strong> ")
                .append(esc(why))
                .append("</p>");
    }

    // ---------- values ----------

    static String text(JsonNode n, String field) {
        return n == null || !n.hasNonNull(field) ? "" : n.get(field).asText();
    }

    static Double dbl(JsonNode n) {
        return n == null || n.isNull() || !n.isNumber() ? null : n.asDouble();
    }

    static String pct(JsonNode n) {
        Double d = dbl(n);
        return d == null ? "n/a" : String.format(Locale.ROOT, "%.1f%%", 100 * d);
    }

    static String ci(JsonNode a) {
        if (a == null || !a.isArray() || a.size() != 2) {
            return "";
        }
        return String.format(
                Locale.ROOT,
                " [%.1f, %.1f]",
                100 * a.get(0).asDouble(),
                100 * a.get(1).asDouble());
    }

    static String dec(JsonNode n) {
        Double d = dbl(n);
        return d == null ? "n/a" : String.format(Locale.ROOT, "%.3f", d);
    }

    static String ciDec(JsonNode a) {
        if (a == null || !a.isArray() || a.size() != 2) {
            return "";
        }
        return String.format(
                Locale.ROOT, " [%.3f, %.3f]", a.get(0).asDouble(), a.get(1).asDouble());
    }

    static String p(JsonNode n) {
        Double d = dbl(n);
        if (d == null) {
            return "n/a";
        }
        return d < 0.0001 ? String.format(Locale.ROOT, "%.2e", d) : String.format(Locale.ROOT, "%.4f", d);
    }

    /**
     * A table: a caption, a header row (labels may break after an underscore) and rows of cells (a cell starting with
     * NUM is numeric, right-aligned; with HASH a digest that may break anywhere).
     */
    static void table(StringBuilder b, String caption, List<String> head, List<List<String>> rows) {
        b.append("<div class=\"wrap\"><table><caption>").append(esc(caption)).append("</caption><thead><tr>");
        for (String h : head) {
            b.append("<th scope=\"col\">").append(esc(h).replace("_", "_<wbr>")).append("</th>");
        }
        b.append("</tr></thead><tbody>");
        for (List<String> row : rows) {
            b.append("<tr>");
            for (int i = 0; i < row.size(); i++) {
                String c = row.get(i);
                if (i == 0) {
                    b.append("<th scope=\"row\">").append(esc(c)).append("</th>");
                } else if (c.startsWith(HASH)) {
                    b.append("<td class=\"hash\">").append(esc(c.substring(1))).append("</td>");
                } else if (c.startsWith(NUM)) {
                    b.append("<td class=\"n\">").append(esc(c.substring(1))).append("</td>");
                } else {
                    b.append("<td>").append(esc(c)).append("</td>");
                }
            }
            b.append("</tr>");
        }
        b.append("</tbody></table></div>");
    }

    static final String NUM = "\u0001";

    /** A cell starting with this is a digest or id: it may break anywhere. */
    static final String HASH = "\u0002";

    static String n(Object o) {
        return NUM + o;
    }

    // ---------- sections ----------

    private static void glance(StringBuilder b, StudyReport.Report r) {
        open(b, "glance");
        JsonNode g = r.figure("glance");
        if (g.path("traces").asInt() == 0) {
            missing(
                    b,
                    "The project is empty: no traces. Import a benchmark's results or agent traces "
                            + "(tracejudge import PROJECT FILE…, or File ▸ Import… in the workbench), then make the report again.");
        }
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("Project", g.path("project").asText()));
        rows.add(List.of("Traces", n(g.path("traces").asInt())));
        rows.add(List.of("Tasks", n(g.path("tasks").asInt())));
        List<String> models = new ArrayList<>();
        g.path("models").forEach(m -> models.add(m.asText()));
        rows.add(List.of("Models (" + models.size() + ")", models.isEmpty() ? "none" : String.join(", ", models)));
        List<String> raters = new ArrayList<>();
        g.path("raters")
                .forEach(x -> raters.add(x.path("name").asText() + " ("
                        + x.path("kind").asText() + ", " + x.path("labels").asInt() + " labels)"));
        rows.add(List.of("Raters (" + raters.size() + ")", raters.isEmpty() ? "none" : String.join("; ", raters)));
        rows.add(List.of("Label source of the leaderboard", r.source()));
        rows.add(List.of("Imported files", n(g.path("imported_files").asInt())));
        if (g.has("first_import")) {
            rows.add(List.of(
                    "Imports from … to",
                    g.path("first_import").asText() + " … "
                            + g.path("last_import").asText()));
        }
        table(b, "The study", List.of("Item", "Value"), rows);
        b.append("</section>");
    }

    private static void leaderboard(StringBuilder b, StudyReport.Report r) {
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

    static String join(JsonNode arr) {
        List<String> s = new ArrayList<>();
        arr.forEach(x -> s.add(x.asText()));
        return String.join(", ", s);
    }

    private static void profile(StringBuilder b, StudyReport.Report r) {
        open(b, "profile");
        JsonNode lb = r.figure("leaderboard");
        // per model: the rates shown, from metrics or from the corrected leaderboard
        Map<String, Map<String, Double>> byModel = new LinkedHashMap<>();
        String what;
        if (lb == null || lb.isNull()) {
            missing(b, r.missing().get("leaderboard"));
            b.append("</section>");
            return;
        } else if (lb.has("corrected")) {
            what = "corrected (recommended estimate per rate)";
            for (JsonNode mo : lb.get("corrected").path("models")) {
                Map<String, Double> v = new LinkedHashMap<>();
                for (String rate : List.of("TSR", "CTUR", "RIR", "OFR", "UTR")) {
                    v.put(rate, dbl(mo.path(rate).get("corrected")));
                }
                byModel.put(mo.path("model").asText(), v);
            }
        } else {
            what = "label source " + lb.get("metrics").path("source").asText();
            for (JsonNode mo : lb.get("metrics").path("models")) {
                Map<String, Double> v = new LinkedHashMap<>();
                for (String rate : List.of("TSR", "CTUR", "RIR", "OFR", "UTR")) {
                    v.put(rate, dbl(mo.get(rate)));
                }
                byModel.put(mo.path("model").asText(), v);
            }
        }
        b.append("<h3>Failure profile: CTUR against UTR</h3><p>Each model as a point: how often it used the tool "
                        + "correctly when a tool was required (CTUR, right is better) against how often it called a tool when none "
                        + "was needed (UTR, lower is better); ")
                .append(esc(what))
                .append(".</p>");
        List<Svg.XY> pts = new ArrayList<>();
        List<List<String>> rows = new ArrayList<>();
        for (Map.Entry<String, Map<String, Double>> e : byModel.entrySet()) {
            Double x = e.getValue().get("CTUR");
            Double y = e.getValue().get("UTR");
            rows.add(List.of(e.getKey(), n(fmt(x)), n(fmt(y))));
            if (x != null && y != null) {
                pts.add(new Svg.XY(e.getKey(), x, y));
            }
        }
        if (pts.isEmpty()) {
            missing(
                    b,
                    "No model has both a CTUR and a UTR: the profile needs labelled tool-required and control "
                            + "traces of the same model.");
        } else {
            b.append(Svg.scatter(
                    "Failure profile: CTUR against UTR per model",
                    "Scatter plot, one labelled point per model; the table below gives the same values.",
                    "CTUR (correct tool use)",
                    "UTR (unnecessary tool use)",
                    pts));
        }
        table(b, "Failure profile (percent)", List.of("Model", "CTUR", "UTR"), rows);
        b.append(
                "<h3>Failure modes per model</h3><p>Where the tool-required traces of each model went: correct use "
                        + "(CTUR), tool skipped (TSR), result ignored (RIR), output fabricated (OFR); each bar sums to 100%.</p>");
        List<Svg.Stack> bars = new ArrayList<>();
        List<List<String>> mrows = new ArrayList<>();
        List<String> order = List.of("CTUR", "TSR", "RIR", "OFR");
        for (Map.Entry<String, Map<String, Double>> e : byModel.entrySet()) {
            double[] parts = new double[order.size()];
            boolean all = true;
            List<String> row = new ArrayList<>();
            row.add(e.getKey());
            for (int k = 0; k < order.size(); k++) {
                Double v = e.getValue().get(order.get(k));
                row.add(n(fmt(v)));
                if (v == null) {
                    all = false;
                } else {
                    parts[k] = v;
                }
            }
            mrows.add(row);
            if (all) {
                double sum = 0;
                for (double v : parts) {
                    sum += v;
                }
                if (sum > 0) {
                    for (int k = 0; k < parts.length; k++) {
                        parts[k] /= sum;
                    }
                    bars.add(new Svg.Stack(e.getKey(), parts));
                }
            }
        }
        if (bars.isEmpty()) {
            missing(b, "No model has labelled tool-required traces, so there are no failure modes to show.");
        } else {
            b.append(Svg.stacked(
                    "Failure modes per model",
                    "Stacked bars, one per model, of the shares CTUR, TSR, RIR and OFR; each part has its own pattern "
                            + "and its percent written on it where it fits; the table below gives the same values.",
                    List.of("CTUR correct", "TSR skipped", "RIR ignored", "OFR fabricated"),
                    bars));
        }
        table(
                b,
                "Failure modes (percent of tool-required traces)",
                List.of("Model", "CTUR", "TSR", "RIR", "OFR"),
                mrows);
        b.append("</section>");
    }

    static String fmt(Double v) {
        return v == null ? "n/a" : String.format(Locale.ROOT, "%.1f%%", 100 * v);
    }

    private static void agreement(StringBuilder b, StudyReport.Report r) {
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

    private static void methods(StringBuilder b, StudyReport.Report r) {
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

    static String title(String key) {
        for (String[] s : TITLES) {
            if (s[0].equals(key)) {
                return s[1];
            }
        }
        return key.equals("corrected") ? "Corrected rates" : key;
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
