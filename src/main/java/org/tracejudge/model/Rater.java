package org.tracejudge.model;

import com.fasterxml.jackson.databind.JsonNode;

/** Anyone or anything that labels traces. A change of rubric or model is a new {@code version}. */
public record Rater(String id, String name, RaterKind kind, String version, JsonNode config, String description) {
    public Rater {
        version = version == null ? "" : version;
    }
}
