package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.store.Project;

/**
 * Issue 49: a question with a safety-critical option goes through the safety review from the command line. Two
 * experts (ana, ben), a third person (cleo) and a judge (j1) answer the first traces of a sample project; {@code
 * scheme --pending-review} lists what waits for a second expert or an adjudicator, {@code --adjudicate} refuses an
 * expert or an item not in disagreement, {@code labels --question} shows each item's review, and calibration's gold
 * takes only settled items.
 */
class SafetyQuestionsCliTest {
    @TempDir
    Path dir;

    static final String SCHEME = """
            scheme: triage
            questions:
              - key: urgency
                prompt: How urgently does the user need a person?
                kind: single_choice
                options:
                  - {value: routine, label: routine}
                  - {value: soon, label: soon}
                  - {value: now, label: now, safety_critical: true}
              - key: tone
                prompt: Was the tone kind?
                kind: single_choice
                required: false
                options:
                  - {value: kind, label: kind}
                  - {value: cold, label: cold}
            """;

    final List<String> t = new ArrayList<>();

    /** Answers per trace position: rater → value (urgency). */
    static final List<Map<String, String>> URGENCY = List.of(
            Map.of("ana", "now"), // 0: one expert: pending a second
            Map.of("ana", "now", "ben", "soon"), // 1: experts disagree
            Map.of("ana", "now", "ben", "now", "j1", "routine"), // 2: settled by the two experts
            Map.of("j1", "now"), // 3: a machine alone: pending, never settled
            Map.of("ana", "routine", "ben", "routine", "j1", "routine"), // 4: nothing critical
            Map.of("ana", "now", "ben", "routine", "j1", "now"), // 5: experts disagree
            Map.of("ana", "now", "j1", "now")); // 6: an expert and a machine agreeing: still one expert

    Path project() throws Exception {
        Path p = dir.resolve("p.tjdb");
        SampleProject.build(p);
        Path file = dir.resolve("triage.yaml");
        Files.writeString(file, SCHEME, StandardCharsets.UTF_8);
        CliTest.Run r = CliTest.run("scheme", p.toString(), "--set", file.toString(), "--by", "lead");
        assertEquals(0, r.code(), r.err());
        try (Project pr = Project.open(p)) {
            for (int i = 0; i < URGENCY.size(); i++) {
                t.add(TestData.scalar(pr, "SELECT id FROM trace ORDER BY id LIMIT 1 OFFSET " + i));
            }
        }
        List<String> lines = new ArrayList<>();
        lines.add("{\"kind\":\"header\",\"format\":\"tracejudge\",\"version\":1}");
        for (String[] rater : new String[][] {{"ana", "human"}, {"ben", "human"}, {"j1", "llm-judge"}}) {
            lines.add("{\"kind\":\"rater\",\"id\":\"r-" + rater[0] + "\",\"name\":\"" + rater[0]
                    + "\",\"rater_kind\":\"" + rater[1] + "\"}");
        }
        int id = 0;
        for (int i = 0; i < URGENCY.size(); i++) {
            for (Map.Entry<String, String> a : URGENCY.get(i).entrySet()) {
                lines.add("{\"kind\":\"answer\",\"id\":\"a" + ++id + "\",\"trace_id\":\"" + t.get(i)
                        + "\",\"rater_id\":\"r-" + a.getKey() + "\",\"question\":\"urgency\",\"scheme_version\":1,"
                        + "\"action\":\"set\",\"answer\":\"" + a.getValue() + "\",\"created_by\":\"" + a.getKey()
                        + "\",\"created_at\":\"2026-12-01T10:00:00.000000Z\"}");
            }
        }
        lines.add("");
        Path answers = dir.resolve("answers.jsonl");
        Files.writeString(answers, String.join("\n", lines), StandardCharsets.UTF_8);
        r = CliTest.run("import", p.toString(), answers.toString());
        assertEquals(0, r.code(), r.err());
        return p;
    }

    /** The --pending-review rows: trace → status. */
    static Map<String, String> pending(Path p) {
        CliTest.Run r = CliTest.run("scheme", p.toString(), "--pending-review");
        assertEquals(0, r.code(), r.err());
        Map<String, String> out = new LinkedHashMap<>();
        for (String line : r.out().split("\n")) {
            if (line.startsWith("#") || line.startsWith("trace_id") || line.isBlank()) {
                continue;
            }
            String[] f = line.split("\t");
            assertEquals("urgency", f[1], line);
            out.put(f[0], f[2]);
        }
        return out;
    }

    @Test
    void pendingReviewListsWhatWaitsForASecondExpertOrAnAdjudicator() throws Exception {
        Path p = project();
        Map<String, String> pending = pending(p);
        Map<String, String> want = new LinkedHashMap<>();
        want.put(t.get(0), "pending_second_expert");
        want.put(t.get(1), "needs_adjudication");
        want.put(t.get(3), "pending_second_expert");
        want.put(t.get(5), "needs_adjudication");
        want.put(t.get(6), "pending_second_expert");
        assertEquals(new java.util.TreeMap<>(want), new java.util.TreeMap<>(pending));
        CliTest.Run r = CliTest.run("scheme", p.toString(), "--pending-review");
        assertTrue(r.out().contains("j1 (llm-judge)"), r.out());
        assertTrue(r.out().contains("# 5 items wait"), r.out());
    }

    @Test
    void anAdjudicationIsRefusedFromAnExpertOrOnAnItemNotInDisagreement() throws Exception {
        Path p = project();
        CliTest.Run expert = CliTest.run(
                "scheme",
                p.toString(),
                "--adjudicate",
                t.get(1),
                "--question",
                "urgency",
                "--answer",
                "now",
                "--by",
                "ana");
        assertEquals(TracejudgeCli.ExitCodes.FAILED, expert.code(), expert.out());
        assertTrue(
                expert.err().contains("ana answered this item as an expert; the adjudicator must be someone else"),
                expert.err());
        CliTest.Run settled = CliTest.run(
                "scheme",
                p.toString(),
                "--adjudicate",
                t.get(2),
                "--question",
                "urgency",
                "--answer",
                "soon",
                "--by",
                "cleo");
        assertEquals(TracejudgeCli.ExitCodes.FAILED, settled.code());
        assertTrue(settled.err().contains("not in disagreement (settled)"), settled.err());
        CliTest.Run one = CliTest.run(
                "scheme",
                p.toString(),
                "--adjudicate",
                t.get(0),
                "--question",
                "urgency",
                "--answer",
                "now",
                "--by",
                "cleo");
        assertEquals(TracejudgeCli.ExitCodes.FAILED, one.code());
        assertTrue(one.err().contains("not in disagreement (needs a second expert)"), one.err());
        CliTest.Run badOption = CliTest.run(
                "scheme",
                p.toString(),
                "--adjudicate",
                t.get(1),
                "--question",
                "urgency",
                "--answer",
                "later",
                "--by",
                "cleo");
        assertTrue(badOption.code() != 0);
        assertTrue(badOption.err().contains("later"), badOption.err());
        CliTest.Run noQuestion = CliTest.run(
                "scheme",
                p.toString(),
                "--adjudicate",
                t.get(1),
                "--question",
                "risk",
                "--answer",
                "now",
                "--by",
                "cleo");
        assertEquals(TracejudgeCli.ExitCodes.USAGE, noQuestion.code());
        assertTrue(noQuestion.err().contains("its questions are urgency, tone"), noQuestion.err());
        CliTest.Run noTrace = CliTest.run(
                "scheme",
                p.toString(),
                "--adjudicate",
                "nope",
                "--question",
                "urgency",
                "--answer",
                "now",
                "--by",
                "cleo");
        assertEquals(TracejudgeCli.ExitCodes.USAGE, noTrace.code());
        assertTrue(noTrace.err().contains("no trace 'nope'"), noTrace.err());
        // nothing of those was recorded
        assertEquals(5, pending(p).size());

        CliTest.Run ok = CliTest.run(
                "scheme",
                p.toString(),
                "--adjudicate",
                t.get(1),
                "--question",
                "urgency",
                "--answer",
                "soon",
                "--by",
                "cleo");
        assertEquals(0, ok.code(), ok.err());
        assertTrue(ok.out().contains("adjudicated " + t.get(1) + " / urgency = soon by cleo"), ok.out());
        Map<String, String> after = pending(p);
        assertFalse(after.containsKey(t.get(1)), after.toString());
        assertEquals(4, after.size());
        // settled now: a second adjudication is refused
        CliTest.Run again = CliTest.run(
                "scheme",
                p.toString(),
                "--adjudicate",
                t.get(1),
                "--question",
                "urgency",
                "--answer",
                "now",
                "--by",
                "dora");
        assertEquals(TracejudgeCli.ExitCodes.FAILED, again.code());
    }

    @Test
    void labelsShowEachItemsReviewAndTheAnswerThatStands() throws Exception {
        Path p = project();
        assertEquals(
                0,
                CliTest.run(
                                "scheme",
                                p.toString(),
                                "--adjudicate",
                                t.get(5),
                                "--question",
                                "urgency",
                                "--answer",
                                "soon",
                                "--by",
                                "cleo")
                        .code());
        CliTest.Run r = CliTest.run("labels", p.toString(), "--question", "urgency", "--format", "csv");
        assertEquals(0, r.code(), r.err());
        String[] lines = r.out().split("\r?\n");
        List<String> header = Arrays.asList(lines[0].split(","));
        int review = header.indexOf("urgency:safety_review");
        int settled = header.indexOf("urgency:safety_settled");
        assertTrue(review > 0 && settled == review + 1, header.toString());
        Map<String, String[]> byTrace = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            String[] f = lines[i].split(",", -1);
            byTrace.put(f[0], f);
        }
        assertEquals("pending_second_expert", byTrace.get(t.get(0))[review]);
        assertEquals("", byTrace.get(t.get(0))[settled]);
        assertEquals("needs_adjudication", byTrace.get(t.get(1))[review]);
        assertEquals("settled", byTrace.get(t.get(2))[review]);
        assertEquals("now", byTrace.get(t.get(2))[settled]);
        assertEquals("pending_second_expert", byTrace.get(t.get(3))[review]);
        assertEquals("", byTrace.get(t.get(3))[settled], "a machine alone settles nothing");
        assertEquals("not_critical", byTrace.get(t.get(4))[review]);
        assertEquals("settled", byTrace.get(t.get(5))[review]);
        assertEquals("soon", byTrace.get(t.get(5))[settled], "the adjudicator's answer stands");
        // the question without a safety-critical option has no such columns
        CliTest.Run tone = CliTest.run("labels", p.toString(), "--question", "tone", "--format", "csv");
        assertFalse(tone.out().contains("safety_review"), tone.out());
        // JSON: the status and the settled answer as a value
        CliTest.Run json = CliTest.run("labels", p.toString(), "--question", "urgency", "--format", "json");
        assertTrue(json.out().contains("\"urgency:safety_settled\" : \"soon\""), json.out());
        assertTrue(json.out().contains("\"urgency:safety_review\" : \"pending_second_expert\""), json.out());
    }

    @Test
    void calibrationGoldTakesOnlySettledItems() throws Exception {
        Path p = project();
        assertEquals(
                0,
                CliTest.run(
                                "scheme",
                                p.toString(),
                                "--adjudicate",
                                t.get(1),
                                "--question",
                                "urgency",
                                "--answer",
                                "now",
                                "--by",
                                "cleo")
                        .code());
        CliTest.Run r = CliTest.run("calibration", p.toString(), "--question", "urgency", "--positive", "now");
        assertEquals(0, r.code(), r.err());
        // gold: 1 (adjudicated now), 2 (two experts: now), 4 (nothing critical, everyone routine); not 0, 3, 5, 6
        assertTrue(r.out().contains("Gold: 3 traces the safety review settled"), r.out());
        assertTrue(r.out().contains("(4 where people disagree or the safety review waits"), r.out());
    }
}
