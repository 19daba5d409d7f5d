package org.tracejudge.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.Map;

/**
 * One entry of the label ledger: a verdict by one rater on one trace. Entries are never changed; a
 * newer entry for the same trace and rater {@code replaces} the older one.
 *
 * @param value      the label, or null for a null verdict (see {@code nullReason}) or a withdrawal
 * @param scores     rubric scores (e.g. tool_selection 0-3); empty when none
 * @param raw        the rater's raw output, kept verbatim
 * @param evidence   structured evidence (rule labels), may be null
 */
public record Label(
        String id,
        String traceId,
        String raterId,
        String value,
        String confidence,
        Map<String, Integer> scores,
        String rationale,
        String raw,
        String nullReason,
        JsonNode evidence,
        String replaces,
        Instant createdAt,
        boolean withdrawn) {
    public Label {
        scores = scores == null ? Map.of() : Map.copyOf(scores);
    }

    public boolean isNullVerdict() {
        return value == null && !withdrawn;
    }
}
