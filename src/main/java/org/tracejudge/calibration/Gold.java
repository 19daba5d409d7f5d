package org.tracejudge.calibration;

import java.util.LinkedHashMap;
import java.util.Map;
import org.tracejudge.store.CalibrationLabels;
import org.tracejudge.store.Project;

/**
 * The human gold of a project: per trace, every person's current decision (each annotator's newest adjudication
 * entry, and each human rater's current label, as the safety review stores them). Where they all agree, that label
 * is gold; where people disagree and nobody has settled it, the trace is not gold and is counted as such
 * (calibration.md § Terms). A withdrawal leaves a person with no decision.
 *
 * @param labels    gold label by trace id
 * @param disagreed traces whose people disagree (not gold)
 */
public record Gold(Map<String, String> labels, int disagreed) {

    /** The project's gold, from its people's current decisions ({@link CalibrationLabels#peoplesDecisions}). */
    public static Gold read(Project project) {
        return of(CalibrationLabels.peoplesDecisions(project));
    }

    /** The gold of people's decisions: trace id → person → label; a trace is gold where its people all agree. */
    public static Gold of(Map<String, Map<String, String>> decisions) {
        Map<String, String> gold = new LinkedHashMap<>();
        int disagreed = 0;
        for (Map.Entry<String, Map<String, String>> e : decisions.entrySet()) {
            if (e.getValue().values().stream().distinct().count() == 1) {
                gold.put(e.getKey(), e.getValue().values().iterator().next());
            } else {
                disagreed++;
            }
        }
        return new Gold(Map.copyOf(gold), disagreed);
    }
}
