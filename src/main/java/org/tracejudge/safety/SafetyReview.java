package org.tracejudge.safety;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.tracejudge.json.Json;
import org.tracejudge.model.RaterKind;
import org.tracejudge.selection.Scenario;
import org.tracejudge.selection.SelectionRule;
import org.tracejudge.selection.SelectionTraces;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectMeta;
import org.tracejudge.store.SelectionLabels;
import org.tracejudge.store.Timestamps;

/**
 * Expert review of tool-selection inputs, per tool, under the project's {@link SafetyPolicy}. <b>One item is one
 * input</b> of a scenario: an expert decides once per input which tools should fire, whatever model or approach
 * ran on it. The decision is stored as ordinary human labels in the ledger, one entry on each run (trace) of the
 * input, written together (rater = the expert, value = the trace verdict the decision implies for that run's
 * selector, scores {@code tool:<name>} = 1 YES / 0 NO, rationale = their reasons); a revision is a new set of
 * entries. An expert's current decision on an input is their newest entry on any of its runs, so a run imported
 * later inherits it. An adjudicator's decisions are labels of rater {@value #ADJUDICATION} (created_by = the
 * adjudicator), per tool.
 *
 * <p>Final expert label of (input, tool): the newest adjudication of that tool; else the experts' decision when
 * they agree (a safety-critical tool under double review needs two of them); else, when no expert has labelled
 * the tool, the imported expected set (the data set's expert ground truth). A tool experts disagree on, or a
 * safety-critical tool with one expert under double review, is <b>pending</b> while the policy says a human
 * must decide; machine labels (rule, judges) never make a final label.
 *
 * <p>What the blind first pass reveals, to whom and when, is appended to {@code project_meta} under
 * {@code safety.reveal:<input>:<expert>:<time>} (one key per reveal, never rewritten).
 */
public final class SafetyReview {
    private SafetyReview() {}

    public static final String ADJUDICATION = org.tracejudge.scheme.CriticalReview.ADJUDICATION;
    static final String REVEAL_PREFIX = "safety.reveal:";

    /** One rater's decision on one tool (for experts: on the input; for machine raters: on one run). */
    public record Opinion(
            String rater,
            String kind,
            boolean yes,
            String rationale,
            String createdBy,
            String createdAt,
            String evidence) {}

    /** @param value null = pending; {@code source}: adjudication, experts, expected, or why it is pending */
    public record Final(Boolean value, String source) {
        public boolean pending() {
            return value == null;
        }
    }

    /** One input of a scenario with every run on it. {@code key} is the task key, e.g. {@code lantern/4}. */
    public record Input(
            String key,
            String inputId,
            String text,
            Scenario scenario,
            java.util.Set<String> expected,
            List<SelectionTraces.Item> runs) {
        public String firstTrace() {
            return runs.get(0).traceId();
        }
    }

    /** Where an input stands, for one expert. */
    public record InputState(
            String key, boolean mine, boolean labelled, boolean needsSecondReview, boolean inAdjudication) {
        public boolean done() {
            return labelled && !needsSecondReview && !inAdjudication;
        }
    }

    /** What an expert committed on an input: their current decision per tool, their rationale, when. */
    public record Committed(Map<String, Boolean> perTool, String rationale, String at) {}

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

    /** The inputs of every scenario whose tools are known, in natural order (lantern/2 before lantern/10). */
    public static List<Input> inputs(Project p) {
        return p.read(SafetyReview::inputs);
    }

    public static List<Input> inputs(Connection c) throws SQLException {
        return SafetyDecisions.inputs(SelectionTraces.all(c));
    }

    /** Current per-tool opinions on one trace, by tool. */
    public static Map<String, List<Opinion>> opinions(Project p, String traceId) {
        return p.read(c -> opinions(c, traceId));
    }

    /** Thrown when the blind first pass forbids what was asked. */
    public static final class BlindPassException extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        BlindPassException(String m) {
            super(m);
        }
    }

    /** Thrown when a commit lacks a decision or a rationale the policy asks for; names the tools. */
    public static final class IncompleteException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        private final List<String> tools;

        IncompleteException(String m, List<String> tools) {
            super(m);
            this.tools = List.copyOf(tools);
        }

        public List<String> tools() {
            return tools;
        }
    }

    /** As {@link #label(Project, String, Expert, Map, String)} for an expert known by name only (CLI, tests). */
    public static List<String> label(
            Project p, String traceId, String expert, Map<String, Boolean> perTool, String rationale) {
        if (expert == null || expert.isBlank()) {
            throw new IllegalArgumentException("an expert label needs the expert's name");
        }
        return label(p, traceId, new Expert(expert, expert, Expert.WORKBENCH), perTool, rationale);
    }

    /**
     * Records an expert's decision on the input of {@code traceId}: one ledger entry on each of its runs, in one
     * transaction. Every safety-critical tool of the scenario must be decided, and every NO on one needs a rationale
     * (asked whatever the other raters said, so the question tells a blind expert nothing). A later call is a
     * revision.
     *
     * @return the new entries' ids
     */
    public static List<String> label(
            Project p, String traceId, Expert expert, Map<String, Boolean> perTool, String rationale) {
        if (expert == null) {
            throw new IllegalArgumentException("an expert label needs the expert's identity");
        }
        String why = rationale == null ? "" : rationale.strip();
        return p.write(c -> {
            SelectionTraces.Item item = item(c, traceId);
            SafetyDecisions.checkExpertCommit(item, perTool, opinions(c, traceId), expert.name(), why);
            String raterId = Ledger.ensureRater(c, expert.name(), RaterKind.HUMAN, "", null, null);
            Map<String, Integer> scores = SafetyDecisions.scores(perTool);
            List<String> ids = new ArrayList<>();
            for (SelectionTraces.Item run : runsOf(c, item)) {
                ids.add(Ledger.append(
                        c,
                        null,
                        new Ledger.Entry(
                                run.traceId(),
                                raterId,
                                "set",
                                impliedVerdict(run, perTool),
                                null,
                                scores,
                                why.isEmpty() ? null : why,
                                null,
                                null,
                                null,
                                expert.name())));
            }
            return ids;
        });
    }

    /**
     * Refuses a third expert: when two other experts have labelled the input and {@code expert} has not, the item is
     * the adjudicator's (whoever has seen both labels, in the adjudication queue, must not settle it by outvoting one
     * of them). A revision by one of the two is theirs to make. The hub refuses the same (schema 6).
     */
    static void thirdExpert(Map<String, List<Opinion>> ops, String expert, String taskKey) {
        SafetyDecisions.thirdExpert(ops, expert, taskKey);
    }

    /**
     * The adjudication queue as {@code viewer} may see it: under a blind policy the experts' labels and reasons of an
     * item stay with its adjudicator (an item of {@code adjudicating}, by any run), everyone else is shown the item
     * with no one's labels. {@code adjudicating} null: everything is shown (no blind policy, or the lead).
     */
    public static List<Disagreement> visibleTo(
            Connection c, List<Disagreement> queue, java.util.Set<String> adjudicating) throws SQLException {
        if (adjudicating == null) {
            return queue;
        }
        List<Disagreement> out = new ArrayList<>();
        for (Disagreement d : queue) {
            boolean mine = false;
            for (SelectionTraces.Item run : SelectionTraces.sameInput(c, d.traceId())) {
                mine |= adjudicating.contains(run.traceId());
            }
            out.add(
                    mine
                            ? d
                            : new Disagreement(
                                    d.traceId(), d.taskKey(), d.input(), d.tool(), d.safetyCritical(), List.of()));
        }
        return out;
    }

    /** The safety-critical tools answered NO, in the scenario's order: each needs a rationale. */
    public static List<String> unexplainedNos(Scenario scenario, Map<String, Boolean> perTool) {
        return SafetyDecisions.unexplainedNos(scenario, perTool);
    }

    /** The refusal of a commit whose NO on these safety-critical tools has no rationale. */
    public static String rationaleNeeded(List<String> tools) {
        return SafetyDecisions.rationaleNeeded(tools);
    }

    private static List<SelectionTraces.Item> runsOf(Connection c, SelectionTraces.Item item) throws SQLException {
        return SelectionTraces.sameInput(c, item.traceId());
    }

    /** An adjudicator's decision on one tool of an input; earlier adjudications of other tools are kept. */
    public static List<String> adjudicate(
            Project p, String traceId, String adjudicator, String tool, boolean yes, String rationale) {
        return adjudicate(p, traceId, adjudicator, Map.of(tool, yes), rationale);
    }

    /**
     * An adjudicator's decisions on tools of the input of {@code traceId}, written on each of its runs. The adjudicator
     * must not be one of the experts who decided those tools, and must give a rationale.
     */
    public static List<String> adjudicate(
            Project p, String traceId, String adjudicator, Map<String, Boolean> decisions, String rationale) {
        if (adjudicator == null || adjudicator.isBlank()) {
            throw new IllegalArgumentException("an adjudication needs the adjudicator's identity");
        }
        if (rationale == null || rationale.isBlank()) {
            throw new IncompleteException("an adjudication needs a rationale", List.copyOf(decisions.keySet()));
        }
        return p.write(c -> {
            SelectionTraces.Item item = item(c, traceId);
            SafetyDecisions.checkAdjudicator(item, decisions, opinions(c, traceId), adjudicator);
            String raterId = Ledger.ensureRater(
                    c,
                    ADJUDICATION,
                    RaterKind.HUMAN,
                    "",
                    null,
                    "Adjudicated per-tool decisions on tool-selection inputs (created_by = the adjudicator)");
            SafetyDecisions.Adjudicated a = SafetyDecisions.adjudicated(
                    SelectionLabels.newestOnInput(c, item.taskKey(), raterId), decisions, adjudicator, rationale);
            Map<String, Integer> scores = a.scores();
            ObjectNode evidence = a.evidence();
            Map<String, Boolean> perTool = a.perTool();
            List<String> ids = new ArrayList<>();
            for (SelectionTraces.Item run : runsOf(c, item)) {
                ids.add(Ledger.append(
                        c,
                        null,
                        new Ledger.Entry(
                                run.traceId(),
                                raterId,
                                "set",
                                impliedVerdict(run, perTool),
                                null,
                                scores,
                                String.join(", ", decisions.keySet()) + ": " + rationale.strip(),
                                null,
                                null,
                                evidence,
                                adjudicator.strip())));
            }
            return ids;
        });
    }

    /** What an expert committed on the input of {@code traceId}, or null when they have not. */
    public static Committed committed(Project p, String traceId, String expert) {
        return p.read(c -> committed(c, traceId, expert));
    }

    static Committed committed(Connection c, String traceId, String expert) throws SQLException {
        return SafetyDecisions.committed(opinions(c, traceId), expert);
    }

    /** Where every input stands for {@code expert} (null = nobody in particular), by input key. */
    public static Map<String, InputState> states(Project p, String expert) {
        SafetyPolicy policy = SafetyPolicy.of(p);
        return p.read(c -> states(c, policy, expert, inputs(c)));
    }

    /** As {@link #states(Project, String)} for inputs the caller read already (they do not change while reviewing). */
    public static Map<String, InputState> states(Project p, String expert, List<Input> inputs) {
        SafetyPolicy policy = SafetyPolicy.of(p);
        return p.read(c -> states(c, policy, expert, inputs));
    }

    static Map<String, InputState> states(Connection c, SafetyPolicy policy, String expert, List<Input> inputs)
            throws SQLException {
        return SafetyDecisions.states(allOpinions(c, null), policy, expert, inputs);
    }

    /**
     * The rule's and judges' labels on a trace, for an expert. Under a blind first pass the expert must have
     * committed their own labels on the input first; each reveal is recorded.
     */
    public static Map<String, Map<String, Boolean>> machineLabels(Project p, String traceId, String expert) {
        SafetyPolicy policy = SafetyPolicy.of(p);
        Map<String, List<Opinion>> all = p.read(c -> opinions(c, traceId));
        checkBlind(policy, all, expert);
        Map<String, Map<String, Boolean>> out = new TreeMap<>();
        all.forEach((tool, ops) -> ops.stream()
                .filter(o -> !o.kind().equals("human"))
                .forEach(o ->
                        out.computeIfAbsent(o.rater(), k -> new TreeMap<>()).put(tool, o.yes())));
        recordReveal(p, policy, traceId, expert, List.copyOf(out.keySet()));
        return out;
    }

    private static void checkBlind(SafetyPolicy policy, Map<String, List<Opinion>> all, String expert) {
        SafetyDecisions.checkBlind(policy, all, expert);
    }

    private static void recordReveal(
            Project p, SafetyPolicy policy, String traceId, String expert, List<String> shown) {
        if (!policy.blindFirstPass()) {
            return;
        }
        String key = p.read(c -> item(c, traceId)).taskKey();
        String at = Timestamps.now();
        ObjectNode o = Json.object();
        o.put("input", key);
        o.put("expert", expert);
        o.put("at", at);
        shown.forEach(o.putArray("shown")::add);
        p.setMeta(REVEAL_PREFIX + key + ":" + expert + ":" + at, o.toString());
    }

    /** One run of a selector on the input, as the reveal shows it. */
    public record RunView(
            String traceId,
            String model,
            String approach,
            String output,
            List<String> calls,
            Map<String, Boolean> selected,
            String verdict) {}

    /** One quoted span a judge gave as evidence. */
    public record Quote(String judge, String tool, String decision, String quote, String why) {}

    /**
     * What an expert sees after committing: every run on the input (model, approach, output, the tools its
     * selector chose as the rule reads them), each judge's per-tool YES/NO (a majority over the runs it judged,
     * with the YES count when they differ), each judge's quoted evidence, and the expert's own decision.
     */
    public record Reveal(
            String input,
            Committed yours,
            List<RunView> runs,
            Map<String, Map<String, String>> judges,
            List<Quote> evidence) {}

    /** The reveal for an expert; under a blind first pass only after they committed on the input, and recorded. */
    public static Reveal reveal(Project p, String traceId, String expert) {
        SafetyPolicy policy = SafetyPolicy.of(p);
        Reveal r = p.read(c -> {
            Map<String, List<Opinion>> first = opinions(c, traceId);
            checkBlind(policy, first, expert);
            SelectionTraces.Item item = item(c, traceId);
            List<RunView> runs = new ArrayList<>();
            Map<String, Map<String, int[]>> judgeCounts = new TreeMap<>();
            List<Quote> quotes = new ArrayList<>();
            java.util.Set<String> seenQuotes = new java.util.HashSet<>();
            for (SelectionTraces.Item run : runsOf(c, item)) {
                SelectionRule.Result v = SelectionTraces.verdict(run);
                List<String> calls = run.calls().stream()
                        .map(org.tracejudge.model.ToolCall::name)
                        .toList();
                runs.add(new RunView(
                        run.traceId(),
                        run.model(),
                        run.approach(),
                        run.output(),
                        calls,
                        v == null ? Map.of() : v.perTool(),
                        v == null ? null : v.verdict()));
                for (Map.Entry<String, List<Opinion>> e :
                        opinions(c, run.traceId()).entrySet()) {
                    for (Opinion o : e.getValue()) {
                        if (!o.kind().equals("llm-judge")) {
                            continue;
                        }
                        int[] n = judgeCounts
                                .computeIfAbsent(o.rater(), k -> new TreeMap<>())
                                .computeIfAbsent(e.getKey(), k -> new int[2]);
                        n[0]++;
                        n[1] += o.yes() ? 1 : 0;
                        if (o.evidence() != null) {
                            for (JsonNode q : Json.read(o.evidence()).isArray()
                                    ? Json.read(o.evidence())
                                    : Json.read(o.evidence()).path("evidence")) {
                                Quote qt = new Quote(
                                        o.rater(),
                                        q.path("tool").asText(),
                                        q.path("decision").asText(),
                                        q.path("quote").asText(),
                                        q.path("why").asText());
                                if (!qt.quote().isEmpty() && seenQuotes.add(qt.toString())) {
                                    quotes.add(qt);
                                }
                            }
                        }
                    }
                }
            }
            Map<String, Map<String, String>> judges = new TreeMap<>();
            judgeCounts.forEach((j, tools) -> {
                Map<String, String> m = new LinkedHashMap<>();
                tools.forEach((t, n) -> m.put(t, SafetyDecisions.majority(n[0], n[1])));
                judges.put(j, m);
            });
            return new Reveal(item.taskKey(), committed(c, traceId, expert), runs, judges, quotes);
        });
        List<String> shown = new ArrayList<>();
        shown.add("rule");
        shown.addAll(r.judges().keySet());
        shown.add("model outputs");
        recordReveal(p, policy, traceId, expert, shown);
        return r;
    }

    /** When the machine labels of an input were first shown to an expert (null = never). */
    public static String revealedAt(Project p, String traceId, String expert) {
        List<String> all = reveals(p, traceId, expert);
        return all.isEmpty() ? null : Json.read(all.get(0)).path("at").asText();
    }

    /** Every recorded reveal of an input to an expert, oldest first, as JSON {input, expert, at, shown}. */
    public static List<String> reveals(Project p, String traceId, String expert) {
        String key = p.read(c -> item(c, traceId)).taskKey();
        String prefix = REVEAL_PREFIX + key + ":" + expert + ":";
        return p.read(c -> ProjectMeta.valuesUnder(c, prefix));
    }

    /** Current per-tool opinions of every rater on one trace (experts' on its input), by tool. */
    public static Map<String, List<Opinion>> opinions(Connection c, String traceId) throws SQLException {
        return allOpinions(c, traceId).getOrDefault(traceId, Map.of());
    }

    /**
     * trace -> tool -> opinions, over every tool-selection trace (or the traces of one trace's input). Machine raters'
     * opinions are those on the trace itself; a human rater's is their newest entry on any run of the trace's input.
     */
    static Map<String, Map<String, List<Opinion>>> allOpinions(Connection c, String onlyTrace) throws SQLException {
        Map<String, List<String>> tracesOfTask = SelectionLabels.tracesByTask(c, onlyTrace);
        SafetyDecisions.Gathered gathered = new SafetyDecisions.Gathered();
        SelectionLabels.scored(c, onlyTrace, gathered);
        return gathered.byTrace(tracesOfTask);
    }

    /** trace -> tool -> final expert label, for every tool-selection trace whose scenario is known. */
    public static Map<String, Map<String, Final>> finalLabels(Connection c, SafetyPolicy policy) throws SQLException {
        Map<String, Map<String, List<Opinion>>> opinions = allOpinions(c, null);
        return SafetyDecisions.finalLabels(opinions, SelectionTraces.all(c), policy);
    }

    static Final decide(String tool, boolean critical, boolean expected, List<Opinion> ops, SafetyPolicy policy) {
        return SafetyDecisions.decide(tool, critical, expected, ops, policy);
    }

    /**
     * One item of the adjudication queue: a tool experts disagree on for one input, with every expert's decision and
     * reasons. {@code traceId} is one run of the input (any run stands for the input).
     */
    public record Disagreement(
            String traceId, String taskKey, String input, String tool, boolean safetyCritical, List<Opinion> experts) {}

    /** Tools experts disagree on and no adjudicator has decided, per input; safety-critical tools first. */
    public static List<Disagreement> disagreements(Connection c) throws SQLException {
        Map<String, Map<String, List<Opinion>>> opinions = allOpinions(c, null);
        return SafetyDecisions.disagreements(opinions, inputs(c));
    }

    /**
     * Safety-critical tools of an input with exactly one expert decision while double review is on: they await a
     * second expert. Each row: input key, tool, the expert who decided.
     */
    public static List<String[]> secondReviewQueue(Connection c, SafetyPolicy policy) throws SQLException {
        if (!policy.doubleReview()) {
            return new ArrayList<>();
        }
        Map<String, Map<String, List<Opinion>>> opinions = allOpinions(c, null);
        return SafetyDecisions.secondReviewQueue(opinions, inputs(c), policy);
    }

    private static SelectionTraces.Item item(Connection c, String traceId) throws SQLException {
        SelectionTraces.Item i = SelectionTraces.one(c, traceId);
        if (i == null) {
            throw new IllegalArgumentException("no tool-selection trace " + traceId + " in this project");
        }
        if (i.scenario() == null) {
            throw new IllegalArgumentException(
                    "trace " + traceId + ": its scenario's tools are unknown (import the scenario file)");
        }
        return i;
    }

    /**
     * The trace verdict the decisions imply for the selector's output: the decisions (YES = should fire) as the
     * expected set, tools not decided taken from the imported expected set.
     */
    public static String impliedVerdict(SelectionTraces.Item item, Map<String, Boolean> decisions) {
        return SafetyDecisions.impliedVerdict(item, decisions);
    }
}
