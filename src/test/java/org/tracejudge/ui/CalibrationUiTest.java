package org.tracejudge.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.tracejudge.calibration.CalibrationDraw;
import org.tracejudge.calibration.CalibrationDraws;
import org.tracejudge.calibration.SamplingDesign;
import org.tracejudge.classify.RuleLabeller;
import org.tracejudge.rules.RuleClassifier;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.store.Project;
import org.tracejudge.store.TraceTable;
import org.tracejudge.ui.calibration.CalibrationView;

/**
 * Issue 35's journey in the window: a calibration sample drawn, Show ▸ Calibration sample, Ctrl+3 opens the
 * Calibration tab, decisions from the keyboard, and the judge's figures and the corrected rates follow them.
 */
class CalibrationUiTest extends WindowTest {
    @Test
    void decidingTheSampleFromTheKeyboardMovesTheCorrectedRates(FxRobot robot) {
        opened(robot);
        Path file = home.resolve("calibration.tjdb");
        SampleProject.build(file);
        try (Project p = Project.open(file)) {
            RuleLabeller.classify(p, RuleClassifier.Mode.COMPAT);
            CalibrationDraws.draw(p, "calibration", SamplingDesign.UNIFORM, 20, 3);
        }
        robot.interact(() -> vm().session().open(file));
        waitFor(
                "the project",
                () -> file.equals(vm().session().projectFile())
                        && !vm().session().loadingProperty().get()
                        && table().getItems().size() == 60);
        robot.interact(() -> vm().table().setFilter(TraceTable.Filter.NONE.withShow(TraceTable.Show.CALIBRATION)));
        waitFor(
                "the 20 drawn traces",
                () -> !vm().session().loadingProperty().get()
                        && table().getItems().size() == 20);
        robot.interact(() -> table().requestFocus());
        robot.press(KeyCode.CONTROL).type(KeyCode.DIGIT3).release(KeyCode.CONTROL);
        waitFor(
                "the calibration tab",
                () -> robot.lookup("#calibrationSummary").tryQuery().isPresent()
                        && vm().calibration().stateProperty().get() != null
                        && !vm().calibration().stateProperty().get().stale());
        assertTrue(label(robot, "#calibrationSummary").startsWith("No gold yet"), label(robot, "#calibrationSummary"));
        assertTrue(
                label(robot, "#calibrationSample").contains("20 of 60 traces): 0 decided so far"),
                label(robot, "#calibrationSample"));
        // a decision per drawn trace from the keyboard (1 = correct, 2 = the second label), each moving on
        robot.interact(() -> table().requestFocus());
        for (int i = 0; i < 12; i++) {
            robot.type(i % 3 == 2 ? KeyCode.DIGIT2 : KeyCode.DIGIT1);
        }
        // the keys brought the trace on show; Ctrl+3 brings the figures back, current
        robot.press(KeyCode.CONTROL).type(KeyCode.DIGIT3).release(KeyCode.CONTROL);
        waitFor("12 decided and the figures current", () -> {
            var s = vm().calibration().stateProperty().get();
            return s != null
                    && !s.stale()
                    && s.corrected() != null
                    && s.corrected().goldInSample() == 12;
        });
        var s = vm().calibration().stateProperty().get();
        assertEquals("ensemble", s.judge());
        assertTrue(label(robot, "#calibrationSummary").startsWith("Against "), label(robot, "#calibrationSummary"));
        TableView<?> rates = robot.lookup("#calibrationRates").queryAs(TableView.class);
        // issue 48, item 7: each rate names its recommended figure, the reason one click away
        assertTrue(
                rates.getItems().stream()
                        .map(r -> (CalibrationView.RateRow) r)
                        .allMatch(r -> r.reason().contains(", because ")
                                && (r.judgeOnly() + r.goldOnly() + r.ppi()).contains("● ")),
                rates.getItems().toString());
        // walked at 1280×800: the recommended column whole inside the side pane, none of its figures cut
        assertEquals(1280, stage.getWidth(), 1);
        javafx.scene.Node recommendedHead = rates.lookupAll(".column-header").stream()
                .filter(h -> h.lookupAll(".label").stream().anyMatch(l -> "recommended".equals(((Label) l).getText())))
                .findFirst()
                .orElseThrow();
        javafx.geometry.Bounds head = recommendedHead.localToScene(recommendedHead.getLayoutBounds());
        javafx.geometry.Bounds table = rates.localToScene(rates.getLayoutBounds());
        assertTrue(head.getMaxX() <= table.getMaxX(), "the recommended column inside the pane: " + head + " " + table);
        assertEquals(List.of(), DesktopConventionsUiTest.truncated(rates), "cut in the corrected rates");
        robot.interact(() -> rates.getSelectionModel().select(0));
        assertTrue(label(robot, "#calibrationRateWhy").contains(": recommended "), label(robot, "#calibrationRateWhy"));
        assertTrue(
                rates.getItems().stream()
                        .map(r -> ((CalibrationView.RateRow) r).ppi())
                        .anyMatch(v -> v.matches("(● )?\\d+\\.\\d \\[.*\\] \\(\\d\\.\\d\\d\\)")),
                rates.getItems().toString());
        // the confusion matrix: every cell's count is what the table filtered to that cell shows
        var d = s.diagnostics();
        try (Project p = Project.open(file)) {
            TraceTable tt = new TraceTable(p, TraceTable.layout(p, "ana"));
            String key = tt.layout().columns().stream()
                    .filter(c -> c.kind() == TraceTable.Kind.ENSEMBLE)
                    .findFirst()
                    .orElseThrow()
                    .key();
            for (int i = 0; i < d.labels().size(); i++) {
                for (int j = 0; j < d.labels().size(); j++) {
                    assertEquals(
                            d.matrix()[i][j],
                            tt.count(TraceTable.Filter.NONE
                                    .with(key, d.labels().get(i))
                                    .with(TraceTable.GOLD, d.labels().get(j))),
                            d.labels().get(i) + " × " + d.labels().get(j));
                }
            }
        }
        // pressing a cell filters the table to it and hands the table the focus
        int gi = d.labels().indexOf("correct");
        String cellId = "#calCell-correct-correct";
        robot.clickOn(cellId);
        waitFor(
                "the cell's traces",
                () -> !vm().session().loadingProperty().get()
                        && table().getItems().size() == d.matrix()[gi][gi]);
        assertEquals("correct", vm().session().filterProperty().get().equals().get(TraceTable.GOLD));
        assertTrue(table().isFocused(), "the table takes the focus: the review keys work");
        // the blind mode hides the tab (a judge's figures against gold would give its labels away)
        robot.press(KeyCode.CONTROL).type(KeyCode.B).release(KeyCode.CONTROL);
        waitFor("blind", () -> vm().session().state().blindProperty().get());
        assertTrue(robot.lookup("#sideTabs")
                .queryAs(javafx.scene.control.TabPane.class)
                .getTabs()
                .get(2)
                .isDisable());
    }

    @Test
    void theDashboardRanksByTheCorrectedRateWithArrowsAndRefusesWithoutASample(FxRobot robot) {
        Path file = classifiedSampleOpen(robot, "corrected");
        robot.press(KeyCode.CONTROL).type(KeyCode.M).release(KeyCode.CONTROL);
        waitFor(
                "the dashboard",
                () -> app.window().metricsWindow() != null
                        && app.window().metricsWindow().dashboardProperty().get() != null);
        org.tracejudge.ui.metrics.MetricsWindow w = app.window().metricsWindow();
        org.tracejudge.ui.metrics.MetricsViewModel m = w.model();
        robot.interact(() -> {
            javafx.scene.control.ComboBox<?> box =
                    robot.lookup("#metricsSource").queryAs(javafx.scene.control.ComboBox.class);
            assertTrue(box.getItems().contains("corrected"), box.getItems().toString());
            m.choose("corrected");
        });
        TableView<?> board = robot.lookup("#leaderboard").queryAs(TableView.class);
        assertTrue(board.getItems().isEmpty());
        Label empty = (Label) board.getPlaceholder();
        assertTrue(
                empty.getText().contains("no calibration sample")
                        && empty.getText().contains("--design uniform"),
                empty.getText());
        assertEquals(
                "corrected",
                robot.lookup("#metricsSource")
                        .queryAs(javafx.scene.control.ComboBox.class)
                        .getValue());

        // a sample, decided in another process (a colleague's laptop merged in): Refresh brings the corrected rates
        try (Project p = Project.open(file)) {
            CalibrationDraw d = CalibrationDraws.draw(p, "calibration", SamplingDesign.UNIFORM, 40, 5);
            int k = 0;
            for (CalibrationDraw.DrawnTrace x : d.draws()) {
                org.tracejudge.store.Adjudications.decide(
                        p, x.traceId(), "ana", k++ % 3 == 0 ? "tool_skip" : "correct", null);
            }
        }
        robot.interact(w::load);
        waitFor("the corrected rates", () -> !board.getItems().isEmpty());
        assertEquals(m.rows().size(), board.getItems().size());
        assertTrue(
                label(robot, "#metricsNote").startsWith("corrected: the recommended figure per rate"),
                label(robot, "#metricsNote"));
        long arrows = m.points().stream()
                .filter(org.tracejudge.ui.metrics.MetricsViewModel.Point::arrow)
                .count();
        assertTrue(arrows > 0);
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
        assertEquals(
                arrows, robot.lookup(".profile-arrow").queryAll().size(), "an arrow per model, judge only → corrected");
        assertTrue(robot.lookup(".profile-interval").queryAll().size() == 2 * arrows, "whiskers across and up");
        // issue 48, item 15: every model's name on the corrected profile, none over another name or over a dot
        javafx.scene.Node profile = robot.lookup("#failureProfile").query();
        List<String> named = profile.lookupAll(".profile-label").stream()
                .filter(javafx.scene.Node::isVisible)
                .map(n -> ((javafx.scene.text.Text) n).getText())
                .sorted()
                .toList();
        assertEquals(
                m.rows().stream()
                        .map(org.tracejudge.ui.metrics.MetricsViewModel.BoardRow::model)
                        .sorted()
                        .toList(),
                named,
                "every model labelled");
        List<javafx.geometry.Bounds> boxes = profile.lookupAll(".profile-label").stream()
                .map(n -> n.localToScene(n.getLayoutBounds()))
                .toList();
        List<javafx.geometry.Bounds> dots = profile.lookupAll(".profile-point").stream()
                .map(n -> n.localToScene(n.getLayoutBounds()))
                .toList();
        javafx.geometry.Bounds plot = profile.lookup(".chart-plot-background")
                .localToScene(profile.lookup(".chart-plot-background").getLayoutBounds());
        for (int i = 0; i < boxes.size(); i++) {
            for (int j = i + 1; j < boxes.size(); j++) {
                assertFalse(boxes.get(i).intersects(boxes.get(j)), named + ": names " + i + " and " + j + " overlap");
            }
            for (javafx.geometry.Bounds dot : dots) {
                assertFalse(boxes.get(i).intersects(dot), "name " + i + " covers a dot");
            }
            assertTrue(plot.contains(boxes.get(i)), "name " + i + " inside the plot: " + boxes.get(i));
        }
        // each cell names the judge-only and gold-only rates under the corrected one
        assertTrue(robot.lookup(".rate-interval").queryAll().stream()
                .map(n -> ((javafx.scene.text.Text) n).getText())
                .anyMatch(t -> t.contains("\njudge ") && t.contains("\ngold ")));

        // issue 48, item 7: a judge picker; another judge's corrected figures are the Calibration tab's for it
        javafx.scene.control.ComboBox<?> judge =
                robot.lookup("#metricsJudge").queryAs(javafx.scene.control.ComboBox.class);
        assertTrue(judge.isVisible() && "ensemble".equals(judge.getValue()), String.valueOf(judge.getValue()));
        // chosen as the list does it (a click on the text "illustrative-dtree" can land on another node that shows
        // it, e.g. the agreement's rater list, now that it names every rater)
        @SuppressWarnings("unchecked")
        javafx.scene.control.ComboBox<String> judges = (javafx.scene.control.ComboBox<String>) judge;
        assertTrue(judges.getItems().contains("illustrative-dtree"), String.valueOf(judges.getItems()));
        robot.interact(() -> judges.getSelectionModel().select("illustrative-dtree"));
        waitFor(
                "the judge's corrected rates",
                () -> m.loadedProperty().get().corrected() != null
                        && "illustrative-dtree"
                                .equals(m.loadedProperty().get().corrected().judge()));
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
        org.tracejudge.calibration.CorrectedRates.Report tab;
        try (Project p = Project.open(file)) {
            tab = org.tracejudge.ui.calibration.CalibrationViewModel.compute(p, "illustrative-dtree")
                    .corrected();
        }
        for (var row : m.rows()) {
            var best = tab.recommended(tab.ranked().get(row.model()).get("CTUR"));
            assertEquals(100 * best.estimate().value(), row.cell("CTUR").value(), 1e-9, row.model());
        }
        // a click on a corrected cell says why its figure is recommended, and gives the other three
        robot.clickOn(robot.lookup(".rate-value").nth(1).queryAs(javafx.scene.text.Text.class));
        String detail = label(robot, "#metricsCellDetail");
        assertTrue(detail.contains(": Recommended: ") && detail.contains("because"), detail);
        assertTrue(detail.contains("Rogan-Gladen: ") && detail.contains("judge only: "), detail);
    }

    @SuppressWarnings({"unchecked", "rawtypes"}) // TestFX lookups give raw control types
    @Test
    void theTabDrawsSamplesOfEachModeAndTheTableListsThem(FxRobot robot) {
        Path file = classifiedSampleOpen(robot, "modes");
        robot.press(KeyCode.CONTROL).type(KeyCode.DIGIT3).release(KeyCode.CONTROL);
        waitFor(
                "the calibration tab",
                () -> robot.lookup("#calibrationDraw").tryQuery().isPresent());
        // disagreement: 6 hard traces, why each was drawn, no probability
        robot.interact(() -> {
            robot.lookup("#calibrationDesign")
                    .queryAs(javafx.scene.control.ComboBox.class)
                    .setValue(SamplingDesign.DISAGREEMENT);
            robot.lookup("#calibrationN")
                    .queryAs(javafx.scene.control.TextField.class)
                    .setText("6");
        });
        assertEquals(
                "disagreement",
                robot.lookup("#calibrationName")
                        .queryAs(javafx.scene.control.TextField.class)
                        .getText());
        robot.clickOn("#calibrationDraw");
        waitFor("drawn", () -> label(robot, "#calibrationDrawStatus").startsWith("Sample 'disagreement': drew 6"));
        assertTrue(label(robot, "#calibrationDrawStatus").contains("not a probability sample"));
        waitFor(
                "the table lists them",
                () -> vm().session().filterProperty().get().show() == TraceTable.Show.CALIBRATION
                        && !vm().session().loadingProperty().get()
                        && table().getItems().size() == 6);
        // the trace on show says why it was drawn
        robot.interact(() -> table().getSelectionModel().select(0));
        waitFor("why it was drawn", () -> label(robot, "#calibrationWhy")
                .startsWith("This trace: sample 'disagreement', disagreement, seed 1: raters disagree ("));
        // no probability sample yet: the corrected rates say so
        waitFor(
                "figures",
                () -> vm().calibration().stateProperty().get() != null
                        && !vm().calibration().stateProperty().get().stale());
        assertTrue(
                label(robot, "#calibrationSample").startsWith("No probability sample"),
                label(robot, "#calibrationSample"));
        // until-precise: the first batch of 10, then nothing more until it is decided
        robot.interact(() -> {
            robot.lookup("#calibrationDesign")
                    .queryAs(javafx.scene.control.ComboBox.class)
                    .setValue(SamplingDesign.UNTIL_PRECISE);
            robot.lookup("#calibrationN")
                    .queryAs(javafx.scene.control.TextField.class)
                    .setText("10");
        });
        assertTrue(robot.lookup("#calibrationHalfWidth").query().isVisible());
        robot.clickOn("#calibrationDraw");
        waitFor("the first batch", () -> label(robot, "#calibrationDrawStatus")
                .startsWith("Sample 'until-precise' (until-precise, 10 traces): first batch drawn"));
        int union;
        try (Project p = Project.open(file)) {
            union = Integer.parseInt(
                    org.tracejudge.TestData.scalar(p, "SELECT count(DISTINCT trace_id) FROM calibration_draw"));
        }
        assertTrue(union > 10);
        waitFor(
                "both samples listed",
                () -> !vm().session().loadingProperty().get()
                        && table().getItems().size() == union);
        robot.clickOn("#calibrationDraw");
        waitFor("nothing more", () -> label(robot, "#calibrationDrawStatus")
                .contains("10 of the 10 drawn traces are not " + "gold yet"));
        waitFor("the corrected rates from the until-precise sample", () -> label(robot, "#calibrationSample")
                .startsWith("Sample 'until-precise' (until-precise, 10 of 60 traces)"));
    }

    /** The sample project, classified by the rule, open in the window (all 60 traces listed). */
    private Path classifiedSampleOpen(FxRobot robot, String name) {
        opened(robot);
        Path file = home.resolve(name + ".tjdb");
        SampleProject.build(file);
        try (Project p = Project.open(file)) {
            RuleLabeller.classify(p, RuleClassifier.Mode.COMPAT);
        }
        robot.interact(() -> vm().session().open(file));
        waitFor(
                "the project",
                () -> file.equals(vm().session().projectFile())
                        && !vm().session().loadingProperty().get()
                        && table().getItems().size() == 60);
        return file;
    }

    private static String label(FxRobot robot, String id) {
        return robot.lookup(id).queryAs(Label.class).getText();
    }
}
