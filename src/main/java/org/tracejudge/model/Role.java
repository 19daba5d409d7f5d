package org.tracejudge.model;

/** Who speaks in a turn. */
public enum Role {
    SYSTEM,
    USER,
    ASSISTANT,
    TOOL;

    public String code() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    public static Role fromCode(String code) {
        return switch (code) {
            case "system", "developer" -> SYSTEM;
            case "user" -> USER;
            case "assistant" -> ASSISTANT;
            case "tool", "function" -> TOOL;
            default -> throw new IllegalArgumentException("unknown role '" + code + "'");
        };
    }
}
