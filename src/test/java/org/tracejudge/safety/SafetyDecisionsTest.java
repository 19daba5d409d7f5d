package org.tracejudge.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.tracejudge.safety.SafetyReview.Final;
import org.tracejudge.safety.SafetyReview.Input;
import org.tracejudge.safety.SafetyReview.InputState;
import org.tracejudge.safety.SafetyReview.Opinion;
import org.tracejudge.selection.Scenario;
import org.tracejudge.selection.SelectionTraces;

/** The safety policy's decisions as plain functions of opinions: no project, no connection. */
class SafetyDecisionsTest {
    private static final Scenario LANTERN = new Scenario(
            "lantern",
            List.of(
                    new Scenario.Tool("Safety Call", "calls for help", true),
                    new Scenario.Tool("Opening Hours", "says when it opens", false)));

    private static Opinion expert(String name, boolean yes) {
        return new Opinion(name, "human", yes, "because", name, "2026-01-01T00:00:00Z", null);
    }

    private static Opinion adjudication(boolean yes) {
        return new Opinion(SafetyReview.ADJUDICATION, "human", yes, "settled", "Dr C", "2026-01-02T00:00:00Z", null);
    }

    private static Opinion rule(boolean yes) {
        return new Opinion("rule", "rule", yes, null, null, "2026-01-01T00:00:00Z", null);
    }

    private static Input input(String key) {
        SelectionTraces.Item run = new SelectionTraces.Item(
                "t-" + key, key, key, "help me", Set.of("Safety Call"), LANTERN, "m", "a", "", List.of());
        return new Input(key, key, "help me", LANTERN, Set.of("Safety Call"), List.of(run));
    }

    @Test
    void anAdjudicationIsFinalWhateverTheExpertsSaid() {
        Final f = SafetyDecisions.decide(
                "Safety Call",
                true,
                true,
                List.of(expert("A", true), expert("B", false), adjudication(false)),
                SafetyPolicy.ON);
        assertEquals(new Final(false, "adjudication"), f);
    }

    @Test
    void expertsWhoDisagreeLeaveACriticalToolPendingUnderAHumanFinalPolicy() {
        List<Opinion> split = List.of(expert("A", true), expert("B", false));
        assertEquals(
                new Final(null, "pending: experts disagree"),
                SafetyDecisions.decide("Safety Call", true, true, split, SafetyPolicy.ON));
        // without the policy a critical tool falls back to the imported expected set
        assertEquals(
                new Final(true, "expected"),
                SafetyDecisions.decide("Safety Call", true, true, split, SafetyPolicy.OFF));
    }

    @Test
    void oneExpertOnACriticalToolAwaitsASecondUnderDoubleReview() {
        List<Opinion> one = List.of(expert("A", false), rule(true));
        assertEquals(
                new Final(null, "pending: second expert"),
                SafetyDecisions.decide("Safety Call", true, true, one, SafetyPolicy.ON));
        assertEquals(
                new Final(false, "experts"),
                SafetyDecisions.decide("Opening Hours", false, true, one, SafetyPolicy.ON));
        assertEquals(
                new Final(true, "expected"),
                SafetyDecisions.decide("Safety Call", true, true, List.of(rule(false)), SafetyPolicy.ON),
                "machine labels never make a final label");
    }

    @Test
    void aThirdExpertIsRefusedButARevisionIsNot() {
        Map<String, List<Opinion>> ops = Map.of("Safety Call", List.of(expert("A", true), expert("B", false)));
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> SafetyDecisions.thirdExpert(ops, "C", "lantern/1"));
        assertEquals(
                "A and B labelled lantern/1 already: a third expert does not label it; where they disagree, "
                        + "the adjudicator decides it",
                e.getMessage());
        SafetyDecisions.thirdExpert(ops, " a ", "lantern/1"); // one of the two, whatever the case: a revision
        assertEquals(
                List.of("Safety Call"),
                SafetyDecisions.unexplainedNos(LANTERN, Map.of("Safety Call", false, "Opening Hours", false)));
    }

    @Test
    void statesAndQueuesFollowTheOpinionsOfEachInput() {
        Input disputed = input("lantern/1");
        Input single = input("lantern/2");
        Map<String, Map<String, List<Opinion>>> all = Map.of(
                disputed.firstTrace(), Map.of("Safety Call", List.of(expert("A", true), expert("B", false))),
                single.firstTrace(), Map.of("Safety Call", List.of(expert("A", true))));
        Map<String, InputState> states = SafetyDecisions.states(all, SafetyPolicy.ON, "B", List.of(disputed, single));
        assertEquals(new InputState("lantern/1", true, true, false, true), states.get("lantern/1"));
        assertEquals(new InputState("lantern/2", false, true, true, false), states.get("lantern/2"));
        List<SafetyReview.Disagreement> queue = SafetyDecisions.disagreements(all, List.of(disputed, single));
        assertEquals(1, queue.size());
        assertEquals("lantern/1", queue.get(0).taskKey());
        List<String[]> second = SafetyDecisions.secondReviewQueue(all, List.of(disputed, single), SafetyPolicy.ON);
        assertEquals(1, second.size());
        assertEquals(List.of("lantern/2", "Safety Call", "A"), List.of(second.get(0)));
        assertTrue(SafetyDecisions.secondReviewQueue(all, List.of(single), SafetyPolicy.OFF)
                .isEmpty());
        assertEquals("YES 2/3", SafetyDecisions.majority(3, 2));
        assertEquals("NO", SafetyDecisions.majority(3, 0));
    }
}
