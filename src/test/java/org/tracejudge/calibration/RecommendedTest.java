package org.tracejudge.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.tracejudge.metrics.Proportions;

/**
 * The policy that says which of a rate's four figures to trust (issue 48, item 7), on rows built the way {@link
 * CorrectedRates} builds them: the gold indicators {@code y}, the judge's {@code f} on the same traces and {@code u} on
 * the other judged traces.
 */
class RecommendedTest {
    private static final CorrectedRates.RateDef CTUR = CorrectedRates.RATES.get(1);

    private static CorrectedRates.Row row(int[] y, int[] f, int[] u) {
        int[] all = new int[f.length + u.length];
        System.arraycopy(f, 0, all, 0, f.length);
        System.arraycopy(u, 0, all, f.length, u.length);
        int k = 0;
        for (int x : all) {
            k += x;
        }
        Corrected.Estimate judgeOnly = new Corrected.Estimate(
                "judge only",
                (double) k / all.length,
                Proportions.wilson(k, all.length, Proportions.Z95),
                null,
                null,
                null);
        return new CorrectedRates.Row(
                "m",
                CTUR,
                all.length,
                0,
                y.length,
                0,
                judgeOnly,
                Corrected.goldOnly(y, all.length),
                Corrected.roganGladen(y, f, all),
                Corrected.ppi(y, f, u));
    }

    /** n gold traces where the judge says what the gold says except on every {@code wrongEvery}-th (0: never). */
    private static CorrectedRates.Row study(int n, int others, int wrongEvery, long seed) {
        Random r = new Random(seed);
        int[] y = new int[n];
        int[] f = new int[n];
        for (int i = 0; i < n; i++) {
            y[i] = r.nextDouble() < 0.4 ? 1 : 0;
            f[i] = wrongEvery > 0 && i % wrongEvery == 0 ? 1 - y[i] : y[i];
        }
        int[] u = new int[others];
        for (int i = 0; i < others; i++) {
            u[i] = r.nextDouble() < 0.4 ? 1 : 0;
        }
        return row(y, f, u);
    }

    @Test
    void aJudgeThatAgreesWithTheGoldMakesPpiTheRecommendationWithANarrowerInterval() {
        CorrectedRates.Row r = study(40, 400, 10, 1);
        Recommended best = Recommended.of(r, SamplingDesign.UNIFORM);
        assertEquals(Recommended.Which.PPI, best.which(), best.reason());
        assertSame(r.ppi(), best.estimate());
        assertTrue(r.ppi().lambda() > 0);
        assertTrue(
                best.reason().contains("probability sample (uniform)")
                        && best.reason().contains("narrow"),
                best.reason());
        assertTrue(best.reason().contains(" from ±") && best.reason().contains("λ = "), best.reason());
        assertFalse(best.others().contains(Recommended.Which.PPI));
    }

    @Test
    void aJudgeThatAddsNothingLeavesTheGoldOnlyRate() {
        // the judge's labels are independent of the gold: PPI++ gives them no weight
        Random rnd = new Random(5);
        int[] y = new int[40];
        int[] f = new int[40];
        for (int i = 0; i < 40; i++) {
            y[i] = i % 2;
            f[i] = (i / 2) % 2;
        }
        int[] u = new int[300];
        for (int i = 0; i < u.length; i++) {
            u[i] = rnd.nextInt(2);
        }
        CorrectedRates.Row r = row(y, f, u);
        Recommended best = Recommended.of(r, SamplingDesign.UNIFORM);
        assertEquals(Recommended.Which.GOLD_ONLY, best.which(), best.reason());
        assertSame(r.goldOnly(), best.estimate());
        assertTrue(best.reason().contains("adds nothing") && best.reason().contains("λ = 0"), best.reason());
        assertEquals(r.goldOnly().value(), r.ppi().value(), 1e-12, "PPI++ at λ = 0 is the gold mean");
    }

    @Test
    void tooLittleGoldRecommendsTheJudgeOnlyRateSayingItIsUncorrected() {
        CorrectedRates.Row r = row(new int[] {1}, new int[] {1}, new int[] {0, 1, 0, 0, 1});
        Recommended best = Recommended.of(r, SamplingDesign.UNIFORM);
        assertEquals(Recommended.Which.JUDGE_ONLY, best.which());
        assertSame(r.judgeOnly(), best.estimate());
        assertTrue(best.reason().startsWith("uncorrected: the sample has 1 gold trace"), best.reason());
        r = row(new int[0], new int[0], new int[] {0, 1, 0});
        assertTrue(Recommended.of(r, SamplingDesign.UNIFORM).reason().contains("has 0 gold traces"));
    }

    @Test
    void goldOnEveryJudgedTraceIsExact() {
        CorrectedRates.Row r = row(new int[] {1, 0, 1, 0, 0}, new int[] {1, 0, 0, 0, 0}, new int[0]);
        Recommended best = Recommended.of(r, SamplingDesign.UNIFORM);
        assertEquals(Recommended.Which.GOLD_ONLY, best.which(), best.reason());
        assertEquals(0.4, best.estimate().value(), 1e-12);
        assertTrue(best.reason().contains("exact"), best.reason());
    }

    @Test
    void aSampleStratifiedByTheJudgesLabelRecommendsTheStratifiedMean() {
        CorrectedRates.Row plain = study(30, 200, 6, 3);
        Corrected.Estimate strat = Corrected.stratified(
                new int[][] {{1, 1, 1, 0}, {0, 0, 0, 0, 1}}, new int[] {80, 150}, new String[] {"correct", "other"});
        CorrectedRates.Row r = new CorrectedRates.Row(
                "m",
                CTUR,
                plain.judged(),
                0,
                9,
                0,
                plain.judgeOnly(),
                new Corrected.Estimate(Corrected.GOLD, strat.value(), strat.ci95(), strat.se(), null, null),
                Corrected.Estimate.refused(Corrected.RG, "stratified"),
                strat);
        Recommended best = Recommended.of(r, SamplingDesign.STRATIFIED_LABEL);
        assertEquals(Recommended.Which.PPI, best.which(), best.reason());
        assertTrue(best.reason().contains("stratified by the judge's label"), best.reason());
    }

    @Test
    void roganGladenIsNeverTheRecommendation() {
        for (long seed = 0; seed < 40; seed++) {
            for (int wrong : new int[] {0, 2, 3, 5, 20}) {
                CorrectedRates.Row r = study(8 + (int) seed, 30 + 5 * (int) seed, wrong, seed);
                for (SamplingDesign d : new SamplingDesign[] {SamplingDesign.UNIFORM, SamplingDesign.STRATIFIED}) {
                    Recommended best = Recommended.of(r, d);
                    assertFalse(best.which() == Recommended.Which.ROGAN_GLADEN);
                    assertTrue(best.others().contains(Recommended.Which.ROGAN_GLADEN));
                    assertEquals(3, best.others().size());
                    assertSame(best.which().of(r), best.estimate());
                    assertFalse(best.reason().isBlank());
                }
            }
        }
    }
}
