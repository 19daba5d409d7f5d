package org.tracejudge.ui.comments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.store.Comments;
import org.tracejudge.ui.PlainWorkbench;

/** Comments and the lead's flag without a window (issue 37): kept under the annotator's name, F toggles the flag. */
class CommentsViewModelTest {
    @TempDir
    Path dir;

    @Test
    void aCommentIsKeptAndTheFlagToggles() throws Exception {
        try (PlainWorkbench w = PlainWorkbench.sample(dir, "tester")) {
            CommentsViewModel c = w.vm().comments();
            // the window shows the comments of the trace on screen (MainWindow wires the trace to them)
            w.run(() -> c.show(w.vm().trace().detailProperty().get().traceId(), false));
            w.waitFor(
                    "the first trace's comments read",
                    () -> c.comments().isEmpty() && !c.flaggedProperty().get());
            assertNull(w.call(() -> c.add(Comments.Action.NOTE, "the answer quotes the return")));
            w.waitFor("the comment shown", () -> c.comments().size() == 1);
            assertEquals("tester", w.call(() -> c.comments().get(0).author()));
            assertEquals(
                    "the answer quotes the return",
                    w.call(() -> c.comments().get(0).text()));

            assertNull(w.call(() -> c.toggleFlag("")));
            w.waitFor("flagged", () -> c.flaggedProperty().get());
            assertTrue(w.call(() -> c.flagNoteProperty().get()).startsWith("⚑ Flagged for the lead by tester"));
            assertNull(w.call(() -> c.toggleFlag("")));
            w.waitFor("the flag cleared", () -> !c.flaggedProperty().get());
            assertFalse(w.call(() -> c.heldBackProperty().get()));
        }
    }

    @Test
    void withoutANameNothingIsWritten() throws Exception {
        try (PlainWorkbench w = PlainWorkbench.sample(dir, null)) {
            w.run(() ->
                    w.vm().comments().show(w.vm().trace().detailProperty().get().traceId(), false));
            String problem = w.call(() -> w.vm().comments().add(Comments.Action.NOTE, "x"));
            assertTrue(problem.startsWith("Set your name first"), problem);
        }
    }
}
