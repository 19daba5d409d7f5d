package org.tracejudge.selection;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.tracejudge.model.ToolCall;

/**
 * The rule for tool-selection tasks: the selected set must equal the expected set exactly. Gives the trace
 * verdict (correct | missed_tool | extra_tool | missed_and_extra | unparseable) and one YES/NO per tool.
 */
public final class SelectionRule {
    private SelectionRule() {}

    public static final String CORRECT = "correct";
    public static final String MISSED = "missed_tool";
    public static final String EXTRA = "extra_tool";
    public static final String MISSED_AND_EXTRA = "missed_and_extra";
    public static final String UNPARSEABLE = "unparseable";

    /**
     * @param perTool  tool -> selected, for every tool of the scenario (empty when unparseable)
     * @param missed   expected tools not selected; {@code extra}: selected tools not expected
     * @param problems what could not be read; with a verdict other than unparseable only notes (e.g. a line naming no tool)
     */
    public record Result(
            String verdict,
            Map<String, Boolean> perTool,
            Set<String> missed,
            Set<String> extra,
            List<String> problems) {}

    /** An NLT selector's text. */
    public static Result ofText(String output, List<String> tools, Set<String> expected) {
        SelectorParser.Parsed p = SelectorParser.parse(output, tools);
        if (!p.complete()) {
            return new Result(UNPARSEABLE, Map.of(), Set.of(), Set.of(), p.problems());
        }
        Result r = compare(p.decisions(), expected);
        return new Result(r.verdict(), r.perTool(), r.missed(), r.extra(), p.problems());
    }

    /** Structured tool calls: a tool is selected when it was called at least once. */
    public static Result ofCalls(List<ToolCall> calls, List<String> tools, Set<String> expected) {
        List<String> problems = new ArrayList<>();
        Set<String> called = new LinkedHashSet<>();
        for (ToolCall c : calls) {
            if (tools.contains(c.name())) {
                called.add(c.name());
            } else {
                problems.add("call of a tool the scenario does not have: '" + c.name() + "'");
            }
        }
        if (!problems.isEmpty()) {
            return new Result(UNPARSEABLE, Map.of(), Set.of(), Set.of(), problems);
        }
        Map<String, Boolean> perTool = new LinkedHashMap<>();
        for (String t : tools) {
            perTool.put(t, called.contains(t));
        }
        return compare(perTool, expected);
    }

    public static Result compare(Map<String, Boolean> perTool, Set<String> expected) {
        Set<String> missed = new LinkedHashSet<>();
        Set<String> extra = new LinkedHashSet<>();
        perTool.forEach((t, yes) -> {
            if (yes && !expected.contains(t)) {
                extra.add(t);
            } else if (!yes && expected.contains(t)) {
                missed.add(t);
            }
        });
        String verdict =
                missed.isEmpty() ? (extra.isEmpty() ? CORRECT : EXTRA) : (extra.isEmpty() ? MISSED : MISSED_AND_EXTRA);
        return new Result(verdict, perTool, missed, extra, List.of());
    }
}
