package org.tracejudge.store;

import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.tracejudge.agreement.LabelTable;

/**
 * A project's current labels as an agreement {@link LabelTable}: one item per trace, one rater per
 * label column (as in the {@code labels} command: a judge's current version under its name, and
 * here also its older versions as {@code name@version}, so versions can be compared) plus one per human annotator (each one's latest decision per trace). Null verdicts and withdrawn
 * labels are missing values. Each item carries the strata {@code domain}, {@code model},
 * {@code task_type} and {@code target} (target failure mode).
 */
public final class LabelTables {
    private LabelTables() {
    }

    /** The suffix given to an annotator whose name is already a rater column. */
    static final String HUMAN_SUFFIX = " (human)";

    /** Every rater and annotator of the project. */
    public static LabelTable of(Project project) {
        return project.read(c -> {
            ProjectQueries q = new ProjectQueries(project);
            Set<String> current = new HashSet<>();
            q.currentRaters().forEach(r -> current.add(r.id()));
            Map<String, String> columnOfRater = new LinkedHashMap<>();
            Set<String> columns = new LinkedHashSet<>();
            for (ProjectQueries.RaterSummary r : q.raters()) {
                // a judge's current version is its name; its older versions stay comparable as name@version
                String col = current.contains(r.id()) ? r.column() : r.qualified();
                columnOfRater.put(r.id(), col);
                columns.add(col);
            }
            List<String> annotators = new ArrayList<>();
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                    "SELECT DISTINCT annotator FROM adjudication ORDER BY annotator")) {
                while (rs.next()) {
                    annotators.add(rs.getString(1));
                }
            }
            Map<String, String> columnOfAnnotator = new HashMap<>();
            for (String a : annotators) {
                String col = columns.contains(a) ? a + HUMAN_SUFFIX : a;
                columnOfAnnotator.put(a, col);
                columns.add(col);
            }
            LabelTable.Builder b = LabelTable.builder();
            columns.forEach(b::addRater);
            Set<String> labelled = new HashSet<>();
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                    "SELECT trace_id, rater_id, value FROM current_label WHERE action = 'set'")) {
                while (rs.next()) {
                    String col = columnOfRater.get(rs.getString(2));
                    if (col != null) {
                        b.add(rs.getString(1), col, rs.getString(3));
                        labelled.add(rs.getString(1));
                    }
                }
            }
            // Each annotator's own latest decision per trace (current_adjudication is the latest of anyone's).
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                    "SELECT a.trace_id, a.annotator, a.value FROM adjudication a WHERE a.action = 'set' "
                            + "AND NOT EXISTS (SELECT 1 FROM adjudication n WHERE n.trace_id = a.trace_id "
                            + "AND n.annotator = a.annotator AND (n.created_at > a.created_at "
                            + "OR (n.created_at = a.created_at AND n.id > a.id)))")) {
                while (rs.next()) {
                    b.add(rs.getString(1), columnOfAnnotator.get(rs.getString(2)), rs.getString(3));
                    labelled.add(rs.getString(1));
                }
            }
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                    "SELECT t.id, t.model, k.domain, k.task_type, k.target_failure_mode "
                            + "FROM trace t JOIN task k ON k.id = t.task_id")) {
                while (rs.next()) {
                    String id = rs.getString(1);
                    if (!labelled.contains(id)) {
                        continue; // a trace nobody labelled is not an item of the agreement table
                    }
                    Map<String, String> strata = new HashMap<>();
                    strata.put("model", rs.getString(2));
                    putIfPresent(strata, "domain", rs.getString(3));
                    putIfPresent(strata, "task_type", rs.getString(4));
                    putIfPresent(strata, "target", rs.getString(5));
                    b.strata(id, strata);
                }
            }
            return b.build();
        });
    }

    private static void putIfPresent(Map<String, String> m, String key, String value) {
        if (value != null && !value.isEmpty()) {
            m.put(key, value);
        }
    }
}
