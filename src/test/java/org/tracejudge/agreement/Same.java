package org.tracejudge.agreement;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Field-by-field equality of point estimates to a tolerance. */
final class Same {
    private Same() {}

    static void points(PointEstimates e, PointEstimates a, double tol, String ctx) {
        assertEquals(e.raters(), a.raters(), ctx);
        assertEquals(e.labels(), a.labels(), ctx);
        assertEquals(e.nItems(), a.nItems(), ctx + " n_items");
        assertEquals(e.pairwise().size(), a.pairwise().size(), ctx);
        for (int i = 0; i < e.pairwise().size(); i++) {
            cohen(e.pairwise().get(i), a.pairwise().get(i), tol, ctx + " pair " + i);
        }
        fleiss(e.fleiss(), a.fleiss(), tol, ctx + " fleiss");
        AlphaResult ea = e.alpha();
        AlphaResult aa = a.alpha();
        assertEquals(ea.n(), aa.n(), ctx + " alpha n");
        assertEquals(ea.pairableValues(), aa.pairableValues(), ctx);
        num(ea.value(), aa.value(), tol, ctx + " alpha");
        num(ea.observedDisagreement(), aa.observedDisagreement(), tol, ctx + " D_o");
        assertEquals(ea.note(), aa.note(), ctx);
        assertEquals(e.perLabel().size(), a.perLabel().size(), ctx);
        for (int k = 0; k < e.perLabel().size(); k++) {
            PerLabelResult el = e.perLabel().get(k);
            PerLabelResult al = a.perLabel().get(k);
            String c = ctx + " label " + el.label();
            assertEquals(el.label(), al.label(), c);
            assertEquals(el.prevalence(), al.prevalence(), tol, c);
            fleiss(el.fleiss(), al.fleiss(), tol, c + " fleiss");
            for (int i = 0; i < el.pairwise().size(); i++) {
                cohen(el.pairwise().get(i), al.pairwise().get(i), tol, c + " pair " + i);
            }
            assertEquals(el.lowPrevalenceEffect(), al.lowPrevalenceEffect(), c);
        }
        assertEquals(e.weighted().size(), a.weighted().size(), ctx);
        for (int i = 0; i < e.weighted().size(); i++) {
            num(e.weighted().get(i).kappa(), a.weighted().get(i).kappa(), tol, ctx + " weighted " + i);
        }
    }

    static void cohen(CohenResult e, CohenResult a, double tol, String ctx) {
        assertEquals(e.raterA(), a.raterA(), ctx);
        assertEquals(e.raterB(), a.raterB(), ctx);
        assertEquals(e.n(), a.n(), ctx + " n");
        num(e.agreement(), a.agreement(), tol, ctx + " p_o");
        num(e.kappa(), a.kappa(), tol, ctx + " kappa");
        num(e.se(), a.se(), tol, ctx + " se");
        num(e.expectedAgreement(), a.expectedAgreement(), tol, ctx + " p_e");
        assertEquals(e.note(), a.note(), ctx);
        assertEquals(e.confusion().labels(), a.confusion().labels(), ctx);
        for (int i = 0; i < e.confusion().counts().length; i++) {
            assertArrayEquals(e.confusion().counts()[i], a.confusion().counts()[i], ctx + " confusion");
        }
    }

    static void fleiss(FleissResult e, FleissResult a, double tol, String ctx) {
        assertEquals(e.raters(), a.raters(), ctx);
        assertEquals(e.n(), a.n(), ctx + " n");
        num(e.kappa(), a.kappa(), tol, ctx + " kappa");
        num(e.observedAgreement(), a.observedAgreement(), tol, ctx + " P");
        num(e.expectedAgreement(), a.expectedAgreement(), tol, ctx + " P_e");
        assertEquals(e.note(), a.note(), ctx);
    }

    static void num(Double e, Double a, double tol, String ctx) {
        if (e == null) {
            assertNull(a, ctx);
        } else {
            assertEquals(e, a, tol, ctx);
        }
    }
}
