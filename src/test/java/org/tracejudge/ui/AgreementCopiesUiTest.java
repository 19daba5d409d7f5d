package org.tracejudge.ui;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.tracejudge.classify.RuleLabeller;
import org.tracejudge.rules.RuleClassifier;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.store.Project;

/**
 * Issue 35, item 4, in the live panel: the compat rule reproduces the harness, so counted beside it in Fleiss' kappa it
 * would be a second copy of one opinion. The panel leaves it out of Fleiss and says so; the pairs still show it.
 */
class AgreementCopiesUiTest extends WindowTest {
    @Test
    void aRuleThatCopiesTheHarnessIsLeftOutOfFleissAndNamed(FxRobot robot) {
        opened(robot);
        Path file = home.resolve("classified.tjdb");
        SampleProject.build(file);
        try (Project p = Project.open(file)) {
            RuleLabeller.classify(p, RuleClassifier.Mode.COMPAT);
        }
        robot.interact(() -> vm().session().open(file));
        waitFor(
                "the classified sample with its agreement",
                () -> file.equals(vm().session().projectFile())
                        && !vm().session().loadingProperty().get()
                        && robot.lookup("#fleissValue").tryQuery().isPresent()
                        && text(robot, "#fleissValue").contains("Left out"));
        String f = text(robot, "#fleissValue");
        assertTrue(f.contains("Left out of Fleiss' κ: rule (the same label as harness on 59 of 59 traces)"), f);
        String raters = f.substring(f.indexOf('('), f.indexOf(')'));
        assertFalse(raters.contains("rule"), "Fleiss over " + raters);
        assertTrue(
                robot.lookup("#kappa-harness-rule").tryQuery().isPresent()
                        || robot.lookup("#kappa-rule-harness").tryQuery().isPresent(),
                "the pair is still shown");
    }
}
