package org.tracejudge.classify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.importer.Format;
import org.tracejudge.importer.Importer;
import org.tracejudge.rules.RuleClassifier;
import org.tracejudge.store.LabelSummaryPause;
import org.tracejudge.store.LabelSummaryPauseTest;
import org.tracejudge.store.Project;

/**
 * The real bulk writers (an import, then judge files onto a project with labels, then the rule labeller in both modes,
 * committing as it goes, and again over its own labels) leave the same summary of current labels with schema 16's
 * trigger paused and caught up ({@link LabelSummaryPause}) as with the trigger on.
 */
class BulkLabelSummaryTest {
    @TempDir
    Path dir;

    private List<List<String>> steps(String name) throws Exception {
        List<List<String>> out = new ArrayList<>();
        try (Project p = Project.open(dir.resolve(name), Project.OpenOptions.createIfMissing("test"))) {
            List<Path> files = TestData.sampleFiles();
            List<Path> judges = files.stream()
                    .filter(f -> f.getParent().getFileName().toString().equals("judges"))
                    .toList();
            List<Path> rest = files.stream().filter(f -> !judges.contains(f)).toList();
            new Importer(p, null).importFiles(rest, Format.AUTO, null);
            out.add(p.read(c -> LabelSummaryPauseTest.summary(c, false)));
            new Importer(p, null).importFiles(judges, Format.AUTO, null);
            out.add(p.read(c -> LabelSummaryPauseTest.summary(c, false)));
            for (RuleClassifier.Mode m :
                    List.of(RuleClassifier.Mode.COMPAT, RuleClassifier.Mode.TOLERANT, RuleClassifier.Mode.COMPAT)) {
                RuleLabeller.classify(
                        p, RuleLabeller.Options.of(m).withThreads(2).committingEvery(7));
                out.add(p.read(c -> LabelSummaryPauseTest.summary(c, false)));
            }
        }
        return out;
    }

    @Test
    void importsAndClassifyLeaveTheSummaryTheTriggerWould() throws Exception {
        List<List<String>> paused = steps("paused.tjdb");
        List<List<String>> trigger;
        System.setProperty(LabelSummaryPause.PROPERTY, "trigger");
        try {
            trigger = steps("trigger.tjdb");
        } finally {
            System.clearProperty(LabelSummaryPause.PROPERTY);
        }
        assertEquals(trigger.size(), paused.size());
        for (int i = 0; i < trigger.size(); i++) {
            assertEquals(trigger.get(i), paused.get(i), "step " + i);
        }
        // the judges' values and the rule's joined the harness's: several raters per trace
        assertTrue(trigger.get(4).stream().filter(r -> r.startsWith("current ")).count() > 150, "pairs");
    }
}
