package org.tracejudge.agreement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class AgreementReportTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void jsonHasTheAgreedShape() throws Exception {
        LabelTable t = RandomTables.correlated(new SplittableRandom(1), 3, 3, 60, 0.7, 0.1);
        AgreementReport r = new AgreementCalculator().report(t);
        JsonNode n = JSON.readTree(JSON.writeValueAsString(r));
        assertEquals(List.of("r0", "r1", "r2"), JSON.convertValue(n.get("raters"), List.class));
        assertEquals(60, n.get("n_items").asInt());
        JsonNode p = n.get("pairwise").get(0);
        for (String f : List.of("a", "b", "n", "agreement", "kappa", "se", "ci95", "confusion")) {
            assertTrue(p.has(f), f + " in " + p);
        }
        assertFalse(p.has("note"));
        assertEquals(2, p.get("ci95").size());
        for (String f : List.of("raters", "n", "kappa", "ci95")) {
            assertTrue(n.get("fleiss").has(f), f);
        }
        for (String f : List.of("n", "value", "ci95")) {
            assertTrue(n.get("alpha").has(f), f);
        }
        JsonNode l = n.get("per_label").get(0);
        for (String f : List.of("label", "prevalence", "fleiss_kappa", "pairwise", "low_prevalence_effect")) {
            assertTrue(l.has(f), f + " in " + l);
        }
        assertTrue(n.has("warnings"));
        assertFalse(n.has("weighted"), "nominal labels: no weighted kappa");
    }

    @Test
    void undefinedKappaIsNullWithANote() throws Exception {
        LabelTable t = LabelTable.builder()
                .add("1", "a", "correct")
                .add("1", "b", "correct")
                .add("2", "a", "correct")
                .add("2", "b", "correct")
                .build();
        JsonNode n = JSON.readTree(JSON.writeValueAsString(new AgreementCalculator().report(t)));
        JsonNode p = n.get("pairwise").get(0);
        assertTrue(p.has("kappa") && p.get("kappa").isNull());
        assertEquals("p_e = 1: both raters used only 'correct'", p.get("note").asText());
        assertTrue(n.get("fleiss").get("kappa").isNull());
        assertTrue(n.get("alpha").get("value").isNull());
        assertTrue(n.get("alpha").has("note"));
        String text = ReportText.render(new AgreementCalculator().report(t));
        assertTrue(text.contains("p_e = 1: both raters used only 'correct'"), text);
        assertFalse(JSON.writeValueAsString(new AgreementCalculator().report(t)).contains("NaN"));
    }

    @Test
    void warningsEstimateHowManyMoreItems() {
        LabelTable t = RandomTables.correlated(new SplittableRandom(4), 2, 3, 20, 0.6, 0.0);
        AgreementReport r = new AgreementCalculator().report(t);
        AgreementReport.Warning w = r.warnings().stream()
                .filter(x -> x.coefficient().startsWith("kappa"))
                .findFirst()
                .orElseThrow();
        assertEquals(20, w.n());
        assertTrue(w.message().contains("n = 20"), w.message());
        assertTrue(w.halfWidth() > 0.1);
        long expected = (long) Math.ceil(20 * (Math.pow(w.halfWidth() / 0.1, 2) - 1));
        assertEquals(expected, w.moreItemsNeeded());
        assertTrue(w.message().contains(expected + " more doubly-labelled items"), w.message());

        LabelTable big = RandomTables.correlated(new SplittableRandom(4), 2, 3, 3000, 0.9, 0.0);
        assertTrue(new AgreementCalculator().report(big).warnings().isEmpty());
    }

    @Test
    void lowPrevalenceEffectIsFlagged() {
        LabelTable.Builder b = LabelTable.builder();
        for (int i = 0; i < 200; i++) {
            String a = i < 3 ? "unnecessary_tool_use" : "ok";
            String c = i == 1 || i == 5 || i == 6 ? "unnecessary_tool_use" : "ok";
            b.add("t" + i, "rule", a).add("t" + i, "judge", c);
        }
        PointEstimates pe = new AgreementCalculator(AgreementOptions.defaults().withResamples(0)).points(b.build());
        PerLabelResult rare = pe.perLabel().stream()
                .filter(x -> x.label().equals("unnecessary_tool_use"))
                .findFirst()
                .orElseThrow();
        assertEquals(6 / 400.0, rare.prevalence(), 1e-12);
        CohenResult c = rare.pairwise().get(0);
        assertTrue(c.agreement() >= 0.97 && c.kappa() < 0.4, c.toString());
        assertTrue(rare.lowPrevalenceEffect());
        assertTrue(rare.lowPrevalenceNote().contains("low-prevalence effect"), rare.lowPrevalenceNote());
    }

    @Test
    void strataReportsPerValue() {
        LabelTable.Builder b = LabelTable.builder();
        SplittableRandom rng = new SplittableRandom(8);
        for (int i = 0; i < 90; i++) {
            String domain = i % 3 == 0 ? "retail" : "airline";
            b.strata("t" + i, Map.of("domain", domain, "model", i < 45 ? "m1" : "m2"));
            String truth = rng.nextBoolean() ? "ok" : "bad";
            b.add("t" + i, "a", truth).add("t" + i, "b", rng.nextInt(5) == 0 ? "ok" : truth);
        }
        LabelTable t = b.build();
        AgreementCalculator calc =
                new AgreementCalculator(AgreementOptions.defaults().withResamples(200));
        Map<String, AgreementReport> byDomain = calc.reportByStratum(t, "domain");
        assertEquals(List.of("airline", "retail"), List.copyOf(byDomain.keySet()));
        assertEquals(60, byDomain.get("airline").nItems());
        assertEquals(30, byDomain.get("retail").nItems());
        LabelTable retail = t.filterItems(s -> "retail".equals(s.get("domain")));
        assertEquals(
                CohenKappa.compute(retail, "a", "b").kappa(),
                byDomain.get("retail").pair("a", "b").kappa());
        Map<String, Map<String, AgreementReport>> all = calc.reportByStrata(t);
        assertEquals(2, all.get("model").size());
        assertTrue(all.get("target").isEmpty());
    }

    @Test
    void ordinalScoresGetWeightedKappaWithIntervals() throws Exception {
        LabelTable t = WeightedKappaTest.table("0123321012332100", "0123321112322100");
        AgreementReport r = new AgreementCalculator().report(t);
        assertEquals(2, r.weighted().size());
        assertEquals("linear", r.weighted().get(0).weighting());
        assertEquals(
                WeightedKappa.compute(t, "a", "b", WeightedKappa.Weighting.QUADRATIC)
                        .kappa(),
                r.weighted().get(1).kappa());
        assertEquals(2, r.weighted().get(1).ci95().length);
        assertTrue(JSON.writeValueAsString(r).contains("\"weighted\""));
        assertTrue(ReportText.render(r).contains("Weighted kappa"));
    }

    @Test
    void fleissRaterSetExcludesDerivedRaters() {
        LabelTable t = RandomTables.correlated(new SplittableRandom(9), 4, 3, 100, 0.7, 0.0);
        AgreementCalculator calc = new AgreementCalculator(
                AgreementOptions.defaults().withResamples(0).withFleissRaters(List.of("r0", "r1", "r2")));
        FleissResult f = calc.points(t).fleiss();
        assertEquals(List.of("r0", "r1", "r2"), f.raters());
        assertEquals(FleissKappa.compute(t, List.of("r0", "r1", "r2")).kappa(), f.kappa());
        assertNull(FleissKappa.compute(t, List.of("r0")).kappa());
    }
}
