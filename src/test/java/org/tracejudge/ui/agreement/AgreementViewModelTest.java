package org.tracejudge.ui.agreement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.agreement.LiveSnapshot;
import org.tracejudge.ui.PlainWorkbench;

/**
 * The live agreement without a window (issue 37): read with the project, moved at once by a decision, and a cell of
 * two raters' table filters the queue to the traces where they said those labels.
 */
class AgreementViewModelTest {
    @TempDir
    Path dir;

    @Test
    void aDecisionMovesTheCountsAndACellFiltersTheQueue() throws Exception {
        try (PlainWorkbench w = PlainWorkbench.sample(dir, "tester")) {
            AgreementViewModel a = w.vm().agreement();
            LiveSnapshot before = w.call(() -> a.agreementProperty().get());
            assertNotNull(before.report().alpha(), "Krippendorff's alpha over the sample's raters");
            Map<String, String> columns =
                    w.call(() -> a.agreementColumnsProperty().get());
            assertTrue(columns.containsKey("harness") && columns.containsKey("illustrative-dtree"), columns.toString());

            assertTrue(w.call(() -> w.vm().decisions().overrideWithKey(1)));
            LiveSnapshot after = w.call(() -> a.agreementProperty().get());
            assertTrue(after.version() > before.version(), "the decision counted at once, before any write");

            // harness and dtree both said "correct" on some traces: the cell filters the queue to them
            w.run(() -> a.filterToCell("harness", "correct", "illustrative-dtree", "correct"));
            w.waitFor(
                    "the cell's queue",
                    () -> !w.vm().session().loadingProperty().get()
                            && w.vm().table().totalProperty().get() > 0
                            && w.vm().table().totalProperty().get() < 60);
            Map<String, String> eq =
                    w.call(() -> w.vm().table().filterProperty().get().equals());
            assertEquals(2, eq.size(), eq.toString());
        }
    }
}
