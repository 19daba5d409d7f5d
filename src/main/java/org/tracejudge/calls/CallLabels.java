package org.tracejudge.calls;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tracejudge.model.LabelSets;
import org.tracejudge.model.TaskType;

/** The call-level labels and their stated mapping onto the ToolFailBench taxonomy (null where none fits). */
public final class CallLabels {
    private CallLabels() {}

    public static final String CORRECT_CALL = "correct_call";
    public static final String WRONG_TOOL = "wrong_tool";
    public static final String WRONG_ARGUMENTS = "wrong_arguments";
    public static final String PREMATURE_CALL = "premature_call";
    public static final String ABSTAINED = "abstained";
    public static final String CORRECT_CLARIFICATION = "correct_clarification";
    public static final String INVENTED_MISSING_VALUE = "invented_missing_value";
    public static final String STALE_VALUE = "stale_value";

    public static List<String> all() {
        return LabelSets.forType(TaskType.CALL_LEVEL).labels();
    }

    /** The outcomes that count as right in call accuracy. */
    public static boolean correct(String label) {
        return CORRECT_CALL.equals(label) || CORRECT_CLARIFICATION.equals(label);
    }

    /**
     * Call-level label to ToolFailBench label. The reasoning: not calling when a call was due is a skipped tool;
     * using a value the conversation had already replaced ignores what the context returned; inventing a value the
     * user never gave fabricates; calling before the missing value was asked for uses a tool where none was due yet.
     * Wrong tool and wrong arguments have no ToolFailBench counterpart (ToolFailBench does not judge arguments).
     */
    public static final Map<String, String> TOOLFAILBENCH;

    static {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(CORRECT_CALL, "correct");
        m.put(WRONG_TOOL, null);
        m.put(WRONG_ARGUMENTS, null);
        m.put(PREMATURE_CALL, "unnecessary_tool_use");
        m.put(ABSTAINED, "tool_skip");
        m.put(CORRECT_CLARIFICATION, "correct");
        m.put(INVENTED_MISSING_VALUE, "output_fabrication");
        m.put(STALE_VALUE, "result_ignore");
        TOOLFAILBENCH = java.util.Collections.unmodifiableMap(m);
    }
}
