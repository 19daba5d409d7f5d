package org.tracejudge.ui;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import javafx.scene.control.CheckBox;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.tracejudge.model.RaterKind;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;

/**
 * Issue 48, item 5: an imported scorer that labelled 2 of the sample's traces no longer breaks the live agreement. It
 * is not counted by default, and the panel says so; the header, the Fleiss line and the matrix name the same raters;
 * the Raters boxes count it again, or leave out any other rater, and every figure follows.
 */
class AgreementRatersUiTest extends WindowTest {
    @Test
    void aSparseScorerIsLeftOutByDefaultAndTheRaterBoxesDriveTheFigures(FxRobot robot) {
        opened(robot);
        Path file = home.resolve("scorer.tjdb");
        SampleProject.build(file);
        try (Project p = Project.open(file)) {
            p.write(c -> {
                String scorer = Ledger.ensureRater(c, "zz-scorer", RaterKind.IMPORTED, "", null, null);
                int k = 0;
                try (var s = c.createStatement();
                        var rs = s.executeQuery("SELECT id FROM trace ORDER BY id LIMIT 2")) {
                    while (rs.next()) {
                        Ledger.append(
                                c, "scorer-" + k++, Ledger.Entry.set(rs.getString(1), scorer, "correct", "import"));
                    }
                }
                return null;
            });
        }
        robot.interact(() -> vm().session().open(file));
        waitFor(
                "the sample with its agreement",
                () -> file.equals(vm().session().projectFile())
                        && !vm().session().loadingProperty().get()
                        && robot.lookup("#rater-zz-scorer").tryQuery().isPresent()
                        && text(robot, "#fleissValue").startsWith("Fleiss' κ = 0"));
        String fleiss = text(robot, "#fleissValue");
        assertTrue(
                fleiss.contains("Not counted: zz-scorer (labelled 2 of the 59 traces harness labelled); tick it"),
                fleiss);
        assertFalse(box(robot, "zz-scorer").isSelected());
        assertTrue(box(robot, "harness").isSelected());
        String summary = text(robot, "#agreementSummary");
        assertTrue(summary.endsWith("3 raters: harness, illustrative-dtree, illustrative-evidence"), summary);
        assertTrue(fleiss.contains("harness, illustrative-dtree, illustrative-evidence)"), fleiss);
        assertTrue(robot.lookup("#kappa-harness-illustrative-dtree").tryQuery().isPresent());
        assertFalse(robot.lookup("#kappa-harness-zz-scorer").tryQuery().isPresent(), "not in the matrix either");
        assertFalse(text(robot, "#perLabel-correct").startsWith("n/a"), text(robot, "#perLabel-correct"));

        // ticked: counted everywhere (Fleiss over the traces all four labelled: the two of the scorer)
        robot.interact(() -> table().requestFocus());
        robot.press(javafx.scene.input.KeyCode.CONTROL)
                .type(javafx.scene.input.KeyCode.DIGIT2)
                .release(javafx.scene.input.KeyCode.CONTROL);
        waitFor(
                "the Agreement tab",
                () -> box(robot, "zz-scorer").isVisible()
                        && box(robot, "zz-scorer").getScene() != null
                        && box(robot, "zz-scorer").localToScreen(0, 0) != null);
        robot.clickOn("#rater-zz-scorer");
        waitFor("the scorer counted", () -> text(robot, "#agreementSummary").contains("zz-scorer"));
        waitFor("in Fleiss", () -> text(robot, "#fleissValue").contains("zz-scorer)"));
        assertTrue(box(robot, "zz-scorer").isSelected());
        assertTrue(robot.lookup("#kappa-harness-zz-scorer").tryQuery().isPresent());
        assertFalse(text(robot, "#fleissValue").contains("Not counted"), text(robot, "#fleissValue"));

        // any rater can be left out: the harness unticked leaves the header, the matrix and Fleiss
        robot.clickOn("#rater-harness");
        waitFor("the harness left out", () -> !text(robot, "#agreementSummary").contains("harness"));
        assertTrue(text(robot, "#agreementSummary").contains("3 raters"), text(robot, "#agreementSummary"));
        assertFalse(text(robot, "#fleissValue").contains("harness"), text(robot, "#fleissValue"));
        assertFalse(robot.lookup("#kappa-harness-illustrative-dtree").tryQuery().isPresent());
        assertFalse(box(robot, "harness").isSelected());
    }

    private static CheckBox box(FxRobot robot, String rater) {
        return robot.lookup("#rater-" + rater).queryAs(CheckBox.class);
    }
}
