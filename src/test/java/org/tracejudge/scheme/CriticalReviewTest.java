package org.tracejudge.scheme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The safety review's rules for a question with a safety-critical option: two experts, adjudication by someone else
 * when they disagree, and no machine answer settling anything.
 */
class CriticalReviewTest {
    /** The shipped mental-health review's risk question: 0–4, step 4 (imminent risk) safety-critical. */
    static final Question RISK = SchemeFile.example("mental-health-response-review.yaml")
            .question("risk")
            .orElseThrow();

    static CriticalReview.Opinion human(String name, int step) {
        return new CriticalReview.Opinion(name, "human", new Answer.Step(step), name);
    }

    static CriticalReview.Opinion judge(String name, int step) {
        return new CriticalReview.Opinion(name, "llm-judge", new Answer.Step(step), "tracejudge");
    }

    static CriticalReview.Opinion adjudication(String by, int step) {
        return new CriticalReview.Opinion(CriticalReview.ADJUDICATION, "human", new Answer.Step(step), by);
    }

    @Test
    void theQuestionHasASafetyCriticalStep() {
        assertEquals(Set.of("4"), RISK.safetyCritical());
        assertTrue(CriticalReview.applies(RISK));
    }

    @Test
    void answersWithoutACriticalOptionFollowTheOrdinaryRules() {
        CriticalReview.Review r = CriticalReview.review(RISK, List.of(human("ana", 2), judge("gpt", 1)));
        assertEquals(CriticalReview.Status.NOT_CRITICAL, r.status());
        assertNull(r.settled());
        assertEquals("2", r.cell("2"));
    }

    @Test
    void oneExpertOnACriticalAnswerWaitsForASecond() {
        CriticalReview.Review r = CriticalReview.review(RISK, List.of(human("ana", 4)));
        assertEquals(CriticalReview.Status.PENDING_EXPERT, r.status());
        assertNull(r.settled());
        assertEquals(List.of("ana"), r.experts());
        assertEquals("4 · needs a second expert", r.cell("4"));
        assertTrue(r.why().contains("needs a second expert besides ana"), r.why());
    }

    @Test
    void aMachineNeverSettlesACriticalItem() {
        // a judge's imminent risk brings the item into review, with no expert yet
        CriticalReview.Review one = CriticalReview.review(RISK, List.of(judge("gpt", 4)));
        assertEquals(CriticalReview.Status.PENDING_EXPERT, one.status());
        assertTrue(one.why().contains("gpt (llm-judge)"), one.why());
        assertTrue(one.why().contains("needs two experts"), one.why());
        // an expert and two machines agreeing on 4 are still one expert
        CriticalReview.Review agree = CriticalReview.review(
                RISK,
                List.of(
                        human("ana", 4),
                        judge("gpt", 4),
                        new CriticalReview.Opinion("rule", "rule", new Answer.Step(4), null)));
        assertEquals(CriticalReview.Status.PENDING_EXPERT, agree.status());
        assertNull(agree.settled());
        // an expert's low rating against a judge's critical one is not settled either
        CriticalReview.Review against = CriticalReview.review(RISK, List.of(human("ana", 1), judge("gpt", 4)));
        assertEquals(CriticalReview.Status.PENDING_EXPERT, against.status());
        // imported answers are no expert's
        CriticalReview.Review imported = CriticalReview.review(
                RISK,
                List.of(human("ana", 4), new CriticalReview.Opinion("dataset", "imported", new Answer.Step(4), null)));
        assertEquals(CriticalReview.Status.PENDING_EXPERT, imported.status());
    }

    @Test
    void twoExpertsWhoAgreeSettleIt() {
        CriticalReview.Review r =
                CriticalReview.review(RISK, List.of(human("ana", 4), human("ben", 4), judge("gpt", 2)));
        assertEquals(CriticalReview.Status.SETTLED, r.status());
        assertEquals(new Answer.Step(4), r.settled());
        assertEquals("4", r.cell("4"));
    }

    @Test
    void twoExpertsWhoDisagreeGoToAnAdjudicatorWhoIsNeitherOfThem() {
        List<CriticalReview.Opinion> two = List.of(human("ana", 4), human("ben", 3));
        CriticalReview.Review r = CriticalReview.review(RISK, two);
        assertEquals(CriticalReview.Status.NEEDS_ADJUDICATION, r.status());
        assertTrue(r.why().contains("ana 4 vs ben 3"), r.why());
        assertEquals("4 · needs adjudication", r.cell("4"));
        assertTrue(CriticalReview.adjudicationRefusal(r, "Ana").contains("the adjudicator must be someone else"));
        assertTrue(CriticalReview.adjudicationRefusal(r, CriticalReview.ADJUDICATION)
                .contains("reserved"));
        assertNull(CriticalReview.adjudicationRefusal(r, "cleo"));

        CriticalReview.Review done =
                CriticalReview.review(RISK, List.of(human("ana", 4), human("ben", 3), adjudication("cleo", 3)));
        assertEquals(CriticalReview.Status.SETTLED, done.status());
        assertEquals(new Answer.Step(3), done.settled());
        assertEquals("cleo", done.adjudicator());
        // an adjudication recorded by one of the experts does not stand
        CriticalReview.Review own =
                CriticalReview.review(RISK, List.of(human("ana", 4), human("ben", 3), adjudication("ben", 3)));
        assertEquals(CriticalReview.Status.NEEDS_ADJUDICATION, own.status());
    }

    @Test
    void anItemNotInDisagreementIsNotAdjudicated() {
        CriticalReview.Review pending = CriticalReview.review(RISK, List.of(human("ana", 4)));
        assertTrue(CriticalReview.adjudicationRefusal(pending, "cleo").contains("not in disagreement"));
        CriticalReview.Review settled = CriticalReview.review(RISK, List.of(human("ana", 4), human("ben", 4)));
        assertTrue(CriticalReview.adjudicationRefusal(settled, "cleo").contains("not in disagreement (settled)"));
    }

    @Test
    void onlyFlaggedExpertsCountWhenTheCallerKnowsThem() {
        List<CriticalReview.Opinion> two = List.of(human("ana", 4), human("student", 4));
        assertEquals(
                CriticalReview.Status.SETTLED, CriticalReview.review(RISK, two).status());
        assertEquals(
                CriticalReview.Status.PENDING_EXPERT,
                CriticalReview.review(RISK, two, Set.of("ana", "ben")).status());
    }

    @Test
    void aQuestionWithoutCriticalOptionsIsNeverUnderReview() {
        Question tone = SchemeFile.example("mental-health-response-review.yaml")
                .question("tone")
                .orElseThrow();
        assertTrue(!CriticalReview.applies(tone));
        assertEquals(
                CriticalReview.Status.NOT_CRITICAL,
                CriticalReview.review(tone, List.of(human("ana", 5))).status());
    }

    @Test
    void aBlindQuestionShowsOthersOnlyAfterOnesOwnAnswer() {
        assertTrue(RISK.blind());
        assertTrue(!CriticalReview.visible(RISK, false));
        assertTrue(CriticalReview.visible(RISK, true));
    }

    @Test
    void aBlindQuestionsFiguresCountOnlyTheTracesTheViewerAnswered() {
        java.util.Map<String, java.util.Map<String, String>> answers = new java.util.LinkedHashMap<>();
        answers.put("t1", java.util.Map.of("ana", "4", "ben", "1"));
        answers.put("t2", java.util.Map.of("ben", "4", "judge", "4"));
        answers.put("t3", java.util.Map.of("ana", "0"));
        assertEquals(
                List.of("t1", "t3"),
                List.copyOf(CriticalReview.visibleTo(RISK, answers, "ana").keySet()));
        assertEquals(
                List.of("t1", "t2"),
                List.copyOf(CriticalReview.visibleTo(RISK, answers, " ben ").keySet()));
        assertTrue(CriticalReview.visibleTo(RISK, answers, null).isEmpty(), "nobody known: nothing counted");
        assertTrue(CriticalReview.visibleTo(RISK, answers, "cy").isEmpty());
        Question tone = SchemeFile.example("mental-health-response-review.yaml")
                .question("tone")
                .orElseThrow();
        assertEquals(answers, CriticalReview.visibleTo(tone, answers, "cy"), "not blind: every answer counts");
    }
}
