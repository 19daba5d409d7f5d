package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.json.Json;
import org.tracejudge.store.Adjudications;
import org.tracejudge.store.Project;

/**
 * sample + calibration --corrected on the bundled sample (issue 35, corrected rates): a sample is drawn, stored with
 * its inclusion probabilities and never redrawn; people decide its traces; the judge-only rates are the metrics'
 * ensemble rates, the gold-only rates are the decided sample's shares, gold outside the sample is not used, and
 * without a sample the command refuses with what to do.
 */
class CorrectedRatesCliTest {
    @TempDir
    Path dir;

    private Path project() {
        return CliTest.classifiedSample(dir);
    }

    @Test
    void aDecidedUniformSampleGivesCorrectedRatesBesideTheJudgeOnlyOnes() {
        Path p = project();
        CliTest.Run r = CliTest.run("calibration", p.toString(), "--corrected");
        assertEquals(1, r.code());
        assertTrue(r.err().contains("no calibration sample") && r.err().contains("tracejudge sample"), r.err());
        // issue 48, item 8: a sample the project can give (60 traces, not 200) and a pointer that exists
        assertTrue(r.err().contains("--design uniform --n 60)") && !r.err().contains("Show"), r.err());
        assertTrue(r.err().contains("the table's filter list ▸ Calibration sample"), r.err());
        String help = CliTest.run("sample", "--help").out().replaceAll("\\s+", " ");
        assertTrue(!help.contains("Show ▸") && help.contains("the Calibration tab (Ctrl+3) draws one"), help);
        r = CliTest.run("metrics", p.toString(), "--source", "corrected");
        assertEquals(1, r.code());
        assertTrue(r.err().contains("no calibration sample"), r.err());

        r = CliTest.run("sample", p.toString(), "--n", "30", "--seed", "3", "--format", "json");
        assertEquals(0, r.code(), r.err());
        JsonNode drawn = Json.read(r.out());
        assertEquals(30, drawn.get("traces").size());
        Set<String> ids = new HashSet<>();
        drawn.get("traces").forEach(t -> {
            ids.add(t.get("trace_id").asText());
            assertEquals(0.5, t.get("inclusion").asDouble(), 0, "30 of the 60 traces");
        });
        assertEquals(30, ids.size());
        // the workbench's filter list ▸ Calibration sample lists exactly the drawn traces
        try (Project project = Project.open(p)) {
            org.tracejudge.store.TraceTable.Filter f = org.tracejudge.store.TraceTable.Filter.NONE.withShow(
                    org.tracejudge.store.TraceTable.Show.CALIBRATION);
            java.util.List<String> shown = project.read(c -> new org.tracejudge.store.TraceTable(
                            project, org.tracejudge.store.TraceTable.layout(project, "ana"))
                    .ids(f, org.tracejudge.store.TraceTable.Sort.DEFAULT));
            assertEquals(ids, new HashSet<>(shown));
        }
        // the same draw again is listed, not redrawn; another is refused
        r = CliTest.run("sample", p.toString(), "--n", "30", "--seed", "3", "--format", "json");
        assertEquals(0, r.code(), r.err());
        assertEquals(drawn.get("traces"), Json.read(r.out()).get("traces"));
        r = CliTest.run("sample", p.toString(), "--n", "20", "--seed", "4");
        assertEquals(1, r.code());
        assertTrue(r.err().contains("never redrawn"), r.err());

        // people decide the drawn traces (as the harness says), and one trace outside the sample
        Map<String, String> gold = new HashMap<>();
        String outside;
        try (Project project = Project.open(p)) {
            for (String t : ids) {
                String v = TestData.scalar(
                        project,
                        "SELECT l.value FROM current_label l JOIN rater r ON r.id = l.rater_id "
                                + "WHERE r.name = 'harness' AND l.trace_id = '" + t + "'");
                Adjudications.decide(project, t, "ana", v, null);
                gold.put(t, v);
            }
            outside = TestData.scalar(
                    project,
                    "SELECT id FROM trace WHERE id NOT IN (SELECT trace_id FROM calibration_draw) "
                            + "ORDER BY id LIMIT 1");
            Adjudications.decide(project, outside, "ana", "correct", null);
        }
        r = CliTest.run("calibration", p.toString(), "--corrected", "--format", "json");
        assertEquals(0, r.code(), r.err());
        JsonNode c = Json.read(r.out());
        assertEquals("ensemble", c.get("judge").asText());
        assertEquals(30, c.get("sample").get("with_gold").asInt());
        assertEquals(1, c.get("gold_outside_sample_not_used").asInt());

        // which traces have an ensemble label: the rule's and both judges', from the labels export
        Map<String, String[]> csv = new HashMap<>();
        String[] lines =
                CliTest.run("labels", p.toString(), "--format", "csv").out().split("\\R");
        java.util.List<String> head = java.util.List.of(lines[0].split(","));
        for (int i = 1; i < lines.length; i++) {
            String[] f = lines[i].split(",", -1);
            // the metrics' ensemble (rule + the two judges) is pending where any of the three has no label
            boolean three = !f[head.indexOf("rule")].isEmpty()
                    && !f[head.indexOf("illustrative-dtree")].isEmpty()
                    && !f[head.indexOf("illustrative-evidence")].isEmpty();
            csv.put(f[0], new String[] {f[head.indexOf("model")], f[head.indexOf("task_type")], three ? "judged" : ""});
        }
        JsonNode metrics = Json.read(CliTest.run("metrics", p.toString(), "--source", "ensemble", "--format", "json")
                .out());
        Map<String, JsonNode> byModel = new HashMap<>();
        metrics.get("models").forEach(m -> byModel.put(m.get("model").asText(), m));
        int rows = 0;
        for (JsonNode row : c.get("rates")) {
            JsonNode m = byModel.get(row.get("model").asText());
            String rate = row.get("rate").asText();
            // judge only = the leaderboard's ensemble rate
            assertEquals(
                    m.get(rate).asDouble(), row.get("judge_only").get("value").asDouble(), 1e-12, rate);
            // gold only = the share of the model's decided sample traces of this type with the label
            int n = 0;
            int k = 0;
            for (String t : ids) {
                String[] x = csv.get(t);
                if (x[0].equals(row.get("model").asText())
                        && x[1].equals(row.get("type").asText())
                        && !x[2].isEmpty()) {
                    n++;
                    k += gold.get(t).equals(row.get("label").asText()) ? 1 : 0;
                }
            }
            assertEquals(
                    n, row.get("gold").asInt(), rate + " " + row.get("model").asText());
            if (n >= 2) {
                assertEquals((double) k / n, row.get("gold_only").get("value").asDouble(), 1e-12, rate);
                assertEquals("PPI++", row.get("ppi").get("estimator").asText());
                rows++;
            } else {
                assertTrue(row.get("gold_only").get("refused").asText().contains("at least 2 gold"), row.toString());
            }
        }
        assertTrue(rows >= 10, rows + " rows with enough gold");
        // the leaderboard of metrics --source corrected: the same PPI++ rates, ranked by corrected CTUR
        JsonNode board = Json.read(CliTest.run("metrics", p.toString(), "--source", "corrected", "--format", "json")
                .out());
        assertEquals(
                "recommended per rate (calibration --corrected)",
                board.get("estimator").asText());
        double last = Double.MAX_VALUE;
        for (JsonNode m : board.get("models")) {
            JsonNode ctur = m.get("CTUR");
            for (JsonNode row : c.get("rates")) {
                if (row.get("model").asText().equals(m.get("model").asText())
                        && row.get("rate").asText().equals("CTUR")) {
                    // the same figure calibration --corrected recommends, named alike, with its reason
                    assertEquals(
                            row.get("recommended").path("value").asDouble(-1),
                            ctur.path("corrected").asDouble(-1),
                            0,
                            m.toString());
                    assertEquals(
                            row.get("recommended").get("figure").asText(),
                            ctur.get("figure").asText());
                    assertEquals(
                            row.get("recommended").get("reason").asText(),
                            ctur.get("reason").asText());
                    assertEquals(
                            row.get("judge_only").get("value").asDouble(),
                            ctur.get("judge_only").asDouble(),
                            0);
                }
            }
            if (!ctur.get("corrected").isNull() && !ctur.get("figure").asText().equals("judge_only")) {
                assertTrue(ctur.get("corrected").asDouble() <= last, "ranked by corrected CTUR");
                last = ctur.get("corrected").asDouble();
            }
        }
        assertEquals(
                2,
                CliTest.run("metrics", p.toString(), "--source", "corrected", "--format", "markdown")
                        .code());
        // a judge the project does not have, a sample it does not have: said, with what there is
        r = CliTest.run("calibration", p.toString(), "--corrected", "--judge", "nobody");
        assertEquals(1, r.code());
        assertTrue(r.err().contains("no rater 'nobody'") && r.err().contains("illustrative-dtree"), r.err());
        r = CliTest.run("calibration", p.toString(), "--corrected", "--sample", "other");
        assertEquals(1, r.code());
        assertTrue(r.err().contains("no calibration sample 'other' (samples: calibration)"), r.err());
        // the table names each estimator and says what was not used
        r = CliTest.run("calibration", p.toString(), "--corrected");
        assertEquals(0, r.code(), r.err());
        assertTrue(
                r.out().contains("Rogan-Gladen")
                        && r.out().contains("PPI++")
                        && r.out().contains("1 gold traces outside " + "the sample are not used here"),
                r.out());
    }

    @Test
    void aStratifiedSampleTakesTheSameNumberFromEachModel() {
        Path p = project();
        CliTest.Run r = CliTest.run(
                "sample",
                p.toString(),
                "--design",
                "stratified",
                "--n",
                "9",
                "--seed",
                "1",
                "--format",
                "json",
                "--name",
                "strat");
        assertEquals(0, r.code(), r.err());
        Map<String, Integer> perModel = new HashMap<>();
        for (JsonNode t : Json.read(r.out()).get("traces")) {
            perModel.merge(t.get("model").asText(), 1, Integer::sum);
            assertEquals(3.0 / 20, t.get("inclusion").asDouble(), 1e-12, "3 of each model's 20 traces");
            assertEquals(t.get("model").asText(), t.get("stratum").asText());
        }
        assertEquals(Map.of("acme-lm-7b", 3, "kestrel-13b-instruct", 3, "nimbus-2-mini", 3), perModel);
        // bad arguments are usage errors
        assertEquals(2, CliTest.run("sample", p.toString(), "--n", "0").code());
        assertEquals(
                2,
                CliTest.run("sample", p.toString(), "--n", "5", "--design", "cluster")
                        .code());
        assertEquals(2, CliTest.run("calibration", p.toString(), "--judge", "x").code());
    }
}
