package org.tracejudge.calls;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One key of the argument diff.
 *
 * @param gold    the gold value (null for {@link DiffKind#EXTRA})
 * @param actual  the call's value (null for {@link DiffKind#MISSING})
 * @param origin  where the call's value came from; null when the call passes no value
 * @param turn    for {@link Origin#IN_CONTEXT}: the latest earlier turn the value occurs in, else -1
 * @param session that turn's session, or null
 * @param stale   the value occurs in context, but the gold value occurs later (an outdated value was used)
 */
public record ArgEntry(
        String key,
        DiffKind kind,
        JsonNode gold,
        JsonNode actual,
        Origin origin,
        int turn,
        String session,
        boolean stale) {}
