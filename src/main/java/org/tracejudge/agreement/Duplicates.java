package org.tracejudge.agreement;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Raters that are copies of another: the same label as another rater on at least
 * {@value #SHARE} of the items both labelled, over at least {@value #MIN_SHARED} of them (of two copies, the one with
 * fewer labels, or else the name that sorts later, is the copy). Such a rater (a rule that
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
        // which of two copies is "the copy" must not depend on column order (the workbench and the command list raters
        // differently): the rater with more labels is the original, ties to the name that sorts first
        int[] count = new int[t.raterCount()];
        for (int r = 0; r < t.raterCount(); r++) {
            for (int item = 0; item < t.itemCount(); item++) {
                count[r] += t.code(item, r) == LabelTable.MISSING ? 0 : 1;
            }
        }
        List<Integer> order = new ArrayList<>();
        for (int r = 0; r < t.raterCount(); r++) {
            order.add(r);
        }
        order.sort((a, b) -> count[a] != count[b]
                ? Integer.compare(count[b], count[a])
                : t.raters().get(a).compareTo(t.raters().get(b)));
        List<Duplicate> out = new ArrayList<>();
        Set<Integer> flagged = new HashSet<>();
        for (int jj = 1; jj < order.size(); jj++) {
            int j = order.get(jj);
            for (int ii = 0; ii < jj; ii++) {
                int i = order.get(ii);
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
