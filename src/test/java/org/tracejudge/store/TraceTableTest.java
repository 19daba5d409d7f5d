package org.tracejudge.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.importer.ImportListener;
import org.tracejudge.importer.Importer;
import org.tracejudge.model.EnsembleRule;

/**
 * The trace table's SQL (filters, sort, paging, ensemble/final) against the same questions answered in Java
 * over every row of the sample project.
 */
class TraceTableTest {
    static Path dir;
    static Project project;
    static TraceTable table;
    static List<TraceTable.Row> all;

    @BeforeAll
    static void importSample(@TempDir Path tmp) {
        dir = tmp;
        project = Project.open(tmp.resolve("t.tjdb"), Project.OpenOptions.createIfMissing("t"));
        new Importer(project, ImportListener.NONE).importFiles(TestData.sampleFiles(), null, null);
        String first = new ProjectQueries(project)
                .page(new ProjectQueries(project).raters(), 0, 3)
                .get(0)
                .traceId();
        String second = new ProjectQueries(project)
                .page(new ProjectQueries(project).raters(), 0, 3)
                .get(1)
                .traceId();
        Adjudications.decide(project, first, "ana", "tool_skip", "checked");
        Adjudications.decide(project, second, "bo", "correct", null);
        Adjudications.decide(project, second, "bo", null, "undo");
        table = new TraceTable(project, TraceTable.layout(project, "ana"));
        all = table.page(TraceTable.Filter.NONE, TraceTable.Sort.DEFAULT, 0, 1000);
    }

    @AfterAll
    static void close() {
        project.close();
    }

    private static List<String> ids(Predicate<TraceTable.Row> p) {
        return all.stream().filter(p).map(TraceTable.Row::traceId).toList();
    }

    private static List<String> rater(String name) {
        return List.of(table.layout().columns().stream()
                .filter(c -> c.title().equals(name))
                .findFirst()
                .orElseThrow()
                .key());
    }

    @Test
    void layoutFindsRuleJudgesAndHumans() {
        TraceTable.Layout l = table.layout();
        assertEquals(
                List.of(
                        "Model",
                        "Domain",
                        "Task",
                        "Type",
                        "harness",
                        "illustrative-dtree",
                        "illustrative-evidence",
                        "ana",
                        "bo",
                        "Ensemble",
                        "Final"),
                l.columns().stream().map(TraceTable.Column::title).toList());
        assertEquals(rater("harness").get(0), l.ruleRater());
        assertEquals(
                List.of(
                        rater("illustrative-dtree").get(0),
                        rater("illustrative-evidence").get(0)),
                l.judgeRaters());
    }

    @Test
    void everyRowAndPageMatchesTheWholeTable() {
        assertEquals(60, all.size());
        assertEquals(60, table.count(TraceTable.Filter.NONE));
        List<TraceTable.Row> paged = new ArrayList<>();
        for (int off = 0; off < 60; off += 7) {
            paged.addAll(table.page(TraceTable.Filter.NONE, TraceTable.Sort.DEFAULT, off, 7));
        }
        assertEquals(all, paged);
        assertEquals(
                all.stream().map(TraceTable.Row::traceId).toList(),
                table.ids(TraceTable.Filter.NONE, TraceTable.Sort.DEFAULT));
        // default order: model, task
        for (int i = 1; i < all.size(); i++) {
            String a = all.get(i - 1).get("model") + "\u0000" + all.get(i - 1).get("task");
            String b = all.get(i).get("model") + "\u0000" + all.get(i).get("task");
            assertTrue(a.compareTo(b) <= 0, a + " > " + b);
        }
    }

    @Test
    void ensembleAndFinalFollowTheConsensusRule() {
        TraceTable.Layout l = table.layout();
        int adjudicated = 0;
        for (TraceTable.Row r : all) {
            String ens = EnsembleRule.ensemble(
                    r.get(l.ruleRater()),
                    r.get(l.judgeRaters().get(0)),
                    r.get(l.judgeRaters().get(1)));
            assertEquals(ens, r.get("ensemble"), r.traceId());
            String adj = r.get("human:ana") != null ? r.get("human:ana") : null;
            assertEquals(EnsembleRule.finalLabel(adj, ens), r.get("final"));
            adjudicated += adj == null ? 0 : 1;
        }
        assertEquals(1, adjudicated);
        assertEquals("tool_skip", all.get(0).get("human:ana"));
        assertEquals("tool_skip", all.get(0).get("final"));
        assertNull(all.get(1).get("human:bo"), "a withdrawn decision is no label");
    }

    @Test
    void labelValuesComputedInJavaEqualTheTablesSql() {
        List<String> keys = table.layout().columns().stream()
                .filter(TraceTable.Column::isLabel)
                .map(TraceTable.Column::key)
                .toList();
        assertTrue(keys.contains("ensemble") && keys.contains("final") && keys.contains("human:ana"), keys.toString());
        java.util.Map<String, List<String>> sql = new java.util.HashMap<>();
        for (TraceTable.Row r : all) {
            List<String> v = keys.stream().map(r::get).toList();
            if (v.stream().anyMatch(java.util.Objects::nonNull)) {
                sql.put(r.traceId(), v);
            }
        }
        java.util.Map<String, List<String>> java = new java.util.HashMap<>();
        table.forEachLabelValues(keys, (trace, v) -> java.put(trace, Arrays.asList(v)));
        assertEquals(sql, java);
        assertEquals(
                List.of("tool_skip"), List.of(java.get(all.get(0).traceId()).get(keys.indexOf("final"))));
    }

    @Test
    void firstPageWalkingModelsEqualsTheSortedPage() {
        String dtree = rater("illustrative-dtree").get(0);
        assertTrue(table.values("model").size() > 2, "the sample has several models");
        for (TraceTable.Filter f : List.of(
                TraceTable.Filter.NONE,
                TraceTable.Filter.NONE.withShow(TraceTable.Show.DISAGREE),
                TraceTable.Filter.NONE.withShow(TraceTable.Show.PENDING),
                TraceTable.Filter.NONE.withShow(TraceTable.Show.MINE),
                TraceTable.Filter.NONE.withSearch("KWH"),
                TraceTable.Filter.NONE.with("domain", "travel").with(dtree, TraceTable.MISSING))) {
            for (TraceTable.Sort s : List.of(TraceTable.Sort.DEFAULT, new TraceTable.Sort(dtree, true))) {
                for (int limit : new int[] {1, 7, 25, 200}) {
                    List<TraceTable.Row> expected = table.page(f, s, 0, limit);
                    // one model at a time all the way, after one model the rest in one query, and at once
                    for (int walk : new int[] {1000, 1, 0}) {
                        assertEquals(
                                expected,
                                table.firstPage(f, s, limit, walk),
                                f + " " + s + " limit " + limit + " walk " + walk);
                    }
                }
            }
        }
        assertEquals(all.subList(0, 30), table.firstPage(TraceTable.Filter.NONE, TraceTable.Sort.DEFAULT, 30));
        assertEquals(60, table.count(TraceTable.Filter.NONE));
    }

    @Test
    void quickFiltersEqualTheirDefinitionOverAllRows() {
        List<String> raters =
                table.layout().raters().stream().map(TraceTable.Column::key).toList();
        String rule = table.layout().ruleRater();
        List<String> judges = table.layout().judgeRaters();
        check(TraceTable.Show.DISAGREE, r -> {
            Set<String> v = new HashSet<>();
            raters.forEach(k -> {
                if (r.get(k) != null) {
                    v.add(r.get(k));
                }
            });
            return v.size() > 1;
        });
        check(TraceTable.Show.RULE_VS_JUDGES, r -> judges.stream()
                .anyMatch(j ->
                        r.get(rule) != null && r.get(j) != null && !r.get(rule).equals(r.get(j))));
        check(
                TraceTable.Show.JUDGES_SPLIT,
                r -> r.get(judges.get(0)) != null
                        && r.get(judges.get(1)) != null
                        && !r.get(judges.get(0)).equals(r.get(judges.get(1))));
        check(TraceTable.Show.PENDING, r -> r.get("final") == null);
        check(TraceTable.Show.MINE, r -> r.get("human:ana") != null);
        check(TraceTable.Show.NOT_MINE, r -> r.get("human:ana") == null);
    }

    private static void check(TraceTable.Show show, Predicate<TraceTable.Row> p) {
        TraceTable.Filter f = TraceTable.Filter.NONE.withShow(show);
        assertEquals(ids(p), table.ids(f, TraceTable.Sort.DEFAULT), show.name());
        assertEquals(ids(p).size(), table.count(f), show.name());
    }

    @Test
    void columnFiltersSearchAndSort() {
        String dtree = rater("illustrative-dtree").get(0);
        TraceTable.Filter f = TraceTable.Filter.NONE.with(dtree, "correct").with("domain", "travel");
        assertEquals(
                ids(r -> "correct".equals(r.get(dtree)) && "travel".equals(r.get("domain"))),
                table.ids(f, TraceTable.Sort.DEFAULT));
        TraceTable.Filter missing = TraceTable.Filter.NONE.with(dtree, TraceTable.MISSING);
        assertEquals(ids(r -> r.get(dtree) == null), table.ids(missing, TraceTable.Sort.DEFAULT));
        assertTrue(table.values(dtree).contains(TraceTable.MISSING));
        assertTrue(table.values("model").contains("acme-lm-7b"));
        // search: case-insensitive over user message and answer; LIKE wildcards are literal
        List<String> hits = table.ids(TraceTable.Filter.NONE.withSearch("KWH"), TraceTable.Sort.DEFAULT);
        assertTrue(!hits.isEmpty() && hits.size() < 60, "hits " + hits.size());
        assertEquals(0, table.count(TraceTable.Filter.NONE.withSearch("%_%_%_%_%")));
        // sort by a label column, descending, missing last
        List<TraceTable.Row> sorted = table.page(TraceTable.Filter.NONE, new TraceTable.Sort(dtree, true), 0, 100);
        for (int i = 1; i < sorted.size(); i++) {
            String a = sorted.get(i - 1).get(dtree);
            String b = sorted.get(i).get(dtree);
            assertTrue(b == null || (a != null && a.compareTo(b) >= 0), a + " then " + b);
        }
    }

    @Test
    void consensusSqlEqualsConsensusJava() throws Exception {
        List<String> values = Arrays.asList(null, "a", "b", "c");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite::memory:");
                Statement s = c.createStatement()) {
            for (String r : values) {
                for (String j1 : values) {
                    for (String j2 : values) {
                        for (String adj : values) {
                            String ens = EnsembleRule.ensembleSql(q(r), q(j1), q(j2));
                            try (ResultSet rs = s.executeQuery("SELECT " + ens + ", "
                                    + EnsembleRule.finalSql(q(adj), ens) + ", " + EnsembleRule.ensembleSql(q(r), q(j1))
                                    + ", " + EnsembleRule.ensembleSql(q(r)))) {
                                rs.next();
                                String je = EnsembleRule.ensemble(r, j1, j2);
                                assertEquals(je, rs.getString(1), r + " " + j1 + " " + j2);
                                assertEquals(EnsembleRule.finalLabel(adj, je), rs.getString(2));
                                assertEquals(EnsembleRule.ensemble(r, j1), rs.getString(3));
                                assertEquals(EnsembleRule.ensemble(r), rs.getString(4));
                            }
                        }
                    }
                }
            }
        }
        // the spec's cases
        assertEquals("a", EnsembleRule.ensemble("a", "b", "a"));
        assertEquals("b", EnsembleRule.ensemble("a", "b", "b"));
        assertEquals("a", EnsembleRule.ensemble("a", "b", "c"), "three different labels: the rule wins");
        assertNull(EnsembleRule.ensemble("a", "a", null), "a judge without a label: pending");
    }

    /**
     * Team projects: the "Assigned to me" filter and its done marks. A review is done once the annotator has any
     * label or adjudication on the trace, an adjudication the same; other people's assignments and unassigned
     * traces have no mark. A project without a team has no such column, and the filter shows nothing there.
     */
    @Test
    void assignedToMeWithDoneMarks() throws Exception {
        assertNull(table.layout().column(TraceTable.ASSIGNED), "no team: no assignment column");
        assertEquals(0, table.count(TraceTable.Filter.NONE.withShow(TraceTable.Show.ASSIGNED)));
        Project p = Project.open(dir.resolve("team.tjdb"), Project.OpenOptions.createIfMissing("team"));
        try {
            new Importer(p, ImportListener.NONE).importFiles(TestData.sampleFiles(), null, null);
            List<String> t =
                    new TraceTable(p, TraceTable.layout(p, null)).ids(TraceTable.Filter.NONE, TraceTable.Sort.DEFAULT);
            p.write(c -> {
                try (var s = c.prepareStatement("INSERT INTO project_meta(key, value) VALUES ('team.hub', ?)")) {
                    s.setString(1, "postgresql://hub.invalid/tj"); // a team project: it names its hub
                    s.executeUpdate();
                }
                String[][] rows = {
                    {t.get(0), "Cleo", "review"},
                    {t.get(1), "Cleo", "review"},
                    {t.get(2), "Cleo", "adjudicate"},
                    {t.get(3), "Cleo", "adjudicate"},
                    {t.get(4), "Dan", "review"},
                    {t.get(5), "Cleo", "review"}
                };
                try (var s = c.prepareStatement("INSERT INTO team_assignment(id, trace_id, reviewer, duty, created_by, "
                        + "created_at) VALUES (?, ?, ?, ?, 'Lead', '2026-01-01T00:00:00.000000Z')")) {
                    for (String[] r : rows) {
                        s.setString(1, org.tracejudge.model.Ids.random());
                        s.setString(2, r[0]);
                        s.setString(3, r[1]);
                        s.setString(4, r[2]);
                        s.executeUpdate();
                    }
                }
                // Cleo's decisions: an adjudication on t0, a label (as her own human rater) on t5, the adjudication
                // of t3; Dan decides t1, which is Cleo's to review and stays open for her
                org.tracejudge.store.Ledger.adjudicate(c, t.get(0), "Cleo", "tool_skip", null);
                String r = org.tracejudge.store.Ledger.ensureRater(
                        c, "Cleo", org.tracejudge.model.RaterKind.HUMAN, "", null, null);
                org.tracejudge.store.Ledger.append(
                        c, null, org.tracejudge.store.Ledger.Entry.set(t.get(5), r, "correct", "Cleo"));
                org.tracejudge.store.Ledger.adjudicate(c, t.get(3), "Cleo", "correct", null);
                org.tracejudge.store.Ledger.adjudicate(c, t.get(1), "Dan", "correct", null);
                return null;
            });
            TraceTable cleo = new TraceTable(p, TraceTable.layout(p, "Cleo"));
            assertEquals("Assigned", cleo.layout().column(TraceTable.ASSIGNED).title());
            TraceTable.Filter mine = TraceTable.Filter.NONE.withShow(TraceTable.Show.ASSIGNED);
            assertEquals(
                    Set.of(t.get(0), t.get(1), t.get(2), t.get(3), t.get(5)),
                    new HashSet<>(cleo.ids(mine, TraceTable.Sort.DEFAULT)));
            assertEquals(5, cleo.count(mine));
            java.util.Map<String, String> marks = new java.util.HashMap<>();
            for (TraceTable.Row row : cleo.page(TraceTable.Filter.NONE, TraceTable.Sort.DEFAULT, 0, 1000)) {
                marks.put(row.traceId(), row.get(TraceTable.ASSIGNED));
            }
            assertEquals(TraceTable.DONE, marks.get(t.get(0)));
            assertEquals(TraceTable.TO_DO, marks.get(t.get(1)), "someone else's decision does not do Cleo's review");
            assertEquals(TraceTable.TO_ADJUDICATE, marks.get(t.get(2)));
            assertEquals(TraceTable.ADJUDICATED, marks.get(t.get(3)));
            assertNull(marks.get(t.get(4)), "Dan's assignment is not Cleo's");
            assertEquals(TraceTable.DONE, marks.get(t.get(5)), "a label of her own counts as done");
            assertEquals(
                    t.size() - 5,
                    marks.values().stream().filter(java.util.Objects::isNull).count());
            // the marks filter like any column, with the Show filter or without
            assertEquals(
                    List.of(t.get(1)),
                    cleo.ids(mine.with(TraceTable.ASSIGNED, TraceTable.TO_DO), TraceTable.Sort.DEFAULT));
            assertEquals(2, cleo.count(TraceTable.Filter.NONE.with(TraceTable.ASSIGNED, TraceTable.DONE)));
            assertEquals(
                    List.of(TraceTable.TO_DO, TraceTable.DONE, TraceTable.TO_ADJUDICATE, TraceTable.ADJUDICATED),
                    cleo.values(TraceTable.ASSIGNED));
            // without an annotator name there is no "me"
            assertNull(TraceTable.layout(p, null).column(TraceTable.ASSIGNED));
            assertEquals(0, new TraceTable(p, TraceTable.layout(p, null)).count(mine));
        } finally {
            p.close();
        }
    }

    private static String q(String v) {
        return v == null ? "NULL" : "'" + v + "'";
    }
}
