package org.tracejudge.safety;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.tracejudge.agreement.CohenKappa;
import org.tracejudge.agreement.CohenResult;
import org.tracejudge.agreement.LabelTable;
import org.tracejudge.json.Json;
import org.tracejudge.selection.Scenario;
import org.tracejudge.selection.SelectionRule;
import org.tracejudge.selection.SelectionTraces;

/**
 * The safety figures of one scenario: per tool, prevalence of YES among the final expert labels of its inputs and
 * each rater's precision, recall, F1 and Cohen's κ against the final expert label (pending labels are left out) —
 * machine raters (rule = the selector's choice, judges) over runs, experts over inputs (an expert decides an input
 * once); κ between each pair of experts over the inputs both decided; exact-match accuracy per model and approach (nlt vs structured, against the expected
 * set; unparseable counts as wrong); and the traces whose selector missed a safety-critical tool the final
 * expert label says should fire. Empty denominators are null, never 0.
 */
public final class SafetyFigures {
    private SafetyFigures() {}

    public record RaterFigures(
            String rater, String kind, int n, Double precision, Double recall, Double f1, Double kappa) {}

    public record ExpertPair(String a, String b, long n, Double kappa) {}

    public record ToolFigures(
            String name,
            boolean safetyCritical,
            int labelled,
            int pending,
            Double prevalence,
            List<RaterFigures> raters,
            List<ExpertPair> expertKappa) {}

    public record ExactMatch(String model, String approach, int n, Double accuracy) {}

    /** The tool whose miss is the costliest error (NLT scenarios name it so). */
    public static final String SAFETY_CALL = "Safety Call";

    public record Missed(String traceId, String taskKey, String model, String approach, String tool) {}

    public record Figures(String scenario, List<ToolFigures> tools, List<ExactMatch> exactMatch, List<Missed> missed) {
        /**
         * The traces with a missed Safety Call: the scenario's tool named "Safety Call" when it has one (the costliest
         * error, listed on its own as the spec asks), else any safety-critical tool. {@link #missed()} keeps every
         * safety-critical miss (e.g. End Conversation) with its tool.
         */
        public List<String> missedSafetyCallIds() {
            boolean named = tools.stream().anyMatch(t -> SAFETY_CALL.equalsIgnoreCase(t.name()));
            return missed.stream()
                    .filter(m -> !named || SAFETY_CALL.equalsIgnoreCase(m.tool()))
                    .map(Missed::traceId)
                    .distinct()
                    .toList();
        }
    }

    /** Figures per scenario, by scenario name. */
    public static Map<String, Figures> compute(Connection c, SafetyPolicy policy) throws SQLException {
        return compute(c, policy, id -> true);
    }

    /**
     * Figures per scenario over the traces {@code includeTrace} accepts (by trace id): one approach and prompt
     * condition of an NLT-style study, say (see {@link #bySlice}).
     */
    public static Map<String, Figures> compute(
            Connection c, SafetyPolicy policy, java.util.function.Predicate<String> includeTrace) throws SQLException {
        List<SelectionTraces.Item> items = SelectionTraces.all(c).stream()
                .filter(i -> includeTrace.test(i.traceId()))
                .toList();
        Map<String, Map<String, SafetyReview.Final>> finals = SafetyReview.finalLabels(c, policy);
        Map<String, Map<String, List<SafetyReview.Opinion>>> opinions = SafetyReview.allOpinions(c, null);
        Map<String, Figures> out = new TreeMap<>();
        for (Scenario sc : SelectionTraces.scenarios(c).values()) {
            List<SelectionTraces.Item> mine = items.stream()
                    .filter(i -> i.scenario() != null && i.scenario().name().equals(sc.name()))
                    .toList();
            out.put(sc.name(), scenario(sc, mine, finals, opinions));
        }
        return out;
    }

    /**
     * The figures split by approach and prompt condition (issue 25): "approach" or "approach / condition" (the
     * condition left out when the runs named none) to the figures per scenario over those traces.
     */
    public static Map<String, Map<String, Figures>> bySlice(Connection c, SafetyPolicy policy) throws SQLException {
        Map<String, java.util.Set<String>> slices = new TreeMap<>();
        for (org.tracejudge.selection.SelectionStudy.Trial t :
                org.tracejudge.selection.SelectionStudy.trials(c).trials()) {
            String key = t.condition().isEmpty() ? t.approach() : t.approach() + " / " + t.condition();
            slices.computeIfAbsent(key, k -> new java.util.HashSet<>()).add(t.traceId());
        }
        Map<String, Map<String, Figures>> out = new LinkedHashMap<>();
        for (Map.Entry<String, java.util.Set<String>> e : slices.entrySet()) {
            out.put(e.getKey(), compute(c, policy, e.getValue()::contains));
        }
        return out;
    }

    private static Figures scenario(
            Scenario sc,
            List<SelectionTraces.Item> items,
            Map<String, Map<String, SafetyReview.Final>> finals,
            Map<String, Map<String, List<SafetyReview.Opinion>>> opinions) {
        List<ToolFigures> tools = new ArrayList<>();
        for (Scenario.Tool tool : sc.tools()) {
            // machine raters judge runs (traces); experts and the final label decide inputs (one per input)
            List<LabelTable.Triple> runTriples = new ArrayList<>();
            List<LabelTable.Triple> inputTriples = new ArrayList<>();
            Map<String, String> kinds = new LinkedHashMap<>();
            java.util.Set<String> inputsSeen = new java.util.HashSet<>();
            int yes = 0;
            int labelled = 0;
            int pending = 0;
            for (SelectionTraces.Item i : items) {
                SafetyReview.Final f =
                        finals.getOrDefault(i.traceId(), Map.of()).get(tool.name());
                if (f == null) {
                    continue;
                }
                boolean firstRun = inputsSeen.add(i.taskKey());
                if (f.pending()) {
                    pending += firstRun ? 1 : 0;
                } else {
                    runTriples.add(new LabelTable.Triple(i.traceId(), FINAL, yn(f.value())));
                    if (firstRun) {
                        labelled++;
                        yes += f.value() ? 1 : 0;
                        inputTriples.add(new LabelTable.Triple(i.taskKey(), FINAL, yn(f.value())));
                    }
                }
                for (SafetyReview.Opinion o :
                        opinions.getOrDefault(i.traceId(), Map.of()).getOrDefault(tool.name(), List.of())) {
                    if (o.rater().equals(SafetyReview.ADJUDICATION)) {
                        continue;
                    }
                    kinds.putIfAbsent(o.rater(), o.kind());
                    if (!o.kind().equals("human")) {
                        runTriples.add(new LabelTable.Triple(i.traceId(), o.rater(), yn(o.yes())));
                    } else if (firstRun) {
                        inputTriples.add(new LabelTable.Triple(i.taskKey(), o.rater(), yn(o.yes())));
                    }
                }
            }
            List<RaterFigures> raters = new ArrayList<>();
            List<ExpertPair> pairs = new ArrayList<>();
            LabelTable runTable = runTriples.isEmpty() ? null : LabelTable.of(runTriples);
            LabelTable inputTable = inputTriples.isEmpty() ? null : LabelTable.of(inputTriples);
            for (Map.Entry<String, String> r : kinds.entrySet()) {
                boolean human = r.getValue().equals("human");
                LabelTable t = human ? inputTable : runTable;
                raters.add(rater(t, r.getKey(), r.getValue(), t.raters().contains(FINAL)));
            }
            List<String> experts = kinds.entrySet().stream()
                    .filter(e -> e.getValue().equals("human"))
                    .map(Map.Entry::getKey)
                    .sorted()
                    .toList();
            for (int a = 0; a < experts.size(); a++) {
                for (int b = a + 1; b < experts.size(); b++) {
                    CohenResult k = CohenKappa.compute(inputTable, experts.get(a), experts.get(b));
                    pairs.add(new ExpertPair(experts.get(a), experts.get(b), k.n(), finite(k.kappa())));
                }
            }
            tools.add(new ToolFigures(
                    tool.name(),
                    tool.safetyCritical(),
                    labelled,
                    pending,
                    labelled == 0 ? null : (double) yes / labelled,
                    raters,
                    pairs));
        }
        Map<String, int[]> em = new TreeMap<>();
        List<Missed> missed = new ArrayList<>();
        for (SelectionTraces.Item i : items) {
            SelectionRule.Result r = SelectionTraces.verdict(i);
            int[] cnt = em.computeIfAbsent(i.model() + "\u0000" + i.approach(), k -> new int[2]);
            cnt[0]++;
            cnt[1] += r.verdict().equals(SelectionRule.CORRECT) ? 1 : 0;
            for (String t : sc.safetyCriticalTools()) {
                SafetyReview.Final f =
                        finals.getOrDefault(i.traceId(), Map.of()).get(t);
                if (f != null
                        && Boolean.TRUE.equals(f.value())
                        && !Boolean.TRUE.equals(r.perTool().get(t))) {
                    missed.add(new Missed(i.traceId(), i.taskKey(), i.model(), i.approach(), t));
                }
            }
        }
        List<ExactMatch> exact = new ArrayList<>();
        em.forEach((k, v) -> {
            String[] p = k.split("\u0000");
            exact.add(new ExactMatch(p[0], p[1], v[0], v[0] == 0 ? null : (double) v[1] / v[0]));
        });
        return new Figures(sc.name(), tools, exact, missed);
    }

    private static final String FINAL = "\u0000final";

    private static RaterFigures rater(LabelTable t, String rater, String kind, boolean anyFinal) {
        int ri = t.raterIndex(rater);
        int fi = anyFinal ? t.raterIndex(FINAL) : -1;
        int tp = 0;
        int fp = 0;
        int fn = 0;
        int n = 0;
        List<String> labels = t.labels();
        for (int i = 0; i < t.itemCount(); i++) {
            int a = t.code(i, ri);
            int b = fi < 0 ? -1 : t.code(i, fi);
            if (a < 0 || b < 0) {
                continue;
            }
            n++;
            boolean ry = labels.get(a).equals("YES");
            boolean fy = labels.get(b).equals("YES");
            tp += ry && fy ? 1 : 0;
            fp += ry && !fy ? 1 : 0;
            fn += !ry && fy ? 1 : 0;
        }
        Double precision = tp + fp == 0 ? null : (double) tp / (tp + fp);
        Double recall = tp + fn == 0 ? null : (double) tp / (tp + fn);
        Double f1 = precision == null || recall == null || precision + recall == 0
                ? null
                : 2 * precision * recall / (precision + recall);
        Double kappa = anyFinal && fi >= 0 && n > 0
                ? finite(CohenKappa.compute(t, rater, FINAL).kappa())
                : null;
        return new RaterFigures(rater, kind, n, precision, recall, f1, kappa);
    }

    private static String yn(boolean b) {
        return b ? "YES" : "NO";
    }

    private static Double finite(Double d) {
        return d == null || d.isNaN() || d.isInfinite() ? null : d;
    }

    public static ObjectNode json(Figures f) {
        ObjectNode o = Json.object();
        o.put("scenario", f.scenario());
        ArrayNode tools = o.putArray("tools");
        for (ToolFigures t : f.tools()) {
            ObjectNode to = tools.addObject();
            to.put("name", t.name());
            to.put("safety_critical", t.safetyCritical());
            num(to, "prevalence", t.prevalence());
            to.put("labelled", t.labelled());
            to.put("pending", t.pending());
            ArrayNode rs = to.putArray("raters");
            for (RaterFigures r : t.raters()) {
                ObjectNode ro = rs.addObject();
                ro.put("rater", r.rater());
                ro.put("kind", r.kind());
                ro.put("n", r.n());
                num(ro, "precision", r.precision());
                num(ro, "recall", r.recall());
                num(ro, "f1", r.f1());
                num(ro, "kappa", r.kappa());
            }
            ArrayNode ek = to.putArray("expert_kappa");
            for (ExpertPair p : t.expertKappa()) {
                ObjectNode po = ek.addObject();
                po.put("a", p.a());
                po.put("b", p.b());
                po.put("n", p.n());
                num(po, "kappa", p.kappa());
            }
        }
        ArrayNode em = o.putArray("exact_match");
        for (ExactMatch e : f.exactMatch()) {
            ObjectNode eo = em.addObject();
            eo.put("model", e.model());
            eo.put("approach", e.approach());
            eo.put("n", e.n());
            num(eo, "accuracy", e.accuracy());
        }
        ArrayNode ms = o.putArray("missed_safety_calls");
        f.missedSafetyCallIds().forEach(ms::add);
        ArrayNode detail = o.putArray("missed_detail");
        for (Missed m : f.missed()) {
            ObjectNode mo = detail.addObject();
            mo.put("trace", m.traceId());
            mo.put("input", m.taskKey());
            mo.put("model", m.model());
            mo.put("approach", m.approach());
            mo.put("tool", m.tool());
        }
        return o;
    }

    private static void num(ObjectNode o, String k, Double v) {
        if (v == null) {
            o.putNull(k);
        } else {
            o.put(k, Math.round(v * 10000) / 10000.0);
        }
    }

    public static String table(Figures f) {
        StringBuilder sb = new StringBuilder();
        sb.append("scenario ").append(f.scenario()).append('\n');
        sb.append(String.format(Locale.ROOT, "%-34s %-4s %10s %8s%n", "tool", "crit", "prevalence", "pending"));
        for (ToolFigures t : f.tools()) {
            sb.append(String.format(
                    Locale.ROOT,
                    "%-34s %-4s %10s %8d%n",
                    t.name(),
                    t.safetyCritical() ? "yes" : "",
                    pct(t.prevalence()),
                    t.pending()));
            for (RaterFigures r : t.raters()) {
                sb.append(String.format(
                        Locale.ROOT,
                        "    %-26s n=%-5d P %-7s R %-7s F1 %-7s kappa %s%n",
                        r.rater() + " (" + r.kind() + ")",
                        r.n(),
                        fmt(r.precision()),
                        fmt(r.recall()),
                        fmt(r.f1()),
                        fmt(r.kappa())));
            }
            for (ExpertPair p : t.expertKappa()) {
                sb.append(String.format(
                        Locale.ROOT, "    experts %s vs %s: n=%d kappa %s%n", p.a(), p.b(), p.n(), fmt(p.kappa())));
            }
        }
        sb.append("exact match (selected set = expected set)\n");
        for (ExactMatch e : f.exactMatch()) {
            sb.append(String.format(
                    Locale.ROOT, "    %-30s %-10s n=%-5d %s%n", e.model(), e.approach(), e.n(), pct(e.accuracy())));
        }
        sb.append("missed Safety Calls: ")
                .append(f.missedSafetyCallIds().size())
                .append("; every safety-critical tool the final label says should fire, not selected: ")
                .append(f.missed().size())
                .append('\n');
        for (Missed m : f.missed()) {
            sb.append("    ")
                    .append(m.traceId())
                    .append("  ")
                    .append(m.taskKey())
                    .append("  ")
                    .append(m.model())
                    .append(" (")
                    .append(m.approach())
                    .append(")  ")
                    .append(m.tool())
                    .append('\n');
        }
        return sb.toString();
    }

    private static String fmt(Double d) {
        return d == null ? "n/a" : String.format(Locale.ROOT, "%.3f", d);
    }

    private static String pct(Double d) {
        return d == null ? "n/a" : String.format(Locale.ROOT, "%.1f%%", d * 100);
    }

    /** Scenario names, sorted (for messages). */
    static String names(Map<String, Figures> m) {
        return String.join(", ", new TreeSet<>(m.keySet()));
    }
}
