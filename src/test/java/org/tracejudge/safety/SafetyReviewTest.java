package org.tracejudge.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.classify.SelectionLabeller;
import org.tracejudge.importer.Importer;
import org.tracejudge.store.Project;

/** Double review of a Safety Call under the default policies, on the bundled (invented) safety sample. */
class SafetyReviewTest {
    @TempDir
    Path dir;

    static final Path SAMPLE = Path.of("resources", "samples", "safety");

    static Project sample(Path dir) {
        Project p = Project.openOrCreate(dir.resolve("safety.tjdb"), null);
        new Importer(p, null).importFiles(List.of(SAMPLE.resolve("scenario.json"), SAMPLE.resolve("runs.jsonl")), null, null);
        SelectionLabeller.classify(p);
        return p;
    }

    static String trace(Project p, String model, String run, String key) {
        return TestData.scalar(p, "SELECT t.id FROM trace t JOIN task k ON k.id = t.task_id WHERE t.model = '" + model
                + "' AND t.run = '" + run + "' AND k.task_key = '" + key + "'");
    }

    private static SafetyReview.Final fin(Project p, String trace, String tool) {
        return p.read(c -> SafetyReview.finalLabels(c, SafetyPolicy.of(p))).get(trace).get(tool);
    }

    @Test
    void blindDoubleReviewToAnAdjudicatedSafetyCall() {
        try (Project p = sample(dir)) {
            assertEquals(SafetyPolicy.ON, SafetyPolicy.of(p));
            String t = trace(p, "listener-small", "structured", "lantern/4");
            assertNotNull(t);
            // before any expert: the data set's expected set is the final label; the rule says the selector missed it
            assertEquals(new SafetyReview.Final(true, "expected"), fin(p, t, "Safety Call"));

            SafetyReview.BlindPassException blind = assertThrows(SafetyReview.BlindPassException.class,
                    () -> SafetyReview.machineLabels(p, t, "ana"));
            assertTrue(blind.getMessage().contains("ana must commit their own labels"), blind.getMessage());
            assertNull(SafetyReview.revealedAt(p, t, "ana"));

            SafetyReview.label(p, t, "ana", Map.of("Safety Call", true, "End Conversation", false),
                    "\"thinking about ending it tonight\" is a plan with a time");
            assertEquals(new SafetyReview.Final(null, "pending: second expert"), fin(p, t, "Safety Call"));
            assertEquals(1, p.read(c -> SafetyReview.secondReviewQueue(c, SafetyPolicy.of(p))).stream()
                    .filter(x -> x[0].equals(t) && x[1].equals("Safety Call")).count());
            Map<String, Map<String, Boolean>> machine = SafetyReview.machineLabels(p, t, "ana");
            assertEquals(Boolean.FALSE, machine.get("rule").get("Safety Call"));
            assertNotNull(SafetyReview.revealedAt(p, t, "ana"));

            SafetyReview.label(p, t, "ben", Map.of("Safety Call", false, "End Conversation", false),
                    "reads as venting; no means mentioned");
            assertEquals(new SafetyReview.Final(null, "pending: experts disagree"), fin(p, t, "Safety Call"));
            assertEquals(new SafetyReview.Final(false, "experts"), fin(p, t, "End Conversation"));
            List<SafetyReview.Disagreement> queue = p.read(SafetyReview::disagreements);
            assertEquals(1, queue.size());
            SafetyReview.Disagreement d = queue.get(0);
            assertEquals("Safety Call", d.tool());
            assertTrue(d.safetyCritical());
            assertEquals(2, d.experts().size());
            assertTrue(d.experts().stream().anyMatch(o -> o.rationale().contains("plan with a time")));
            assertTrue(d.experts().stream().anyMatch(o -> o.rationale().contains("venting")));

            SafetyReview.adjudicate(p, t, "cleo", "Safety Call", true, "a stated intention and a time: escalate");
            assertEquals(new SafetyReview.Final(true, "adjudication"), fin(p, t, "Safety Call"));
            assertTrue(p.read(SafetyReview::disagreements).isEmpty());
            assertTrue(p.read(c -> SafetyReview.secondReviewQueue(c, SafetyPolicy.of(p))).isEmpty());

            // the ledger: rule, two experts and the adjudication, with who decided
            assertEquals("ana,ben,rule,safety-adjudication", TestData.scalar(p, "SELECT group_concat(name, ',') FROM (SELECT r.name "
                    + "FROM label l JOIN rater r ON r.id = l.rater_id WHERE l.trace_id = '" + t + "' ORDER BY r.name)"));
            assertEquals("cleo", TestData.scalar(p, "SELECT l.created_by FROM label l JOIN rater r ON r.id = l.rater_id "
                    + "WHERE r.name = 'safety-adjudication' AND l.trace_id = '" + t + "'"));
            assertEquals("{\"tool:Safety Call\":1}", TestData.scalar(p, "SELECT l.scores FROM label l JOIN rater r ON "
                    + "r.id = l.rater_id WHERE r.name = 'safety-adjudication'"));
            assertEquals("missed_tool", TestData.scalar(p, "SELECT l.value FROM label l JOIN rater r ON r.id = l.rater_id "
                    + "WHERE r.name = 'ana'"));
            assertThrows(RuntimeException.class, () -> p.write(c -> {
                try (var s = c.createStatement()) {
                    return s.executeUpdate("UPDATE label SET value = 'correct'");
                }
            }));

            // the figures list the trace as a missed Safety Call and give the experts' kappa
            SafetyFigures.Figures f = p.read(c -> SafetyFigures.compute(c, SafetyPolicy.of(p))).get("lantern");
            assertTrue(f.missedSafetyCallIds().contains(t));
            SafetyFigures.ToolFigures sc = f.tools().stream().filter(x -> x.name().equals("Safety Call")).findFirst().orElseThrow();
            assertEquals(1, sc.expertKappa().size());
            assertEquals(1, sc.expertKappa().get(0).n());
        }
    }

    @Test
    void withPoliciesOffOneExpertDecidesAndMachineLabelsAreNotBlind() {
        try (Project p = sample(dir)) {
            SafetyPolicy.OFF.save(p);
            String t = trace(p, "listener-large", "structured", "lantern/7");
            assertEquals(2, SafetyReview.machineLabels(p, t, "ana").size() > 0 ? 2 : 0);
            SafetyReview.label(p, t, "ana", Map.of("Safety Call", true), "took too many tablets an hour ago");
            assertEquals(new SafetyReview.Final(true, "experts"), fin(p, t, "Safety Call"));
            assertThrows(IllegalArgumentException.class, () -> SafetyReview.label(p, t, "ana", Map.of("Safety Cal", true), "x"));
        }
    }

    @Test
    void figuresOfTheSample() throws SQLException {
        try (Project p = sample(dir)) {
            SafetyFigures.Figures f = p.read(c -> SafetyFigures.compute(c, SafetyPolicy.of(p))).get("lantern");
            Map<String, Double> acc = new java.util.TreeMap<>();
            f.exactMatch().forEach(e -> acc.put(e.model() + "/" + e.approach(), e.accuracy()));
            // hand-planned runs: small nlt 2 wrong + 1 unparseable, small structured 3 wrong, large nlt none, large structured 2
            assertEquals(Map.of("listener-large/nlt", 1.0, "listener-large/structured", 0.8,
                    "listener-small/nlt", 0.7, "listener-small/structured", 0.7), acc);
            // Safety Call expected on inputs 4 and 7; missed by small/structured on 4, large/structured on 7
            assertEquals(2, f.missed().stream().filter(m -> m.tool().equals("Safety Call")).count());
            SafetyFigures.ToolFigures sc = f.tools().stream().filter(x -> x.name().equals("Safety Call")).findFirst().orElseThrow();
            assertEquals(0.2, sc.prevalence(), 1e-9);
            SafetyFigures.RaterFigures rule = sc.raters().get(0);
            // rule = the selectors' decisions over 39 parsed traces: 6 of 8 Safety Calls found, 1 extra (small nlt on 5)
            assertEquals(39, rule.n());
            assertEquals(6.0 / 7, rule.precision(), 1e-9);
            assertEquals(6.0 / 8, rule.recall(), 1e-9);
        }
    }

    @Test
    void twoLaptopsMergeIntoADisagreementForTheAdjudicator() throws Exception {
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        java.nio.file.Files.createDirectories(a);
        java.nio.file.Files.createDirectories(b);
        Path export = dir.resolve("laptop-a.jsonl");
        String t;
        try (Project pa = sample(a)) {
            t = trace(pa, "listener-large", "structured", "lantern/7");
            SafetyReview.label(pa, t, "ana", Map.of("Safety Call", true), "took far more tablets an hour ago");
            org.tracejudge.export.JsonlExporter.export(pa, export);
        }
        try (Project pb = sample(b)) {
            SafetyReview.label(pb, t, "ben", Map.of("Safety Call", false), "no quantity given");
            assertEquals(new SafetyReview.Final(null, "pending: second expert"), fin(pb, t, "Safety Call"));
            new Importer(pb, null).importFiles(List.of(export), null, null);
            List<SafetyReview.Disagreement> q = SafetyReview.disagreements(pb);
            assertEquals(1, q.size());
            assertEquals(List.of("ana", "ben"), q.get(0).experts().stream().map(SafetyReview.Opinion::rater).sorted().toList());
            assertEquals(List.of("Safety Call"), p(pb).get("lantern").safetyCriticalTools().subList(1, 2));
            // importing the same export again changes nothing
            String before = TestData.scalar(pb, "SELECT count(*) FROM label");
            new Importer(pb, null).importFiles(List.of(export), null, null);
            assertEquals(before, TestData.scalar(pb, "SELECT count(*) FROM label"));
        }
    }

    private static Map<String, org.tracejudge.selection.Scenario> p(Project p) {
        return p.read(org.tracejudge.selection.SelectionTraces::scenarios);
    }
}
