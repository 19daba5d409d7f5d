package org.tracejudge.team;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AssignerTest {
    private static List<String> items(int n) {
        List<String> l = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            l.add(String.format("t%04d", i));
        }
        return l;
    }

    @Test
    void eachItemGoesToExactlyKDifferentReviewersAndLoadsDifferByAtMostOne() {
        List<String> people = List.of("ann", "ben", "cat", "dan", "eve");
        for (int k = 1; k <= 3; k++) {
            for (int n : new int[] {1, 7, 100, 333}) {
                List<Assigner.Assignment> plan = Assigner.overlap(items(n), people, k, 42);
                Map<String, Set<String>> per = new HashMap<>();
                Map<String, Integer> load = new HashMap<>();
                for (Assigner.Assignment a : plan) {
                    assertTrue(
                            per.computeIfAbsent(a.traceId(), x -> new HashSet<>())
                                    .add(a.reviewer()),
                            "no one twice");
                    load.merge(a.reviewer(), 1, Integer::sum);
                }
                assertEquals(n, per.size());
                int kk = k;
                per.values().forEach(s -> assertEquals(kk, s.size()));
                people.forEach(p -> load.putIfAbsent(p, 0));
                int max = load.values().stream().max(Integer::compare).orElseThrow();
                int min = load.values().stream().min(Integer::compare).orElseThrow();
                assertTrue(max - min <= 1, "balanced: " + load);
                assertEquals(n * k, plan.size());
            }
        }
    }

    @Test
    void theSameSeedGivesTheSamePlanAnotherSeedAnother() {
        List<String> people = List.of("ann", "ben", "cat");
        assertEquals(
                Assigner.overlap(items(50), people, 2, 7),
                Assigner.overlap(items(50), List.of("cat", "ann", "ben"), 2, 7),
                "order of the names does not matter");
        assertNotEquals(Assigner.overlap(items(50), people, 1, 7), Assigner.overlap(items(50), people, 1, 8));
        assertThrows(IllegalArgumentException.class, () -> Assigner.overlap(items(5), people, 4, 1));
    }

    @Test
    void doubleReviewGivesTwoDifferentExpertsAndAnAdjudicatorWhoIsNeither() {
        List<Assigner.Assignment> plan =
                Assigner.doubleReview(items(40), List.of("ann", "ben", "cat"), List.of("ann", "ben", "cat", "lead"), 3);
        Map<String, List<Assigner.Assignment>> per = new HashMap<>();
        plan.forEach(
                a -> per.computeIfAbsent(a.traceId(), x -> new ArrayList<>()).add(a));
        for (List<Assigner.Assignment> l : per.values()) {
            Set<String> reviewers = new HashSet<>();
            String adjudicator = null;
            for (Assigner.Assignment a : l) {
                if (a.duty().equals(Assigner.REVIEW)) {
                    reviewers.add(a.reviewer());
                } else {
                    adjudicator = a.reviewer();
                }
            }
            assertEquals(2, reviewers.size());
            assertTrue(adjudicator != null && !reviewers.contains(adjudicator));
        }
        assertThrows(
                IllegalArgumentException.class,
                () -> Assigner.doubleReview(items(3), List.of("ann", "ben"), List.of("ann", "ben"), 1),
                "two experts and nobody else to adjudicate");
    }
}
