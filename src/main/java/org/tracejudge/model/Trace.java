package org.tracejudge.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * What one model did on one task: ordered turns, the calls it actually executed, and its final answer.
 * Tool-call-looking text inside the answer is never an executed call.
 *
 * @param run   which run of the model this was (e.g. the results file's timestamp)
 * @param extra everything else the source carried (raw provider responses, errors, usage)
 */
public record Trace(
        String id,
        String taskId,
        String model,
        String run,
        List<Turn> turns,
        List<ToolCall> executedCalls,
        String answer,
        JsonNode extra) {
    public Trace {
        turns = turns == null ? List.of() : List.copyOf(turns);
        executedCalls = executedCalls == null ? List.of() : List.copyOf(executedCalls);
        answer = answer == null ? "" : answer;
    }

    public boolean called(String toolName) {
        return executedCalls.stream().anyMatch(c -> c.name().equals(toolName));
    }
}
