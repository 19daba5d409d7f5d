package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.calibration.CalibrationDraw;
import org.tracejudge.calibration.CalibrationDraws;
import org.tracejudge.calibration.SamplingDesign;
import org.tracejudge.json.Json;
import org.tracejudge.model.RaterKind;
import org.tracejudge.store.Adjudications;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;

/**
 * The bad inputs issue 35 names, each through the command line: a clear message, never NaN in any format — a judge
 * with no gold overlap, a stratum (a model) whose gold has one class only, gold made only by disagreement, and a
 * sample drawn before more traces were imported.
 */
class CalibrationBadInputCliTest {
    @TempDir
    Path dir;

    private Path project() {
        return CliTest.classifiedSample(dir);
    }

    private static void noNaN(CliTest.Run r) {
        assertFalse(r.out().contains("NaN") || r.out().contains("Infinity"), r.out());
    }

    @Test
    void aJudgeWithNoGoldOverlapIsNamedWithZeroNotNaN() {
        Path p = project();
        try (Project project = Project.open(p)) {
            List<String> ids = List.of(TestData.scalar(
                            project, "SELECT group_concat(id) FROM (SELECT id FROM trace " + "ORDER BY id LIMIT 10)")
                    .split(","));
            project.write(c -> {
                String rater = Ledger.ensureRater(c, "late-judge", RaterKind.LLM_JUDGE, "", null, null);
                for (String id : ids.subList(0, 5)) {
                    Ledger.append(c, null, Ledger.Entry.set(id, rater, "correct", "test"));
                }
                return null;
            });
            // gold only on the five traces the late judge never labelled
            ids.subList(5, 10).forEach(id -> Adjudications.decide(project, id, "ana", "correct", null));
        }
        CliTest.Run r = CliTest.run("calibration", p.toString(), "--rater", "late-judge");
        assertEquals(0, r.code(), r.err());
        noNaN(r);
        assertTrue(
                r.out().contains("late-judge") && r.out().contains("no gold trace has a label of late-judge"), r.out());
        r = CliTest.run("calibration", p.toString(), "--rater", "late-judge", "--format", "json");
        assertEquals(0, r.code(), r.err());
        noNaN(r);
        JsonNode j = Json.read(r.out()).get("raters").get(0);
        assertEquals(0, j.get("n").asInt());
        assertEquals(5, j.get("gold_without_its_label").asInt());
        assertTrue(j.get("accuracy").get("value").isNull(), j.toString());
        assertTrue(
                j.get("note").asText().startsWith("no gold trace has a label of late-judge (the 5 gold traces"),
                j.toString());
    }

    @Test
    void aModelWhoseGoldHasOneClassGivesReasonsNotNaN() {
        Path p = project();
        try (Project project = Project.open(p)) {
            CalibrationDraw d = CalibrationDraws.draw(project, "calibration", SamplingDesign.STRATIFIED, 30, 2);
            d.draws().forEach(x -> Adjudications.decide(project, x.traceId(), "ana", "correct", null));
        }
        for (String format : List.of("table", "json")) {
            CliTest.Run r = CliTest.run("calibration", p.toString(), "--format", format);
            assertEquals(0, r.code(), r.err());
            noNaN(r);
            r = CliTest.run("calibration", p.toString(), "--corrected", "--format", format);
            assertEquals(0, r.code(), r.err());
            noNaN(r);
            if (format.equals("table")) {
                assertTrue(
                        r.out().contains("only traces with this label")
                                || r.out().contains("no trace with this label"),
                        r.out());
            }
        }
        CliTest.Run r = CliTest.run("calibration", p.toString(), "--format", "json");
        JsonNode first = Json.read(r.out()).get("raters").get(0);
        assertTrue(first.get("kappa").isNull() || first.get("kappa").isNumber(), first.toString());
    }

    @Test
    void goldMadeOnlyByDisagreementIsRefusedForTheCorrectedRates() {
        Path p = project();
        CliTest.Run r =
                CliTest.run("sample", p.toString(), "--design", "disagreement", "--n", "10", "--format", "json");
        assertEquals(0, r.code(), r.err());
        try (Project project = Project.open(p)) {
            Json.read(r.out())
                    .get("traces")
                    .forEach(
                            t -> Adjudications.decide(project, t.get("trace_id").asText(), "ana", "correct", null));
        }
        r = CliTest.run("calibration", p.toString(), "--corrected");
        assertEquals(1, r.code());
        assertTrue(
                r.err().contains("no probability sample")
                        && r.err().contains("drawn by disagreement or judge " + "uncertainty")
                        && r.err().contains("--design uniform"),
                r.err());
        // the diagnostics take that gold
        r = CliTest.run("calibration", p.toString());
        assertEquals(0, r.code(), r.err());
        noNaN(r);
    }

    @Test
    void aSampleDrawnBeforeMoreTracesWereImportedIsRefusedSayingWhatChanged() throws Exception {
        Path p = project();
        assertEquals(0, CliTest.run("sample", p.toString(), "--n", "20").code());
        try (Project project = Project.open(p)) {
            for (CalibrationDraw.DrawnTrace d :
                    CalibrationDraws.read(project, "calibration").draws()) {
                Adjudications.decide(project, d.traceId(), "ana", "correct", null);
            }
        }
        assertEquals(0, CliTest.run("calibration", p.toString(), "--corrected").code());
        // a re-import brings a fourth model's 20 traces: they had no chance of being drawn
        Path more = dir.resolve("zephyr-1_20261103_120000.json");
        Files.writeString(
                more,
                Files.readString(TestData.SAMPLE.resolve("results").resolve("acme-lm-7b_20261101_120000.json"))
                        .replace("acme-lm-7b", "zephyr-1"));
        CliTest.Run r = CliTest.run("import", p.toString(), more.toString());
        assertEquals(0, r.code(), r.err());
        for (String[] args : new String[][] {
            {"calibration", p.toString(), "--corrected"}, {"metrics", p.toString(), "--source", "corrected"}
        }) {
            r = CliTest.run(args);
            assertEquals(1, r.code(), r.out());
            assertTrue(
                    r.err()
                                    .contains(
                                            "sample 'calibration' no longer is a probability sample of the project: the "
                                                    + "project held 60 traces when it was drawn and holds 80 now")
                            && r.err().contains("--name " + "calibration-2"),
                    r.err());
        }
        // a new sample over the 80 is taken
        assertEquals(
                0,
                CliTest.run("sample", p.toString(), "--n", "20", "--name", "calibration-2")
                        .code());
        r = CliTest.run("calibration", p.toString(), "--corrected", "--sample", "calibration-2");
        assertEquals(0, r.code(), r.err());
        noNaN(r);
    }
}
