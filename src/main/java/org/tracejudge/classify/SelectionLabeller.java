package org.tracejudge.classify;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.tracejudge.json.Json;
import org.tracejudge.model.LabelSets;
import org.tracejudge.model.RaterKind;
import org.tracejudge.selection.SelectionRule;
import org.tracejudge.selection.SelectionTraces;
import org.tracejudge.store.LabelBatch;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;
import org.tracejudge.store.RuleRows;
import org.tracejudge.store.Timestamps;

/**
 * Runs the exact-set rule over every tool-selection trace and stores, as rater {@code rule}, the trace verdict
 * (value), one YES/NO per tool (scores {@code tool:<name>} = 1 or 0) and the evidence (selected, expected,
 * missed, extra, and what could not be read). Unchanged verdicts append nothing.
 */
public final class SelectionLabeller {
    private SelectionLabeller() {}

    /** Scores key of a tool's YES (1) / NO (0). */
    public static final String TOOL_PREFIX = "tool:";

    static final String NO_SCENARIO =
            "the scenario's tools are unknown: import its scenario file (--format nlt-scenario)";

    /**
     * @param counts     verdict -> traces, in label-set order; {@code noScenario}: traces left unlabelled for want of tools
     * @param unknown    scenario -> the input ids of those traces (natural order)
     * @param imported   the scenarios among {@code unknown} whose scenario file is imported (their runs' inputs are not
     *                   among its inputs)
     */
    public record Result(
            int traces,
            Map<String, Integer> counts,
            int noScenario,
            int written,
            int unchanged,
            Map<String, java.util.SortedSet<String>> unknown,
            java.util.Set<String> imported) {
        public Result(int traces, Map<String, Integer> counts, int noScenario, int written, int unchanged) {
            this(traces, counts, noScenario, written, unchanged, Map.of(), java.util.Set.of());
        }

        /** One line per scenario: which scenario and inputs were unknown and what to do. */
        public List<String> unknownLines() {
            List<String> out = new java.util.ArrayList<>();
            unknown.forEach((sc, ids) -> {
                String list = String.join(", ", ids.stream().limit(10).toList())
                        + (ids.size() > 10 ? ", … (" + ids.size() + " in all)" : "");
                out.add(
                        imported.contains(sc)
                                ? "scenario '" + sc
                                        + "' is imported, but these inputs of its runs are not among its inputs: "
                                        + list
                                        + " (re-import the runs: they are matched by id, then exact text; --new-inputs adds new ones)"
                                : "scenario '" + sc + "' is not imported (its tools are unknown); inputs " + list
                                        + " (import its scenario file with --format nlt-scenario)");
            });
            return out;
        }
    }

    public static Result classify(Project project) {
        return project.write(c -> {
            List<SelectionTraces.Item> items = SelectionTraces.all(c);
            Map<String, Integer> counts = new LinkedHashMap<>();
            LabelSets.TOOL_SELECTION.labels().forEach(l -> counts.put(l, 0));
            if (items.isEmpty()) {
                return new Result(0, counts, 0, 0, 0);
            }
            ObjectNode config = Json.object();
            config.put("mode", "compat");
            String raterId = Ledger.ensureRater(
                    c,
                    RuleLabeller.COMPAT_RATER,
                    RaterKind.RULE,
                    "",
                    config,
                    "The published ToolFailBench rule, reproduced with its quirks (compatibility mode)");
            int written = 0;
            int unchanged = 0;
            int noScenario = 0;
            Map<String, java.util.SortedSet<String>> unknown = new java.util.TreeMap<>();
            try (LabelBatch ins = new LabelBatch(c)) {
                for (SelectionTraces.Item item : items) {
                    SelectionRule.Result r = SelectionTraces.verdict(item);
                    String[] prev = current(c, item.traceId(), raterId);
                    String replaces = prev == null ? null : prev[0];
                    Ledger.Entry e;
                    String ev;
                    if (r == null) {
                        noScenario++;
                        String key = item.taskKey();
                        String sc = key.endsWith("/" + item.inputId())
                                ? key.substring(0, key.length() - item.inputId().length() - 1)
                                : key;
                        unknown.computeIfAbsent(
                                        sc,
                                        k -> new java.util.TreeSet<>(java.util.Comparator.<String>comparingInt(
                                                        x -> x.matches("\\d+") ? x.length() : Integer.MAX_VALUE)
                                                .thenComparing(x -> x)))
                                .add(item.inputId());
                        ev = null;
                        e = new Ledger.Entry(
                                item.traceId(),
                                raterId,
                                "null",
                                null,
                                null,
                                null,
                                null,
                                null,
                                NO_SCENARIO,
                                null,
                                "classify");
                    } else {
                        counts.merge(r.verdict(), 1, Integer::sum);
                        ev = evidence(item, r);
                        Map<String, Integer> scores = new TreeMap<>();
                        r.perTool().forEach((t, yes) -> scores.put(TOOL_PREFIX + t, yes ? 1 : 0));
                        e = new Ledger.Entry(
                                item.traceId(),
                                raterId,
                                "set",
                                r.verdict(),
                                null,
                                scores,
                                "exact_set",
                                null,
                                null,
                                null,
                                "classify");
                    }
                    String key = e.value() + "\u0000" + ev + "\u0000" + e.nullReason();
                    if (prev != null && key.equals(prev[1])) {
                        unchanged++;
                        continue;
                    }
                    String id = RuleLabeller.entryId(
                            item.traceId(),
                            raterId,
                            replaces,
                            e.value() == null ? "null" : e.value(),
                            ev == null ? e.nullReason() : ev);
                    written += ins.insertNow(id, e, ev, replaces, Timestamps.now());
                }
            }
            java.util.Set<String> imported =
                    new java.util.TreeSet<>(SelectionTraces.scenarios(c).keySet());
            imported.retainAll(unknown.keySet());
            return new Result(items.size(), counts, noScenario, written, unchanged, unknown, imported);
        });
    }

    /** [id, value + evidence + null reason] of the newest entry, or null. */
    private static String[] current(Connection c, String traceId, String raterId) throws SQLException {
        String[] newest = RuleRows.newest(c, traceId, raterId);
        return newest == null
                ? null
                : new String[] {newest[0], newest[1] + "\u0000" + newest[2] + "\u0000" + newest[3]};
    }

    static String evidence(SelectionTraces.Item item, SelectionRule.Result r) {
        ObjectNode o = Json.object();
        o.put("check", "exact_set");
        o.put("approach", item.approach());
        ArrayNode sel = o.putArray("selected");
        r.perTool().forEach((t, yes) -> {
            if (yes) {
                sel.add(t);
            }
        });
        ArrayNode exp = o.putArray("expected");
        item.expected().forEach(exp::add);
        ArrayNode missed = o.putArray("missed");
        r.missed().forEach(missed::add);
        ArrayNode extra = o.putArray("extra");
        r.extra().forEach(extra::add);
        ArrayNode problems = o.putArray("problems");
        r.problems().forEach(problems::add);
        return Json.canonical(o);
    }
}
