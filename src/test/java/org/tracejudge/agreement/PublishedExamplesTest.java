package org.tracejudge.agreement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Worked examples from the literature and by hand. */
class PublishedExamplesTest {

    /**
     * Fleiss (1971), "Measuring nominal scale agreement among many raters", Table 1: 30 patients,
     * 6 psychiatrists each, 5 diagnoses (1 depression, 2 personality disorder, 3 schizophrenia,
     * 4 neurosis, 5 other). Each string lists the six diagnoses of one patient. κ = 0.430.
     */
    private static final String[] FLEISS_1971 = {
        "444444", "222555", "233335", "555555", "222444", "113333", "333355", "113334", "114444", "555555",
        "144444", "124444", "222333", "144444", "224445", "333335", "111455", "111112", "224444", "133555",
        "555555", "244444", "224555", "114444", "144445", "222224", "111155", "224444", "133333", "555555"
    };

    @Test
    void fleiss1971PsychiatricDiagnoses() {
        LabelTable.Builder b = LabelTable.builder();
        for (int i = 0; i < FLEISS_1971.length; i++) {
            for (int r = 0; r < 6; r++) {
                b.add("patient" + i, "psychiatrist" + r, "dx" + FLEISS_1971[i].charAt(r));
            }
        }
        LabelTable t = b.build();
        FleissResult f = FleissKappa.compute(t, t.raters());
        assertEquals(30, f.n());
        assertEquals(0.430, f.kappa(), 0.0005);
        assertEquals(0.43024452006014074, f.kappa(), 1e-12); // statsmodels fleiss_kappa on the same table
    }

    /**
     * Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", nominal example C: 4 observers,
     * 12 units, missing values ("."), unit 12 has a single value and is not pairable. α = 0.743.
     */
    @Test
    void krippendorffNominalExampleWithMissingData() {
        String[][] rows = {
            {"1", "2", "3", "3", "2", "1", "4", "1", "2", null, null, null},
            {"1", "2", "3", "3", "2", "2", "4", "1", "2", "5", null, "3"},
            {null, "3", "3", "3", "2", "3", "4", "2", "2", "5", "1", null},
            {"1", "2", "3", "3", "2", "4", "4", "1", "2", "5", "1", null},
        };
        LabelTable.Builder b = LabelTable.builder();
        for (int o = 0; o < rows.length; o++) {
            for (int u = 0; u < 12; u++) {
                if (rows[o][u] != null) {
                    b.add("unit" + (u + 1), "observer" + (char) ('A' + o), rows[o][u]);
                }
            }
        }
        AlphaResult a = KrippendorffAlpha.compute(b.build());
        assertEquals(11, a.n());
        assertEquals(40, a.pairableValues());
        assertEquals(0.743, a.value(), 0.0005);
    }

    /**
     * Two raters, three categories, n = 100, worked by hand:
     * <pre>
     *          b:x  b:y  b:z | row
     *   a:x     25    3    2 |  30
     *   a:y      4   30    6 |  40
     *   a:z      1    2   27 |  30
     *   col     30   35   35 | 100
     * </pre>
     * p_o = 82/100 = 0.82; p_e = (30·30 + 40·35 + 30·35)/100² = 3350/10000 = 0.335;
     * κ = (0.82 − 0.335)/(1 − 0.335) = 0.485/0.665 = 97/133.
     */
    @Test
    void cohenTwoRatersByHand() {
        int[][] conf = {{25, 3, 2}, {4, 30, 6}, {1, 2, 27}};
        String[] labels = {"x", "y", "z"};
        LabelTable.Builder b = LabelTable.builder();
        int item = 0;
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                for (int c = 0; c < conf[i][j]; c++) {
                    b.add("t" + item, "a", labels[i]).add("t" + item, "b", labels[j]);
                    item++;
                }
            }
        }
        LabelTable t = b.build();
        CohenResult r = CohenKappa.compute(t, "a", "b");
        assertEquals(100, r.n());
        assertEquals(0.82, r.agreement(), 1e-12);
        assertEquals(0.335, r.expectedAgreement(), 1e-12);
        assertEquals(97.0 / 133.0, r.kappa(), 1e-12);
        // Fleiss, Cohen & Everitt (1969) large-sample SE; statsmodels cohens_kappa(...).std_kappa agrees
        assertEquals(0.057706873232852965, r.se(), 1e-12);
        assertEquals(List.of("x", "y", "z"), r.confusion().labels());
        assertEquals(6, r.confusion().count("y", "z"));
        assertEquals(List.of("t64", "t65", "t66", "t67", "t68", "t69"), t.itemsInCell("a", "b", "y", "z"));
    }

    @Test
    void undefinedCasesAreNullWithAReason() {
        LabelTable same = LabelTable.builder()
                .add("1", "a", "correct")
                .add("1", "b", "correct")
                .add("2", "a", "correct")
                .add("2", "b", "correct")
                .build();
        CohenResult c = CohenKappa.compute(same, "a", "b");
        assertNull(c.kappa());
        assertEquals(1.0, c.agreement());
        assertEquals("p_e = 1: both raters used only 'correct'", c.note());
        FleissResult f = FleissKappa.compute(same, List.of("a", "b"));
        assertNull(f.kappa());
        assertTrue(f.note().contains("'correct'"), f.note());
        AlphaResult a = KrippendorffAlpha.compute(same);
        assertNull(a.value());
        assertTrue(a.note().contains("single category"), a.note());

        LabelTable disjoint =
                LabelTable.builder().add("1", "a", "x").add("2", "b", "y").build();
        CohenResult d = CohenKappa.compute(disjoint, "a", "b");
        assertEquals(0, d.n());
        assertNull(d.kappa());
        assertNull(d.agreement());
        assertTrue(d.note().startsWith("n = 0"), d.note());
        assertNull(KrippendorffAlpha.compute(disjoint).value());
        assertNull(FleissKappa.compute(disjoint, List.of("a")).kappa());
    }
}
