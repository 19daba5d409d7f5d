package org.tracejudge.model;

import java.util.List;

/** The label sets every project starts with. */
public final class LabelSets {
    private LabelSets() {}

    public static final LabelSet TOOLFAILBENCH_REQUIRED = new LabelSet("toolfailbench-required",
            "ToolFailBench, tool-required tasks",
            List.of("correct", "tool_skip", "result_ignore", "output_fabrication"));
    public static final LabelSet TOOLFAILBENCH_CONTROL = new LabelSet("toolfailbench-control",
            "ToolFailBench, control tasks (no tool needed)",
            List.of("correct", "unnecessary_tool_use", "wrong_answer"));
    public static final LabelSet TOOL_YES_NO = new LabelSet("tool-yes-no",
            "Per tool of a tool-selection task: should it fire", List.of("YES", "NO"));
    public static final LabelSet TOOL_SELECTION = new LabelSet("tool-selection",
            "Tool-selection tasks, trace verdict",
            List.of("correct", "missed_tool", "extra_tool", "missed_and_extra", "unparseable"));

    public static final List<LabelSet> BUILT_IN =
            List.of(TOOLFAILBENCH_REQUIRED, TOOLFAILBENCH_CONTROL, TOOL_YES_NO, TOOL_SELECTION);

    /** The default label set of a task type. */
    public static LabelSet forType(TaskType type) {
        return switch (type) {
            case TOOL_REQUIRED -> TOOLFAILBENCH_REQUIRED;
            case CONTROL -> TOOLFAILBENCH_CONTROL;
            case TOOL_SELECTION -> TOOL_SELECTION;
            case CALL_LEVEL -> new LabelSet("call-level", "Call-level judging of long conversations",
                    List.of("correct_call", "wrong_tool", "wrong_arguments", "premature_call", "abstained",
                            "correct_clarification", "invented_missing_value", "stale_value"));
        };
    }
}
