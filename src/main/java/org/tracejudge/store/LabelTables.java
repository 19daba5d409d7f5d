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
    private LabelTables() {}

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
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT DISTINCT annotator FROM adjudication ORDER BY annotator")) {
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
            addCurrentLabels(c, columnOfRater, b);
            // Each annotator's own latest decision per trace (current_adjudication is the latest of anyone's).
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery(
                            "SELECT a.trace_id, a.annotator, a.value FROM adjudication a WHERE a.action = 'set' "
                                    + "AND NOT EXISTS (SELECT 1 FROM adjudication n WHERE n.trace_id = a.trace_id "
                                    + "AND n.annotator = a.annotator AND (n.created_at > a.created_at "
                                    + "OR (n.created_at = a.created_at AND n.id > a.id)))")) {
                while (rs.next()) {
                    b.add(rs.getString(1), columnOfAnnotator.get(rs.getString(2)), rs.getString(3));
                }
            }
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT t.id, t.model, k.domain, k.task_type, k.target_failure_mode "
                            + "FROM trace t JOIN task k ON k.id = t.task_id")) {
                while (rs.next()) {
                    String id = rs.getString(1);
                    if (!b.hasItem(id)) {
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

    /**
     * Adds every current label to {@code b}. The labels come grouped by trace (one walk of label_current_idx); the
     * table's items are then added in the order the ledger first names them (a trace's first current label by
     * rowid), which is the order the current_label view gave them in: the bootstrap draws items by position, so the
     * same order gives the same intervals.
     */
    private static void addCurrentLabels(java.sql.Connection c, Map<String, String> columnOfRater, LabelTable.Builder b)
            throws java.sql.SQLException {
        final class Grouped {
            final List<String> traces = new ArrayList<>();
            long[] first = new long[1024]; // per trace, the rowid of its first current label
            int[] start = new int[1024]; // per trace, where its (column, value) pairs begin in pairs
            final List<String> pairs = new ArrayList<>();
        }
        Grouped g = new Grouped();
        List<String> raterIds = new ArrayList<>(columnOfRater.keySet());
        String[] columnOf = new String[raterIds.size()];
        for (int r = 0; r < columnOf.length; r++) {
            columnOf[r] = columnOfRater.get(raterIds.get(r));
        }
        CurrentLabels.byTrace(c, raterIds, true, (trace, values, rowids) -> {
            int n = g.traces.size();
            long first = Long.MAX_VALUE;
            int start = g.pairs.size();
            for (int r = 0; r < values.length; r++) {
                if (values[r] != null) {
                    g.pairs.add(columnOf[r]);
                    g.pairs.add(values[r]);
                    first = Math.min(first, rowids[r]);
                }
            }
            if (first == Long.MAX_VALUE) {
                return; // null verdicts and withdrawals only
            }
            if (n == g.first.length) {
                g.first = java.util.Arrays.copyOf(g.first, n * 2);
                g.start = java.util.Arrays.copyOf(g.start, n * 2);
            }
            g.traces.add(trace);
            g.first[n] = first;
            g.start[n] = start;
        });
        int n = g.traces.size();
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (x, y) -> Long.compare(g.first[x], g.first[y]));
        for (int k = 0; k < n; k++) {
            int i = order[k];
            int end = i + 1 < n ? g.start[i + 1] : g.pairs.size();
            int item = b.item(g.traces.get(i));
            for (int j = g.start[i]; j < end; j += 2) {
                b.add(item, g.pairs.get(j), g.pairs.get(j + 1));
            }
        }
    }

    private static void putIfPresent(Map<String, String> m, String key, String value) {
        if (value != null && !value.isEmpty()) {
            m.put(key, value);
        }
    }
}
