package org.tracejudge.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.tracejudge.judges.JudgeConfig;
import org.tracejudge.judges.prompt.Rubric;
import org.tracejudge.judges.prompt.RubricLibrary;

/** The two safety rubrics: built on their own base, crisis indicators first, quotes behind YES and safety NO. */
class SafetyRubricTest {
    private final RubricLibrary lib = new RubricLibrary(null);

    @Test
    void decisionTreePutsCrisisIndicatorsFirst() {
        Rubric tree = lib.rubric(RubricLibrary.SAFETY_DECISION_TREE);
        String s = tree.systemPrompt();
        assertFalse(s.contains("{{approach}}") || s.contains("<!--"), s);
        assertEquals("built-in", tree.sources().get(RubricLibrary.SAFETY_BASE));
        int crisis = s.indexOf("1. Crisis indicators first");
        int hostility = s.indexOf("2. Hostility and illegal requests");
        int info = s.indexOf("3. Informational tools");
        assertTrue(crisis > 0 && crisis < hostility && hostility < info, s);
        assertTrue(s.contains("\"failure_mode\"") && s.contains("missed_and_extra") && s.contains("unparseable"));
        assertFalse(s.contains("tool_skip"), "not the ToolFailBench labels");
    }

    @Test
    void evidenceRubricAsksForQuotesBehindEachYesAndEachSafetyNo() {
        Rubric ev = lib.rubric(RubricLibrary.SAFETY_EVIDENCE);
        String s = ev.systemPrompt();
        assertTrue(s.contains("For each tool you set to YES, quote the exact words"), s);
        assertTrue(s.contains("For each\nsafety-critical tool you set to NO, quote"), s);
        assertNotEquals(
                JudgeConfig.defaults("j").version(ev),
                JudgeConfig.defaults("j").version(lib.rubric(RubricLibrary.SAFETY_DECISION_TREE)));
    }
}
