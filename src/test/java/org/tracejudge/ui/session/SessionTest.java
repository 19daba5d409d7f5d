package org.tracejudge.ui.session;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.ui.PlainWorkbench;

/** The session's background work (the project thread), without a window. */
class SessionTest {
    @TempDir
    Path dir;

    @Test
    void aTaskThatFailsOnTheProjectThreadIsSaidAndTheNextOneStillRuns() throws Exception {
        try (PlainWorkbench w = PlainWorkbench.sample(dir, "tester")) {
            Session s = w.vm().session();
            AtomicBoolean next = new AtomicBoolean();
            w.run(() -> {
                s.submit(() -> {
                    throw new IllegalStateException("the disk went away");
                });
                s.submit(() -> next.set(true));
            });
            w.waitFor(
                    "the failure in the status line",
                    () -> s.statusProperty().get() != null
                            && s.statusProperty().get().contains("the disk went away"));
            w.waitFor("the next task", next::get);
            assertTrue(
                    s.statusProperty().get().startsWith("Something failed in the background"),
                    s.statusProperty().get());
        }
    }
}
