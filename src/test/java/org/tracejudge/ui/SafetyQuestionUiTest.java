package org.tracejudge.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Labeled;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.tracejudge.model.RaterKind;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.scheme.Scheme;
import org.tracejudge.scheme.SchemeFile;
import org.tracejudge.store.Answers;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;
import org.tracejudge.store.SchemeVersions;
import org.tracejudge.ui.trace.QuestionBarViewModel;

/**
 * Issue 49: a clinician answering a blind, safety-critical question is not hinted by a machine. A judge has rated the
 * first trace's risk "4 · imminent risk" before the window opens; until the person answers risk, nothing in the window
 * shows the judge's name or verdict (the line {@code #questionOthers} says the question is blind until they answer, and
 * no safety chip tells that someone picked the critical step). Once they answer, the judge's answer appears, the item
 * shows "needs a second expert", and the table's cell says so.
 */
class SafetyQuestionUiTest extends WindowTest {
    static final String JUDGE = "gpt-judge-zeta";

    private QuestionBarViewModel.State bar() {
        return vm().questions().stateProperty().get();
    }

    private void waitAt(String trace, String question) {
        waitFor(
                "question " + question + " of " + trace,
                () -> trace.equals(bar().traceId()) && bar().loaded() && question.equals(bar().current()));
    }

    /** Every text the window shows now: labels, buttons, cells, fields, and their tooltips' owners' texts. */
    private List<String> shownTexts(FxRobot robot) {
        List<String> out = new ArrayList<>();
        robot.interact(() -> collect(stage.getScene().getRoot(), out));
        return out;
    }

    private static void collect(Node n, List<String> out) {
        if (!n.isVisible()) {
            return;
        }
        if (n instanceof Labeled l && l.getText() != null) {
            out.add(l.getText());
        }
        if (n instanceof TextInputControl t && t.getText() != null) {
            out.add(t.getText());
        }
        if (n.getAccessibleText() != null) {
            out.add(n.getAccessibleText());
        }
        if (n instanceof Parent p) {
            for (Node c : p.getChildrenUnmodifiable()) {
                collect(c, out);
            }
        }
    }

    @Test
    void aBlindSafetyQuestionShowsNoMachineVerdictBeforeTheAnswer(FxRobot robot) throws Exception {
        opened(robot);
        Scheme scheme = SchemeFile.example("mental-health-response-review.yaml");
        assertTrue(scheme.question("risk").orElseThrow().blind(), "risk is blind (safety-critical step 4)");
        Path copy = home.resolve("blind.tjdb");
        SampleProject.Kind kind = SampleProject.Kind.BENCHMARK;
        try (Project p = SampleProject.open(kind, home.resolve("samples").resolve(kind.name() + ".tjdb"))) {
            p.read(c -> {
                try (java.sql.Statement s = c.createStatement()) {
                    s.execute("VACUUM INTO '" + copy.toString().replace("'", "''") + "'");
                }
                return null;
            });
        }
        String t0;
        try (Project p = Project.open(copy)) {
            p.write(c -> SchemeVersions.append(
                    c, scheme.name(), SchemeFile.write(scheme.withVersion(1)), null, null, "lead"));
            t0 = p.read(c -> {
                try (java.sql.Statement s = c.createStatement();
                        java.sql.ResultSet rs = s.executeQuery("SELECT t.id FROM trace t JOIN task k ON "
                                + "k.id = t.task_id ORDER BY t.model, k.task_key, t.id LIMIT 1")) {
                    rs.next();
                    return rs.getString(1);
                }
            });
            String id = t0;
            // the run's source carried the judge's score (an import that maps it to risk keeps it in the record)
            p.write(c -> {
                try (java.sql.PreparedStatement s = c.prepareStatement("UPDATE trace SET extra = json_set(coalesce("
                        + "extra, '{}'), '$.scores', json('{\"" + JUDGE + "\": 4}')) WHERE id = ?")) {
                    s.setString(1, id);
                    return s.executeUpdate();
                }
            });
            p.write(c -> {
                String judge = Ledger.ensureRater(c, JUDGE, RaterKind.LLM_JUDGE, "1", null, null);
                Answers.append(c, null, Answers.Entry.set(id, judge, "risk", 1, "4", "tracejudge"));
                return Answers.append(
                        c, null, Answers.Entry.set(id, judge, "escalation", 1, "\"inappropriate\"", "tracejudge"));
            });
        }
        robot.interact(() -> vm().session().open(copy));
        waitFor(
                "the copy open with its scheme",
                () -> copy.equals(vm().session().projectFile())
                        && !vm().session().loadingProperty().get()
                        && vm().questions().schemeProperty().get() != null
                        && vm().questions().active());
        robot.interact(() -> vm().table().go(vm().table().indexOf(t0)));
        waitAt(t0, "risk");

        // blind: the line says so, and nothing anywhere in the window names the judge or shows a safety chip
        waitFor("the blind line", () -> text(robot, "#questionOthers").startsWith("Blind until you answer"));
        for (String s : shownTexts(robot)) {
            assertFalse(s.contains(JUDGE), "the judge is named before the answer: " + s);
            assertFalse(s.contains("needs a second expert"), "a safety chip before the answer: " + s);
        }
        assertFalse(robot.lookup("#questionReview").query().isVisible());
        assertEquals(null, vm().questions().othersProperty().get().review());

        // escalation is not blind, but comes after risk: before risk is answered the judge's escalation would hint at
        // its risk ("inappropriate" escalation: it saw a risk), so its answers wait for risk too
        typeInTable(robot, KeyCode.CLOSE_BRACKET);
        waitAt(t0, "escalation");
        waitFor("the escalation line held back", () -> text(robot, "#questionOthers")
                .equals("Hidden until you answer 'risk' (blind): other raters' and machines' answers on this trace "
                        + "would hint at theirs to it."));
        for (String s : shownTexts(robot)) {
            assertFalse(s.contains(JUDGE), "the judge is named before the answer to risk: " + s);
        }
        assertTrue(vm().questions().othersProperty().get().lines().isEmpty());
        typeInTable(robot, KeyCode.OPEN_BRACKET);
        waitAt(t0, "risk");
        // the raw record (Ctrl+U) holds back the source's scores though the blind mode is off: risk is not answered
        assertFalse(vm().session().state().blindProperty().get());
        robot.interact(() -> app.window().openRaw());
        waitFor(
                "the raw record read",
                () -> app.window().rawWindow() != null
                        && !app.window().rawWindow().steps().getItems().isEmpty());
        var raw = app.window().rawWindow();
        String record = raw.steps().getItems().stream()
                .map(org.tracejudge.ui.trace.RawRecord.Entry::json)
                .collect(java.util.stream.Collectors.joining("\n"));
        assertFalse(record.contains(JUDGE), record);
        assertTrue(record.contains("held back"), record);
        assertTrue(raw.status().getText().contains("held back"), raw.status().getText());
        robot.interact(() -> raw.stage().close());

        // the person answers risk 4 from the keyboard; the walk moves to escalation, which is not blind
        typeInTable(robot, KeyCode.DIGIT4);
        waitAt(t0, "escalation");
        waitFor("escalation shows the judge's answer (not blind)", () -> text(robot, "#questionOthers")
                .equals("Others: " + JUDGE + " (llm-judge): inappropriate"));
        // back to risk: now answered, the judge's verdict and the review's state are shown
        typeInTable(robot, KeyCode.OPEN_BRACKET);
        waitAt(t0, "risk");
        waitFor("the judge's risk answer after mine", () -> text(robot, "#questionOthers")
                .equals("Others: " + JUDGE + " (llm-judge): 4"));
        waitFor("the safety chip", () -> robot.lookup("#questionReview").query().isVisible());
        assertEquals("needs a second expert", text(robot, "#questionReview"));
        // the scan that found nothing before does find the judge now (it would have seen it)
        assertTrue(shownTexts(robot).stream().anyMatch(s -> s.contains(JUDGE)));
        // a second expert answers on another laptop (an import): after the re-read the item is settled, no chip
        vm().session().project().write(c -> {
            String ben = Ledger.ensureRater(c, "ben", RaterKind.HUMAN, "", null, null);
            return Answers.append(c, null, Answers.Entry.set(t0, ben, "risk", 1, "4", "ben"));
        });
        robot.interact(() -> vm().session().refresh());
        waitFor("ben's answer read again", () -> text(robot, "#questionOthers")
                .equals("Others: ben: 4 · " + JUDGE + " (llm-judge): 4"));
        waitFor(
                "no chip on a settled item",
                () -> !robot.lookup("#questionReview").query().isVisible());
        waitFor("the cell without a review note", () -> "4"
                .equals(cellOf("q:risk", vm().table().indexOf(t0))));
        // ben takes it back: one expert again
        vm().session().project().write(c -> {
            String ben = Ledger.ensureRater(c, "ben", RaterKind.HUMAN, "", null, null);
            return Answers.append(c, null, Answers.Entry.withdraw(t0, ben, "risk", 1, "ben"));
        });
        robot.interact(() -> vm().session().refresh());
        waitFor("the chip again", () -> robot.lookup("#questionReview").query().isVisible());
        // the table's cell of my answer says what the item waits for
        waitFor("the question column", () -> cellOf("q:risk", vm().table().indexOf(t0)) != null);
        assertEquals("4 · needs a second expert", cellOf("q:risk", vm().table().indexOf(t0)));
    }

    private javafx.scene.control.TableColumn<?, ?> column(String id) {
        for (javafx.scene.control.TableColumn<?, ?> c : table().getColumns()) {
            if (id.equals(c.getUserData())) {
                return c;
            }
        }
        return null;
    }

    private String cellOf(String columnId, int row) {
        javafx.scene.control.TableColumn<?, ?> c = column(columnId);
        Object v = c == null ? null : c.getCellData(row);
        return v == null || v.toString().isEmpty() ? null : v.toString();
    }
}
