package org.tracejudge.scheme;

import java.util.Map;
import java.util.Set;
import org.tracejudge.model.TaskType;

/**
 * Which traces a question applies to: by task type (none listed = every type) and, optionally, only when another
 * question's answer meets a condition.
 *
 * @param taskTypes the task types, empty for all
 * @param when the condition, or null for none
 */
public record AppliesTo(Set<TaskType> taskTypes, Condition when) {
    /** Every trace. */
    public static final AppliesTo ALL = new AppliesTo(Set.of(), null);

    public AppliesTo {
        taskTypes = Set.copyOf(taskTypes);
    }

    /** Only traces of these types. */
    public static AppliesTo types(TaskType... types) {
        return new AppliesTo(Set.of(types), null);
    }

    /** Whether the task type fits, not looking at the condition. */
    public boolean type(TaskType type) {
        return taskTypes.isEmpty() || taskTypes.contains(type);
    }

    /**
     * Whether a question applies to a trace of this type whose current answers (by question key) are these.
     *
     * @param type the trace's task type
     * @param answers the trace's answers by question key (missing = unanswered)
     */
    public boolean test(TaskType type, Map<String, Answer> answers) {
        return type(type) && (when == null || when.holds(answers.get(when.question())));
    }
}
