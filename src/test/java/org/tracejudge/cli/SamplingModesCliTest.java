package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.json.Json;
import org.tracejudge.store.Adjudications;
import org.tracejudge.store.Project;

/**
 * The sampling modes of issue 35 (calibration.md § What to label next) through `sample --design`: disagreement and
 * judge uncertainty draw hard traces, say why each was drawn, carry no inclusion probability and are refused for the
 * corrected rates with the reason; until-precise draws uniform batches, waits for each to be decided, and stops once
 * the corrected rate's interval is narrow enough.
 */
class SamplingModesCliTest {
    @TempDir
    Path dir;

    private Path project() {
        return CliTest.classifiedSample(dir);
    }

    @Test
    void disagreementAndUncertaintySayWhyAndAreRefusedForCorrection() {
        Path p = project();
        CliTest.Run r = CliTest.run("sample", p.toString(), "--design", "disagreement", "--n", "8", "--format", "json");
        assertEquals(0, r.code(), r.err());
        JsonNode d = Json.read(r.out());
        assertEquals("disagreement", d.get("name").asText(), "named after the design unless --name says otherwise");
        assertFalse(d.get("probability_sample").asBoolean());
        assertEquals(8, d.get("traces").size());
        d.get("traces").forEach(t -> {
            assertTrue(t.get("inclusion").isNull(), "no inclusion probability: " + t);
            assertTrue(
                    t.get("why").asText().contains("raters disagree (")
                            && t.get("why").asText().contains(" says "),
                    t.get("why").asText());
        });
        r = CliTest.run("sample", p.toString(), "--design", "uncertainty", "--n", "5");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("not a probability sample") && r.out().contains("judges split ("), r.out());
        // the corrected rates refuse both, saying why, and so does the dashboard's source
        for (String[] args : new String[][] {
            {"calibration", p.toString(), "--corrected"}, {"metrics", p.toString(), "--source", "corrected"}
        }) {
            r = CliTest.run(args);
            assertEquals(1, r.code(), r.out());
            assertTrue(
                    r.err().contains("no probability sample")
                            && r.err().contains("disagreement, uncertainty")
                            && r.err().contains("--design uniform"),
                    r.err());
        }
        r = CliTest.run("calibration", p.toString(), "--corrected", "--sample", "disagreement");
        assertEquals(1, r.code());
        assertTrue(
                r.err().contains("sample 'disagreement' was drawn by disagreement, not as a probability sample"),
                r.err());
        // the gold of such a sample still serves the diagnostics
        try (Project project = Project.open(p)) {
            for (JsonNode t : d.get("traces")) {
                Adjudications.decide(project, t.get("trace_id").asText(), "ana", "correct", null);
            }
        }
        r = CliTest.run("calibration", p.toString(), "--format", "json");
        assertEquals(0, r.code(), r.err());
        assertFalse(r.out().contains("NaN"));
        // a uniform sample beside them is the one the corrected rates take
        assertEquals(0, CliTest.run("sample", p.toString(), "--n", "20").code());
        r = CliTest.run("calibration", p.toString(), "--corrected");
        assertEquals(0, r.code(), r.err());
    }

    @Test
    void untilPreciseDrawsBatchesUntilTheIntervalIsNarrowEnough() {
        Path p = project();
        String[] cmd = {
            "sample",
            p.toString(),
            "--design",
            "until-precise",
            "--batch",
            "10",
            "--half-width",
            "0.3",
            "--seed",
            "5",
            "--format",
            "json"
        };
        CliTest.Run r = CliTest.run(cmd);
        assertEquals(0, r.code(), r.err());
        JsonNode first = Json.read(r.out());
        assertEquals("until-precise", first.get("design").asText());
        assertEquals(10, first.get("traces").size());
        assertEquals(10, first.get("drawn_now").asInt());
        first.get("traces")
                .forEach(t -> assertEquals(10 / 60.0, t.get("inclusion").asDouble(), 1e-12));
        assertTrue(first.get("traces").get(0).get("why").asText().contains("until-precise, batch 1"));
        // nothing decided: nothing more drawn
        r = CliTest.run(cmd);
        JsonNode again = Json.read(r.out());
        assertEquals(0, again.get("drawn_now").asInt());
        assertTrue(
                again.get("until_precise").asText().startsWith("10 of the 10 drawn traces are not gold yet"),
                again.get("until_precise").asText());
        int rounds = 0;
        JsonNode now = again;
        while (now.get("until_precise").asText().contains("not gold yet")
                || now.get("drawn_now").asInt() > 0) {
            decideAll(p, now);
            r = CliTest.run(cmd);
            assertEquals(0, r.code(), r.err());
            now = Json.read(r.out());
            assertTrue(++rounds < 8, "stops: " + now.get("until_precise"));
            if (now.get("drawn_now").asInt() > 0) {
                int size = now.get("traces").size();
                // still a uniform draw of its size: every trace's probability is the size over 60
                now.get("traces")
                        .forEach(t ->
                                assertEquals(size / 60.0, t.get("inclusion").asDouble(), 1e-12));
                Set<String> ids = new HashSet<>();
                now.get("traces").forEach(t -> ids.add(t.get("trace_id").asText()));
                assertEquals(size, ids.size());
            }
        }
        assertTrue(
                now.get("until_precise").asText().startsWith("precise enough: CTUR half-width"),
                now.get("until_precise").asText());
        // another design under the same name is refused
        r = CliTest.run("sample", p.toString(), "--design", "until-precise", "--seed", "6");
        assertEquals(1, r.code());
        assertTrue(r.err().contains("grows only under its own design and seed"), r.err());
    }

    @Test
    void stratifiedByJudgeLabelWeighsEachStratumBySize() {
        Path p = project();
        CliTest.Run r = CliTest.run(
                "sample", p.toString(), "--design", "stratified-label", "--n", "40", "--seed", "9", "--format", "json");
        assertEquals(0, r.code(), r.err());
        JsonNode s = Json.read(r.out());
        java.util.Map<String, Integer> drawn = new java.util.TreeMap<>();
        java.util.Map<String, Double> pi = new java.util.TreeMap<>();
        for (JsonNode t : s.get("traces")) {
            String stratum = t.get("stratum").asText();
            assertEquals(3, stratum.split("\\|").length, "model|type|judge label: " + stratum);
            drawn.merge(stratum, 1, Integer::sum);
            pi.put(stratum, t.get("inclusion").asDouble());
            assertTrue(t.get("why").asText().contains("stratified by model × type × judge label, stratum " + stratum));
        }
        assertEquals(40, s.get("traces").size());
        assertTrue(pi.values().stream().distinct().count() > 1, "unequal inclusion probabilities: " + pi);
        // N_h = n_h / pi_h; each stratum gets two where it holds two
        java.util.Map<String, Integer> sizes = new java.util.TreeMap<>();
        drawn.forEach((h, k) -> {
            int bigN = (int) Math.round(k / pi.get(h));
            sizes.put(h, bigN);
            assertTrue(k >= Math.min(2, bigN), h + ": " + k + " of " + bigN);
        });
        // decide every drawn trace: correct, except a third of them tool_skip
        java.util.Map<String, String> gold = new java.util.HashMap<>();
        try (Project project = Project.open(p)) {
            int k = 0;
            for (JsonNode t : s.get("traces")) {
                String g = t.get("stratum").asText().contains("|control|")
                        ? "correct"
                        : k++ % 3 == 0 ? "tool_skip" : "correct";
                gold.put(t.get("trace_id").asText(), g);
                Adjudications.decide(project, t.get("trace_id").asText(), "ana", g, null);
            }
        }
        r = CliTest.run("calibration", p.toString(), "--corrected", "--format", "json");
        assertEquals(0, r.code(), r.err());
        JsonNode doc = Json.read(r.out());
        assertEquals("stratified-label", doc.get("sample").get("design").asText());
        int checked = 0;
        for (JsonNode row : doc.get("rates")) {
            if (!row.get("rate").asText().equals("TSR")) {
                continue;
            }
            String prefix = row.get("model").asText() + "|tool_required|";
            // the stratified mean by hand: sum over strata of N_h / N times the stratum's share of tool_skip gold
            double total = 0;
            double theta = 0;
            for (String h : sizes.keySet()) {
                if (h.startsWith(prefix)) {
                    total += sizes.get(h);
                }
            }
            for (String h : sizes.keySet()) {
                if (!h.startsWith(prefix)) {
                    continue;
                }
                int n = 0;
                int skip = 0;
                for (JsonNode t : s.get("traces")) {
                    if (t.get("stratum").asText().equals(h)) {
                        n++;
                        skip += gold.get(t.get("trace_id").asText()).equals("tool_skip") ? 1 : 0;
                    }
                }
                theta += sizes.get(h) / total * skip / n;
            }
            JsonNode ppi = row.get("ppi");
            assertEquals("PPI++ (stratified)", ppi.get("estimator").asText(), ppi.toString());
            assertEquals(theta, ppi.get("value").asDouble(), 1e-12, row.toString());
            assertEquals(ppi.get("value"), row.get("gold_only").get("value"));
            assertTrue(row.get("rogan_gladen").get("refused").asText().contains("stratified by the judge's label"));
            checked++;
        }
        assertEquals(3, checked, "one TSR row per model");
        r = CliTest.run("calibration", p.toString(), "--corrected");
        assertTrue(r.out().contains("stratified gold mean"), r.out());
        assertFalse(r.out().contains("NaN"));
    }

    private static void decideAll(Path p, JsonNode sample) {
        try (Project project = Project.open(p)) {
            int k = 0;
            for (JsonNode t : sample.get("traces")) {
                if (Adjudications.current(project, t.get("trace_id").asText()) == null) {
                    Adjudications.decide(
                            project, t.get("trace_id").asText(), "ana", k++ % 4 == 0 ? "tool_skip" : "correct", null);
                }
            }
        }
    }
}
