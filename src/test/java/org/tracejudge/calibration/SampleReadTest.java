package org.tracejudge.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.store.Project;

/**
 * A sample read back carries each draw's stratum size as stored. {@code CalibrationDraws.read} asked {@code wasNull} after the
 * {@code why} column (never null) instead of the population's, so a draw stored without a population (rows of schema 8)
 * came back with a population of 0 rather than none, and a question's correction took 0 for the stratum's size instead
 * of falling back to 1 / inclusion.
 */
class SampleReadTest {
    @TempDir
    Path dir;

    @Test
    void theStoredPopulationReadsBackWhateverTheReason() {
        try (Project p = SampleProject.open(SampleProject.Kind.BENCHMARK, dir.resolve("s.tjdb"))) {
            p.write(c -> {
                try (java.sql.Statement s = c.createStatement()) {
                    s.executeUpdate("INSERT INTO calibration_draw(sample, trace_id, design, stratum, inclusion, seed, "
                            + "why, drawn_at, population) SELECT 'v', id, 'uniform', 'all', 0.5, 1, 'drawn', "
                            + "'2026-12-03T00:00:00Z', 42 FROM trace ORDER BY id LIMIT 1");
                    s.executeUpdate("INSERT INTO calibration_draw(sample, trace_id, design, stratum, inclusion, seed, "
                            + "why, drawn_at, population) SELECT 'w', id, 'uniform', 'all', 0.5, 1, 'drawn', "
                            + "'2026-12-03T00:00:00Z', NULL FROM trace ORDER BY id LIMIT 1");
                }
                return null;
            });
            CalibrationDraw.DrawnTrace v = CalibrationDraws.read(p, "v").draws().get(0);
            assertEquals(Integer.valueOf(42), v.population());
            CalibrationDraw.DrawnTrace w = CalibrationDraws.read(p, "w").draws().get(0);
            assertEquals("drawn", w.why());
            assertNull(w.population(), "no population stored: none read, not 0");
        }
    }
}
