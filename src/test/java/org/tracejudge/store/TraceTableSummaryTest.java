package org.tracejudge.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Schema 16's summary of current labels (label_current, label_combo, trace_label_values, kept by triggers) against
 * the ledger itself: every quick filter, label-column filter and label-column sort gives the same traces in the same
 * order read through the summary as through the pre-16 queries, on a schema-15 file migrated to 16 and after random
 * appends (null verdicts, withdrawals, equal times, entries older than their pair's newest, decisions) and a team
 * laptop's change of entries' times.
 */
class TraceTableSummaryTest {
    @TempDir
    Path dir;

    private static final String[][] RATERS = {
        {"r-harness", "harness", "rule"},
        {"r-judge-a", "judge-a", "llm-judge"},
        {"r-judge-b", "judge-b", "llm-judge"},
        {"r-alice", "alice", "human"}
    };
    private static final String[] VALUES = {"correct", "tool_skip", "wrong_tool"};
    private static final int TRACES = 60;

    private int n;

    private void append(Connection c, Random rnd, int count) throws Exception {
        // the import's statement (INSERT OR IGNORE): the triggers' upserts must hold under its conflict clause
        try (PreparedStatement s = c.prepareStatement("INSERT OR IGNORE INTO label(id, trace_id, rater_id, action, "
                + "value, created_at) VALUES (?, ?, ?, ?, ?, ?)")) {
            for (int i = 0; i < count; i++) {
                int a = rnd.nextInt(10);
                String action = a < 7 ? "set" : a < 9 ? "null" : "withdraw";
                s.setString(1, String.format("id-%03d-%06d", rnd.nextInt(1000), n++));
                s.setString(2, "t" + rnd.nextInt(TRACES));
                // the human rarely: most traces have only the machine raters
                s.setString(3, RATERS[rnd.nextInt(10) == 0 ? 3 : rnd.nextInt(3)][0]);
                s.setString(4, action);
                s.setString(5, action.equals("set") ? VALUES[rnd.nextInt(VALUES.length)] : null);
                // few distinct times: ties are common, and many entries are older than their pair's newest
                s.setString(6, String.format("2026-01-01T00:00:%02d.000000Z", rnd.nextInt(40)));
                s.addBatch();
            }
            s.executeBatch();
        }
        try (PreparedStatement s =
                c.prepareStatement("INSERT INTO adjudication(id, trace_id, annotator, action, value, "
                        + "created_at) VALUES (?, ?, ?, ?, ?, ?)")) {
            for (int i = 0; i < count / 10; i++) {
                boolean set = rnd.nextInt(4) > 0;
                s.setString(1, "adj-" + n++);
                s.setString(2, "t" + rnd.nextInt(TRACES));
                s.setString(3, rnd.nextBoolean() ? "Cleo" : "Dan");
                s.setString(4, set ? "set" : "withdraw");
                s.setString(5, set ? VALUES[rnd.nextInt(VALUES.length)] : null);
                s.setString(6, String.format("2026-01-01T00:00:%02d.000000Z", rnd.nextInt(40)));
                s.addBatch();
            }
            s.executeBatch();
        }
    }

    /** The filters and sorts to compare: every quick filter, every label column's values, some of both. */
    private static List<TraceTable.Filter> filters(TraceTable t) {
        List<TraceTable.Filter> out = new ArrayList<>();
        for (TraceTable.Show s : TraceTable.Show.values()) {
            out.add(TraceTable.Filter.NONE.withShow(s));
        }
        List<String> values = new ArrayList<>(List.of(VALUES));
        values.add(TraceTable.MISSING);
        for (TraceTable.Column c : t.layout().columns()) {
            if (!c.isLabel()) {
                continue;
            }
            for (String v : values) {
                out.add(TraceTable.Filter.NONE.with(c.key(), v));
            }
            out.add(TraceTable.Filter.NONE.withShow(TraceTable.Show.DISAGREE).with(c.key(), "correct"));
            out.add(TraceTable.Filter.NONE.withShow(TraceTable.Show.PENDING).with(c.key(), TraceTable.MISSING));
            out.add(TraceTable.Filter.NONE.withShow(TraceTable.Show.NOT_MINE).with(c.key(), "tool_skip"));
        }
        out.add(TraceTable.Filter.NONE.with("model", "m1").withShow(TraceTable.Show.DISAGREE));
        out.add(TraceTable.Filter.NONE.withSearch("revenue"));
        out.add(TraceTable.Filter.NONE.withSearch("revenue").withShow(TraceTable.Show.DISAGREE));
        return out;
    }

    private static void sameBothWays(Project p, String annotator, String when) {
        for (int walkFrom : new int[] {Integer.MAX_VALUE, 1}) {
            sameBothWays(p, annotator, walkFrom, when + (walkFrom == 1 ? ", traces walked in index order" : ""));
        }
    }

    /**
     * The id list as the workbench reads it (issue 51): its first ids handed on early are the list's first ones, the
     * list is the same, and a read told to stop ends with null.
     */
    private static void sameWhileStreamed(
            TraceTable t, TraceTable.Filter f, TraceTable.Sort s, List<String> expected, String what) {
        for (int firstSize : new int[] {1, 3, expected.size() + 1}) {
            List<List<String>> first = new ArrayList<>();
            assertEquals(expected, t.ids(f, s, () -> false, firstSize, first::add), what + " (streamed)");
            assertEquals(
                    List.of(expected.subList(0, Math.min(firstSize, expected.size()))),
                    first,
                    what + " (first " + firstSize + ", once)");
        }
        int every = t.stopEvery;
        t.stopEvery = 1;
        try {
            List<String> stopped = t.ids(f, s, () -> true, 1, null);
            if (!expected.isEmpty()) {
                assertEquals(null, stopped, what + " (stopped)");
            }
        } finally {
            t.stopEvery = every;
        }
    }

    /**
     * {@code walkFrom}: from how many matches a filter walks trace_model_idx instead of looking each match up (1: every filter
     * walks, as a large project's filters that keep many traces do; MAX_VALUE: none does).
     */
    private static void sameBothWays(Project p, String annotator, int walkFrom, String when) {
        TraceTable withSummary = new TraceTable(p, TraceTable.layout(p, annotator));
        withSummary.walkFrom = walkFrom;
        TraceTable ledger = new TraceTable(p, TraceTable.layout(p, annotator));
        ledger.summary = false;
        List<TraceTable.Sort> sorts = new ArrayList<>(List.of(TraceTable.Sort.DEFAULT));
        for (TraceTable.Column c : withSummary.layout().columns()) {
            if (c.isLabel()) {
                sorts.add(new TraceTable.Sort(c.key(), false));
                sorts.add(new TraceTable.Sort(c.key(), true));
            }
        }
        int nonEmpty = 0;
        for (TraceTable.Filter f : filters(withSummary)) {
            String what = when + ", " + ledger.describe(f);
            List<String> expected = ledger.ids(f, TraceTable.Sort.DEFAULT);
            nonEmpty += expected.isEmpty() ? 0 : 1;
            assertEquals(expected, withSummary.ids(f, TraceTable.Sort.DEFAULT), what);
            sameWhileStreamed(withSummary, f, TraceTable.Sort.DEFAULT, expected, what);
            assertEquals(ledger.count(f), withSummary.count(f), what + " (count)");
            assertEquals(
                    ledger.firstPage(f, TraceTable.Sort.DEFAULT, 9, 2).stream()
                            .map(TraceTable.Row::traceId)
                            .toList(),
                    withSummary.firstPage(f, TraceTable.Sort.DEFAULT, 9, 2).stream()
                            .map(TraceTable.Row::traceId)
                            .toList(),
                    what + " (first page by model)");
        }
        assertTrue(nonEmpty > 20, "most filters keep some traces: " + nonEmpty);
        int sortedWithTies = 0;
        for (TraceTable.Sort s : sorts) {
            for (TraceTable.Filter f : List.of(
                    TraceTable.Filter.NONE,
                    TraceTable.Filter.NONE.withShow(TraceTable.Show.DISAGREE),
                    TraceTable.Filter.NONE.withShow(TraceTable.Show.PENDING),
                    TraceTable.Filter.NONE.with("model", "m1"),
                    TraceTable.Filter.NONE.withSearch("revenue"))) {
                String what = when + ", sort " + s + ", " + ledger.describe(f);
                // the same ids in the same order: ties (few values) broken by the default order, no label last
                List<String> expected = ledger.ids(f, s);
                assertEquals(expected, withSummary.ids(f, s), what);
                sameWhileStreamed(withSummary, f, s, expected, what);
                assertEquals(
                        ledger.page(f, s, 3, 7).stream()
                                .map(TraceTable.Row::traceId)
                                .toList(),
                        withSummary.page(f, s, 3, 7).stream()
                                .map(TraceTable.Row::traceId)
                                .toList(),
                        what + " (a page)");
                assertEquals(
                        ledger.firstPage(f, s, 5).stream()
                                .map(TraceTable.Row::traceId)
                                .toList(),
                        withSummary.firstPage(f, s, 5).stream()
                                .map(TraceTable.Row::traceId)
                                .toList(),
                        what + " (first page)");
                sortedWithTies += expected.size() > 10 ? 1 : 0;
            }
        }
        assertTrue(sortedWithTies > 10, "sorts of more traces than values: " + sortedWithTies);
        // and the rows' values themselves
        List<String> all = ledger.ids(TraceTable.Filter.NONE, TraceTable.Sort.DEFAULT);
        assertEquals(
                ledger.rows(all).stream()
                        .map(TraceTable.Row::values)
                        .map(Object::toString)
                        .toList(),
                withSummary.rows(all).stream()
                        .map(TraceTable.Row::values)
                        .map(Object::toString)
                        .toList(),
                when + ", rows");
    }

    @Test
    void filtersAndSortsReadThroughTheSummaryEqualTheLedgersThroughMigrationAppendsAndTimeChanges() throws Exception {
        Path f = dir.resolve("old.tjdb");
        ProjectSchema.migrations(f).target("15").load().migrate();
        Random rnd = new Random(51);
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + f);
                Statement s = c.createStatement()) {
            s.execute(
                    "INSERT INTO label_set(name, labels) VALUES ('ls', '[\"correct\",\"tool_skip\",\"wrong_tool\"]')");
            for (int k = 0; k < 5; k++) {
                s.execute("INSERT INTO task(id, task_key, task_type, label_set, body) VALUES ('k" + k + "', 'K" + k
                        + "', 'control', 'ls', '{}')");
            }
            for (int t = 0; t < TRACES; t++) {
                // a third of the answers hold the searched word (the workbench's search scan, issue 51)
                s.execute("INSERT INTO trace(id, task_id, model, run, answer) VALUES ('t" + t + "', 'k" + (t % 5)
                        + "', 'm" + (t % 4) + "', '" + (t % 3) + "', '" + (t % 3 == 0 ? "Revenue up" : "flat") + "')");
            }
            for (String[] r : RATERS) {
                s.execute("INSERT INTO rater(id, name, kind, created_at) VALUES ('" + r[0] + "', '" + r[1] + "', '"
                        + r[2] + "', 'x')");
            }
            s.execute("INSERT INTO project_meta(key, value) VALUES ('ensemble.judges', 'judge-a,judge-b')");
            append(c, rnd, 150);
        }
        try (Project p = Project.open(f)) {
            assertEquals(Integer.valueOf(16), p.read(c -> ProjectSchema.version(f, c)));
            sameBothWays(p, "Cleo", "migrated from schema 15");
            for (int round = 0; round < 4; round++) {
                p.write(c -> {
                    append(c, rnd, 10 + rnd.nextInt(60));
                    // a trace that arrives with no label yet
                    try (Statement s = c.createStatement()) {
                        s.execute("INSERT INTO trace(id, task_id, model) VALUES ('new" + n++ + "', 'k1', 'm2')");
                    }
                    return null;
                });
                sameBothWays(p, round % 2 == 0 ? "Cleo" : null, "after appends, round " + round);
            }
            // a team laptop taking the hub's times (LocalTeam.adopt): the no-update trigger is lifted for it
            for (int round = 0; round < 3; round++) {
                p.write(c -> {
                    try (Statement s = c.createStatement()) {
                        String sql;
                        try (ResultSet rs =
                                s.executeQuery("SELECT sql FROM sqlite_master WHERE name = 'label_no_update'")) {
                            assertTrue(rs.next());
                            sql = rs.getString(1);
                        }
                        s.execute("DROP TRIGGER label_no_update");
                        try (PreparedStatement u = c.prepareStatement("UPDATE label SET created_at = ? "
                                + "WHERE id IN (SELECT id FROM label ORDER BY random() LIMIT 8)")) {
                            u.setString(1, String.format("2026-01-01T00:00:%02d.000000Z", rnd.nextInt(45)));
                            u.executeUpdate();
                        }
                        s.execute(sql);
                    }
                    return null;
                });
                sameBothWays(p, "Dan", "after entries took other times, round " + round);
            }
            // the summary's current labels are the view's
            p.read(c -> {
                try (Statement s = c.createStatement();
                        ResultSet rs = s.executeQuery("SELECT (SELECT count(*) FROM label_current), "
                                + "(SELECT count(*) FROM (SELECT trace_id, rater_id, id, value FROM current_label "
                                + "EXCEPT SELECT trace_id, rater_id, label_id, value FROM label_current)), "
                                + "(SELECT count(*) FROM trace_label_values), (SELECT count(*) FROM trace)")) {
                    assertTrue(rs.next());
                    assertTrue(rs.getInt(1) > 100, "pairs: " + rs.getInt(1));
                    assertEquals(0, rs.getInt(2), "pairs whose current entry differs from the view's");
                    assertEquals(rs.getInt(4), rs.getInt(3), "every trace has its combination");
                }
                return null;
            });
        }
    }
}
