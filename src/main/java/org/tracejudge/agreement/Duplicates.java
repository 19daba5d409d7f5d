package org.tracejudge.agreement;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Raters that are copies of another: the same label as an earlier rater (in the table's rater order) on at least
 * {@value #SHARE} of the items both labelled, over at least {@value #MIN_SHARED} of them. Such a rater (a rule that
 * reproduces the benchmark's harness, an imported copy of a judge) is not an independent opinion: counted beside its
 * original it inflates Fleiss' kappa and AC1. The agreement command leaves it out unless it is chosen
 * (calibration.md § rater choice, issue 35).
 */
public final class Duplicates {
    private Duplicates() {}

    public static final double SHARE = 0.99;
    public static final int MIN_SHARED = 20;

    /** {@code rater} gives the same label as the earlier {@code like} on {@code same} of {@code shared} items. */
    public record Duplicate(String rater, String like, int same, int shared) {
        public double share() {
            return (double) same / shared;
        }
    }

    public static List<Duplicate> find(LabelTable t) {
        List<Duplicate> out = new ArrayList<>();
        Set<Integer> flagged = new HashSet<>();
        for (int j = 1; j < t.raterCount(); j++) {
            for (int i = 0; i < j; i++) {
                if (flagged.contains(i)) {
                    continue; // compare with originals only
                }
                int shared = 0;
                int same = 0;
                for (int item = 0; item < t.itemCount(); item++) {
                    int a = t.code(item, i);
                    int b = t.code(item, j);
                    if (a != LabelTable.MISSING && b != LabelTable.MISSING) {
                        shared++;
                        same += a == b ? 1 : 0;
                    }
                }
                if (shared >= MIN_SHARED && same >= SHARE * shared) {
                    out.add(new Duplicate(t.raters().get(j), t.raters().get(i), same, shared));
                    flagged.add(j);
                    break;
                }
            }
        }
        return out;
    }
}
