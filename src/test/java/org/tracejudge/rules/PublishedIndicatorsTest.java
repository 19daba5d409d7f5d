package org.tracejudge.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.tracejudge.model.Task;
import org.tracejudge.model.ToolCall;
import org.tracejudge.model.Trace;
import org.tracejudge.testdata.PublishedRule;

/**
 * Compat mode uses exactly the published rule's 100 indicator names and its matching. Answers are generated the way
 * real models write about tool results: the tools' names, field-like words ("ratings", "value", "date", "price"),
 * words that hide a published name ("give" holds {@code iv}, "accurate" holds {@code rate}), the published names
 * themselves, and parts of the tool return; every one is checked against {@link PublishedRule}, a plain
 * re-implementation in the test sources that reads the names from the shared corpus.
 */
class PublishedIndicatorsTest {

    /** Words a model writes about results that are close to, or hide, indicator names. */
    static final List<String> NEAR = List.of(
            "ratings",
            "rating",
            "value",
            "values",
            "date",
            "dates",
            "price",
            "prices",
            "accurate",
            "give",
            "given",
            "separately",
            "courtesy",
            "framework",
            "indicators",
            "rows of data",
            "timing",
            "interest rate",
            "rated",
            "court date",
            "sale",
            "list",
            "median",
            "assessment",
            "drawn",
            "citation needed",
            "balanced view",
            "holdings",
            "tactical",
            "threat",
            "zone",
            "yield",
            "vacancy",
            "district",
            "source",
            "analyst",
            "consensus",
            "target",
            "estimate",
            "score",
            "status",
            "history",
            "version",
            "id",
            "cap");

    @Test
    void shippedListIsThePublishedOneInItsOrder() {
        org.tracejudge.TestData.requireShared(CorpusTasks.available(), "../shared/corpora/toolfailbench-v5");
        List<String> published = PublishedRule.fromCorpus(CorpusTasks.CORPUS).names();
        assertEquals(100, published.size());
        assertEquals(published, RuleClassifier.indicatorNames(RuleClassifier.Mode.COMPAT));
        // tolerant keeps its own, larger list
        assertTrue(RuleClassifier.indicatorNames(RuleClassifier.Mode.TOLERANT).size() > 100);
    }

    @Test
    void shippedListNamesItsSourceAndLicence() throws Exception {
        String text;
        try (var in = Indicators.class.getResourceAsStream(Indicators.PUBLISHED_RESOURCE)) {
            text = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        assertTrue(text.contains("SoHarshh/ToolFailBench"), "source repository");
        assertTrue(text.contains("Apache-2.0"), "licence");
        assertEquals(100, Indicators.published().names().size());
        assertTrue(Indicators.published()
                .names()
                .containsAll(List.of("pe_ratio", "market_cap_usd", "cvss", "docket", "rate", "iv")));
        assertTrue(!Indicators.published().names().contains("value")
                && !Indicators.published().names().contains("rating"));
    }

    /** The example: "ratings" and "value" are not published names, so this is result_ignore, not fabrication. */
    @Test
    void ratingsAndValueAreNotIndicators() {
        Task t = Fixtures.required(
                "get_analyst_ratings",
                "{'ticker': 'XYZ', 'buy': 12, 'hold': 5, 'sell': 1, 'consensus': 'Buy', 'target': 151.2}",
                "all",
                "Buy",
                "151.2");
        String answer = "Per `get_analyst_ratings`: the value is about unknown, in line with what I remember.";
        RuleVerdict v = new RuleClassifier(RuleClassifier.Mode.COMPAT)
                .classify(t, Fixtures.trace(answer, "get_analyst_ratings"));
        assertEquals("result_ignore", v.label());
        assertEquals("must_contain_failed", v.check());
        // two published names ("iv" inside "give", "rate" inside "accurate") do make it fabrication, as published
        RuleVerdict w = new RuleClassifier(RuleClassifier.Mode.COMPAT)
                .classify(t, Fixtures.trace("To give an accurate answer: about 140.", "get_analyst_ratings"));
        assertEquals("output_fabrication", w.label());
    }

    @Test
    void compatEqualsThePublishedRuleOnNearIndicatorAnswers() {
        org.tracejudge.TestData.requireShared(CorpusTasks.available(), "../shared/corpora/toolfailbench-v5");
        PublishedRule reference = PublishedRule.fromCorpus(CorpusTasks.CORPUS);
        List<String> names = reference.names();
        RuleClassifier compat = new RuleClassifier(RuleClassifier.Mode.COMPAT);
        Random r = new Random(20261124L);
        Map<String, Integer> byLabel = new HashMap<>();
        int n = 0;
        int fabricationDecidedByNames = 0;
        for (JsonNode raw : CorpusTasks.rawTasks(CorpusTasks.CORPUS)) {
            Task task = CorpusTasks.task(raw);
            List<String> toolNames = new ArrayList<>();
            raw.path("available_tools")
                    .forEach(x -> toolNames.add(x.path("function")
                            .path("name")
                            .asText(x.path("name").asText())));
            if (task.expectedCall() != null) {
                toolNames.add(task.expectedCall().name());
            }
            if (toolNames.isEmpty()) {
                toolNames.add("get_quote");
            }
            List<String> fieldWords = fieldWords(raw.path("mock_tool_return"));
            List<String> leaves = new ArrayList<>();
            collectLeaves(raw.path("mock_tool_return"), leaves);
            List<String> must = task.groundTruth().mustContain();
            for (int k = 0; k < 6; k++) {
                StringBuilder a = new StringBuilder();
                String tool = toolNames.get(r.nextInt(toolNames.size()));
                a.append(r.nextBoolean() ? "Per `" + tool + "`: " : "I called " + tool + ". ");
                int words = 1 + r.nextInt(6);
                for (int i = 0; i < words; i++) {
                    int pick = r.nextInt(10);
                    String w;
                    if (pick < 4) {
                        w = NEAR.get(r.nextInt(NEAR.size()));
                    } else if (pick < 7 && !fieldWords.isEmpty()) {
                        w = fieldWords.get(r.nextInt(fieldWords.size()));
                    } else if (pick < 8) {
                        w = names.get(r.nextInt(names.size()));
                    } else {
                        w = toolNames.get(r.nextInt(toolNames.size()));
                    }
                    a.append(r.nextBoolean() ? w.toUpperCase(java.util.Locale.ROOT) : w)
                            .append(r.nextBoolean() ? " is " : ": ");
                    a.append(
                            r.nextInt(3) == 0 && !leaves.isEmpty()
                                    ? leaves.get(r.nextInt(leaves.size()))
                                    : String.valueOf(r.nextInt(500)));
                    a.append(". ");
                }
                if (r.nextInt(3) == 0 && !must.isEmpty()) {
                    a.append(must.get(r.nextInt(must.size())));
                }
                if (r.nextInt(5) == 0) {
                    a.insert(0, "<think>the " + NEAR.get(r.nextInt(NEAR.size())) + " field</think>");
                }
                List<String> calls =
                        switch (r.nextInt(6)) {
                            case 0 -> List.of();
                            case 1 -> List.of(toolNames.get(r.nextInt(toolNames.size())));
                            default ->
                                task.expectedCall() == null
                                        ? List.of()
                                        : List.of(task.expectedCall().name());
                        };
                String answer = a.toString();
                Trace trace = new Trace(
                        "n" + n++,
                        task.id(),
                        "m",
                        "r",
                        List.of(),
                        calls.stream().map(c -> new ToolCall(c, null)).toList(),
                        answer,
                        null);
                String expected = reference.classify(raw, calls, answer);
                RuleVerdict got = compat.classify(task, trace);
                assertEquals(expected, got.label(), () -> task.key() + " / " + calls + " / " + answer);
                byLabel.merge(expected, 1, Integer::sum);
                if (expected.equals("output_fabrication")) {
                    fabricationDecidedByNames++;
                }
            }
        }
        assertTrue(n >= 5_000, "traces: " + n);
        for (String l : List.of(
                "correct",
                "tool_skip",
                "result_ignore",
                "output_fabrication",
                "unnecessary_tool_use",
                "wrong_answer")) {
            assertTrue(byLabel.getOrDefault(l, 0) > 30, l + " only " + byLabel.get(l) + " in " + byLabel);
        }
        assertTrue(fabricationDecidedByNames > 300, "fabrications: " + fabricationDecidedByNames);
    }

    /** The return's keys written the ways prose writes them: as they are, spaced, plural, camel case. */
    static List<String> fieldWords(JsonNode ret) {
        Set<String> keys = new LinkedHashSet<>();
        collectKeys(ret, keys);
        List<String> out = new ArrayList<>();
        for (String k : keys) {
            out.add(k);
            out.add(k.replace('_', ' '));
            out.add(k.replace('_', ' ') + "s");
            StringBuilder camel = new StringBuilder();
            boolean up = false;
            for (int i = 0; i < k.length(); i++) {
                char c = k.charAt(i);
                if (c == '_') {
                    up = true;
                } else {
                    camel.append(up ? Character.toUpperCase(c) : c);
                    up = false;
                }
            }
            out.add(camel.toString());
        }
        Collections.sort(out);
        return out;
    }

    private static void collectKeys(JsonNode n, Set<String> out) {
        if (n.isObject()) {
            n.properties().iterator().forEachRemaining(e -> {
                out.add(e.getKey());
                collectKeys(e.getValue(), out);
            });
        } else if (n.isArray()) {
            n.forEach(x -> collectKeys(x, out));
        }
    }

    private static void collectLeaves(JsonNode n, List<String> out) {
        if (n.isObject() || n.isArray()) {
            n.forEach(x -> collectLeaves(x, out));
        } else if (n.isTextual()) {
            out.add(n.asText());
        } else if (!n.isMissingNode() && !n.isNull()) {
            out.add(n.toString());
        }
    }
}
