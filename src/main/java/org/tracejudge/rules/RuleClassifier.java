package org.tracejudge.rules;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.tracejudge.model.Task;
import org.tracejudge.model.Trace;

/**
 * The ToolFailBench rule classifier. {@link Mode#COMPAT} reproduces the published harness rule exactly (quirks
 * included); {@link Mode#TOLERANT} fixes its known brittleness, each fix named in the evidence.
 * Thread-safe; per-task data (leaf values, normalised forms) is computed once per task id and cached.
 */
public final class RuleClassifier {
    public enum Mode {
        COMPAT,
        TOLERANT;

        public String code() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    private final Mode mode;
    private final CompatRule compat;
    private final TolerantRule tolerant;
    private final Map<String, Object> cache = new ConcurrentHashMap<>();

    /** Compat with the published rule's indicator names, tolerant with ours. */
    public RuleClassifier(Mode mode) {
        this(mode, indicatorsOf(mode));
    }

    /** The mode with another indicator list (tests). */
    public RuleClassifier(Mode mode, Indicators indicators) {
        this.mode = mode;
        this.compat = new CompatRule(indicators);
        this.tolerant = new TolerantRule(indicators);
    }

    /** The indicator list a mode uses: the published 100 names for compat, our own list for tolerant. */
    public static Indicators indicatorsOf(Mode mode) {
        return mode == Mode.COMPAT ? Indicators.published() : Indicators.defaults();
    }

    public Mode mode() {
        return mode;
    }

    /**
     * Classifies one trace of a tool-required or control task.
     *
     * @throws IllegalArgumentException for other task types
     */
    public RuleVerdict classify(Task task, Trace trace) {
        String cannot = unclassifiable(task);
        if (cannot != null) {
            throw new IllegalArgumentException(cannot + " (task " + task.key() + ")");
        }
        Object prepared = prepared(task);
        return mode == Mode.COMPAT
                ? compat.classify((CompatRule.Prepared) prepared, trace)
                : tolerant.classify((TolerantRule.Prepared) prepared, trace);
    }

    /** Why the rule cannot judge runs of a task, or null when it can. */
    public static final String NO_EXPECTED_CALL =
            "the task names no expected tool call (an imported agent run); the rule "
                    + "needs one to tell a skipped tool, so it gives no label: judge the run with a judge or by hand";

    /**
     * Null when the rule can classify runs of {@code task}; else why not. A tool-required task without an expected call
     * (agent traces from OpenTelemetry, Langfuse, Inspect, ...) is never called {@code tool_skip} for lack of one.
     */
    public static String unclassifiable(Task task) {
        if (task.type() == org.tracejudge.model.TaskType.TOOL_REQUIRED && task.expectedCall() == null) {
            return NO_EXPECTED_CALL;
        }
        return null;
    }

    /** Drops cached per-task data (e.g. after a task was re-imported with new content). */
    public void clearCache() {
        cache.clear();
    }

    private Object prepared(Task task) {
        String key = task.id() != null ? task.id() : task.key();
        if (key == null) {
            return build(task);
        }
        Object p = cache.get(key);
        if (p != null && facts(p).sameRuleInputs(task)) {
            return p;
        }
        p = build(task);
        cache.put(key, p);
        return p;
    }

    private Object build(Task task) {
        TaskFacts f = new TaskFacts(task);
        return mode == Mode.COMPAT ? new CompatRule.Prepared(f) : tolerant.prepare(f);
    }

    private static TaskFacts facts(Object p) {
        return p instanceof CompatRule.Prepared c ? c.facts : ((TolerantRule.Prepared) p).facts;
    }

    /** The tool return pretty-printed (2-space indent); evidence return spans are offsets into this text. */
    public static String prettyReturn(Task task) {
        return LeafValues.of(task.toolReturn()).prettyText();
    }

    /** The indicator names a mode uses ({@code published-indicators.txt} for compat, {@code indicators.txt} for tolerant). */
    public static List<String> indicatorNames(Mode mode) {
        return indicatorsOf(mode).names();
    }
}
