package org.tracejudge.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.tracejudge.model.Task;
import org.tracejudge.model.Trace;

/**
 * An independent, deliberately plain re-derivation of the published rule, written straight from the spec over
 * the raw task JSON (no classifier helpers), compared label-for-label with {@code RuleClassifier(COMPAT)} on
 * thousands of traces built from the real tasks.
 */
class CompatRederivationTest {

    // ----- the reference rule: straight-line code over raw JSON -----

    static String ref(JsonNode task, List<String> calls, String answer, List<String> indicators) {
        String a = answer.toLowerCase(Locale.ROOT);
        JsonNode gt = task.get("ground_truth");
        boolean mcOk;
        List<Boolean> hits = new ArrayList<>();
        for (JsonNode m : gt.get("answer_must_contain")) {
            hits.add(a.contains(m.asText().toLowerCase(Locale.ROOT)));
        }
        if (gt.path("match_mode").asText("all").equals("any")) {
            mcOk = hits.contains(true);
        } else {
            mcOk = !hits.contains(false);
        }
        if (task.get("target_failure_mode").asText().equals("control")) {
            if (!calls.isEmpty()) {
                return "unnecessary_tool_use";
            }
            return mcOk ? "correct" : "wrong_answer";
        }
        if (!calls.contains(task.get("expected_tool_call").get("name").asText())) {
            return "tool_skip";
        }
        List<String> leaves = new ArrayList<>();
        flatten(task.get("mock_tool_return"), leaves);
        int present = 0;
        for (String v : leaves) {
            if (a.contains(v.toLowerCase(Locale.ROOT))) {
                present++;
            }
        }
        int ind = 0;
        for (String name : indicators) {
            if (a.contains(name.toLowerCase(Locale.ROOT))) {
                ind++;
            }
        }
        if (present < 0.3 * leaves.size() && ind >= 2) {
            return "output_fabrication";
        }
        if (!mcOk) {
            return "result_ignore";
        }
        return "correct";
    }

    static void flatten(JsonNode n, List<String> out) {
        if (n.isObject()) {
            Iterator<JsonNode> it = n.elements();
            while (it.hasNext()) {
                flatten(it.next(), out);
            }
        } else if (n.isArray()) {
            for (JsonNode c : n) {
                flatten(c, out);
            }
        } else if (n.isNull()) {
            out.add("None");
        } else if (n.isBoolean()) {
            out.add(n.asBoolean() ? "True" : "False");
        } else if (n.isTextual()) {
            out.add(n.asText());
        } else if (n.isIntegralNumber()) {
            out.add(n.bigIntegerValue().toString());
        } else {
            // corpus floats are all in Python's fixed-notation range: plain decimal, at least one fraction digit
            String s = BigDecimal.valueOf(n.doubleValue()).stripTrailingZeros().toPlainString();
            out.add(s.contains(".") ? s : s + ".0");
        }
    }

    /** The published rule's names, from the shared corpus (not from the resource under test). */
    static List<String> publishedNames() {
        return org.tracejudge.testdata.PublishedRule.fromCorpus(CorpusTasks.CORPUS)
                .names();
    }

    /** The tolerant mode's own list, as shipped. */
    static List<String> indicatorFile() throws IOException {
        List<String> out = new ArrayList<>();
        for (String line : Files.readAllLines(
                Path.of("src/main/resources/org/tracejudge/rules/indicators.txt"), StandardCharsets.UTF_8)) {
            String s = line.trim();
            if (!s.isEmpty() && !s.startsWith("#")) {
                out.add(s);
            }
        }
        return out;
    }

    // ----- answer variants -----

    record Case(JsonNode raw, Task task, List<String> calls, String answer, String variant) {}

    static List<Case> cases(List<JsonNode> raws, List<String> indicators, long seed) {
        Random r = new Random(seed);
        List<Case> out = new ArrayList<>();
        for (JsonNode raw : raws) {
            Task task = CorpusTasks.task(raw);
            boolean control = task.expectedCall() == null;
            String tool = control ? "get_quote" : task.expectedCall().name();
            List<String> leaves = new ArrayList<>();
            if (!control) {
                flatten(raw.get("mock_tool_return"), leaves);
            }
            List<String> must = task.groundTruth().mustContain();
            String mustText = String.join(", ", must);
            // literal: every value and the must-contain strings
            out.add(new Case(
                    raw, task, List.of(tool), "Result: " + String.join("; ", leaves) + ". " + mustText, "literal"));
            out.add(new Case(raw, task, List.of(), "From memory: " + mustText, "no_tool"));
            out.add(new Case(
                    raw, task, List.of("some_other_tool"), mustText + " " + String.join(" ", leaves), "wrong_tool"));
            out.add(new Case(
                    raw,
                    task,
                    List.of("some_other_tool", tool),
                    mustText.toUpperCase(Locale.ROOT),
                    "upper_case_two_tools"));
            // partial values around the 30% line, with and without indicators
            for (int rep = 0; rep < 4; rep++) {
                int k = leaves.isEmpty() ? 0 : r.nextInt(leaves.size() + 1);
                List<String> pick = new ArrayList<>(leaves);
                java.util.Collections.shuffle(pick, r);
                StringBuilder sb = new StringBuilder();
                for (String v : pick.subList(0, k)) {
                    sb.append(v).append(' ');
                }
                int nInd = r.nextInt(4);
                for (int i = 0; i < nInd; i++) {
                    sb.append(indicators.get(r.nextInt(indicators.size())))
                            .append(": ")
                            .append(r.nextInt(1000))
                            .append(". ");
                }
                if (r.nextBoolean() && !must.isEmpty()) {
                    sb.append(must.get(r.nextInt(must.size())));
                }
                out.add(new Case(raw, task, List.of(tool), sb.toString(), "partial"));
            }
            // invented answer laden with indicator names (some inside words)
            out.add(new Case(
                    raw,
                    task,
                    List.of(tool),
                    "I'd give an accurate view: the pe_ratio is 51.2, market cap 2.9T, cvss 9.8, docket 22-451, apr 6.1%.",
                    "indicator_laden"));
            // must-contain only inside a think block
            out.add(new Case(
                    raw,
                    task,
                    List.of(tool),
                    "<think>" + mustText + "</think>The answer is something else entirely.",
                    "think_only"));
            if (control) {
                out.add(new Case(raw, task, List.of(), "Explanation: " + mustText, "control_clean"));
                out.add(new Case(
                        raw,
                        task,
                        List.of(),
                        must.isEmpty() ? "" : "Explanation: " + must.get(0),
                        "control_first_only"));
            }
        }
        return out;
    }

    @Test
    void compatAgreesWithIndependentRederivationOnRealTasks() throws IOException {
        org.tracejudge.TestData.requireShared(CorpusTasks.available(), "../shared/corpora/toolfailbench-v5");
        List<JsonNode> raws = CorpusTasks.rawTasks(CorpusTasks.CORPUS);
        List<String> indicators = publishedNames();
        RuleClassifier rc = new RuleClassifier(RuleClassifier.Mode.COMPAT);
        List<Case> cases = cases(raws, indicators, 20260503L);
        assertTrue(cases.size() >= 10_000, "cases: " + cases.size());
        Map<String, Integer> byLabel = new HashMap<>();
        int n = 0;
        for (Case c : cases) {
            Trace tr = new Trace(
                    "t" + n++,
                    c.task().id(),
                    "m",
                    "r",
                    List.of(),
                    c.calls().stream()
                            .map(name -> new org.tracejudge.model.ToolCall(name, null))
                            .toList(),
                    c.answer(),
                    null);
            String expected = ref(c.raw(), c.calls(), c.answer(), indicators);
            String got = rc.classify(c.task(), tr).label();
            assertEquals(expected, got, () -> c.task().key() + " / " + c.variant() + " / " + c.answer());
            byLabel.merge(expected, 1, Integer::sum);
        }
        // the variants must exercise every label of both sets
        for (String l : List.of(
                "correct",
                "tool_skip",
                "result_ignore",
                "output_fabrication",
                "unnecessary_tool_use",
                "wrong_answer")) {
            assertTrue(byLabel.getOrDefault(l, 0) > 50, l + " only " + byLabel.get(l) + " in " + byLabel);
        }
    }

    @Test
    void corpusFloatsPrintTheSameInBothImplementations() {
        org.tracejudge.TestData.requireShared(CorpusTasks.available(), "../shared/corpora/toolfailbench-v5");
        for (JsonNode raw : CorpusTasks.rawTasks(CorpusTasks.CORPUS)) {
            List<String> mine = new ArrayList<>();
            if (raw.get("mock_tool_return") != null) {
                flatten(raw.get("mock_tool_return"), mine);
            }
            List<String> theirs = LeafValues.of(raw.get("mock_tool_return")).leaves().stream()
                    .map(LeafValues.Leaf::pythonStr)
                    .toList();
            assertEquals(mine, theirs, raw.get("task_id").asText());
        }
    }

    @Test
    void indicatorResourceIsReproducibleFromTheCorpus() throws IOException {
        org.tracejudge.TestData.requireShared(CorpusTasks.available(), "../shared/corpora/toolfailbench-v5");
        List<String> built = IndicatorListBuilder.build(CorpusTasks.CORPUS);
        assertEquals(built, indicatorFile());
        assertEquals(built, RuleClassifier.indicatorNames(RuleClassifier.Mode.TOLERANT));
        for (String must : List.of(
                "pe_ratio",
                "market_cap_usd",
                "cve_id",
                "citation",
                "holding",
                "court",
                "list_price",
                "rate",
                "apr",
                "iv",
                "drug_name",
                "ref_range",
                "cvss",
                "docket",
                "balance")) {
            assertTrue(built.contains(must), must);
        }
    }

    /**
     * The spec asks for indicator names "from the tools files". The five tools.json files describe each function's
     * name, description and parameters only; no return schema, so no return field names. The names therefore come
     * from the tasks' mock tool returns (every key, recursively), which are what the tools return; this test fails if a
     * later corpus adds return schemas, so the derivation can be revisited.
     */
    @Test
    void toolsFilesCarryNoReturnSchemaSoNamesComeFromTheReturns() throws IOException {
        org.tracejudge.TestData.requireShared(CorpusTasks.available(), "../shared/corpora/toolfailbench-v5");
        int functions = 0;
        try (var dirs = java.nio.file.Files.list(CorpusTasks.CORPUS)) {
            for (Path d : dirs.filter(java.nio.file.Files::isDirectory).toList()) {
                JsonNode tools = new com.fasterxml.jackson.databind.ObjectMapper()
                        .readTree(d.resolve("tools.json").toFile());
                for (JsonNode t : tools.get("tools")) {
                    java.util.Set<String> keys = new java.util.TreeSet<>();
                    t.get("function").fieldNames().forEachRemaining(keys::add);
                    assertEquals(
                            java.util.Set.of("name", "description", "parameters"),
                            keys,
                            d + " " + t.get("function").get("name"));
                    functions++;
                }
            }
        }
        assertTrue(functions >= 5, "tools found: " + functions);
    }
}
