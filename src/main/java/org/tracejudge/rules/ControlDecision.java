package org.tracejudge.rules;

import java.util.List;

/** The control-task rule, the same in both modes: any executed call, else the must-contain test. */
record ControlDecision(String label, String check) {
    static ControlDecision of(List<String> called, boolean mustContainPassed) {
        if (!called.isEmpty()) {
            return new ControlDecision("unnecessary_tool_use", "control_tool_called");
        }
        return mustContainPassed
                ? new ControlDecision("correct", "control_must_contain_passed")
                : new ControlDecision("wrong_answer", "control_must_contain_failed");
    }
}
