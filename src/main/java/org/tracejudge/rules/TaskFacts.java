package org.tracejudge.rules;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.tracejudge.model.GroundTruth;
import org.tracejudge.model.Task;
import org.tracejudge.model.TaskType;

/** What both modes need to know about a task, computed once per task. */
final class TaskFacts {
    final Task task;
    final boolean control;
    final String expectedTool; // null on control tasks (or a tool-required task without an expected call)
    final LeafValues leaves;
    final List<String> mustContain;
    final boolean matchAny;
    final String matchMode;
    final Set<String> returnKeys;

    TaskFacts(Task task) {
        if (task.type() != TaskType.TOOL_REQUIRED && task.type() != TaskType.CONTROL) {
            throw new IllegalArgumentException("the ToolFailBench rule classifies tool-required and control tasks, not "
                    + task.type().code() + " (task " + task.key() + ")");
        }
        this.task = task;
        this.control = task.type() == TaskType.CONTROL;
        this.expectedTool =
                task.expectedCall() == null ? null : task.expectedCall().name();
        this.leaves = LeafValues.of(control ? null : task.toolReturn());
        GroundTruth gt = task.groundTruth() == null ? GroundTruth.NONE : task.groundTruth();
        this.mustContain = gt.mustContain();
        this.matchMode = gt.matchMode();
        // the harness: "any" means any; every other mode value is treated as "all"
        this.matchAny = "any".equals(gt.matchMode());
        Set<String> keys = new LinkedHashSet<>();
        LeafValues.collectKeys(task.toolReturn(), keys);
        this.returnKeys = keys;
    }

    /** Same content as far as the rule is concerned (used to validate a cache hit for a different Task object). */
    boolean sameRuleInputs(Task other) {
        return other == task
                || (other.type() == task.type()
                        && java.util.Objects.equals(
                                other.expectedCall() == null
                                        ? null
                                        : other.expectedCall().name(),
                                expectedTool)
                        && java.util.Objects.equals(other.toolReturn(), task.toolReturn())
                        && java.util.Objects.equals(other.groundTruth(), task.groundTruth())
                        && java.util.Objects.equals(other.userMessage(), task.userMessage()));
    }
}
