package org.tracejudge.calibration;

import java.nio.file.Path;
import java.util.List;
import org.tracejudge.ensemble.JudgeChoice;
import org.tracejudge.ensemble.LabelSources;
import org.tracejudge.store.Project;

/**
 * For bench/calibration-scale.sh (not a test): decides every trace of a calibration sample as annotator "bench" — the
 * ensemble's label, except every tenth drawn trace, decided as the other label of its task type — in one transaction,
 * so that the corrected rates have gold the judge gets partly wrong.
 * Usage: DecideSample PROJECT SAMPLE
 */
public final class DecideSample {
    public static void main(String[] args) {
        try (Project p = Project.open(Path.of(args[0]))) {
            CalibrationDraw d = CalibrationDraws.read(p, args[1]);
            LabelSources ls = LabelSources.load(p, JudgeChoice.resolve(p, null, null), List.of(LabelSources.ENSEMBLE));
            String[] ens = ls.labels(LabelSources.ENSEMBLE);
            java.util.Map<String, Integer> at = new java.util.HashMap<>();
            for (int i = 0; i < ls.size(); i++) {
                at.put(ls.traceId(i), i);
            }
            int[] k = {0};
            p.write(c -> {
                for (CalibrationDraw.DrawnTrace x : d.draws()) {
                    int i = at.get(x.traceId());
                    boolean control = ls.type(i) == org.tracejudge.model.TaskType.CONTROL;
                    String label = ens[i] != null ? ens[i] : "correct";
                    if (k[0]++ % 10 == 0) {
                        label = control
                                ? (label.equals("correct") ? "unnecessary_tool_use" : "correct")
                                : (label.equals("correct") ? "tool_skip" : "correct");
                    }
                    org.tracejudge.store.Ledger.adjudicate(c, x.traceId(), "bench", label, null);
                }
                return null;
            });
            System.out.println("decided " + d.draws().size() + " traces of sample '" + args[1] + "'");
        }
    }
}
