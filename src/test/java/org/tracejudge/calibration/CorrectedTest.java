package org.tracejudge.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tracejudge.json.Json;

/**
 * The corrected-rate estimators against {@code corrected.jsonl}: 60 random studies computed by
 * {@code corrected.py} with numpy and scipy from the papers' formulas (Rogan and Gladen 1978; PPI++, Angelopoulos, Duchi
 * and Zrnic 2023, its interval adjusted as Agresti and Min 2005; gold only with scipy's Wilson interval), to 1e-9;
 * the stratified mean of a sample stratified by the judge's label (Cochran 1977) on 40 random stratifications;
 * refusals where the reference has none; PPI++'s standard error never above the gold-only one's, and its interval
 * never wider.
 */
class CorrectedTest {
    static final Path FIXTURE = Path.of("src/test/resources/calibration/corrected.jsonl");

    private static int[] ints(JsonNode a) {
        int[] out = new int[a.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = a.get(i).asInt();
        }
        return out;
    }

    private static void same(String what, JsonNode want, Corrected.Estimate got) {
        if (want.isNull()) {
            assertFalse(got.defined(), what + ": the reference has none, got " + got);
            assertNotNull(got.refusal(), what);
            return;
        }
        assertTrue(got.defined(), what + ": refused: " + got.refusal());
        assertEquals(want.get("value").asDouble(), got.value(), 1e-9, what);
        assertEquals(want.get("lo").asDouble(), got.ci95()[0], 1e-9, what + " low");
        assertEquals(want.get("hi").asDouble(), got.ci95()[1], 1e-9, what + " high");
        if (want.has("lambda")) {
            assertEquals(want.get("lambda").asDouble(), got.lambda(), 1e-9, what + " lambda");
        }
    }

    @Test
    void everyEstimatorEqualsTheReferenceOnRandomStudies() throws Exception {
        List<String> lines = Files.readAllLines(FIXTURE);
        assertEquals(60, lines.size());
        int tuned = 0;
        for (String line : lines) {
            JsonNode c = Json.read(line);
            int[] y = ints(c.get("y"));
            int[] f = ints(c.get("f"));
            int[] fU = ints(c.get("fU"));
            int[] all = new int[f.length + fU.length];
            System.arraycopy(f, 0, all, 0, f.length);
            System.arraycopy(fU, 0, all, f.length, fU.length);
            String k = "case " + c.get("case").asInt();
            same(k + " Rogan-Gladen", c.get("rogan_gladen"), Corrected.roganGladen(y, f, all));
            Corrected.Estimate ppi = Corrected.ppi(y, f, fU);
            same(k + " PPI++", c.get("ppi"), ppi);
            Corrected.Estimate gold = Corrected.goldOnly(y, y.length + fU.length);
            same(k + " gold only", c.get("gold_only"), gold);
            if (ppi.defined()) {
                // never less precise than the gold-only mean (lambda = 0 recovers it): the standard errors, before the
                // intervals are clipped to [0, 1]
                assertTrue(ppi.se() <= gold.se() + 1e-15, k);
                assertTrue(
                        ppi.ci95()[1] - ppi.ci95()[0] <= gold.ci95()[1] - gold.ci95()[0] + 1e-15, k + ": never wider");
                assertTrue(ppi.ci95()[0] <= ppi.value() && ppi.value() <= ppi.ci95()[1], k + ": holds its estimate");
                tuned += ppi.lambda() > 0 ? 1 : 0;
            }
        }
        assertTrue(tuned >= 10, "the fixture exercises a tuned lambda (" + tuned + " cases)");
    }

    @Test
    void theStratifiedMeanEqualsTheReference() throws Exception {
        List<String> lines = Files.readAllLines(Path.of("src/test/resources/calibration/stratified.jsonl"));
        assertEquals(40, lines.size());
        int refused = 0;
        for (String line : lines) {
            JsonNode c = Json.read(line);
            int k = c.get("N").size();
            int[][] y = new int[k][];
            int[] bigN = new int[k];
            String[] names = new String[k];
            for (int h = 0; h < k; h++) {
                y[h] = ints(c.get("y").get(h));
                bigN[h] = c.get("N").get(h).asInt();
                names[h] = "s" + h;
            }
            Corrected.Estimate e = Corrected.stratified(y, bigN, names);
            same("case " + c.get("case").asInt() + " stratified", c.get("stratified"), e);
            refused += e.defined() ? 0 : 1;
        }
        assertTrue(refused >= 3 && refused <= 20, refused + " refused: the fixture exercises both");
        Corrected.Estimate none =
                Corrected.stratified(new int[][] {{1, 0}, {}}, new int[] {10, 4}, new String[] {"a", "b"});
        assertEquals("stratum b (4 traces) has no gold yet", none.refusal());
    }

    @Test
    void theScoreIntervalOfOneStratumIsWilsons() {
        // one stratum of 40 gold traces, 7 with the label, drawn from 500: Wilson's interval with z·√(1 − n/N)
        int[] y = new int[40];
        for (int i = 0; i < 7; i++) {
            y[i] = 1;
        }
        Corrected.Estimate e = Corrected.stratified(new int[][] {y}, new int[] {500}, new String[] {"s"});
        double[] wilson = org.tracejudge.metrics.Proportions.wilson(
                7, 40, org.tracejudge.metrics.Proportions.Z95 * Math.sqrt(1 - 40.0 / 500));
        assertEquals(wilson[0], e.ci95()[0], 1e-9);
        assertEquals(wilson[1], e.ci95()[1], 1e-9);
        // none with the label: the lower end is 0, the upper Wilson's
        Corrected.Estimate zero = Corrected.stratified(new int[][] {new int[40]}, new int[] {500}, new String[] {"s"});
        assertEquals(0, zero.ci95()[0], 1e-12);
        assertEquals(
                org.tracejudge.metrics.Proportions.wilson(
                        0, 40, org.tracejudge.metrics.Proportions.Z95 * Math.sqrt(1 - 40.0 / 500))[1],
                zero.ci95()[1],
                1e-9);
    }

    @Test
    void roganGladenRefusesWhereNoRateFits() {
        // the gold: 10 with the label, all judged so; 40 without, 20 of them judged so (false-positive rate 0.5);
        // over all 1,000 traces the judge says the label on 3%: below its false-positive rate, at any true rate
        int[] y = new int[50];
        int[] f = new int[50];
        for (int i = 0; i < 10; i++) {
            y[i] = 1;
            f[i] = 1;
        }
        for (int i = 10; i < 30; i++) {
            f[i] = 1;
        }
        int[] all = new int[1000];
        System.arraycopy(f, 0, all, 0, 50);
        Corrected.Estimate rg = Corrected.roganGladen(y, f, all);
        assertFalse(rg.defined());
        assertTrue(
                rg.refusal().startsWith("no rate fits: the judge says this label on 3.0% of all traces but on 50.0%"),
                rg.refusal());
    }

    @Test
    void refusalsSayWhy() {
        Corrected.Estimate rg = Corrected.roganGladen(new int[] {0, 0, 0}, new int[] {0, 1, 0}, new int[] {0, 1, 0, 1});
        assertTrue(rg.refusal().contains("no trace with this label"), rg.refusal());
        rg = Corrected.roganGladen(new int[] {1, 0, 1, 0}, new int[] {0, 1, 0, 1}, new int[] {0, 1, 0, 1});
        assertTrue(rg.refusal().contains("no better than chance"), rg.refusal());
        assertTrue(Corrected.ppi(new int[] {1}, new int[] {1}, new int[] {0, 1})
                .refusal()
                .contains("at least 2 gold"));
    }
}
