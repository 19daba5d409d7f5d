package org.tracejudge.model;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * What was asked and what a correct run looks like. {@code id} is the project's stable id (a UUID);
 * {@code key} is the benchmark's own id (e.g. {@code RI-FIN-001}). {@code body} keeps the task
 * exactly as imported, so nothing a format carries is lost.
 *
 * @param expectedCall null on control tasks
 * @param toolReturn   the mock tool return shown to the model; null when there is none
 * @param tools        the tools available to the model (OpenAI function schema list), may be null
 */
public record Task(
        String id,
        String key,
        String domain,
        TaskType type,
        String targetFailureMode,
        String labelSet,
        String userMessage,
        ToolCall expectedCall,
        JsonNode toolReturn,
        GroundTruth groundTruth,
        JsonNode tools,
        JsonNode body) {

    public boolean toolRequired() {
        return type == TaskType.TOOL_REQUIRED;
    }
}
