package org.tracejudge.ui.trace;

import java.util.List;
import org.tracejudge.model.Adjudication;
import org.tracejudge.model.Task;
import org.tracejudge.model.Trace;
import org.tracejudge.rules.RuleVerdict;
import org.tracejudge.store.ProjectQueries;
import org.tracejudge.store.TraceTable;

/**
 * Everything the trace view shows for one trace, read on a background thread.
 *
 * @param rule         the rule's verdict with evidence (stored with a rule label, or computed now); null when the
 *                     task type has no rule
 * @param ruleSource   where {@code rule} comes from, in words
 * @param prettyReturn the tool return as the evidence's return spans see it
 * @param labelSet     the labels a person may give this trace, in key order (1, 2, …)
 * @param calls        for call-level traces (ToolHaystack, DiaBench): the call-level rule's verdict with its argument
 *                     diff, evidence turns and value timelines; null otherwise
 */
public record TraceDetail(
        TraceTable.Row row,
        Task task,
        Trace trace,
        List<ProjectQueries.LabelDetail> labels,
        List<Adjudication> history,
        RuleVerdict rule,
        String ruleSource,
        String prettyReturn,
        List<String> labelSet,
        org.tracejudge.calls.CallVerdict calls) {

    public String traceId() {
        return trace.id();
    }

    /** This trace with a newer table row (after a decision). */
    public TraceDetail withRow(TraceTable.Row r) {
        return new TraceDetail(r, task, trace, labels, history, rule, ruleSource, prettyReturn, labelSet, calls);
    }
}
