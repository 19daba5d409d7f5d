package org.tracejudge.ensemble;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.classify.RuleLabeller;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.store.Project;
import org.tracejudge.store.TraceTable;

/**
 * The workbench table's Ensemble column and the ensemble of metrics, agreement and calibration are one: the same
 * judges and the same label on every trace. On the bundled sample (harness + two imported judges + the rule), the
 * table once counted the benchmark's own harness labels as a judge, so its Ensemble differed from the metrics'.
 */
class OneEnsembleTest {
    @TempDir
    Path dir;

    @Test
    void theTableAndTheMetricsAgreeOnTheEnsemble() {
        Path file = dir.resolve("p.tjdb");
        SampleProject.build(file);
        try (Project p = Project.open(file)) {
            RuleLabeller.classify(p, org.tracejudge.rules.RuleClassifier.Mode.COMPAT);
            JudgeChoice choice = JudgeChoice.resolve(p, null, null);
            TraceTable.Layout layout = TraceTable.layout(p, null);
            assertEquals(
                    List.of(
                            "rater:" + choice.judgeA().id(),
                            "rater:" + choice.judgeB().id()),
                    layout.judgeRaters());
            assertEquals("rater:" + choice.rule().id(), layout.ruleRater());
            LabelSources sources = LabelSources.load(p, choice);
            String[] ensemble = sources.labels(LabelSources.ENSEMBLE);
            Map<String, String> table = new HashMap<>();
            TraceTable t = new TraceTable(p, layout);
            for (TraceTable.Row r : t.page(TraceTable.Filter.NONE, TraceTable.Sort.DEFAULT, 0, 1000)) {
                table.put(r.traceId(), r.get("ensemble"));
            }
            int compared = 0;
            for (int i = 0; i < sources.size(); i++) {
                assertEquals(ensemble[i], table.get(sources.traceId(i)), sources.traceId(i));
                compared++;
            }
            assertEquals(60, compared);
        }
    }
}
