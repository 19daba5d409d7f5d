package org.tracejudge.rules;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.tracejudge.model.ToolCall;
import org.tracejudge.model.Trace;

/**
 * The published ToolFailBench harness rule, quirks included.
 * <ul>
 *   <li>"Contains" = case-insensitive substring of the raw answer, think blocks included.</li>
 *   <li>Leaf values are stringified as Python prints them ({@link PythonRepr}); an empty-string leaf occurs in
 *       every answer (Python: {@code "" in s} is true).</li>
 *   <li>Fabrication: {@code found < 0.3 * count}, evaluated in double precision as Python does (for every
 *       count the corpus can have this equals {@code 10 * found < 3 * count}: exactly 30% is <em>not</em>
 *       "fewer than 30%"). A return with no leaves never triggers fabrication ({@code 0 < 0.0} is false).</li>
 *   <li>Indicators: at least two <em>distinct</em> indicator names occur as substrings (so {@code iv} fires
 *       inside "give", {@code rate} inside "accurate").</li>
 *   <li>Must-contain: {@code all} over an empty list passes, {@code any} over an empty list fails (Python's
 *       {@code all([])}/{@code any([])}); a match mode other than {@code any} is read as {@code all}.</li>
 *   <li>A tool-required task without an expected call: every trace is a skip (nothing can match the name).</li>
 * </ul>
 */
final class CompatRule {
    static final double FABRICATION_THRESHOLD = 0.3;
    static final int MIN_INDICATORS = 2;

    /** Per-task data, computed once. */
    static final class Prepared {
        final TaskFacts facts;
        final String[] leafLower;
        final String[] mustLower;

        Prepared(TaskFacts facts) {
            this.facts = facts;
            List<LeafValues.Leaf> ls = facts.leaves.leaves();
            leafLower = new String[ls.size()];
            for (int i = 0; i < ls.size(); i++) {
                leafLower[i] = ls.get(i).pythonStr().toLowerCase(Locale.ROOT);
            }
            mustLower = new String[facts.mustContain.size()];
            for (int i = 0; i < mustLower.length; i++) {
                mustLower[i] = facts.mustContain.get(i).toLowerCase(Locale.ROOT);
            }
        }
    }

    private final Indicators indicators;

    CompatRule(Indicators indicators) {
        this.indicators = indicators;
    }

    RuleVerdict classify(Prepared p, Trace trace) {
        TaskFacts f = p.facts;
        String answer = trace.answer();
        LowerCased lc = new LowerCased(answer);
        String lower = lc.lower;
        List<String> called = new ArrayList<>(trace.executedCalls().size());
        for (ToolCall c : trace.executedCalls()) {
            called.add(c.name());
        }
        List<Span> think = ThinkBlocks.find(answer, lower);

        // must-contain (always evaluated, for the evidence)
        List<Evidence.MustContain> mc = new ArrayList<>(p.mustLower.length);
        int matched = 0;
        for (int i = 0; i < p.mustLower.length; i++) {
            int at = lower.indexOf(p.mustLower[i]);
            if (at >= 0) {
                matched++;
                mc.add(new Evidence.MustContain(
                        f.mustContain.get(i), true, lc.rawSpan(at, at + p.mustLower[i].length()), null));
            } else {
                mc.add(new Evidence.MustContain(f.mustContain.get(i), false, null, null));
            }
        }
        boolean mcPass = f.matchAny ? matched > 0 : matched == p.mustLower.length;

        if (f.control) {
            ControlDecision d = ControlDecision.of(called, mcPass);
            Evidence ev = new Evidence(
                    "compat",
                    null,
                    called,
                    !think.isEmpty(),
                    false,
                    think,
                    f.matchMode,
                    mcPass,
                    mc,
                    0,
                    0,
                    null,
                    List.of(),
                    List.of(),
                    null,
                    null,
                    null,
                    null);
            return new RuleVerdict(d.label(), d.check(), ev);
        }

        // leaf values
        List<LeafValues.Leaf> leaves = f.leaves.leaves();
        List<Evidence.LeafHit> hits = new ArrayList<>();
        int found = 0;
        for (int i = 0; i < p.leafLower.length; i++) {
            int at = lower.indexOf(p.leafLower[i]);
            if (at >= 0) {
                found++;
                LeafValues.Leaf leaf = leaves.get(i);
                hits.add(new Evidence.LeafHit(
                        leaf.pythonStr(),
                        leaf.pointer(),
                        lc.rawSpan(at, at + p.leafLower[i].length()),
                        leaf.returnSpan(),
                        null));
            }
        }
        int count = p.leafLower.length;

        // indicators: distinct names, first occurrence
        List<Evidence.IndicatorHit> ind = new ArrayList<>();
        int[] firstEnd = new int[indicators.compat.size()];
        int[] found2 = new int[indicators.compat.size()];
        int distinct = indicators.compat.firstMatches(lower, firstEnd, found2);
        // order by start, then by list position (insertion sort: a handful of hits)
        for (int k = 1; k < distinct; k++) {
            int id = found2[k];
            int start = firstEnd[id] - indicators.compat.pattern(id).length();
            int j = k - 1;
            while (j >= 0) {
                int o = found2[j];
                int os = firstEnd[o] - indicators.compat.pattern(o).length();
                if (os < start || (os == start && o < id)) {
                    break;
                }
                found2[j + 1] = o;
                j--;
            }
            found2[j + 1] = id;
        }
        for (int k = 0; k < distinct; k++) {
            int i = found2[k];
            String name = indicators.names().get(i);
            int len = indicators.compat.pattern(i).length();
            ind.add(new Evidence.IndicatorHit(
                    name, lc.rawSpan(firstEnd[i] - len, firstEnd[i]), f.returnKeys.contains(name)));
        }

        String label;
        String check;
        boolean skipped = f.expectedTool == null || !called.contains(f.expectedTool);
        boolean lowOverlap = found < FABRICATION_THRESHOLD * count;
        if (skipped) {
            label = "tool_skip";
            check = called.isEmpty() ? "expected_tool_not_called" : "expected_tool_not_called_other_tool_called";
        } else if (lowOverlap && ind.size() >= MIN_INDICATORS) {
            label = "output_fabrication";
            check = "fabrication_low_overlap_with_indicators";
        } else if (!mcPass) {
            label = "result_ignore";
            check = "must_contain_failed";
        } else {
            label = "correct";
            check = "all_checks_passed";
        }
        Evidence ev = new Evidence(
                "compat",
                f.expectedTool,
                called,
                !think.isEmpty(),
                false,
                think,
                f.matchMode,
                mcPass,
                mc,
                count,
                found,
                count == 0 ? null : (double) found / count,
                hits,
                ind,
                null,
                null,
                null,
                null);
        return new RuleVerdict(label, check, ev);
    }
}
