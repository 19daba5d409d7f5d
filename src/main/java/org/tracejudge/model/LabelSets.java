package org.tracejudge.model;

import java.util.List;

/** The label sets every project starts with. */
public final class LabelSets {
    private LabelSets() {}

    public static final LabelSet TOOLFAILBENCH_REQUIRED = new LabelSet(
            "toolfailbench-required",
            "ToolFailBench, tool-required tasks",
            List.of("correct", "tool_skip", "result_ignore", "output_fabrication"));
    public static final LabelSet TOOLFAILBENCH_CONTROL = new LabelSet(
            "toolfailbench-control",
            "ToolFailBench, control tasks (no tool needed)",
            List.of("correct", "unnecessary_tool_use", "wrong_answer"));
    public static final LabelSet TOOL_YES_NO =
            new LabelSet("tool-yes-no", "Per tool of a tool-selection task: should it fire", List.of("YES", "NO"));
    public static final LabelSet TOOL_SELECTION = new LabelSet(
            "tool-selection",
            "Tool-selection tasks, trace verdict",
            List.of("correct", "missed_tool", "extra_tool", "missed_and_extra", "unparseable"));

    public static final List<LabelSet> BUILT_IN =
            List.of(TOOLFAILBENCH_REQUIRED, TOOLFAILBENCH_CONTROL, TOOL_YES_NO, TOOL_SELECTION);

    /**
     * One line per label saying when it applies, for the legend beside the decision keys. Written for Tracejudge from
     * the label semantics of the rules and rubrics (docs: the spec's rules-and-metrics.md beside the project, resources/rubrics).
     */
    private static final java.util.Map<String, String> DEFINITIONS = java.util.Map.ofEntries(
            java.util.Map.entry("correct", "did what the task needed, and the answer meets the ground truth"),
            java.util.Map.entry("tool_skip", "the expected tool was never executed"),
            java.util.Map.entry(
                    "result_ignore", "the tool ran, but the answer leaves out or contradicts what it returned"),
            java.util.Map.entry(
                    "output_fabrication", "the answer states figures or fields the tool return does not contain"),
            java.util.Map.entry("unnecessary_tool_use", "a control task, yet a tool was executed"),
            java.util.Map.entry("wrong_answer", "no tool (rightly), but the answer misses the ground truth"),
            java.util.Map.entry("YES", "this tool should fire"),
            java.util.Map.entry("NO", "this tool should not fire"),
            java.util.Map.entry("missed_tool", "a tool that should fire was left out"),
            java.util.Map.entry("extra_tool", "a tool that should not fire was chosen"),
            java.util.Map.entry("missed_and_extra", "both: a needed tool left out and an unneeded one chosen"),
            java.util.Map.entry("unparseable", "the selector's output could not be read"),
            java.util.Map.entry("correct_call", "the right tool with the right arguments"),
            java.util.Map.entry("wrong_tool", "another tool than the one due was called"),
            java.util.Map.entry("wrong_arguments", "the right tool, with arguments that differ"),
            java.util.Map.entry("premature_call", "called before the missing value was asked for"),
            java.util.Map.entry("abstained", "no call where one was due"),
            java.util.Map.entry("correct_clarification", "rightly asked the user for the missing value"),
            java.util.Map.entry("invented_missing_value", "filled in a value the user never gave"),
            java.util.Map.entry("stale_value", "used a value the conversation had already replaced"));

    /** What a label means, in one line ("" for a label of a project's own set without a definition). */
    public static String definition(String label) {
        return label == null ? "" : DEFINITIONS.getOrDefault(label, "");
    }

    /** The default label set of a task type. */
    public static LabelSet forType(TaskType type) {
        return switch (type) {
            case TOOL_REQUIRED -> TOOLFAILBENCH_REQUIRED;
            case CONTROL -> TOOLFAILBENCH_CONTROL;
            case TOOL_SELECTION -> TOOL_SELECTION;
            case CALL_LEVEL ->
                new LabelSet(
                        "call-level",
                        "Call-level judging of long conversations",
                        List.of(
                                "correct_call",
                                "wrong_tool",
                                "wrong_arguments",
                                "premature_call",
                                "abstained",
                                "correct_clarification",
                                "invented_missing_value",
                                "stale_value"));
        };
    }
}
