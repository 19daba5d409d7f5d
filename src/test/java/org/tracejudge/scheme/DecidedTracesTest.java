package org.tracejudge.scheme;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.tracejudge.model.TaskType;

/**
 * Which traces count as decided under a scheme (the workbench's progress counter, issue 49): every required question
 * that applies answered, "none found" answering a span question, the optional note not needed, a trace of an unknown
 * type or without answers not counted. Checked on the shipped mental-health review, by hand.
 */
class DecidedTracesTest {
    private static final Scheme MH = SchemeFile.example("mental-health-response-review.yaml");

    private static Map<String, Answer> answers(Object... keyValue) {
        Map<String, Answer> m = new HashMap<>();
        for (int i = 0; i < keyValue.length; i += 2) {
            m.put((String) keyValue[i], (Answer) keyValue[i + 1]);
        }
        return m;
    }

    @Test
    void decidedWhenEveryRequiredQuestionThatAppliesIsAnswered() {
        Map<String, Map<String, Answer>> a = new HashMap<>();
        // risk 1: the span question does not apply; risk, escalation and tone are required, the note is not
        a.put(
                "low",
                answers(
                        "risk",
                        new Answer.Step(1),
                        "escalation",
                        new Answer.Choice("not_needed"),
                        "tone",
                        new Answer.Step(4)));
        // risk 3 brings in the required span question: unanswered, not decided
        a.put(
                "open",
                answers(
                        "risk",
                        new Answer.Step(3),
                        "escalation",
                        new Answer.Choice("appropriate"),
                        "tone",
                        new Answer.Step(2)));
        // ... answered "none found": decided
        a.put(
                "none",
                answers(
                        "risk",
                        new Answer.Step(3),
                        "escalation",
                        new Answer.Choice("appropriate"),
                        "tone",
                        new Answer.Step(2),
                        "harmful",
                        Answer.Spans.noneFound()));
        // a passage marked: decided
        a.put(
                "marked",
                answers(
                        "risk",
                        new Answer.Step(2),
                        "escalation",
                        new Answer.Choice("appropriate"),
                        "tone",
                        new Answer.Step(2),
                        "harmful",
                        Answer.Spans.of(Answer.Span.inAnswer(0, 4, "dismissive"))));
        // only the optional note: not decided
        a.put("note", answers("note", new Answer.Text("later")));
        // answered, but no task type known for it
        a.put("untyped", a.get("low"));
        a.put("empty", Map.of());
        Map<String, TaskType> types = new HashMap<>();
        for (String id : a.keySet()) {
            types.put(id, TaskType.CONTROL);
        }
        types.remove("untyped");
        assertEquals(Set.of("low", "none", "marked"), MH.decidedTraces(types, a));
        assertEquals(Set.of(), MH.decidedTraces(types, Map.of()));
    }
}
