package org.tracejudge.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.function.Predicate;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.tracejudge.TestData;
import org.tracejudge.importer.ImportListener;
import org.tracejudge.importer.Importer;

/**
 * The trace table's label filters, read for the whole table by one grouped walk of the ledger ({@link
 * LabelConditions}), against what the table's columns show (each column's per-trace look-up, itself held equal to
 * the ledger walked in Java): on a random ledger where pairs have several entries, entries older than the current
 * one, entries written at the same microsecond (the id decides), null verdicts and withdrawals, decisions taken back,
 * and traces with decisions but no label or with nothing at all.
 */
class LabelConditionsTest {
    private static final List<String> VALUES = List.of("correct", "tool_skip", "result_ignore", "output_fabrication");

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void everyLabelFilterEqualsTheColumnsItFilters(long seed, @TempDir Path tmp) {
        try (Project project = Project.open(tmp.resolve("t.tjdb"), Project.OpenOptions.createIfMissing("t"))) {
            new Importer(project, ImportListener.NONE).importFiles(TestData.sampleFiles(), null, null);
            scramble(project, new Random(seed));
            TraceTable table = new TraceTable(project, TraceTable.layout(project, "ana"));
            List<TraceTable.Row> all = table.page(TraceTable.Filter.NONE, TraceTable.Sort.DEFAULT, 0, 100_000);
            assertEquals(68, all.size());
            columnsEqualTheLedgerWalkedInJava(table, all);

            List<TraceTable.Filter> filters = new ArrayList<>();
            for (TraceTable.Show s : List.of(
                    TraceTable.Show.DISAGREE,
                    TraceTable.Show.RULE_VS_JUDGES,
                    TraceTable.Show.JUDGES_SPLIT,
                    TraceTable.Show.PENDING,
                    TraceTable.Show.MINE,
                    TraceTable.Show.NOT_MINE)) {
                filters.add(TraceTable.Filter.NONE.withShow(s));
            }
            for (TraceTable.Column c : table.layout().columns()) {
                if (c.isLabel()) {
                    for (String v : table.values(c.key())) {
                        filters.add(TraceTable.Filter.NONE.with(c.key(), v));
                    }
                }
            }
            String rule = table.layout().ruleRater();
            // combined: two label conditions, conditions a trace with nothing meets and fails, with search and model
            filters.add(
                    TraceTable.Filter.NONE.withShow(TraceTable.Show.DISAGREE).with(rule, "correct"));
            filters.add(TraceTable.Filter.NONE.withShow(TraceTable.Show.PENDING).with("human:bo", TraceTable.MISSING));
            filters.add(
                    TraceTable.Filter.NONE.withShow(TraceTable.Show.NOT_MINE).with("final", "tool_skip"));
            filters.add(TraceTable.Filter.NONE.withShow(TraceTable.Show.PENDING).with("model", "zz-extra"));
            filters.add(TraceTable.Filter.NONE.withShow(TraceTable.Show.PENDING).withSearch("the"));
            int nonEmpty = 0;
            for (TraceTable.Filter f : filters) {
                java.util.Set<String> hits = new java.util.HashSet<>(
                        table.ids(TraceTable.Filter.NONE.withSearch(f.search()), TraceTable.Sort.DEFAULT));
                List<String> want = all.stream()
                        .filter(matches(table.layout(), f).and(r -> hits.contains(r.traceId())))
                        .map(TraceTable.Row::traceId)
                        .toList();
                String what = table.describe(f) + " (seed " + seed + ")";
                assertEquals(want, table.ids(f, TraceTable.Sort.DEFAULT), what);
                assertEquals(want.size(), table.count(f), what);
                assertEquals(
                        want.subList(0, Math.min(7, want.size())),
                        table.firstPage(f, TraceTable.Sort.DEFAULT, 7).stream()
                                .map(TraceTable.Row::traceId)
                                .toList(),
                        what + ": the first page, walked model by model with per-trace look-ups");
                nonEmpty += want.isEmpty() || want.size() == all.size() ? 0 : 1;
            }
            assertTrue(nonEmpty > filters.size() / 2, "most filters keep some traces and drop others: " + nonEmpty);
        }
    }

    /**
     * Each label filter is one walk of the ledger through label_current_idx, read once as a list (not once per trace),
     * and the only per-row look-ups inside it search an index: the plan SQLite gives for the id list.
     */
    @org.junit.jupiter.api.Test
    void aLabelFilterWalksTheLedgerOnce(@TempDir Path tmp) throws Exception {
        try (Project project = Project.open(tmp.resolve("t.tjdb"), Project.OpenOptions.createIfMissing("t"))) {
            new Importer(project, ImportListener.NONE).importFiles(TestData.sampleFiles(), null, null);
            Adjudications.decide(
                    project,
                    table(project)
                            .ids(TraceTable.Filter.NONE, TraceTable.Sort.DEFAULT)
                            .get(0),
                    "ana",
                    "correct",
                    null);
            for (boolean summary : new boolean[] {false, true}) {
                planOf(project, summary);
            }
        }
    }

    /**
     * With {@code summary} (schema 16), a label filter reads the traces of the matching label combinations through
     * trace_label_values' (combo, trace) index and never walks the label ledger; without it, the ledger's walk.
     */
    private static void planOf(Project project, boolean summary) {
        {
            TraceTable table = table(project);
            table.summary = summary;
            for (TraceTable.Show s :
                    List.of(TraceTable.Show.DISAGREE, TraceTable.Show.PENDING, TraceTable.Show.NOT_MINE)) {
                List<String> q = table.idsSql(TraceTable.Filter.NONE.withShow(s));
                Map<Integer, Integer> parent = new HashMap<>();
                Map<Integer, String> detail = new HashMap<>();
                project.read(c -> {
                    try (PreparedStatement st = c.prepareStatement("EXPLAIN QUERY PLAN " + q.get(0))) {
                        for (int i = 1; i < q.size(); i++) {
                            st.setString(i, q.get(i));
                        }
                        st.setInt(q.size(), -1);
                        st.setInt(q.size() + 1, 0);
                        try (ResultSet rs = st.executeQuery()) {
                            while (rs.next()) {
                                parent.put(rs.getInt(1), rs.getInt(2));
                                detail.put(rs.getInt(1), rs.getString(4));
                            }
                        }
                    }
                    return null;
                });
                String plan = String.join("\n", new java.util.TreeMap<>(detail).values());
                // a filter on raters walks the labels; one on decisions only ("not mine") walks the decisions
                // decisions alone ("not mine") walk the decisions either way
                String walk = summary && s != TraceTable.Show.NOT_MINE
                        ? "SEARCH v USING COVERING INDEX trace_label_values_combo_idx"
                        : s == TraceTable.Show.NOT_MINE
                                ? "SCAN a USING COVERING INDEX adjudication_"
                                : "SCAN g USING COVERING INDEX label_current_idx";
                if (summary && s != TraceTable.Show.NOT_MINE) {
                    assertTrue(
                            detail.values().stream()
                                    .noneMatch(d -> d.matches("(SCAN|SEARCH) [a-z] .*label_current_idx.*")),
                            s + ": the summary, not the ledger\n" + plan);
                }
                assertTrue(
                        detail.values().stream().anyMatch(d -> d.startsWith(walk)),
                        s + ": the ledger is walked once (" + walk + ")\n" + plan);
                for (Map.Entry<Integer, String> e : detail.entrySet()) {
                    String d = e.getValue();
                    if (d.startsWith("SCAN")
                            && !d.contains("INDEX")
                            && !d.startsWith("SCAN t")
                            && !d.contains("CONSTANT ROW")) {
                        // a full scan of a table is allowed only where it is read once: not under a correlated subquery
                        for (Integer up = parent.get(e.getKey()); up != null && up != 0; up = parent.get(up)) {
                            assertTrue(
                                    !detail.get(up).startsWith("CORRELATED"), s + ": " + d + " once per row\n" + plan);
                        }
                    }
                    if (d.startsWith("CORRELATED")) {
                        boolean inWalk = false;
                        for (Integer up = parent.get(e.getKey()); up != null && up != 0; up = parent.get(up)) {
                            inWalk |= detail.get(up).startsWith("LIST SUBQUERY");
                        }
                        assertTrue(
                                inWalk, s + ": a look-up runs once per trace of the table, outside the walk\n" + plan);
                    }
                }
            }
        }
    }

    private static TraceTable table(Project project) {
        return new TraceTable(project, TraceTable.layout(project, "ana"));
    }

    /** The filter's meaning over the rows' shown values (the definitions of TraceTable.Show). */
    private static Predicate<TraceTable.Row> matches(TraceTable.Layout l, TraceTable.Filter f) {
        List<String> raters = l.raters().stream().map(TraceTable.Column::key).toList();
        Predicate<TraceTable.Row> p =
                switch (f.show()) {
                    case DISAGREE ->
                        r -> raters.stream()
                                        .map(r::get)
                                        .filter(Objects::nonNull)
                                        .distinct()
                                        .count()
                                > 1;
                    case RULE_VS_JUDGES ->
                        r -> l.judgeRaters().stream().anyMatch(j -> differ(r.get(l.ruleRater()), r.get(j)));
                    case JUDGES_SPLIT ->
                        r -> differ(
                                r.get(l.judgeRaters().get(0)),
                                r.get(l.judgeRaters().get(1)));
                    case PENDING -> r -> r.get("final") == null;
                    case MINE -> r -> r.get("human:ana") != null;
                    case NOT_MINE -> r -> r.get("human:ana") == null;
                    default -> r -> true;
                };
        for (Map.Entry<String, String> e : f.equals().entrySet()) {
            String want = TraceTable.MISSING.equals(e.getValue()) ? null : e.getValue();
            p = p.and(r -> Objects.equals(want, r.get(e.getKey())));
        }
        return p; // the search's own definition is TraceTableTest's: its traces come from the table itself
    }

    private static boolean differ(String a, String b) {
        return a != null && b != null && !a.equals(b);
    }

    /** The rows' label values (the per-trace look-ups) equal the ledger's current labels walked in Java. */
    private static void columnsEqualTheLedgerWalkedInJava(TraceTable table, List<TraceTable.Row> all) {
        List<String> keys = table.layout().columns().stream()
                .filter(TraceTable.Column::isLabel)
                .map(TraceTable.Column::key)
                .toList();
        Map<String, List<String>> sql = new HashMap<>();
        for (TraceTable.Row r : all) {
            List<String> v = keys.stream().map(r::get).toList();
            if (v.stream().anyMatch(Objects::nonNull)) {
                sql.put(r.traceId(), v);
            }
        }
        Map<String, List<String>> java = new HashMap<>();
        table.forEachLabelValues(keys, (trace, v) -> java.put(trace, Arrays.asList(v)));
        assertEquals(sql, java);
    }

    /**
     * Adds eight traces of a model "zz-extra" with no label (some get decisions), and random ledger entries: later
     * ones, older ones, ties in time, null verdicts, withdrawals; decisions by ana and bo, some taken back.
     */
    private static void scramble(Project project, Random rnd) {
        project.write(c -> {
            try (Statement s = c.createStatement()) {
                s.executeUpdate(
                        "INSERT INTO trace(id, task_id, model, run) SELECT 'zz-' || rowid, task_id, 'zz-extra', "
                                + "'r' || rowid FROM trace ORDER BY rowid LIMIT 8");
            }
            List<String> traces = new ArrayList<>();
            List<String> raters = new ArrayList<>();
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT id FROM trace ORDER BY id")) {
                while (rs.next()) {
                    traces.add(rs.getString(1));
                }
            }
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT DISTINCT rater_id FROM label ORDER BY rater_id")) {
                while (rs.next()) {
                    raters.add(rs.getString(1));
                }
            }
            // a few times, so that entries of one pair often share one; 2020 is older than the imported entries
            String[] times = {
                "2020-01-01T00:00:00.000000Z",
                "2030-01-01T00:00:00.000000Z",
                "2030-01-01T00:00:00.000001Z",
                "2031-06-01T12:00:00.000000Z"
            };
            int n = 0;
            try (PreparedStatement label = c.prepareStatement(
                            "INSERT INTO label(id, trace_id, rater_id, action, value, created_at) VALUES (?,?,?,?,?,?)");
                    PreparedStatement adj = c.prepareStatement("INSERT INTO adjudication(id, trace_id, annotator, "
                            + "action, value, created_at) VALUES (?,?,?,?,?,?)")) {
                for (String t : traces) {
                    boolean extra = t.startsWith("zz-");
                    for (String r : raters) {
                        int entries = extra || rnd.nextInt(3) > 0 ? 0 : 1 + rnd.nextInt(3);
                        for (int e = 0; e < entries; e++) {
                            int kind = rnd.nextInt(6); // 0: null verdict, 1: withdrawal, else a value
                            label.setString(1, String.format("l-%08x-%d", rnd.nextInt(), n++));
                            label.setString(2, t);
                            label.setString(3, r);
                            label.setString(4, kind == 0 ? "null" : kind == 1 ? "withdraw" : "set");
                            label.setString(5, kind < 2 ? null : VALUES.get(rnd.nextInt(VALUES.size())));
                            label.setString(6, times[rnd.nextInt(times.length)]);
                            label.executeUpdate();
                        }
                    }
                    for (String who : List.of("ana", "bo")) {
                        int entries = rnd.nextInt(4) > 0 ? 0 : 1 + rnd.nextInt(2);
                        for (int e = 0; e < entries; e++) {
                            boolean withdraw = rnd.nextInt(4) == 0;
                            adj.setString(1, String.format("a-%08x-%d", rnd.nextInt(), n++));
                            adj.setString(2, t);
                            adj.setString(3, who);
                            adj.setString(4, withdraw ? "withdraw" : "set");
                            adj.setString(5, withdraw ? null : VALUES.get(rnd.nextInt(VALUES.size())));
                            adj.setString(6, times[rnd.nextInt(times.length)]);
                            adj.executeUpdate();
                        }
                    }
                }
            }
            return null;
        });
    }
}
