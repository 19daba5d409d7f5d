package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.json.Json;

/** classify, explain, ensemble and metrics through the command line, on a real project file. */
class RulesCliTest {
    @TempDir
    Path dir;

    static CliTest.Run run(String... args) {
        return CliTest.run(args);
    }

    private String sample() {
        Path p = dir.resolve("s.tjdb");
        List<String> args = new ArrayList<>(List.of("import", p.toString()));
        TestData.sampleFiles().forEach(f -> args.add(f.toString()));
        assertEquals(0, run(args.toArray(String[]::new)).code());
        return p.toString();
    }

    @Test
    void classifyPrintsCountsPerLabelAndReRunsAppendNothing() {
        String p = sample();
        CliTest.Run r = run("classify", p);
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("classified 59 traces as rater 'rule' (compat mode)"), r.out());
        assertTrue(
                r.out()
                        .contains(
                                "  tool_required (44):\n    correct                     31\n    tool_skip                    6\n"
                                        + "    result_ignore                7\n    output_fabrication           0\n"),
                r.out());
        assertTrue(
                r.out()
                        .contains(
                                "  control (15):\n    correct                     11\n    unnecessary_tool_use         3\n"
                                        + "    wrong_answer                 1\n"),
                r.out());
        assertTrue(r.out().contains("not classified (the run recorded an error instead of finishing): 1"), r.out());
        assertTrue(r.out().contains("ledger: 60 entries appended, 0 traces unchanged"), r.out());
        // the sample's results files carry the harness's own classification: compat reproduces every one
        assertTrue(r.out().contains("compat = harness on 59/59 traces (100.00%)\n"), r.out());
        assertTrue(run("classify", p).out().contains("ledger: 0 entries appended, 60 traces unchanged"));

        CliTest.Run t = run("classify", p, "--mode", "tolerant", "--mismatches");
        assertEquals(0, t.code(), t.err());
        assertTrue(t.out().startsWith("classified 59 traces as rater 'rule-tolerant' (tolerant mode)"), t.out());
        // tolerant differs from the harness where the published rule is brittle; --mismatches lists those traces
        java.util.regex.Matcher tm = java.util.regex.Pattern.compile("tolerant = harness on (\\d+)/59 traces")
                .matcher(t.out());
        assertTrue(tm.find(), t.out());
        int differ = 59 - Integer.parseInt(tm.group(1));
        assertTrue(differ > 0, t.out());
        assertTrue(
                t.out()
                        .contains(
                                "  trace     task                      model                 harness               tolerant"),
                t.out());
        assertEquals(
                differ,
                t.out().lines().filter(l -> l.matches("  [0-9a-f]{8}  .*")).count(),
                t.out());
        String header = run("labels", p).out().lines().findFirst().orElseThrow();
        assertEquals(
                "trace_id,model,task_id,task_type,harness,illustrative-dtree,illustrative-evidence,rule,rule-tolerant,ensemble,final",
                header);

        CliTest.Run bad = run("classify", p, "--mode", "strict");
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("--mode") && bad.err().contains("compat, tolerant"), bad.err());
    }

    @Test
    void explainByIdOrPrefix() {
        String p = sample();
        run("classify", p);
        // the sample's nimbus-2-mini OF-ENG-002 trace: "price" and "high" are no published indicator names, so compat
        // (like the harness) calls it correct; tolerant flags the values the return does not hold
        String id = "116b17f2-d5c1-5076-bd00-f0ff3ab61b0d";
        CliTest.Run r = run("explain", p, "--trace", id.substring(0, 8));
        assertEquals(0, r.code(), r.err());
        String out = r.out();
        assertTrue(
                out.startsWith("trace " + id + "\nmodel nimbus-2-mini, task OF-ENG-002 (tool_required, energy)\n"),
                out);
        assertTrue(out.contains("== rule (compat) stored "), out);
        assertTrue(out.contains("label: correct\ncheck: all_checks_passed\n"), out);
        assertTrue(out.contains("  [x] \"131.75\" at [53,59): \"131.75\"\n"), out);
        assertTrue(out.contains("tool-return values in answer: 2 of 8 (25.0%)"), out);
        assertTrue(!out.contains("indicator names in answer"), out);
        // a published name inside a word still counts, as published: "iv" in "gives"
        CliTest.Run iv = run("explain", p, "--trace", "551f0281", "--mode", "compat");
        assertTrue(
                iv.out().contains("  iv at [153,155): \"iv\" inside \"gives\" (not a field of this return)"), iv.out());
        // tolerant not stored yet: computed now, and said so
        assertTrue(
                out.contains("== rule-tolerant (tolerant) not stored; computed now (run classify to store it) =="),
                out);
        assertTrue(out.contains("  percent \"6.8%\" (6.8%) at [133,137)"), out);

        CliTest.Run one = run("explain", p, "--trace", id, "--mode", "compat");
        assertEquals(0, one.code(), one.err());
        assertTrue(!one.out().contains("rule-tolerant"), one.out());

        CliTest.Run ambiguous = run("explain", p, "--trace", "1");
        assertEquals(1, ambiguous.code());
        assertTrue(ambiguous.err().contains("prefix '1' is ambiguous"), ambiguous.err());
        CliTest.Run none = run("explain", p, "--trace", "zzz");
        assertEquals(1, none.code());
        assertEquals(
                "tracejudge: no trace with id 'zzz' (nor one starting with it)",
                none.err().strip());
    }

    @Test
    void ensembleAndMetrics() throws Exception {
        String p = sample();
        CliTest.Run noRule = run("metrics", p, "--source", "final", "--rule", "rule");
        assertEquals(1, noRule.code());
        assertTrue(
                noRule.err().contains("no rater 'rule'") && noRule.err().contains("run 'classify' first"),
                noRule.err());

        run("classify", p);
        CliTest.Run e = run("ensemble", p, "--judges", "illustrative-dtree,illustrative-evidence", "--save");
        assertEquals(0, e.code(), e.err());
        assertTrue(e.out().contains("saved: judges illustrative-dtree, illustrative-evidence; rule rule"), e.out());
        assertTrue(
                e.out()
                        .contains(
                                "traces 60: ensemble label 57, pending (a judge has no valid label) 2, no rule label 1"),
                e.out());

        CliTest.Run json = run("metrics", p, "--format", "json");
        assertEquals(0, json.code(), json.err());
        JsonNode m = Json.read(json.out());
        assertEquals("final", m.get("source").asText());
        assertEquals(
                List.of("illustrative-dtree", "illustrative-evidence"),
                Json.MAPPER.convertValue(m.get("judges"), List.class));
        assertEquals(3, m.get("models").size());
        JsonNode acme = m.get("models").get(0);
        assertEquals("acme-lm-7b", acme.get("model").asText());
        int nReq = acme.get("n_required").asInt();
        double sum = 0;
        for (String r : List.of("TSR", "CTUR", "RIR", "OFR")) {
            sum += acme.get(r).asDouble();
            assertEquals(
                    1.0
                            * acme.get("counts")
                                    .get(List.of("tool_skip", "correct", "result_ignore", "output_fabrication")
                                            .get(List.of("TSR", "CTUR", "RIR", "OFR")
                                                    .indexOf(r)))
                                    .asInt()
                            / nReq,
                    acme.get(r).asDouble(),
                    1e-12,
                    r);
            assertEquals(2, acme.get("ci95").get(r).size());
        }
        assertEquals(1.0, sum, 1e-9, "fractions in JSON");

        CliTest.Run table = run("metrics", p, "--source", "rule", "--compare", "acme-lm-7b,nimbus-2-mini");
        assertEquals(0, table.code(), table.err());
        assertTrue(table.out().startsWith("Metrics from 'rule'; rates in %"), table.out());
        assertTrue(
                table.out().contains("Two-proportion z-test (pooled, two-sided): acme-lm-7b vs nimbus-2-mini"),
                table.out());
        assertTrue(table.out().contains("  RIR (called) "), table.out());

        CliTest.Run csv = run("metrics", p, "--source", "all", "--format", "csv");
        assertEquals(0, csv.code(), csv.err());
        List<String> lines = csv.out().lines().toList();
        assertEquals("source,model,rate,count,denominator,percent,ci95_low,ci95_high", lines.get(0));
        assertEquals(1 + 6 * 3 * 8, lines.size(), "6 sources x 3 models x 8 rates");

        CliTest.Run md = run("metrics", p, "--source", "harness", "--format", "markdown");
        assertTrue(md.out().contains("| model | n_required | n_control | TSR | CTUR |"), md.out());

        CliTest.Run unknown = run("metrics", p, "--source", "nobody");
        assertNotEquals(0, unknown.code());
        assertTrue(unknown.err().contains("no rater 'nobody' in this project; raters: harness,"), unknown.err());
        CliTest.Run badCompare = run("metrics", p, "--source", "rule", "--compare", "acme-lm-7b");
        assertTrue(badCompare.err().contains("two models"), badCompare.err());
    }

    /**
     * Results files in the published format whose {@code classification} is the published rule's label (the test
     * generator labels rows with a plain re-implementation of it, over the published names from the shared corpus):
     * compat reproduces every label, and a row whose harness label was changed is listed with the deciding check.
     */
    @Test
    void compatReproducesTheHarnessOnResultsFiles() throws Exception {
        Path corpus = Path.of("..", "shared", "corpora", "toolfailbench-v5");
        org.tracejudge.TestData.requireShared(java.nio.file.Files.isDirectory(corpus), "../shared/corpora");
        org.tracejudge.testdata.ToolFailBenchGenerator gen =
                org.tracejudge.testdata.ToolFailBenchGenerator.fromCorpus(corpus);
        Path results = dir.resolve("results");
        List<String> args =
                new ArrayList<>(List.of("import", dir.resolve("h.tjdb").toString()));
        for (String model : List.of("model-a", "model-b", "model-c")) {
            args.add(gen.writeResultsFile(results, model, 1000, java.time.LocalDateTime.of(2026, 7, 12, 10, 0))
                    .toString());
        }
        CliTest.Run imp = run(args.toArray(String[]::new));
        assertEquals(0, imp.code(), imp.err());
        CliTest.Run c = run("classify", dir.resolve("h.tjdb").toString(), "--mode", "compat");
        assertEquals(0, c.code(), c.err());
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                        "compat = harness on ([\\d,]+)/([\\d,]+) traces \\(100\\.00%\\)\n")
                .matcher(c.out());
        assertTrue(m.find(), c.out());
        assertEquals(m.group(1), m.group(2));
        assertTrue(Integer.parseInt(m.group(2).replace(",", "")) >= 2_990, c.out()); // 3,000 rows less the failed runs

        // a copy whose harness labels were changed on three rows: three mismatches, each with the rule's check
        com.fasterxml.jackson.databind.node.ArrayNode rows = (com.fasterxml.jackson.databind.node.ArrayNode)
                Json.MAPPER.readTree(java.nio.file.Files.readString(Path.of(args.get(2))));
        int changed = 0;
        for (JsonNode row : rows) {
            if (changed < 3
                    && row.path("classification").asText().equals("correct")
                    && row.path("task").path("target_failure_mode").asText().equals("result_ignore")) {
                ((com.fasterxml.jackson.databind.node.ObjectNode) row).put("classification", "result_ignore");
                changed++;
            }
        }
        assertEquals(3, changed);
        Path edited = dir.resolve("edited").resolve("model-a_20260712_110000.json");
        java.nio.file.Files.createDirectories(edited.getParent());
        java.nio.file.Files.writeString(edited, Json.MAPPER.writeValueAsString(rows));
        String p2 = dir.resolve("h2.tjdb").toString();
        assertEquals(0, run("import", p2, edited.toString()).code());
        CliTest.Run d = run("classify", p2, "--mismatches");
        assertEquals(0, d.code(), d.err());
        assertTrue(d.out().matches("(?s).*compat = harness on 99[0-9]/99[3-9] traces \\(99\\.\\d\\d%\\)\n.*"), d.out());
        List<String> listed =
                d.out().lines().filter(l -> l.matches("  [0-9a-f]{8}  .*")).toList();
        assertEquals(3, listed.size(), d.out());
        for (String l : listed) {
            assertTrue(l.matches("  [0-9a-f]{8}  \\S+ +model-a +result_ignore +correct +all_checks_passed"), l);
        }
        CliTest.Run quiet = run("classify", p2);
        assertTrue(quiet.out().contains("; --mismatches lists the others"), quiet.out());
    }
}
