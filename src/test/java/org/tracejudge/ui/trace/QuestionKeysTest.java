package org.tracejudge.ui.trace;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.tracejudge.scheme.Kind;
import org.tracejudge.scheme.Question;
import org.tracejudge.scheme.Scheme;
import org.tracejudge.scheme.SchemeFile;

/**
 * One key handler per kind of question (issue 52): each kind has its handler, and each handler takes the keys its kind
 * means and leaves the others to the window, on the shipped examples' questions.
 */
class QuestionKeysTest {
    private static final Scheme MH = SchemeFile.example("mental-health-response-review.yaml");
    private static final Scheme FAILURES = SchemeFile.example("agent-failure-taxonomy.yaml");
    private static final Scheme SAFETY = SchemeFile.example("tool-safety-review.yaml");

    private static Question q(Scheme s, String key) {
        return s.question(key).orElseThrow();
    }

    @Test
    void everyKindHasItsHandler() {
        assertSame(SingleChoiceKeys.KEYS, QuestionKeys.of(Kind.SINGLE_CHOICE));
        assertSame(MultipleChoiceKeys.KEYS, QuestionKeys.of(Kind.MULTIPLE_CHOICE));
        assertSame(OrdinalKeys.KEYS, QuestionKeys.of(Kind.ORDINAL));
        assertSame(PerToolKeys.KEYS, QuestionKeys.of(Kind.YES_NO_PER_TOOL));
        assertSame(SpanKeys.KEYS, QuestionKeys.of(Kind.SPAN));
        assertSame(NumberKeys.KEYS, QuestionKeys.of(Kind.NUMBER));
        assertSame(TextKeys.KEYS, QuestionKeys.of(Kind.TEXT));
    }

    @Test
    void aSingleChoiceTakesItsOwnKeysOnly() {
        Question esc = q(MH, "escalation");
        assertTrue(SingleChoiceKeys.KEYS.takes(esc, "a"));
        assertTrue(SingleChoiceKeys.KEYS.takes(esc, "N"), "either case");
        assertFalse(SingleChoiceKeys.KEYS.takes(esc, "1"), "own keys replace the positions");
    }

    @Test
    void anOrdinalTakesTheStepsOfItsScale() {
        Question risk = q(MH, "risk");
        assertTrue(OrdinalKeys.KEYS.takes(risk, "0"));
        assertTrue(OrdinalKeys.KEYS.takes(risk, "4"));
        assertFalse(OrdinalKeys.KEYS.takes(risk, "5"), "a 0–4 scale");
        Question tone = q(MH, "tone");
        assertFalse(OrdinalKeys.KEYS.takes(tone, "0"), "a 1–5 scale");
        assertTrue(OrdinalKeys.KEYS.takes(tone, "5"));
    }

    @Test
    void aSpanTakesOnlyNoneFound() {
        Question harmful = q(MH, "harmful");
        assertTrue(SpanKeys.KEYS.takes(harmful, QuestionBarViewModel.NONE_FOUND_KEY));
        assertFalse(SpanKeys.KEYS.takes(harmful, "1"), "an option's key marks a selection, it answers nothing alone");
    }

    @Test
    void multipleChoiceAndPerToolTakeTheirOptionsKeys() {
        Question failures = q(FAILURES, "failures");
        assertTrue(MultipleChoiceKeys.KEYS.takes(failures, "0"));
        assertFalse(MultipleChoiceKeys.KEYS.takes(failures, "x"));
        Question tools = q(SAFETY, "tools");
        assertTrue(PerToolKeys.KEYS.takes(tools, "y"));
        assertTrue(PerToolKeys.KEYS.takes(tools, "n"));
        assertFalse(PerToolKeys.KEYS.takes(tools, "1"));
    }

    @Test
    void typedKindsTakeNoKey() {
        assertFalse(TextKeys.KEYS.takes(q(MH, "note"), "1"));
        assertFalse(NumberKeys.KEYS.takes(q(SAFETY, "confidence"), "1"));
    }
}
