package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.json.Json;
import org.tracejudge.sample.SampleProject;

/** calibration --latent on the bundled sample: the Dawid-Skene estimate without gold, copies left out, said as such. */
class LatentCliTest {
    @TempDir
    Path dir;

    @Test
    void theLatentEstimateLeavesCopiesOutAndIsMarkedAnEstimate() {
        Path p = dir.resolve("p.tjdb");
        SampleProject.build(p);
        assertEquals(0, CliTest.run("classify", p.toString()).code());
        CliTest.Run r = CliTest.run("calibration", p.toString(), "--latent", "--format", "json");
        assertEquals(0, r.code(), r.err());
        JsonNode j = Json.read(r.out());
        assertTrue(j.get("estimator").asText().contains("estimate without gold"));
        assertEquals("rule", j.get("left_out").get(0).get("rater").asText(), "the compat rule copies the harness");
        assertEquals(3, j.get("raters").size());
        double shares = 0;
        for (JsonNode v : j.get("class_shares")) {
            shares += v.asDouble();
        }
        assertEquals(1, shares, 1e-9);
        for (JsonNode rater : j.get("raters")) {
            for (JsonNode row : rater.get("confusion")) {
                double s = 0;
                for (JsonNode v : row) {
                    s += v.asDouble();
                }
                assertEquals(1, s, 1e-9, rater.get("rater").asText());
            }
            assertTrue(rater.get("accuracy").asDouble() > 0.8, rater.toString());
        }
        r = CliTest.run("calibration", p.toString(), "--latent");
        assertTrue(
                r.out().startsWith("Latent-class estimate (Dawid-Skene, EM; no gold: an estimate, not gold)"), r.out());
        r = CliTest.run("calibration", p.toString(), "--latent", "--raters", "harness,rule");
        assertEquals(1, r.code());
        assertTrue(r.err().contains("three raters or more"), r.err());
        assertEquals(
                2,
                CliTest.run("calibration", p.toString(), "--raters", "harness,rule,illustrative-dtree")
                        .code());
    }
}
