package org.tracejudge.calibration;

import java.sql.ResultSet;
import java.sql.Statement;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
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

    public static Gold read(Project project) {
        return project.read(c -> {
            Map<String, Map<String, String>> byTrace = new HashMap<>();
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery(
                            "SELECT a.trace_id, a.annotator, a.action, a.value FROM adjudication a WHERE NOT EXISTS ("
                                    + "SELECT 1 FROM adjudication n WHERE n.trace_id = a.trace_id AND n.annotator = a.annotator "
                                    + "AND (n.created_at > a.created_at OR (n.created_at = a.created_at AND n.id > a.id)))")) {
                while (rs.next()) {
                    if ("set".equals(rs.getString(3))) {
                        byTrace.computeIfAbsent(rs.getString(1), k -> new LinkedHashMap<>())
                                .put(
                                        "annotator:" + rs.getString(2).toLowerCase(java.util.Locale.ROOT),
                                        rs.getString(4));
                    }
                }
            }
            boolean humans;
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT EXISTS (SELECT 1 FROM rater WHERE kind = 'human')")) {
                humans = rs.next() && rs.getBoolean(1);
            }
            // without a human rater the walk of every current label (seconds at 100,000 traces) finds nothing
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery(
                            "SELECT l.trace_id, r.name, l.value FROM current_label l JOIN rater r ON r.id = l.rater_id "
                                    + "WHERE r.kind = 'human' AND l.action = 'set'"
                                    + (humans ? "" : " AND 0"))) {
                while (rs.next()) {
                    byTrace.computeIfAbsent(rs.getString(1), k -> new LinkedHashMap<>())
                            .put("rater:" + rs.getString(2), rs.getString(3));
                }
            }
            Map<String, String> gold = new LinkedHashMap<>();
            int disagreed = 0;
            for (Map.Entry<String, Map<String, String>> e : byTrace.entrySet()) {
                if (e.getValue().values().stream().distinct().count() == 1) {
                    gold.put(e.getKey(), e.getValue().values().iterator().next());
                } else {
                    disagreed++;
                }
            }
            return new Gold(Map.copyOf(gold), disagreed);
        });
    }
}
