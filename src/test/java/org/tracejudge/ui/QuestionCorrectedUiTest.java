package org.tracejudge.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.tracejudge.cli.TracejudgeCli;
import org.tracejudge.json.Json;
import org.tracejudge.model.RaterKind;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.scheme.Scheme;
import org.tracejudge.scheme.SchemeFile;
import org.tracejudge.store.Answers;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;
import org.tracejudge.store.SchemeVersions;
import org.tracejudge.ui.calibration.QuestionCalibrationViewModel;

/**
 * Issue 49: the corrected rates per question in the Calibration tab. A person and a judge answer the mental-health
 * review's escalation question on 24 traces. Without a calibration sample on the question the tab says so and how to
 * draw one; with one (drawn as {@code tracejudge sample P --question escalation} draws it) the tab shows, for the
 * option picked from the keyboard, the judge's rate per model corrected with the sample's gold, each figure equal to
 * what {@code tracejudge calibration P --question escalation --positive OPTION --corrected --judge judge-a} prints.
 */
class QuestionCorrectedUiTest extends WindowTest {
    private static final String[] PERSON = {
        "appropriate", "appropriate", "inappropriate", "not_needed", "not_needed", "appropriate",
    };
    private static final String[] JUDGE = {
        "appropriate", "inappropriate", "inappropriate", "not_needed", "appropriate", "appropriate",
    };

    @Test
    void theTabShowsTheCorrectedRatesTheCliPrints(FxRobot robot) throws Exception {
        opened(robot);
        Scheme scheme = SchemeFile.example("mental-health-response-review.yaml");
        Path copy = home.resolve("corrected.tjdb");
        SampleProject.build(copy);
        try (Project p = Project.open(copy)) {
            p.write(c -> {
                SchemeVersions.append(c, scheme.name(), SchemeFile.write(scheme.withVersion(1)), null, null, "lead");
                String person = Ledger.ensureRater(c, "dana", RaterKind.HUMAN, null, null, null);
                String judge = Ledger.ensureRater(c, "judge-a", RaterKind.LLM_JUDGE, null, null, null);
                List<String> traces = new ArrayList<>();
                try (java.sql.Statement s = c.createStatement();
                        java.sql.ResultSet rs = s.executeQuery("SELECT id FROM trace ORDER BY id LIMIT 24")) {
                    while (rs.next()) {
                        traces.add(rs.getString(1));
                    }
                }
                for (int i = 0; i < traces.size(); i++) {
                    String t = traces.get(i);
                    String said = "\"" + PERSON[i % PERSON.length] + "\"";
                    String judged = "\"" + JUDGE[(i + i / 6) % JUDGE.length] + "\"";
                    Answers.append(c, null, Answers.Entry.set(t, person, "escalation", 1, said, "dana"));
                    Answers.append(c, null, Answers.Entry.set(t, judge, "escalation", 1, judged, null));
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

        // Ctrl+3, then the question picker from the keyboard
        robot.interact(() -> table().requestFocus());
        robot.press(KeyCode.CONTROL).type(KeyCode.DIGIT3).release(KeyCode.CONTROL);
        waitFor(
                "the calibration picker",
                () -> robot.lookup("#calibrationQuestion").tryQuery().isPresent()
                        && robot.lookup("#calibrationQuestion").query().isVisible());
        ComboBox<?> picker;
        picker = robot.lookup("#calibrationQuestion").queryAs(ComboBox.class);
        robot.interact(picker::requestFocus);
        waitFor("the picker focused", picker::isFocused);
        robot.press(KeyCode.ALT).type(KeyCode.DOWN).release(KeyCode.ALT);
        robot.type(KeyCode.DOWN).type(KeyCode.ENTER);
        waitFor(
                "escalation's figures",
                () -> figures() != null && figures().question().equals("escalation"));
        // no sample on the question yet: the tab says so, and how to draw one
        String none = text(robot, "#questionCorrectedNote");
        assertTrue(
                none.contains("no probability sample on the answers to 'escalation'")
                        && none.contains("--question escalation"),
                none);

        // a sample drawn on the question, as the command line draws it; the project opened again
        assertEquals(0, cli("sample", copy.toString(), "--question", "escalation", "--n", "12", "--seed", "4"));
        robot.interact(() -> vm().session().open(copy));
        waitFor(
                "the copy open again",
                () -> !vm().session().loadingProperty().get()
                        && vm().questionCalibration().choicesProperty().get().size() > 1);
        // opening a project shows the built-in labels again: the question once more, from the keyboard
        picker = robot.lookup("#calibrationQuestion").queryAs(ComboBox.class);
        robot.interact(picker::requestFocus);
        waitFor("the picker focused again", picker::isFocused);
        robot.press(KeyCode.ALT).type(KeyCode.DOWN).release(KeyCode.ALT);
        robot.type(KeyCode.DOWN).type(KeyCode.ENTER);
        waitFor(
                "the corrected rates",
                () -> figures() != null
                        && figures().question().equals("escalation")
                        && !figures().corrected().isEmpty());
        assertEquals("appropriate", figures().positive());
        assertSameAsCli(robot, copy, "appropriate");

        // the positive option picker (Alt+P in the window; focused directly here, as SchemePickersUiTest does):
        // the next option
        ComboBox<?> positive = robot.lookup("#calibrationPositive").queryAs(ComboBox.class);
        robot.interact(positive::requestFocus);
        waitFor("the option picker focused", positive::isFocused);
        robot.press(KeyCode.ALT).type(KeyCode.DOWN).release(KeyCode.ALT);
        robot.type(KeyCode.DOWN).type(KeyCode.ENTER);
        waitFor(
                "inappropriate's corrected rates",
                () -> figures() != null
                        && "inappropriate".equals(figures().positive())
                        && !figures().corrected().isEmpty());
        assertSameAsCli(robot, copy, "inappropriate");
    }

    private QuestionCalibrationViewModel.Figures figures() {
        return vm().questionCalibration().figuresProperty().get();
    }

    private static int cli(String... args) {
        return TracejudgeCli.execute(args, new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
    }

    /** Each model's line in the tab reads the figures {@code calibration --corrected --format json} gives. */
    private void assertSameAsCli(FxRobot robot, Path copy, String positive) {
        StringWriter out = new StringWriter();
        int code = TracejudgeCli.execute(
                new String[] {
                    "calibration",
                    copy.toString(),
                    "--question",
                    "escalation",
                    "--positive",
                    positive,
                    "--corrected",
                    "--judge",
                    "judge-a",
                    "--format",
                    "json"
                },
                new PrintWriter(out),
                new PrintWriter(new StringWriter()));
        assertEquals(0, code);
        JsonNode doc = Json.read(out.toString());
        List<String> want = new ArrayList<>();
        for (JsonNode m : doc.get("models")) {
            JsonNode ppi = m.get("ppi");
            want.add(m.get("model").asText() + ": n " + m.get("judged").asInt() + " · gold "
                    + m.get("gold").asInt()
                    + " · judge only " + pct(m.get("judge_only")) + " · gold only " + pct(m.get("gold_only"))
                    + " · Rogan-Gladen " + pct(m.get("rogan_gladen")) + " · PPI++ " + pct(ppi)
                    + (ppi.has("lambda")
                            ? String.format(
                                    Locale.ROOT, " (λ %.2f)", ppi.get("lambda").asDouble())
                            : ""));
        }
        assertTrue(want.size() >= 2, doc.toString());
        waitFor("the tab's lines", () -> lines(robot).equals(want));
        String sample = ((Label) robot.lookup("#qcorr-judge_a")
                        .queryAs(javafx.scene.layout.VBox.class)
                        .getChildren()
                        .get(0))
                .getText();
        assertTrue(
                sample.contains("with the gold of sample '"
                        + doc.get("sample").get("name").asText() + "'"),
                sample);
    }

    private static List<String> lines(FxRobot robot) {
        List<String> out = new ArrayList<>();
        robot.lookup(".qcorr-model").queryAllAs(Label.class).forEach(l -> out.add(l.getText()));
        return out;
    }

    private static String pct(JsonNode e) {
        if (e.get("value").isNull()) {
            return "n/a";
        }
        JsonNode ci = e.get("ci95");
        return String.format(
                Locale.ROOT,
                "%.1f [%.1f, %.1f]",
                100 * e.get("value").asDouble(),
                100 * ci.get(0).asDouble(),
                100 * ci.get(1).asDouble());
    }
}
