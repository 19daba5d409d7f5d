package org.tracejudge.safety;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.tracejudge.classify.SelectionLabeller;
import org.tracejudge.json.Json;
import org.tracejudge.safety.SafetyReview.Committed;
import org.tracejudge.safety.SafetyReview.Disagreement;
import org.tracejudge.safety.SafetyReview.Final;
import org.tracejudge.safety.SafetyReview.Input;
import org.tracejudge.safety.SafetyReview.InputState;
import org.tracejudge.safety.SafetyReview.Opinion;
import org.tracejudge.selection.Scenario;
import org.tracejudge.selection.SelectionRule;
import org.tracejudge.selection.SelectionTraces;
import org.tracejudge.store.SelectionLabels;

/**
 * The safety review's policy, from what the raters said: who may label or adjudicate an input, what a commit must
 * hold, what an expert's decision implies for each run, and the final expert label of each tool under the project's
 * {@link SafetyPolicy}. Plain functions of opinions and inputs: nothing here reads or writes a project
 * ({@link SafetyReview} does, and calls these).
 */
public final class SafetyDecisions {
    private SafetyDecisions() {}

    static final String ADJUDICATION = SafetyReview.ADJUDICATION;

    // ------------------------------------------------------------------------------------------- opinions from rows

    /**
     * Gathers the stored per-tool labels ({@link SelectionLabels.Row}) into opinions: trace → tool → opinions. Machine
     * raters' opinions are those on the trace itself; a human rater's is their newest entry on any run of the trace's
     * input.
     */
    static final class Gathered implements SelectionLabels.Visitor {
        private final Map<String, Map<String, List<Opinion>>> perTrace = new HashMap<>();
        // task -> rater -> newest human entry (created_at, id, tool opinions)
        private final Map<String, Map<String, Object[]>> human = new HashMap<>();

        @Override
        public void accept(SelectionLabels.Row r) {
            JsonNode scores = Json.read(r.scores());
            String kind = r.kind();
            String rater = r.rater();
            String evidence = r.evidence();
            JsonNode reasons = evidence == null ? null : Json.read(evidence).path("rationales");
            Map<String, List<Opinion>> byTool = new TreeMap<>();
            var it = scores.properties().iterator();
            while (it.hasNext()) {
                var e = it.next();
                if (!e.getKey().startsWith(SelectionLabeller.TOOL_PREFIX)) {
                    continue;
                }
                String tool = e.getKey().substring(SelectionLabeller.TOOL_PREFIX.length());
                String rationale = r.rationale();
                String by = r.createdBy();
                if (reasons != null && reasons.has(tool)) {
                    rationale = reasons.get(tool).path("rationale").asText(rationale);
                    by = reasons.get(tool).path("adjudicator").asText(by);
                }
                byTool.computeIfAbsent(tool, k -> new ArrayList<>())
                        .add(new Opinion(
                                rater, kind, e.getValue().asInt() == 1, rationale, by, r.createdAt(), evidence));
            }
            if (kind.equals("human")) {
                String at = r.createdAt() + "\u0000" + r.id();
                Map<String, Object[]> raters = human.computeIfAbsent(r.taskId(), k -> new HashMap<>());
                Object[] prev = raters.get(rater);
                if (prev == null || ((String) prev[0]).compareTo(at) < 0) {
                    raters.put(rater, new Object[] {at, byTool});
                }
            } else {
                Map<String, List<Opinion>> target = perTrace.computeIfAbsent(r.traceId(), k -> new TreeMap<>());
                byTool.forEach((t, l) ->
                        target.computeIfAbsent(t, k -> new ArrayList<>()).addAll(l));
            }
        }

        /** trace → tool → opinions over these traces (task id → its traces); traces with no opinion are left out. */
        Map<String, Map<String, List<Opinion>>> byTrace(Map<String, List<String>> tracesOfTask) {
            Map<String, Map<String, List<Opinion>>> out = new HashMap<>();
            tracesOfTask.forEach((task, traces) -> {
                Map<String, Object[]> h = human.getOrDefault(task, Map.of());
                for (String trace : traces) {
                    Map<String, List<Opinion>> byTool = new TreeMap<>();
                    perTrace.getOrDefault(trace, Map.of())
                            .forEach((t, l) -> byTool.computeIfAbsent(t, k -> new ArrayList<>())
                                    .addAll(l));
                    new TreeMap<>(h).forEach((rater, v) -> {
                        @SuppressWarnings("unchecked")
                        Map<String, List<Opinion>> m = (Map<String, List<Opinion>>) v[1];
                        m.forEach((t, l) -> byTool.computeIfAbsent(t, k -> new ArrayList<>())
                                .addAll(l));
                    });
                    if (!byTool.isEmpty()) {
                        out.put(trace, byTool);
                    }
                }
            });
            return out;
        }
    }

    /** The inputs of these traces' scenarios (whose tools are known), in natural order (lantern/2 before lantern/10). */
    static List<Input> inputs(List<SelectionTraces.Item> items) {
        Map<String, List<SelectionTraces.Item>> byKey = new LinkedHashMap<>();
        for (SelectionTraces.Item i : items) {
            if (i.scenario() != null) {
                byKey.computeIfAbsent(i.taskKey(), k -> new ArrayList<>()).add(i);
            }
        }
        List<Input> out = new ArrayList<>();
        byKey.forEach((k, runs) -> {
            SelectionTraces.Item f = runs.get(0);
            out.add(new Input(k, f.inputId(), f.input(), f.scenario(), f.expected(), List.copyOf(runs)));
        });
        out.sort((a, b) -> {
            int s = a.scenario().name().compareTo(b.scenario().name());
            return s != 0 ? s : NaturalOrder.compare(a.inputId(), b.inputId());
        });
        return out;
    }

    // ------------------------------------------------------------------------------------------ who may decide what

    /** Refuses a decision on no tool or on a tool the item's scenario does not have. */
    static void check(SelectionTraces.Item item, Map<String, Boolean> perTool) {
        if (perTool.isEmpty()) {
            throw new IllegalArgumentException("no tool decided");
        }
        for (String t : perTool.keySet()) {
            if (!item.scenario().toolNames().contains(t)) {
                throw new IllegalArgumentException("'" + t + "' is not a tool of scenario "
                        + item.scenario().name());
            }
        }
    }

    /**
     * Refuses an expert's commit that leaves a safety-critical tool undecided, or that comes from the item's
     * adjudicator, or from a third expert ({@link #thirdExpert}), or whose NO on a safety-critical tool has no
     * rationale ({@code why} blank).
     */
    static void checkExpertCommit(
            SelectionTraces.Item item,
            Map<String, Boolean> perTool,
            Map<String, List<Opinion>> ops,
            String expert,
            String why) {
        check(item, perTool);
        List<String> undecided = item.scenario().safetyCriticalTools().stream()
                .filter(t -> !perTool.containsKey(t))
                .toList();
        if (!undecided.isEmpty()) {
            throw new SafetyReview.IncompleteException(
                    "decide " + String.join(" and ", undecided) + " (safety-critical: YES or NO) "
                            + "before committing",
                    undecided);
        }
        for (List<Opinion> l : ops.values()) {
            for (Opinion o : l) {
                if (o.rater().equals(ADJUDICATION)
                        && o.createdBy() != null
                        && o.createdBy().equalsIgnoreCase(expert)) {
                    throw new IllegalArgumentException(expert + " adjudicated " + item.taskKey()
                            + ": an adjudicator does not then label the item as an expert");
                }
            }
        }
        thirdExpert(ops, expert, item.taskKey());
        if (why.isEmpty()) {
            List<String> unexplained = unexplainedNos(item.scenario(), perTool);
            if (!unexplained.isEmpty()) {
                // asked on every NO of a safety-critical tool, never on what another rater said: whether the
                // question comes must not tell a blind expert anything about the hidden verdicts
                throw new SafetyReview.IncompleteException(rationaleNeeded(unexplained), unexplained);
            }
        }
    }

    /**
     * Refuses a third expert: when two other experts have labelled the input and {@code expert} has not, the item is
     * the adjudicator's (whoever has seen both labels, in the adjudication queue, must not settle it by outvoting one
     * of them). A revision by one of the two is theirs to make. The hub refuses the same (schema 6).
     */
    static void thirdExpert(Map<String, List<Opinion>> ops, String expert, String taskKey) {
        java.util.Set<String> others = new java.util.TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        boolean mine = false;
        for (List<Opinion> l : ops.values()) {
            for (Opinion o : l) {
                if (!o.kind().equals("human") || o.rater().equals(ADJUDICATION)) {
                    continue;
                }
                if (o.rater().equalsIgnoreCase(expert.strip())) {
                    mine = true;
                } else {
                    others.add(o.rater());
                }
            }
        }
        if (!mine && others.size() >= 2) {
            throw new IllegalArgumentException(String.join(" and ", others) + " labelled " + taskKey + " already: "
                    + "a third expert does not label it; where they disagree, the adjudicator decides it");
        }
    }

    /** Refuses an adjudicator who labelled one of the decided tools on the input as an expert. */
    static void checkAdjudicator(
            SelectionTraces.Item item,
            Map<String, Boolean> decisions,
            Map<String, List<Opinion>> ops,
            String adjudicator) {
        check(item, decisions);
        for (String tool : decisions.keySet()) {
            for (Opinion o : ops.getOrDefault(tool, List.of())) {
                // one person whatever the case of their name ("dr b" is "Dr B")
                if (o.kind().equals("human")
                        && !o.rater().equals(ADJUDICATION)
                        && o.rater().equalsIgnoreCase(adjudicator.strip())) {
                    throw new IllegalArgumentException(adjudicator.strip() + " labelled " + tool + " on "
                            + item.taskKey() + " as an expert; the adjudicator must be someone else");
                }
            }
        }
    }

    /** The safety-critical tools answered NO, in the scenario's order: each needs a rationale. */
    static List<String> unexplainedNos(Scenario scenario, Map<String, Boolean> perTool) {
        return scenario.safetyCriticalTools().stream()
                .filter(t -> Boolean.FALSE.equals(perTool.get(t)))
                .toList();
    }

    /** The refusal of a commit whose NO on these safety-critical tools has no rationale. */
    static String rationaleNeeded(List<String> tools) {
        return "a NO on " + String.join(" and ", tools) + " needs a rationale: every NO on a safety-critical tool "
                + "does (say what in the message speaks against it)";
    }

    /** Under a blind first pass, refuses to show machine labels to an expert who has not committed on the input. */
    static void checkBlind(SafetyPolicy policy, Map<String, List<Opinion>> all, String expert) {
        boolean labelled = all.values().stream()
                .flatMap(List::stream)
                .anyMatch(o -> o.kind().equals("human") && o.rater().equals(expert));
        if (policy.blindFirstPass() && !labelled) {
            throw new SafetyReview.BlindPassException("blind first pass: " + expert + " must commit their own labels "
                    + "on this input before seeing the rule's and judges' verdicts");
        }
    }

    // ------------------------------------------------------------------------------------------------ what it means

    /** An expert's scores: {@code tool:<name>} = 1 YES / 0 NO. */
    static Map<String, Integer> scores(Map<String, Boolean> perTool) {
        Map<String, Integer> scores = new TreeMap<>();
        perTool.forEach((t, yes) -> scores.put(SelectionLabeller.TOOL_PREFIX + t, yes ? 1 : 0));
        return scores;
    }

    /** An adjudication entry's scores and evidence (reasons per tool) and the decisions per tool they stand for. */
    record Adjudicated(Map<String, Integer> scores, ObjectNode evidence, Map<String, Boolean> perTool) {}

    /**
     * The adjudicator's decisions added to the newest adjudication of the input (its scores and evidence, null when
     * none): earlier adjudications of other tools are kept.
     */
    static Adjudicated adjudicated(
            SelectionLabels.Scored newest, Map<String, Boolean> decisions, String adjudicator, String rationale) {
        Map<String, Integer> scores = new TreeMap<>();
        ObjectNode reasons = Json.object();
        if (newest != null && newest.scores() != null) {
            Json.read(newest.scores())
                    .properties()
                    .iterator()
                    .forEachRemaining(e -> scores.put(e.getKey(), e.getValue().asInt()));
            if (newest.evidence() != null) {
                reasons.setAll((ObjectNode) Json.read(newest.evidence()).path("rationales"));
            }
        }
        decisions.forEach((tool, yes) -> {
            scores.put(SelectionLabeller.TOOL_PREFIX + tool, yes ? 1 : 0);
            ObjectNode by = Json.object();
            by.put("tool", tool);
            by.put("adjudicator", adjudicator.strip());
            by.put("rationale", rationale.strip());
            reasons.set(tool, by);
        });
        ObjectNode evidence = Json.object();
        evidence.set("rationales", reasons);
        Map<String, Boolean> perTool = new LinkedHashMap<>();
        scores.forEach((k, v) -> perTool.put(k.substring(SelectionLabeller.TOOL_PREFIX.length()), v == 1));
        return new Adjudicated(scores, evidence, perTool);
    }

    /**
     * The trace verdict the decisions imply for the selector's output: the decisions (YES = should fire) as the
     * expected set, tools not decided taken from the imported expected set.
     */
    public static String impliedVerdict(SelectionTraces.Item item, Map<String, Boolean> decisions) {
        java.util.Set<String> truth = new java.util.LinkedHashSet<>(item.expected());
        decisions.forEach((t, yes) -> {
            if (yes) {
                truth.add(t);
            } else {
                truth.remove(t);
            }
        });
        SelectionTraces.Item asTruth = new SelectionTraces.Item(
                item.traceId(),
                item.taskKey(),
                item.inputId(),
                item.input(),
                truth,
                item.scenario(),
                item.model(),
                item.approach(),
                item.output(),
                item.calls());
        SelectionRule.Result r = SelectionTraces.verdict(asTruth);
        return r.verdict();
    }

    /** What an expert committed, from the opinions on one trace; null when they have not. */
    static Committed committed(Map<String, List<Opinion>> opinions, String expert) {
        Map<String, Boolean> perTool = new LinkedHashMap<>();
        String rationale = null;
        String at = null;
        for (Map.Entry<String, List<Opinion>> e : opinions.entrySet()) {
            for (Opinion o : e.getValue()) {
                if (o.kind().equals("human") && o.rater().equals(expert)) {
                    perTool.put(e.getKey(), o.yes());
                    rationale = o.rationale();
                    at = o.createdAt();
                }
            }
        }
        return perTool.isEmpty() ? null : new Committed(perTool, rationale, at);
    }

    /** A judge's votes on a tool over the runs it judged: NO, YES, or "YES k/n" when they differ. */
    static String majority(int judged, int yes) {
        return yes == 0 ? "NO" : yes == judged ? "YES" : "YES " + yes + "/" + judged;
    }

    /** Where every input stands for {@code expert} (null = nobody in particular), by input key. */
    static Map<String, InputState> states(
            Map<String, Map<String, List<Opinion>>> all, SafetyPolicy policy, String expert, List<Input> inputs) {
        Map<String, InputState> out = new LinkedHashMap<>();
        for (Input in : inputs) {
            Map<String, List<Opinion>> ops = all.getOrDefault(in.firstTrace(), Map.of());
            boolean mine = false;
            boolean labelled = false;
            boolean second = false;
            boolean adj = false;
            for (Scenario.Tool t : in.scenario().tools()) {
                List<Opinion> o = ops.getOrDefault(t.name(), List.of());
                boolean adjudicated = o.stream().anyMatch(x -> x.rater().equals(ADJUDICATION));
                List<Opinion> experts = o.stream()
                        .filter(x -> x.kind().equals("human") && !x.rater().equals(ADJUDICATION))
                        .toList();
                labelled |= !experts.isEmpty();
                mine |= expert != null
                        && experts.stream().anyMatch(x -> x.rater().equals(expert));
                if (!adjudicated
                        && experts.stream().map(Opinion::yes).distinct().count() > 1) {
                    adj = true;
                }
                if (!adjudicated && policy.doubleReview() && t.safetyCritical() && experts.size() == 1) {
                    second = true;
                }
            }
            out.put(in.key(), new InputState(in.key(), mine, labelled, second, adj));
        }
        return out;
    }

    /** trace → tool → final expert label, for every trace of {@code items} whose scenario is known. */
    static Map<String, Map<String, Final>> finalLabels(
            Map<String, Map<String, List<Opinion>>> opinions, List<SelectionTraces.Item> items, SafetyPolicy policy) {
        Map<String, Map<String, Final>> out = new LinkedHashMap<>();
        for (SelectionTraces.Item item : items) {
            if (item.scenario() == null) {
                continue;
            }
            Map<String, List<Opinion>> ops = opinions.getOrDefault(item.traceId(), Map.of());
            Map<String, Final> perTool = new LinkedHashMap<>();
            for (String tool : item.scenario().toolNames()) {
                perTool.put(
                        tool,
                        decide(
                                tool,
                                item.scenario().isSafetyCritical(tool),
                                item.expected().contains(tool),
                                ops.getOrDefault(tool, List.of()),
                                policy));
            }
            out.put(item.traceId(), perTool);
        }
        return out;
    }

    /**
     * The final expert label of one tool: the newest adjudication; else the experts' decision when they agree (a
     * safety-critical tool under double review needs two of them); else, when no expert labelled it, the imported
     * expected set. Pending (value null) while the policy says a human must decide.
     */
    static Final decide(String tool, boolean critical, boolean expected, List<Opinion> ops, SafetyPolicy policy) {
        for (Opinion o : ops) {
            if (o.rater().equals(ADJUDICATION)) {
                return new Final(o.yes(), "adjudication");
            }
        }
        List<Opinion> experts =
                ops.stream().filter(o -> o.kind().equals("human")).toList();
        if (experts.isEmpty()) {
            return new Final(expected, "expected");
        }
        boolean agree = experts.stream().allMatch(o -> o.yes() == experts.get(0).yes());
        boolean humanNeeded = policy.humanFinal() || !critical;
        if (!agree) {
            return humanNeeded ? new Final(null, "pending: experts disagree") : new Final(expected, "expected");
        }
        if (critical && policy.doubleReview() && experts.size() < 2) {
            return policy.humanFinal()
                    ? new Final(null, "pending: second expert")
                    : new Final(experts.get(0).yes(), "experts");
        }
        return new Final(experts.get(0).yes(), "experts");
    }

    /** Tools experts disagree on and no adjudicator has decided, per input; safety-critical tools first. */
    static List<Disagreement> disagreements(Map<String, Map<String, List<Opinion>>> opinions, List<Input> inputs) {
        List<Disagreement> out = new ArrayList<>();
        for (Input in : inputs) {
            Map<String, List<Opinion>> ops = opinions.get(in.firstTrace());
            if (ops == null) {
                continue;
            }
            for (String tool : in.scenario().toolNames()) {
                List<Opinion> o = ops.getOrDefault(tool, List.of());
                if (o.stream().anyMatch(x -> x.rater().equals(ADJUDICATION))) {
                    continue;
                }
                List<Opinion> experts =
                        o.stream().filter(x -> x.kind().equals("human")).toList();
                if (experts.stream().map(Opinion::yes).distinct().count() > 1) {
                    out.add(new Disagreement(
                            in.firstTrace(),
                            in.key(),
                            in.text(),
                            tool,
                            in.scenario().isSafetyCritical(tool),
                            experts));
                }
            }
        }
        out.sort((a, b) -> Boolean.compare(b.safetyCritical(), a.safetyCritical()));
        return out;
    }

    /**
     * Safety-critical tools of an input with exactly one expert decision while double review is on: they await a
     * second expert. Each row: input key, tool, the expert who decided.
     */
    static List<String[]> secondReviewQueue(
            Map<String, Map<String, List<Opinion>>> opinions, List<Input> inputs, SafetyPolicy policy) {
        List<String[]> out = new ArrayList<>();
        if (!policy.doubleReview()) {
            return out;
        }
        for (Input in : inputs) {
            Map<String, List<Opinion>> ops = opinions.get(in.firstTrace());
            if (ops == null) {
                continue;
            }
            for (String tool : in.scenario().safetyCriticalTools()) {
                List<Opinion> o = ops.getOrDefault(tool, List.of());
                if (o.stream().noneMatch(x -> x.rater().equals(ADJUDICATION))
                        && o.stream().filter(x -> x.kind().equals("human")).count() == 1) {
                    out.add(new String[] {
                        in.key(),
                        tool,
                        o.stream()
                                .filter(x -> x.kind().equals("human"))
                                .findFirst()
                                .orElseThrow()
                                .rater()
                    });
                }
            }
        }
        return out;
    }
}
