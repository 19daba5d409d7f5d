package org.tracejudge.ui.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.model.Ids;
import org.tracejudge.store.TraceTable;
import org.tracejudge.ui.PlainWorkbench;

/** The filter bar's view model without a window: the blind "raters disagree on" filter and the named view on screen. */
class FilterBarViewModelTest {
    @TempDir
    Path dir;

    @Test
    void aBlindQuestionFindsOnlyTracesIAnsweredAndANamedViewEndsWithAnotherSort() throws Exception {
        try (PlainWorkbench w = PlainWorkbench.sample(dir, "tester")) {
            FilterBarViewModel f = w.vm().table().filterBar();

            w.run(() -> f.filterDisagreeOn("severity", true));
            TraceTable.Filter blind = w.call(() -> f.filterProperty().get());
            assertEquals("severity", blind.equals().get(TraceTable.DISAGREE_ON));
            assertEquals(
                    Ids.of("rater", "tester", ""),
                    blind.equals().get(TraceTable.ANSWERED_BY),
                    "on a blind question only the traces the annotator answered");

            w.run(() -> f.filterDisagreeOn("severity", false));
            assertNull(
                    w.call(() -> f.filterProperty().get().equals().get(TraceTable.ANSWERED_BY)),
                    "an open question: every trace where raters disagree");

            w.run(() -> f.setFilter(TraceTable.Filter.NONE));
            w.waitFor(
                    "the queue re-read",
                    () -> !w.vm().session().loadingProperty().get());
            w.run(() -> f.saveView(" mine "));
            assertEquals("mine", w.call(() -> f.activeViewProperty().get()), "the view kept is the one on screen");
            w.run(() -> w.vm().table().setSort(new TraceTable.Sort("model", true)));
            assertNull(w.call(() -> f.activeViewProperty().get()), "another sort leaves the named view");
            w.waitFor(
                    "the sorted queue",
                    () -> !w.vm().session().loadingProperty().get());
        }
    }
}
