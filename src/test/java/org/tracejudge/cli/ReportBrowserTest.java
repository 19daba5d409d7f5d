package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.json.Json;
import org.tracejudge.report.ReportHtml;
import org.tracejudge.sample.SafetySample;

/**
 * The study report in a real browser (issue 50, item 5): headless Chromium opens the page and prints it to PDF with
 * no console message and no blocked request (the page's policy blocks every request, and Chromium reports each as a
 * console error); at A4's width (794 px) no chart or table is wider than the page; axe-core finds no accessibility
 * violation; a screenshot of each section goes to target/report-screenshots/report-SECTION.png (docs/screenshots with
 * -Dreport.screenshots=docs/screenshots). Without Chromium the test is
 * skipped, saying so; axe-core comes from npm (axe.min.js at -Daxe.js=…, else {@code npm install axe-core} into the
 * build folder), and without npm that part is skipped, saying so.
 */
class ReportBrowserTest {
    @TempDir
    Path dir;

    static final int A4_WIDTH = 794;

    static Path chromium() {
        for (String name : List.of("chromium", "chromium-browser", "google-chrome")) {
            for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
                Path p = Path.of(d, name);
                if (Files.isExecutable(p)) {
                    return p;
                }
            }
        }
        return null;
    }

    record Result(int code, String out, String err) {}

    static Result run(List<String> command) throws IOException, InterruptedException {
        Path out = Files.createTempFile("chromium", ".out");
        Path err = Files.createTempFile("chromium", ".err");
        try {
            Process p = new ProcessBuilder(command)
                    .redirectOutput(out.toFile())
                    .redirectError(err.toFile())
                    .start();
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("chromium did not finish in 120 s: " + command);
            }
            return new Result(p.exitValue(), Files.readString(out), Files.readString(err));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    List<String> chrome(Path chrome, String... args) {
        List<String> c = new ArrayList<>(List.of(
                chrome.toString(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--hide-scrollbars",
                "--user-data-dir=" + dir.resolve("chrome-profile")));
        c.addAll(List.of(args));
        return c;
    }

    /** Console messages and refused requests in Chromium's log (dbus and GPU noise of a headless box aside). */
    static List<String> problems(String log) {
        List<String> out = new ArrayList<>();
        for (String line : log.split("\n")) {
            if (line.contains("CONSOLE")
                    || line.contains("Refused to")
                    || line.contains("Content Security Policy")
                    || line.contains("net::ERR")) {
                out.add(line);
            }
        }
        return out;
    }

    @Test
    void theBrowserShowsAndPrintsThePageWithoutErrorsRequestsOrOverflow() throws Exception {
        Path chrome = chromium();
        Assumptions.assumeTrue(chrome != null, "chromium is not installed: the study report's browser test is skipped");
        Path p = ReportTest.sampleWithGold(dir);
        // with a scheme of its own and answers of three raters, so the per-question section has its charts
        ReportQuestionsTest.addScheme(p, dir, new java.util.HashMap<>());
        Path page = dir.resolve("study.html");
        String html = ReportTest.report(p, page);

        // the page as it is: printed to PDF, nothing on the console, nothing refused
        Path pdf = dir.resolve("study.pdf");
        Result r = run(chrome(
                chrome,
                "--enable-logging=stderr",
                "--v=0",
                "--no-pdf-header-footer",
                "--print-to-pdf=" + pdf,
                page.toUri().toString()));
        assertEquals(0, r.code(), r.err());
        assertTrue(Files.size(pdf) > 10_000, "a PDF was printed");
        assertEquals("%PDF", new String(Files.readAllBytes(pdf), 0, 4, StandardCharsets.US_ASCII));
        assertEquals(List.of(), problems(r.err()), "console errors or blocked requests");

        // a screenshot per section; safety and the NLT study from the safety sample
        Path safety = dir.resolve("safety.tjdb");
        SafetySample.open(safety).close();
        String safetyHtml = ReportTest.report(safety, dir.resolve("safety.html"));

        Path empty = dir.resolve("empty.tjdb");
        org.tracejudge.store.Project.open(empty, org.tracejudge.store.Project.OpenOptions.createIfMissing("Empty"))
                .close();
        String emptyHtml = ReportTest.report(empty, dir.resolve("empty.html"));

        // each page (the sample with gold; the safety sample's safety review and NLT study; an empty project) with a
        // probe: widths at A4's width, and axe-core's verdict
        String axe = axe();
        assertTrue(html.contains("The answers to risk per step"), "the page has the per-question charts");
        for (String source : List.of(html, safetyHtml, emptyHtml)) {
            probe(chrome, source, axe);
        }
        // the build folder by default: a test run changes no tracked file; -Dreport.screenshots=docs/screenshots
        // refreshes the ones the docs show
        Path shots = Path.of(System.getProperty("report.screenshots", "target/report-screenshots"));
        Files.createDirectories(shots);
        for (String[] s : sections()) {
            String source = s[0].equals("safety") || s[0].equals("selection") ? safetyHtml : html;
            String only = source.replace(
                    "</style>",
                    "header,footer{display:none}main>section:not(#" + s[0]
                            + "){display:none}h2{margin-top:.5em}</style>");
            Path one = dir.resolve("section-" + s[0] + ".html");
            Files.writeString(one, only);
            Path png = dir.resolve("report-" + s[0] + ".png");
            r = run(chrome(
                    chrome,
                    "--window-size=900,3000",
                    "--screenshot=" + png,
                    one.toUri().toString()));
            assertEquals(0, r.code(), r.err());
            BufferedImage img = ImageIO.read(png.toFile());
            BufferedImage cropped = crop(img);
            assertTrue(cropped.getHeight() > 60, s[0] + ": the section shows something");
            ImageIO.write(
                    cropped, "png", shots.resolve("report-" + s[0] + ".png").toFile());
        }
    }

    /** Opens {@code source} with a probe: no chart or table wider than A4, and no axe-core violation. */
    private void probe(Path chrome, String source, String axe) throws Exception {
        String probe = source.replace(ReportHtml.CSP, ReportHtml.CSP + "; script-src 'unsafe-inline'")
                .replace(
                        "</body>",
                        (axe == null ? "" : "<script>" + axe + "</script>") + "<script>"
                                + PROBE.replace("RUN_AXE", String.valueOf(axe != null))
                                + "</script></body>");
        Path probed = dir.resolve("probe.html");
        Files.writeString(probed, probe);
        Result r = run(chrome(
                chrome,
                "--window-size=" + A4_WIDTH + ",1100",
                "--virtual-time-budget=20000",
                "--dump-dom",
                probed.toUri().toString()));
        assertEquals(0, r.code(), r.err());
        JsonNode wide = attribute(r.out(), "data-wide");
        assertEquals(0, wide.size(), "charts or tables wider than the page: " + wide);
        if (axe == null) {
            System.out.println("ReportBrowserTest: npm not reachable, axe-core check skipped");
        } else {
            JsonNode violations = attribute(r.out(), "data-axe");
            assertEquals(0, violations.size(), "axe-core: " + violations.toPrettyString());
        }
    }

    static List<String[]> sections() {
        List<String[]> out = new ArrayList<>();
        for (String id : org.tracejudge.report.StudyReport.SECTIONS) {
            out.add(new String[] {id});
        }
        return out;
    }

    /** The image down to its last row that is not all white, plus a margin. */
    static BufferedImage crop(BufferedImage img) {
        int last = 0;
        for (int y = img.getHeight() - 1; y >= 0 && last == 0; y--) {
            for (int x = 0; x < img.getWidth(); x++) {
                if ((img.getRGB(x, y) & 0xFFFFFF) != 0xFFFFFF) {
                    last = y;
                    break;
                }
            }
        }
        return img.getSubimage(0, 0, img.getWidth(), Math.min(img.getHeight(), last + 16));
    }

    static JsonNode attribute(String dom, String name) {
        Matcher m = Pattern.compile(name + "=\"([^\"]*)\"").matcher(dom);
        assertTrue(
                m.find(), name + " missing: the probe did not run\n" + dom.substring(0, Math.min(500, dom.length())));
        return Json.read(m.group(1)
                .replace("&quot;", "\"")
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&amp;", "&"));
    }

    private static final String PROBE = """
            window.addEventListener('load', function () {
              var w = document.documentElement.clientWidth, wide = [];
              document.querySelectorAll('svg.chart, table').forEach(function (e) {
                var r = e.getBoundingClientRect();
                if (r.right > w + 0.5 || r.left < -0.5) wide.push(e.tagName + ' ' + (e.caption ? e.caption.textContent : '') + ' ' + Math.round(r.right) + ' > ' + w);
              });
              if (document.documentElement.scrollWidth > w) wide.push('page ' + document.documentElement.scrollWidth);
              document.body.setAttribute('data-wide', JSON.stringify(wide));
              if (RUN_AXE) {
                axe.run(document, {resultTypes: ['violations']}).then(function (r) {
                  document.body.setAttribute('data-axe', JSON.stringify(r.violations.map(function (v) {
                    return {id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map(function (n) { return n.target; })};
                  })));
                });
              }
            });
            """;

    /** axe-core's script: -Daxe.js=FILE, or npm install axe-core into target/axe once; null without npm. */
    static String axe() throws IOException, InterruptedException {
        String given = System.getProperty("axe.js");
        if (given != null) {
            return Files.readString(Path.of(given));
        }
        Path target = Path.of("target", "axe");
        Path js = target.resolve("node_modules/axe-core/axe.min.js");
        if (!Files.exists(js)) {
            Files.createDirectories(target);
            try {
                Result r = run(List.of(
                        "npm", "install", "--prefix", target.toString(), "--no-audit", "--no-fund", "axe-core"));
                if (r.code() != 0) {
                    return null;
                }
            } catch (IOException e) {
                return null; // no npm
            }
        }
        return Files.exists(js) ? Files.readString(js) : null;
    }
}
