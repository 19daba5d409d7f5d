package org.tracejudge.scheme;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.tracejudge.model.LabelSet;
import org.tracejudge.model.LabelSets;
import org.tracejudge.model.TaskType;

/**
 * The fixed label sets as schemes: each {@link LabelSets} set is one question whose options are the set's labels (in
 * the set's order, value = label, definition = {@link LabelSets#definition}), so a label given under a label set is the
 * answer to that question. A question's key is the label set's name with '-' as '_' ("toolfailbench-required" ->
 * "toolfailbench_required"); each built-in scheme has that one question, and {@link #ALL} has all of them, each
 * restricted to its task type, for a project with traces of several types.
 */
public final class BuiltinSchemes {
    private BuiltinSchemes() {}

    /** The name of the scheme with every built-in question. */
    public static final String ALL_NAME = "tracejudge-builtin";

    /** ToolFailBench, tool-required tasks: correct, tool_skip, result_ignore, output_fabrication. */
    public static final Question TOOLFAILBENCH_REQUIRED = choice(
            LabelSets.TOOLFAILBENCH_REQUIRED,
            "Did the agent use the tool it needed, and does its answer stand on what the tool returned?",
            TaskType.TOOL_REQUIRED);

    /** ToolFailBench, control tasks: correct, unnecessary_tool_use, wrong_answer. */
    public static final Question TOOLFAILBENCH_CONTROL = choice(
            LabelSets.TOOLFAILBENCH_CONTROL,
            "No tool was needed: did the agent answer without one, and rightly?",
            TaskType.CONTROL);

    /** Tool-selection tasks, the trace's verdict on the chosen set of tools. */
    public static final Question TOOL_SELECTION = choice(
            LabelSets.TOOL_SELECTION,
            "Did the selector choose exactly the tools the input needs?",
            TaskType.TOOL_SELECTION);

    /** Call-level judging of one tool call in a long conversation. */
    public static final Question CALL_LEVEL = choice(
            LabelSets.forType(TaskType.CALL_LEVEL),
            "Was this the right call, with the right arguments, at the right moment?",
            TaskType.CALL_LEVEL);

    /** The NLT per-tool review: for each tool of a tool-selection task, should it fire. */
    public static final Question TOOL_YES_NO = new Question(
            key(LabelSets.TOOL_YES_NO),
            "For each tool: should it fire for this input?",
            Kind.YES_NO_PER_TOOL,
            true,
            false,
            AppliesTo.types(TaskType.TOOL_SELECTION),
            yesNoOptions(),
            null,
            null,
            java.util.Set.of());

    /** Every built-in question, in the order of {@link LabelSets#BUILT_IN} with call level last. */
    public static final List<Question> QUESTIONS =
            List.of(TOOLFAILBENCH_REQUIRED, TOOLFAILBENCH_CONTROL, TOOL_YES_NO, TOOL_SELECTION, CALL_LEVEL);

    /** One scheme with every built-in question, each applying to its task type. */
    public static final Scheme ALL = new Scheme(
            ALL_NAME,
            1,
            "The label sets Tracejudge has always had, one question per set, each for its task type.",
            QUESTIONS);

    /** The built-in question a task type's traces are judged with (the type's default label set). */
    public static Question questionFor(TaskType type) {
        return switch (type) {
            case TOOL_REQUIRED -> TOOLFAILBENCH_REQUIRED;
            case CONTROL -> TOOLFAILBENCH_CONTROL;
            case TOOL_SELECTION -> TOOL_SELECTION;
            case CALL_LEVEL -> CALL_LEVEL;
        };
    }

    /** The built-in scheme of a task type: its one question, named after its label set. */
    public static Scheme forType(TaskType type) {
        Question q = questionFor(type);
        return single(q);
    }

    /** The built-in question of a label set name ("toolfailbench-required", "tool-yes-no", "call-level", ...). */
    public static Optional<Question> forLabelSet(String labelSetName) {
        for (Question q : QUESTIONS) {
            if (q.key().equals(labelSetName.replace('-', '_'))) {
                return Optional.of(q);
            }
        }
        return Optional.empty();
    }

    /** The built-in scheme of a label set name: its one question, the scheme named like the set. */
    public static Optional<Scheme> schemeForLabelSet(String labelSetName) {
        return forLabelSet(labelSetName).map(BuiltinSchemes::single);
    }

    /** The label set name a built-in question stands for ("toolfailbench_required" -> "toolfailbench-required"). */
    public static String labelSetName(Question q) {
        return q.key().replace('_', '-');
    }

    /** The question key of a label set. */
    public static String key(LabelSet set) {
        return set.name().replace('-', '_');
    }

    /** YES and NO with the per-tool definitions. */
    static List<Option> yesNoOptions() {
        List<Option> o = new ArrayList<>();
        for (String v : LabelSets.TOOL_YES_NO.labels()) {
            o.add(Option.of(v, v, LabelSets.definition(v)));
        }
        return List.copyOf(o);
    }

    private static Scheme single(Question q) {
        return new Scheme(labelSetName(q), 1, "", List.of(q));
    }

    private static Question choice(LabelSet set, String prompt, TaskType type) {
        List<Option> options = new ArrayList<>();
        for (String label : set.labels()) {
            options.add(Option.of(label, label, LabelSets.definition(label)));
        }
        return new Question(
                key(set),
                prompt,
                Kind.SINGLE_CHOICE,
                true,
                false,
                AppliesTo.types(type),
                options,
                null,
                null,
                java.util.Set.of());
    }
}
