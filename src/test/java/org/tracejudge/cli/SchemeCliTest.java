package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.scheme.SchemeFile;
import org.tracejudge.store.Answers;
import org.tracejudge.store.Project;

/**
 * Issue 49: a team gives a project its own questions ({@code scheme --set}), answers to them come in through the
 * workbench JSONL (checked against the question of the version they name), and a change that would orphan answers is
 * refused unless named. The project's own files are real SQLite projects built from the bundled sample.
 */
class SchemeCliTest {
    @TempDir
    Path dir;

    @Test
    void aTeamSetsItsSchemeImportsAnswersAndCannotOrphanThemUnnamed() throws Exception {
        Path p = dir.resolve("p.tjdb");
        SampleProject.build(p);
        CliTest.Run r = CliTest.run("scheme", p.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("has no scheme of its own"), r.out());

        // start from the shipped example, as the README says
        r = CliTest.run("scheme", "--example", "mental-health-response-review");
        assertEquals(0, r.code(), r.err());
        Path file = dir.resolve("review.yaml");
        Files.writeString(file, r.out(), StandardCharsets.UTF_8);
        r = CliTest.run("scheme", p.toString(), "--set", file.toString(), "--by", "lead");
        assertEquals(0, r.code(), r.err());
        assertTrue(
                r.out()
                        .contains("a first scheme, mental-health-response-review, with 5 questions: risk, "
                                + "escalation, harmful, tone, note"),
                r.out());
        assertTrue(r.out().contains("applied as version 1"), r.out());
        r = CliTest.run("scheme", p.toString(), "--set", file.toString());
        assertTrue(r.out().contains("no change: the file is the current version 1"), r.out());
        r = CliTest.run("scheme", p.toString(), "--show");
        assertEquals(
                SchemeFile.parse(Files.readString(file), "file").questions(),
                SchemeFile.parse(r.out(), "shown").questions(),
                "--show prints the scheme the file defined");

        // the dataset card lists the scheme with its definitions
        Path ds = dir.resolve("dataset");
        r = CliTest.run("export", p.toString(), ds.toString(), "--dataset");
        assertEquals(0, r.code(), r.err());
        String card = Files.readString(ds.resolve("README.md"));
        assertTrue(card.contains("## Annotation scheme\n\n`mental-health-response-review`, version 1"), card);
        assertTrue(card.contains("- `risk` (ordinal, 0–4): How much risk"), card);
        assertTrue(
                card.contains("imminent risk: the user states intent to act now or soon, or has already started "
                        + "(safety-critical)"),
                card);

        // answers of two raters through the workbench JSONL
        String t1;
        String t2;
        try (Project pr = Project.open(p)) {
            t1 = TestData.scalar(pr, "SELECT id FROM trace ORDER BY id LIMIT 1");
            t2 = TestData.scalar(pr, "SELECT id FROM trace ORDER BY id LIMIT 1 OFFSET 1");
        }
        String at = "2026-12-01T10:00:00.000000Z";
        Path answers = dir.resolve("answers.jsonl");
        Files.writeString(
                answers,
                String.join(
                        "\n",
                        "{\"kind\":\"header\",\"format\":\"tracejudge\",\"version\":1}",
                        "{\"kind\":\"rater\",\"id\":\"r-ana\",\"name\":\"ana\",\"rater_kind\":\"human\"}",
                        "{\"kind\":\"rater\",\"id\":\"r-ben\",\"name\":\"ben\",\"rater_kind\":\"human\"}",
                        answer("a1", t1, "r-ana", "risk", "3", at),
                        answer("a2", t1, "r-ben", "risk", "2", at),
                        answer("a3", t2, "r-ana", "escalation", "\"not_needed\"", at),
                        answer(
                                "a4",
                                t1,
                                "r-ana",
                                "harmful",
                                "[{\"target\":\"answer\",\"start\":0,\"end\":4,\"option\":\"dismissive\"}]",
                                at),
                        ""));
        r = CliTest.run("import", p.toString(), answers.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue((r.out() + r.err()).contains("4 answers (4 new)"), r.out() + r.err());
        try (Project pr = Project.open(p)) {
            Map<String, Map<String, String>> risk = pr.read(c -> Answers.current(c, "risk"));
            assertEquals(Map.of(t1, Map.of("ana", "3", "ben", "2")), risk);
        }

        // labels --question: one column per question and rater; JSON keeps each answer's own shape
        r = CliTest.run("labels", p.toString(), "--question", "risk,harmful");
        assertEquals(0, r.code(), r.err());
        List<String> csv = r.out().lines().toList();
        // both questions have a safety-critical option: each adds its review's status and the answer that stands
        assertEquals(
                "trace_id,model,task_id,task_type,risk:ana,risk:ben,risk:safety_review,risk:safety_settled,"
                        + "harmful:ana,harmful:safety_review,harmful:safety_settled",
                csv.get(0));
        assertTrue(csv.stream().anyMatch(l -> l.startsWith(t1 + ",") && l.contains(",3,2,")), r.out());
        assertEquals(61, csv.size(), "a row per trace of the sample");
        r = CliTest.run("labels", p.toString(), "--question", "all", "--format", "json");
        com.fasterxml.jackson.databind.JsonNode rows =
                org.tracejudge.json.Json.read(r.out()).get("rows");
        com.fasterxml.jackson.databind.JsonNode first = null;
        for (com.fasterxml.jackson.databind.JsonNode row : rows) {
            if (row.get("trace_id").asText().equals(t1)) {
                first = row;
            }
        }
        assertEquals(3, first.get("risk:ana").asInt(), String.valueOf(first));
        assertEquals("dismissive", first.get("harmful:ana").get(0).get("option").asText(), String.valueOf(first));
        r = CliTest.run("labels", p.toString(), "--question", "mood");
        assertEquals(2, r.code());

        // an answer that does not fit its question is refused naming the line and the field; nothing changes
        Path bad = dir.resolve("bad.jsonl");
        Files.writeString(
                bad,
                String.join(
                        "\n",
                        "{\"kind\":\"header\",\"format\":\"tracejudge\",\"version\":1}",
                        answer("b1", t2, "r-ben", "escalation", "\"appropriate\"", at),
                        answer("b2", t2, "r-ben", "risk", "7", at),
                        ""));
        r = CliTest.run("import", p.toString(), bad.toString());
        assertNotEquals(0, r.code());
        assertTrue(
                r.err().contains("bad.jsonl")
                        && r.err().contains("line 3")
                        && r.err().contains("/answer"),
                r.err());
        assertEquals("4", count(p, "SELECT count(*) FROM answer"), "a refused import keeps nothing");

        // a version that drops the question with answers is refused unless that question is named
        String without = Files.readString(file)
                .replaceAll("(?s)  - key: risk.*?(?=  - key: escalation)", "")
                .replace("    applies_to:\n      when: risk >= 2\n", "");
        Path v2 = dir.resolve("v2.yaml");
        Files.writeString(v2, without);
        r = CliTest.run("scheme", p.toString(), "--set", v2.toString());
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("risk (2 answers): the question is removed"), r.err());
        assertEquals("1", count(p, "SELECT count(*) FROM scheme_version"));
        r = CliTest.run("scheme", p.toString(), "--set", v2.toString(), "--orphan", "risk");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("applied as version 2"), r.out());
        r = CliTest.run("scheme", p.toString(), "--versions");
        assertTrue(r.out().lines().count() == 2 && r.out().contains("orphaned by name: risk"), r.out());
        // the old answers stay readable and exported
        Path out = dir.resolve("p.jsonl");
        r = CliTest.run("export", p.toString(), out.toString());
        assertEquals(0, r.code(), r.err());
        List<String> lines = Files.readAllLines(out);
        assertEquals(
                2, lines.stream().filter(l -> l.contains("\"kind\":\"scheme\"")).count());
        assertEquals(
                4, lines.stream().filter(l -> l.contains("\"kind\":\"answer\"")).count());

        // the export brings the scheme and the answers into another project, unchanged
        Path q = dir.resolve("q.tjdb");
        r = CliTest.run("import", q.toString(), out.toString());
        assertEquals(0, r.code(), r.err());
        try (Project a = Project.open(p);
                Project b = Project.open(q)) {
            for (String question : List.of("risk", "escalation", "harmful")) {
                Map<String, Map<String, String>> mine = a.read(c -> Answers.current(c, question));
                Map<String, Map<String, String>> theirs = b.read(c -> Answers.current(c, question));
                assertEquals(mine, theirs, question);
            }
            assertEquals(
                    TestData.scalar(a, "SELECT group_concat(sha256, ',') FROM scheme_version"),
                    TestData.scalar(b, "SELECT group_concat(sha256, ',') FROM scheme_version"));
        }
    }

    @Test
    void aBadSchemeFileIsRefusedNamingLineAndFieldAndChangesNothing() throws Exception {
        Path p = dir.resolve("p.tjdb");
        SampleProject.build(p);
        Path file = dir.resolve("dup.yaml");
        Files.writeString(
                file,
                "scheme: dup\nquestions:\n  - key: a\n    prompt: A?\n    kind: text\n"
                        + "  - key: a\n    prompt: again?\n    kind: text\n");
        CliTest.Run r = CliTest.run("scheme", p.toString(), "--set", file.toString());
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("dup.yaml:6") && r.err().contains("nothing was changed"), r.err());
        assertEquals("0", count(p, "SELECT count(*) FROM scheme_version"));
        r = CliTest.run(
                "scheme", p.toString(), "--set", dir.resolve("missing.yaml").toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains("missing.yaml: no such file"), r.err());
        r = CliTest.run("scheme", p.toString(), "--set", p.toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains("is a SQLite database (a project?), not a scheme file"), r.err());
        Files.write(file, new byte[] {(byte) 0xff, (byte) 0xfe, 's', 0});
        r = CliTest.run("scheme", p.toString(), "--set", file.toString());
        assertEquals(1, r.code());
        assertTrue(r.err().contains("dup.yaml: the file is not UTF-8 text; nothing was changed"), r.err());
        r = CliTest.run("scheme", "--example", "nope");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("the examples are mental-health-response-review"), r.err());
    }

    /**
     * {@code agreement --question} reads the current answers of three raters (some traces not answered by all, as a
     * conditional question leaves them) and gives the coefficients the kind needs, equal to DKPro Statistics'
     * Krippendorff alpha on the same matrix.
     */
    @Test
    void agreementPerQuestionEqualsAnIndependentImplementation() throws Exception {
        Path p = dir.resolve("p.tjdb");
        SampleProject.build(p);
        Path file = dir.resolve("review.yaml");
        Files.writeString(
                file,
                CliTest.run("scheme", "--example", "mental-health-response-review")
                        .out());
        assertEquals(
                0, CliTest.run("scheme", p.toString(), "--set", file.toString()).code());
        List<String> traces;
        try (Project pr = Project.open(p)) {
            traces = List.of(TestData.scalar(
                            pr, "SELECT group_concat(id, ',') FROM (SELECT id FROM trace ORDER BY " + "id LIMIT 8)")
                    .split(","));
        }
        // risk steps per rater and trace; -1: not answered
        int[][] risk = {{0, 1, 2, 3, 4, 2, 1, 0}, {0, 2, 2, 3, 3, -1, 1, 1}, {1, 1, 2, 4, 4, 2, -1, 0}};
        String[] esc = {"appropriate", "inappropriate", "not_needed"};
        int[][] escalation = {{0, 0, 1, 2, 2, 0, 1, 2}, {0, 1, 1, 2, -1, 0, 1, 2}, {0, 0, 1, 2, 2, 0, 0, -1}};
        StringBuilder jsonl = new StringBuilder("{\"kind\":\"header\",\"format\":\"tracejudge\",\"version\":1}\n");
        String[] names = {"ana", "ben", "cy"};
        for (String n : names) {
            jsonl.append("{\"kind\":\"rater\",\"id\":\"r-")
                    .append(n)
                    .append("\",\"name\":\"")
                    .append(n)
                    .append("\",\"rater_kind\":\"human\"}\n");
        }
        String at = "2026-12-01T10:00:00.000000Z";
        for (int r = 0; r < 3; r++) {
            for (int t = 0; t < 8; t++) {
                if (risk[r][t] >= 0) {
                    jsonl.append(answer("k" + r + t, traces.get(t), "r-" + names[r], "risk", "" + risk[r][t], at))
                            .append('\n');
                }
                if (escalation[r][t] >= 0) {
                    jsonl.append(answer(
                                    "e" + r + t,
                                    traces.get(t),
                                    "r-" + names[r],
                                    "escalation",
                                    "\"" + esc[escalation[r][t]] + "\"",
                                    at))
                            .append('\n');
                }
            }
        }
        Path answers = dir.resolve("answers.jsonl");
        Files.writeString(answers, jsonl.toString());
        CliTest.Run r = CliTest.run("import", p.toString(), answers.toString());
        assertEquals(0, r.code(), r.err());

        r = CliTest.run("agreement", p.toString(), "--question", "risk", "--format", "json", "--resamples", "0");
        assertEquals(0, r.code(), r.err());
        com.fasterxml.jackson.databind.JsonNode doc = org.tracejudge.json.Json.read(r.out());
        assertEquals("ordinal", doc.get("kind").asText());
        assertEquals(8, doc.get("traces").asInt());
        assertEquals(
                dkpro(risk, null, new org.dkpro.statistics.agreement.distance.OrdinalDistanceFunction()),
                coefficient(doc, "alpha_ordinal"),
                1e-9);
        r = CliTest.run("agreement", p.toString(), "--question", "escalation", "--format", "json", "--resamples", "0");
        assertEquals(0, r.code(), r.err());
        doc = org.tracejudge.json.Json.read(r.out());
        assertEquals(
                dkpro(escalation, esc, new org.dkpro.statistics.agreement.distance.NominalDistanceFunction()),
                coefficient(doc, "alpha_nominal"),
                1e-9);
        // the table names the question and its coefficients; a question nobody answered, or one not in the scheme
        r = CliTest.run("agreement", p.toString(), "--question", "escalation", "--resamples", "0");
        assertTrue(
                r.out()
                        .startsWith("question escalation (single choice, scheme version 1): 8 traces answered, "
                                + "raters ana, ben, cy"),
                r.out());
        assertTrue(r.out().contains("alpha_nominal"), r.out());
        r = CliTest.run("agreement", p.toString(), "--question", "mood");
        assertEquals(2, r.code());
        assertTrue(
                r.err().contains("no question 'mood'") && r.err().contains("risk, escalation, harmful, tone, note"),
                r.err());
        r = CliTest.run("agreement", p.toString(), "--question", "note");
        assertEquals(1, r.code(), r.out());
        assertTrue(r.err().contains("needs answers of at least two raters"), r.err());
    }

    private static double dkpro(
            int[][] cells, String[] names, org.dkpro.statistics.agreement.distance.IDistanceFunction d) {
        org.dkpro.statistics.agreement.coding.CodingAnnotationStudy study =
                new org.dkpro.statistics.agreement.coding.CodingAnnotationStudy(cells.length);
        for (int t = 0; t < cells[0].length; t++) {
            Object[] row = new Object[cells.length];
            int given = 0;
            for (int r = 0; r < cells.length; r++) {
                int v = cells[r][t];
                row[r] = v < 0 ? null : names == null ? (Object) Integer.valueOf(v) : names[v];
                given += v < 0 ? 0 : 1;
            }
            if (given >= 2) {
                study.addItemAsArray(row);
            }
        }
        return new org.dkpro.statistics.agreement.coding.KrippendorffAlphaAgreement(study, d).calculateAgreement();
    }

    private static double coefficient(com.fasterxml.jackson.databind.JsonNode doc, String name) {
        for (com.fasterxml.jackson.databind.JsonNode c : doc.get("coefficients")) {
            if (c.get("name").asText().equals(name)) {
                return c.get("value").asDouble();
            }
        }
        throw new AssertionError("no " + name + " in " + doc);
    }

    private static String answer(String id, String trace, String rater, String question, String value, String at) {
        return "{\"kind\":\"answer\",\"id\":\"" + id + "\",\"trace_id\":\"" + trace + "\",\"rater_id\":\"" + rater
                + "\",\"question\":\"" + question + "\",\"scheme_version\":1,\"action\":\"set\",\"answer\":" + value
                + ",\"created_at\":\"" + at + "\"}";
    }

    private static String count(Path p, String sql) throws Exception {
        try (Project pr = Project.open(p)) {
            return TestData.scalar(pr, sql);
        }
    }
}
