package org.tracejudge.safety;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.tracejudge.classify.SelectionLabeller;
import org.tracejudge.json.Json;
import org.tracejudge.model.RaterKind;
import org.tracejudge.selection.SelectionRule;
import org.tracejudge.selection.SelectionTraces;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;
import org.tracejudge.store.Timestamps;

/**
 * Expert review of tool-selection traces, per tool, under the project's {@link SafetyPolicy}. Experts' decisions
 * are ordinary human labels in the ledger (rater = the expert, value = the trace verdict their decisions imply,
 * scores {@code tool:<name>} = 1 YES / 0 NO, rationale = their reasons); an adjudicator's decisions are labels of
 * rater {@value #ADJUDICATION} (created_by = the adjudicator), one tool at a time.
 *
 * <p>Final expert label of (trace, tool): the newest adjudication of that tool; else the experts' decision when
 * they agree (a safety-critical tool under double review needs two of them); else, when no expert has labelled
 * the tool, the imported expected set (the data set's expert ground truth). A tool experts disagree on, or a
 * safety-critical tool with one expert under double review, is <b>pending</b> while the policy says a human
 * must decide; machine labels (rule, judges) never make a final label.
 */
public final class SafetyReview {
    private SafetyReview() {}

    public static final String ADJUDICATION = "safety-adjudication";
    static final String REVEAL_PREFIX = "safety.reveal:";

    /** One rater's decision on one tool. */
    public record Opinion(String rater, String kind, boolean yes, String rationale, String createdBy) {}

    /** @param value null = pending; {@code source}: adjudication, experts, expected, or why it is pending */
    public record Final(Boolean value, String source) {
        public boolean pending() {
            return value == null;
        }
    }

    /** The adjudication queue of a project (for callers without SQL, e.g. the UI). */
    public static List<Disagreement> disagreements(Project p) {
        return p.read(SafetyReview::disagreements);
    }

    /** Final expert labels under the project's policy: trace -> tool -> final. */
    public static Map<String, Map<String, Final>> finalLabels(Project p) {
        SafetyPolicy policy = SafetyPolicy.of(p);
        return p.read(c -> finalLabels(c, policy));
    }

    /** Every tool-selection trace of a project. */
    public static List<SelectionTraces.Item> items(Project p) {
        return p.read(SelectionTraces::all);
    }

    /** Current per-tool opinions on one trace, by tool. */
    public static Map<String, List<Opinion>> opinions(Project p, String traceId) {
        return p.read(c -> opinions(c, traceId));
    }

    /** Thrown when the blind first pass forbids what was asked. */
    public static final class BlindPassException extends IllegalStateException {
        BlindPassException(String m) {
            super(m);
        }
    }

    /** Records an expert's decisions on some or all tools of a trace (one ledger entry). */
    public static String label(Project p, String traceId, String expert, Map<String, Boolean> perTool, String rationale) {
        if (expert == null || expert.isBlank() || expert.equals(ADJUDICATION)) {
            throw new IllegalArgumentException("an expert label needs the expert's name");
        }
        return p.write(c -> {
            SelectionTraces.Item item = item(c, traceId);
            check(item, perTool);
            String raterId = Ledger.ensureRater(c, expert, RaterKind.HUMAN, "", null, null);
            Map<String, Integer> scores = new TreeMap<>();
            perTool.forEach((t, yes) -> scores.put(SelectionLabeller.TOOL_PREFIX + t, yes ? 1 : 0));
            return Ledger.append(c, null, new Ledger.Entry(traceId, raterId, "set", impliedVerdict(item, perTool), null,
                    scores, rationale, null, null, null, expert));
        });
    }

    /** An adjudicator's decision on one tool of a trace; earlier adjudications of other tools are kept. */
    public static String adjudicate(Project p, String traceId, String adjudicator, String tool, boolean yes, String rationale) {
        return p.write(c -> {
            SelectionTraces.Item item = item(c, traceId);
            check(item, Map.of(tool, yes));
            String raterId = Ledger.ensureRater(c, ADJUDICATION, RaterKind.HUMAN, "", null,
                    "Adjudicated per-tool decisions on tool-selection traces (created_by = the adjudicator)");
            Map<String, Integer> scores = new TreeMap<>();
            ObjectNode reasons = Json.object();
            try (PreparedStatement s = c.prepareStatement("SELECT scores, evidence FROM current_label WHERE trace_id = ? "
                    + "AND rater_id = ? AND action = 'set'")) {
                s.setString(1, traceId);
                s.setString(2, raterId);
                try (ResultSet rs = s.executeQuery()) {
                    if (rs.next()) {
                        Json.read(rs.getString(1)).fields().forEachRemaining(e -> scores.put(e.getKey(), e.getValue().asInt()));
                        if (rs.getString(2) != null) {
                            reasons.setAll((ObjectNode) Json.read(rs.getString(2)).path("rationales"));
                        }
                    }
                }
            }
            scores.put(SelectionLabeller.TOOL_PREFIX + tool, yes ? 1 : 0);
            ObjectNode by = Json.object();
            by.put("tool", tool);
            by.put("adjudicator", adjudicator);
            by.put("rationale", rationale);
            reasons.set(tool, by);
            ObjectNode evidence = Json.object();
            evidence.set("rationales", reasons);
            Map<String, Boolean> perTool = new LinkedHashMap<>();
            scores.forEach((k, v) -> perTool.put(k.substring(SelectionLabeller.TOOL_PREFIX.length()), v == 1));
            return Ledger.append(c, null, new Ledger.Entry(traceId, raterId, "set", impliedVerdict(item, perTool), null,
                    scores, tool + ": " + rationale, null, null, evidence, adjudicator));
        });
    }

    /**
     * The rule's and judges' labels on a trace, for an expert. Under a blind first pass the expert must have
     * committed their own labels on the trace first; the first reveal to each expert is recorded.
     */
    public static Map<String, Map<String, Boolean>> machineLabels(Project p, String traceId, String expert) {
        SafetyPolicy policy = SafetyPolicy.of(p);
        Map<String, List<Opinion>> all = p.read(c -> opinions(c, traceId));
        boolean labelled = all.values().stream().flatMap(List::stream)
                .anyMatch(o -> o.kind().equals("human") && o.rater().equals(expert));
        if (policy.blindFirstPass() && !labelled) {
            throw new BlindPassException("blind first pass: " + expert + " must commit their own labels on this trace "
                    + "before seeing the rule's and judges' verdicts");
        }
        if (policy.blindFirstPass() && p.meta(REVEAL_PREFIX + traceId + ":" + expert) == null) {
            p.setMeta(REVEAL_PREFIX + traceId + ":" + expert, Timestamps.now());
        }
        Map<String, Map<String, Boolean>> out = new TreeMap<>();
        all.forEach((tool, ops) -> ops.stream().filter(o -> !o.kind().equals("human"))
                .forEach(o -> out.computeIfAbsent(o.rater(), k -> new TreeMap<>()).put(tool, o.yes())));
        return out;
    }

    /** When the machine labels of a trace were first shown to an expert (null = never). */
    public static String revealedAt(Project p, String traceId, String expert) {
        return p.meta(REVEAL_PREFIX + traceId + ":" + expert);
    }

    /** Current per-tool opinions of every rater on one trace, by tool. */
    public static Map<String, List<Opinion>> opinions(Connection c, String traceId) throws SQLException {
        return allOpinions(c, traceId).getOrDefault(traceId, Map.of());
    }

    /** trace -> tool -> opinions, over every tool-selection trace (or one trace). */
    static Map<String, Map<String, List<Opinion>>> allOpinions(Connection c, String onlyTrace) throws SQLException {
        Map<String, Map<String, List<Opinion>>> out = new HashMap<>();
        try (PreparedStatement s = c.prepareStatement("SELECT l.trace_id, r.name, r.kind, l.scores, l.rationale, "
                + "l.created_by, l.evidence FROM current_label l JOIN rater r ON r.id = l.rater_id JOIN trace t ON t.id = l.trace_id "
                + "JOIN task k ON k.id = t.task_id WHERE k.task_type = 'tool_selection' AND l.action = 'set' "
                + "AND l.scores IS NOT NULL" + (onlyTrace == null ? "" : " AND l.trace_id = ?"))) {
            if (onlyTrace != null) {
                s.setString(1, onlyTrace);
            }
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    JsonNode scores = Json.read(rs.getString(4));
                    String kind = rs.getString(3);
                    String rater = rs.getString(2);
                    JsonNode reasons = rs.getString(7) == null ? null : Json.read(rs.getString(7)).path("rationales");
                    Map<String, List<Opinion>> byTool = out.computeIfAbsent(rs.getString(1), k -> new TreeMap<>());
                    var it = scores.fields();
                    while (it.hasNext()) {
                        var e = it.next();
                        if (!e.getKey().startsWith(SelectionLabeller.TOOL_PREFIX)) {
                            continue;
                        }
                        String tool = e.getKey().substring(SelectionLabeller.TOOL_PREFIX.length());
                        String rationale = rs.getString(5);
                        String by = rs.getString(6);
                        if (reasons != null && reasons.has(tool)) {
                            rationale = reasons.get(tool).path("rationale").asText(rationale);
                            by = reasons.get(tool).path("adjudicator").asText(by);
                        }
                        byTool.computeIfAbsent(tool, k -> new ArrayList<>())
                                .add(new Opinion(rater, kind, e.getValue().asInt() == 1, rationale, by));
                    }
                }
            }
        }
        return out;
    }

    /** trace -> tool -> final expert label, for every tool-selection trace whose scenario is known. */
    public static Map<String, Map<String, Final>> finalLabels(Connection c, SafetyPolicy policy) throws SQLException {
        Map<String, Map<String, List<Opinion>>> opinions = allOpinions(c, null);
        Map<String, Map<String, Final>> out = new LinkedHashMap<>();
        for (SelectionTraces.Item item : SelectionTraces.all(c)) {
            if (item.scenario() == null) {
                continue;
            }
            Map<String, List<Opinion>> ops = opinions.getOrDefault(item.traceId(), Map.of());
            Map<String, Final> perTool = new LinkedHashMap<>();
            for (String tool : item.scenario().toolNames()) {
                perTool.put(tool, decide(tool, item.scenario().isSafetyCritical(tool), item.expected().contains(tool),
                        ops.getOrDefault(tool, List.of()), policy));
            }
            out.put(item.traceId(), perTool);
        }
        return out;
    }

    static Final decide(String tool, boolean critical, boolean expected, List<Opinion> ops, SafetyPolicy policy) {
        for (Opinion o : ops) {
            if (o.rater().equals(ADJUDICATION)) {
                return new Final(o.yes(), "adjudication");
            }
        }
        List<Opinion> experts = ops.stream().filter(o -> o.kind().equals("human")).toList();
        if (experts.isEmpty()) {
            return new Final(expected, "expected");
        }
        boolean agree = experts.stream().allMatch(o -> o.yes() == experts.get(0).yes());
        boolean humanNeeded = policy.humanFinal() || !critical;
        if (!agree) {
            return humanNeeded ? new Final(null, "pending: experts disagree") : new Final(expected, "expected");
        }
        if (critical && policy.doubleReview() && experts.size() < 2) {
            return policy.humanFinal() ? new Final(null, "pending: second expert") : new Final(experts.get(0).yes(), "experts");
        }
        return new Final(experts.get(0).yes(), "experts");
    }

    /** One item of the adjudication queue: a tool experts disagree on, with every expert's decision and reasons. */
    public record Disagreement(String traceId, String taskKey, String model, String tool, boolean safetyCritical,
                               List<Opinion> experts) {}

    /** Tools experts disagree on and no adjudicator has decided; safety-critical tools first. */
    public static List<Disagreement> disagreements(Connection c) throws SQLException {
        Map<String, Map<String, List<Opinion>>> opinions = allOpinions(c, null);
        List<Disagreement> out = new ArrayList<>();
        for (SelectionTraces.Item item : SelectionTraces.all(c)) {
            Map<String, List<Opinion>> ops = opinions.get(item.traceId());
            if (ops == null || item.scenario() == null) {
                continue;
            }
            for (String tool : item.scenario().toolNames()) {
                List<Opinion> o = ops.getOrDefault(tool, List.of());
                if (o.stream().anyMatch(x -> x.rater().equals(ADJUDICATION))) {
                    continue;
                }
                List<Opinion> experts = o.stream().filter(x -> x.kind().equals("human")).toList();
                if (experts.stream().map(Opinion::yes).distinct().count() > 1) {
                    out.add(new Disagreement(item.traceId(), item.taskKey(), item.model(), tool,
                            item.scenario().isSafetyCritical(tool), experts));
                }
            }
        }
        out.sort((a, b) -> Boolean.compare(b.safetyCritical(), a.safetyCritical()));
        return out;
    }

    /** Safety-critical tools with exactly one expert decision while double review is on: they await a second expert. */
    public static List<String[]> secondReviewQueue(Connection c, SafetyPolicy policy) throws SQLException {
        List<String[]> out = new ArrayList<>();
        if (!policy.doubleReview()) {
            return out;
        }
        Map<String, Map<String, List<Opinion>>> opinions = allOpinions(c, null);
        for (SelectionTraces.Item item : SelectionTraces.all(c)) {
            Map<String, List<Opinion>> ops = opinions.get(item.traceId());
            if (ops == null || item.scenario() == null) {
                continue;
            }
            for (String tool : item.scenario().safetyCriticalTools()) {
                List<Opinion> o = ops.getOrDefault(tool, List.of());
                if (o.stream().noneMatch(x -> x.rater().equals(ADJUDICATION))
                        && o.stream().filter(x -> x.kind().equals("human")).count() == 1) {
                    out.add(new String[] {item.traceId(), tool, o.stream().filter(x -> x.kind().equals("human"))
                            .findFirst().orElseThrow().rater()});
                }
            }
        }
        return out;
    }

    private static SelectionTraces.Item item(Connection c, String traceId) throws SQLException {
        SelectionTraces.Item i = SelectionTraces.one(c, traceId);
        if (i == null) {
            throw new IllegalArgumentException("no tool-selection trace " + traceId + " in this project");
        }
        if (i.scenario() == null) {
            throw new IllegalArgumentException("trace " + traceId + ": its scenario's tools are unknown (import the scenario file)");
        }
        return i;
    }

    private static void check(SelectionTraces.Item item, Map<String, Boolean> perTool) {
        if (perTool.isEmpty()) {
            throw new IllegalArgumentException("no tool decided");
        }
        for (String t : perTool.keySet()) {
            if (!item.scenario().toolNames().contains(t)) {
                throw new IllegalArgumentException("'" + t + "' is not a tool of scenario " + item.scenario().name());
            }
        }
    }

    /**
     * The trace verdict the decisions imply for the selector's output: the decisions (YES = should fire) as the
     * expected set, tools not decided taken from the imported expected set.
     */
    static String impliedVerdict(SelectionTraces.Item item, Map<String, Boolean> decisions) {
        java.util.Set<String> truth = new java.util.LinkedHashSet<>(item.expected());
        decisions.forEach((t, yes) -> {
            if (yes) {
                truth.add(t);
            } else {
                truth.remove(t);
            }
        });
        SelectionTraces.Item asTruth = new SelectionTraces.Item(item.traceId(), item.taskKey(), item.inputId(), item.input(),
                truth, item.scenario(), item.model(), item.approach(), item.output(), item.calls());
        SelectionRule.Result r = SelectionTraces.verdict(asTruth);
        return r.verdict();
    }
}
