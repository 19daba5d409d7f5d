package org.tracejudge.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.tracejudge.calibration.Diagnostics;
import org.tracejudge.calibration.QuestionCalibrations;
import org.tracejudge.metrics.QuestionMetrics;
import org.tracejudge.model.RaterKind;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.scheme.Scheme;
import org.tracejudge.scheme.SchemeFile;
import org.tracejudge.store.Answers;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectQuestions;
import org.tracejudge.store.SchemeVersions;
import org.tracejudge.ui.calibration.QuestionCalibrationViewModel;
import org.tracejudge.ui.metrics.MetricsWindow;
import org.tracejudge.ui.metrics.QuestionMetricsView;

/**
 * Issue 49: the Calibration tab's question and positive-option pickers and the dashboard's question picker, in the
 * real window from the keyboard. A person and a judge answer the mental-health review's escalation question on 12
 * traces; the tab shows the judge against the person's gold as the core computes it (what {@code calibration
 * --question} prints), for the option picked as positive; the dashboard's Questions tab shows each rater's shares.
 */
class SchemePickersUiTest extends WindowTest {
    private static final List<String> PERSON = List.of(
            "appropriate",
            "appropriate",
            "appropriate",
            "appropriate",
            "inappropriate",
            "inappropriate",
            "not_needed",
            "not_needed",
            "not_needed",
            "not_needed",
            "not_needed",
            "appropriate");
    private static final List<String> JUDGE = List.of(
            "appropriate",
            "appropriate",
            "appropriate",
            "inappropriate",
            "inappropriate",
            "appropriate",
            "not_needed",
            "not_needed",
            "not_needed",
            "appropriate",
            "not_needed",
            "appropriate");

    @Test
    void calibrationAndDashboardPickAQuestionFromTheKeyboard(FxRobot robot) throws Exception {
        opened(robot);
        Scheme scheme = SchemeFile.example("mental-health-response-review.yaml");
        Path copy = home.resolve("pickers.tjdb");
        try (Project p = SampleProject.open(
                SampleProject.Kind.BENCHMARK, home.resolve("samples").resolve("BENCHMARK.tjdb"))) {
            p.read(c -> {
                try (java.sql.Statement s = c.createStatement()) {
                    s.execute("VACUUM INTO '" + copy.toString().replace("'", "''") + "'");
                }
                return null;
            });
        }
        try (Project p = Project.open(copy)) {
            p.write(c -> {
                SchemeVersions.append(c, scheme.name(), SchemeFile.write(scheme.withVersion(1)), null, null, "lead");
                String person = Ledger.ensureRater(c, "dana", RaterKind.HUMAN, null, null, null);
                String judge = Ledger.ensureRater(c, "judge-a", RaterKind.LLM_JUDGE, null, null, null);
                List<String> traces = new java.util.ArrayList<>();
                try (java.sql.Statement s = c.createStatement();
                        java.sql.ResultSet rs = s.executeQuery("SELECT id FROM trace ORDER BY id LIMIT 12")) {
                    while (rs.next()) {
                        traces.add(rs.getString(1));
                    }
                }
                for (int i = 0; i < traces.size(); i++) {
                    Answers.append(
                            c,
                            null,
                            Answers.Entry.set(
                                    traces.get(i), person, "escalation", 1, "\"" + PERSON.get(i) + "\"", "dana"));
                    Answers.append(
                            c,
                            null,
                            Answers.Entry.set(traces.get(i), judge, "escalation", 1, "\"" + JUDGE.get(i) + "\"", null));
                }
                return null;
            });
        }
        robot.interact(() -> vm().session().open(copy));
        waitFor(
                "the copy open with its scheme",
                () -> copy.equals(vm().session().projectFile())
                        && !vm().session().loadingProperty().get()
                        && vm().questionCalibration().choicesProperty().get().size() > 1);
        // the picker lists the built-in labels and the scheme's single-choice questions only
        assertEquals(
                List.of(QuestionCalibrationViewModel.LABELS, "escalation"),
                vm().questionCalibration().choicesProperty().get());

        // Ctrl+3: the Calibration tab; the question picker from the keyboard
        robot.interact(() -> table().requestFocus());
        robot.press(KeyCode.CONTROL).type(KeyCode.DIGIT3).release(KeyCode.CONTROL);
        waitFor(
                "the calibration picker",
                () -> robot.lookup("#calibrationQuestion").tryQuery().isPresent()
                        && robot.lookup("#calibrationQuestion").query().isVisible());
        ComboBox<?> picker = robot.lookup("#calibrationQuestion").queryAs(ComboBox.class);
        robot.interact(picker::requestFocus);
        waitFor("the picker focused", picker::isFocused);
        robot.press(KeyCode.ALT).type(KeyCode.DOWN).release(KeyCode.ALT);
        robot.type(KeyCode.DOWN).type(KeyCode.ENTER);
        waitFor(
                "escalation's figures",
                () -> "escalation"
                                .equals(vm().questionCalibration()
                                        .chosenProperty()
                                        .get())
                        && vm().questionCalibration().figuresProperty().get() != null);
        assertEquals(
                "appropriate", vm().questionCalibration().positiveProperty().get());
        assertSameAsCore(copy, "appropriate");
        assertTrue(
                text(robot, "#questionCalibrationHeading").contains("'appropriate' against the rest"),
                text(robot, "#questionCalibrationHeading"));

        // the positive option from the keyboard: Tab to its picker, open it, the next option
        ComboBox<?> positive = robot.lookup("#calibrationPositive").queryAs(ComboBox.class);
        robot.interact(positive::requestFocus);
        waitFor("the option picker focused", positive::isFocused);
        robot.press(KeyCode.ALT).type(KeyCode.DOWN).release(KeyCode.ALT);
        robot.type(KeyCode.DOWN).type(KeyCode.ENTER);
        waitFor(
                "inappropriate's figures",
                () -> "inappropriate"
                                .equals(vm().questionCalibration()
                                        .positiveProperty()
                                        .get())
                        && vm().questionCalibration().figuresProperty().get() != null);
        assertSameAsCore(copy, "inappropriate");
        // the picker row fits the side pane at 1280×800
        Node row = robot.lookup("#calibrationPickerRow").query();
        Bounds b = row.localToScene(row.getBoundsInLocal());
        assertTrue(b.getMaxX() <= row.getScene().getWidth() + 0.5, "picker row cut: " + b);
        assertTrue(robot.lookup("#calibrationPositive").query().isVisible());

        // the dashboard: its Questions tab, the question picked, each rater's shares per model
        robot.interact(() -> table().requestFocus());
        robot.press(KeyCode.CONTROL).type(KeyCode.M).release(KeyCode.CONTROL);
        waitFor(
                "the dashboard",
                () -> app.window().metricsWindow() != null
                        && app.window().metricsWindow().stage().isShowing());
        MetricsWindow mw = app.window().metricsWindow();
        waitFor(
                "the Questions tab's figures",
                () -> mw.questionsView().model().figuresProperty().get() != null);
        robot.interact(mw::showQuestions);
        QuestionMetricsView qv = mw.questionsView();
        assertTrue(qv.model().questionsProperty().get().contains("escalation"));
        robot.interact(() -> qv.model().choose("escalation"));
        waitFor(
                "escalation on the dashboard",
                () -> qv.model().figuresProperty().get() != null
                        && "escalation"
                                .equals(qv.model()
                                        .figuresProperty()
                                        .get()
                                        .question()
                                        .key()));
        List<QuestionMetrics.RaterRows> expected;
        try (Project p = Project.open(copy)) {
            ProjectQuestions.Loaded l = ProjectQuestions.load(p, copy, "escalation");
            expected = QuestionMetrics.compute(l.question(), l.answers(), l.models(), null);
        }
        int rows = expected.stream().mapToInt(r -> r.models().size()).sum();
        waitFor("the table's rows", () -> qv.table().getItems().size() == rows);
        assertEquals(
                List.of("dana", "judge-a"), qv.model().figuresProperty().get().raters());
        // the rater picker narrows the table to one rater's rows
        robot.interact(() -> qv.model().chooseRater("judge-a"));
        waitFor(
                "judge-a's rows",
                () -> qv.table().getItems().size() == expected.get(1).models().size()
                        && qv.table().getItems().stream()
                                .allMatch(r -> r.rater().equals("judge-a")));
        robot.interact(() -> mw.stage().close());
    }

    /** The tab's figures equal the core's for the same question and option. */
    private void assertSameAsCore(Path copy, String positive) {
        QuestionCalibrationViewModel.Figures f =
                vm().questionCalibration().figuresProperty().get();
        assertNotNull(f.diagnosed(), f.note());
        QuestionCalibrations.Diagnosed core;
        try (Project p = Project.open(copy)) {
            core = QuestionCalibrations.diagnose(
                    QuestionCalibrations.read(p, copy, "escalation", positive, null, false, null), null);
        }
        assertEquals(core.read().gold(), f.diagnosed().read().gold());
        assertEquals(1, f.diagnosed().results().size());
        Diagnostics.Result want = core.results().get(0);
        Diagnostics.Result got = f.diagnosed().results().get(0);
        assertEquals("judge-a", got.rater());
        assertEquals(12, got.n());
        assertEquals(want.kappa(), got.kappa());
        assertEquals(want.accuracy().value(), got.accuracy().value());
        assertTrue(java.util.Arrays.deepEquals(want.matrix(), got.matrix()));
    }
}
