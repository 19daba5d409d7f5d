package org.tracejudge.calls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

class CallMetricsTest {
    @Test
    void accFtrTarAndScenarioAccuracyByHand() {
        List<CallMetrics.Row> rows = List.of(
                new CallMetrics.Row("A", "toolhaystack", "context_recall", "single", "correct_call", 1, 0),
                new CallMetrics.Row("A", "toolhaystack", "context_recall", "single", "wrong_tool", 2, 2),
                new CallMetrics.Row("A", "toolhaystack", "information_shift", "explicit", "abstained", 0, 0),
                new CallMetrics.Row("A", "toolhaystack", "missing_context", "easy", "correct_clarification", 0, 0),
                new CallMetrics.Row("B", "diabench", null, null, "wrong_arguments", 3, 1));
        List<CallMetrics.ModelCalls> ms = CallMetrics.compute(rows);
        assertEquals(2, ms.size());
        CallMetrics.ModelCalls a = ms.get(1); // grouped by benchmark, then model: diabench first
        assertEquals("A", a.model());
        assertEquals(4, a.dialogues());
        assertEquals(2, a.acc().count());
        assertEquals(50.0, a.acc().percent(), 1e-9);
        assertEquals(2, a.ftr());
        assertEquals(0.5, a.ftrPerDialogue(), 1e-9);
        assertEquals(2, a.tar().count());
        assertEquals(50.0, a.tar().percent(), 1e-9);
        assertEquals(3, a.byScenario().size());
        assertEquals("context_recall", a.byScenario().get(0).scenario());
        assertEquals(50.0, a.byScenario().get(0).accuracy().percent(), 1e-9);
        assertEquals(0.0, a.byScenario().get(1).accuracy().percent(), 1e-9);
        assertEquals(100.0, a.byScenario().get(2).accuracy().percent(), 1e-9);
        assertEquals(50.0, a.scenarioAverage(), 1e-9);
        assertEquals(1, a.labels().get("wrong_tool"));
        CallMetrics.ModelCalls b = ms.get(0);
        assertEquals(0, b.acc().count());
        assertEquals(1, b.ftr());
        assertEquals(0, b.tar().count());
        assertNull(b.scenarioAverage());
        String table = CallMetrics.table(ms);
        assertEquals(true, table.contains("50.00% (2/4)"), table);
        assertEquals(0.5, CallMetrics.json(ms).get(1).path("acc").path("rate").asDouble(), 1e-9);
    }

    @Test
    void emptyDenominatorIsNotZero() {
        assertEquals(List.of(), CallMetrics.compute(List.of()));
    }
}
