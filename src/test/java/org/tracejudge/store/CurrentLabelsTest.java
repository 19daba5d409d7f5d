package org.tracejudge.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.importer.ImportListener;
import org.tracejudge.importer.Importer;

/**
 * The grouped walk of the ledger ({@link CurrentLabels#byTrace}) against the {@code current_label} view, on a ledger
 * whose insertion order and time order disagree, with withdrawals, null verdicts, ties on the timestamp, and values
 * holding the walk's own separators, multi-byte characters, an emoji and a NUL.
 */
class CurrentLabelsTest {
    private static final String[] ODD = {"a;b", "x:3=y", "ünïcødé", "😀 smile", "nul\u0000inside", "1,2", ""};

    @Test
    void eachTracesCurrentLabelsAreTheViews(@TempDir Path tmp) throws Exception {
        try (Project p = Project.open(tmp.resolve("c.tjdb"), Project.OpenOptions.createIfMissing("c"))) {
            new Importer(p, ImportListener.NONE).importFiles(TestData.sampleFiles(), null, null);
            List<String> raters = new ArrayList<>();
            new ProjectQueries(p).raters().forEach(r -> raters.add(r.id()));
            List<String> traces = p.read(c -> {
                List<String> out = new ArrayList<>();
                try (Statement s = c.createStatement();
                        ResultSet rs = s.executeQuery("SELECT id FROM trace ORDER BY id LIMIT 40")) {
                    while (rs.next()) {
                        out.add(rs.getString(1));
                    }
                }
                return out;
            });
            p.write(c -> {
                try (PreparedStatement s = c.prepareStatement(
                        "INSERT INTO label(id, trace_id, rater_id, action, value, created_at) VALUES (?,?,?,?,?,?)")) {
                    java.util.Random rnd = new java.util.Random(7);
                    for (int k = 0; k < 400; k++) {
                        int a = rnd.nextInt(4);
                        String action = a == 0 ? "withdraw" : a == 1 ? "null" : "set";
                        s.setString(1, String.format("e%03d", rnd.nextInt(1000)) + "-" + k);
                        s.setString(2, traces.get(rnd.nextInt(traces.size())));
                        s.setString(3, raters.get(rnd.nextInt(raters.size())));
                        s.setString(4, action);
                        s.setString(5, action.equals("set") ? ODD[rnd.nextInt(ODD.length)] : null);
                        // few distinct times: many ties, broken by id; inserted in no time order
                        s.setString(6, "2999-01-0" + (1 + rnd.nextInt(3)) + "T00:00:00.000000Z");
                        s.executeUpdate();
                    }
                }
                return null;
            });
            Set<String> view = p.read(c -> {
                Set<String> out = new HashSet<>();
                try (Statement s = c.createStatement();
                        ResultSet rs = s.executeQuery(
                                "SELECT l.trace_id, l.rater_id, l.value, l.rowid FROM label l WHERE l.action = 'set' "
                                        + "AND l.id = (SELECT v.id FROM current_label v WHERE v.trace_id = l.trace_id "
                                        + "AND v.rater_id = l.rater_id)")) {
                    while (rs.next()) {
                        out.add(rs.getString(1) + "|" + rs.getString(2) + "|" + rs.getString(3) + "|" + rs.getLong(4));
                    }
                }
                return out;
            });
            assertTrue(
                    view.stream().anyMatch(v -> v.contains("😀"))
                            && view.stream().anyMatch(v -> v.contains("\u0000")),
                    "the odd values are current somewhere");
            for (boolean withRowids : new boolean[] {true, false}) {
                Set<String> walked = new HashSet<>();
                List<String> order = new ArrayList<>();
                p.read(c -> {
                    CurrentLabels.byTrace(c, raters, withRowids, (trace, values, rowids) -> {
                        order.add(trace);
                        for (int r = 0; r < values.length; r++) {
                            if (values[r] != null) {
                                walked.add(trace + "|" + raters.get(r) + "|" + values[r] + "|"
                                        + (withRowids ? rowids[r] : ""));
                            }
                        }
                    });
                    return null;
                });
                Set<String> expected = new HashSet<>();
                for (String v : view) {
                    expected.add(withRowids ? v : v.substring(0, v.lastIndexOf('|') + 1));
                }
                assertEquals(expected, walked, "rowids " + withRowids);
                List<String> sorted = new ArrayList<>(order);
                java.util.Collections.sort(sorted);
                assertEquals(sorted, order, "traces come in trace-id order, each once");
                assertEquals(order.size(), new HashSet<>(order).size());
            }
            // schema 16's summary gives the same values (of all raters, and of one), traces in trace-id order
            for (List<String> asked : List.of(raters, List.of(raters.get(1)))) {
                Set<String> summed = new HashSet<>();
                List<String> order = new ArrayList<>();
                p.read(c -> {
                    assertTrue(CurrentLabels.summarised(c));
                    CurrentLabels.fromSummary(c, asked, (trace, values, rowids) -> {
                        order.add(trace);
                        assertEquals(asked.size(), values.length);
                        for (int r = 0; r < values.length; r++) {
                            if (values[r] != null) {
                                summed.add(trace + "|" + asked.get(r) + "|" + values[r] + "|");
                            }
                        }
                    });
                    return null;
                });
                Set<String> expected = new HashSet<>();
                view.stream()
                        .filter(v -> asked.contains(v.split("\\|", -1)[1]))
                        .forEach(v -> expected.add(v.substring(0, v.lastIndexOf('|') + 1)));
                assertEquals(expected, summed, "from the summary, raters " + asked);
                List<String> sorted = new ArrayList<>(order);
                java.util.Collections.sort(sorted);
                assertEquals(sorted, order, "from the summary: traces in trace-id order");
            }
            // keyset chunks of 1 and 3 traces read the same labels, each trace once
            for (int chunk : new int[] {1, 3}) {
                Set<String> chunked = new HashSet<>();
                List<String> seen = new ArrayList<>();
                String[] after = {null};
                do {
                    after[0] = p.read(c -> CurrentLabels.byTrace(c, raters, true, after[0], chunk, (t, v, rid) -> {
                        seen.add(t);
                        for (int r = 0; r < v.length; r++) {
                            if (v[r] != null) {
                                chunked.add(t + "|" + raters.get(r) + "|" + v[r] + "|" + rid[r]);
                            }
                        }
                    }));
                } while (after[0] != null);
                assertEquals(view, chunked, "chunks of " + chunk);
                assertEquals(seen.size(), new HashSet<>(seen).size(), "no trace read twice");
            }
            // a walk asked for one rater sees only that rater's labels
            List<String> one = List.of(raters.get(0));
            Set<String> only = new HashSet<>();
            p.read(c -> {
                CurrentLabels.byTrace(c, one, false, (trace, values, rowids) -> {
                    assertEquals(1, values.length);
                    if (values[0] != null) {
                        only.add(trace + "|" + raters.get(0) + "|" + values[0] + "|");
                    }
                });
                return null;
            });
            Set<String> expectedOne = new HashSet<>();
            view.stream()
                    .filter(v -> v.split("\\|", -1)[1].equals(raters.get(0)))
                    .forEach(v -> expectedOne.add(v.substring(0, v.lastIndexOf('|') + 1)));
            assertEquals(expectedOne, only);
        }
    }

    @Test
    void theWalkGroupsThroughTheCurrentLabelIndex(@TempDir Path tmp) {
        try (Project p = Project.open(tmp.resolve("q.tjdb"), Project.OpenOptions.createIfMissing("q"))) {
            String plan = p.read(c -> {
                StringBuilder sb = new StringBuilder();
                try (Statement s = c.createStatement();
                        ResultSet rs = s.executeQuery("EXPLAIN QUERY PLAN SELECT trace_id, group_concat(rater_id || "
                                + "value, ';' ORDER BY rater_id, created_at, id) FROM label GROUP BY trace_id")) {
                    while (rs.next()) {
                        sb.append(rs.getString(4)).append('\n');
                    }
                }
                return sb.toString();
            });
            assertTrue(plan.contains("COVERING INDEX label_current_idx"), plan);
            assertTrue(!plan.contains("TEMP B-TREE FOR GROUP BY"), plan);
            String chunk = p.read(c -> {
                StringBuilder sb = new StringBuilder();
                try (Statement s = c.createStatement();
                        ResultSet rs = s.executeQuery("EXPLAIN QUERY PLAN SELECT trace_id, group_concat(rater_id || "
                                + "value, ';' ORDER BY rater_id, created_at, id) FROM label WHERE trace_id > 'x' "
                                + "GROUP BY trace_id ORDER BY trace_id LIMIT 10")) {
                    while (rs.next()) {
                        sb.append(rs.getString(4)).append('\n');
                    }
                }
                return sb.toString();
            });
            assertTrue(chunk.contains("SEARCH label USING COVERING INDEX label_current_idx (trace_id>?)"), chunk);
            // no sort of the walk itself; each trace's few entries are put in order by a small sorter of their own
            assertTrue(
                    !chunk.contains("TEMP B-TREE FOR GROUP BY") && !chunk.contains("TEMP B-TREE FOR ORDER BY"), chunk);
        }
    }
}
