package org.tracejudge.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.calibration.CalibrationDraws;
import org.tracejudge.calibration.SamplingDesign;

class DrawSealsTest {
    @TempDir
    Path dir;

    @Test
    void everyDrawIsSealedChainedAndCheckedRowByRow() {
        Path f = dir.resolve("p.tjdb");
        org.tracejudge.sample.SampleProject.build(f);
        try (Project p = Project.open(f)) {
            CalibrationDraws.draw(p, "a", SamplingDesign.UNIFORM, 10, 1);
            CalibrationDraws.extend(p, "b", 5, 2);
            CalibrationDraws.extend(p, "b", 5, 2);
            assertEquals("3", TestData.scalar(p, "SELECT count(*) FROM calibration_seal WHERE how = 'drawn'"));
            assertEquals(List.of(), p.read(c -> DrawSeals.problems(c, "a")));
            assertEquals(List.of(), p.read(c -> DrawSeals.problems(c, "b")));
            assertTrue(TestData.scalar(p, "SELECT value FROM project_meta WHERE key = 'calibration.seal_head'")
                    .endsWith(" 3"));

            // the same rows give the same digest; one changed column gives another
            String first = p.read(c -> DrawSeals.digest(
                    c,
                    "",
                    "a",
                    TestData.scalar(p, "SELECT min(drawn_at) FROM calibration_draw WHERE sample = 'a'"),
                    new int[1]));
            assertEquals(TestData.scalar(p, "SELECT digest FROM calibration_seal WHERE sample = 'a'"), first);
            p.write(c -> {
                try (var s = c.createStatement()) {
                    s.execute("DROP TRIGGER calibration_draw_no_update");
                    s.execute("UPDATE calibration_draw SET why = why || ' ' WHERE rowid = "
                            + "(SELECT max(rowid) FROM calibration_draw WHERE sample = 'b')");
                }
                return null;
            });
            List<String> b = p.read(c -> DrawSeals.problems(c, "b"));
            assertEquals(1, b.size(), b.toString());
            assertTrue(b.get(0).contains("rows changed since it was sealed"), b.toString());
            assertEquals(List.of(), p.read(c -> DrawSeals.problems(c, "a")), "a's own draw still holds");
        }
    }
}
