package org.tracejudge.agreement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which raters the live agreement counts by default (issue 48, item 5). */
class RaterCoverageTest {
    private static LabelTable table(Map<String, Integer> labelled) {
        List<LabelTable.Triple> t = new ArrayList<>();
        labelled.forEach((rater, n) -> {
            for (int i = 0; i < n; i++) {
                t.add(new LabelTable.Triple("t" + i, rater, i % 3 == 0 ? "a" : "b"));
            }
        });
        return LabelTable.of(t);
    }

    @Test
    void aScorerOnTwoTracesIsLeftOutWithTheReason() {
        LabelTable t = table(Map.of("rule", 60, "judge-a", 59, "judge-b", 58, "scorer", 2, "ana", 5));
        RaterCoverage c = RaterCoverage.of(t, List.of("rule", "judge-a", "judge-b", "scorer"));
        assertEquals(Map.of("scorer", "labelled 2 of the 60 traces rule labelled"), c.leftOut());
        assertEquals(5, c.count("ana"), "annotators are counted, never left out");
        assertEquals(0, c.count("nobody"));
        // the ensemble of three on the traces all of them labelled: Fleiss has items again
        LabelTable kept = t.withRaters(List.of("rule", "judge-a", "judge-b"));
        AgreementReport.Fleiss f = new AgreementCalculator(
                        AgreementOptions.defaults().withResamples(0))
                .report(kept)
                .fleiss();
        assertTrue(f != null && f.kappa() != null && f.n() == 58, String.valueOf(f));
    }

    @Test
    void halfTheBestCoverageIsEnoughAndTwoRatersAlwaysStay() {
        RaterCoverage c = RaterCoverage.of(table(Map.of("rule", 60, "judge", 30)), List.of("rule", "judge"));
        assertTrue(c.leftOut().isEmpty(), "half the traces: kept");
        c = RaterCoverage.of(table(Map.of("rule", 60, "judge", 29)), List.of("rule", "judge"));
        assertTrue(c.leftOut().isEmpty(), "leaving it out would leave one rater: kept");
        c = RaterCoverage.of(table(Map.of("rule", 60, "a", 60, "judge", 29)), List.of("rule", "a", "judge"));
        assertEquals(List.of("judge"), List.copyOf(c.leftOut().keySet()));
    }
}
