package org.tracejudge.agreement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.dkpro.statistics.agreement.IAnnotationStudy;
import org.dkpro.statistics.agreement.coding.CodingAnnotationStudy;
import org.dkpro.statistics.agreement.coding.CohenKappaAgreement;
import org.dkpro.statistics.agreement.coding.FleissKappaAgreement;
import org.dkpro.statistics.agreement.coding.KrippendorffAlphaAgreement;
import org.dkpro.statistics.agreement.coding.PercentageAgreement;
import org.dkpro.statistics.agreement.coding.WeightedKappaAgreement;
import org.dkpro.statistics.agreement.distance.IDistanceFunction;
import org.dkpro.statistics.agreement.distance.IntervalDistanceFunction;
import org.dkpro.statistics.agreement.distance.NominalDistanceFunction;
import org.junit.jupiter.api.Test;

/** Every coefficient against DKPro Statistics Agreement 2.2.1 on hundreds of random label matrices. */
class DkproCrossCheckTest {
    private static final double TOL = 1e-9;
    private static final int MATRICES = 400;

    private int compared;
    private int undefined;

    @Test
    void pairwiseFleissAlphaAndPerLabelMatchDkpro() {
        SplittableRandom rng = new SplittableRandom(20261122);
        for (int t = 0; t < MATRICES; t++) {
            int raters = 2 + rng.nextInt(5);
            int cats = 2 + rng.nextInt(6);
            int items = 1 + rng.nextInt(t % 5 == 0 ? 8 : 120);
            double missing = t % 3 == 0 ? 0 : rng.nextDouble() * 0.5;
            LabelTable table = RandomTables.random(rng, raters, cats, items, missing);
            if (table.labelCount() == 0) {
                continue;
            }
            PointEstimates pe =
                    new AgreementCalculator(AgreementOptions.defaults().withResamples(0)).points(table);
            String ctx = "matrix " + t + " (" + raters + " raters, " + cats + " categories, " + items + " items)";
            checkPairs(table, pe, ctx);
            checkFleiss(table, pe, ctx);
            checkAlpha(table, pe, ctx);
        }
        assertTrue(compared > 10_000, "compared " + compared);
        assertTrue(undefined > 50, "undefined cases exercised: " + undefined);
    }

    /**
     * DKPro's WeightedKappaAgreement (2.2.1) normalises the expected but not the observed disagreement
     * by the largest distance, so it differs from Cohen (1968) — and from sklearn — once scores span
     * more than two values. It is used here only on 0/1 scores; wider scales are checked against
     * {@link WeightedKappaTest}'s sklearn values and a textbook implementation.
     */
    @Test
    void weightedKappaMatchesDkproOnBinaryScores() {
        SplittableRandom rng = new SplittableRandom(7);
        IDistanceFunction linear = (IAnnotationStudy s, Object a, Object b) -> Math.abs((Integer) a - (Integer) b);
        IDistanceFunction quadratic = new IntervalDistanceFunction();
        for (int t = 0; t < 300; t++) {
            int items = 1 + rng.nextInt(100);
            double agree = rng.nextDouble();
            boolean constant = rng.nextInt(12) == 0;
            LabelTable.Builder b = LabelTable.builder();
            CodingAnnotationStudy study = new CodingAnnotationStudy(2);
            for (int i = 0; i < items; i++) {
                int x = constant ? 1 : rng.nextInt(2);
                int y = constant ? 1 : rng.nextDouble() < agree ? x : rng.nextInt(2);
                b.add("i" + i, "a", Integer.toString(x)).add("i" + i, "b", Integer.toString(y));
                study.addItem(x, y);
            }
            LabelTable table = b.build();
            for (WeightedKappa.Weighting w : WeightedKappa.Weighting.values()) {
                WeightedKappaResult ours = WeightedKappa.compute(table, "a", "b", w);
                WeightedKappaAgreement wk =
                        new WeightedKappaAgreement(study, w == WeightedKappa.Weighting.LINEAR ? linear : quadratic);
                // DKPro returns 0 where the expected disagreement is 0; that case is undefined here
                double theirs =
                        dk(() -> wk.calculateExpectedDisagreement() == 0 ? Double.NaN : wk.calculateAgreement());
                compare(ours.kappa(), theirs, ours.note(), "weighted " + w + " matrix " + t);
            }
        }
        assertTrue(compared > 400);
    }

    private void checkPairs(LabelTable table, PointEstimates pe, String ctx) {
        for (CohenResult r : pe.pairwise()) {
            int a = table.raterIndex(r.raterA());
            int b = table.raterIndex(r.raterB());
            CodingAnnotationStudy study = new CodingAnnotationStudy(2);
            for (int i = 0; i < table.itemCount(); i++) {
                if (table.code(i, a) >= 0 && table.code(i, b) >= 0) {
                    study.addItem(table.label(i, a), table.label(i, b));
                }
            }
            assertEquals(study.getItemCount(), r.n(), ctx);
            if (r.n() == 0) {
                assertNull(r.kappa(), ctx);
                assertNotNull(r.note(), ctx);
                undefined++;
                continue;
            }
            double po = dk(() -> new PercentageAgreement(study).calculateAgreement());
            if (!Double.isNaN(po)) { // DKPro refuses single-category studies
                assertEquals(po, r.agreement(), TOL, ctx);
            }
            compare(
                    r.kappa(),
                    dk(() -> new CohenKappaAgreement(study).calculateAgreement()),
                    r.note(),
                    ctx + " cohen " + r.raterA() + "/" + r.raterB());
            // per label, one vs rest
            for (int k = 0; k < table.labelCount(); k++) {
                String label = table.labels().get(k);
                CodingAnnotationStudy bin = binary(study, label, 2);
                CohenResult lr = pe.perLabel().get(k).pairwise().stream()
                        .filter(x -> x.raterA().equals(r.raterA()) && x.raterB().equals(r.raterB()))
                        .findFirst()
                        .orElseThrow();
                compare(
                        lr.kappa(),
                        dk(() -> new CohenKappaAgreement(bin).calculateAgreement()),
                        lr.note(),
                        ctx + " cohen label " + label);
            }
        }
    }

    private void checkFleiss(LabelTable table, PointEstimates pe, String ctx) {
        int m = table.raterCount();
        CodingAnnotationStudy study = new CodingAnnotationStudy(m);
        for (int i = 0; i < table.itemCount(); i++) {
            Object[] row = new Object[m];
            boolean complete = true;
            for (int r = 0; r < m; r++) {
                row[r] = table.label(i, r);
                complete &= row[r] != null;
            }
            if (complete) {
                study.addItemAsArray(row);
            }
        }
        FleissResult f = pe.fleiss();
        assertEquals(study.getItemCount(), f.n(), ctx);
        if (f.n() == 0) {
            assertNull(f.kappa(), ctx);
            undefined++;
            return;
        }
        compare(f.kappa(), dk(() -> new FleissKappaAgreement(study).calculateAgreement()), f.note(), ctx + " fleiss");
        for (int k = 0; k < table.labelCount(); k++) {
            String label = table.labels().get(k);
            FleissResult lf = pe.perLabel().get(k).fleiss();
            compare(
                    lf.kappa(),
                    dk(() -> new FleissKappaAgreement(binary(study, label, m)).calculateAgreement()),
                    lf.note(),
                    ctx + " fleiss label " + label);
        }
    }

    private void checkAlpha(LabelTable table, PointEstimates pe, String ctx) {
        int m = table.raterCount();
        CodingAnnotationStudy study = new CodingAnnotationStudy(m);
        for (int i = 0; i < table.itemCount(); i++) {
            Object[] row = new Object[m];
            int given = 0;
            for (int r = 0; r < m; r++) {
                row[r] = table.label(i, r);
                given += row[r] != null ? 1 : 0;
            }
            if (given >= 2) {
                study.addItemAsArray(row);
            }
        }
        AlphaResult a = pe.alpha();
        assertEquals(study.getItemCount(), a.n(), ctx);
        if (a.n() == 0) {
            assertNull(a.value(), ctx);
            undefined++;
            return;
        }
        compare(
                a.value(),
                dk(() -> new KrippendorffAlphaAgreement(study, new NominalDistanceFunction()).calculateAgreement()),
                a.note(),
                ctx + " alpha");
    }

    private static CodingAnnotationStudy binary(CodingAnnotationStudy study, String label, int raters) {
        CodingAnnotationStudy bin = new CodingAnnotationStudy(raters);
        study.getItems().forEach(item -> {
            List<Object> row = new ArrayList<>();
            for (int r = 0; r < raters; r++) {
                Object c = item.getUnit(r).getCategory();
                row.add(c == null ? null : label.equals(c) ? "yes" : "no");
            }
            bin.addItemAsArray(row.toArray());
        });
        return bin;
    }

    /** DKPro's value, NaN where it refuses the data (a single category). */
    private static double dk(java.util.function.DoubleSupplier f) {
        try {
            return f.getAsDouble();
        } catch (org.dkpro.statistics.agreement.InsufficientDataException e) {
            return Double.NaN;
        }
    }

    /** Ours must equal theirs where theirs is finite, and be null (with a note) where theirs is not. */
    private void compare(Double ours, double theirs, String note, String ctx) {
        if (Double.isNaN(theirs) || Double.isInfinite(theirs)) {
            assertNull(ours, ctx + ": DKPro undefined (" + theirs + ") but ours " + ours);
            assertNotNull(note, ctx + ": undefined without a note");
            undefined++;
        } else {
            assertNotNull(ours, ctx + ": DKPro " + theirs + " but ours undefined: " + note);
            assertEquals(theirs, ours, TOL, ctx);
            compared++;
        }
    }
}
