package org.tracejudge.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.importer.ImportListener;
import org.tracejudge.importer.Importer;

/**
 * The current labels the agreement panel reads ({@link ProjectQueries#verdicts}) against the {@code current_label}
 * view's answer, on a ledger where insertion order and time order disagree, with withdrawals, null verdicts and
 * ties on the timestamp, read in chunks that split a (trace, rater) history; and each rater's count of current
 * labels ({@link ProjectQueries#raters}) against the view's.
 */
class VerdictsTest {
    @Test
    void currentLabelsMatchTheViewInAnyChunking(@TempDir Path tmp) throws Exception {
        try (Project p = Project.open(tmp.resolve("v.tjdb"), Project.OpenOptions.createIfMissing("v"))) {
            new Importer(p, ImportListener.NONE).importFiles(TestData.sampleFiles(), null, null);
            List<String[]> pairs = p.read(c -> {
                List<String[]> out = new ArrayList<>();
                try (Statement s = c.createStatement();
                        ResultSet rs = s.executeQuery(
                                "SELECT trace_id, rater_id FROM current_label WHERE action = 'set' ORDER BY trace_id, rater_id LIMIT 6")) {
                    while (rs.next()) {
                        out.add(new String[] {rs.getString(1), rs.getString(2)});
                    }
                }
                return out;
            });
            assertEquals(6, pairs.size(), "the sample has labels to rewrite");
            p.write(c -> {
                // 0: a later insert with an earlier time does not become current
                insert(c, "zz-old", pairs.get(0), "set", "wrong_answer", "2000-01-01T00:00:00.000000Z");
                // 1: a newer set becomes current, inserted before an even newer one that wins
                insert(c, "n1", pairs.get(1), "set", "tool_skip", "2999-01-01T00:00:00.000000Z");
                insert(c, "n2", pairs.get(1), "set", "result_ignore", "2999-01-02T00:00:00.000000Z");
                // 2: withdrawn; 3: a null verdict: neither has a current label
                insert(c, "w1", pairs.get(2), "withdraw", null, "2999-01-01T00:00:00.000000Z");
                insert(c, "x1", pairs.get(3), "null", null, "2999-01-01T00:00:00.000000Z");
                // 4: same time, the larger id wins; 5: withdrawn, then set again
                insert(c, "t-b", pairs.get(4), "set", "output_fabrication", "2999-01-01T00:00:00.000000Z");
                insert(c, "t-a", pairs.get(4), "set", "correct", "2999-01-01T00:00:00.000000Z");
                insert(c, "r1", pairs.get(5), "withdraw", null, "2999-01-01T00:00:00.000000Z");
                insert(c, "r2", pairs.get(5), "set", "tool_skip", "2999-01-02T00:00:00.000000Z");
                return null;
            });
            Adjudications.decide(p, pairs.get(0)[0], "ana", "tool_skip", null);

            Set<String> expected = fromView(p);
            assertTrue(expected.contains(pairs.get(1)[0] + "|" + column(p, pairs.get(1)[1]) + "|result_ignore"));
            assertTrue(expected.contains(pairs.get(4)[0] + "|" + column(p, pairs.get(4)[1]) + "|output_fabrication"));
            assertTrue(expected.contains(pairs.get(0)[0] + "|ana|tool_skip"));
            assertFalse(expected.stream()
                    .anyMatch(v -> v.startsWith(pairs.get(2)[0] + "|" + column(p, pairs.get(2)[1]) + "|")));
            ProjectQueries q = new ProjectQueries(p);
            for (int chunk : new int[] {1, 2, 7, ProjectQueries.VERDICT_CHUNK}) {
                List<String> got = new ArrayList<>();
                q.verdicts(v -> got.add(v.traceId() + "|" + v.rater() + "|" + v.value()), chunk);
                assertEquals(
                        got.size(), new HashSet<>(got).size(), "one verdict per trace and rater (chunk " + chunk + ")");
                assertEquals(expected, new HashSet<>(got), "chunk " + chunk);
            }
            // each rater's count of current labels, from the same walk, against the view's
            Map<String, Integer> viewCounts = p.read(c -> {
                Map<String, Integer> out = new HashMap<>();
                try (Statement s = c.createStatement();
                        ResultSet rs = s.executeQuery(
                                "SELECT r.id, (SELECT count(*) FROM current_label l WHERE l.rater_id = r.id AND l.action = 'set') FROM rater r")) {
                    while (rs.next()) {
                        out.put(rs.getString(1), rs.getInt(2));
                    }
                }
                return out;
            });
            Map<String, Integer> counted = new HashMap<>();
            q.raters().forEach(r -> counted.put(r.id(), r.labels()));
            assertEquals(viewCounts, counted);
        }
    }

    private static void insert(Connection c, String id, String[] pair, String action, String value, String at)
            throws SQLException {
        try (PreparedStatement s = c.prepareStatement(
                "INSERT INTO label(id, trace_id, rater_id, action, value, created_at) VALUES (?,?,?,?,?,?)")) {
            s.setString(1, id);
            s.setString(2, pair[0]);
            s.setString(3, pair[1]);
            s.setString(4, action);
            s.setString(5, value);
            s.setString(6, at);
            s.executeUpdate();
        }
    }

    private static String column(Project p, String raterId) {
        return new ProjectQueries(p)
                .raters().stream()
                        .filter(r -> r.id().equals(raterId))
                        .findFirst()
                        .orElseThrow()
                        .column();
    }

    /** What the current_label and current decisions say, as trace|column|value. */
    private static Set<String> fromView(Project p) {
        Map<String, String> columns = new HashMap<>();
        new ProjectQueries(p).raters().forEach(r -> columns.put(r.id(), r.column()));
        return p.read(c -> {
            Set<String> out = new HashSet<>();
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery(
                            "SELECT trace_id, rater_id, value FROM current_label WHERE action = 'set'")) {
                while (rs.next()) {
                    out.add(rs.getString(1) + "|" + columns.get(rs.getString(2)) + "|" + rs.getString(3));
                }
            }
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery(
                            "SELECT a.trace_id, a.annotator, a.value FROM adjudication a WHERE a.action = 'set' AND NOT EXISTS ("
                                    + "SELECT 1 FROM adjudication n WHERE n.trace_id = a.trace_id AND n.annotator = a.annotator "
                                    + "AND (n.created_at > a.created_at OR (n.created_at = a.created_at AND n.id > a.id)))")) {
                while (rs.next()) {
                    out.add(rs.getString(1) + "|" + rs.getString(2) + "|" + rs.getString(3));
                }
            }
            return out;
        });
    }
}
