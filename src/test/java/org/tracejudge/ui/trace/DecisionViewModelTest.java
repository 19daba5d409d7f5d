package org.tracejudge.ui.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.store.ProjectQueries;
import org.tracejudge.ui.PlainWorkbench;

/**
 * Decisions without a window (issue 37): a key's label goes into the row and the counter at once and into the
 * ledger in the background, the queue moves on; undo takes it back; accept takes the proposed label.
 */
class DecisionViewModelTest {
    @TempDir
    Path dir;

    private static String mine(PlainWorkbench w, int row) throws Exception {
        return w.call(() -> {
            var r = w.vm().table().rowsProperty().get().get(row).row();
            return r == null ? null : r.get("human:tester");
        });
    }

    @Test
    void aKeyDecidesUndoTakesItBackAcceptTakesTheProposal() throws Exception {
        try (PlainWorkbench w = PlainWorkbench.sample(dir, "tester")) {
            DecisionViewModel d = w.vm().decisions();
            TraceDetail first = w.call(() -> w.vm().trace().detailProperty().get());
            String label = first.labelSet().get(1);
            assertTrue(w.call(() -> d.overrideWithKey(2)));
            assertEquals(label, mine(w, 0), "the row shows it at once");
            assertEquals(1, w.call(() -> w.vm().table().doneProperty().get()));
            w.waitFor(
                    "on the next trace", () -> w.vm().table().currentProperty().get() == 1);
            assertTrue(w.call(() -> !d.overrideWithKey(99)), "no such label: nothing decided");

            w.run(() -> w.vm().table().currentProperty().set(0));
            assertTrue(w.call(d::undo));
            assertNull(mine(w, 0), "undone");
            assertEquals(0, w.call(() -> w.vm().table().doneProperty().get()));

            w.run(() -> w.vm().table().currentProperty().set(0));
            w.waitFor(
                    "the first trace's detail",
                    () -> w.vm().trace().detailProperty().get() != null
                            && w.vm().trace().detailProperty().get().traceId().equals(first.traceId()));
            assertTrue(w.call(d::accept));
            String accepted = mine(w, 0);
            assertTrue(accepted != null && first.labelSet().contains(accepted), accepted);
            // committed in order on the project thread: the ledger holds the accepted label, the undo before it
            java.util.List<org.tracejudge.model.Adjudication> entries =
                    w.query(p -> new ProjectQueries(p).adjudications(first.traceId()));
            assertEquals(3, entries.size(), "decided, undone, accepted: " + entries);
            assertEquals(accepted, entries.get(entries.size() - 1).value());
            assertEquals("tester", entries.get(entries.size() - 1).annotator());
        }
    }
}
