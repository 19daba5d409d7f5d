package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.importer.Importer;
import org.tracejudge.json.Json;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;

/**
 * A reviewer exports their own decisions (issue 36, item 17): `labels` has a column per annotator and the ensemble
 * and final labels the workbench shows; `metrics --source annotator:NAME` computes the rates from one person's
 * decisions, and a name nobody decided under is refused with the names that exist.
 */
class OwnDecisionsCliTest {
    @TempDir
    Path dir;

    @Test
    void labelsAndMetricsHaveEverySourceTheWorkbenchShows() throws Exception {
        Path f = dir.resolve("p.tjdb");
        String first;
        try (Project p = Project.open(f, Project.OpenOptions.createIfMissing("own"))) {
            new Importer(p, null).importFiles(TestData.sampleFiles(), null, null);
            first = TestData.scalar(
                    p,
                    "SELECT t.id FROM trace t JOIN task k ON k.id = t.task_id "
                            + "WHERE k.task_type = 'tool_required' ORDER BY t.model, k.task_key LIMIT 1");
            String tr = first;
            p.write(c -> {
                Ledger.adjudicate(c, tr, "dana", "result_ignore", "checked");
                return null;
            });
        }
        CliTest.Run csv = CliTest.run("labels", f.toString());
        assertEquals(0, csv.code(), csv.err());
        List<String> header =
                List.of(csv.out().lines().findFirst().orElseThrow().split(","));
        assertTrue(header.contains("annotator:dana") && header.contains("final"), header.toString());
        String row =
                csv.out().lines().filter(l -> l.startsWith(first)).findFirst().orElseThrow();
        List<String> cells = List.of(row.split(",", -1));
        assertEquals("result_ignore", cells.get(header.indexOf("annotator:dana")));
        assertEquals("result_ignore", cells.get(header.indexOf("final")), "the person's decision is final");

        CliTest.Run json = CliTest.run("labels", f.toString(), "--format", "json");
        JsonNode rows = Json.read(json.out()).path("rows");
        boolean seen = false;
        for (JsonNode r : rows) {
            if (r.path("trace_id").asText().equals(first)) {
                assertEquals("result_ignore", r.path("annotator:dana").asText());
                seen = true;
            }
        }
        assertTrue(seen);

        CliTest.Run m = CliTest.run("metrics", f.toString(), "--source", "annotator:dana", "--format", "json");
        assertEquals(0, m.code(), m.err());
        assertTrue(m.out().contains("annotator:dana"), m.out());
        CliTest.Run nobody = CliTest.run("metrics", f.toString(), "--source", "annotator:nobody");
        assertEquals(1, nobody.code());
        assertTrue(
                nobody.err().contains("no decisions by annotator 'nobody'")
                        && nobody.err().contains("dana"),
                nobody.err());
    }
}
