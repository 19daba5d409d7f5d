package org.tracejudge.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.cli.CliAccess;
import org.tracejudge.importer.Importer;
import org.tracejudge.json.Json;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;

/**
 * `export --dataset DIR` (formats.md § 9): one JSON line per trace with every label, the final label and the item's
 * agreement, and a dataset card whose YAML header names the data file and whose text says how it was labelled.
 */
class DatasetExportTest {
    @TempDir
    Path dir;

    @Test
    void theDatasetHasEveryTraceItsLabelsAndACard() throws Exception {
        Path f = dir.resolve("p.tjdb");
        String first;
        try (Project p = Project.open(f, Project.OpenOptions.createIfMissing("study"))) {
            new Importer(p, null).importFiles(TestData.sampleFiles(), null, null);
            first = TestData.scalar(p, "SELECT id FROM trace ORDER BY id LIMIT 1");
            p.write(c -> {
                Ledger.adjudicate(c, first, "dana", "correct", "checked");
                return null;
            });
        }
        Path out = dir.resolve("dataset");
        CliAccess.Run r = CliAccess.run("export", f.toString(), out.toString(), "--dataset");
        assertEquals(0, r.code(), r.err());
        List<String> lines = Files.readAllLines(out.resolve("data").resolve("train.jsonl"));
        assertEquals(60, lines.size());
        JsonNode row = lines.stream()
                .map(Json::read)
                .filter(n -> n.path("trace_id").asText().equals(first))
                .findFirst()
                .orElseThrow();
        assertEquals("correct", row.path("annotators").path("dana").asText());
        assertEquals("correct", row.path("final_label").asText());
        assertTrue(row.path("labels").has("harness") && row.path("agreement").isNumber(), row.toString());
        String card = Files.readString(out.resolve("README.md"));
        assertTrue(card.startsWith("---\nlicense: other"), card);
        assertTrue(card.contains("path: data/train.jsonl") && card.contains("num_examples") == false, card);
        assertTrue(
                card.contains("the decisions of 1 person") && card.contains("Fleiss' kappa") && card.contains("AC1"),
                card);
        // the project itself is never a dataset folder
        CliAccess.Run onto = CliAccess.run("export", f.toString(), f.toString(), "--dataset");
        assertEquals(1, onto.code());
        // a folder cannot go to standard output
        CliAccess.Run dash = CliAccess.run("export", f.toString(), "-", "--dataset");
        assertEquals(2, dash.code());
        assertTrue(dash.err().contains("--dataset writes a folder"), dash.err());
        assertTrue(!Files.exists(Path.of("-")), "no folder named '-' was made");
    }
}
