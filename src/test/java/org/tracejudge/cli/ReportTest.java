package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.json.Json;
import org.tracejudge.sample.SafetySample;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.store.Adjudications;
import org.tracejudge.store.Project;

/**
 * The study report (issue 50): every figure the page embeds equals the JSON the commands print ({@code metrics},
 * {@code metrics --compare}, {@code metrics --source corrected}, {@code agreement}, {@code calibration},
 * {@code calibration --corrected}, {@code safety}, {@code selection}) on the bundled samples, the page shows them,
 * and bad input (an empty project, no gold, the project as the output) gets what is missing or a refusal.
 */
class ReportTest {
    @TempDir
    Path dir;

    /** The figures block of a report page. */
    static JsonNode figures(String html) {
        Matcher m = Pattern.compile("<script type=\"application/json\" id=\"figures\">(.*?)</script>", Pattern.DOTALL)
                .matcher(html);
        assertTrue(m.find(), "the page embeds its figures");
        return Json.read(m.group(1).replace("<\\/", "</"));
    }

    /** A command's JSON document without its header (schema, command): the body the report embeds. */
    static JsonNode body(String... args) {
        CliTest.Run r = CliTest.run(args);
        assertEquals(0, r.code(), String.join(" ", args) + ": " + r.err());
        JsonNode doc = Json.read(r.out());
        if (doc instanceof ObjectNode o) {
            o.remove("schema");
            o.remove("command");
        }
        return doc;
    }

    static String report(Path project, Path out, String... more) throws Exception {
        List<String> args = new java.util.ArrayList<>(List.of("report", project.toString(), "--out", out.toString()));
        args.addAll(List.of(more));
        CliTest.Run r = CliTest.run(args.toArray(String[]::new));
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().contains("wrote the study report to"), r.err());
        return Files.readString(out, StandardCharsets.UTF_8);
    }

    /**
     * The bundled sample with gold: a calibration sample of 30 drawn and decided as the harness says, except one
     * trace, so calibration, the corrected rates and agreement (with an annotator) all have figures.
     */
    static Path sampleWithGold(Path dir) {
        Path p = dir.resolve("sample.tjdb");
        SampleProject.build(p);
        CliTest.Run r = CliTest.run("sample", p.toString(), "--n", "30", "--seed", "3", "--format", "json");
        assertEquals(0, r.code(), r.err());
        try (Project project = Project.open(p)) {
            int k = 0;
            for (JsonNode t : Json.read(r.out()).get("traces")) {
                String id = t.get("trace_id").asText();
                String v = org.tracejudge.TestData.scalar(
                        project,
                        "SELECT l.value FROM current_label l JOIN rater r ON r.id = l.rater_id "
                                + "WHERE r.name = 'harness' AND l.trace_id = '" + id + "'");
                Adjudications.decide(project, id, "ana", k++ == 0 && v.equals("correct") ? "tool_skip" : v, null);
            }
        }
        return p;
    }

    @Test
    void everyFigureEqualsTheCommandsJson() throws Exception {
        Path p = sampleWithGold(dir);
        String html = report(p, dir.resolve("study.html"));
        JsonNode f = figures(html);

        JsonNode metrics = body("metrics", p.toString(), "--source", "final", "--format", "json");
        assertEquals(metrics, f.path("leaderboard").get("metrics"), "metrics --source final");
        JsonNode cmps = f.path("leaderboard").get("comparisons");
        assertEquals(2, cmps.size(), "3 models: each against the next in the ranking");
        for (JsonNode c : cmps) {
            String a = c.get("models").get(0).asText();
            String b = c.get("models").get(1).asText();
            assertEquals(
                    body("metrics", p.toString(), "--source", "final", "--compare", a + "," + b, "--format", "json")
                            .get("comparison"),
                    c,
                    a + " vs " + b);
        }
        assertEquals(body("agreement", p.toString(), "--format", "json"), f.get("agreement"), "agreement");
        assertEquals(body("calibration", p.toString(), "--format", "json"), f.get("calibration"), "calibration");
        assertEquals(
                body("calibration", p.toString(), "--corrected", "--format", "json"),
                f.get("corrected"),
                "calibration --corrected");

        // the page shows them: each model's CTUR with its interval, each judge's kappa, the recommended estimators
        for (JsonNode m : metrics.get("models")) {
            String cell = String.format(
                    java.util.Locale.ROOT,
                    "%.1f%% [%.1f, %.1f]",
                    100 * m.get("CTUR").asDouble(),
                    100 * m.get("ci95").get("CTUR").get(0).asDouble(),
                    100 * m.get("ci95").get("CTUR").get(1).asDouble());
            assertTrue(html.contains(cell), m.get("model") + " CTUR " + cell);
        }
        for (JsonNode r : f.get("calibration").get("raters")) {
            if (r.hasNonNull("kappa")) {
                assertTrue(
                        html.contains(String.format(
                                java.util.Locale.ROOT,
                                "Cohen's κ %.3f",
                                r.get("kappa").asDouble())),
                        r.get("rater").asText());
            }
        }
        JsonNode fleiss = f.get("agreement").get("fleiss");
        assertTrue(html.contains(
                String.format(java.util.Locale.ROOT, "%.3f", fleiss.get("kappa").asDouble())));
        // self-contained: the policy, no script to run, nothing fetched
        assertTrue(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
                + "style-src 'unsafe-inline'; img-src data:\">"));
        assertEquals(1, html.split("<script", -1).length - 1, "one script element: the JSON data block");
        assertFalse(Pattern.compile("(src|href)=\"(https?:|//)").matcher(html).find(), "no link to another host");
        assertTrue(html.contains("quotes no text from any trace"), "the privacy note at the top");
        for (String s : List.of("glance", "leaderboard", "profile", "agreement", "calibration", "safety", "methods")) {
            assertTrue(html.contains("<section id=\"" + s + "\""), s);
        }
        String sha = java.util.HexFormat.of()
                .formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p)));
        assertTrue(html.contains(sha), "the project file's SHA-256");

        // the corrected leaderboard is metrics --source corrected's
        String corrected = report(p, dir.resolve("corrected.html"), "--source", "corrected");
        assertEquals(
                body("metrics", p.toString(), "--source", "corrected", "--format", "json"),
                figures(corrected).path("leaderboard").get("corrected"));
        // a single rater
        String harness = report(p, dir.resolve("harness.html"), "--source", "harness");
        assertEquals(
                body("metrics", p.toString(), "--source", "harness", "--format", "json"),
                figures(harness).path("leaderboard").get("metrics"));
    }

    @Test
    void theSafetyAndNltFiguresEqualTheCommands() throws Exception {
        Path p = dir.resolve("safety.tjdb");
        SafetySample.open(p).close();
        JsonNode f = figures(report(p, dir.resolve("safety.html")));
        JsonNode scenarios = f.path("safety").get("scenarios");
        assertTrue(scenarios.size() > 0, f.toString());
        for (JsonNode s : scenarios) {
            assertEquals(
                    body("safety", p.toString(), "--scenario", s.get("scenario").asText(), "--format", "json"),
                    s,
                    s.get("scenario").asText());
        }
        assertEquals(body("selection", p.toString(), "--format", "json"), f.get("selection"), "selection");
    }

    @Test
    void anEmptyProjectSaysWhatIsMissingInEverySection() throws Exception {
        Path p = dir.resolve("empty.tjdb");
        Project.open(p, Project.OpenOptions.createIfMissing("Empty")).close();
        String html = report(p, dir.resolve("empty.html"));
        assertFalse(html.contains("<svg"), "no chart without data");
        JsonNode f = figures(html);
        for (String s : List.of("leaderboard", "agreement", "calibration", "corrected", "safety", "selection")) {
            assertTrue(f.get(s).isNull(), s);
        }
        assertTrue(html.contains("The project is empty: no traces"), html);
        assertTrue(html.contains("Agreement needs at least two raters"), html);
        assertTrue(html.contains("no gold yet"), html);
        long missing =
                Pattern.compile("class=\"missing\"").matcher(html).results().count();
        assertTrue(missing >= 7, "each empty section says what is missing: " + missing);
    }

    @Test
    void noGoldSaysHowToGetItAndTheRestIsThere() throws Exception {
        Path p = dir.resolve("nogold.tjdb");
        SampleProject.build(p);
        String html = report(p, dir.resolve("nogold.html"));
        JsonNode f = figures(html);
        assertTrue(f.get("calibration").isNull() && f.get("corrected").isNull());
        assertTrue(html.contains("no gold yet") && html.contains("Decide traces"), "what to do");
        assertTrue(html.contains("no calibration sample"), "how to get corrected rates");
        assertTrue(f.path("leaderboard").has("metrics"));
    }

    @Test
    void theProjectItsSideFilesAndNonHtmlAreRefused() throws Exception {
        Path p = dir.resolve("sample.tjdb");
        SampleProject.build(p);
        byte[] before = Files.readAllBytes(p);
        CliTest.Run r = CliTest.run("report", p.toString(), "--out", p.toString());
        assertNotEquals(0, r.code());
        assertTrue(r.err().contains(p.getFileName().toString()), r.err());
        assertArrayEquals(before, Files.readAllBytes(p), "the project is untouched");
        Path link = dir.resolve("study.html");
        Files.createSymbolicLink(link, p);
        r = CliTest.run("report", p.toString(), "--out", link.toString());
        assertNotEquals(0, r.code(), "a link to the project");
        assertArrayEquals(before, Files.readAllBytes(p));
        r = CliTest.run(
                "report",
                p.toString(),
                "--out",
                dir.resolve("sample.tjdb-wal.html").toString());
        assertEquals(0, r.code(), "a name that merely starts like a side file is fine: " + r.err());
        r = CliTest.run(
                "report", p.toString(), "--out", dir.resolve("study.pdf").toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains("ending in .html"), r.err());
        r = CliTest.run(
                "report",
                dir.resolve("missing.tjdb").toString(),
                "--out",
                dir.resolve("x.html").toString());
        assertNotEquals(0, r.code());
        assertTrue(r.err().contains("missing.tjdb"), r.err());
        r = CliTest.run("report", p.toString(), "--out", dir.resolve("y.html").toString(), "--source", "nobody");
        assertEquals(0, r.code(), r.err());
        assertTrue(Files.readString(dir.resolve("y.html")).contains("nobody"), "the unknown source is named");
    }

    @Test
    void underTheBlindPolicyOnlyTheLeadMakesTheReport() throws Exception {
        Path p = dir.resolve("team.tjdb");
        SampleProject.build(p);
        try (Project project = Project.open(p)) {
            project.setMeta(org.tracejudge.team.LocalTeam.HUB, "postgresql://hub.invalid/tracejudge");
            project.setMeta(org.tracejudge.team.LocalTeam.BLIND, "true");
            project.setMeta(org.tracejudge.team.LocalTeam.PERSON, "ben");
            project.setMeta(org.tracejudge.team.LocalTeam.DUTY, "reviewer");
        }
        Path out = dir.resolve("team.html");
        CliTest.Run r = CliTest.run("report", p.toString(), "--out", out.toString());
        assertNotEquals(0, r.code());
        assertTrue(r.err().contains("blind policy") && r.err().contains("lead"), r.err());
        assertFalse(Files.exists(out), "nothing written");
        try (Project project = Project.open(p)) {
            project.setMeta(org.tracejudge.team.LocalTeam.DUTY, "lead");
        }
        assertTrue(report(p, out).contains("Leaderboard"), "the lead's report");
    }
}
