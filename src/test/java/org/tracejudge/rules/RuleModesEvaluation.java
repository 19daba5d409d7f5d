package org.tracejudge.rules;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Measures both modes against the intended labels of generated traces (every one of the 1,000 tasks, several
 * models, paraphrases included). Run as a main for the full report; the JUnit test asserts tolerant is clearly
 * better and never worse on the unambiguous (literal) answers.
 */
public class RuleModesEvaluation {
    static final List<String> MODELS = List.of("model-a", "model-b", "model-c", "model-d", "model-e");
    /** Variants whose intended label the published rule is meant to get right (no paraphrase, no think tricks). */
    static final Set<String> LITERAL = Set.of(
            "literal",
            "no_call_prior",
            "no_call_hedge",
            "wrong_tool",
            "call_in_text",
            "tool_then_answer",
            "multi_tool",
            "misses_concepts",
            "anchored_prior");

    record ModeResult(
            String mode,
            int n,
            int correct,
            Map<String, Map<String, Integer>> confusion,
            Map<String, int[]> byVariant,
            int literalN,
            int literalCorrect) {
        double accuracy() {
            return (double) correct / n;
        }
    }

    record Report(
            ModeResult compat,
            ModeResult tolerant,
            int tolerantWorseOnLiteral,
            List<String> worseExamples,
            int tasksCovered) {}

    static Report evaluate(List<GeneratedTraces.Item> items) {
        RuleClassifier c = new RuleClassifier(RuleClassifier.Mode.COMPAT);
        RuleClassifier t = new RuleClassifier(RuleClassifier.Mode.TOLERANT);
        ModeResult[] rs = new ModeResult[2];
        List<String[]> labels = new ArrayList<>();
        for (GeneratedTraces.Item it : items) {
            labels.add(new String[] {
                c.classify(it.task(), it.trace()).label(),
                t.classify(it.task(), it.trace()).label()
            });
        }
        for (int m = 0; m < 2; m++) {
            Map<String, Map<String, Integer>> conf = new TreeMap<>();
            Map<String, int[]> byVariant = new TreeMap<>();
            int ok = 0;
            int litN = 0;
            int litOk = 0;
            for (int i = 0; i < items.size(); i++) {
                GeneratedTraces.Item it = items.get(i);
                String got = labels.get(i)[m];
                boolean hit = got.equals(it.intended());
                String type = it.task().toolRequired() ? "req" : "ctrl";
                conf.computeIfAbsent(type + ":" + it.intended(), k -> new TreeMap<>())
                        .merge(got, 1, Integer::sum);
                int[] v = byVariant.computeIfAbsent(type + ":" + it.intended() + "/" + it.variant(), k -> new int[2]);
                v[0]++;
                if (hit) {
                    ok++;
                    v[1]++;
                }
                if (LITERAL.contains(it.variant())) {
                    litN++;
                    if (hit) {
                        litOk++;
                    }
                }
            }
            rs[m] = new ModeResult(m == 0 ? "compat" : "tolerant", items.size(), ok, conf, byVariant, litN, litOk);
        }
        int worse = 0;
        List<String> examples = new ArrayList<>();
        Set<String> taskIds = new HashSet<>();
        for (int i = 0; i < items.size(); i++) {
            GeneratedTraces.Item it = items.get(i);
            taskIds.add(it.task().key());
            if (LITERAL.contains(it.variant())
                    && labels.get(i)[0].equals(it.intended())
                    && !labels.get(i)[1].equals(it.intended())) {
                worse++;
                if (examples.size() < 10) {
                    examples.add(it.task().key() + " " + it.intended() + "/" + it.variant() + " -> " + labels.get(i)[1]
                            + " :: " + it.trace().answer().replace('\n', ' '));
                }
            }
        }
        return new Report(rs[0], rs[1], worse, examples, taskIds.size());
    }

    static String render(Report r) {
        StringBuilder sb = new StringBuilder();
        sb.append("tasks covered: ").append(r.tasksCovered()).append('\n');
        for (ModeResult m : List.of(r.compat(), r.tolerant())) {
            sb.append(String.format(
                    Locale.ROOT,
                    "%n== %s: accuracy %.2f%% (%d/%d); literal-variant accuracy %.2f%% (%d/%d)%n",
                    m.mode(),
                    100 * m.accuracy(),
                    m.correct(),
                    m.n(),
                    100.0 * m.literalCorrect() / m.literalN(),
                    m.literalCorrect(),
                    m.literalN()));
            sb.append("confusion (intended -> classified):\n");
            m.confusion()
                    .forEach((k, v) ->
                            sb.append("  ").append(k).append(" -> ").append(v).append('\n'));
            sb.append("by variant (correct/n):\n");
            m.byVariant()
                    .forEach((k, v) -> sb.append(String.format(
                            Locale.ROOT, "  %-50s %5d/%-5d %.1f%%%n", k, v[1], v[0], 100.0 * v[1] / v[0])));
        }
        sb.append("\ntolerant wrong where compat right, literal variants: ")
                .append(r.tolerantWorseOnLiteral())
                .append('\n');
        r.worseExamples().forEach(e -> sb.append("  ").append(e).append('\n'));
        return sb.toString();
    }

    @Test
    void tolerantIsClearlyBetterAndNeverWorseOnLiteralAnswers() throws IOException {
        Assumptions.assumeTrue(CorpusTasks.available(), "shared corpus absent");
        List<GeneratedTraces.Item> items = GeneratedTraces.generate(MODELS, 1000);
        Report r = evaluate(items);
        System.out.println(render(r));
        assertTrue(r.tasksCovered() == 1000, "tasks covered: " + r.tasksCovered());
        assertTrue(r.tolerant().accuracy() >= r.compat().accuracy() + 0.05, render(r));
        assertTrue(r.tolerantWorseOnLiteral() == 0, render(r));
        assertTrue(r.tolerant().literalCorrect() >= r.compat().literalCorrect(), render(r));
    }

    public static void main(String[] args) throws IOException {
        System.out.println(render(evaluate(GeneratedTraces.generate(MODELS, 1000))));
    }
}
