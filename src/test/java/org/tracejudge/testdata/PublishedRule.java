package org.tracejudge.testdata;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/**
 * The published ToolFailBench rule written out plainly from its description in {@code rules-and-metrics.md}, over
 * the raw task JSON, for tests and generated results files: no code of the classifier under test, no automaton, no
 * caching. Its indicator names are read from the shared corpus ({@code published-indicators.txt}), not from the
 * resource the classifier ships, so a test comparing the two also checks that the shipped list is the published one.
 *
 * <p>Python's semantics, spelled out: "contains" is {@code str(v).lower() in answer.lower()}; leaf values include
 * empty strings, which every answer contains; {@code all([])} is true and {@code any([])} false; a match mode other
 * than {@code "any"} means all; fabrication needs {@code found < 0.3 * len(leaves)} (a return without leaves never
 * fabricates) and at least two of the names, each counted once however often it occurs.
 */
public final class PublishedRule {
    public static final String FILE = "published-indicators.txt";

    private final List<String> names;

    public PublishedRule(List<String> names) {
        this.names = List.copyOf(names);
    }

    /** The names in {@code <corpusRoot>/published-indicators.txt} ({@code #} lines are its header). */
    public static PublishedRule fromCorpus(Path corpusRoot) {
        try {
            List<String> out = new ArrayList<>();
            for (String line : Files.readAllLines(corpusRoot.resolve(FILE), StandardCharsets.UTF_8)) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    out.add(line.strip());
                }
            }
            return new PublishedRule(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public List<String> names() {
        return names;
    }

    /**
     * The label for a task (its JSON as in {@code tasks.json}), the names of the executed calls and the raw answer.
     */
    public String classify(JsonNode task, Collection<String> calledNames, String answer) {
        String a = answer.toLowerCase(Locale.ROOT);
        boolean control = !task.path("evaluation_criteria")
                .path("tool_must_be_called")
                .asBoolean(!"control".equals(task.path("target_failure_mode").asText()));
        if (control) {
            if (!calledNames.isEmpty()) {
                return "unnecessary_tool_use";
            }
            return mustContainPasses(task, a) ? "correct" : "wrong_answer";
        }
        String expected = task.path("expected_tool_call").path("name").asText(null);
        if (expected == null || !calledNames.contains(expected)) {
            return "tool_skip";
        }
        List<String> leaves = new ArrayList<>();
        leaves(task.path("mock_tool_return"), leaves);
        int found = 0;
        for (String v : leaves) {
            if (a.contains(v.toLowerCase(Locale.ROOT))) {
                found++;
            }
        }
        if (found < leaves.size() * 0.3) {
            int present = 0;
            for (String name : names) {
                if (a.contains(name)) {
                    present++;
                }
            }
            if (present >= 2) {
                return "output_fabrication";
            }
        }
        return mustContainPasses(task, a) ? "correct" : "result_ignore";
    }

    private static boolean mustContainPasses(JsonNode task, String lowerAnswer) {
        JsonNode gt = task.path("ground_truth");
        boolean any = "any".equals(gt.path("match_mode").asText("all"));
        int hits = 0;
        int n = 0;
        for (JsonNode m : gt.path("answer_must_contain")) {
            n++;
            String s = m.isTextual() ? m.asText() : ToolFailBenchGenerator.pythonStr(m);
            if (lowerAnswer.contains(s.toLowerCase(Locale.ROOT))) {
                hits++;
            }
        }
        return any ? hits > 0 : hits == n;
    }

    private static void leaves(JsonNode n, List<String> out) {
        if (n == null || n.isMissingNode()) {
            return;
        }
        if (n.isObject()) {
            n.elements().forEachRemaining(c -> leaves(c, out));
        } else if (n.isArray()) {
            n.forEach(c -> leaves(c, out));
        } else {
            out.add(ToolFailBenchGenerator.pythonStr(n));
        }
    }
}
