package org.tracejudge.ui.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.calibration.CalibrationDraw;
import org.tracejudge.calibration.CalibrationDraws;
import org.tracejudge.calibration.CorrectedRates;
import org.tracejudge.calibration.Recommended;
import org.tracejudge.calibration.SamplingDesign;
import org.tracejudge.classify.RuleLabeller;
import org.tracejudge.ensemble.JudgeChoice;
import org.tracejudge.ensemble.LabelSources;
import org.tracejudge.metrics.ModelMetrics;
import org.tracejudge.metrics.Rate;
import org.tracejudge.metrics.SourceMetrics;
import org.tracejudge.model.TaskType;
import org.tracejudge.rules.RuleClassifier;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.store.Adjudications;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectException;

/**
 * The metrics dashboard's state, computed and chosen without a window or the FX thread (issue 37: view models get
 * unit tests): every label source as the core computes it, and the corrected source — refused with the command
 * line's reason without a calibration sample, else ranked by corrected CTUR with judge-only and gold-only beside.
 */
class MetricsViewModelTest {
    @TempDir
    Path dir;

    /** The bundled sample project, classified by the rule (so it has an ensemble), open. */
    private Project classifiedSample(String name) {
        Path file = dir.resolve(name + ".tjdb");
        SampleProject.build(file);
        Project p = Project.open(file);
        RuleLabeller.classify(p, RuleClassifier.Mode.COMPAT);
        return p;
    }

    @Test
    void labelSourcesAreTheCoresFiguresAndCorrectedIsRefusedWithoutASample() {
        try (Project p = classifiedSample("p")) {
            MetricsViewModel.Loaded l = MetricsViewModel.compute(p);
            ProjectException cli = assertThrows(ProjectException.class, () -> CorrectedRates.load(p, null, null));
            assertNull(l.corrected());
            assertEquals(cli.getMessage(), l.correctedRefusal(), "the command line's reason, word for word");

            MetricsViewModel vm = new MetricsViewModel(null);
            vm.accept(l);
            assertEquals(
                    MetricsViewModel.CORRECTED,
                    vm.sources().get(vm.sources().size() - 1),
                    vm.sources().toString());
            assertEquals(l.dashboard().defaultSource(), vm.sourceProperty().get());
            SourceMetrics s = l.dashboard().bySource().get(vm.sourceProperty().get());
            assertEquals(s.models().size(), vm.rows().size());
            ModelMetrics first = s.models().get(0);
            Rate tsr = first.rate("TSR");
            MetricsViewModel.Cell cell = vm.rows().get(0).cell("TSR");
            assertEquals(tsr.percent(), cell.value());
            assertEquals(
                    String.format(
                            java.util.Locale.ROOT, "%.1f [%.1f–%.1f]", tsr.percent(), tsr.ci95()[0], tsr.ci95()[1]),
                    cell.text());
            assertEquals("", cell.beside());
            assertEquals(
                    first.nRequired() + " / " + first.nControl(),
                    vm.rows().get(0).n());
            assertTrue(vm.points().stream().noneMatch(MetricsViewModel.Point::arrow));
            assertEquals(MetricsWindow.STACKED.size(), vm.bars().size());
            assertTrue(
                    vm.noteProperty().get().startsWith(s.source() + ":"),
                    vm.noteProperty().get());
            assertTrue(vm.csv().startsWith("source,model,rate,"), vm.csv());

            long before = vm.shownVersionProperty().get();
            vm.choose(MetricsViewModel.CORRECTED);
            assertTrue(vm.shownVersionProperty().get() > before, "the window is told to redraw");
            assertTrue(vm.correctedShown());
            assertNull(vm.shown());
            assertTrue(vm.rows().isEmpty() && vm.points().isEmpty() && vm.bars().isEmpty());
            assertTrue(
                    vm.placeholderProperty().get().contains("no calibration sample"),
                    vm.placeholderProperty().get());
            assertTrue(
                    vm.noteProperty().get().startsWith("corrected: refused."),
                    vm.noteProperty().get());
            assertNull(vm.csv());
            // read again: the chosen source is kept
            vm.accept(MetricsViewModel.compute(p));
            assertEquals(MetricsViewModel.CORRECTED, vm.sourceProperty().get());
        }
    }

    @Test
    void correctedRanksByCorrectedCturWithJudgeOnlyAndGoldOnlyBesideAndArrows() {
        try (Project p = classifiedSample("c")) {
            CalibrationDraw drawn = CalibrationDraws.draw(p, "calibration", SamplingDesign.STRATIFIED, 60, 7);
            // gold: the ensemble's label, except every fourth tool-required trace where people say tool_skip
            LabelSources src = LabelSources.load(p, JudgeChoice.resolve(p, null, null), List.of(LabelSources.ENSEMBLE));
            String[] ens = src.labels(LabelSources.ENSEMBLE);
            Map<String, Integer> at = new HashMap<>();
            for (int i = 0; i < src.size(); i++) {
                at.put(src.traceId(i), i);
            }
            int k = 0;
            for (CalibrationDraw.DrawnTrace d : drawn.draws()) {
                int i = at.get(d.traceId());
                boolean required = src.type(i) == TaskType.TOOL_REQUIRED;
                String gold = required && k++ % 4 == 0 ? "tool_skip" : ens[i] != null ? ens[i] : "correct";
                Adjudications.decide(p, d.traceId(), "ana", gold, null);
            }
            MetricsViewModel.Loaded l = MetricsViewModel.compute(p);
            assertNull(l.correctedRefusal());
            CorrectedRates.Report report = CorrectedRates.load(p, null, null);

            MetricsViewModel vm = new MetricsViewModel(null);
            vm.accept(l);
            vm.choose(MetricsViewModel.CORRECTED);
            Map<String, Map<String, CorrectedRates.Row>> ranked = report.ranked();
            assertEquals(
                    List.copyOf(ranked.keySet()),
                    vm.rows().stream().map(MetricsViewModel.BoardRow::model).toList(),
                    "ranked as the command line ranks");
            Double last = Double.MAX_VALUE;
            for (MetricsViewModel.BoardRow row : vm.rows()) {
                Double v = row.cell("CTUR").value();
                if (v != null) {
                    assertTrue(v <= last, "ranked by corrected CTUR, highest first");
                    last = v;
                }
                Map<String, CorrectedRates.Row> rates = ranked.get(row.model());
                assertEquals(rates.get("CTUR").gold() + " / " + rates.get("UTR").gold(), row.n(), "n: the gold used");
                for (String rate : MetricsWindow.BOARD) {
                    CorrectedRates.Row r = rates.get(rate);
                    MetricsViewModel.Cell c = row.cell(rate);
                    assertTrue(
                            c.beside().contains("\njudge ")
                                    && c.beside().contains("\ngold ")
                                    && c.beside().endsWith("(" + r.gold() + ")"),
                            c.beside());
                    Recommended best = report.recommended(r);
                    if (best.estimate().defined()) {
                        assertEquals(100 * best.estimate().value(), c.value(), 1e-9);
                        assertEquals(100 * best.estimate().ci95()[0], c.low(), 1e-9);
                    } else {
                        assertEquals("n/a", c.text());
                    }
                    assertTrue(
                            c.why().startsWith("Recommended: " + best.which().title() + ", because " + best.reason()),
                            c.why());
                    assertTrue(c.beside().startsWith(best.which().title()), c.beside());
                    for (Recommended.Which w : best.others()) {
                        assertTrue(c.why().contains("○ " + w.title() + ": "), "the others, one click away: " + c.why());
                    }
                    assertFalse(c.text().contains("NaN"), c.text());
                }
            }
            assertFalse(vm.points().isEmpty());
            for (MetricsViewModel.Point pt : vm.points()) {
                CorrectedRates.Row ctur = ranked.get(pt.model()).get("CTUR");
                assertTrue(pt.arrow(), "an arrow from judge-only to corrected");
                assertEquals(100 * ctur.judgeOnly().value(), pt.fromX(), 1e-9);
                assertEquals(100 * report.recommended(ctur).estimate().value(), pt.x(), 1e-9);
                assertTrue(pt.xCi()[0] <= pt.x() && pt.x() <= pt.xCi()[1]);
            }
            String note = vm.noteProperty().get();
            assertTrue(
                    note.startsWith("corrected: the recommended figure per rate")
                            && note.contains("calibration sample 'calibration'")
                            && note.contains(report.goldInSample() + " of its "
                                    + drawn.draws().size() + " traces decided"),
                    note);
            assertEquals(report.csv(MetricsWindow.BOARD), vm.csv());
            assertNotNull(vm.nMeaningProperty().get());
            assertTrue(vm.nMeaningProperty().get().startsWith("gold traces"));
        }
    }

    /**
     * Issue 48, item 7: the corrected source has a judge picker, and for each judge its figures are those the Calibration
     * tab computes for that judge (the recommended one per rate), and what calibration --corrected --judge prints.
     */
    @Test
    void theJudgePickerGivesTheCalibrationTabsFiguresForThatJudge() {
        try (Project p = classifiedSample("j")) {
            CalibrationDraws.draw(p, "calibration", SamplingDesign.UNIFORM, 30, 3);
            CalibrationDraw drawn = CalibrationDraws.forCorrection(p, null);
            LabelSources src = LabelSources.load(p, null, List.of("harness"));
            Map<String, Integer> at = new HashMap<>();
            for (int i = 0; i < src.size(); i++) {
                at.put(src.traceId(i), i);
            }
            int k = 0;
            for (CalibrationDraw.DrawnTrace d : drawn.draws()) {
                String h = src.labels("harness")[at.get(d.traceId())];
                Adjudications.decide(p, d.traceId(), "ana", k++ % 5 == 0 ? "tool_skip" : h, null);
            }
            MetricsViewModel.Loaded l = MetricsViewModel.compute(p);
            assertEquals(LabelSources.ENSEMBLE, l.judge(), "the ensemble first");
            assertTrue(
                    l.judges().containsAll(List.of("illustrative-dtree", "illustrative-evidence", "rule")),
                    l.judges().toString());
            for (String judge : l.judges()) {
                MetricsViewModel vm = new MetricsViewModel(null);
                vm.accept(MetricsViewModel.compute(p, judge));
                vm.choose(MetricsViewModel.CORRECTED);
                assertEquals(judge, vm.judgeProperty().get());
                CorrectedRates.Report tab = org.tracejudge.ui.calibration.CalibrationViewModel.compute(p, judge)
                        .corrected();
                assertEquals(judge, tab.judge());
                Map<String, Map<String, CorrectedRates.Row>> ranked = tab.ranked();
                assertEquals(
                        List.copyOf(ranked.keySet()),
                        vm.rows().stream().map(MetricsViewModel.BoardRow::model).toList());
                for (MetricsViewModel.BoardRow row : vm.rows()) {
                    for (String rate : MetricsWindow.BOARD) {
                        Recommended best =
                                tab.recommended(ranked.get(row.model()).get(rate));
                        Double want = best.estimate().defined()
                                ? 100 * best.estimate().value()
                                : null;
                        assertEquals(want, row.cell(rate).value(), judge + " " + row.model() + " " + rate);
                    }
                }
            }
        }
    }
}
