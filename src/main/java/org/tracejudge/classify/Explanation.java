package org.tracejudge.classify;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.tracejudge.json.Json;
import org.tracejudge.model.Task;
import org.tracejudge.model.TaskType;
import org.tracejudge.model.Trace;
import org.tracejudge.rules.Evidence;
import org.tracejudge.rules.RuleClassifier;
import org.tracejudge.rules.RuleVerdict;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectException;
import org.tracejudge.store.ProjectQueries;
import org.tracejudge.store.RuleRows;

/**
 * The rule's evidence for one trace: the stored verdict of each rule mode ({@code rule}, {@code rule-tolerant})
 * and, for a mode never stored for this trace, the verdict computed now.
 */
public final class Explanation {
    /** One mode's verdict. {@code stored} false = computed now (not in the ledger); {@code verdict} null = null verdict. */
    public record ModeVerdict(
            RuleClassifier.Mode mode,
            String rater,
            boolean stored,
            String createdAt,
            RuleVerdict verdict,
            String nullReason) {}

    public record Result(Trace trace, Task task, List<ModeVerdict> verdicts) {
        /** Readable text: the trace, its answer, then each mode's label, check and evidence with quoted spans. */
        public String toReadableText() {
            StringBuilder sb = new StringBuilder();
            sb.append("trace ").append(trace.id()).append('\n');
            sb.append("model ")
                    .append(trace.model())
                    .append(", task ")
                    .append(task.key())
                    .append(" (")
                    .append(task.type().code())
                    .append(task.domain() == null ? "" : ", " + task.domain())
                    .append(")\n");
            sb.append("answer (").append(trace.answer().length()).append(" chars):\n");
            trace.answer().lines().forEach(l -> sb.append("  | ").append(l).append('\n'));
            for (ModeVerdict v : verdicts) {
                sb.append('\n')
                        .append("== ")
                        .append(v.rater())
                        .append(" (")
                        .append(v.mode().code())
                        .append(") ")
                        .append(
                                v.stored()
                                        ? "stored " + v.createdAt()
                                        : "not stored; computed now (run classify to store it)")
                        .append(" ==\n");
                if (v.verdict() == null) {
                    sb.append("no label: ").append(v.nullReason()).append('\n');
                } else {
                    sb.append(v.verdict().toReadableText(trace.answer()));
                }
            }
            return sb.toString();
        }
    }

    private Explanation() {}

    /** Explains the trace whose id is {@code idOrPrefix} or starts with it (the prefix must be unique). */
    public static Result explain(Project project, String idOrPrefix, RuleClassifier.Mode onlyMode) {
        String id = resolveTraceId(project, idOrPrefix);
        ProjectQueries q = new ProjectQueries(project);
        Trace trace = q.trace(id);
        Task task = q.task(trace.taskId());
        if (task.type() != TaskType.TOOL_REQUIRED && task.type() != TaskType.CONTROL) {
            throw new ProjectException(
                    "trace " + id + " belongs to a " + task.type().code()
                            + " task; the ToolFailBench rule explains tool-required and control traces only");
        }
        if (RuleClassifier.unclassifiable(task) != null) {
            throw new ProjectException("trace " + id + ": " + RuleClassifier.unclassifiable(task));
        }
        List<ModeVerdict> out = new ArrayList<>();
        for (RuleClassifier.Mode m : RuleClassifier.Mode.values()) {
            if (onlyMode != null && m != onlyMode) {
                continue;
            }
            ModeVerdict stored = stored(project, id, m);
            out.add(
                    stored != null
                            ? stored
                            : new ModeVerdict(
                                    m,
                                    RuleLabeller.raterName(m),
                                    false,
                                    null,
                                    new RuleClassifier(m).classify(task, trace),
                                    null));
        }
        return new Result(trace, task, out);
    }

    /** The full id of the trace {@code idOrPrefix} names; a clear error when none or several match. */
    public static String resolveTraceId(Project project, String idOrPrefix) {
        String p = idOrPrefix == null ? "" : idOrPrefix.strip().toLowerCase(java.util.Locale.ROOT);
        if (p.isEmpty()) {
            throw new ProjectException("--trace needs a trace id or an id prefix");
        }
        List<String> hits = project.read(c -> RuleRows.traceIdsStartingWith(c, p, 4));
        if (hits.isEmpty()) {
            throw new ProjectException("no trace with id '" + idOrPrefix + "' (nor one starting with it)");
        }
        if (hits.size() > 1 && !hits.get(0).equals(p)) {
            throw new ProjectException("trace id prefix '" + idOrPrefix + "' is ambiguous: it matches " + hits.get(0)
                    + ", " + hits.get(1) + (hits.size() > 2 ? " and more" : "") + "; give more characters");
        }
        return hits.get(0);
    }

    /** The stored verdict of a mode's rater on a trace, or null when that rater has none. */
    static ModeVerdict stored(Project project, String traceId, RuleClassifier.Mode mode) {
        String rater = RuleLabeller.raterName(mode);
        RuleRows.StoredLabel l = project.read(c -> RuleRows.currentRuleLabel(c, traceId, rater));
        if (l == null || "withdraw".equals(l.action())) {
            return null;
        }
        if ("null".equals(l.action())) {
            return new ModeVerdict(mode, rater, true, l.createdAt(), null, l.nullReason());
        }
        return new ModeVerdict(mode, rater, true, l.createdAt(), verdict(l.value(), l.evidence()), null);
    }

    /** A stored label back into a verdict: the evidence column is {@code {"check": ..., <Evidence fields>}}. */
    public static RuleVerdict verdict(String label, String evidenceJson) {
        if (evidenceJson == null) {
            return new RuleVerdict(
                    label,
                    "(not recorded)",
                    new Evidence(
                            null, null, null, false, false, null, null, null, null, 0, 0, null, null, null, null, null,
                            null, null));
        }
        ObjectNode o = (ObjectNode) Json.read(evidenceJson);
        String check = o.path("check").asText("(not recorded)");
        o.remove("check");
        try {
            return new RuleVerdict(label, check, Json.MAPPER.treeToValue(o, Evidence.class));
        } catch (Exception e) {
            throw new ProjectException("the stored evidence of this label cannot be read: " + e.getMessage(), e);
        }
    }
}
