package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
 * `calibration` on the sample: a person's decisions are the gold; each machine rater gets its matrix, per-label
 * figures and verdict; people who disagree make no gold; a project with no gold says what to do.
 */
class CalibrationCliTest {
    @TempDir
    Path dir;

    @Test
    void eachMachineRaterIsMeasuredAgainstThePeoplesGold() throws Exception {
        Path f = dir.resolve("p.tjdb");
        try (Project p = Project.open(f, Project.OpenOptions.createIfMissing("cal"))) {
            new Importer(p, null).importFiles(TestData.sampleFiles(), null, null);
            CliTest.Run none = CliTest.run("calibration", f.toString());
            assertEquals(1, none.code());
            assertTrue(none.err().contains("no gold yet"), none.err());
            // dana decides 20 traces as the harness labelled them; on one more, ben disagrees with her
            List<String> traces = List.of(TestData.scalar(
                            p,
                            "SELECT group_concat(t.id) FROM (SELECT l.trace_id AS id "
                                    + "FROM current_label l JOIN rater r ON r.id = l.rater_id WHERE r.name = 'harness' AND l.action = 'set' "
                                    + "ORDER BY l.trace_id LIMIT 21) t")
                    .split(","));
            p.write(c -> {
                for (int i = 0; i < 20; i++) {
                    String v = TestData.scalar(
                            p,
                            "SELECT l.value FROM current_label l JOIN rater r ON r.id = l.rater_id "
                                    + "WHERE r.name = 'harness' AND l.trace_id = '" + traces.get(i) + "'");
                    Ledger.adjudicate(c, traces.get(i), "dana", v, "checked");
                }
                Ledger.adjudicate(c, traces.get(20), "dana", "correct", "");
                Ledger.adjudicate(c, traces.get(20), "ben", "tool_skip", "");
                return null;
            });
        }
        CliTest.Run r = CliTest.run("calibration", f.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(
                r.out().startsWith("Gold: 20 traces where everyone who decided agrees (1 where people disagree"),
                r.out());
        assertTrue(r.out().contains("harness against gold: n = 20"), r.out());
        assertTrue(r.out().contains("accuracy 1.00 ["), "the harness is its own gold here: " + r.out());
        assertTrue(r.out().contains("illustrative-dtree against gold"), r.out());
        assertFalse(r.out().contains("NaN"), r.out());
        CliTest.Run json =
                CliTest.run("calibration", f.toString(), "--rater", "illustrative-dtree", "--format", "json");
        assertEquals(0, json.code(), json.err());
        JsonNode doc = Json.read(json.out());
        assertEquals(20, doc.path("gold").path("traces").asInt());
        JsonNode dtree = doc.path("raters").get(0);
        assertEquals("illustrative-dtree", dtree.path("rater").asText());
        assertTrue(dtree.path("n").asInt() > 0 && dtree.path("per_label").size() > 0, dtree.toString());
        assertTrue(dtree.path("per_label").get(0).path("trust").isTextual());
        CliTest.Run unknown = CliTest.run("calibration", f.toString(), "--rater", "nobody");
        assertEquals(1, unknown.code());
        assertTrue(unknown.err().contains("no machine rater named 'nobody'"), unknown.err());
    }
}
