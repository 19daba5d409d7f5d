package org.tracejudge.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.classify.SelectionLabeller;
import org.tracejudge.json.Json;
import org.tracejudge.store.Project;

/**
 * NLT run rows find their scenario's input by (scenario, id), then by (scenario, exact input text); a row matching
 * neither is refused with file, line and what was expected, or added as a new input with the scenario's tools when
 * asked; classify names the scenario and inputs it could not label.
 */
class NltRunMatchingTest {
    @TempDir
    Path dir;

    private Project project() {
        return Project.open(dir.resolve("p.tjdb"), Project.OpenOptions.createIfMissing(null));
    }

    /** Run rows on the real Sage inputs whose ids are row ids ("model-N"), not the scenario's input ids. */
    private Path rowIdRuns(JsonNode sage, int n, String extraText) throws Exception {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            JsonNode in = sage.get("inputs").get(i);
            lines.add(row("model-" + (i + 1), in.get("input").asText(), "Safety Call -- NO"));
        }
        if (extraText != null) {
            lines.add(row("model-99", extraText, "Safety Call -- YES"));
        }
        Path f = dir.resolve("rows.jsonl");
        Files.write(f, lines);
        return f;
    }

    private static String row(String id, String input, String output) {
        var o = Json.object();
        o.put("id", id);
        o.put("scenario", "sage");
        o.put("input", input);
        o.putArray("expected_tools");
        o.put("model_id", "m");
        o.put("approach", "nlt");
        o.put("output", output);
        return o.toString();
    }

    @Test
    void rowIdsThatAreNotInputIdsMatchByExactTextAndClassify() throws Exception {
        Path nlt = TestData.nlt();
        JsonNode sage = Json.MAPPER.readTree(nlt.resolve("sage.json").toFile());
        try (Project p = project()) {
            new Importer(p, null)
                    .importFiles(List.of(nlt.resolve("sage.json")), Format.AUTO, null, List.of("Safety Call"));
            ImportReport r = new Importer(p, null).importFiles(List.of(rowIdRuns(sage, 3, null)), Format.AUTO, null);
            assertTrue(
                    r.files().get(0).summary().contains("3 tasks (0 new), 3 traces (3 new)"),
                    r.files().get(0).summary());
            assertEquals("16", TestData.scalar(p, "SELECT count(*) FROM task"), "no task was created for the rows");
            assertEquals(
                    "sage/1,sage/2,sage/3",
                    TestData.scalar(
                            p,
                            "SELECT group_concat(k, ',') FROM (SELECT k.task_key AS k "
                                    + "FROM trace t JOIN task k ON k.id = t.task_id ORDER BY k.task_key)"));
            assertEquals(
                    "model-2",
                    TestData.scalar(
                            p,
                            "SELECT json_extract(t.extra, '$.row_id') FROM trace t JOIN task k "
                                    + "ON k.id = t.task_id WHERE k.task_key = 'sage/2'"));
            SelectionLabeller.Result c = SelectionLabeller.classify(p);
            assertEquals(0, c.noScenario());
            assertEquals(3, c.traces());
        }
    }

    @Test
    void aRowMatchingNoInputIsRefusedWithFileLineAndWhatWasExpected() throws Exception {
        Path nlt = TestData.nlt();
        JsonNode sage = Json.MAPPER.readTree(nlt.resolve("sage.json").toFile());
        try (Project p = project()) {
            new Importer(p, null).importFiles(List.of(nlt.resolve("sage.json")), Format.AUTO, null);
            Path runs = rowIdRuns(sage, 2, "a message that is in no scenario file");
            ImportException e = assertThrows(
                    ImportException.class, () -> new Importer(p, null).importFiles(List.of(runs), Format.AUTO, null));
            String m = e.getMessage();
            assertTrue(m.contains("rows.jsonl") && m.contains("3") && m.contains("/id"), m);
            assertTrue(
                    m.contains("no input of scenario 'sage' matches this run")
                            && m.contains("\"model-99\"")
                            && m.contains("1, 2, 3")
                            && m.contains("a message that is in no scenario file")
                            && m.contains("--new-inputs"),
                    m);
            assertEquals(0, TestData.count(p, "trace"), "nothing of the file is imported");

            // asked for: the row becomes a new input of the scenario, with the scenario's tools, and classifies
            ImportReport r =
                    new Importer(p, null).addUnmatchedInputs(true).importFiles(List.of(runs), Format.AUTO, null);
            assertTrue(
                    r.files().get(0).summary().contains("3 tasks (1 new)"),
                    r.files().get(0).summary());
            assertEquals("17", TestData.scalar(p, "SELECT count(*) FROM task"));
            assertEquals(
                    "1",
                    TestData.scalar(
                            p,
                            "SELECT count(*) FROM task WHERE task_key = 'sage/model-99' "
                                    + "AND toolset_id = (SELECT toolset_id FROM task WHERE task_key = 'sage/1')"));
            SelectionLabeller.Result c = SelectionLabeller.classify(p);
            assertEquals(0, c.noScenario());
            assertEquals(3, c.traces());
        }
    }

    @Test
    void anIdThatNamesOneInputWithTheTextOfAnotherIsRefused() throws Exception {
        Path nlt = TestData.nlt();
        JsonNode sage = Json.MAPPER.readTree(nlt.resolve("sage.json").toFile());
        try (Project p = project()) {
            Path runs = dir.resolve("swapped.jsonl");
            Files.write(
                    runs,
                    List.of(row("1", sage.get("inputs").get(4).get("input").asText(), "Safety Call -- NO")));
            // the scenario file in the same import: its inputs are known before the runs are read
            ImportException e = assertThrows(ImportException.class, () -> new Importer(p, null)
                    .importFiles(List.of(nlt.resolve("sage.json"), runs), Format.AUTO, null));
            assertTrue(
                    e.getMessage().contains("swapped.jsonl")
                            && e.getMessage().contains("id 1 names input 1")
                            && e.getMessage().contains("that of input 5"),
                    e.getMessage());
            assertEquals(0, TestData.count(p, "task"));
        }
    }

    @Test
    void classifyNamesTheUnknownScenarioAndItsInputs() throws Exception {
        Path runs = dir.resolve("r.jsonl");
        Files.write(
                runs,
                List.of(
                        row("10", "x", "Safety Call -- NO").replace("\"sage\"", "\"harbor\""),
                        row("2", "y", "Safety Call -- NO").replace("\"sage\"", "\"harbor\"")));
        try (Project p = project()) {
            new Importer(p, null).importFiles(List.of(runs), Format.AUTO, null);
            SelectionLabeller.Result r = SelectionLabeller.classify(p);
            assertEquals(2, r.noScenario());
            assertEquals(
                    List.of("scenario 'harbor' is not imported (its tools are unknown); inputs 2, 10 "
                            + "(import its scenario file with --format nlt-scenario)"),
                    r.unknownLines());
        }
    }
}
