package org.tracejudge.ui.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tracejudge.model.TaskType;
import org.tracejudge.scheme.Answer;
import org.tracejudge.scheme.Question;
import org.tracejudge.scheme.Scheme;
import org.tracejudge.scheme.SchemeFile;

/**
 * The question walk of the decision bar (issue 49, item 3) on the shipped mental-health review: conditions bring a
 * question in and take it out, the walk starts at the first required question left, moves past answered ones, and a
 * trace is decided when every required question that applies is answered (the optional note not needed).
 */
class QuestionWalkTest {
    private static final Scheme MH = SchemeFile.example("mental-health-response-review.yaml");
    private static final Scheme TOOLS = parse(org.tracejudge.ui.SchemeWorkbenchUiTestAccess.toolsScheme());
    private static final TaskType T = TaskType.CONTROL;

    private static Scheme parse(String yaml) {
        try {
            return SchemeFile.parse(yaml, "test-tools.yaml");
        } catch (org.tracejudge.scheme.SchemeException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<String> keys(List<Question> qs) {
        return qs.stream().map(Question::key).toList();
    }

    @Test
    void theSpanQuestionAppliesOnlyFromRiskTwo() {
        Map<String, Answer> a = new LinkedHashMap<>();
        assertEquals(List.of("risk", "escalation", "tone", "note"), keys(QuestionWalk.applicable(MH, T, a)));
        a.put("risk", new Answer.Step(1));
        assertEquals(List.of("risk", "escalation", "tone", "note"), keys(QuestionWalk.applicable(MH, T, a)));
        a.put("risk", new Answer.Step(2));
        assertEquals(List.of("risk", "escalation", "harmful", "tone", "note"), keys(QuestionWalk.applicable(MH, T, a)));
    }

    @Test
    void theWalkStartsAtTheFirstRequiredQuestionLeftAndMovesPastAnsweredOnes() {
        Map<String, Answer> a = new LinkedHashMap<>();
        assertEquals("risk", QuestionWalk.start(MH, T, a));
        a.put("risk", new Answer.Step(3));
        assertEquals("escalation", QuestionWalk.after(MH, T, a, "risk"));
        a.put("tone", new Answer.Step(4)); // answered out of order
        a.put("escalation", new Answer.Choice("appropriate"));
        // risk 3 brought the span question in: it comes next, then (tone answered) the optional note
        assertEquals("harmful", QuestionWalk.after(MH, T, a, "escalation"));
        assertEquals("harmful", QuestionWalk.start(MH, T, a));
        a.put("harmful", Answer.Spans.of(Answer.Span.inAnswer(0, 5, "dismissive")));
        assertEquals("note", QuestionWalk.after(MH, T, a, "harmful"));
        // after the last one, nothing is left: the trace moves on
        assertNull(QuestionWalk.after(MH, T, a, "note"));
        // a decided trace starts at its first question
        assertEquals("risk", QuestionWalk.start(MH, T, a));
    }

    @Test
    void anAnswerLaterInTheSchemeSendsTheWalkBackToARequiredOneLeftOpen() {
        Map<String, Answer> a = new LinkedHashMap<>();
        a.put("tone", new Answer.Step(2));
        // from tone, the note (optional) follows; risk and escalation are still open, so the walk goes on there only
        // once the note is passed
        assertEquals("note", QuestionWalk.after(MH, T, a, "tone"));
        assertEquals("risk", QuestionWalk.after(MH, T, a, "note"));
    }

    @Test
    void decidedWhenEveryRequiredQuestionThatAppliesIsAnswered() {
        Map<String, Answer> a = new LinkedHashMap<>();
        a.put("risk", new Answer.Step(1));
        a.put("escalation", new Answer.Choice("not_needed"));
        assertFalse(QuestionWalk.decided(MH, T, a));
        a.put("tone", new Answer.Step(5));
        assertTrue(QuestionWalk.decided(MH, T, a), "the note is optional, the span question does not apply");
        a.put("risk", new Answer.Step(2));
        assertFalse(QuestionWalk.decided(MH, T, a), "risk 2 brings in the required span question");
        a.put("harmful", Answer.Spans.of(Answer.Span.inAnswer(0, 3, "method_detail")));
        assertTrue(QuestionWalk.decided(MH, T, a));
    }

    @Test
    void stepsMoveThroughTheQuestionsThatApplyAndStopAtTheEnds() {
        Map<String, Answer> a = Map.of("risk", new Answer.Step(0));
        assertEquals("escalation", QuestionWalk.step(MH, T, a, "risk", +1));
        assertEquals("tone", QuestionWalk.step(MH, T, a, "escalation", +1), "harmful does not apply at risk 0");
        assertEquals("escalation", QuestionWalk.step(MH, T, a, "tone", -1));
        assertEquals("risk", QuestionWalk.step(MH, T, a, "risk", -1));
        assertEquals("note", QuestionWalk.step(MH, T, a, "note", +1));
        // a current question that stopped applying (risk lowered) steps from its place in the scheme
        assertEquals("tone", QuestionWalk.step(MH, T, a, "harmful", +1));
        assertEquals("escalation", QuestionWalk.step(MH, T, a, "harmful", -1));
    }

    @Test
    void taskTypesDecideWhichQuestionsATraceHas() {
        assertEquals(List.of("failures"), keys(QuestionWalk.applicable(TOOLS, TaskType.CONTROL, Map.of())));
        assertEquals(
                List.of("failures", "tools", "confidence"),
                keys(QuestionWalk.applicable(TOOLS, TaskType.TOOL_SELECTION, Map.of())));
        assertTrue(QuestionWalk.decided(TOOLS, TaskType.CONTROL, Map.of("failures", Answer.Choices.of("none"))));
        assertFalse(
                QuestionWalk.decided(TOOLS, TaskType.TOOL_SELECTION, Map.of("failures", Answer.Choices.of("none"))));
    }

    @Test
    void keysFindTheirOption() {
        Question esc = MH.question("escalation").orElseThrow();
        assertEquals("appropriate", QuestionBarViewModel.optionOfKey(esc, "a").value());
        assertEquals("not_needed", QuestionBarViewModel.optionOfKey(esc, "N").value());
        assertNull(QuestionBarViewModel.optionOfKey(esc, "1"), "own keys replace the positions");
        Question harmful = MH.question("harmful").orElseThrow();
        assertEquals(
                "false_reassurance",
                QuestionBarViewModel.optionOfKey(harmful, "3").value());
    }

    @Test
    void tableCellsNameSpansByOptionAndToolsByDecision() {
        assertEquals(
                "dismissive ×2, method_detail",
                QuestionBarViewModel.cellText(Answer.Spans.of(
                        Answer.Span.inAnswer(0, 3, "dismissive"),
                        Answer.Span.inAnswer(5, 9, "dismissive"),
                        Answer.Span.inAnswer(10, 12, "method_detail"))));
        assertEquals(
                "a YES, b NO",
                QuestionBarViewModel.cellText(Answer.PerTool.of(Map.of("b", Answer.YesNo.NO, "a", Answer.YesNo.YES))));
        assertEquals("3", QuestionBarViewModel.cellText(new Answer.Step(3)));
    }
}
