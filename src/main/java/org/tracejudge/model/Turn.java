package org.tracejudge.model;

import java.util.List;

/**
 * One turn of a conversation. Single-turn traces have a handful; multi-session conversations carry
 * a session id and badges (e.g. evidence / goal / distractor) on each turn.
 */
public record Turn(
        Role role,
        String text,
        List<ToolCall> toolCalls,
        List<ToolResult> toolResults,
        String sessionId,
        List<String> badges) {
    /**
     * The badge of a turn an earlier turn of the session made, which a run's input repeats (one trace per turn): shown
     * as context, never the run's own question, call or result.
     */
    public static final String EARLIER_TURN = "earlier turn";

    public Turn {
        toolCalls = toolCalls == null ? List.of() : List.copyOf(toolCalls);
        toolResults = toolResults == null ? List.of() : List.copyOf(toolResults);
        badges = badges == null ? List.of() : List.copyOf(badges);
    }

    public static Turn text(Role role, String text) {
        return new Turn(role, text, List.of(), List.of(), null, List.of());
    }
}
