package org.tracejudge.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tracejudge.agreement.LabelTable;
import org.tracejudge.json.Json;

/**
 * The Dawid-Skene fit against {@code dawid_skene.jsonl}: 12 random rating tables (2-4 labels, 3-5 raters, up to 30%
 * missing) fitted by {@code dawid_skene.py} with numpy from the paper; priors, every confusion matrix and the
 * log-likelihood equal to 1e-9, the same number of EM iterations.
 */
class DawidSkeneTest {
    static final Path FIXTURE = Path.of("src/test/resources/calibration/dawid_skene.jsonl");

    private static LabelTable table(JsonNode c) {
        List<LabelTable.Triple> triples = new ArrayList<>();
        c.get("observations")
                .forEach(o -> triples.add(new LabelTable.Triple(
                        o.get(0).asText(), o.get(1).asText(), o.get(2).asText())));
        return LabelTable.of(triples);
    }

    @Test
    void theFitEqualsTheReference() throws Exception {
        List<String> lines = Files.readAllLines(FIXTURE);
        assertTrue(lines.size() >= 10, lines.size() + " cases");
        for (String line : lines) {
            JsonNode c = Json.read(line);
            LabelTable t = table(c);
            DawidSkene.Fit f = DawidSkene.fromVotes(t);
            String k = "case " + c.get("case").asInt();
            assertEquals(c.get("iterations").asInt(), f.iterations(), k);
            assertEquals(c.get("log_likelihood").asDouble(), f.logLikelihood(), 1e-9 * Math.abs(f.logLikelihood()), k);
            List<String> labels = new ArrayList<>();
            c.get("labels").forEach(l -> labels.add(l.asText()));
            List<String> raters = new ArrayList<>();
            c.get("raters").forEach(r -> raters.add(r.asText()));
            for (int a = 0; a < labels.size(); a++) {
                int ja = f.labels().indexOf(labels.get(a));
                assertEquals(c.get("priors").get(a).asDouble(), f.priors()[ja], 1e-9, k + " prior " + labels.get(a));
                for (int r = 0; r < raters.size(); r++) {
                    int jr = f.raters().indexOf(raters.get(r));
                    for (int b = 0; b < labels.size(); b++) {
                        int jb = f.labels().indexOf(labels.get(b));
                        assertEquals(
                                c.get("confusion").get(r).get(a).get(b).asDouble(),
                                f.confusion()[jr][ja][jb],
                                1e-9,
                                k + " rater " + raters.get(r));
                    }
                }
            }
        }
    }

    @Test
    void randomStartsReachTheSameFitOnAClearTableAndTwoRatersAreRefused() throws Exception {
        JsonNode c = Json.read(Files.readAllLines(FIXTURE).get(0));
        DawidSkene.Fit f = DawidSkene.fit(table(c), 4, 7);
        assertEquals(5, f.starts());
        assertTrue(f.converged());
        assertTrue(f.logLikelihood() >= DawidSkene.fromVotes(table(c)).logLikelihood() - 1e-9);
        LabelTable two =
                LabelTable.of(List.of(new LabelTable.Triple("i", "a", "x"), new LabelTable.Triple("i", "b", "y")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DawidSkene.fit(two, 0, 1));
        assertTrue(e.getMessage().contains("three raters"), e.getMessage());
    }
}
