package org.tracejudge.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.scheme.Scheme;
import org.tracejudge.scheme.SchemeFile;
import org.tracejudge.store.Project;
import org.tracejudge.store.SchemeVersions;

/**
 * Judges ▸ Run a judge on a project with a scheme of its own, on the real window: the rubric choice gives way to a
 * line naming the scheme and its version and how many questions the judge answers.
 */
class SchemeJudgeUiTest extends WindowTest {
    @Test
    void theJudgeWindowNamesTheSchemeItsJudgesAsk(FxRobot robot) throws Exception {
        ViewModels vm = app.viewModels();
        waitFor(
                "the sample open",
                () -> vm.session().openProperty().get()
                        && !vm.session().loadingProperty().get());
        // a copy of the sample with the shipped clinical review as its scheme, set twice: version 2
        Path copy = home.resolve("scheme.tjdb");
        try (Project p = SampleProject.open()) {
            p.read(c -> {
                try (java.sql.Statement s = c.createStatement()) {
                    s.execute("VACUUM INTO '" + copy.toString().replace("'", "''") + "'");
                }
                return null;
            });
        }
        Scheme scheme = SchemeFile.example("mental-health-response-review.yaml");
        try (Project p = Project.open(copy)) {
            for (int v = 1; v <= 2; v++) {
                String body = SchemeFile.write(scheme.withVersion(v));
                p.write(c -> SchemeVersions.append(c, scheme.name(), body, body, null, "test"));
            }
        }
        robot.interact(() -> vm.session().open(copy));
        waitFor(
                "the copy open",
                () -> copy.equals(vm.session().projectFile())
                        && !vm.session().loadingProperty().get());

        robot.press(KeyCode.CONTROL).type(KeyCode.J).release(KeyCode.CONTROL);
        waitFor(
                "the judge window",
                () -> app.window().judgeRunWindow() != null
                        && app.window().judgeRunWindow().stage().isShowing());
        Label line = robot.lookup("#judgeScheme").queryAs(Label.class);
        waitFor("the scheme line", line::isVisible);
        assertEquals(
                "Asks the scheme 'mental-health-response-review' v2: "
                        + scheme.questions().size() + " questions",
                line.getText());
        assertEquals(5, scheme.questions().size());
        assertFalse(robot.lookup("#judgeRubric").queryAs(ComboBox.class).isVisible(), "no rubric to choose");
        assertTrue(line.getParent().isVisible());
        robot.interact(() -> app.window().judgeRunWindow().stage().close());
    }
}
