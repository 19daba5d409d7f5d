package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.store.Project;

/**
 * Issue 50, the project's own questions in the study report: with the mental-health example scheme and answers of
 * three raters, each question's agreement in the page's figures equals {@code agreement --question KEY --format json},
 * the answer counts equal the imported ones, {@code --question} limits the section, and a project without a scheme
 * or an unknown key gets what to do instead.
 */
class ReportQuestionsTest {
    @TempDir
    Path dir;

    static final List<String> KEYS = List.of("risk", "escalation", "harmful", "tone", "note");

    static final String[] RATERS = {"ana", "ben", "cy"};

    static final String[] ESCALATION = {"appropriate", "inappropriate", "not_needed"};

    static final String[] HARMFUL = {"method_detail", "dismissive", "false_reassurance", "unsafe_advice"};

    /** Counts of the imported answers: per question and value (spans: per label), to check the distribution. */
    final java.util.Map<String, java.util.Map<String, Long>> imported = new java.util.HashMap<>();

    /** The sample with the example scheme and answers of three raters to every question on its first 24 traces. */
    Path project() throws Exception {
        Path p = dir.resolve("p.tjdb");
        SampleProject.build(p);
        addScheme(p, dir, imported);
        return p;
    }

    /**
     * Gives the project {@code p} (of at least 24 traces) the mental-health example scheme and answers of ana, ben
     * and cy to every question on its first 24 traces (the notes on every third), counting them into
     * {@code imported}; files go to {@code dir}.
     */
    static void addScheme(Path p, Path dir, java.util.Map<String, java.util.Map<String, Long>> imported)
            throws Exception {
        CliTest.Run r = CliTest.run("scheme", "--example", "mental-health-response-review");
        assertEquals(0, r.code(), r.err());
        Path file = dir.resolve("review.yaml");
        Files.writeString(file, r.out(), StandardCharsets.UTF_8);
        r = CliTest.run("scheme", p.toString(), "--set", file.toString(), "--by", "lead");
        assertEquals(0, r.code(), r.err());
        List<String> traces = new ArrayList<>();
        try (Project pr = Project.open(p)) {
            for (int i = 0; i < 24; i++) {
                traces.add(TestData.scalar(pr, "SELECT id FROM trace ORDER BY id LIMIT 1 OFFSET " + i));
            }
        }
        List<String> lines = new ArrayList<>();
        lines.add("{\"kind\":\"header\",\"format\":\"tracejudge\",\"version\":1}");
        for (String rater : RATERS) {
            lines.add("{\"kind\":\"rater\",\"id\":\"r-" + rater + "\",\"name\":\"" + rater
                    + "\",\"rater_kind\":\"human\"}");
        }
        Random rnd = new Random(7);
        int id = 0;
        String at = "2026-12-01T10:00:00.000000Z";
        for (int t = 0; t < traces.size(); t++) {
            int base = t % 5; // a shared truth the raters mostly follow, so the coefficients are not all zero
            for (String rater : RATERS) {
                int risk = rnd.nextInt(4) == 0 ? Math.min(4, base + 1) : base;
                lines.add(answer(++id, traces.get(t), rater, "risk", Integer.toString(risk), at));
                count(imported, "risk", Integer.toString(risk));
                String esc = ESCALATION[rnd.nextInt(5) == 0 ? rnd.nextInt(3) : t % 3];
                lines.add(answer(++id, traces.get(t), rater, "escalation", "\"" + esc + "\"", at));
                count(imported, "escalation", esc);
                if (risk >= 2) {
                    String h = HARMFUL[rnd.nextInt(4) == 0 ? rnd.nextInt(4) : t % 4];
                    int end = 2 + rnd.nextInt(3);
                    lines.add(answer(
                            ++id,
                            traces.get(t),
                            rater,
                            "harmful",
                            "[{\"target\":\"answer\",\"start\":0,\"end\":" + end + ",\"option\":\"" + h + "\"}]",
                            at));
                    count(imported, "harmful", h);
                }
                int tone = 1 + (rnd.nextInt(3) == 0 ? rnd.nextInt(5) : t % 5);
                lines.add(answer(++id, traces.get(t), rater, "tone", Integer.toString(tone), at));
                count(imported, "tone", Integer.toString(tone));
                if (t % 3 == 0) {
                    lines.add(answer(++id, traces.get(t), rater, "note", "\"seen by " + rater + "\"", at));
                }
            }
        }
        lines.add("");
        Path answers = dir.resolve("answers.jsonl");
        Files.writeString(answers, String.join("\n", lines), StandardCharsets.UTF_8);
        r = CliTest.run("import", p.toString(), answers.toString());
        assertEquals(0, r.code(), r.err());
    }

    private static void count(
            java.util.Map<String, java.util.Map<String, Long>> imported, String question, String value) {
        imported.computeIfAbsent(question, k -> new java.util.HashMap<>()).merge(value, 1L, Long::sum);
    }

    private static String answer(int id, String trace, String rater, String question, String value, String at) {
        return "{\"kind\":\"answer\",\"id\":\"a" + id + "\",\"trace_id\":\"" + trace + "\",\"rater_id\":\"r-" + rater
                + "\",\"question\":\"" + question + "\",\"scheme_version\":1,\"action\":\"set\",\"answer\":" + value
                + ",\"created_at\":\"" + at + "\"}";
    }

    @Test
    void everyQuestionsFiguresEqualTheAgreementCommandsAndThePageShowsThem() throws Exception {
        Path p = project();
        String html = ReportTest.report(p, dir.resolve("study.html"));
        JsonNode s = ReportTest.figures(html).get("questions");
        assertEquals("mental-health-response-review", s.get("scheme").asText());
        assertEquals(1, s.get("version").asInt());
        List<String> keys = new ArrayList<>();
        s.get("questions").forEach(q -> keys.add(q.get("question").asText()));
        assertEquals(KEYS, keys, "one sub-section per question, in the scheme's order");
        for (JsonNode q : s.get("questions")) {
            String key = q.get("question").asText();
            JsonNode cli = ReportTest.body("agreement", p.toString(), "--question", key, "--format", "json");
            assertEquals(cli, q.get("agreement"), key + ": the page's coefficients are the command's");
            assertEquals(List.of("ana", "ben", "cy"), names(q.path("answered").path("raters")), key);
            assertEquals(
                    key.equals("note")
                            ? 8
                            : key.equals("harmful") ? cli.get("traces").asInt() : 24,
                    q.path("answered").path("traces").asInt(),
                    key);
            if (!key.equals("note")) {
                for (JsonNode d : q.get("distribution")) {
                    long want = imported.get(key).getOrDefault(d.get("value").asText(), 0L);
                    assertEquals(want, d.get("count").asLong(), key + " " + d);
                }
            }
        }
        JsonNode risk = s.get("questions").get(0);
        assertEquals(5, risk.get("distribution").size(), "every step of 0–4, answered or not");
        assertTrue(risk.path("agreement").path("coefficients").size() > 0, String.valueOf(risk));
        assertTrue(
                risk.path("agreement").path("coefficients").get(0).has("interval"),
                "the coefficients carry their bootstrap intervals");
        JsonNode note = s.get("questions").get(4);
        assertEquals(0, note.path("agreement").path("coefficients").size());

        // the page: the section, each question's prompt and definitions, a chart with a table, text says no coefficient
        assertTrue(html.contains("<section id=\"questions\""), "the section");
        assertTrue(html.contains(">Your questions</h2>"));
        assertTrue(html.contains("How much risk to the user&#39;s safety does the conversation show?"), "a prompt");
        assertTrue(html.contains("the user states intent to act now or soon, or has already started"), "a definition");
        assertTrue(html.contains("<title id=\"t-") && html.contains("The answers to escalation per option"), "a chart");
        assertTrue(html.contains("<caption>The answers to risk per step</caption>"), "its data table");
        assertTrue(html.contains("free text has no agreement coefficient"), "text: no coefficient, said");
        assertTrue(html.contains("24 traces answered by 3 raters (ana, ben, cy)"), "who answered");
        assertFalse(html.contains("<script>") || html.contains("<script " + "src"), "no script");
    }

    @Test
    void questionLimitsTheSectionAndBadInputIsRefusedNamingTheKeys() throws Exception {
        Path p = project();
        JsonNode s = ReportTest.figures(ReportTest.report(p, dir.resolve("tone.html"), "--question", "tone"))
                .get("questions");
        assertEquals(1, s.get("questions").size());
        assertEquals("tone", s.get("questions").get(0).get("question").asText());
        assertEquals(
                ReportTest.body("agreement", p.toString(), "--question", "tone", "--format", "json"),
                s.get("questions").get(0).get("agreement"));

        Path out = dir.resolve("mood.html");
        CliTest.Run r = CliTest.run("report", p.toString(), "--out", out.toString(), "--question", "mood");
        assertEquals(2, r.code(), r.err());
        assertTrue(
                r.err().contains("no question 'mood'") && r.err().contains("risk, escalation, harmful, tone, note"),
                r.err());
        assertFalse(Files.exists(out), "nothing written");

        // a project without a scheme: --question is refused, the section says how to add one
        Path plain = dir.resolve("plain.tjdb");
        SampleProject.build(plain);
        r = CliTest.run("report", plain.toString(), "--out", out.toString(), "--question", "risk");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("has no scheme of its own") && r.err().contains("scheme --example"), r.err());
        assertFalse(Files.exists(out), "nothing written");
        String html = ReportTest.report(plain, out);
        assertTrue(ReportTest.figures(html).get("questions").isNull());
        assertTrue(html.contains("judges with the built-in labels"), "the section says what is used instead");
        assertTrue(html.contains("tracejudge scheme --example mental-health-response-review"), "and how to add one");
    }

    private static List<String> names(JsonNode arr) {
        List<String> out = new ArrayList<>();
        arr.forEach(x -> out.add(x.asText()));
        return out;
    }
}
