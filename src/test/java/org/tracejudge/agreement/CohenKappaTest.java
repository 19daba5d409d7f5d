package org.tracejudge.agreement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Cohen's kappa standard error and edge cases. */
class CohenKappaTest {
    /** {confusion rows ';'-separated, statsmodels kappa, statsmodels std_kappa (Fleiss, Cohen & Everitt 1969)}. */
    private static final String[][] STATSMODELS = {
        {"4,2,4;4,28,4;1,4,3", "0.3223249669749009", "0.1075025229768348"},
        {"26,0,1;2,27,4;3,4,26", "0.7741935483870968", "0.055609261736578215"},
        {"0,3;2,27", "-0.08108108108108109", "0.03940424823743316"},
        {"29,4,4,2,2;2,26,2,0,3;2,3,25,3,0;4,3,4,4,0;0,0,1,2,1", "0.5619806681363406", "0.05373860803970025"},
        {"27,1,3,4;4,29,3,2;2,4,25,4;0,4,0,28", "0.7047619047619048", "0.046715928806926155"},
        {"29,3,4,0;2,27,1,1;2,2,0,4;2,2,2,3", "0.5448634590377112", "0.06717726510765719"},
        {"29,2;3,25", "0.8297749567224466", "0.07278284335625965"},
        {"29,2,0;4,2,2;0,4,28", "0.7154308617234469", "0.06849158352380447"},
        {"28,3,3,0;1,25,4,4;0,4,29,1;4,0,0,4", "0.6928089364673028", "0.05443593334475984"},
        {"4,0,0,4,1;4,0,2,2,0;1,0,1,2,0;4,0,1,29,0;2,0,0,0,3", "0.3643482266236758", "0.08512565668213204"},
        {"29,2;2,27", "0.8665183537263627", "0.06447707700169276"},
        {"29,2,1,3,1;3,4,0,3,0;0,3,28,3,1;4,4,3,3,0;2,0,0,0,4", "0.5483127795094187", "0.059714804976513616"},
    };

    @Test
    void standardErrorMatchesStatsmodels() {
        for (String[] g : STATSMODELS) {
            String[] rows = g[0].split(";");
            int l = rows.length;
            long[] conf = new long[l * l];
            List<String> labels = new ArrayList<>();
            for (int i = 0; i < l; i++) {
                labels.add("c" + i);
                String[] cells = rows[i].split(",");
                for (int j = 0; j < l; j++) {
                    conf[i * l + j] = Long.parseLong(cells[j]);
                }
            }
            CohenResult r = CohenKappa.fromConfusion("a", "b", labels, conf);
            assertEquals(Double.parseDouble(g[1]), r.kappa(), 1e-12, g[0]);
            assertEquals(Double.parseDouble(g[2]), r.se(), 1e-12, g[0]);
        }
    }

    /** The analytic SE and the bootstrap interval's half-width / 1.96 should roughly agree at large n. */
    @Test
    void standardErrorAgreesWithBootstrapSpread() {
        SplittableRandom rng = new SplittableRandom(77);
        for (int t = 0; t < 5; t++) {
            LabelTable tab = RandomTables.correlated(rng, 2, 2 + t, 2000, 0.5 + 0.1 * t, 0.0);
            CohenResult r = CohenKappa.compute(tab, "r0", "r1");
            Interval iv = new Bootstrap(1000, 42, 2).intervals(tab, new int[] {0, 1})[0];
            double ratio = iv.halfWidth() / 1.96 / r.se();
            assertTrue(ratio > 0.85 && ratio < 1.15, "bootstrap/analytic " + ratio);
        }
    }

    @Test
    void perfectAgreementHasZeroSe() {
        LabelTable t = WeightedKappaTest.table("aabbc", "aabbc");
        CohenResult r = CohenKappa.compute(t, "a", "b");
        assertEquals(1.0, r.kappa(), 1e-15);
        assertEquals(0.0, r.se(), 1e-12);
    }

    @Test
    void emptyAndTinyTablesDoNotBreak() {
        LabelTable empty = LabelTable.builder().build();
        AgreementReport r = new AgreementCalculator().report(empty);
        assertEquals(0, r.nItems());
        assertTrue(r.pairwise().isEmpty());
        assertNull(r.fleiss().kappa());
        assertNull(r.alpha().value());
        ReportText.render(r);

        LabelTable one = LabelTable.builder().add("t1", "a", "x").build();
        AgreementReport r1 = new AgreementCalculator().report(one);
        assertNull(r1.alpha().value());
        assertTrue(r1.fleiss().note().contains("at least 2 raters"), r1.fleiss().note());

        LabelTable pair =
                LabelTable.builder().add("t1", "a", "x").add("t1", "b", "y").build();
        AgreementReport r2 = new AgreementCalculator().report(pair);
        assertEquals(0.0, r2.pair("a", "b").kappa()); // p_o = p_e = 0: defined, κ = 0
    }
}
