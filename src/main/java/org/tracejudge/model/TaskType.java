package org.tracejudge.model;

import java.util.Locale;

/** The structural kind of a task; decides which label set applies by default. */
public enum TaskType {
    /** A ToolFailBench task whose answer needs a tool return. */
    TOOL_REQUIRED("tool_required"),
    /** A ToolFailBench control task: no tool is needed. */
    CONTROL("control"),
    /** Choose a set of tools for an input (NLT selector / structured selection). */
    TOOL_SELECTION("tool_selection"),
    /** Judge one tool call inside a long conversation (ToolHaystack, DiaBench). */
    CALL_LEVEL("call_level");

    private final String code;

    TaskType(String code) {
        this.code = code;
    }

    public String code() {
        return code;
    }

    public static TaskType fromCode(String code) {
        for (TaskType t : values()) {
            if (t.code.equals(code)) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown task type '" + code + "'");
    }

    /** ToolFailBench convention: a task is tool-required unless its target failure mode is control. */
    public static TaskType ofTargetFailureMode(String target) {
        return target != null && target.toLowerCase(Locale.ROOT).equals("control") ? CONTROL : TOOL_REQUIRED;
    }
}
