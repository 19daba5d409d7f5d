package org.tracejudge.scheme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.tracejudge.model.TaskType;

/** Answers per kind: validation against the question with the reason, canonical JSON and reading it back. */
class AnswerTest {
    static final Scheme MH = SchemeFile.example("mental-health-response-review.yaml");
    static final Scheme TAX = SchemeFile.example("agent-failure-taxonomy.yaml");
    static final Scheme TOOLS = SchemeFile.example("tool-safety-review.yaml");

    static Question q(Scheme s, String key) {
        return s.question(key).orElseThrow();
    }

    static void valid(Answer a, Question q) {
        assertEquals(Optional.empty(), a.validate(q), a + " for " + q.key());
    }

    static void invalid(Answer a, Question q, String reason) {
        assertEquals(Optional.of(reason), a.validate(q));
    }

    /** The JSON text is as given, and reads back to an equal answer. */
    static void json(Answer a, String text) {
        assertEquals(text, a.toJson());
        assertEquals(a, Answer.parse(a.kind(), text));
    }

    @Test
    void singleChoice() {
        Question esc = q(MH, "escalation");
        valid(new Answer.Choice("not_needed"), esc);
        invalid(
                new Answer.Choice("maybe"),
                esc,
                "'maybe' is no option of 'escalation' (appropriate, inappropriate, not_needed)");
        invalid(new Answer.Step(2), esc, "an ordinal answer to the single choice question 'escalation'");
        json(new Answer.Choice("appropriate"), "\"appropriate\"");
        assertEquals("appropriate", new Answer.Choice("appropriate").display());
    }

    @Test
    void multipleChoice() {
        Question f = q(TAX, "failures");
        Answer a = Answer.Choices.of("loop", "fabrication", "loop");
        valid(a, f);
        json(a, "[\"fabrication\",\"loop\"]");
        assertEquals("fabrication|loop", a.display());
        assertEquals(
                Answer.Choices.of("fabrication", "loop"),
                Answer.parse(Kind.MULTIPLE_CHOICE, "[\"loop\",\"fabrication\"]"));
        invalid(Answer.Choices.of(), f, "no option chosen for 'failures' (give an option for \"none of these\")");
        invalid(
                Answer.Choices.of("loop", "crash"),
                f,
                "'crash' is no option of 'failures' (none, wrong_tool, bad_arguments, ignored_result, fabrication, loop,"
                        + " gave_up, unsafe_action)");
        assertTrue(f.safetyCritical(Answer.Choices.of("loop", "unsafe_action")));
        assertFalse(f.safetyCritical(Answer.Choices.of("loop")));
    }

    @Test
    void ordinal() {
        Question risk = q(MH, "risk");
        valid(new Answer.Step(0), risk);
        valid(new Answer.Step(4), risk);
        invalid(new Answer.Step(5), risk, "step 5 is outside the scale 0–4 of 'risk'");
        invalid(new Answer.Step(-1), risk, "step -1 is outside the scale 0–4 of 'risk'");
        json(new Answer.Step(3), "3");
        assertEquals(new Answer.Step(3), Answer.parse(Kind.ORDINAL, "3.0"));
        assertThrows(IllegalArgumentException.class, () -> Answer.parse(Kind.ORDINAL, "2.5"));
        assertThrows(IllegalArgumentException.class, () -> Answer.parse(Kind.ORDINAL, "\"3\""));
    }

    @Test
    void number() {
        Question conf = q(TOOLS, "confidence");
        valid(new Answer.Numeric(0), conf);
        valid(new Answer.Numeric(99.5), conf);
        invalid(new Answer.Numeric(100.5), conf, "100.5 is outside the range of 'confidence' (0–100)");
        invalid(new Answer.Numeric(Double.NaN), conf, "'confidence' takes a finite number, not NaN");
        invalid(new Answer.Numeric(-1), q(TAX, "wasted_calls"), "-1 is outside the range of 'wasted_calls' (≥ 0)");
        json(new Answer.Numeric(2.5), "2.5");
        json(new Answer.Numeric(3), "3.0");
        assertEquals("3", new Answer.Numeric(3).display());
        assertEquals(new Answer.Numeric(7), Answer.parse(Kind.NUMBER, "7"));
        assertThrows(IllegalArgumentException.class, () -> Answer.parse(Kind.NUMBER, "\"7\""));
    }

    @Test
    void yesNoPerTool() {
        Question tools = q(TOOLS, "tools");
        Map<String, Answer.YesNo> m = new TreeMap<>();
        m.put("send_email", Answer.YesNo.NO);
        m.put("calendar", Answer.YesNo.YES);
        Answer a = Answer.PerTool.of(m);
        valid(a, tools);
        json(a, "{\"calendar\":\"YES\",\"send_email\":\"NO\"}");
        invalid(Answer.PerTool.of(Map.of()), tools, "no tool decided for 'tools'");
        invalid(
                Answer.PerTool.of(Map.of(" ", Answer.YesNo.YES)),
                tools,
                "a tool without a name in the answer to 'tools'");
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> Answer.parse(Kind.YES_NO_PER_TOOL, "{\"calendar\":\"yes\"}"));
        assertEquals("tool 'calendar' has 'yes', not YES or NO", e.getMessage());
    }

    @Test
    void spans() {
        Question harmful = q(MH, "harmful");
        Answer.Spans a = new Answer.Spans(java.util.List.of(
                Answer.Span.inAnswer(40, 52, "dismissive"), Answer.Span.inAnswer(3, 10, "method_detail")));
        valid(a, harmful);
        assertEquals(3, a.spans().get(0).start(), "spans are kept in order");
        json(
                a,
                "[{\"end\":10,\"index\":0,\"option\":\"method_detail\",\"start\":3,\"target\":\"answer\"},"
                        + "{\"end\":52,\"index\":0,\"option\":\"dismissive\",\"start\":40,\"target\":\"answer\"}]");
        assertTrue(harmful.safetyCritical(a));

        invalid(
                Answer.Spans.of(new Answer.Span(SpanTarget.TOOL_RETURN, 0, 0, 4, "dismissive")),
                harmful,
                "span 0–4 of tool_return: 'harmful' takes spans of answer only");
        invalid(
                Answer.Spans.of(Answer.Span.inAnswer(5, 5, "dismissive")),
                harmful,
                "span 5–5 of answer: start must be ≥ 0 and end after start");
        invalid(
                Answer.Spans.of(Answer.Span.inAnswer(-1, 5, "dismissive")),
                harmful,
                "span -1–5 of answer: start must be ≥ 0 and end after start");
        invalid(
                Answer.Spans.of(Answer.Span.inAnswer(1, 5, null)),
                harmful,
                "span 1–5 of answer: no option (one of method_detail, dismissive, false_reassurance, unsafe_advice)");
        invalid(
                Answer.Spans.of(Answer.Span.inAnswer(1, 5, "rude")),
                harmful,
                "span 1–5 of answer: 'rude' is no option of 'harmful' (method_detail, dismissive, false_reassurance,"
                        + " unsafe_advice)");
        invalid(
                Answer.Spans.of(new Answer.Span(SpanTarget.ANSWER, 2, 1, 5, "rude")),
                harmful,
                "span 1–5 of answer: index 2 (the answer is index 0, others count from 0)");

        // "none found": the rater looked and marked nothing, an answer (not a missing one)
        Answer.Spans none = Answer.Spans.noneFound();
        valid(none, harmful);
        assertTrue(none.isNoneFound());
        assertFalse(a.isNoneFound());
        json(none, "[]");
        assertEquals(none, Answer.parse(Kind.SPAN, "[]"), "[] reads back as none found");
        assertEquals(none, Answer.read(harmful, "[]"), "an importer or the hub takes it");
        assertFalse(harmful.safetyCritical(none), "nothing marked, nothing critical");
        assertEquals(Optional.empty(), none.validateBounds((target, index) -> -1), "no span, no bounds to break");

        // a span question without options: the spans carry none
        Question evidence = q(TAX, "evidence");
        Answer.Spans turn = Answer.Spans.of(new Answer.Span(SpanTarget.TURN, 3, 0, 12, null));
        valid(turn, evidence);
        json(turn, "[{\"end\":12,\"index\":3,\"start\":0,\"target\":\"turn\"}]");
        invalid(
                Answer.Spans.of(new Answer.Span(SpanTarget.TURN, 3, 0, 12, "x")),
                evidence,
                "span 0–12 of turn: 'evidence' has no options, yet the span has 'x'");

        // bounds against the trace's texts
        Answer.TextLengths texts = (target, index) -> target == SpanTarget.ANSWER ? 50 : -1;
        assertEquals(Optional.of("span 40–52 ends after the answer (50 characters)"), a.validateBounds(texts));
        assertEquals(Optional.of("the trace has no turn 3"), turn.validateBounds(texts));
        assertEquals(
                Optional.empty(),
                Answer.Spans.of(Answer.Span.inAnswer(0, 50, "dismissive")).validateBounds(texts));
    }

    @Test
    void text() {
        Question note = q(MH, "note");
        valid(new Answer.Text("check the second turn"), note);
        invalid(new Answer.Text("  "), note, "empty text for 'note'");
        json(new Answer.Text("line \"one\"\ntwo"), "\"line \\\"one\\\"\\ntwo\"");
    }

    @Test
    void badJsonIsRefusedWithWhy() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> Answer.parse(Kind.SINGLE_CHOICE, "3"));
        assertEquals("the single choice answer must be text, not 3", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Answer.parse(Kind.SPAN, "[{\"target\":\"reasoning\"}]"));
        assertEquals("span target \"reasoning\" is none of answer, tool_return, turn", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Answer.parse(Kind.MULTIPLE_CHOICE, "\"a\""));
        assertEquals("a multiple choice answer is a list of options, not \"a\"", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Answer.parse(Kind.TEXT, "not json"));
    }

    @Test
    void readingFromOutsideChecksShapeAndQuestion() {
        assertEquals(new Answer.Step(4), Answer.read(q(MH, "risk"), "4"));
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> Answer.read(q(MH, "risk"), "9"));
        assertEquals("step 9 is outside the scale 0–4 of 'risk'", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Answer.read(q(MH, "risk"), "\"high\""));
        assertEquals("'risk': an ordinal answer is a whole number, not \"high\"", e.getMessage());
    }

    @Test
    void conditionsDecideWhichQuestionsApply() {
        Map<String, Answer> low = Map.of("risk", new Answer.Step(1));
        Map<String, Answer> moderate = Map.of("risk", new Answer.Step(2));
        assertEquals(
                java.util.List.of("risk", "escalation", "tone", "note"),
                MH.applicable(TaskType.TOOL_REQUIRED, low).stream()
                        .map(Question::key)
                        .toList());
        assertEquals(
                java.util.List.of("risk", "escalation", "harmful", "tone", "note"),
                MH.applicable(TaskType.TOOL_REQUIRED, moderate).stream()
                        .map(Question::key)
                        .toList());
        assertFalse(q(MH, "harmful").appliesTo(TaskType.CONTROL, Map.of()), "unanswered risk: no spans asked");

        // decided when every required question that applies is answered (the note is optional)
        Map<String, Answer> answers = new java.util.HashMap<>(low);
        answers.put("escalation", new Answer.Choice("not_needed"));
        assertFalse(MH.decided(TaskType.TOOL_REQUIRED, answers));
        answers.put("tone", new Answer.Step(4));
        assertTrue(MH.decided(TaskType.TOOL_REQUIRED, answers));
        answers.put("risk", new Answer.Step(3));
        assertFalse(MH.decided(TaskType.TOOL_REQUIRED, answers), "now the harmful spans are asked for");

        // multiple choice: != means "does not include"
        assertTrue(q(TAX, "wasted_calls").appliesTo(TaskType.CONTROL, Map.of("failures", Answer.Choices.of("loop"))));
        assertFalse(q(TAX, "wasted_calls").appliesTo(TaskType.CONTROL, Map.of("failures", Answer.Choices.of("none"))));
        // task types
        assertEquals(2, TOOLS.questionsFor(TaskType.TOOL_SELECTION).size());
        assertEquals(0, TOOLS.questionsFor(TaskType.TOOL_REQUIRED).size());
    }

    @Test
    void conditionSyntax() {
        assertEquals(new Condition("risk", Condition.Op.GE, "2"), Condition.parse("risk>=2"));
        assertEquals(
                "escalation == appropriate",
                Condition.parse(" escalation  ==  appropriate ").toString());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Condition.parse("risk => 2"));
        assertTrue(e.getMessage().contains("is no condition"), e.getMessage());
        Condition lt = Condition.parse("cost < 2.5");
        assertTrue(lt.holds(new Answer.Numeric(2)));
        assertFalse(lt.holds(new Answer.Numeric(2.5)));
        assertFalse(lt.holds(null));
        assertFalse(lt.holds(new Answer.Text("2")));
    }
}
