package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.json.Json;

class CliTest {
    @TempDir
    Path dir;

    record Run(int code, String out, String err) {}

    /** The bundled sample project in {@code dir}, classified by the rule (so it has an ensemble). */
    static Path classifiedSample(Path dir) {
        Path p = dir.resolve("p.tjdb");
        org.tracejudge.sample.SampleProject.build(p);
        org.junit.jupiter.api.Assertions.assertEquals(
                0, run("classify", p.toString()).code());
        return p;
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = TracejudgeCli.execute(args, new PrintWriter(out), new PrintWriter(err));
        return new Run(code, out.toString(), err.toString());
    }

    private Path importedSample() {
        Path p = dir.resolve("s.tjdb");
        List<String> args = new ArrayList<>(List.of("import", p.toString()));
        TestData.sampleFiles().forEach(f -> args.add(f.toString()));
        Run r = run(args.toArray(String[]::new));
        assertEquals(0, r.code(), r.err());
        assertTrue(
                r.out()
                        .contains(
                                "imported acme-lm-7b_20261101_120000.json (toolfailbench-results): 20 traces (20 new)"),
                r.out());
        return p;
    }

    @Test
    void selftestRunsEveryStepAndLeavesNothingBehind() throws Exception {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        long before;
        try (var s = Files.list(tmp)) {
            before = s.filter(f -> f.getFileName().toString().startsWith("tracejudge-selftest"))
                    .count();
        }
        Run r = run("selftest");
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("JavaFX   21."), r.out());
        assertEquals(4, r.out().lines().filter(l -> l.startsWith("  ok ")).count(), r.out());
        assertTrue(r.out().contains("selftest passed"), r.out());
        try (var s = Files.list(tmp)) {
            assertEquals(
                    before,
                    s.filter(f -> f.getFileName().toString().startsWith("tracejudge-selftest"))
                            .count());
        }
    }

    @Test
    void commandsThatCheckAlongsideRefuseADamagedFileShowNothingAndWriteNothing() throws Exception {
        Path p = importedSample();
        Path copy = dir.resolve("damaged-copy.tjdb");
        Files.copy(p, copy); // a copy gets the full integrity check
        try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + copy);
                var s = c.createStatement()) {
            s.execute("CREATE TABLE scratch(a, b)");
            s.execute("CREATE INDEX scratch_a ON scratch(a)");
            s.execute("INSERT INTO scratch VALUES (1, 'x'), (2, 'y')");
            s.execute("PRAGMA writable_schema = ON");
            s.execute("UPDATE sqlite_master SET sql = 'CREATE INDEX scratch_a ON scratch(b)' WHERE name = 'scratch_a'");
        }
        Run info = run("info", copy.toString());
        assertNotEquals(0, info.code());
        assertEquals("", info.out(), "nothing read from the damaged file is shown");
        assertTrue(
                info.err().contains("damaged-copy.tjdb")
                        && info.err().contains("damaged")
                        && info.err().contains("scratch_a"),
                info.err());
        for (String[] read : new String[][] {
            {"labels"}, {"labels", "--format", "json"}, {"metrics", "--source", "harness"}, {"agreement"}
        }) {
            List<String> args = new java.util.ArrayList<>(List.of(read));
            args.add(1, copy.toString());
            Run r = run(args.toArray(String[]::new));
            assertNotEquals(0, r.code(), String.join(" ", read));
            assertEquals("", r.out(), String.join(" ", read) + ": nothing read from the damaged file is shown");
            assertTrue(r.err().contains("damaged-copy.tjdb") && r.err().contains("scratch_a"), r.err());
        }
        Run classify = run("classify", copy.toString());
        assertNotEquals(0, classify.code());
        assertTrue(
                classify.err().contains("damaged-copy.tjdb") && classify.err().contains("scratch_a"), classify.err());
        try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + copy);
                var s = c.createStatement();
                var rs = s.executeQuery("SELECT count(*) FROM rater WHERE name = 'rule'")) {
            rs.next();
            assertEquals(0, rs.getInt(1), "classify's transaction was rolled back: no rule rater, no labels");
        }
        Run imp = run("import", copy.toString(), TestData.sampleFiles().get(0).toString());
        assertNotEquals(0, imp.code());
        assertTrue(imp.err().contains("damaged-copy.tjdb") && imp.err().contains("scratch_a"), imp.err());
    }

    @Test
    void importThenInfoAsJson() throws Exception {
        Path p = importedSample();
        Run r = run("info", p.toString(), "--format", "json");
        assertEquals(0, r.code(), r.err());
        JsonNode info = Json.MAPPER.readTree(r.out());
        assertEquals(20, info.get("tasks").asInt());
        assertEquals(60, info.get("traces").asInt());
        assertEquals(
                List.of("acme-lm-7b", "kestrel-13b-instruct", "nimbus-2-mini"),
                Json.MAPPER.convertValue(info.get("models"), List.class));
        JsonNode harness = info.get("raters").get(0);
        assertEquals("harness", harness.get("name").asText());
        assertEquals("imported", harness.get("kind").asText());
        assertEquals(59, harness.get("labels").asInt(), "60 traces less the one harness error");
        Run text = run("info", p.toString());
        assertTrue(text.out().contains("Traces:  60"), text.out());
        assertTrue(text.out().contains("Models:  acme-lm-7b, kestrel-13b-instruct, nimbus-2-mini\n"), text.out());
    }

    /** A project of many runs: info's text names the first models and counts the rest; its JSON lists every one. */
    @Test
    void infoOfManyModelsNamesTheFirstAndCountsTheRest(@TempDir Path dir) throws Exception {
        Path p = org.tracejudge.classify.BenchProject.build(TestData.toolFailBench(), dir, 25, 2, false);
        Run text = run("info", p.toString());
        assertEquals(0, text.code(), text.err());
        String line = text.out()
                .lines()
                .filter(l -> l.startsWith("Models:"))
                .findFirst()
                .orElseThrow();
        assertTrue(line.startsWith("Models:  25: model-00, model-01, "), line);
        assertTrue(line.endsWith(", model-11, … and 13 more (info --format json lists every one)"), line);
        JsonNode info = Json.MAPPER.readTree(
                run("info", p.toString(), "--format", "json").out());
        assertEquals(25, info.get("models").size());
    }

    @Test
    void labelsCsvHasOneRowPerTraceAndOneColumnPerRater() {
        Path p = importedSample();
        Run r = run("labels", p.toString());
        assertEquals(0, r.code(), r.err());
        String[] lines = r.out().split("\\R");
        assertEquals(
                "trace_id,model,task_id,task_type,harness,illustrative-dtree,illustrative-evidence,ensemble,final",
                lines[0]);
        assertEquals(61, lines.length);
        assertTrue(
                lines[1].matches("[0-9a-f-]+,acme-lm-7b,CTRL-[A-Z]+-\\d+,control,\\w*,\\w*,\\w*,\\w*,\\w*"), lines[1]);
        // the harness error row has an empty harness cell
        assertTrue(r.out().contains(",acme-lm-7b,OF-ENG-002,tool_required,,"), r.out());
        Run json = run("labels", p.toString(), "--format", "json");
        assertEquals(0, json.code(), json.err());
        JsonNode doc = Json.read(json.out());
        assertEquals(1, doc.get("schema").asInt());
        assertEquals("labels", doc.get("command").asText());
        assertEquals(60, doc.get("rows").size());
        // the CSV's trace ids are the JSON's
        assertEquals(doc.get("rows").get(0).get("trace_id").asText(), lines[1].substring(0, lines[1].indexOf(',')));
    }

    /**
     * Issue 48: {@code labels --format csv} had no rationale column, so a person's reasons never left the project
     * but through the JSONL export. Each person's decision comes with its rationale, and the comments and flag too.
     */
    @Test
    void labelsCsvHasEachPersonsRationaleAndTheComments() {
        Path p = importedSample();
        String trace;
        String other;
        try (org.tracejudge.store.Project project = org.tracejudge.store.Project.open(p)) {
            trace = TestData.scalar(project, "SELECT id FROM trace ORDER BY model, id LIMIT 1");
            other = TestData.scalar(project, "SELECT id FROM trace ORDER BY model, id LIMIT 1 OFFSET 1");
            org.tracejudge.store.Adjudications.decide(project, trace, "ana", "correct", "quotes \"164\", the fare");
            org.tracejudge.store.Adjudications.decide(project, other, "ana", "tool_skip", null);
            org.tracejudge.store.Comments.add(
                    project, trace, "ben", org.tracejudge.store.Comments.Action.FLAG, "ask about the fare");
        }
        Run r = run("labels", p.toString(), "--format", "csv");
        assertEquals(0, r.code(), r.err());
        String[] lines = r.out().split("\\R");
        assertTrue(lines[0].endsWith(",annotator:ana,ensemble,final,rationale:ana,flagged,comments"), lines[0]);
        String row = java.util.Arrays.stream(lines)
                .filter(l -> l.startsWith(trace + ","))
                .findFirst()
                .orElseThrow();
        assertTrue(row.endsWith(",\"quotes \"\"164\"\", the fare\",yes,ben flagged: ask about the fare"), row);
        String plain = java.util.Arrays.stream(lines)
                .filter(l -> l.startsWith(other + ","))
                .findFirst()
                .orElseThrow();
        assertTrue(plain.endsWith(",tool_skip,,,"), plain);
        JsonNode doc = Json.read(run("labels", p.toString(), "--format", "json").out());
        for (JsonNode row2 : doc.get("rows")) {
            if (row2.get("trace_id").asText().equals(trace)) {
                assertEquals(
                        "quotes \"164\", the fare", row2.get("rationale:ana").asText());
                assertEquals("yes", row2.get("flagged").asText());
            }
        }
    }

    @Test
    void exportWritesTheWorkbenchJsonl() throws Exception {
        Path p = importedSample();
        Path out = dir.resolve("out.jsonl");
        Run r = run("export", p.toString(), out.toString());
        assertEquals(0, r.code(), r.err());
        List<String> lines = Files.readAllLines(out);
        JsonNode header = Json.read(lines.get(0));
        assertEquals("header", header.get("kind").asText());
        assertEquals("tracejudge", header.get("format").asText());
        assertEquals(1, header.get("version").asInt());
        assertEquals(
                60,
                lines.stream().filter(l -> l.startsWith("{\"kind\":\"trace\"")).count());
        Path copy = dir.resolve("copy.tjdb");
        Run back = run("import", copy.toString(), out.toString());
        assertEquals(0, back.code(), back.err());
        assertTrue(back.out().contains("(tracejudge)"), back.out());
    }

    @Test
    void errorsAreOneLineOnStderrWithANonZeroStatus() throws Exception {
        Run missing = run("info", dir.resolve("nope.tjdb").toString());
        assertNotEquals(0, missing.code());
        assertEquals(1, missing.err().strip().lines().count(), missing.err());
        assertTrue(
                missing.err().startsWith("tracejudge: ") && missing.err().contains("no such project file"),
                missing.err());

        Path bad = dir.resolve("bad.json");
        Files.writeString(
                bad,
                "[{\"task\": {\"task_id\": \"X\", \"target_failure_mode\": \"control\"}, \"model_id\": 7, \"agent_answer\": \"\"}]");
        Run r = run("import", dir.resolve("p.tjdb").toString(), bad.toString());
        assertEquals(1, r.code());
        assertEquals(
                "tracejudge: bad.json: line 1 at /0/task/domain: expected a string, found nothing (the field is missing)",
                r.err().strip());

        Run usage = run("import", dir.resolve("p.tjdb").toString(), bad.toString(), "--input-format", "csv");
        assertNotEquals(0, usage.code());
        assertEquals(1, usage.err().strip().lines().count(), usage.err());
        assertTrue(usage.err().contains("unknown format 'csv'"), usage.err());

        Run noArgs = run("import");
        assertEquals(2, noArgs.code());
        assertEquals(1, noArgs.err().strip().lines().count(), noArgs.err());
    }
}
