package org.tracejudge.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;

/** A tool call: an executed one in a trace, or the expected one of a task. {@code id} may be null. */
public record ToolCall(String id, String name, JsonNode arguments) {
    public ToolCall {
        if (name == null) {
            throw new IllegalArgumentException("a tool call needs a name");
        }
        arguments = arguments == null ? NullNode.getInstance() : arguments;
    }

    public ToolCall(String name, JsonNode arguments) {
        this(null, name, arguments);
    }
}
