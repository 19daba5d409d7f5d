package org.tracejudge.calibration;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import org.dkpro.statistics.agreement.coding.CodingAnnotationStudy;
import org.dkpro.statistics.agreement.coding.CohenKappaAgreement;
import org.junit.jupiter.api.Test;
import org.tracejudge.json.Json;

/**
 * Judge diagnostics against independent computations: 40 random studies whose kappa, Gwet's AC1, accuracy and
 * per-label sensitivity with Wilson intervals were computed by reference.py from the formulas (fixture beside it),
 * and Cohen's kappa against DKPro Statistics. Plus the edge cases: one label only, a rater with no gold overlap.
 */
class DiagnosticsTest {
    @Test
    void kappaAc1AccuracyAndSensitivityEqualTheReferenceFromTheFormulas() throws Exception {
        int cases = 0;
        try (InputStream in = getClass().getResourceAsStream("/calibration/reference.jsonl")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank()) {
                    continue;
                }
                JsonNode c = Json.read(line);
                Map<String, String> rater = new HashMap<>();
                Map<String, String> gold = new HashMap<>();
                for (int i = 0; i < c.get("gold").size(); i++) {
                    rater.put("t" + i, c.get("rater").get(i).asText());
                    gold.put("t" + i, c.get("gold").get(i).asText());
                }
                Diagnostics.Result r = Diagnostics.of("judge", rater, gold);
                assertEquals(c.get("kappa").asDouble(), r.kappa(), 1e-12, "case " + c.get("case"));
                assertEquals(c.get("ac1").asDouble(), r.ac1(), 1e-12, "case " + c.get("case"));
                assertEquals(c.get("accuracy").asDouble(), r.accuracy().value(), 1e-12);
                Iterator<Map.Entry<String, JsonNode>> s =
                        c.get("sensitivity").properties().iterator();
                while (s.hasNext()) {
                    Map.Entry<String, JsonNode> e = s.next();
                    Diagnostics.LabelFigures f = r.perLabel().stream()
                            .filter(x -> x.label().equals(e.getKey()))
                            .findFirst()
                            .orElseThrow();
                    assertEquals(e.getValue().get(0).asInt(), f.sensitivity().count());
                    assertEquals(e.getValue().get(1).asInt(), f.sensitivity().n());
                    assertEquals(e.getValue().get(2).asDouble(), f.sensitivity().value(), 1e-12);
                    assertArrayEquals(
                            new double[] {
                                e.getValue().get(3).asDouble(),
                                e.getValue().get(4).asDouble()
                            },
                            f.sensitivity().ci95(),
                            1e-12);
                }
                // Cohen's kappa once more, from an independent library
                CodingAnnotationStudy study = new CodingAnnotationStudy(2);
                for (int i = 0; i < c.get("gold").size(); i++) {
                    study.addItem(
                            c.get("rater").get(i).asText(), c.get("gold").get(i).asText());
                }
                assertEquals(new CohenKappaAgreement(study).calculateAgreement(), r.kappa(), 1e-12);
                cases++;
            }
        }
        assertTrue(cases >= 30, cases + " cases");
    }

    @Test
    void theConfusionMatrixCountsRaterAgainstGoldAndTheVerdictFollowsTheThresholds() {
        Map<String, String> gold = new HashMap<>();
        Map<String, String> judge = new HashMap<>();
        for (int i = 0; i < 200; i++) {
            String g = i < 150 ? "correct" : "tool_skip";
            gold.put("t" + i, g);
            judge.put("t" + i, i < 145 ? "correct" : i < 150 ? "tool_skip" : i < 190 ? "tool_skip" : "correct");
        }
        gold.put("only-gold", "correct"); // a gold trace the judge never labelled
        Diagnostics.Result r = Diagnostics.of("judge", judge, gold);
        assertEquals(200, r.n());
        assertEquals(1, r.goldWithoutRaterLabel());
        assertEquals(java.util.List.of("correct", "tool_skip"), r.labels());
        assertArrayEquals(new int[] {145, 10}, r.matrix()[0]);
        assertArrayEquals(new int[] {5, 40}, r.matrix()[1]);
        Diagnostics.LabelFigures skip = r.perLabel().get(1);
        assertEquals(0.8, skip.sensitivity().value(), 1e-12); // 40 / 50
        assertEquals(40.0 / 45, skip.precision().value(), 1e-12);
        assertEquals(145.0 / 150, skip.specificity().value(), 1e-12);
        // 50 gold tool_skip: the sensitivity interval is still wider than +-0.1, so: not yet, and how many more
        assertEquals(Diagnostics.Trust.NOT_YET, skip.trust());
        assertTrue(skip.moreGold() > 0 && skip.moreGold() < 100, String.valueOf(skip.moreGold()));
        assertEquals(
                Diagnostics.Trust.TRUSTED,
                r.perLabel().get(0).trust(),
                "150 gold correct at 0.97 with kappa " + r.kappa());
    }

    @Test
    void oneLabelOnlyOrNoOverlapGivesNoNumberRatherThanNaN() {
        Map<String, String> gold = Map.of("a", "correct", "b", "correct");
        Diagnostics.Result same = Diagnostics.of("judge", Map.of("a", "correct", "b", "correct"), gold);
        assertNull(same.kappa(), "kappa is undefined with one label");
        assertNull(same.ac1());
        assertEquals(1.0, same.accuracy().value());
        Diagnostics.Result none = Diagnostics.of("judge", Map.of("z", "correct"), gold);
        assertEquals(0, none.n());
        assertNull(none.kappa());
        assertNull(none.accuracy().value());
        assertEquals(2, none.goldWithoutRaterLabel());
    }
}
