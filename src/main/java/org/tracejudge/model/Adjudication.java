package org.tracejudge.model;

import java.time.Instant;

/** A human's final decision on a trace, appended to the adjudication ledger. */
public record Adjudication(
        String id,
        String traceId,
        String annotator,
        String value,
        String rationale,
        String replaces,
        Instant createdAt,
        boolean withdrawn) {}
