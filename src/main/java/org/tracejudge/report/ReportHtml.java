package org.tracejudge.report;

import static org.tracejudge.report.Svg.esc;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.tracejudge.json.Json;

/**
 * The study report as one self-contained HTML page: inline CSS, inline SVG, no script to run, no request to any
 * host (its Content-Security-Policy allows nothing but inline styles and data images), a print stylesheet with a page
 * break before each section. Every number on the page is read from the report's figures, which the page also embeds
 * as JSON (a data block, not a script) for reuse.
 *
 * <p>This class is the page's frame (head, navigation, footer), the at-a-glance section and the value and table
 * helpers the sections share; each other section is a class of its own ({@link LeaderboardSection},
 * {@link ProfileSection}, {@link AgreementSection}, {@link QuestionSection}, {@link CalibrationSection},
 * {@link SafetySection}, {@link MethodsSection}).
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
        LeaderboardSection.leaderboard(b, r);
        ProfileSection.profile(b, r);
        AgreementSection.agreement(b, r);
        QuestionSection.questions(b, r);
        CalibrationSection.calibration(b, r);
        SafetySection.safety(b, r);
        SafetySection.selection(b, r);
        MethodsSection.methods(b, r);
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

    static String join(JsonNode arr) {
        List<String> s = new ArrayList<>();
        arr.forEach(x -> s.add(x.asText()));
        return String.join(", ", s);
    }

    static String title(String key) {
        for (String[] s : TITLES) {
            if (s[0].equals(key)) {
                return s[1];
            }
        }
        return key.equals("corrected") ? "Corrected rates" : key;
    }
}
