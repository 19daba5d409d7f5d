package org.tracejudge.metrics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tracejudge.ensemble.LabelSources;
import org.tracejudge.model.TaskType;

/** Every metric against values computed by hand from a small label table, empty denominators included. */
class MetricsCalculatorTest {
    static final TaskType R = TaskType.TOOL_REQUIRED;
    static final TaskType C = TaskType.CONTROL;

    /**
     * Model "alpha": tool-required correct x3, tool_skip x1, output_fabrication x1 (n = 5, called n = 4), one
     * tool-required trace without a label and one with a control-only label (ignored); control correct x1,
     * unnecessary_tool_use x1 (n = 2). Model "beta": two skips, nothing else (called n = 0, no control).
     * Model "gamma": traces but no labels at all.
     */
    static LabelSources table() {
        Object[][] rows = {
            {"alpha", R, "correct"},
            {"alpha", R, "correct"},
            {"alpha", R, "correct"},
            {"alpha", R, "tool_skip"},
            {"alpha", R, "output_fabrication"},
            {"alpha", R, null},
            {"alpha", R, "wrong_answer"},
            {"alpha", C, "correct"},
            {"alpha", C, "unnecessary_tool_use"},
            {"beta", R, "tool_skip"},
            {"beta", R, "tool_skip"},
            {"gamma", R, null},
            {"gamma", C, null},
        };
        List<String> models = List.of("alpha", "beta", "gamma");
        String[] ids = new String[rows.length];
        int[] model = new int[rows.length];
        TaskType[] type = new TaskType[rows.length];
        String[] labels = new String[rows.length];
        for (int i = 0; i < rows.length; i++) {
            ids[i] = "t" + i;
            model[i] = models.indexOf((String) rows[i][0]);
            type[i] = (TaskType) rows[i][1];
            labels[i] = (String) rows[i][2];
        }
        Map<String, String[]> cols = new LinkedHashMap<>();
        cols.put("rule", labels);
        return LabelSources.of(ids, models, model, type, cols);
    }

    @Test
    void handComputedRates() {
        SourceMetrics s = MetricsCalculator.compute(table(), "rule");
        ModelMetrics a = s.model("alpha");
        assertEquals(5, a.nRequired());
        assertEquals(4, a.nCalled());
        assertEquals(2, a.nControl());
        assertRate(a.rate("TSR"), 1, 5, 20.0, 3.6224108632430085, 62.446537023747474);
        assertRate(a.rate("CTUR"), 3, 5, 60.0, 23.07242812760128, 88.2379225767352);
        assertRate(a.rate("RIR"), 0, 5, 0.0, 0.0, 43.44824647831748);
        assertRate(a.rate("OFR"), 1, 5, 20.0, 3.6224108632430085, 62.446537023747474);
        assertRate(a.rate("RIR_called"), 0, 4, 0.0, 0.0, 48.98908364545973);
        assertRate(a.rate("OFR_called"), 1, 4, 25.0, 4.558726080970055, 69.93581574175981);
        assertRate(a.rate("UTR"), 1, 2, 50.0, 9.453120573423075, 90.54687942657694);
        assertRate(a.rate("CTRL_Acc"), 1, 2, 50.0, 9.453120573423075, 90.54687942657694);
        assertEquals(100.0, a.requiredSum(), 1e-12, "the leaderboard convention: the four sum to 100%");
        assertEquals(
                Map.of(
                        "correct",
                        3,
                        "tool_skip",
                        1,
                        "result_ignore",
                        0,
                        "output_fabrication",
                        1,
                        MetricsCalculator.CONTROL_CORRECT,
                        1,
                        "unnecessary_tool_use",
                        1,
                        "wrong_answer",
                        0),
                a.counts());
    }

    @Test
    void emptyDenominatorsAreUndefinedNotZero() {
        SourceMetrics s = MetricsCalculator.compute(table(), "rule");
        ModelMetrics b = s.model("beta");
        assertRate(b.rate("TSR"), 2, 2, 100.0, 34.2380227506653, 100.0);
        assertEquals(0, b.nCalled());
        for (String r : List.of("RIR_called", "OFR_called", "UTR", "CTRL_Acc")) {
            assertFalse(b.rate(r).defined(), r);
            assertNull(b.rate(r).percent(), r);
            assertNull(b.rate(r).ci95(), r);
        }
        ModelMetrics g = s.model("gamma");
        assertEquals(0, g.nRequired());
        assertNull(g.requiredSum());
        MetricsCalculator.RATES.forEach(r -> assertFalse(g.rate(r).defined(), r));

        ObjectNode json = MetricsFormat.json(s, null, null);
        JsonNode gj = json.get("models").get(2);
        assertEquals("gamma", gj.get("model").asText());
        assertTrue(gj.get("CTUR").isNull(), "JSON null, not 0");
        assertTrue(gj.get("ci95").get("CTUR").isNull());
        assertTrue(json.get("models").get(1).get("UTR").isNull());

        String table = MetricsFormat.table(s, null, null);
        assertTrue(table.contains("  CTUR                  n/a           0 / 0   n/a\n"), table);
        assertTrue(table.contains("TSR+CTUR+RIR+OFR = n/a"), table);
        String csv = MetricsFormat.csv(s);
        assertTrue(csv.contains("rule,gamma,CTUR,0,0,n/a,n/a,n/a"), csv);
        assertTrue(MetricsFormat.markdown(s, null, null).contains("| gamma | 0 | 0 | n/a | n/a |"));
        // an export names its real source: one rater's figures do not claim the judges (the dashboard passes them)
        String md = MetricsFormat.markdown(s, java.util.List.of("judge-a", "judge-b"), null);
        assertTrue(md.startsWith("Metrics from `" + s.source() + "`. "), md);
        assertFalse(md.contains("rule + judges"), md);
        assertTrue(MetricsFormat.combined("final")
                && MetricsFormat.combined("ensemble")
                && !MetricsFormat.combined("harness"));
    }

    @Test
    void jsonShapeAndFormatting() throws Exception {
        SourceMetrics s = MetricsCalculator.compute(table(), "rule");
        ObjectNode json = MetricsFormat.json(s, List.of("j1", "j2"), MetricsFormat.Comparison.of(s, "alpha", "beta"));
        assertEquals("rule", json.get("source").asText());
        JsonNode a = json.get("models").get(0);
        for (String f : List.of(
                "model", "n_required", "n_control", "TSR", "CTUR", "RIR", "OFR", "UTR", "CTRL_Acc", "counts", "ci95")) {
            assertTrue(a.has(f), f);
        }
        assertEquals(0.6, a.get("CTUR").asDouble(), 1e-15, "a fraction in JSON");
        assertEquals(0.2307242812760128, a.get("ci95").get("CTUR").get(0).asDouble(), 1e-12);
        assertEquals(3, a.get("counts").get("correct").asInt());
        // comparison alpha vs beta on TSR: 1/5 vs 2/2; pooled p = 3/7
        JsonNode tsr = json.get("comparison").get("tests").get("TSR");
        double p = 3.0 / 7;
        double z = (0.2 - 1.0) / Math.sqrt(p * (1 - p) * (1.0 / 5 + 1.0 / 2));
        assertEquals(z, tsr.get("z").asDouble(), 1e-12);
        assertEquals(-0.8, tsr.get("diff").asDouble(), 1e-12);
        assertTrue(json.get("comparison").get("tests").get("UTR").isNull(), "beta has no control traces");
        String t = MetricsFormat.table(s, null, null);
        assertTrue(t.contains("  CTUR                60.00           3 / 5   [23.07, 88.24]\n"), t);
        assertTrue(t.contains("  OFR (called)        25.00           1 / 4   [4.56, 69.94]\n"), t);
    }

    @Test
    void unknownSourceIsAClearError() {
        IllegalStateException none = null;
        try {
            MetricsCalculator.compute(table(), "judge-x");
        } catch (RuntimeException e) {
            assertTrue(
                    e.getMessage().contains("no label source 'judge-x'")
                            && e.getMessage().contains("rule"),
                    e.getMessage());
            return;
        }
        throw new AssertionError("expected an error", none);
    }

    static void assertRate(Rate r, int count, int n, double pct, double lo, double hi) {
        assertEquals(count, r.count(), r.name());
        assertEquals(n, r.denominator(), r.name());
        assertEquals(pct, r.percent(), 1e-12, r.name());
        assertArrayEquals(new double[] {lo, hi}, r.ci95(), 1e-12, r.name());
    }
}
