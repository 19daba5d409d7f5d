package org.tracejudge.ui.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.selection.SelectionStudy;
import org.tracejudge.store.Project;
import org.tracejudge.testdata.NltStudyGenerator;
import org.tracejudge.ui.PlainWorkbench;

/**
 * The tool-selection study's state without a window (issue 37): the core's report, its rows by slice, one arrow per
 * model for the chosen variance, and the headline and status lines.
 */
class SelectionViewModelTest {
    @TempDir
    Path dir;

    @Test
    void theStudyFollowsTheCoreAndTheChosenSliceAndVariance() throws Exception {
        Path file = NltStudyGenerator.harborProject(dir);
        SelectionStudy.Report expected;
        try (Project p = Project.open(file)) {
            expected = SelectionStudy.compute(p.read(SelectionStudy::trials));
        }
        try (PlainWorkbench w = new PlainWorkbench(dir, "tester").open(file)) {
            SelectionViewModel s = new SelectionViewModel(w.vm().session());
            w.run(s::load);
            w.waitFor("the report", () -> s.reportProperty().get() != null);
            assertEquals(
                    expected.trials(), w.call(() -> s.reportProperty().get().trials()));
            assertEquals(expected.groups().size(), w.call(() -> s.rows().size()));
            assertEquals(2, w.call(() -> s.arrows().size()), "one arrow per model with both approaches");
            assertTrue(w.call(() -> s.statusProperty().get()).startsWith(expected.trials() + " trials, 2 models"));
            assertFalse(w.call(() -> s.headlineProperty().get()).isEmpty());
            String before = w.call(() -> s.definitionProperty().get());
            SelectionStudy.Variance other = java.util.Arrays.stream(SelectionStudy.Variance.values())
                    .filter(v -> v != SelectionStudy.Variance.REPLICATION)
                    .findFirst()
                    .orElseThrow();
            w.run(() -> s.varianceProperty().set(other));
            assertTrue(
                    !w.call(() -> s.definitionProperty().get()).equals(before), "the definition follows the variance");
            assertTrue(w.call(s::csv).contains("slow-model"));
        }
    }
}
