package org.tracejudge.classify;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tracejudge.calls.CallLabels;
import org.tracejudge.calls.CallMetrics;
import org.tracejudge.calls.CallRule;
import org.tracejudge.calls.CallVerdict;
import org.tracejudge.json.Json;
import org.tracejudge.json.TaskJson;
import org.tracejudge.json.TurnCodec;
import org.tracejudge.model.RaterKind;
import org.tracejudge.model.Task;
import org.tracejudge.model.Trace;
import org.tracejudge.store.LabelBatch;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;
import org.tracejudge.store.RuleRows;
import org.tracejudge.store.Timestamps;

/**
 * Runs the call-level rule ({@link CallRule}) over every {@code call_level} trace (ToolHaystack, DiaBench) and stores
 * its verdicts in the label ledger under the same rater as the ToolFailBench rule ({@code rule} or
 * {@code rule-tolerant}); the evidence column holds {@link CallVerdict#toJson()} (argument diff, evidence turns,
 * timelines). Entry ids are name-based as in {@link RuleLabeller}, so an unchanged re-run appends nothing.
 */
public final class CallLabeller {
    private CallLabeller() {}

    /** What one run did: label -> traces in label-set order. */
    public record Result(int traces, Map<String, Integer> counts, int written, int unchanged) {}

    /** One call-level trace with its task. */
    public record Item(Task task, Trace trace) {}

    public static Result classify(Project project, String raterName) {
        return project.write(c -> {
            List<Item> items = load(c);
            Map<String, Integer> counts = new LinkedHashMap<>();
            CallLabels.all().forEach(l -> counts.put(l, 0));
            if (items.isEmpty()) {
                return new Result(0, counts, 0, 0); // nothing to read back either: the current-label scan is skipped
            }
            ObjectNode config = Json.object();
            config.put("mode", raterName.equals(RuleLabeller.COMPAT_RATER) ? "compat" : "tolerant");
            String raterId = Ledger.ensureRater(c, raterName, RaterKind.RULE, "", config, null);
            Map<String, String[]> existing = RuleRows.currentCallEntries(c, raterId);
            int traces = 0;
            int written = 0;
            int unchanged = 0;
            try (LabelBatch ins = new LabelBatch(c)) {
                for (Item it : items) {
                    traces++;
                    CallVerdict v = CallRule.judge(it.task(), it.trace());
                    counts.merge(v.label(), 1, Integer::sum);
                    String ev = v.toJson().toString();
                    String traceId = it.trace().id();
                    String[] prev = existing.get(traceId);
                    if (prev != null
                            && "set".equals(prev[1])
                            && prev[0].equals(RuleLabeller.entryId(traceId, raterId, prev[2], v.label(), ev))) {
                        unchanged++;
                        continue;
                    }
                    String replaces = prev == null ? null : prev[0];
                    Ledger.Entry e = new Ledger.Entry(
                            traceId,
                            raterId,
                            "set",
                            v.label(),
                            null,
                            null,
                            v.check(),
                            null,
                            null,
                            null,
                            RuleLabeller.CREATED_BY);
                    ins.add(
                            RuleLabeller.entryId(traceId, raterId, replaces, v.label(), ev),
                            e,
                            ev,
                            replaces,
                            Timestamps.now());
                    written++;
                }
                ins.flush();
            }
            return new Result(traces, counts, written, unchanged);
        });
    }

    public static boolean hasCallTraces(Project project) {
        return project.read(RuleRows::hasCallTraces);
    }

    /** Every call-level trace with its task, in (model, task key) order. */
    public static List<Item> load(Project project) {
        return project.read(CallLabeller::load);
    }

    static List<Item> load(Connection c) throws Exception {
        Map<String, Task> tasks = new HashMap<>();
        for (RuleRows.TaskRow r : RuleRows.callTasks(c)) {
            tasks.put(
                    r.id(),
                    TaskJson.toTask(
                            r.id(),
                            r.key(),
                            r.domain(),
                            r.type(),
                            r.targetFailureMode(),
                            r.labelSet(),
                            r.userMessage(),
                            r.tools(),
                            r.body()));
        }
        List<Item> out = new ArrayList<>();
        if (tasks.isEmpty()) {
            return out;
        }
        for (RuleRows.CallTraceRow r : RuleRows.callTraces(c)) {
            JsonNode turns = r.turns() == null ? null : Json.read(r.turns());
            Trace t = new Trace(
                    r.id(),
                    r.taskId(),
                    r.model(),
                    r.run(),
                    TurnCodec.fromJson(turns),
                    TurnCodec.callsFromJson(Json.read(r.toolCalls())),
                    r.answer(),
                    null);
            out.add(new Item(tasks.get(t.taskId()), t));
        }
        return out;
    }

    /**
     * Metric rows for every call-level trace. The label is the current label of {@code raterColumn} (a rater's name)
     * when given, else the rule's verdict computed now; calls and other-tool calls always come from the trace.
     */
    public static List<CallMetrics.Row> rows(Project project, String raterName) {
        List<Item> items = load(project);
        if (items.isEmpty()) {
            return new ArrayList<>(); // no call-level trace: the rater's labels are not read at all
        }
        Map<String, String> labels = raterName == null ? null : project.read(c -> RuleRows.currentValues(c, raterName));
        List<CallMetrics.Row> out = new ArrayList<>();
        for (Item it : items) {
            CallVerdict v = CallRule.judge(it.task(), it.trace());
            JsonNode body = it.task().body();
            String label = labels == null ? v.label() : labels.get(it.trace().id());
            out.add(new CallMetrics.Row(
                    it.trace().model(),
                    body.path("benchmark").asText(null),
                    body.path("scenario").asText(null),
                    body.path("level").asText(null),
                    label,
                    v.calls(),
                    v.otherTools()));
        }
        return out;
    }
}
