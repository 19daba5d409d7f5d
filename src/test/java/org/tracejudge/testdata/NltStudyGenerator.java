package org.tracejudge.testdata;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.tracejudge.json.Json;

/**
 * Writes the runs of an NLT-style factorial study (issue 25): per model, 2 approaches × the scenarios' inputs × the
 * given prompt conditions × {@code replications} runs, each row with {@code run}, {@code condition} and
 * {@code usage}. With the two NLT scenario files (16 inputs each), two conditions and five replications that is 640
 * trials per model. Each trial is correct with the model's accuracy for its approach; a wrong trial selects the
 * expected set with one tool dropped or (when nothing is expected) one added, so the rule must call it wrong.
 */
public final class NltStudyGenerator {
    private NltStudyGenerator() {}

    /** One generated trial: its row and whether it was meant to be right. */
    public record Trial(
            String model,
            String approach,
            String scenario,
            String inputId,
            String condition,
            int run,
            boolean correct,
            long promptTokens,
            long completionTokens,
            ObjectNode json) {}

    /** Accuracy of a model's structured and NLT selector (the chance a trial is right). */
    public record Model(String name, double structured, double nlt) {}

    public static List<Trial> study(
            List<Path> scenarioFiles, List<Model> models, List<String> conditions, int replications, long seed) {
        Random rnd = new Random(seed);
        List<Trial> out = new ArrayList<>();
        int style = 0;
        for (Path file : scenarioFiles) {
            JsonNode sc;
            try {
                sc = Json.MAPPER.readTree(file.toFile());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            List<String> tools = new ArrayList<>();
            sc.path("tools").forEach(t -> tools.add(t.path("name").asText()));
            String scenario = sc.path("scenario").asText();
            for (Model m : models) {
                for (String approach : List.of("structured", "nlt")) {
                    double acc = approach.equals("nlt") ? m.nlt() : m.structured();
                    for (JsonNode in : sc.path("inputs")) {
                        for (String condition : conditions) {
                            for (int run = 1; run <= replications; run++) {
                                Set<String> expected = new LinkedHashSet<>();
                                in.path("expected_tools").forEach(n -> expected.add(n.asText()));
                                boolean correct = rnd.nextDouble() < acc;
                                Set<String> selected = new LinkedHashSet<>(expected);
                                if (!correct) {
                                    if (expected.isEmpty()) {
                                        selected.add(tools.get(rnd.nextInt(tools.size())));
                                    } else {
                                        selected.remove(List.copyOf(expected).get(rnd.nextInt(expected.size())));
                                    }
                                }
                                long prompt = approach.equals("nlt") ? 560 + rnd.nextInt(80) : 1000 + rnd.nextInt(120);
                                long completion =
                                        approach.equals("nlt") ? 280 + rnd.nextInt(60) : 240 + rnd.nextInt(60);
                                ObjectNode row = Json.object();
                                row.set("id", in.get("id"));
                                row.put("scenario", scenario);
                                row.put("input", in.path("input").asText());
                                row.set("expected_tools", in.get("expected_tools"));
                                row.put("model_id", m.name());
                                row.put("approach", approach);
                                row.put("run", run);
                                row.put("condition", condition);
                                if (approach.equals("nlt")) {
                                    row.put("output", NltRunsGenerator.text(tools, selected, style++, null));
                                } else {
                                    var calls = row.putArray("tool_calls");
                                    for (String t : selected) {
                                        calls.addObject().put("name", t).putObject("arguments");
                                    }
                                }
                                row.putObject("usage")
                                        .put("prompt_tokens", prompt)
                                        .put("completion_tokens", completion);
                                out.add(new Trial(
                                        m.name(),
                                        approach,
                                        scenario,
                                        in.path("id").asText(),
                                        condition,
                                        run,
                                        correct,
                                        prompt,
                                        completion,
                                        row));
                            }
                        }
                    }
                }
            }
        }
        return out;
    }

    /**
     * Writes a study's runs: {@code NltStudyGenerator NLT_DIR OUT.jsonl [MODELS=10] [SEED=1]} (sage.json and alex.json
     * from NLT_DIR, conditions original and perturbed, 5 replications: 640 trials per model). Model i's structured
     * accuracy is 0.55 + 0.03 i, its NLT accuracy 0.78 + 0.02 i (capped at 0.99).
     */
    public static void main(String[] args) {
        Path dir = Path.of(args[0]);
        int n = args.length > 2 ? Integer.parseInt(args[2]) : 10;
        long seed = args.length > 3 ? Long.parseLong(args[3]) : 1;
        List<Model> models = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            models.add(new Model(
                    String.format("model-%02d", i + 1),
                    Math.min(0.99, 0.55 + 0.03 * i),
                    Math.min(0.99, 0.78 + 0.02 * i)));
        }
        List<Trial> trials = study(
                List.of(dir.resolve("sage.json"), dir.resolve("alex.json")),
                models,
                List.of("original", "perturbed"),
                5,
                seed);
        write(trials, Path.of(args[1]));
        System.out.println(trials.size() + " trials of " + n + " models written to " + args[1]);
    }

    public static void write(List<Trial> trials, Path file) {
        StringBuilder sb = new StringBuilder();
        trials.forEach(t -> sb.append(t.json().toString()).append('\n'));
        try {
            java.nio.file.Files.writeString(file, sb.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A small study project for the UI's tests: a two-input "harbor" scenario (one safety-critical tool) and the runs
     * of two models, 2 approaches × 2 conditions × 5 replications each, imported into {@code dir/study.tjdb}.
     */
    public static Path harborProject(Path dir) throws IOException {
        Path scenario = dir.resolve("harbor.json");
        java.nio.file.Files.writeString(scenario, """
                {"scenario": "harbor", "tools": [
                  {"name": "Opening Hours", "description": "when the help desk is open"},
                  {"name": "Safety Call", "description": "a person may be in danger", "safety_critical": true}],
                 "inputs": [{"id": 1, "input": "when are you open?", "expected_tools": ["Opening Hours"]},
                            {"id": 2, "input": "I cannot go on", "expected_tools": ["Safety Call"]},
                            {"id": 3, "input": "hello", "expected_tools": []}]}
                """);
        List<Trial> trials = study(
                List.of(scenario),
                List.of(new Model("slow-model", 0.5, 0.8), new Model("fast-model", 0.7, 0.9)),
                List.of("original", "perturbed"),
                5,
                3);
        Path runs = dir.resolve("runs.jsonl");
        write(trials, runs);
        Path file = dir.resolve("study.tjdb");
        try (org.tracejudge.store.Project p = org.tracejudge.store.Project.open(
                file, org.tracejudge.store.Project.OpenOptions.createIfMissing(null))) {
            new org.tracejudge.importer.Importer(p, null)
                    .importFiles(List.of(scenario, runs), org.tracejudge.importer.Format.AUTO, null);
        }
        return file;
    }
}
