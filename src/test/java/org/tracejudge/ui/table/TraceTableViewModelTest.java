package org.tracejudge.ui.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.store.TraceTable;
import org.tracejudge.ui.PlainWorkbench;

/** The review queue without a window (issue 37): next, previous, skip and the skipped pass, a filter's queue. */
class TraceTableViewModelTest {
    @TempDir
    Path dir;

    @Test
    void theQueueMovesSkipsAndComesBackToWhatWasSkipped() throws Exception {
        try (PlainWorkbench w = PlainWorkbench.sample(dir, "tester")) {
            TraceTableViewModel q = w.vm().table();
            assertEquals(0, w.call(() -> q.currentProperty().get()));
            assertEquals(0, w.call(() -> q.doneProperty().get()), "nothing decided by tester yet");
            String first = w.call(() -> q.idAt(0));
            w.run(q::next);
            w.run(q::next);
            w.run(q::previous);
            assertEquals(1, w.call(() -> q.currentProperty().get()));
            w.run(q::skip);
            assertEquals(2, w.call(() -> q.currentProperty().get()), "a skip moves on");
            assertEquals(1, w.call(() -> q.skippedCountProperty().get()));
            w.run(() -> q.currentProperty().set(59));
            w.run(q::next);
            w.waitFor(
                    "the end of the queue said",
                    () -> !q.queueEndProperty().get().isEmpty());
            assertTrue(w.call(() -> q.queueEndProperty().get()).contains("skipped"), w.call(() -> q.queueEndProperty()
                    .get()));
            assertTrue(w.call(q::reviewSkipped));
            assertEquals(1, w.call(() -> q.currentProperty().get()), "back on the skipped trace");
            assertEquals(first, w.call(() -> q.idAt(0)), "the queue's order stays");

            // a filter makes a new queue: search for text only some traces hold
            w.run(() -> q.setFilter(TraceTable.Filter.NONE.withSearch("kWh")));
            w.waitFor(
                    "the filtered queue",
                    () -> !w.vm().session().loadingProperty().get()
                            && q.totalProperty().get() > 0
                            && q.totalProperty().get() < 60);
            assertFalse(w.call(() -> q.idAt(0)) == null);
        }
    }
}
