package org.tracejudge.ui.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.ui.PlainWorkbench;

/**
 * The trace on screen without a window (issue 37): it follows the queue, proposes the final label, and blind mode
 * hides the machine labels until the annotator decides, then reveals them.
 */
class TraceViewModelTest {
    @TempDir
    Path dir;

    @Test
    void theDetailFollowsTheQueueAndBlindModeHidesUntilDecided() throws Exception {
        try (PlainWorkbench w = PlainWorkbench.sample(dir, "tester")) {
            TraceViewModel t = w.vm().trace();
            TraceDetail first = w.call(() -> t.detailProperty().get());
            assertEquals(w.call(() -> w.vm().table().idAt(0)), first.traceId());
            assertEquals(first.row().get("final"), w.call(() -> t.proposed(first)), "Enter proposes the final label");
            assertFalse(w.call(() -> t.hidden(first)), "nothing hidden outside blind mode");

            w.run(w.vm().table()::next);
            String second = w.call(() -> w.vm().table().idAt(1));
            w.waitFor(
                    "the second trace's detail",
                    () -> t.detailProperty().get() != null
                            && t.detailProperty().get().traceId().equals(second));
            // read ahead and cached: the first one again at once, and any other trace on request
            assertEquals(
                    first.traceId(),
                    t.detailFuture(first.traceId()).get(30, TimeUnit.SECONDS).traceId());
            assertNotNull(t.otherRuns(first).get(30, TimeUnit.SECONDS));

            w.run(() -> w.vm().session().state().blindProperty().set(true));
            TraceDetail d = w.call(() -> t.detailProperty().get());
            assertTrue(w.call(() -> t.hidden(d)), "blind: machine labels hidden before deciding");
            assertTrue(w.call(() -> w.vm().decisions().overrideWithKey(1)));
            assertTrue(w.call(() -> t.revealed(d.traceId())), "revealed once decided");
            assertFalse(w.call(() -> t.hidden(w.vm().trace().detailProperty().get())));
            w.run(() -> w.vm().session().state().blindProperty().set(false));
        }
    }
}
