package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.ensemble.JudgeChoice;
import org.tracejudge.ensemble.LabelSources;
import org.tracejudge.json.Json;
import org.tracejudge.metrics.Dashboard;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.store.Adjudications;
import org.tracejudge.store.Project;
import org.tracejudge.store.TraceTable;

/**
 * The bundled sample as it opens (issue 48, items 6 and 7): the window's table shows Ensemble and Final with the
 * harness as the rule rater, and the command line takes the same raters — {@code metrics}, {@code ensemble} and
 * {@code calibration --corrected} no longer fail with "no rater 'rule'" — with the same figures as the dashboard; the
 * corrected rates name the recommended figure and why.
 */
class SampleAgreesCliTest {
    @TempDir
    Path dir;

    @Test
    void theCommandLineTakesTheEnsembleTheWindowShows() {
        Path p = dir.resolve("sample.tjdb");
        SampleProject.build(p);
        CliTest.Run r = CliTest.run("metrics", p.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("Metrics from 'final'"), r.out());
        r = CliTest.run("ensemble", p.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("harness"), r.out());

        JsonNode ens = Json.read(CliTest.run("metrics", p.toString(), "--source", "ensemble", "--format", "json")
                .out());
        try (Project project = Project.open(p)) {
            TraceTable.Layout layout = TraceTable.layout(project, null);
            String ruleColumn = layout.columns().stream()
                    .filter(c -> c.key().equals(layout.ruleRater()))
                    .findFirst()
                    .orElseThrow()
                    .title();
            assertEquals("harness", ruleColumn, "the window's ensemble: the harness with the two judges");
            assertEquals(
                    ruleColumn, JudgeChoice.resolve(project, null, null).rule().column());
            Dashboard d = Dashboard.compute(project);
            assertNotNull(d.judges(), d.ensembleNote());
            for (JsonNode m : ens.get("models")) {
                String model = m.get("model").asText();
                for (String rate : List.of("TSR", "CTUR", "RIR", "OFR", "UTR")) {
                    assertEquals(
                            d.bySource()
                                            .get(LabelSources.ENSEMBLE)
                                            .model(model)
                                            .rate(rate)
                                            .percent()
                                    / 100,
                            m.get(rate).asDouble(),
                            1e-12,
                            model + " " + rate + ": the dashboard's figure");
                }
            }
        }

        // a calibration sample, decided as the harness says except one trace: the corrected rates come, each with the
        // recommended figure and its reason, in text and JSON
        r = CliTest.run("sample", p.toString(), "--n", "30", "--seed", "3", "--format", "json");
        assertEquals(0, r.code(), r.err());
        try (Project project = Project.open(p)) {
            int k = 0;
            for (JsonNode t : Json.read(r.out()).get("traces")) {
                String id = t.get("trace_id").asText();
                String v = org.tracejudge.TestData.scalar(
                        project,
                        "SELECT l.value FROM current_label l JOIN rater r ON r.id = l.rater_id "
                                + "WHERE r.name = 'harness' AND l.trace_id = '" + id + "'");
                Adjudications.decide(project, id, "ana", k++ == 0 && v.equals("correct") ? "tool_skip" : v, null);
            }
        }
        r = CliTest.run("calibration", p.toString(), "--corrected", "--format", "json");
        assertEquals(0, r.code(), r.err());
        JsonNode c = Json.read(r.out());
        assertEquals(LabelSources.ENSEMBLE, c.get("judge").asText());
        int rows = 0;
        for (JsonNode row : c.get("rates")) {
            JsonNode rec = row.get("recommended");
            assertNotNull(rec, row.toString());
            String figure = rec.get("figure").asText();
            assertTrue(List.of("judge_only", "gold_only", "ppi").contains(figure), figure);
            assertFalse(rec.get("reason").asText().isBlank());
            if (row.get(figure).has("value") && !row.get(figure).get("value").isNull()) {
                assertEquals(
                        row.get(figure).get("value").asDouble(),
                        rec.get("value").asDouble(),
                        0,
                        row.toString());
            }
            rows++;
        }
        assertEquals(18, rows, "3 models × 6 rates");
        r = CliTest.run("calibration", p.toString(), "--corrected");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("Recommended: the figure to trust for each rate"), r.out());
        assertTrue(r.out().contains("recommended: "), r.out());
    }
}
