package org.tracejudge.agreement;

import java.util.List;

/**
 * Every point coefficient for one label table (no intervals).
 *
 * @param weighted  linear and quadratic weighted kappa per pair when every label is an integer score, else empty
 */
public record PointEstimates(
        List<String> raters,
        List<String> labels,
        int nItems,
        List<CohenResult> pairwise,
        FleissResult fleiss,
        AlphaResult alpha,
        List<PerLabelResult> perLabel,
        List<WeightedKappaResult> weighted,
        Double ac1) {

    /** The pairwise result for raters a and b (either order), or null. */
    public CohenResult pair(String a, String b) {
        for (CohenResult r : pairwise) {
            if ((r.raterA().equals(a) && r.raterB().equals(b))
                    || (r.raterA().equals(b) && r.raterB().equals(a))) {
                return r;
            }
        }
        return null;
    }
}
