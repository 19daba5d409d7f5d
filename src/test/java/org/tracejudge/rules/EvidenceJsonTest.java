package org.tracejudge.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tracejudge.TestData;
import org.tracejudge.model.Task;

/** The hand-written evidence writer produces exactly Jackson's text for the same record, and reads back whole. */
class EvidenceJsonTest {
    private static final ObjectMapper JACKSON = new ObjectMapper();

    static String viaJackson(RuleVerdict v) throws Exception {
        String ev = JACKSON.writeValueAsString(v.evidence());
        return "{\"check\":" + JACKSON.writeValueAsString(v.check()) + "," + ev.substring(1);
    }

    @Test
    void sameTextAsJacksonOnHandBuiltEdgeCases() throws Exception {
        Task t = Fixtures.required("get_quote", CompatRuleTest.NVDA, "all", "47.5", "P/E");
        for (RuleClassifier.Mode m : RuleClassifier.Mode.values()) {
            for (String answer : List.of(
                    "",
                    "<think>P/E \"quoted\"</think> NVDA's P/E is 47.5 — ü\\n\ttab\b\f\u0001\u001f\u007f",
                    "İstanbul 47.5% \\ back/slash \uD83D\uDE00")) {
                RuleVerdict v = new RuleClassifier(m).classify(t, Fixtures.trace(answer, "get_quote"));
                String hand = EvidenceJson.write(v.evidence(), v.check());
                assertEquals(viaJackson(v), hand);
                assertEquals(JACKSON.writeValueAsString(v.evidence()), EvidenceJson.write(v.evidence(), null));
                RuleVerdict back = new RuleVerdict(
                        v.label(),
                        v.check(),
                        JACKSON.readValue(EvidenceJson.write(v.evidence(), null), Evidence.class));
                assertEquals(v, back);
            }
        }
    }

    @Test
    void stringsAreEscapedExactlyAsJacksonDoes() throws Exception {
        StringBuilder all = new StringBuilder();
        for (char c = 0; c < 0x800; c++) {
            all.append(c);
        }
        all.append("\uD83D\uDE00\u2028\u2029\uFEFF");
        String text = all.toString();
        Evidence e = new Evidence(
                text,
                null,
                List.of(text),
                false,
                false,
                List.of(new Span(0, 1)),
                "all",
                null,
                List.of(new Evidence.MustContain(text, false, null, text)),
                1,
                0,
                0.0,
                null,
                List.of(new Evidence.IndicatorHit(text, null, false)),
                null,
                null,
                null,
                List.of(text));
        assertEquals(JACKSON.writeValueAsString(e), EvidenceJson.write(e, null));
    }

    @Test
    void sameTextAsJacksonOnGeneratedTracesForAllTasks() throws Exception {
        TestData.toolFailBench();
        List<GeneratedTraces.Item> items = GeneratedTraces.generate(List.of("json-a", "json-b"), 1000);
        for (RuleClassifier.Mode m : RuleClassifier.Mode.values()) {
            RuleClassifier rc = new RuleClassifier(m);
            for (GeneratedTraces.Item it : items) {
                RuleVerdict v = rc.classify(it.task(), it.trace());
                assertEquals(
                        viaJackson(v),
                        EvidenceJson.write(v.evidence(), v.check()),
                        it.trace().id());
            }
        }
    }
}
