package org.tracejudge.judges.verdict;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;

/**
 * What a judge's reply amounted to: a valid label (with confidence, scores, reasoning and any evidence
 * items), or a null verdict with the reason. The raw reply text is kept either way.
 */
public record Verdict(
        String label,
        String confidence,
        Map<String, Integer> scores,
        String reasoning,
        JsonNode evidence,
        String nullReason,
        String raw) {
    public Verdict {
        scores = scores == null ? Map.of() : Map.copyOf(scores);
    }

    public static Verdict label(
            String label,
            String confidence,
            Map<String, Integer> scores,
            String reasoning,
            JsonNode evidence,
            String raw) {
        return new Verdict(label, confidence, scores, reasoning, evidence, null, raw);
    }

    public static Verdict nullVerdict(String reason, String raw) {
        return new Verdict(null, null, Map.of(), null, null, reason, raw);
    }

    /** The verdict with a scrub (the API key's) applied to every text it keeps: reasoning, evidence, reason, raw. */
    public Verdict scrubbed(java.util.function.UnaryOperator<String> scrub) {
        JsonNode ev = evidence;
        if (ev != null && !ev.isNull()) {
            String text = ev.toString();
            String clean = scrub.apply(text);
            if (!clean.equals(text)) {
                try {
                    ev = org.tracejudge.json.Json.read(clean);
                } catch (IllegalArgumentException e) {
                    ev = org.tracejudge.json.Json.MAPPER.getNodeFactory().textNode(clean);
                }
            }
        }
        return new Verdict(
                label,
                confidence,
                scores,
                reasoning == null ? null : scrub.apply(reasoning),
                ev,
                nullReason == null ? null : scrub.apply(nullReason),
                raw == null ? null : scrub.apply(raw));
    }

    public boolean isNull() {
        return label == null;
    }
}
