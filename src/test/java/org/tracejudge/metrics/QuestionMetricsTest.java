package org.tracejudge.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tracejudge.scheme.Scheme;
import org.tracejudge.scheme.SchemeFile;

/**
 * Per-option shares of the kinds beyond single choice: yes/no per tool counts tool decisions, spans count traces with
 * at least one span of the option, numbers and text have no options. Counts by hand; intervals from statsmodels.
 */
class QuestionMetricsTest {
    static final Scheme SCHEME;

    static {
        try {
            SCHEME = SchemeFile.parse("""
                    scheme: kinds
                    version: 1
                    questions:
                      - key: tools
                        prompt: Which tools were needed?
                        kind: yes_no_per_tool
                      - key: spans
                        prompt: Mark the wrong passages.
                        kind: span
                        targets: [answer]
                        options:
                          - {value: wrong, label: wrong, definition: states what is not so}
                          - {value: rude, label: rude, definition: speaks down to the user}
                      - key: minutes
                        prompt: How long would a person take?
                        kind: number
                        min: 0
                    """, "kinds.yaml");
        } catch (org.tracejudge.scheme.SchemeException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void yesNoPerToolCountsEachToolDecision() {
        Map<String, Map<String, String>> answers = Map.of(
                "t1", Map.of("ana", "{\"search\":\"YES\",\"send\":\"NO\"}"),
                "t2", Map.of("ana", "{\"search\":\"YES\"}"),
                "t3", Map.of("ana", "{\"search\":\"NO\",\"send\":\"NO\",\"pay\":\"YES\"}"));
        List<QuestionMetrics.RaterRows> rows = QuestionMetrics.compute(
                SCHEME.question("tools").orElseThrow(), answers, Map.of("t1", "m", "t2", "m", "t3", "m"), null);
        QuestionMetrics.ModelRow m = rows.get(0).models().get(0);
        assertEquals(6, m.answered(), "six tool decisions in three traces");
        assertEquals("YES", m.cells().get(0).option());
        assertEquals(3, m.cells().get(0).count());
        // statsmodels 0.15.0 proportion_confint(3, 6, method='wilson') = (0.18761630648265054, 0.8123836935173494)
        assertEquals(0.18761630648265054, m.cells().get(0).ci95()[0], 1e-12);
        assertEquals(0.8123836935173494, m.cells().get(0).ci95()[1], 1e-12);
    }

    @Test
    void spansCountTracesWithAnOptionAndNumbersHaveNone() {
        String wrong = "{\"end\":2,\"index\":0,\"option\":\"wrong\",\"start\":0,\"target\":\"answer\"}";
        String rude = "{\"end\":5,\"index\":0,\"option\":\"rude\",\"start\":3,\"target\":\"answer\"}";
        Map<String, Map<String, String>> answers = Map.of(
                "t1", Map.of("ana", "[" + wrong + "," + rude + "]"),
                "t2", Map.of("ana", "[" + wrong + "]"),
                "t3", Map.of("ana", "[" + wrong + "," + wrong.replace("\"end\":2", "\"end\":9") + "]"));
        QuestionMetrics.ModelRow m = QuestionMetrics.compute(
                        SCHEME.question("spans").orElseThrow(), answers, Map.of("t1", "a", "t2", "a", "t3", "a"), null)
                .get(0)
                .models()
                .get(0);
        assertEquals(3, m.answered());
        assertEquals(3, m.cells().get(0).count(), "two spans of one option in t3 count once");
        assertEquals(1, m.cells().get(1).count());
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> QuestionMetrics.compute(SCHEME.question("minutes").orElseThrow(), Map.of(), Map.of(), null));
        assertTrue(e.getMessage().contains("question 'minutes' is number, which has no options"), e.getMessage());
    }
}
