package org.tracejudge.classify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.importer.Importer;
import org.tracejudge.json.Json;
import org.tracejudge.model.Ids;
import org.tracejudge.model.Task;
import org.tracejudge.model.Trace;
import org.tracejudge.rules.RuleClassifier;
import org.tracejudge.rules.RuleVerdict;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectQueries;

/** classify against a real project file: what is stored, that re-runs append nothing, and what changes do. */
class RuleLabellerTest {
    @TempDir
    Path dir;

    record Stored(
            String id,
            String action,
            String value,
            String rationale,
            String evidence,
            String nullReason,
            String replaces) {}

    static Map<String, Stored> current(Project p, String rater) {
        return p.read(c -> {
            Map<String, Stored> out = new HashMap<>();
            try (PreparedStatement s = c.prepareStatement(
                    "SELECT l.trace_id, l.id, l.action, l.value, l.rationale, l.evidence, "
                            + "l.null_reason, l.replaces FROM current_label l JOIN rater r ON r.id = l.rater_id WHERE r.name = ?")) {
                s.setString(1, rater);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        out.put(
                                rs.getString(1),
                                new Stored(
                                        rs.getString(2),
                                        rs.getString(3),
                                        rs.getString(4),
                                        rs.getString(5),
                                        rs.getString(6),
                                        rs.getString(7),
                                        rs.getString(8)));
                    }
                }
            }
            return out;
        });
    }

    private Project sample() {
        Project p = Project.open(dir.resolve("s.tjdb"), Project.OpenOptions.createIfMissing(null));
        new Importer(p, null).importFiles(TestData.sampleFiles(), null, null);
        return p;
    }

    @Test
    void storesEveryVerdictWithItsEvidenceAndCheck() {
        try (Project p = sample()) {
            for (RuleClassifier.Mode mode : RuleClassifier.Mode.values()) {
                RuleLabeller.Result r = RuleLabeller.classify(p, mode);
                assertEquals(60, r.traces());
                assertEquals(1, r.runErrors(), "the sample's one provider error is not classified");
                assertEquals(60, r.written());
                assertEquals(0, r.unchanged());
                assertEquals(
                        59,
                        r.counts().values().stream()
                                .flatMap(m -> m.values().stream())
                                .mapToInt(Integer::intValue)
                                .sum());
                assertEquals(
                        List.of("correct", "tool_skip", "result_ignore", "output_fabrication"),
                        List.copyOf(r.counts().get("tool_required").keySet()));

                Map<String, Stored> stored = current(p, RuleLabeller.raterName(mode));
                assertEquals(60, stored.size());
                ProjectQueries q = new ProjectQueries(p);
                RuleClassifier rc = new RuleClassifier(mode);
                int nulls = 0;
                for (Map.Entry<String, Stored> e : stored.entrySet()) {
                    Stored s = e.getValue();
                    if (s.action().equals("null")) {
                        nulls++;
                        assertEquals(RuleLabeller.RUN_ERROR_REASON, s.nullReason());
                        continue;
                    }
                    Trace t = q.trace(e.getKey());
                    Task task = q.task(t.taskId());
                    RuleVerdict v = rc.classify(task, t);
                    assertEquals(v.label(), s.value());
                    assertEquals(v.check(), s.rationale(), "the deciding check is the rationale");
                    JsonNode ev = Json.read(s.evidence());
                    assertEquals(v.check(), ev.get("check").asText(), "and the evidence's first field");
                    assertEquals(mode.code(), ev.get("mode").asText());
                    assertEquals(
                            v, Explanation.verdict(s.value(), s.evidence()), "the stored evidence reads back whole");
                    assertNull(s.replaces());
                }
                assertEquals(1, nulls);
            }
            assertEquals("rule", TestData.scalar(p, "SELECT kind FROM rater WHERE name = 'rule-tolerant'"));
        }
    }

    /**
     * The traces are read in trace-id order straight from the id index, without a sort, so the new entries go into
     * label_current_idx one after another (issue 32: at a million traces, random writes there were most of the time);
     * each page of them is a seek into that index after the last id read, not a walk from its start.
     */
    @Test
    void tracesAreReadInIdOrderWithoutASort() {
        try (Project p = sample()) {
            String plan = plan(p, org.tracejudge.store.RuleRows.TRACES_SQL);
            assertTrue(plan.contains("SCAN t USING INDEX sqlite_autoindex_trace_1"), plan);
            assertFalse(plan.contains("TEMP B-TREE"), plan);
            String page = plan(p, org.tracejudge.store.RuleRows.TRACES_PAGE_SQL);
            assertTrue(page.contains("SEARCH t USING INDEX sqlite_autoindex_trace_1 (id>?)"), page);
            assertFalse(page.contains("TEMP B-TREE"), page);
        }
    }

    private static String plan(Project p, String sql) {
        return p.read(c -> {
            StringBuilder sb = new StringBuilder();
            try (PreparedStatement s = c.prepareStatement("EXPLAIN QUERY PLAN " + sql);
                    ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    sb.append(rs.getString(4)).append('\n');
                }
            }
            return sb.toString();
        });
    }

    /** A project of 2,000 generated traces (two models of the 1,000 shared tasks): two pages of the classify read. */
    private Path twoThousandTraces(String name) throws Exception {
        return BenchProject.build(TestData.toolFailBench(), dir.resolve(name), 2, 1000, false);
    }

    /**
     * The command line commits as it goes (every {@link RuleLabeller#COMMIT_EVERY} entries; here every 256, a batch):
     * over 2,000 generated traces, read in two pages, what it stores is what one transaction stores, entry for entry.
     */
    @Test
    void committingAsItGoesStoresWhatOneTransactionStores() throws Exception {
        Path once = twoThousandTraces("once");
        Path steps = twoThousandTraces("steps");
        try (Project a = Project.open(once);
                Project b = Project.open(steps)) {
            RuleLabeller.Result ra = RuleLabeller.classify(
                    a,
                    RuleLabeller.Options.of(RuleClassifier.Mode.TOLERANT)
                            .withThreads(2)
                            .committingEvery(0));
            RuleLabeller.Result rb = RuleLabeller.classify(
                    b,
                    RuleLabeller.Options.of(RuleClassifier.Mode.TOLERANT)
                            .withThreads(2)
                            .committingEvery(256));
            assertEquals(2000, rb.traces());
            assertEquals(ra.counts(), rb.counts());
            assertEquals(ra.written(), rb.written());
            assertEquals(current(a, "rule-tolerant"), current(b, "rule-tolerant"), "the same entries, ids included");
            assertEquals(TestData.count(a, "label"), TestData.count(b, "label"));
        }
    }

    /**
     * A command-line run that fails after some commits keeps them, says how many traces they hold and how to finish,
     * and a new run appends only what is missing: the end state is that of a run that never failed.
     */
    @Test
    void aRunThatFailsAfterCommitsSaysWhatItKeptAndAReRunFinishesIt() throws Exception {
        Path whole = twoThousandTraces("whole");
        Path broken = twoThousandTraces("broken");
        try (Project a = Project.open(whole);
                Project b = Project.open(broken)) {
            RuleLabeller.classify(
                    a,
                    RuleLabeller.Options.of(RuleClassifier.Mode.COMPAT)
                            .withThreads(2)
                            .committingEvery(256));
            int labelsBefore = TestData.count(b, "label");
            // what SQLite reports when the disk fills up mid-run (see ProjectErrors.diskFullOr)
            RuntimeException e = org.junit.jupiter.api.Assertions.assertThrows(
                    RuntimeException.class,
                    () -> RuleLabeller.classify(
                            b,
                            RuleLabeller.Options.of(RuleClassifier.Mode.COMPAT)
                                    .withThreads(2)
                                    .committingEvery(256)
                                    .withProgress((done, of) -> {
                                        if (done == 6) {
                                            throw new IllegalStateException("[SQLITE_FULL] database or disk is full");
                                        }
                                    })));
            assertEquals(
                    broken + ": the disk is full; what it was writing when it stopped was not saved. Free some space "
                            + "and run it again. Kept: the rule's labels of the first 1,536 traces (of 2,000); "
                            + "classify again appends only the rest.",
                    e.getMessage());
            assertEquals(
                    labelsBefore + 1536, TestData.count(b, "label"), "six batches committed, the seventh rolled back");
            RuleLabeller.Result rest = RuleLabeller.classify(
                    b,
                    RuleLabeller.Options.of(RuleClassifier.Mode.COMPAT)
                            .withThreads(2)
                            .committingEvery(256));
            assertEquals(2000 - 1536, rest.written());
            assertEquals(1536, rest.unchanged());
            assertEquals(current(a, "rule"), current(b, "rule"));
        }
    }

    @Test
    void reRunningOnUnchangedTracesAppendsNothing() {
        try (Project p = sample()) {
            RuleLabeller.classify(p, RuleClassifier.Mode.COMPAT);
            int before = TestData.count(p, "label");
            RuleLabeller.Result again = RuleLabeller.classify(p, RuleClassifier.Mode.COMPAT);
            assertEquals(0, again.written());
            assertEquals(60, again.unchanged());
            assertEquals(before, TestData.count(p, "label"));
        }
    }

    @Test
    void onlyMissingOrChangedVerdictsAreAppended() {
        try (Project p = sample()) {
            RuleLabeller.classify(p, RuleClassifier.Mode.COMPAT);
            Map<String, Stored> first = current(p, "rule");
            String raterId = Ids.of("rater", "rule", "");
            String[] ids = first.entrySet().stream()
                    .filter(e -> e.getValue().action().equals("set"))
                    .map(Map.Entry::getKey)
                    .sorted()
                    .limit(2)
                    .toArray(String[]::new);
            // someone withdraws one rule label and overwrites another with a different verdict
            p.write(c -> {
                Ledger.append(c, null, Ledger.Entry.withdraw(ids[0], raterId, "test"));
                String other = first.get(ids[1]).value().equals("wrong_answer") ? "correct" : "wrong_answer";
                Ledger.append(c, null, Ledger.Entry.set(ids[1], raterId, other, "test"));
                return null;
            });
            int before = TestData.count(p, "label");
            RuleLabeller.Result r = RuleLabeller.classify(p, RuleClassifier.Mode.COMPAT);
            assertEquals(2, r.written());
            assertEquals(58, r.unchanged());
            assertEquals(before + 2, TestData.count(p, "label"));
            Map<String, Stored> now = current(p, "rule");
            for (String id : ids) {
                assertEquals(first.get(id).value(), now.get(id).value(), "the rule's verdict is current again");
                assertEquals(first.get(id).evidence(), now.get(id).evidence());
                assertNotNull(now.get(id).replaces(), "and it replaces the entry it supersedes");
            }
            assertEquals(0, RuleLabeller.classify(p, RuleClassifier.Mode.COMPAT).written());
        }
    }

    @Test
    void entryIdsAreTheSameOnEveryLaptop() {
        Path a = dir.resolve("a.tjdb");
        Path b = dir.resolve("b.tjdb");
        for (Path f : List.of(a, b)) {
            try (Project p = Project.open(f, Project.OpenOptions.createIfMissing(null))) {
                new Importer(p, null).importFiles(TestData.sampleFiles(), null, null);
                RuleLabeller.classify(p, RuleClassifier.Mode.TOLERANT);
            }
        }
        try (Project pa = Project.open(a);
                Project pb = Project.open(b)) {
            Map<String, Stored> sa = current(pa, "rule-tolerant");
            Map<String, Stored> sb = current(pb, "rule-tolerant");
            assertEquals(sa.keySet(), sb.keySet());
            sa.forEach(
                    (trace, s) -> assertEquals(s.id(), sb.get(trace).id(), "name-based ids: merges do not duplicate"));
        }
    }

    /** Over generated traces for all 1,000 shared tasks: what classify stores equals the classifier's verdicts. */
    @Test
    void storedLabelsEqualTheClassifierOnGeneratedTraces() throws Exception {
        Path corpus = TestData.toolFailBench();
        Path project = BenchProject.build(corpus, dir.resolve("gen"), 1, 1000, false);
        try (Project p = Project.open(project)) {
            for (RuleClassifier.Mode mode : RuleClassifier.Mode.values()) {
                RuleLabeller.Result r = RuleLabeller.classify(p, mode);
                assertEquals(1000, r.traces());
                assertEquals(
                        1000,
                        Integer.parseInt(TestData.scalar(p, "SELECT count(DISTINCT task_id) FROM trace")),
                        "every task");
                Map<String, Stored> stored = current(p, RuleLabeller.raterName(mode));
                ProjectQueries q = new ProjectQueries(p);
                RuleClassifier rc = new RuleClassifier(mode);
                Map<String, Task> tasks = new HashMap<>();
                int checked = 0;
                for (Map.Entry<String, Stored> e : stored.entrySet()) {
                    if (e.getValue().value() == null) {
                        continue;
                    }
                    Trace t = q.trace(e.getKey());
                    Task task = tasks.computeIfAbsent(t.taskId(), q::task);
                    RuleVerdict v = rc.classify(task, t);
                    assertEquals(v.label(), e.getValue().value(), e.getKey());
                    assertEquals(RuleLabeller.storedEvidence(v), e.getValue().evidence(), e.getKey());
                    checked++;
                }
                assertEquals(1000 - r.runErrors(), checked);
                assertEquals(0, RuleLabeller.classify(p, mode).written());
            }
        }
    }
}
