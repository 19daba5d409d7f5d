package org.tracejudge.ui.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.importer.Format;
import org.tracejudge.importer.Importer;
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
        Path scenario = dir.resolve("harbor.json");
        Files.writeString(scenario, """
                {"scenario": "harbor", "tools": [
                  {"name": "Opening Hours", "description": "when the help desk is open"},
                  {"name": "Safety Call", "description": "a person may be in danger", "safety_critical": true}],
                 "inputs": [{"id": 1, "input": "when are you open?", "expected_tools": ["Opening Hours"]},
                            {"id": 2, "input": "I cannot go on", "expected_tools": ["Safety Call"]},
                            {"id": 3, "input": "hello", "expected_tools": []}]}
                """);
        Path runs = dir.resolve("runs.jsonl");
        NltStudyGenerator.write(NltStudyGenerator.study(List.of(scenario), List.of(
                new NltStudyGenerator.Model("slow-model", 0.5, 0.8), new NltStudyGenerator.Model("fast-model", 0.7, 0.9)),
                List.of("original", "perturbed"), 5, 3), runs);
        Path file = dir.resolve("study.tjdb");
        SelectionStudy.Report expected;
        try (Project p = Project.openOrCreate(file, null)) {
            new Importer(p, null).importFiles(List.of(scenario, runs), Format.AUTO, null);
            expected = SelectionStudy.compute(p.read(SelectionStudy::trials));
        }
        try (PlainWorkbench w = new PlainWorkbench(dir, "tester").open(file)) {
            SelectionViewModel s = new SelectionViewModel(w.vm().session());
            w.run(s::load);
            w.waitFor("the report", () -> s.reportProperty().get() != null);
            assertEquals(expected.trials(), w.call(() -> s.reportProperty().get().trials()));
            assertEquals(expected.groups().size(), w.call(() -> s.rows().size()));
            assertEquals(2, w.call(() -> s.arrows().size()), "one arrow per model with both approaches");
            assertTrue(w.call(() -> s.statusProperty().get()).startsWith(expected.trials() + " trials, 2 models"));
            assertFalse(w.call(() -> s.headlineProperty().get()).isEmpty());
            String before = w.call(() -> s.definitionProperty().get());
            SelectionStudy.Variance other = java.util.Arrays.stream(SelectionStudy.Variance.values())
                    .filter(v -> v != SelectionStudy.Variance.REPLICATION).findFirst().orElseThrow();
            w.run(() -> s.varianceProperty().set(other));
            assertTrue(!w.call(() -> s.definitionProperty().get()).equals(before), "the definition follows the variance");
            assertTrue(w.call(s::csv).contains("slow-model"));
        }
    }
}
