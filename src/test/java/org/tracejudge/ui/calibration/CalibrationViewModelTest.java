package org.tracejudge.ui.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.calibration.CalibrationDraw;
import org.tracejudge.calibration.CalibrationDraws;
import org.tracejudge.calibration.SamplingDesign;
import org.tracejudge.classify.RuleLabeller;
import org.tracejudge.rules.RuleClassifier;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.store.Adjudications;
import org.tracejudge.store.Project;

/** The Calibration tab's state, computed without a window or the FX thread (issue 37: view models get unit tests). */
class CalibrationViewModelTest {
    @TempDir
    Path dir;

    @Test
    void fromNothingToGoldToACorrectedSample() {
        Path file = dir.resolve("p.tjdb");
        SampleProject.build(file);
        try (Project p = Project.open(file)) {
            // no rule yet: the ensemble of the harness and the two judges, as the table's Ensemble column shows it
            CalibrationViewModel.State s = CalibrationViewModel.compute(p, null);
            assertTrue(
                    s.judges().contains("illustrative-dtree")
                            && s.judges().get(0).equals("ensemble"),
                    s.judges().toString());
            assertTrue(s.problem().startsWith("No gold yet"), s.problem());
            assertNull(s.corrected());
            assertTrue(s.sampleNote().startsWith("No calibration sample"), s.sampleNote());
            // issue 48, item 8: true pointers — the Draw button above, no command with a sample bigger than the
            // project, the digit keys of the project's label sets (4 labels tool-required, 3 control), not 1–9
            assertTrue(s.sampleNote().contains("Draw one above"), s.sampleNote());
            assertTrue(s.sampleNote().contains("the project has 60 traces to draw from, e.g. 40"), s.sampleNote());
            assertTrue(
                    !s.sampleNote().contains("tracejudge sample")
                            && !s.sampleNote().contains("--n"),
                    s.sampleNote());
            assertTrue(s.problem().contains("1–3 or 1–4 (by the trace's label set) pick another"), s.problem());
            assertTrue(!s.problem().contains("1–9"), s.problem());

            RuleLabeller.classify(p, RuleClassifier.Mode.COMPAT);
            CalibrationDraw d = CalibrationDraws.draw(p, "calibration", SamplingDesign.UNIFORM, 10, 1);
            d.draws().forEach(x -> Adjudications.decide(p, x.traceId(), "ana", "correct", null));
            s = CalibrationViewModel.compute(p, null);
            assertEquals("ensemble", s.judge(), "the ensemble comes first once it exists");
            assertNull(s.problem());
            assertNotNull(s.diagnostics());
            assertEquals(10, s.corrected().goldInSample());
            assertTrue(s.sampleNote().contains("10 decided so far"), s.sampleNote());
            // another judge, chosen by name; an unknown one falls back to the first
            assertEquals(
                    "illustrative-evidence",
                    CalibrationViewModel.compute(p, "illustrative-evidence").judge());
            assertEquals(
                    "ensemble", CalibrationViewModel.compute(p, "no-such-judge").judge());
        }
    }
}
