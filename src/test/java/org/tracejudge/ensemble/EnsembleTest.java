package org.tracejudge.ensemble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.classify.RuleLabeller;
import org.tracejudge.importer.Importer;
import org.tracejudge.model.TaskType;
import org.tracejudge.rules.RuleClassifier;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectException;

class EnsembleTest {
    @TempDir
    Path dir;

    @Test
    void majorityOfRuleAndTwoJudges() {
        assertVote("correct", "majority", "correct", "correct", "correct");
        assertVote(
                "result_ignore",
                "majority",
                "correct",
                "result_ignore",
                "result_ignore"); // the judges outvote the rule
        assertVote("correct", "majority", "correct", "correct", "tool_skip");
        assertVote("correct", "majority", "correct", "tool_skip", "correct");
    }

    @Test
    void theWorkbenchTableVotesAsTheEnsembleDoes() {
        // model.EnsembleRule computes the table's ensemble column (in SQL too); it must be this package's vote
        String[] values = {null, "correct", "tool_skip", "result_ignore"};
        int decided = 0;
        for (String rule : values) {
            for (String a : values) {
                for (String b : values) {
                    String expected = Ensemble.vote(rule, a, b).label();
                    assertEquals(
                            expected,
                            org.tracejudge.model.EnsembleRule.ensemble(rule, a, b),
                            "rule " + rule + ", judges " + a + ", " + b);
                    decided += expected == null ? 0 : 1;
                }
            }
        }
        assertEquals(27, decided); // every combination with all three labels present is decided
    }

    @Test
    void threeDifferentLabelsGoToTheRule() {
        assertVote("output_fabrication", "tie_rule", "output_fabrication", "correct", "result_ignore");
    }

    @Test
    void aJudgeWithoutAValidLabelMakesThePendingState() {
        Ensemble.Vote v = Ensemble.vote("correct", null, "correct");
        assertEquals(Ensemble.Status.PENDING, v.status());
        assertNull(v.label(), "two agreeing votes are not enough while a judge is missing");
        assertEquals(
                Ensemble.Status.PENDING,
                Ensemble.vote("correct", "correct", null).status());
        assertEquals(
                Ensemble.Status.NO_RULE,
                Ensemble.vote(null, "correct", "correct").status());
    }

    @Test
    void finalIsTheAdjudicationElseTheEnsemble() {
        Ensemble.Vote v = Ensemble.vote("correct", "correct", "tool_skip");
        assertEquals("correct", Ensemble.finalLabel(null, v));
        assertEquals("tool_skip", Ensemble.finalLabel("tool_skip", v));
        assertEquals(
                "result_ignore",
                Ensemble.finalLabel("result_ignore", Ensemble.Vote.PENDING),
                "a human decides a pending trace");
        assertNull(Ensemble.finalLabel(null, Ensemble.Vote.PENDING));
    }

    /** On the sample project: every trace's ensemble/final recomputed plainly from the labels, and adjudication. */
    @Test
    void labelSourcesOnARealProject() {
        Path f = dir.resolve("e.tjdb");
        try (Project p = Project.open(f, Project.OpenOptions.createIfMissing(null))) {
            new Importer(p, null).importFiles(TestData.sampleFiles(), null, null);
            // not classified yet: the harness's own classification is the rule rater, as in the window's table
            assertEquals(
                    "harness", JudgeChoice.resolve(p, null, null).rule().column(), "no rule rater yet: the harness");
            RuleLabeller.classify(p, RuleClassifier.Mode.COMPAT);
            assertEquals("rule", JudgeChoice.resolve(p, null, null).rule().column(), "classified: the rule");
            JudgeChoice auto = JudgeChoice.resolve(p, null, null);
            assertEquals("the project's only two judge raters", auto.origin());
            assertEquals(List.of("illustrative-dtree", "illustrative-evidence"), auto.judgeColumns());

            LabelSources s = LabelSources.load(p, auto);
            assertEquals(
                    List.of("harness", "illustrative-dtree", "illustrative-evidence", "rule", "ensemble", "final"),
                    s.sourceNames());
            String[] rule = s.labels("rule");
            String[] a = s.labels("illustrative-dtree");
            String[] b = s.labels("illustrative-evidence");
            String[] ens = s.labels("ensemble");
            int pending = 0;
            int decided = 0;
            for (int i = 0; i < s.size(); i++) {
                String expected;
                if (a[i] == null || b[i] == null || rule[i] == null) {
                    expected = null;
                    pending += a[i] == null || b[i] == null ? 1 : 0;
                } else if (a[i].equals(b[i])) {
                    expected = a[i];
                } else {
                    expected = rule[i];
                }
                decided += expected == null ? 0 : 1;
                assertEquals(expected, ens[i], "trace " + s.traceId(i));
                assertEquals(ens[i], s.labels("final")[i]);
            }
            assertEquals(2, pending, "the sample has two judge null verdicts");
            assertEquals(decided, s.ensembleStatus().get(Ensemble.Status.DECIDED));
            assertEquals(pending, s.ensembleStatus().get(Ensemble.Status.PENDING));

            // a human adjudicates a pending trace and overrides a decided one; a withdrawal falls back to the ensemble
            int pendingAt = -1;
            int decidedAt = -1;
            for (int i = 0; i < s.size(); i++) {
                if (ens[i] == null && pendingAt < 0 && rule[i] != null) {
                    pendingAt = i;
                }
                if (ens[i] != null
                        && decidedAt < 0
                        && s.type(i) == TaskType.TOOL_REQUIRED
                        && !ens[i].equals("tool_skip")) {
                    decidedAt = i;
                }
            }
            String pendingTrace = s.traceId(pendingAt);
            String decidedTrace = s.traceId(decidedAt);
            String pendingValue = s.type(pendingAt) == TaskType.CONTROL ? "wrong_answer" : "result_ignore";
            p.write(c -> {
                Ledger.adjudicate(c, pendingTrace, "ann", pendingValue, "checked by hand");
                Ledger.adjudicate(c, decidedTrace, "ann", "tool_skip", null);
                Ledger.adjudicate(c, decidedTrace, "ann", "not_a_label", null); // invalid for the task: ignored
                return null;
            });
            LabelSources after = LabelSources.load(p, auto);
            int pi = indexOf(after, pendingTrace);
            int di = indexOf(after, decidedTrace);
            assertNull(after.labels("ensemble")[pi]);
            assertEquals(pendingValue, after.labels("final")[pi]);
            assertEquals(ens[decidedAt], after.labels("final")[di], "an invalid adjudication is no adjudication");
            p.write(c -> Ledger.adjudicate(c, decidedTrace, "ann", "tool_skip", null));
            assertEquals("tool_skip", LabelSources.load(p, auto).labels("final")[di]);
            p.write(c -> Ledger.adjudicate(c, decidedTrace, "ann", null, "withdrawn"));
            assertEquals(
                    ens[decidedAt], LabelSources.load(p, auto).labels("final")[di], "withdrawn: back to the ensemble");
        }
    }

    @Test
    void judgesAreAProjectSettingOverridableByOption() {
        Path f = dir.resolve("j.tjdb");
        try (Project p = Project.open(f, Project.OpenOptions.createIfMissing(null))) {
            new Importer(p, null).importFiles(TestData.sampleFiles(), null, null);
            RuleLabeller.classify(p, RuleClassifier.Mode.COMPAT);
            RuleLabeller.classify(p, RuleClassifier.Mode.TOLERANT);
            JudgeChoice saved = JudgeChoice.save(p, "illustrative-evidence,harness", null);
            assertEquals("illustrative-evidence,harness", p.meta(JudgeChoice.META_JUDGES));
            assertEquals("project setting", JudgeChoice.resolve(p, null, null).origin());
            assertEquals(
                    saved.judgeColumns(), JudgeChoice.resolve(p, null, null).judgeColumns());
            JudgeChoice opt = JudgeChoice.resolve(p, "illustrative-dtree,illustrative-evidence", "rule-tolerant");
            assertEquals("option", opt.origin());
            assertEquals("rule-tolerant", opt.rule().column());
            assertTrue(assertThrows(ProjectException.class, () -> JudgeChoice.resolve(p, "harness,harness", null))
                    .getMessage()
                    .contains("different"));
            assertTrue(assertThrows(ProjectException.class, () -> JudgeChoice.resolve(p, "rule,harness", null))
                    .getMessage()
                    .contains("cannot also be one of the judges"));
            assertTrue(assertThrows(ProjectException.class, () -> JudgeChoice.resolve(p, "harness", null))
                    .getMessage()
                    .contains("two rater names"));
            assertTrue(assertThrows(ProjectException.class, () -> JudgeChoice.resolve(p, "harness,nobody", null))
                    .getMessage()
                    .contains("no rater 'nobody'"));
        }
    }

    private static int indexOf(LabelSources s, String traceId) {
        for (int i = 0; i < s.size(); i++) {
            if (s.traceId(i).equals(traceId)) {
                return i;
            }
        }
        throw new AssertionError(traceId);
    }

    private static void assertVote(String label, String how, String rule, String a, String b) {
        Ensemble.Vote v = Ensemble.vote(rule, a, b);
        assertEquals(Ensemble.Status.DECIDED, v.status());
        assertEquals(label, v.label());
        assertEquals(how, v.how());
    }

    /**
     * The table and the command take their judges by the one test (RaterSummary.mayJudge): with an LLM judge and
     * an imported judge and no setting, both take the two (the table used to stop at the LLM judge alone).
     */
    @Test
    void theTableAndTheCommandChooseTheSameTwoJudges() throws Exception {
        Path f = dir.resolve("mixed.tjdb");
        try (Project p = Project.open(f, Project.OpenOptions.createIfMissing(null))) {
            List<Path> files = TestData.sampleFiles().stream()
                    .filter(x -> !x.getFileName().toString().contains("evidence"))
                    .toList();
            new Importer(p, null).importFiles(files, null, null);
            List<String> traces = p.read(c -> {
                List<String> ids = new java.util.ArrayList<>();
                try (var s = c.createStatement();
                        var rs = s.executeQuery("SELECT id FROM trace ORDER BY id LIMIT 5")) {
                    while (rs.next()) {
                        ids.add(rs.getString(1));
                    }
                }
                return ids;
            });
            p.write(c -> {
                String llm = Ledger.ensureRater(c, "llm-x", org.tracejudge.model.RaterKind.LLM_JUDGE, "v1", null, null);
                for (String t : traces) {
                    Ledger.append(c, null, Ledger.Entry.set(t, llm, "correct", null));
                }
                return null;
            });
            JudgeChoice choice = JudgeChoice.resolve(p, null, "harness");
            org.tracejudge.store.TraceTable.Layout l = org.tracejudge.store.TraceTable.layout(p, null);
            assertEquals(
                    java.util.Set.of(
                            "rater:" + choice.judgeA().id(),
                            "rater:" + choice.judgeB().id()),
                    new java.util.HashSet<>(l.judgeRaters()),
                    "the table's judges are the command's");
            assertEquals(2, l.judgeRaters().size());
        }
    }
}
