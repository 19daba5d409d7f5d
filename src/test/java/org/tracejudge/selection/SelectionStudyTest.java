package org.tracejudge.selection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.importer.Format;
import org.tracejudge.importer.Importer;
import org.tracejudge.json.Json;
import org.tracejudge.selection.SelectionStudy.Group;
import org.tracejudge.selection.SelectionStudy.Report;
import org.tracejudge.selection.SelectionStudy.ToolFigure;
import org.tracejudge.selection.SelectionStudy.Variance;
import org.tracejudge.store.Project;
import org.tracejudge.testdata.NltRunsGenerator;

/**
 * The study report on a small design whose figures are worked out by hand below (fractions in the comments), on runs
 * imported into a real project file: 2 inputs × 2 conditions × 3 replications × 2 approaches for one model.
 */
class SelectionStudyTest {
    @TempDir
    Path dir;

    static final double EPS = 1e-12;

    /** Outcomes by [approach][input 1|2][condition original|perturbed][run 1..3]: 1 = correct. */
    static final int[][][] NLT = {{{1, 1, 1}, {1, 0, 1}}, {{1, 1, 0}, {1, 1, 1}}};

    static final int[][][] STRUCTURED = {{{0, 0, 1}, {0, 1, 0}}, {{1, 1, 1}, {0, 0, 0}}};
    static final List<String> CONDITIONS = List.of("original", "perturbed");
    static final List<String> TOOLS = List.of("Opening Hours", "Safety Call");

    Path scenario() throws Exception {
        Path f = dir.resolve("harbor.json");
        Files.writeString(f, """
                {"scenario": "harbor", "tools": [
                  {"name": "Opening Hours", "description": "when the help desk is open"},
                  {"name": "Safety Call", "description": "a person may be in danger", "safety_critical": true}],
                 "inputs": [{"id": 1, "input": "when are you open?", "expected_tools": ["Opening Hours"]},
                            {"id": 2, "input": "I cannot go on", "expected_tools": ["Safety Call"]}]}
                """);
        return f;
    }

    /**
     * Rows for one model. Input 1 (expects Opening Hours) answered wrong selects Safety Call instead; input 2 (expects
     * Safety Call) answered wrong selects nothing. NLT usage: prompt 600 + run, completion 300 − run (means 602, 298);
     * structured: 1000 and 319, except input 2 / perturbed / run 3, which carries no usage.
     */
    List<ObjectNode> rows(String model, int[][][] nlt, int[][][] structured) {
        List<ObjectNode> out = new ArrayList<>();
        int style = 0;
        for (String approach : List.of("nlt", "structured")) {
            int[][][] o = approach.equals("nlt") ? nlt : structured;
            for (int in = 0; in < 2; in++) {
                for (int c = 0; c < 2; c++) {
                    for (int run = 1; run <= 3; run++) {
                        boolean right = o[in][c][run - 1] == 1;
                        Set<String> selected = in == 0
                                ? Set.of(right ? "Opening Hours" : "Safety Call")
                                : right ? Set.of("Safety Call") : Set.of();
                        ObjectNode row = Json.object();
                        row.put("id", in + 1);
                        row.put("scenario", "harbor");
                        row.put("input", in == 0 ? "when are you open?" : "I cannot go on");
                        row.putArray("expected_tools").add(in == 0 ? "Opening Hours" : "Safety Call");
                        row.put("model_id", model);
                        row.put("approach", approach);
                        row.put("condition", CONDITIONS.get(c));
                        row.put("run", run);
                        if (approach.equals("nlt")) {
                            row.put("output", NltRunsGenerator.text(TOOLS, selected, style++, null));
                            row.putObject("usage")
                                    .put("prompt_tokens", 600 + run)
                                    .put("completion_tokens", 300 - run);
                        } else {
                            var calls = row.putArray("tool_calls");
                            selected.forEach(
                                    t -> calls.addObject().put("name", t).putObject("arguments"));
                            if (!(in == 1 && c == 1 && run == 3)) {
                                row.putObject("usage")
                                        .put("prompt_tokens", 1000)
                                        .put("completion_tokens", 319);
                            }
                        }
                        out.add(row);
                    }
                }
            }
        }
        return out;
    }

    Report importAndCompute(List<ObjectNode> rows) throws Exception {
        Path runs = dir.resolve("runs.jsonl");
        StringBuilder sb = new StringBuilder();
        rows.forEach(r -> sb.append(r).append('\n'));
        Files.writeString(runs, sb.toString());
        try (Project p = Project.open(dir.resolve("study.tjdb"), Project.OpenOptions.createIfMissing(null))) {
            new Importer(p, null).importFiles(List.of(scenario(), runs), Format.AUTO, null, null);
            assertEquals(
                    String.valueOf(rows.size()),
                    TestData.scalar(p, "SELECT count(*) FROM trace"),
                    "every replication and condition is a trace of its own");
            return SelectionStudy.compute(p.read(SelectionStudy::trials));
        }
    }

    /** Wilson score interval, written out here from Wilson (1927) so the test does not call the code under test. */
    static double[] wilson(double x, double n) {
        double z = 1.959963984540054;
        double p = x / n;
        double centre = (p + z * z / (2 * n)) / (1 + z * z / n);
        double half = z / (1 + z * z / n) * Math.sqrt(p * (1 - p) / n + z * z / (4 * n * n));
        return new double[] {centre - half, centre + half};
    }

    @Test
    void accuracyVarianceTokensAndPairedTestMatchTheHandComputedValues() throws Exception {
        Report r = importAndCompute(rows("m", NLT, STRUCTURED));
        assertEquals(24, r.trials());
        assertEquals(List.of("original", "perturbed"), r.conditions());

        Group n = r.overall("m", "nlt");
        assertEquals(12, n.trials());
        assertEquals(10, n.correct());
        assertEquals(10.0 / 12, n.accuracy(), EPS);
        double[] w = wilson(10, 12);
        assertEquals(w[0], n.ciLow(), 1e-12);
        assertEquals(w[1], n.ciHigh(), 1e-12);
        // per run: run 1 = 4/4, run 2 = 3/4, run 3 = 3/4; mean 5/6; squared deviations 1/36 + 1/144 + 1/144 = 1/24; /
        // (3 − 1)
        assertEquals(1.0 / 48, n.variance(Variance.REPLICATION), EPS);
        // cells (input × condition) over runs: 111, 101, 110, 111 -> sample variances 0, 1/3, 1/3, 0; mean 1/6
        assertEquals(1.0 / 6, n.variance(Variance.WITHIN), EPS);
        // cell accuracies 1, 2/3, 2/3, 1 (mean 5/6): squared deviations 4 × 1/36 = 1/9; / (4 − 1) = 1/27
        assertEquals(1.0 / 27, n.variance(Variance.ACROSS), EPS);
        assertEquals(3, n.replications());
        assertEquals(4, n.cells());
        assertEquals(602.0, n.meanInput(), EPS);
        assertEquals(298.0, n.meanOutput(), EPS);
        assertEquals(900.0, n.meanTotal(), EPS);

        Group s = r.overall("m", "structured");
        assertEquals(5.0 / 12, s.accuracy(), EPS);
        // per run: 1/4, 2/4, 2/4 (mean 5/12): 1/36 + 1/144 + 1/144 = 1/24; / 2
        assertEquals(1.0 / 48, s.variance(Variance.REPLICATION), EPS);
        // cells 001, 010, 111, 000 -> 1/3, 1/3, 0, 0; mean 1/6
        assertEquals(1.0 / 6, s.variance(Variance.WITHIN), EPS);
        // cell accuracies 1/3, 1/3, 1, 0 (mean 5/12): (1 + 1 + 49 + 25) / 144 = 76/144; / 3 = 19/108
        assertEquals(19.0 / 108, s.variance(Variance.ACROSS), EPS);
        assertEquals(11, s.usageTrials());
        assertEquals(1319.0, s.meanTotal(), EPS);

        // by condition, NLT original: runs 2/2, 2/2, 1/2 (mean 5/6): 1/36 + 1/36 + 1/9 = 1/6; / 2 = 1/12
        Group orig = r.groups("condition").stream()
                .filter(g -> g.approach().equals("nlt") && g.key().equals("original"))
                .findFirst()
                .orElseThrow();
        assertEquals(5.0 / 6, orig.accuracy(), EPS);
        assertEquals(1.0 / 12, orig.variance(Variance.REPLICATION), EPS);
        // NLT perturbed: cells 101 and 111 -> within (1/3 + 0)/2 = 1/6
        Group pert = r.groups("condition").stream()
                .filter(g -> g.approach().equals("nlt") && g.key().equals("perturbed"))
                .findFirst()
                .orElseThrow();
        assertEquals(5.0 / 6, pert.accuracy(), EPS);
        assertEquals(1.0 / 6, pert.variance(Variance.WITHIN), EPS);
        Group scen = r.groups("scenario").stream()
                .filter(g -> g.approach().equals("nlt"))
                .findFirst()
                .orElseThrow();
        assertEquals("harbor", scen.key());
        assertEquals(10, scen.correct());

        // paired by input, condition and run: NLT right / structured wrong in 2 + 2 + 0 + 3 = 7 pairs, the reverse in 0
        // + 1 + 1 + 0 = 2.
        // exact two-sided binomial: 2 × P(X <= 2 | n = 9, 1/2) = 2 × (1 + 9 + 36) / 512 = 92/512
        SelectionStudy.Difference d = r.differences().get(0);
        assertEquals(12, d.pairs());
        assertEquals(7, d.nltOnly());
        assertEquals(2, d.structuredOnly());
        assertEquals(5.0 / 12, d.difference(), EPS);
        assertEquals("exact binomial", d.test().method());
        assertEquals(92.0 / 512, d.test().pValue(), EPS);

        // Safety Call: NLT original expected 3 (input 2), selected 2 of them, no false alarm; perturbed 3 of 3, one
        // false
        // alarm (input 1, run 2); structured original 3 of 3 with 2 false alarms; structured perturbed 0 of 3, 2 false
        // alarms
        assertTool(r, "nlt", "original", 3, 2, 1, 0);
        assertTool(r, "nlt", "perturbed", 3, 3, 0, 1);
        assertTool(r, "structured", "original", 3, 3, 0, 2);
        assertTool(r, "structured", "perturbed", 3, 0, 3, 2);
        ToolFigure sp = r.tools().stream()
                .filter(t -> t.tool().equals("Safety Call")
                        && t.approach().equals("structured")
                        && t.condition().equals("perturbed"))
                .findFirst()
                .orElseThrow();
        assertEquals(0.0, sp.recall(), EPS);
        assertEquals(0.0, sp.precision(), EPS);
        assertTrue(sp.safetyCritical());
    }

    private static void assertTool(
            Report r, String approach, String condition, int expected, int tp, int missed, int fp) {
        ToolFigure t = r.tools().stream()
                .filter(x -> x.tool().equals("Safety Call")
                        && x.approach().equals(approach)
                        && x.condition().equals(condition))
                .findFirst()
                .orElseThrow();
        assertEquals(6, t.trials());
        assertEquals(expected, t.expectedYes(), approach + "/" + condition);
        assertEquals(tp, t.truePositive(), approach + "/" + condition);
        assertEquals(missed, t.missed(), approach + "/" + condition);
        assertEquals(fp, t.falsePositive(), approach + "/" + condition);
    }

    @Test
    void theHeadlineIsTheMeanOverModelsAndTheFormatsStateTheVarianceDefinition() throws Exception {
        List<ObjectNode> rows = new ArrayList<>(rows("m", NLT, STRUCTURED));
        // model b: the approaches swapped (NLT 5/12, structured 10/12)
        rows.addAll(rows("b", STRUCTURED, NLT));
        Report r = importAndCompute(rows);
        assertEquals(2, r.headline().models());
        assertEquals((10.0 / 12 + 5.0 / 12) / 2, r.headline().nltAccuracy(), EPS);
        assertEquals(0.0, r.headline().difference(), EPS);
        // across-cells variance: model m NLT 1/27, model b NLT 19/108 -> mean (4/108 + 19/108) / 2 = 23/216
        assertEquals(23.0 / 216, r.headline().nltVariance().get(Variance.ACROSS), EPS);
        // total tokens: model m NLT 900, model b NLT 900 (usage follows the approach) -> 900; structured 1319
        assertEquals(900.0, r.headline().nltTotalTokens(), EPS);
        assertEquals(1319.0, r.headline().structuredTotalTokens(), EPS);
        // perturbed vs original: model m NLT original 5/6 (cells 111, 110), b (m's structured outcomes) 4/6 (001, 111)
        // -> 3/4; structured perturbed: m 1/6 (010, 000), b 5/6 (101, 111) -> 1/2
        SelectionStudy.ConditionMeans original = r.headline().byCondition().get(0);
        assertEquals("original", original.condition());
        assertEquals(2, original.models());
        assertEquals(0.75, original.nltAccuracy(), EPS);
        SelectionStudy.ConditionMeans perturbed = r.headline().byCondition().get(1);
        assertEquals(0.5, perturbed.structuredAccuracy(), EPS);

        String table = SelectionReportFormat.table(r, Variance.REPLICATION);
        assertTrue(table.contains(Variance.REPLICATION.definition), table);
        assertTrue(table.contains("Mean across 2 models: NLT 62.5% vs structured 62.5%"), table);
        String md = SelectionReportFormat.markdown(r, Variance.ACROSS);
        assertTrue(md.contains(Variance.ACROSS.definition) && md.contains("| variance (across) |"), md);
        var json = SelectionReportFormat.json(r, Variance.WITHIN);
        assertEquals("within", json.get("variance_shown").asText());
        assertEquals(3, json.get("variance_definitions").size());
        assertEquals(
                1.0 / 6, json.get("groups").get(0).get("variance").get("within").asDouble(), EPS);
        String csv = SelectionReportFormat.csv(r);
        assertTrue(csv.startsWith("model,approach,by,key,trials,correct,accuracy"), csv);
        assertTrue(csv.contains("\nb,nlt,all,all,12,5,"), csv);

        String svg = SelectionPlot.svg(r, Variance.ACROSS);
        assertTrue(svg.startsWith("<svg") && svg.contains("marker-end=\"url(#head)\""), svg);
        assertEquals(2, SelectionPlot.arrows(r, Variance.ACROSS).size());
        SelectionPlot.Arrow a = SelectionPlot.arrows(r, Variance.ACROSS).get(0); // "b" sorts first
        assertEquals("b", a.model());
        assertEquals(100 * 10.0 / 12, a.structuredAccuracy(), 1e-9);
        assertEquals(1.0 / 27, a.structuredVariance(), EPS);
    }

    @Test
    void oneReplicationHasNoVarianceAcrossReplications() throws Exception {
        List<ObjectNode> rows = rows("m", NLT, STRUCTURED).stream()
                .filter(o -> o.get("run").asInt() == 1)
                .toList();
        Report r = importAndCompute(rows);
        Group n = r.overall("m", "nlt");
        assertEquals(4, n.trials());
        assertNull(n.variance(Variance.REPLICATION));
        assertNull(n.variance(Variance.WITHIN));
        assertNotNull(n.variance(Variance.ACROSS));
        assertTrue(SelectionPlot.arrows(r, Variance.REPLICATION).isEmpty());
        assertEquals(List.of("m"), SelectionPlot.leftOut(r, Variance.REPLICATION));
        assertTrue(SelectionReportFormat.table(r, Variance.REPLICATION).contains("n/a"));
    }
}
