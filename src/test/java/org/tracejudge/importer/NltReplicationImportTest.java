package org.tracejudge.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.json.Json;
import org.tracejudge.model.Ids;
import org.tracejudge.store.Project;

/** Selector runs with replications, prompt conditions and token usage (issue 25): each is a trial of its own. */
class NltReplicationImportTest {
    @TempDir
    Path dir;

    private Path scenario() throws Exception {
        Path f = dir.resolve("scenario.json");
        Files.writeString(f, """
                {"scenario": "harbor", "tools": [
                  {"name": "Opening Hours", "description": "when the help desk is open"},
                  {"name": "Safety Call", "description": "a person may be in danger", "safety_critical": true}],
                 "inputs": [{"id": 1, "input": "when are you open?", "expected_tools": ["Opening Hours"]}]}
                """);
        return f;
    }

    private static String row(String extra) {
        return "{\"id\": 1, \"scenario\": \"harbor\", \"input\": \"when are you open?\", \"expected_tools\": [\"Opening Hours\"], "
                + "\"model_id\": \"m\", \"approach\": \"nlt\", \"output\": \"Opening Hours -- YES\\nSafety Call -- NO\""
                + extra + "}\n";
    }

    @Test
    void fiveReplicationsUnderTwoConditionsAreTenTrialsAndReimportingAddsNone() throws Exception {
        StringBuilder sb = new StringBuilder();
        for (String c : List.of("original", "perturbed")) {
            for (int run = 1; run <= 5; run++) {
                sb.append(row(", \"run\": " + run + ", \"condition\": \"" + c + "\", \"usage\": {\"prompt_tokens\": "
                        + (600 + run) + ", \"completion_tokens\": 300}"));
            }
        }
        Path runs = dir.resolve("runs.jsonl");
        Files.writeString(runs, sb.toString());
        try (Project p = Project.open(dir.resolve("p.tjdb"), Project.OpenOptions.createIfMissing(null))) {
            new Importer(p, null).importFiles(List.of(scenario(), runs), Format.AUTO, null);
            assertEquals(10, TestData.count(p, "trace"));
            assertEquals("1", TestData.scalar(p, "SELECT count(*) FROM task"));
            assertEquals("10", TestData.scalar(p, "SELECT count(DISTINCT run) FROM trace"));
            assertEquals(
                    "nlt/perturbed:3",
                    TestData.scalar(
                            p,
                            "SELECT run FROM trace WHERE extra LIKE '%\"perturbed\"%' "
                                    + "AND extra LIKE '%\"run\":\"3\"%'"));
            JsonNode extra = Json.read(TestData.scalar(p, "SELECT extra FROM trace WHERE run = 'nlt/original:2'"));
            assertEquals("2", extra.get("run").asText());
            assertEquals("original", extra.get("condition").asText());
            assertEquals(602, extra.get("usage").get("prompt_tokens").asLong());
            assertEquals(300, extra.get("usage").get("completion_tokens").asLong());
            new Importer(p, null).importFiles(List.of(runs), Format.AUTO, null);
            assertEquals(10, TestData.count(p, "trace"), "re-importing the same runs adds nothing");
            // the workbench's own JSONL carries them to another laptop
            Path jsonl = dir.resolve("export.jsonl");
            org.tracejudge.export.JsonlExporter.export(p, jsonl);
            try (Project q = Project.open(dir.resolve("q.tjdb"), Project.OpenOptions.createIfMissing(null))) {
                new Importer(q, null).importFiles(List.of(jsonl), Format.AUTO, null);
                assertEquals(
                        TestData.scalar(
                                p,
                                "SELECT group_concat(id || run || extra, '|') FROM (SELECT * FROM trace ORDER BY id)"),
                        TestData.scalar(
                                q,
                                "SELECT group_concat(id || run || extra, '|') FROM (SELECT * FROM trace ORDER BY id)"));
            }
        }
    }

    @Test
    void rowsWithoutConditionKeepTheirEarlierIds() throws Exception {
        Path runs = dir.resolve("runs.jsonl");
        Files.writeString(runs, row(", \"run\": \"r1\"") + row(""));
        try (Project p = Project.open(dir.resolve("p.tjdb"), Project.OpenOptions.createIfMissing(null))) {
            new Importer(p, null).importFiles(List.of(scenario(), runs), Format.AUTO, null);
            String task = Ids.of("task", "nlt", "harbor", "1");
            assertEquals(
                    "1",
                    TestData.scalar(
                            p, "SELECT count(*) FROM trace WHERE id = '" + Ids.of("trace", task, "m", "nlt:r1") + "'"));
            assertEquals(
                    "1",
                    TestData.scalar(
                            p, "SELECT count(*) FROM trace WHERE id = '" + Ids.of("trace", task, "m", "nlt") + "'"));
        }
    }

    @Test
    void badRunConditionOrUsageNamesLineAndFieldAndImportsNothing() throws Exception {
        for (String[] c : new String[][] {
            {", \"run\": 1.5", "/run"},
            {", \"condition\": \"\"", "/condition"},
            {", \"usage\": 12", "/usage"},
            {", \"usage\": {\"prompt_tokens\": -3}", "/usage/prompt_tokens"},
            {", \"usage\": {\"prompt_tokens\": 10, \"completion_tokens\": \"many\"}", "/usage/completion_tokens"}
        }) {
            Path runs = dir.resolve("bad.jsonl");
            Files.writeString(runs, row(", \"run\": 1") + row(c[0]));
            try (Project p = Project.open(
                    dir.resolve("bad-" + Integer.toUnsignedString(c[0].hashCode()) + ".tjdb"),
                    Project.OpenOptions.createIfMissing(null))) {
                ImportException e = assertThrows(ImportException.class, () -> new Importer(p, null)
                        .importFiles(List.of(scenario(), runs), Format.AUTO, null));
                assertTrue(
                        e.getMessage().contains("bad.jsonl")
                                && e.getMessage().contains("2")
                                && e.getMessage().contains(c[1]),
                        e.getMessage());
                assertEquals(0, TestData.count(p, "trace"));
            }
        }
    }
}
