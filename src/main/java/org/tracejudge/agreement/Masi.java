package org.tracejudge.agreement;

import java.util.HashSet;
import java.util.Set;

/**
 * The MASI distance between two sets of options (Passonneau 2006, "Measuring agreement on set-valued items (MASI)
 * for semantic and pragmatic annotation", LREC): 1 − J·M, with J = |A ∩ B| / |A ∪ B| (Jaccard) and M = 1 when the
 * sets are equal, 2/3 when one contains the other, 1/3 when they share some option otherwise, 0 when disjoint. Two
 * empty sets are equal (distance 0).
 */
public final class Masi {
    private Masi() {}

    public static double distance(Set<String> a, Set<String> b) {
        if (a.isEmpty() && b.isEmpty()) {
            return 0;
        }
        Set<String> both = new HashSet<>(a);
        both.retainAll(b);
        int inter = both.size();
        return fromSizes(a.size(), b.size(), inter);
    }

    /** From |A|, |B| and |A ∩ B|. */
    static double fromSizes(int a, int b, int inter) {
        int union = a + b - inter;
        if (union == 0) {
            return 0;
        }
        double m;
        if (inter == a && inter == b) {
            m = 1;
        } else if (inter == a || inter == b) {
            m = 2.0 / 3;
        } else if (inter > 0) {
            m = 1.0 / 3;
        } else {
            m = 0;
        }
        return 1 - (double) inter / union * m;
    }
}
