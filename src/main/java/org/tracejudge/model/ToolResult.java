package org.tracejudge.model;

import com.fasterxml.jackson.databind.JsonNode;

/** What a tool returned to the model; paired with its call by {@code callId} when the format has ids. */
public record ToolResult(String callId, String name, JsonNode content, boolean error) {}
