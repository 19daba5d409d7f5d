package org.tracejudge.agreement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tracejudge.json.Json;

/**
 * Gwet's AC1 for m raters against a reference computed from Gwet (2008)'s formulas in Python on 30 random complete
 * tables (src/test/resources/calibration/reference.py multi), and the kappa paradox it is there for: one dominant
 * label, raters who almost always agree, κ low and AC1 high, and the report says why.
 */
class GwetAc1Test {
    @Test
    void ac1EqualsTheReferenceFromTheFormulas() throws Exception {
        int cases = 0;
        try (InputStream in = getClass().getResourceAsStream("/calibration/ac1-multi.jsonl")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank()) {
                    continue;
                }
                JsonNode c = Json.read(line);
                List<String> labels = new ArrayList<>();
                c.get("labels").forEach(n -> labels.add(n.asText()));
                int q = labels.size();
                long[] sum = new long[q];
                long[] sq = new long[q];
                int m = c.get("table").get(0).size();
                for (JsonNode item : c.get("table")) {
                    int[] cnt = new int[q];
                    item.forEach(v -> cnt[labels.indexOf(v.asText())]++);
                    for (int k = 0; k < q; k++) {
                        sum[k] += cnt[k];
                        sq[k] += (long) cnt[k] * cnt[k];
                    }
                }
                assertEquals(
                        c.get("ac1").asDouble(),
                        FleissKappa.ac1(m, c.get("table").size(), sum, sq),
                        1e-12,
                        "case " + c.get("case"));
                cases++;
            }
        }
        assertEquals(30, cases);
    }

    @Test
    void theKappaParadoxIsNamedInTheReport() {
        // 100 items, two raters: 95 both 'correct', 4 where they split, 1 both 'tool_skip'
        LabelTable.Builder b = LabelTable.builder();
        for (int i = 0; i < 100; i++) {
            String a = i < 97 ? "correct" : "tool_skip";
            String c = i < 95 ? "correct" : i < 97 ? "tool_skip" : i < 99 ? "correct" : "tool_skip";
            b.add("t" + i, "a", a);
            b.add("t" + i, "b", c);
        }
        AgreementReport r = new AgreementCalculator().report(b.build());
        assertTrue(r.fleiss().ac1() > 0.9, "AC1 " + r.fleiss().ac1());
        assertTrue(r.fleiss().kappa() < 0.5, "kappa " + r.fleiss().kappa());
        assertTrue(
                r.fleiss().prevalenceNote().contains("one label dominates"),
                r.fleiss().prevalenceNote());
        assertTrue(ReportText.render(r).contains("AC1"));
    }
}
