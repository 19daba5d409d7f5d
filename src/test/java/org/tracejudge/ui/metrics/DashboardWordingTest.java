package org.tracejudge.ui.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Issue 48 item 15: the dashboard's words do not contradict each other or stutter. */
class DashboardWordingTest {
    @Test
    void theGlossaryAgreesWithTheCorrectedFooter() {
        // the corrected view's footer says its four rates need not add up to 100; the glossary under it said they do
        assertFalse(MetricsWindow.GLOSSARY.contains("; the four add up to 100."), MetricsWindow.GLOSSARY);
        assertTrue(MetricsWindow.GLOSSARY.contains("corrected rates are estimated one by one and need not"));
    }

    @Test
    void theEnsemblesRuleIsNamedOnce() {
        assertEquals("the rule (compat)", MetricsViewModel.ruleInWords("rule"));
        assertEquals("the rule (tolerant)", MetricsViewModel.ruleInWords("rule-tolerant"));
        assertEquals("'harness' in the rule's place", MetricsViewModel.ruleInWords("harness"));
    }
}
