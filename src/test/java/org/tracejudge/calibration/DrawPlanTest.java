package org.tracejudge.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.tracejudge.calibration.CalibrationDraw.DrawnTrace;
import org.tracejudge.store.CalibrationLabels;
import org.tracejudge.store.DrawRows;

/** The sampling maths on plain lists: no project, no connection (issue 52). */
class DrawPlanTest {
    /** {@code perModel} traces for each of the models a, b, c (ids a00, a01, ...). */
    private static List<DrawPlan.Unit> population(int... perModel) {
        List<DrawPlan.Unit> out = new ArrayList<>();
        for (int m = 0; m < perModel.length; m++) {
            for (int i = 0; i < perModel[m]; i++) {
                String model = String.valueOf((char) ('a' + m));
                out.add(new DrawPlan.Unit(String.format("%s%02d", model, i), model, "task" + i));
            }
        }
        return out;
    }

    @Test
    void aUniformDrawTakesNOfNEachWithProbabilityNOverN() {
        List<DrawnTrace> d = DrawPlan.draw("s", SamplingDesign.UNIFORM, 10, 1, population(20, 20), "");
        assertEquals(10, d.size());
        assertEquals(10, new HashSet<>(d.stream().map(DrawnTrace::traceId).toList()).size());
        d.forEach(x -> {
            assertEquals(0.25, x.inclusion(), 0);
            assertEquals("all", x.stratum());
            assertEquals(40, x.population());
        });
        // the same seed draws the same traces
        assertEquals(d, DrawPlan.draw("s", SamplingDesign.UNIFORM, 10, 1, population(20, 20), ""));
    }

    @Test
    void aStratifiedDrawSplitsNEvenlyOverTheModelsAndGivesASmallModelAllItHas() {
        List<DrawnTrace> d = DrawPlan.draw("s", SamplingDesign.STRATIFIED, 10, 3, population(20, 2, 10), "q:k|");
        Map<String, Integer> per = new TreeMap<>();
        d.forEach(x -> per.merge(x.model(), 1, Integer::sum));
        assertEquals(Map.of("a", 4, "b", 2, "c", 3), per, "10 over 3 models: 4, 3, 3; b holds 2");
        d.stream().filter(x -> x.model().equals("b")).forEach(x -> assertEquals(1.0, x.inclusion(), 0));
        d.stream().filter(x -> x.model().equals("a")).forEach(x -> assertEquals(0.2, x.inclusion(), 1e-12));
        assertTrue(d.stream().allMatch(x -> x.stratum().equals("q:k|" + x.model())));
        assertEquals(9, DrawPlan.expectedSize(population(20, 2, 10), SamplingDesign.STRATIFIED, 10));
        assertEquals(5, DrawPlan.expectedSize(population(3, 2), SamplingDesign.UNIFORM, 9));
    }

    @Test
    void squareRootAllocationGivesTwoEachThenSharesBySquareRoot() {
        Map<String, List<DrawPlan.Unit>> strata = new TreeMap<>();
        strata.put("big", population(100));
        strata.put("small", population(4));
        strata.put("one", population(1));
        // minimum 2 + 2 + 1 = 5; the 15 left: sqrt 100 = 10 against sqrt 4 = 2 (one is full)
        Map<String, Integer> take = DrawPlan.sqrtAllocation(strata, 20);
        assertEquals(Map.of("big", 15, "small", 4, "one", 1), take);
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> DrawPlan.sqrtAllocation(strata, 4));
        assertTrue(e.getMessage().contains("at least 5 traces"), e.getMessage());
    }

    @Test
    void untilPreciseBatchesAreTheFirstTracesOfOneShuffle() {
        List<DrawPlan.Unit> order = DrawPlan.shuffled(population(30), 6);
        Set<String> drawn = new HashSet<>();
        List<DrawnTrace> first = DrawPlan.nextBatch("up", order, drawn, 10, 1, 6);
        first.forEach(x -> drawn.add(x.traceId()));
        List<DrawnTrace> second = DrawPlan.nextBatch("up", order, drawn, 10, 2, 6);
        List<String> both = new ArrayList<>();
        first.forEach(x -> both.add(x.traceId()));
        second.forEach(x -> both.add(x.traceId()));
        assertEquals(order.subList(0, 20).stream().map(DrawPlan.Unit::traceId).toList(), both);
        assertEquals(20.0 / 30, second.get(0).inclusion(), 1e-12);
        assertTrue(second.get(0).why().contains("batch 2, seed 6: a uniform draw of 20 of 30"));
    }

    @Test
    void disagreementAndUncertaintyDrawFromTheTracesTheRatersSplitOn() {
        List<DrawPlan.Unit> pop = population(3);
        List<CalibrationLabels.Label> labels = List.of(
                new CalibrationLabels.Label("a00", "j1", "correct", null),
                new CalibrationLabels.Label("a00", "j2", "tool_skip", null),
                new CalibrationLabels.Label("a01", "j1", "correct", "low"),
                new CalibrationLabels.Label("a01", "j2", "correct", null),
                new CalibrationLabels.Label("zz", "j1", "correct", null),
                new CalibrationLabels.Label("zz", "j2", "tool_skip", null));
        List<DrawPlan.Unit> split = DrawPlan.flagged(SamplingDesign.DISAGREEMENT, pop, labels);
        assertEquals(1, split.size(), "zz is outside the population");
        assertEquals(
                "raters disagree (j1 says correct, j2 says tool_skip)",
                split.get(0).reason());
        List<DrawPlan.Unit> unsure = DrawPlan.flagged(SamplingDesign.UNCERTAINTY, pop, labels);
        assertEquals(
                List.of("a00", "a01"),
                unsure.stream().map(DrawPlan.Unit::traceId).toList());
        assertEquals("low confidence from j1", unsure.get(1).reason());
        List<DrawnTrace> d = DrawPlan.draw("u", SamplingDesign.UNCERTAINTY, 5, 1, unsure, "");
        assertEquals(2, d.size());
        assertTrue(d.stream().allMatch(x -> x.inclusion() == null && x.why().contains("not a probability sample")));
    }

    @Test
    void aChangedPopulationIsNamedPerStratum() {
        DrawRows.Strata uniform =
                new DrawRows.Strata(Map.of("a", 10, "b", 9), List.of(new DrawRows.Stratum("all", 20, 5, 0.25, 20)));
        assertEquals(
                List.of("the project held 20 traces when it was drawn and holds 19 now"),
                DrawPlan.populationChanges(SamplingDesign.UNIFORM, uniform));
        DrawRows.Strata byModel = new DrawRows.Strata(
                Map.of("a", 10, "b", 9),
                List.of(new DrawRows.Stratum("a", 10, 2, 0.2, 10), new DrawRows.Stratum("b", null, 2, 0.2, null)));
        assertEquals(
                List.of("model b held 10 traces when it was drawn and holds 9 now"),
                DrawPlan.populationChanges(SamplingDesign.STRATIFIED, byModel),
                "schema 8 rows: the size then is the drawn count over the probability");
        DrawRows.Strata byLabel = new DrawRows.Strata(
                Map.of("a", 10),
                List.of(
                        new DrawRows.Stratum("a|control|correct", 6, 2, 1.0 / 3, 6),
                        new DrawRows.Stratum("a|control|tool_skip", 4, 2, 0.5, 4)));
        assertEquals(List.of(), DrawPlan.populationChanges(SamplingDesign.STRATIFIED_LABEL, byLabel));
        DrawRows.Strata batches =
                new DrawRows.Strata(Map.of("a", 30), List.of(new DrawRows.Stratum("all", 30, 20, 2.0 / 3, 29)));
        assertEquals(
                List.of("its batches were drawn from 29 and then 30 traces"),
                DrawPlan.populationChanges(SamplingDesign.UNTIL_PRECISE, batches));
    }

    @Test
    void goldIsWhereEveryPersonAgrees() {
        Map<String, Map<String, String>> decisions = Map.of(
                "t1", Map.of("annotator:ana", "correct", "rater:ben", "correct"),
                "t2", Map.of("annotator:ana", "correct", "annotator:ben", "tool_skip"),
                "t3", Map.of("annotator:ana", "tool_skip"));
        Gold g = Gold.of(decisions);
        assertEquals(Map.of("t1", "correct", "t3", "tool_skip"), g.labels());
        assertEquals(1, g.disagreed());
    }

    @Test
    void aSampleKnowsTheQuestionItWasDrawnOn() {
        DrawnTrace q = new DrawnTrace("t", "m", "k", "q:verdict|all", 0.5, "why", 2);
        DrawnTrace l = new DrawnTrace("t", "m", "k", "all", 0.5, "why", 2);
        assertEquals("verdict", new CalibrationDraw("s", SamplingDesign.UNIFORM, 1, 2, "now", List.of(q)).question());
        assertEquals(null, new CalibrationDraw("s", SamplingDesign.UNIFORM, 1, 2, "now", List.of(l)).question());
        assertEquals(SamplingDesign.STRATIFIED_LABEL, SamplingDesign.of("stratified-label"));
        assertThrows(IllegalArgumentException.class, () -> SamplingDesign.of("bogus"));
    }
}
