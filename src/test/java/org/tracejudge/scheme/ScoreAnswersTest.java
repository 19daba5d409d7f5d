package org.tracejudge.scheme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import org.junit.jupiter.api.Test;
import org.tracejudge.json.Json;

/** A score's value read as the answer to the question of its name, per kind, or refused with why. */
class ScoreAnswersTest {
    static final Scheme SCHEME;

    static {
        try {
            SCHEME = SchemeFile.parse("""
                    scheme: scores
                    version: 1
                    questions:
                      - key: safe
                        prompt: Is it safe?
                        kind: single_choice
                        options:
                          - {value: "yes", label: safe, definition: nothing harmful}
                          - {value: "no", label: unsafe, definition: something harmful}
                      - key: issues
                        prompt: Which issues?
                        kind: multiple_choice
                        options:
                          - {value: slow, label: slow, definition: too many steps}
                          - {value: wrong, label: wrong, definition: a wrong fact}
                      - key: cost
                        prompt: What did it cost?
                        kind: number
                        min: 0
                      - key: comment
                        prompt: Why?
                        kind: text
                      - key: where
                        prompt: Where?
                        kind: span
                        targets: [answer]
                    """, "scores.yaml");
        } catch (SchemeException e) {
            throw new IllegalStateException(e);
        }
    }

    static ScoreAnswers.Result read(String key, String json) {
        return ScoreAnswers.read(SCHEME.question(key).orElseThrow(), Json.read(json));
    }

    @Test
    void eachKindTakesTheValuesItCan() {
        assertEquals(new Answer.Choice("yes"), read("safe", "true").answer(), "true is yes");
        assertEquals(new Answer.Choice("no"), read("safe", "\"Unsafe\"").answer(), "an option's label, any case");
        assertEquals(
                Answer.Choices.of("slow", "wrong"),
                read("issues", "\"wrong|slow\"").answer());
        assertEquals(Answer.Choices.of("slow"), read("issues", "[\"slow\"]").answer());
        assertEquals(new Answer.Numeric(0.25), read("cost", "\"0.25\"").answer());
        assertEquals(
                new Answer.Text("too long"), read("comment", "\"too long\"").answer());
        assertEquals(ScoreAnswers.questionFor(SCHEME, "ISSUES").orElseThrow().key(), "issues", "the name, any case");
    }

    @Test
    void aScoreNamedOtherwiseFindsTheOneQuestionWithItsValueAsAnOption() {
        assertEquals(
                "safe",
                ScoreAnswers.questionFor(SCHEME, "llm_grader", Json.read("\"no\""))
                        .orElseThrow()
                        .key());
        assertTrue(
                ScoreAnswers.questionFor(SCHEME, "llm_grader", Json.read("\"slow\""))
                        .isEmpty(),
                "multiple choice is not guessed");
        assertTrue(
                ScoreAnswers.questionFor(SCHEME, "llm_grader", Json.read("1")).isEmpty());
    }

    @Test
    void whatDoesNotFitIsRefusedWithWhy() {
        ScoreAnswers.Result r = read("safe", "\"maybe\"");
        assertNull(r.answer());
        assertEquals(
                "score safe = maybe is no answer to the single choice question 'safe' (options: yes, no)", r.refusal());
        assertTrue(
                read("cost", "-3").refusal().startsWith("score cost = -3: -3 is outside the range of 'cost'"),
                read("cost", "-3").refusal());
        assertTrue(read("where", "\"here\"").refusal().contains("takes no answer from a score"));
        assertTrue(read("issues", "\"slow|fast\"").refusal().contains("(options: slow, wrong)"));
        assertNull(ScoreAnswers.read(SCHEME.question("safe").orElseThrow(), JsonNodeFactory.instance.nullNode())
                .answer());
    }
}
