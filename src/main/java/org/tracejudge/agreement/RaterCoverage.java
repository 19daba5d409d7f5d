package org.tracejudge.agreement;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Which raters the live agreement counts by default (issue 48, item 5): a machine rater that labelled far fewer traces
 * than the others (an imported scorer on 2 traces of 60) would leave Fleiss' κ and every per-label κ without a trace
 * labelled by all, so it is left out until a person ticks it. A candidate is sparse when it labelled fewer than half
 * the traces the best-covering candidate labelled; nobody is left out where fewer than two candidates would stay.
 * Annotators are never candidates: they label subsets by design and count in the pairs and α.
 *
 * @param labelled per rater of the table, how many items it labelled
 * @param leftOut  the sparse candidates, each with why
 */
public record RaterCoverage(Map<String, Integer> labelled, Map<String, String> leftOut) {

    /** The raters of {@code table} with their label counts, {@code candidates} checked for sparseness. */
    public static RaterCoverage of(LabelTable table, Collection<String> candidates) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (int r = 0; r < table.raterCount(); r++) {
            int n = 0;
            for (int i = 0; i < table.itemCount(); i++) {
                if (table.code(i, r) != LabelTable.MISSING) {
                    n++;
                }
            }
            counts.put(table.raters().get(r), n);
        }
        String best = null;
        for (String c : candidates) {
            if (counts.containsKey(c) && (best == null || counts.get(c) > counts.get(best))) {
                best = c;
            }
        }
        Map<String, String> out = new LinkedHashMap<>();
        List<String> kept = new ArrayList<>();
        for (String c : candidates) {
            Integer n = counts.get(c);
            if (n == null) {
                continue;
            }
            if (best != null && 2L * n < counts.get(best)) {
                out.put(
                        c,
                        String.format(
                                Locale.ROOT, "labelled %d of the %d traces %s labelled", n, counts.get(best), best));
            } else {
                kept.add(c);
            }
        }
        if (kept.size() < 2) {
            out.clear();
        }
        return new RaterCoverage(Map.copyOf(counts), java.util.Collections.unmodifiableMap(out));
    }

    /** How many items {@code rater} labelled (0 when it is not in the table). */
    public int count(String rater) {
        return labelled.getOrDefault(rater, 0);
    }
}
