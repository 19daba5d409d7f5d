package org.tracejudge.judges.verdict;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;

/**
 * What a judge's reply amounted to: a valid label (with confidence, scores, reasoning and any evidence
 * items), or a null verdict with the reason. The raw reply text is kept either way.
 */
public record Verdict(String label, String confidence, Map<String, Integer> scores, String reasoning,
                      JsonNode evidence, String nullReason, String raw) {
    public Verdict {
        scores = scores == null ? Map.of() : Map.copyOf(scores);
    }

    public static Verdict label(String label, String confidence, Map<String, Integer> scores, String reasoning,
                                JsonNode evidence, String raw) {
        return new Verdict(label, confidence, scores, reasoning, evidence, null, raw);
    }

    public static Verdict nullVerdict(String reason, String raw) {
        return new Verdict(null, null, Map.of(), null, null, reason, raw);
    }

    public boolean isNull() {
        return label == null;
    }
}
