package org.tracejudge.calibration;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.tracejudge.agreement.LabelTable;

/**
 * The Dawid-Skene fit of the same labels held in another order (two laptops of a team, a merged project): with the
 * items in their ids' order, as {@code calibration --latent} fits them, it is the same fit to the last bit.
 */
class LatentOrderTest {
    private static List<LabelTable.Triple> labels() {
        Random rnd = new Random(11);
        String[] raters = {"rule", "dtree", "evidence", "anna"};
        String[] values = {"correct", "tool_skip", "result_ignore"};
        List<LabelTable.Triple> out = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            int truth = rnd.nextInt(values.length);
            for (String r : raters) {
                if (rnd.nextDouble() < 0.15) {
                    continue; // a missing label
                }
                int v = rnd.nextDouble() < 0.7 ? truth : rnd.nextInt(values.length);
                out.add(new LabelTable.Triple("t-" + i, r, values[v]));
            }
        }
        return out;
    }

    @Test
    void theSameLabelsInAnotherOrderGiveTheSameFit() {
        List<LabelTable.Triple> a = labels();
        List<LabelTable.Triple> b = new ArrayList<>(a);
        Collections.shuffle(b, new Random(5));
        // the raters' order is the project's column order, the same on every laptop; only the items' order varies
        List<String> raters = List.of("rule", "dtree", "evidence", "anna");
        LabelTable ta = LabelTable.of(a).withRaters(raters).sortedByItem();
        LabelTable tb = LabelTable.of(b).withRaters(raters).sortedByItem();
        assertEquals(ta.items(), tb.items());
        DawidSkene.Fit fa = DawidSkene.fit(ta, 4, 42);
        DawidSkene.Fit fb = DawidSkene.fit(tb, 4, 42);
        assertEquals(fa.logLikelihood(), fb.logLikelihood(), 0.0);
        assertEquals(fa.iterations(), fb.iterations());
        assertArrayEquals(fa.priors(), fb.priors(), 0.0);
        for (int r = 0; r < fa.raters().size(); r++) {
            int rb = fb.raters().indexOf(fa.raters().get(r));
            for (int k = 0; k < fa.labels().size(); k++) {
                assertArrayEquals(
                        fa.confusion()[r][k],
                        fb.confusion()[rb][k],
                        0.0,
                        fa.raters().get(r));
            }
        }
        for (int i = 0; i < ta.items().size(); i++) {
            assertArrayEquals(
                    fa.posterior()[i], fb.posterior()[i], 0.0, ta.items().get(i));
        }
    }
}
