package org.tracejudge.ui.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The state of the return-and-answer pair: think blocks folded per trace, the evidence keys' place wrapping round. */
class ReturnAndAnswerViewModelTest {
    @Test
    void thinkBlocksUnfoldUntilAnotherTrace() {
        ReturnAndAnswerViewModel m = new ReturnAndAnswerViewModel();
        assertFalse(m.thinkOpen(0));
        m.toggleThink(0);
        m.toggleThink(2);
        assertTrue(m.thinkOpen(0));
        assertTrue(m.thinkOpen(2));
        m.toggleThink(0);
        assertFalse(m.thinkOpen(0), "a second click folds it again");
        m.newTrace();
        assertFalse(m.thinkOpen(2), "another trace starts folded");
    }

    @Test
    void evidenceKeysWrapAndStartOverOnANewAnswer() {
        ReturnAndAnswerViewModel m = new ReturnAndAnswerViewModel();
        assertEquals(-1, m.evidenceAt());
        assertEquals(-1, m.stepEvidence(true, 0), "no highlight: nowhere to go");
        assertEquals(2, m.stepEvidence(false, 3), "backwards first: the last");
        assertEquals(0, m.stepEvidence(true, 3), "past the last: the first");
        assertEquals(1, m.stepEvidence(true, 3));
        m.answerDrawn();
        assertEquals(-1, m.evidenceAt());
        assertEquals(0, m.stepEvidence(true, 3));
    }

    @Test
    void noEvidenceMeansNothingToFold() {
        assertNull(ReturnAndAnswerViewModel.answerEvidence(null, null));
    }

    @Test
    void theRulesEvidenceIsUsedAsItIs() {
        org.tracejudge.rules.Evidence ev = new org.tracejudge.rules.Evidence(
                null,
                null,
                null,
                false,
                false,
                java.util.List.of(),
                null,
                null,
                null,
                0,
                0,
                null,
                null,
                null,
                null,
                null,
                null,
                null);
        assertSame(ev, ReturnAndAnswerViewModel.answerEvidence(null, ev));
        assertSame(ev, ReturnAndAnswerViewModel.answerEvidence(ev, ev));
    }

    @Test
    void blindKeepsTheThinkBlocksAndDropsTheHighlights() {
        java.util.List<org.tracejudge.rules.Span> think = java.util.List.of(new org.tracejudge.rules.Span(0, 5));
        org.tracejudge.rules.Evidence ev = new org.tracejudge.rules.Evidence(
                "compat",
                "get_price",
                java.util.List.of("get_price"),
                true,
                false,
                think,
                "any",
                true,
                java.util.List.of(new org.tracejudge.rules.Evidence.MustContain("12", true, null, null)),
                3,
                2,
                0.6,
                null,
                null,
                null,
                null,
                null,
                null);
        org.tracejudge.rules.Evidence blind = ReturnAndAnswerViewModel.answerEvidence(ev, null);
        assertEquals(think, blind.thinkSpans());
        assertTrue(blind.thinkBlockPresent());
        assertTrue(blind.mustContain() == null || blind.mustContain().isEmpty(), "no must-contain highlight");
        assertEquals(0, blind.leafFound());
    }
}
