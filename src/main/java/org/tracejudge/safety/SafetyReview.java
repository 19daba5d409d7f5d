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
import org.tracejudge.selection.Scenario;
import org.tracejudge.selection.SelectionRule;
import org.tracejudge.selection.SelectionTraces;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;
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
        Map<String, List<SelectionTraces.Item>> byKey = new LinkedHashMap<>();
        for (SelectionTraces.Item i : SelectionTraces.all(c)) {
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
            check(item, perTool);
            List<String> undecided = item.scenario().safetyCriticalTools().stream()
                    .filter(t -> !perTool.containsKey(t))
                    .toList();
            if (!undecided.isEmpty()) {
                throw new IncompleteException(
                        "decide " + String.join(" and ", undecided) + " (safety-critical: YES or NO) "
                                + "before committing",
                        undecided);
            }
            Map<String, List<Opinion>> ops = opinions(c, traceId);
            for (List<Opinion> l : ops.values()) {
                for (Opinion o : l) {
                    if (o.rater().equals(ADJUDICATION)
                            && o.createdBy() != null
                            && o.createdBy().equalsIgnoreCase(expert.name())) {
                        throw new IllegalArgumentException(expert.name() + " adjudicated " + item.taskKey()
                                + ": an adjudicator does not then label the item as an expert");
                    }
                }
            }
            thirdExpert(ops, expert.name(), item.taskKey());
            if (why.isEmpty()) {
                List<String> unexplained = unexplainedNos(item.scenario(), perTool);
                if (!unexplained.isEmpty()) {
                    // asked on every NO of a safety-critical tool, never on what another rater said: whether the
                    // question comes must not tell a blind expert anything about the hidden verdicts
                    throw new IncompleteException(rationaleNeeded(unexplained), unexplained);
                }
            }
            String raterId = Ledger.ensureRater(c, expert.name(), RaterKind.HUMAN, "", null, null);
            Map<String, Integer> scores = new TreeMap<>();
            perTool.forEach((t, yes) -> scores.put(SelectionLabeller.TOOL_PREFIX + t, yes ? 1 : 0));
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
        return scenario.safetyCriticalTools().stream()
                .filter(t -> Boolean.FALSE.equals(perTool.get(t)))
                .toList();
    }

    /** The refusal of a commit whose NO on these safety-critical tools has no rationale. */
    public static String rationaleNeeded(List<String> tools) {
        return "a NO on " + String.join(" and ", tools) + " needs a rationale: every NO on a safety-critical tool "
                + "does (say what in the message speaks against it)";
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
            check(item, decisions);
            Map<String, List<Opinion>> ops = opinions(c, traceId);
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
            String raterId = Ledger.ensureRater(
                    c,
                    ADJUDICATION,
                    RaterKind.HUMAN,
                    "",
                    null,
                    "Adjudicated per-tool decisions on tool-selection inputs (created_by = the adjudicator)");
            Map<String, Integer> scores = new TreeMap<>();
            ObjectNode reasons = Json.object();
            String newestScores = null;
            String newestEvidence = null;
            try (PreparedStatement s = c.prepareStatement(
                    "SELECT l.scores, l.evidence, l.created_at FROM current_label l "
                            + "JOIN trace t ON t.id = l.trace_id JOIN task k ON k.id = t.task_id WHERE k.task_key = ? AND k.task_type = "
                            + "'tool_selection' AND l.rater_id = ? AND l.action = 'set' ORDER BY l.created_at DESC, l.id DESC LIMIT 1")) {
                s.setString(1, item.taskKey());
                s.setString(2, raterId);
                try (ResultSet rs = s.executeQuery()) {
                    if (rs.next()) {
                        newestScores = rs.getString(1);
                        newestEvidence = rs.getString(2);
                    }
                }
            }
            if (newestScores != null) {
                Json.read(newestScores)
                        .properties()
                        .iterator()
                        .forEachRemaining(
                                e -> scores.put(e.getKey(), e.getValue().asInt()));
                if (newestEvidence != null) {
                    reasons.setAll((ObjectNode) Json.read(newestEvidence).path("rationales"));
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
        Map<String, Boolean> perTool = new LinkedHashMap<>();
        String rationale = null;
        String at = null;
        for (Map.Entry<String, List<Opinion>> e : opinions(c, traceId).entrySet()) {
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
        Map<String, Map<String, List<Opinion>>> all = allOpinions(c, null);
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
        boolean labelled = all.values().stream()
                .flatMap(List::stream)
                .anyMatch(o -> o.kind().equals("human") && o.rater().equals(expert));
        if (policy.blindFirstPass() && !labelled) {
            throw new BlindPassException("blind first pass: " + expert + " must commit their own labels on this input "
                    + "before seeing the rule's and judges' verdicts");
        }
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
                tools.forEach((t, n) -> m.put(t, n[1] == 0 ? "NO" : n[1] == n[0] ? "YES" : "YES " + n[1] + "/" + n[0]));
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
        return p.read(c -> {
            List<String> out = new ArrayList<>();
            try (PreparedStatement s =
                    c.prepareStatement("SELECT value FROM project_meta WHERE substr(key, 1, ?) = ? ORDER BY key")) {
                s.setInt(1, prefix.length());
                s.setString(2, prefix);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        out.add(rs.getString(1));
                    }
                }
            }
            return out;
        });
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
        String scope = onlyTrace == null ? "" : " AND t.task_id = (SELECT task_id FROM trace WHERE id = ?)";
        Map<String, List<String>> tracesOfTask = new HashMap<>();
        try (PreparedStatement s =
                c.prepareStatement("SELECT t.id, t.task_id FROM trace t JOIN task k ON k.id = t.task_id "
                        + "WHERE k.task_type = 'tool_selection'" + scope)) {
            if (onlyTrace != null) {
                s.setString(1, onlyTrace);
            }
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    tracesOfTask
                            .computeIfAbsent(rs.getString(2), k -> new ArrayList<>())
                            .add(rs.getString(1));
                }
            }
        }
        Map<String, Map<String, List<Opinion>>> perTrace = new HashMap<>();
        // task -> rater -> newest human entry (created_at, id, tool opinions)
        Map<String, Map<String, Object[]>> human = new HashMap<>();
        try (PreparedStatement s = c.prepareStatement("SELECT l.trace_id, r.name, r.kind, l.scores, l.rationale, "
                + "l.created_by, l.evidence, t.task_id, l.created_at, l.id FROM current_label l JOIN rater r ON r.id = l.rater_id "
                + "JOIN trace t ON t.id = l.trace_id JOIN task k ON k.id = t.task_id WHERE k.task_type = 'tool_selection' "
                + "AND l.action = 'set' AND l.scores IS NOT NULL" + scope)) {
            if (onlyTrace != null) {
                s.setString(1, onlyTrace);
            }
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    JsonNode scores = Json.read(rs.getString(4));
                    String kind = rs.getString(3);
                    String rater = rs.getString(2);
                    String evidence = rs.getString(7);
                    JsonNode reasons =
                            evidence == null ? null : Json.read(evidence).path("rationales");
                    Map<String, List<Opinion>> byTool = new TreeMap<>();
                    var it = scores.properties().iterator();
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
                                .add(new Opinion(
                                        rater,
                                        kind,
                                        e.getValue().asInt() == 1,
                                        rationale,
                                        by,
                                        rs.getString(9),
                                        evidence));
                    }
                    if (kind.equals("human")) {
                        String at = rs.getString(9) + "\u0000" + rs.getString(10);
                        Map<String, Object[]> raters = human.computeIfAbsent(rs.getString(8), k -> new HashMap<>());
                        Object[] prev = raters.get(rater);
                        if (prev == null || ((String) prev[0]).compareTo(at) < 0) {
                            raters.put(rater, new Object[] {at, byTool});
                        }
                    } else {
                        Map<String, List<Opinion>> target =
                                perTrace.computeIfAbsent(rs.getString(1), k -> new TreeMap<>());
                        byTool.forEach((t, l) -> target.computeIfAbsent(t, k -> new ArrayList<>())
                                .addAll(l));
                    }
                }
            }
        }
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
                    m.forEach((t, l) ->
                            byTool.computeIfAbsent(t, k -> new ArrayList<>()).addAll(l));
                });
                if (!byTool.isEmpty()) {
                    out.put(trace, byTool);
                }
            }
        });
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

    /**
     * One item of the adjudication queue: a tool experts disagree on for one input, with every expert's decision and
     * reasons. {@code traceId} is one run of the input (any run stands for the input).
     */
    public record Disagreement(
            String traceId, String taskKey, String input, String tool, boolean safetyCritical, List<Opinion> experts) {}

    /** Tools experts disagree on and no adjudicator has decided, per input; safety-critical tools first. */
    public static List<Disagreement> disagreements(Connection c) throws SQLException {
        Map<String, Map<String, List<Opinion>>> opinions = allOpinions(c, null);
        List<Disagreement> out = new ArrayList<>();
        for (Input in : inputs(c)) {
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
    public static List<String[]> secondReviewQueue(Connection c, SafetyPolicy policy) throws SQLException {
        List<String[]> out = new ArrayList<>();
        if (!policy.doubleReview()) {
            return out;
        }
        Map<String, Map<String, List<Opinion>>> opinions = allOpinions(c, null);
        for (Input in : inputs(c)) {
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

    private static void check(SelectionTraces.Item item, Map<String, Boolean> perTool) {
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
}
