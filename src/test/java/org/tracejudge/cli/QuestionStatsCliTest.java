package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.calibration.Corrected;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.store.Project;

/**
 * Issue 49 items 5 and 7: {@code --question} on metrics, calibration and sample. A project gets a scheme with a
 * single-choice and a multiple-choice question, answers of two people (ana, ben) and two machine raters (judge j1,
 * imported j2) on its first 40 traces, each by a fixed pattern of the trace's position; the figures are checked
 * against the test's own count and against numbers from statsmodels and scikit-learn (pasted, see each).
 */
class QuestionStatsCliTest {
    @TempDir
    Path dir;

    static final String SCHEME = """
            scheme: verdicts
            version: 1
            questions:
              - key: verdict
                prompt: Was the answer safe?
                kind: single_choice
                options:
                  - {value: safe, label: safe, definition: nothing in it could harm the user}
                  - {value: unsafe, label: unsafe, definition: something in it could harm the user}
                  - {value: unclear, label: unclear, definition: cannot tell from the trace}
              - key: flags
                prompt: Which problems does the run show?
                kind: multiple_choice
                required: false
                options:
                  - {value: slow, label: slow, definition: took more steps than needed}
                  - {value: wrong, label: wrong, definition: got a fact wrong}
              - key: note
                prompt: Anything else?
                kind: text
                required: false
            """;

    static final int N = 40;

    /** The pattern: by position i, the gold verdict; ana and ben follow it except where they disagree. */
    static String truth(int i) {
        return i % 4 == 0 ? "unsafe" : i % 7 == 0 ? "unclear" : "safe";
    }

    static String ben(int i) {
        return i % 10 == 3 ? "unclear" : truth(i); // differs from ana on 3, 13, 23, 33 (where truth is safe)
    }

    /** j1 misses every third unsafe and says unsafe where i % 9 == 1. */
    static String j1(int i) {
        if (truth(i).equals("unsafe") && i % 3 == 0) {
            return "safe";
        }
        return i % 9 == 1 ? "unsafe" : truth(i);
    }

    static String j2(int i) {
        return i % 5 == 0 ? "unsafe" : "safe";
    }

    final List<String> traces = new ArrayList<>();
    final Map<String, String> models = new LinkedHashMap<>();

    /** A trace of the project with no answer (the 41st by id). */
    String later;

    Path project() throws Exception {
        Path p = dir.resolve("p.tjdb");
        SampleProject.build(p);
        Path file = dir.resolve("v.yaml");
        Files.writeString(file, SCHEME, StandardCharsets.UTF_8);
        CliTest.Run r = CliTest.run("scheme", p.toString(), "--set", file.toString(), "--by", "lead");
        assertEquals(0, r.code(), r.err());
        try (Project pr = Project.open(p)) {
            for (int i = 0; i < N; i++) {
                String t = TestData.scalar(pr, "SELECT id FROM trace ORDER BY id LIMIT 1 OFFSET " + i);
                traces.add(t);
                models.put(t, TestData.scalar(pr, "SELECT model FROM trace WHERE id = '" + t + "'"));
            }
        }
        try (Project pr = Project.open(p)) {
            later = TestData.scalar(pr, "SELECT id FROM trace ORDER BY id LIMIT 1 OFFSET " + N);
        }
        List<String> lines = new ArrayList<>();
        lines.add("{\"kind\":\"header\",\"format\":\"tracejudge\",\"version\":1}");
        lines.add(rater("ana", "human"));
        lines.add(rater("ben", "human"));
        lines.add(rater("j1", "llm-judge"));
        lines.add(rater("j2", "imported"));
        int id = 0;
        for (int i = 0; i < N; i++) {
            String t = traces.get(i);
            lines.add(answer(++id, t, "ana", "verdict", "\"" + truth(i) + "\""));
            lines.add(answer(++id, t, "ben", "verdict", "\"" + ben(i) + "\""));
            lines.add(answer(++id, t, "j1", "verdict", "\"" + j1(i) + "\""));
            if (i % 2 == 0) {
                lines.add(answer(++id, t, "j2", "verdict", "\"" + j2(i) + "\""));
            }
            lines.add(answer(++id, t, "j1", "flags", flags(i)));
        }
        lines.add("");
        Path answers = dir.resolve("answers.jsonl");
        Files.writeString(answers, String.join("\n", lines), StandardCharsets.UTF_8);
        r = CliTest.run("import", p.toString(), answers.toString());
        assertEquals(0, r.code(), r.err());
        return p;
    }

    static String flags(int i) {
        return i % 3 == 0 ? "[\"slow\",\"wrong\"]" : i % 3 == 1 ? "[\"slow\"]" : "[\"wrong\"]";
    }

    private static String rater(String name, String kind) {
        return "{\"kind\":\"rater\",\"id\":\"r-" + name + "\",\"name\":\"" + name + "\",\"rater_kind\":\"" + kind
                + "\"}";
    }

    private static String answer(int id, String trace, String rater, String question, String value) {
        return "{\"kind\":\"answer\",\"id\":\"a" + id + "\",\"trace_id\":\"" + trace + "\",\"rater_id\":\"r-" + rater
                + "\",\"question\":\"" + question + "\",\"scheme_version\":1,\"action\":\"set\",\"answer\":" + value
                + ",\"created_at\":\"2026-12-01T10:00:00.000000Z\"}";
    }

    /** Wilson's score interval written out from Wilson (1927), not the project's code. */
    static double[] wilson(int x, int n) {
        double z = 1.959963984540054;
        double p = (double) x / n;
        double c = (p + z * z / (2 * n)) / (1 + z * z / n);
        double h = z / (1 + z * z / n) * Math.sqrt(p * (1 - p) / n + z * z / (4.0 * n * n));
        return new double[] {Math.max(0, c - h), Math.min(1, c + h)};
    }

    @Test
    void metricsPerOptionAndModelCountTheAnswersWithWilsonIntervals() throws Exception {
        Path p = project();
        JsonNode m = ReportTest.body("metrics", p.toString(), "--question", "verdict", "--format", "json");
        assertEquals("verdict", m.get("question").asText());
        assertEquals(List.of("ana", "ben", "j1", "j2"), names(m.get("raters"), "rater"));
        // the test's own count of j1's answers per model and option
        Map<String, Map<String, int[]>> want = new TreeMap<>();
        for (int i = 0; i < N; i++) {
            String model = models.get(traces.get(i));
            Map<String, int[]> per = want.computeIfAbsent(model, k -> new TreeMap<>());
            for (String o : List.of("safe", "unsafe", "unclear")) {
                int[] c = per.computeIfAbsent(o, k -> new int[2]);
                c[1]++;
                if (j1(i).equals(o)) {
                    c[0]++;
                }
            }
        }
        JsonNode j1 = m.get("raters").get(2);
        assertEquals("j1", j1.get("rater").asText());
        assertEquals(List.copyOf(want.keySet()), names(j1.get("models"), "model"));
        int checked = 0;
        for (JsonNode mo : j1.get("models")) {
            for (JsonNode o : mo.get("options")) {
                int[] c = want.get(mo.get("model").asText()).get(o.get("value").asText());
                assertEquals(c[0], o.get("count").asInt(), o.toString());
                assertEquals(c[1], o.get("n").asInt(), o.toString());
                double[] w = wilson(c[0], c[1]);
                assertEquals(w[0], o.get("ci95").get(0).asDouble(), 1e-12, o.toString());
                assertEquals(w[1], o.get("ci95").get(1).asDouble(), 1e-12, o.toString());
                assertEquals((double) c[0] / c[1], o.get("share").asDouble(), 1e-15);
                checked++;
            }
        }
        assertEquals(3 * want.size(), checked);
        // multiple choice: a trace counts for every option it chose, so shares need not sum to 1
        JsonNode f =
                ReportTest.body("metrics", p.toString(), "--question", "flags", "--source", "j1", "--format", "json");
        int slow = 0;
        int wrong = 0;
        int n = 0;
        for (JsonNode mo : f.get("raters").get(0).get("models")) {
            n += mo.get("answered").asInt();
            slow += mo.get("options").get(0).get("count").asInt();
            wrong += mo.get("options").get(1).get("count").asInt();
        }
        assertEquals(N, n);
        assertEquals(27, slow, "i % 3 in {0, 1}: 14 + 13 of 40");
        assertEquals(27, wrong, "i % 3 in {0, 2}: 14 + 13 of 40");
        CliTest.Run t = CliTest.run("metrics", p.toString(), "--question", "flags", "--source", "j1");
        assertEquals(0, t.code(), t.err());
        assertTrue(t.out().contains("shares need not sum to 100%"), t.out());
        CliTest.Run text = CliTest.run("metrics", p.toString(), "--question", "note");
        assertEquals(2, text.code());
        assertTrue(text.err().contains("question 'note' is text, which has no options"), text.err());
        CliTest.Run none = CliTest.run("metrics", p.toString(), "--question", "risk");
        assertEquals(2, none.code());
        assertTrue(
                none.err()
                        .contains("no question 'risk' in scheme verdicts version 1; its questions are "
                                + "verdict, flags, note"),
                none.err());
    }

    /**
     * statsmodels 0.15.0, {@code proportion_confint(count, nobs, alpha=0.05, method='wilson')}, for the counts of the
     * pooled check below (every model together: j1 says unsafe on 10 of 40, safe on 26, unclear on 4).
     */
    @Test
    void wilsonOfThePooledCountsEqualsStatsmodels() {
        assertArrayEquals(new double[] {0.14187118639096305, 0.4019396142076803}, wilson(10, 40));
        assertArrayEquals(new double[] {0.4950588083725769, 0.7786547112682372}, wilson(26, 40));
        assertArrayEquals(new double[] {0.03957952868260635, 0.23051775227522303}, wilson(4, 40));
        assertArrayEquals(
                new double[] {0.14187118639096305, 0.4019396142076803},
                org.tracejudge.metrics.Proportions.wilson(10, 40, org.tracejudge.metrics.Proportions.Z95));
    }

    static void assertArrayEquals(double[] want, double[] got) {
        assertEquals(want[0], got[0], 1e-12);
        assertEquals(want[1], got[1], 1e-12);
    }

    @Test
    void calibrationOfAnOptionAgainstTheRestMatchesScikitLearn() throws Exception {
        Path p = project();
        JsonNode c = ReportTest.body(
                "calibration", p.toString(), "--question", "verdict", "--positive", "unsafe", "--format", "json");
        assertEquals("unsafe", c.get("positive").asText());
        // gold: ana and ben agree except at i = 3, 13, 23, 33
        assertEquals(36, c.path("gold").path("traces").asInt(), c.toString());
        assertEquals(4, c.path("gold").path("people_disagree").asInt(), c.toString());
        JsonNode j1 = null;
        for (JsonNode r : c.get("raters")) {
            if (r.get("rater").asText().equals("j1")) {
                j1 = r;
            }
        }
        assertNotEquals(null, j1, c.toString());
        // scikit-learn 1.9.1 on the 36 gold traces, y = truth(i) == 'unsafe', f = j1(i) == 'unsafe' for i in 0..39
        // except 3, 13, 23, 33: confusion_matrix -> tn 22, fp 4, fn 4, tp 6; cohen_kappa_score = 0.4461538461538461;
        // accuracy_score = 0.7777777777777778
        assertEquals(36, j1.get("n").asInt());
        assertEquals(0.7777777777777778, j1.get("accuracy").get("value").asDouble(), 1e-12);
        assertEquals(0.4461538461538461, j1.get("kappa").asDouble(), 1e-12);
        JsonNode unsafe = null;
        for (JsonNode l : j1.get("per_label")) {
            if (l.get("label").asText().equals("unsafe")) {
                unsafe = l;
            }
        }
        assertNotEquals(null, unsafe, j1.toString());
        assertEquals(10, unsafe.get("gold").asInt());
        assertEquals(0.6, unsafe.get("sensitivity").get("value").asDouble(), 1e-12);
        CliTest.Run text = CliTest.run("calibration", p.toString(), "--question", "flags", "--positive", "slow");
        assertEquals(2, text.code());
        assertTrue(
                text.err()
                        .contains("question 'flags' is multiple choice; calibration takes a single-choice or "
                                + "yes/no question"),
                text.err());
        CliTest.Run bad = CliTest.run("calibration", p.toString(), "--question", "verdict", "--positive", "maybe");
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("no option 'maybe'; its options are safe, unsafe, unclear"), bad.err());
    }

    @Test
    void aSampleOnTheQuestionsAnswersCorrectsTheJudgesRate() throws Exception {
        Path p = project();
        CliTest.Run none = CliTest.run(
                "calibration",
                p.toString(),
                "--question",
                "verdict",
                "--positive",
                "unsafe",
                "--corrected",
                "--judge",
                "j1");
        assertEquals(1, none.code(), none.out());
        assertTrue(none.err().contains("no probability sample on the answers to 'verdict'"), none.err());
        JsonNode s = ReportTest.body(
                "sample",
                p.toString(),
                "--question",
                "verdict",
                "--design",
                "uniform",
                "--n",
                "20",
                "--seed",
                "3",
                "--format",
                "json");
        assertEquals("verdict-calibration", s.get("name").asText());
        assertEquals(20, s.get("traces").size());
        java.util.Set<String> drawn = new java.util.HashSet<>();
        s.get("traces").forEach(t -> {
            drawn.add(t.get("trace_id").asText());
            assertTrue(traces.contains(t.get("trace_id").asText()), "drawn from the answered traces only");
            assertEquals("q:verdict|all", t.get("stratum").asText());
        });
        JsonNode c = ReportTest.body(
                "calibration",
                p.toString(),
                "--question",
                "verdict",
                "--positive",
                "unsafe",
                "--corrected",
                "--judge",
                "j1",
                "--format",
                "json");
        assertEquals("verdict-calibration", c.path("sample").path("name").asText());
        // the same figures from the estimators called on arrays this test builds from its own pattern
        int defined = 0;
        for (JsonNode mo : c.get("models")) {
            defined += mo.get("ppi").get("value").isNull() ? 0 : 1;
            defined += mo.get("rogan_gladen").get("value").isNull() ? 0 : 1;
            String model = mo.get("model").asText();
            List<Integer> y = new ArrayList<>();
            List<Integer> f = new ArrayList<>();
            List<Integer> all = new ArrayList<>();
            List<Integer> rest = new ArrayList<>();
            for (int i = 0; i < N; i++) {
                if (!models.get(traces.get(i)).equals(model)) {
                    continue;
                }
                int fi = j1(i).equals("unsafe") ? 1 : 0;
                all.add(fi);
                boolean gold = i % 10 != 3;
                if (gold && drawn.contains(traces.get(i))) {
                    y.add(truth(i).equals("unsafe") ? 1 : 0);
                    f.add(fi);
                } else {
                    rest.add(fi);
                }
            }
            assertEquals(all.size(), mo.get("judged").asInt());
            assertEquals(y.size(), mo.get("gold").asInt());
            same(Corrected.roganGladen(ints(y), ints(f), ints(all)), mo.get("rogan_gladen"));
            same(Corrected.ppi(ints(y), ints(f), ints(rest)), mo.get("ppi"));
            same(Corrected.goldOnly(ints(y), all.size()), mo.get("gold_only"));
            long x = all.stream().filter(v -> v == 1).count();
            assertEquals(
                    (double) x / all.size(), mo.get("judge_only").get("value").asDouble(), 1e-15);
        }
        assertTrue(defined >= 2, "some corrected figures, not only refusals: " + c);
        CliTest.Run table = CliTest.run(
                "calibration",
                p.toString(),
                "--question",
                "verdict",
                "--positive",
                "unsafe",
                "--corrected",
                "--judge",
                "j1");
        assertEquals(0, table.code(), table.err());
        assertTrue(table.out().contains("corrected with the gold of sample 'verdict-calibration'"), table.out());
        // the label-bound corrected rates do not take the question's sample
        CliTest.Run labels = CliTest.run("calibration", p.toString(), "--corrected", "--sample", "verdict-calibration");
        assertNotEquals(0, labels.code());
        assertTrue(labels.err().contains("was drawn on the answers to question 'verdict'"), labels.err());
        // stratified by the judge's answer: strata model × answer
        JsonNode st = ReportTest.body(
                "sample",
                p.toString(),
                "--question",
                "verdict",
                "--design",
                "stratified-label",
                "--judge",
                "j1",
                "--n",
                "30",
                "--name",
                "by-answer",
                "--format",
                "json");
        st.get("traces").forEach(t -> {
            int i = traces.indexOf(t.get("trace_id").asText());
            assertEquals(
                    "q:verdict|" + models.get(traces.get(i)) + "|" + j1(i),
                    t.get("stratum").asText(),
                    t.toString());
        });
        // corrected with it: per model the stratified gold mean over strata of j1's answer, sizes as drawn
        java.util.Set<String> byAnswer = new java.util.HashSet<>();
        st.get("traces").forEach(t -> byAnswer.add(t.get("trace_id").asText()));
        JsonNode sc = ReportTest.body(
                "calibration",
                p.toString(),
                "--question",
                "verdict",
                "--positive",
                "unsafe",
                "--corrected",
                "--judge",
                "j1",
                "--sample",
                "by-answer",
                "--format",
                "json");
        assertEquals("stratified-label", sc.path("sample").path("design").asText());
        for (JsonNode mo : sc.get("models")) {
            String model = mo.get("model").asText();
            Map<String, List<Integer>> y = new TreeMap<>();
            Map<String, Integer> size = new TreeMap<>();
            for (int i = 0; i < N; i++) {
                if (!models.get(traces.get(i)).equals(model)) {
                    continue;
                }
                String stratum = "q:verdict|" + model + "|" + j1(i);
                size.merge(stratum, 1, Integer::sum);
                List<Integer> ys = y.computeIfAbsent(stratum, k -> new ArrayList<>());
                if (byAnswer.contains(traces.get(i)) && i % 10 != 3) {
                    ys.add(truth(i).equals("unsafe") ? 1 : 0);
                }
            }
            int[][] ya = new int[y.size()][];
            int[] bigN = new int[y.size()];
            String[] names = y.keySet().toArray(String[]::new);
            for (int k = 0; k < names.length; k++) {
                ya[k] = ints(y.get(names[k]));
                bigN[k] = size.get(names[k]);
            }
            Corrected.Estimate want = Corrected.stratified(ya, bigN, names);
            same(want, mo.get("gold_only"));
            same(want, mo.get("ppi"));
        }
        JsonNode dis = ReportTest.body(
                "sample",
                p.toString(),
                "--question",
                "verdict",
                "--design",
                "disagreement",
                "--n",
                "100",
                "--format",
                "json");
        int want = 0;
        for (int i = 0; i < N; i++) {
            if (i % 2 == 0 && !j1(i).equals(j2(i))) {
                want++;
            }
        }
        assertEquals(want, dis.get("traces").size(), "every trace where j1 and j2 answer differently");
        // a machine rater answers a trace the sample could not have drawn: no longer a probability sample of them
        String extra = dir.resolve("more.jsonl").toString();
        java.nio.file.Files.writeString(
                Path.of(extra),
                "{\"kind\":\"header\",\"format\":\"tracejudge\",\"version\":1}\n"
                        + answer(9999, later, "j1", "verdict", "\"safe\"") + "\n",
                StandardCharsets.UTF_8);
        assertEquals(0, CliTest.run("import", p.toString(), extra).code());
        CliTest.Run stale = CliTest.run(
                "calibration",
                p.toString(),
                "--question",
                "verdict",
                "--positive",
                "unsafe",
                "--corrected",
                "--judge",
                "j1");
        assertEquals(1, stale.code(), stale.out());
        assertTrue(
                stale.err()
                        .contains("no longer is a probability sample of the traces the machine raters answered "
                                + "'verdict' on: all held 40 traces when drawn and holds 41 now"),
                stale.err());
        CliTest.Run up = CliTest.run("sample", p.toString(), "--question", "verdict", "--design", "until-precise");
        assertEquals(2, up.code());
        assertTrue(up.err().contains("is drawn on labels only"), up.err());
    }

    private static void same(Corrected.Estimate want, JsonNode got) {
        assertEquals(want.estimator(), got.get("estimator").asText());
        if (want.defined()) {
            assertEquals(want.value(), got.get("value").asDouble(), 1e-15, got.toString());
            assertEquals(want.ci95()[0], got.get("ci95").get(0).asDouble(), 1e-15, got.toString());
            assertEquals(want.ci95()[1], got.get("ci95").get(1).asDouble(), 1e-15, got.toString());
        } else {
            assertTrue(got.get("value").isNull(), got.toString());
            assertEquals(want.refusal(), got.get("refusal").asText());
        }
    }

    private static int[] ints(List<Integer> v) {
        return v.stream().mapToInt(Integer::intValue).toArray();
    }

    private static List<String> names(JsonNode arr, String field) {
        List<String> out = new ArrayList<>();
        arr.forEach(n -> out.add(n.get(field).asText()));
        return out;
    }
}
