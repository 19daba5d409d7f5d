package org.tracejudge.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.importer.Importer;

/**
 * The ledger's hot queries, read through SQLite's own EXPLAIN QUERY PLAN: no subquery that runs once per row may
 * scan a whole table (that made `info` and `labels` grow with the square of the ledger: 354 s at 44,000 labels).
 * Each correlated subquery must SEARCH through an index.
 */
class QueryPlanTest {
    @TempDir
    static Path dir;

    static Project project;

    @BeforeAll
    static void sample() {
        project = Project.open(dir.resolve("p.tjdb"), Project.OpenOptions.createIfMissing("plans"));
        new Importer(project, null).importFiles(TestData.sampleFiles(), null, null);
    }

    /** The plan's lines as "depth:detail", and every full scan found under a correlated subquery. */
    private static List<String> scansInCorrelatedSubqueries(Connection c, String sql) throws Exception {
        Map<Integer, Integer> parent = new HashMap<>();
        Map<Integer, String> detail = new HashMap<>();
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("EXPLAIN QUERY PLAN " + sql)) {
            while (rs.next()) {
                parent.put(rs.getInt(1), rs.getInt(2));
                detail.put(rs.getInt(1), rs.getString(4));
            }
        }
        assertTrue(!detail.isEmpty(), "SQLite gave a plan for " + sql);
        List<String> bad = new ArrayList<>();
        for (Map.Entry<Integer, String> e : detail.entrySet()) {
            String d = e.getValue();
            if (!d.startsWith("SCAN ")
                    || d.contains("USING INDEX")
                    || d.contains("USING COVERING INDEX")
                    || d.contains("CONSTANT ROW")) {
                continue;
            }
            for (Integer up = parent.get(e.getKey()); up != null && up != 0; up = parent.get(up)) {
                if (String.valueOf(detail.get(up)).startsWith("CORRELATED")) {
                    bad.add(d + " (under " + detail.get(up) + ")");
                    break;
                }
            }
        }
        return bad;
    }

    private static void assertIndexed(String what, String sql) {
        List<String> bad = project.read(c -> scansInCorrelatedSubqueries(c, sql));
        assertEquals(List.of(), bad, what + ": a full scan runs once per row");
    }

    @Test
    void conflictsFindHeadsThroughTheReplacesIndex() {
        assertIndexed("conflicts", Conflicts.TRACE_IDS);
        String plan = project.read(c -> {
            StringBuilder sb = new StringBuilder();
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("EXPLAIN QUERY PLAN " + Conflicts.TRACE_IDS)) {
                while (rs.next()) {
                    sb.append(rs.getString(4)).append('\n');
                }
            }
            return sb.toString();
        });
        assertTrue(plan.contains("label_replaces_idx") && plan.contains("adjudication_replaces_idx"), plan);
    }

    @Test
    void currentLabelsAndAdjudicationsAreIndexed() {
        assertIndexed("current_label", "SELECT trace_id, rater_id, value FROM current_label WHERE action = 'set'");
        assertIndexed("current_adjudication", "SELECT * FROM current_adjudication");
        assertIndexed(
                "per-annotator adjudications",
                "SELECT a.trace_id, a.annotator, a.value FROM adjudication a "
                        + "WHERE a.action = 'set' AND NOT EXISTS (SELECT 1 FROM adjudication n WHERE n.trace_id = a.trace_id "
                        + "AND n.annotator = a.annotator AND (n.created_at > a.created_at OR (n.created_at = a.created_at "
                        + "AND n.id > a.id)))");
    }

    @Test
    void theCheckFindsAScanWhereThereIsOne() {
        // the detector itself: a correlated look-up on an unindexed column is reported
        List<String> bad = project.read(c -> scansInCorrelatedSubqueries(
                c, "SELECT id FROM label h WHERE NOT EXISTS (SELECT 1 FROM label n WHERE n.rationale = h.id)"));
        assertTrue(!bad.isEmpty(), "an unindexed correlated look-up is caught");
    }

    private static String plan(String sql) {
        return project.read(c -> {
            StringBuilder sb = new StringBuilder();
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("EXPLAIN QUERY PLAN " + sql)) {
                while (rs.next()) {
                    sb.append(rs.getString(4)).append('\n');
                }
            }
            return sb.toString();
        });
    }

    @Test
    void conflictsReadOnlyPeoplesLabels() {
        // the human raters lead and their entries come through label_value_idx: judges' and rules' labels are not read
        String p = plan(Conflicts.TRACE_IDS);
        assertTrue(p.contains("SEARCH h USING INDEX label_value_idx (rater_id=?)"), p);
        for (String line : p.split("\n")) {
            assertTrue(
                    !line.startsWith("SCAN h") || line.contains("adjudication"), "no walk of the label table:\n" + p);
        }
    }

    @Test
    void theLabelCountTriggersProbeTheCurrentLabelIndex() {
        // schema 7's triggers run on every appended label: each look-up is one probe of label_current_idx, no sort
        for (String sql : List.of(
                "SELECT 1 FROM label n WHERE n.trace_id = 'a' AND n.rater_id = 'b' "
                        + "AND (n.created_at > 'c' OR (n.created_at = 'c' AND n.id > 'd'))",
                "SELECT p.value IS NOT NULL FROM label p WHERE p.trace_id = 'a' AND p.rater_id = 'b' AND p.id <> 'd' "
                        + "ORDER BY p.created_at DESC, p.id DESC LIMIT 1")) {
            String p = plan(sql);
            assertTrue(p.contains("USING COVERING INDEX label_current_idx (trace_id=? AND rater_id=?"), sql + "\n" + p);
            assertTrue(!p.contains("TEMP B-TREE"), sql + "\n" + p);
        }
        String trigger = project.read(c -> {
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery(
                            "SELECT group_concat(sql, char(10)) FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'label_count%'")) {
                rs.next();
                return rs.getString(1);
            }
        });
        assertTrue(
                trigger.contains("ORDER BY p.created_at DESC, p.id DESC LIMIT 1"), "the triggers use the probes above");
    }
}
