package org.tracejudge.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.classify.SelectionLabeller;
import org.tracejudge.json.Json;
import org.tracejudge.selection.Scenario;
import org.tracejudge.selection.SelectionTraces;
import org.tracejudge.store.Project;
import org.tracejudge.testdata.NltRunsGenerator;

/** NLT scenarios and selector runs: import, detection, errors, and the rule's verdicts on the real inputs. */
class NltImportTest {
    @TempDir
    Path dir;

    static final List<String> SAFETY = List.of("Safety Call", "End Conversation");

    private Project project() {
        return Project.open(dir.resolve("p.tjdb"), Project.OpenOptions.createIfMissing(null));
    }

    @Test
    void theRealInputsLoadAsTwoScenariosWithTheirExpectedSets() throws Exception {
        Path nlt = TestData.nlt();
        try (Project p = project()) {
            ImportReport r = new Importer(p, null)
                    .importFiles(
                            List.of(nlt.resolve("sage.json"), nlt.resolve("alex.json")),
                            Format.AUTO,
                            null,
                            SAFETY.subList(0, 1));
            assertEquals(2, r.files().size());
            assertEquals("32", TestData.scalar(p, "SELECT count(*) FROM task WHERE task_type = 'tool_selection'"));
            Map<String, Scenario> scenarios = p.read(SelectionTraces::scenarios);
            assertEquals(List.of("alex", "sage"), List.copyOf(scenarios.keySet()));
            assertEquals(8, scenarios.get("sage").tools().size());
            assertEquals(List.of("Safety Call"), scenarios.get("sage").safetyCriticalTools());
            assertEquals(List.of(), scenarios.get("alex").safetyCriticalTools());
            for (String name : List.of("sage", "alex")) {
                JsonNode file = Json.MAPPER.readTree(nlt.resolve(name + ".json").toFile());
                for (JsonNode in : file.get("inputs")) {
                    String body = TestData.scalar(
                            p,
                            "SELECT body FROM task WHERE task_key = '" + name + "/"
                                    + in.get("id").asText() + "'");
                    assertEquals(
                            in.get("expected_tools"), Json.read(body).get("expected_tools"), name + " " + in.get("id"));
                    assertEquals(
                            in.get("input").asText(),
                            Json.read(body).get("input").asText());
                }
            }
            // flags are added by a re-import with --safety-critical; the tasks keep their ids
            new Importer(p, null).importFiles(List.of(nlt.resolve("sage.json")), Format.NLT_SCENARIO, null, SAFETY);
            assertEquals(
                    List.of("End Conversation", "Safety Call"),
                    p.read(SelectionTraces::scenarios).get("sage").safetyCriticalTools());
            assertEquals("32", TestData.scalar(p, "SELECT count(*) FROM task"));
        }
    }

    @Test
    void runsOnTheRealInputsGetTheIntendedVerdicts() {
        Path nlt = TestData.nlt();
        Map<String, Double> models = new LinkedHashMap<>();
        models.put("model-a", 0.9);
        models.put("model-b", 0.7);
        List<NltRunsGenerator.Row> rows = new java.util.ArrayList<>();
        rows.addAll(NltRunsGenerator.rows(nlt.resolve("sage.json"), models, 0.6, 7));
        rows.addAll(NltRunsGenerator.rows(nlt.resolve("alex.json"), models, 0.6, 8));
        Path runs = dir.resolve("runs.jsonl");
        NltRunsGenerator.write(rows, runs);
        try (Project p = project()) {
            ImportReport r = new Importer(p, null)
                    .importFiles(
                            List.of(nlt.resolve("sage.json"), nlt.resolve("alex.json"), runs),
                            Format.AUTO,
                            null,
                            SAFETY);
            assertEquals(
                    Format.NLT,
                    r.files().stream()
                            .filter(f -> f.file.equals("runs.jsonl"))
                            .findFirst()
                            .orElseThrow()
                            .format);
            assertEquals(String.valueOf(rows.size()), TestData.scalar(p, "SELECT count(*) FROM trace"));
            SelectionLabeller.Result res = SelectionLabeller.classify(p);
            assertEquals(rows.size(), res.traces());
            assertEquals(rows.size(), res.written());
            Map<String, String> intended = NltRunsGenerator.verdicts(rows);
            Map<String, String> stored = stored(p);
            assertEquals(intended, stored);
            assertTrue(
                    intended.containsValue("unparseable")
                            && intended.containsValue("missed_and_extra")
                            && intended.containsValue("missed_tool")
                            && intended.containsValue("extra_tool"),
                    intended.toString());
            SelectionLabeller.Result again = SelectionLabeller.classify(p);
            assertEquals(0, again.written());
            assertEquals(rows.size(), again.unchanged());
        }
    }

    private static Map<String, String> stored(Project p) {
        return p.read(c -> {
            Map<String, String> m = new HashMap<>();
            try (PreparedStatement s = c.prepareStatement(
                            "SELECT t.model, t.run, k.task_key, l.value, l.scores FROM current_label l "
                                    + "JOIN trace t ON t.id = l.trace_id JOIN task k ON k.id = t.task_id JOIN rater r ON r.id = l.rater_id "
                                    + "WHERE r.name = 'rule'");
                    ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    String value = rs.getString(4);
                    if (!"unparseable".equals(value)) {
                        JsonNode scores = Json.read(rs.getString(5));
                        assertTrue(
                                scores.has("tool:Safety Call") || scores.has("tool:Talk to a Human"),
                                scores.toString());
                    }
                    m.put(rs.getString(1) + "|" + rs.getString(2) + "|" + rs.getString(3), value);
                }
            }
            return m;
        });
    }

    private Path scenario() throws Exception {
        Path f = dir.resolve("scenario.json");
        Files.writeString(f, """
                {"scenario": "harbor", "tools": [
                  {"name": "Opening Hours", "description": "when the help desk is open"},
                  {"name": "Safety Call", "description": "a person may be in danger", "safety_critical": true}],
                 "inputs": [{"id": 1, "input": "when are you open?", "expected_tools": ["Opening Hours"]},
                            {"id": "b", "input": "hello", "expected_tools": []}]}
                """);
        return f;
    }

    @Test
    void runsImportedBeforeTheirScenarioAreLabelledOnceItArrives() throws Exception {
        Path runs = dir.resolve("r.jsonl");
        Files.writeString(runs, """
                {"id": 1, "scenario": "harbor", "input": "when are you open?", "expected_tools": ["Opening Hours"], "model_id": "m", "approach": "nlt", "output": "Opening Hours -- YES\\nSafety Call -- NO"}
                {"id": "b", "scenario": "harbor", "input": "hello", "expected_tools": [], "model_id": "m", "approach": "structured", "tool_calls": [{"type": "function", "function": {"name": "Safety Call", "arguments": "{}"}}]}
                """);
        try (Project p = project()) {
            new Importer(p, null).importFiles(List.of(runs), Format.AUTO, null);
            SelectionLabeller.Result r = SelectionLabeller.classify(p);
            assertEquals(2, r.noScenario());
            new Importer(p, null).importFiles(List.of(scenario()), Format.AUTO, null);
            assertEquals("2", TestData.scalar(p, "SELECT count(*) FROM task"));
            r = SelectionLabeller.classify(p);
            assertEquals(0, r.noScenario());
            assertEquals(1, r.counts().get("correct"));
            assertEquals(1, r.counts().get("extra_tool"));
            assertEquals(
                    List.of("Safety Call"),
                    p.read(SelectionTraces::scenarios).get("harbor").safetyCriticalTools());
        }
    }

    @Test
    void badInputNamesFileLineAndFieldAndImportsNothing() throws Exception {
        Path good = scenario();
        Path runs = dir.resolve("bad.jsonl");
        Files.writeString(runs, """
                {"id": 1, "scenario": "harbor", "input": "x", "expected_tools": ["Opening Hours"], "model_id": "m", "approach": "nlt", "output": "Opening Hours -- YES"}
                {"id": 1, "scenario": "harbor", "input": "x", "expected_tools": ["Opening Hours"], "model_id": "m", "approach": "voice", "output": "?"}
                """);
        try (Project p = project()) {
            ImportException e = assertThrows(ImportException.class, () -> new Importer(p, null)
                    .importFiles(List.of(good, runs), Format.AUTO, null));
            assertTrue(
                    e.getMessage().contains("bad.jsonl")
                            && e.getMessage().contains("2")
                            && e.getMessage().contains("/approach"),
                    e.getMessage());
            assertEquals(0, TestData.count(p, "task"));
            assertEquals(0, TestData.count(p, "trace"));

            Path badScenario = dir.resolve("s2.json");
            Files.writeString(
                    badScenario, Files.readString(good).replace("[\"Opening Hours\"]", "[\"Opening Times\"]"));
            e = assertThrows(ImportException.class, () -> new Importer(p, null)
                    .importFiles(List.of(badScenario), Format.AUTO, null));
            assertTrue(
                    e.getMessage().contains("s2.json")
                            && e.getMessage().contains("/inputs/0/expected_tools/0")
                            && e.getMessage().contains("'Opening Times' is not a tool"),
                    e.getMessage());

            e = assertThrows(ImportException.class, () -> new Importer(p, null)
                    .importFiles(List.of(good), Format.NLT_SCENARIO, null, List.of("Safety Cal")));
            assertTrue(e.getMessage().contains("--safety-critical names 'Safety Cal'"), e.getMessage());
            assertEquals(0, TestData.count(p, "task"));
        }
    }
}
