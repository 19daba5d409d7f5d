package org.tracejudge.agreement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link LabelTable#withRaters} reads the codes directly; it must give the table that adding the kept raters' labels
 * one by one through the builder gives (items, label order, codes, strata), on random tables with missing cells and
 * on a subset whose labels are all integers (then sorted as numbers, unlike the whole table).
 */
class LabelTableTest {
    @Test
    void keepingRatersEqualsRebuildingFromTheirLabels() {
        SplittableRandom rng = new SplittableRandom(11);
        for (int round = 0; round < 200; round++) {
            int raters = 2 + rng.nextInt(4);
            LabelTable t = RandomTables.random(rng, raters, 1 + rng.nextInt(5), 1 + rng.nextInt(60), rng.nextDouble());
            List<String> keep = new ArrayList<>();
            for (String r : t.raters()) {
                if (rng.nextBoolean()) {
                    keep.add(0, r); // another order than the table's
                }
            }
            if (keep.isEmpty()) {
                keep.add(t.raters().get(0));
            }
            assertSameTable(rebuilt(t, keep), t.withRaters(keep));
        }
    }

    @Test
    void aSubsetOfNumbersSortsAsNumbersAndStrataAreShared() {
        LabelTable.Builder b = LabelTable.builder();
        b.add("i1", "a", "10").add("i1", "b", "x").add("i2", "a", "9").add("i3", "b", "y");
        b.strata("i1", Map.of("model", "m1"))
                .strata("i2", Map.of("model", "m1"))
                .strata("i3", Map.of("model", "m2"));
        LabelTable t = b.build();
        assertEquals(List.of("10", "9", "x", "y"), t.labels());
        LabelTable a = t.withRaters(List.of("a"));
        assertEquals(List.of("9", "10"), a.labels());
        assertEquals(List.of("i1", "i2"), a.items());
        assertEquals("10", a.label(0, 0));
        assertSameTable(rebuilt(t, List.of("a")), a);
        assertSame(t.strata(0), t.strata(1), "items of one stratum share one map");
    }

    private static LabelTable rebuilt(LabelTable t, List<String> keep) {
        LabelTable.Builder b = LabelTable.builder();
        keep.forEach(b::addRater);
        for (int i = 0; i < t.itemCount(); i++) {
            for (String r : keep) {
                String l = t.label(i, t.raterIndex(r));
                if (l != null) {
                    b.add(t.items().get(i), r, l);
                }
            }
            if (b.hasItem(t.items().get(i))) {
                b.strata(t.items().get(i), t.strata(i));
            }
        }
        return b.build();
    }

    private static void assertSameTable(LabelTable want, LabelTable got) {
        assertEquals(want.items(), got.items());
        assertEquals(want.raters(), got.raters());
        assertEquals(want.labels(), got.labels());
        for (int i = 0; i < want.itemCount(); i++) {
            for (int r = 0; r < want.raterCount(); r++) {
                assertEquals(want.code(i, r), got.code(i, r), "item " + i + " rater " + r);
            }
            assertEquals(want.strata(i), got.strata(i));
        }
        assertEquals(new HashSet<>(want.triples()), new HashSet<>(got.triples()));
    }
}
