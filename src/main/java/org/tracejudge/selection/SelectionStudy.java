package org.tracejudge.selection;

import com.fasterxml.jackson.databind.JsonNode;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import org.tracejudge.json.Json;
import org.tracejudge.metrics.McNemar;
import org.tracejudge.metrics.Proportions;

/**
 * An NLT-style tool-selection study (formats.md §5; issue 25): trials of models × approaches (structured tool calls vs
 * NLT selector) × scenarios × inputs × prompt conditions × replications, scored by strict exact match of the selected
 * set against the expected set (an unparseable selection is wrong). Per model and approach, overall and by scenario
 * and by condition: trials, accuracy with a 95% Wilson interval, three variances (see {@link Variance}), mean tokens
 * per trial; the NLT − structured difference per model with McNemar's test on trials paired by scenario, input,
 * condition and replication; the means across models (the study's headline form); and per tool, how often the
 * selector fired it when expected, split by approach and condition. Plain data, computed off the FX thread.
 */
public final class SelectionStudy {
    private SelectionStudy() {}

    public static final String NLT = "nlt";
    public static final String STRUCTURED = "structured";

    /** Which variance a table or plot shows; every report carries all three. All are sample variances (n − 1). */
    public enum Variance {
        REPLICATION(
                "replication",
                "variance across replications: the accuracy of each replication run (all its "
                        + "trials of the model and approach), then the sample variance (n − 1) of those accuracies"),
        WITHIN(
                "within",
                "variance within cells: for each input × condition cell the sample variance (n − 1) of its "
                        + "0/1 outcomes over the replications, averaged over the cells"),
        ACROSS(
                "across",
                "variance across cells: the accuracy of each input × condition cell (over its replications), "
                        + "then the sample variance (n − 1) of those accuracies");

        public final String key;
        public final String definition;

        Variance(String key, String definition) {
            this.key = key;
            this.definition = definition;
        }

        public static Variance of(String key) {
            for (Variance v : values()) {
                if (v.key.equalsIgnoreCase(key) || v.name().equalsIgnoreCase(key)) {
                    return v;
                }
            }
            throw new IllegalArgumentException("no variance '" + key + "' (replication, within or across)");
        }
    }

    /**
     * One trial: one run of one selector on one input.
     *
     * @param condition the prompt condition ("" when the row named none)
     * @param run       the replication ("" when the row named none)
     * @param selected  the tools the selector fired (empty when unparseable)
     * @param inputTokens null when the row carried no usage
     */
    public record Trial(
            String traceId,
            String model,
            String approach,
            String scenario,
            String inputId,
            String condition,
            String run,
            boolean correct,
            boolean unparseable,
            Set<String> expected,
            Set<String> selected,
            Long inputTokens,
            Long outputTokens) {
        String cell() {
            return scenario + "\u0000" + inputId + "\u0000" + condition;
        }

        String pairKey() {
            return cell() + "\u0000" + run;
        }
    }

    /** The trials of a project and the scenarios they belong to; {@code unscored}: traces whose scenario file is missing. */
    public record Trials(List<Trial> trials, Map<String, Scenario> scenarios, int unscored) {}

    /**
     * One model × approach over a slice of its trials.
     *
     * @param by           "all", "scenario" or "condition"
     * @param key          the scenario or condition ("all" for the overall row; "" = no condition named)
     * @param variances    the three variances (null where undefined: fewer than two replications / cells)
     * @param replications number of replication runs seen; {@code cells}: input × condition cells
     * @param meanInput    mean input (prompt) tokens per trial over {@code usageTrials} trials with usage; null if none
     */
    public record Group(
            String model,
            String approach,
            String by,
            String key,
            int trials,
            int correct,
            double accuracy,
            double ciLow,
            double ciHigh,
            Map<Variance, Double> variances,
            int replications,
            int cells,
            Double meanInput,
            Double meanOutput,
            Double meanTotal,
            int usageTrials) {
        public Double variance(Variance v) {
            return variances.get(v);
        }
    }

    /**
     * NLT − structured for one model, over the trials present in both (paired by scenario, input, condition, run).
     *
     * @param nltOnly    pairs where NLT was right and structured wrong ({@code b}); {@code structuredOnly} the reverse
     * @param unpaired   trials of either approach with no partner (left out of the accuracies here and of the test)
     */
    public record Difference(
            String model,
            int pairs,
            double nltAccuracy,
            double structuredAccuracy,
            double difference,
            int nltOnly,
            int structuredOnly,
            McNemar.Result test,
            int unpaired) {}

    /** The study's headline: means over the models that have both approaches (each model weighs the same). */
    public record Headline(
            int models,
            double nltAccuracy,
            double structuredAccuracy,
            double difference,
            Map<Variance, Double> nltVariance,
            Map<Variance, Double> structuredVariance,
            Double nltTotalTokens,
            Double structuredTotalTokens,
            Double nltInputTokens,
            Double structuredInputTokens,
            Double nltOutputTokens,
            Double structuredOutputTokens,
            List<ConditionMeans> byCondition) {}

    /**
     * The headline accuracies within one prompt condition (the study's perturbed vs original comparison), over the
     * models that have both approaches under it.
     */
    public record ConditionMeans(String condition, int models, double nltAccuracy, double structuredAccuracy) {}

    /**
     * Per tool of a scenario, per approach and condition, against the expected set (the scenario's ground truth).
     * An unparseable selection fires no tool.
     */
    public record ToolFigure(
            String scenario,
            String tool,
            boolean safetyCritical,
            String approach,
            String condition,
            int trials,
            int expectedYes,
            int truePositive,
            int missed,
            int falsePositive) {
        public Double recall() {
            return expectedYes == 0 ? null : (double) truePositive / expectedYes;
        }

        public Double precision() {
            return truePositive + falsePositive == 0 ? null : (double) truePositive / (truePositive + falsePositive);
        }
    }

    public record Report(
            List<Group> groups,
            List<Difference> differences,
            Headline headline,
            List<ToolFigure> tools,
            int trials,
            int unscored,
            List<String> models,
            List<String> conditions) {
        public List<Group> groups(String by) {
            return groups.stream().filter(g -> g.by().equals(by)).toList();
        }

        public Group overall(String model, String approach) {
            return groups.stream()
                    .filter(g -> g.by().equals("all")
                            && g.model().equals(model)
                            && g.approach().equals(approach))
                    .findFirst()
                    .orElse(null);
        }
    }

    // ------------------------------------------------------------------------------------------ reading

    /** Every tool-selection trace of the project as a trial, scored by the exact-set rule. */
    public static Trials trials(Connection c) throws SQLException {
        Map<String, JsonNode> extras = new HashMap<>();
        org.tracejudge.store.SelectionRows.extras(c).forEach((id, x) -> extras.put(id, Json.read(x)));
        List<Trial> out = new ArrayList<>();
        int unscored = 0;
        for (SelectionTraces.Item i : SelectionTraces.all(c)) {
            SelectionRule.Result r = SelectionTraces.verdict(i);
            if (r == null) {
                unscored++;
                continue;
            }
            JsonNode x = extras.getOrDefault(i.traceId(), Json.object());
            JsonNode usage = x.path("usage");
            Set<String> selected = new LinkedHashSet<>();
            r.perTool().forEach((t, yes) -> {
                if (yes) {
                    selected.add(t);
                }
            });
            out.add(new Trial(
                    i.traceId(),
                    i.model(),
                    i.approach(),
                    i.scenario().name(),
                    i.inputId(),
                    x.path("condition").asText(""),
                    x.path("run").asText(""),
                    r.verdict().equals(SelectionRule.CORRECT),
                    r.verdict().equals(SelectionRule.UNPARSEABLE),
                    i.expected(),
                    selected,
                    usage.hasNonNull("prompt_tokens")
                            ? usage.get("prompt_tokens").asLong()
                            : null,
                    usage.hasNonNull("completion_tokens")
                            ? usage.get("completion_tokens").asLong()
                            : null));
        }
        return new Trials(out, SelectionTraces.scenarios(c), unscored);
    }

    // ------------------------------------------------------------------------------------------ computing

    public static Report compute(Trials t) {
        List<Trial> trials = t.trials();
        Set<String> models = new TreeSet<>();
        Set<String> conditions = new TreeSet<>();
        trials.forEach(x -> {
            models.add(x.model());
            conditions.add(x.condition());
        });
        List<Group> groups = new ArrayList<>();
        Map<String, List<Trial>> byModelApproach =
                group(trials, x -> x.model() + "\u0000" + order(x.approach()) + x.approach());
        for (List<Trial> mine : byModelApproach.values()) {
            Trial first = mine.get(0);
            groups.add(group(first.model(), first.approach(), "all", "all", mine));
            group(mine, Trial::scenario)
                    .forEach((k, v) -> groups.add(group(first.model(), first.approach(), "scenario", k, v)));
            if (conditions.size() > 1 || !conditions.contains("")) {
                group(mine, Trial::condition)
                        .forEach((k, v) -> groups.add(group(first.model(), first.approach(), "condition", k, v)));
            }
        }
        List<Difference> diffs = new ArrayList<>();
        for (String m : models) {
            Difference d = difference(
                    m, trials.stream().filter(x -> x.model().equals(m)).toList());
            if (d != null) {
                diffs.add(d);
            }
        }
        return new Report(
                groups,
                diffs,
                headline(groups),
                tools(trials, t.scenarios()),
                trials.size(),
                t.unscored(),
                List.copyOf(models),
                List.copyOf(conditions));
    }

    /** NLT first, then structured, then any other approach by name. */
    private static String order(String approach) {
        return approach.equals(NLT) ? "0" : approach.equals(STRUCTURED) ? "1" : "2";
    }

    private static <K> Map<K, List<Trial>> group(List<Trial> trials, Function<Trial, K> key) {
        Map<K, List<Trial>> m = new TreeMap<>();
        for (Trial x : trials) {
            m.computeIfAbsent(key.apply(x), k -> new ArrayList<>()).add(x);
        }
        return m;
    }

    static Group group(String model, String approach, String by, String key, List<Trial> trials) {
        int n = trials.size();
        int correct = (int) trials.stream().filter(Trial::correct).count();
        double[] ci = Proportions.wilson(correct, n, Proportions.Z95);
        Map<Variance, Double> v = new LinkedHashMap<>();
        Map<String, List<Trial>> runs = group(trials, Trial::run);
        v.put(
                Variance.REPLICATION,
                sampleVariance(
                        runs.values().stream().map(SelectionStudy::accuracy).toList()));
        Map<String, List<Trial>> cells = group(trials, Trial::cell);
        List<Double> within = new ArrayList<>();
        for (List<Trial> cell : cells.values()) {
            if (cell.size() >= 2) {
                within.add(sampleVariance(
                        cell.stream().map(x -> x.correct() ? 1.0 : 0.0).toList()));
            }
        }
        v.put(
                Variance.WITHIN,
                within.isEmpty()
                        ? null
                        : within.stream()
                                .mapToDouble(Double::doubleValue)
                                .average()
                                .orElseThrow());
        v.put(
                Variance.ACROSS,
                sampleVariance(
                        cells.values().stream().map(SelectionStudy::accuracy).toList()));
        List<Trial> withUsage = trials.stream()
                .filter(x -> x.inputTokens() != null || x.outputTokens() != null)
                .toList();
        Double in = mean(withUsage, x -> x.inputTokens() == null ? 0L : x.inputTokens());
        Double out = mean(withUsage, x -> x.outputTokens() == null ? 0L : x.outputTokens());
        return new Group(
                model,
                approach,
                by,
                key,
                n,
                correct,
                (double) correct / n,
                ci[0],
                ci[1],
                v,
                runs.size(),
                cells.size(),
                in,
                out,
                in == null ? null : in + out,
                withUsage.size());
    }

    private static double accuracy(List<Trial> trials) {
        return trials.stream().filter(Trial::correct).count() / (double) trials.size();
    }

    private static Double mean(List<Trial> trials, Function<Trial, Long> f) {
        return trials.isEmpty() ? null : trials.stream().mapToLong(f::apply).sum() / (double) trials.size();
    }

    /** Sample variance (n − 1); null with fewer than two values. */
    static Double sampleVariance(List<Double> xs) {
        if (xs.size() < 2) {
            return null;
        }
        double mean = xs.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        double ss = 0;
        for (double x : xs) {
            ss += (x - mean) * (x - mean);
        }
        return ss / (xs.size() - 1);
    }

    private static Difference difference(String model, List<Trial> trials) {
        Map<String, Trial> nlt = new HashMap<>();
        Map<String, Trial> structured = new HashMap<>();
        for (Trial x : trials) {
            if (x.approach().equals(NLT)) {
                nlt.put(x.pairKey(), x);
            } else if (x.approach().equals(STRUCTURED)) {
                structured.put(x.pairKey(), x);
            }
        }
        if (nlt.isEmpty() || structured.isEmpty()) {
            return null;
        }
        int pairs = 0;
        int nltRight = 0;
        int structRight = 0;
        int b = 0;
        int c = 0;
        for (Map.Entry<String, Trial> e : nlt.entrySet()) {
            Trial s = structured.get(e.getKey());
            if (s == null) {
                continue;
            }
            pairs++;
            boolean a = e.getValue().correct();
            nltRight += a ? 1 : 0;
            structRight += s.correct() ? 1 : 0;
            b += a && !s.correct() ? 1 : 0;
            c += !a && s.correct() ? 1 : 0;
        }
        int unpaired = nlt.size() + structured.size() - 2 * pairs;
        if (pairs == 0) {
            return new Difference(model, 0, Double.NaN, Double.NaN, Double.NaN, 0, 0, McNemar.test(0, 0), unpaired);
        }
        double na = (double) nltRight / pairs;
        double sa = (double) structRight / pairs;
        return new Difference(model, pairs, na, sa, na - sa, b, c, McNemar.test(b, c), unpaired);
    }

    private static Headline headline(List<Group> groups) {
        List<Group> nlt = new ArrayList<>();
        List<Group> st = new ArrayList<>();
        Map<String, Group> nltBy = new TreeMap<>();
        Map<String, Group> stBy = new TreeMap<>();
        for (Group g : groups) {
            if (g.by().equals("all") && g.approach().equals(NLT)) {
                nltBy.put(g.model(), g);
            } else if (g.by().equals("all") && g.approach().equals(STRUCTURED)) {
                stBy.put(g.model(), g);
            }
        }
        for (String m : nltBy.keySet()) {
            if (stBy.containsKey(m)) {
                nlt.add(nltBy.get(m));
                st.add(stBy.get(m));
            }
        }
        if (nlt.isEmpty()) {
            return null;
        }
        double na = nlt.stream().mapToDouble(Group::accuracy).average().orElseThrow();
        double sa = st.stream().mapToDouble(Group::accuracy).average().orElseThrow();
        Map<Variance, Double> nv = new LinkedHashMap<>();
        Map<Variance, Double> sv = new LinkedHashMap<>();
        for (Variance v : Variance.values()) {
            nv.put(v, meanOf(nlt, g -> g.variance(v)));
            sv.put(v, meanOf(st, g -> g.variance(v)));
        }
        Map<String, List<Group>> nltByCondition = new TreeMap<>();
        Map<String, Group> stByCondition = new HashMap<>();
        for (Group g : groups) {
            if (g.by().equals("condition") && g.approach().equals(NLT)) {
                nltByCondition.computeIfAbsent(g.key(), k -> new ArrayList<>()).add(g);
            } else if (g.by().equals("condition") && g.approach().equals(STRUCTURED)) {
                stByCondition.put(g.key() + "\u0000" + g.model(), g);
            }
        }
        List<ConditionMeans> byCondition = new ArrayList<>();
        nltByCondition.forEach((condition, ns) -> {
            List<Group> withBoth = ns.stream()
                    .filter(g -> stByCondition.containsKey(condition + "\u0000" + g.model()))
                    .toList();
            if (!withBoth.isEmpty()) {
                byCondition.add(new ConditionMeans(
                        condition,
                        withBoth.size(),
                        withBoth.stream().mapToDouble(Group::accuracy).average().orElseThrow(),
                        withBoth.stream()
                                .mapToDouble(g -> stByCondition
                                        .get(condition + "\u0000" + g.model())
                                        .accuracy())
                                .average()
                                .orElseThrow()));
            }
        });
        return new Headline(
                nlt.size(),
                na,
                sa,
                na - sa,
                nv,
                sv,
                meanOf(nlt, Group::meanTotal),
                meanOf(st, Group::meanTotal),
                meanOf(nlt, Group::meanInput),
                meanOf(st, Group::meanInput),
                meanOf(nlt, Group::meanOutput),
                meanOf(st, Group::meanOutput),
                List.copyOf(byCondition));
    }

    /** Mean over the groups; null when any group lacks the value (a mean over some models would mislead). */
    private static Double meanOf(List<Group> gs, Function<Group, Double> f) {
        double sum = 0;
        for (Group g : gs) {
            Double v = f.apply(g);
            if (v == null) {
                return null;
            }
            sum += v;
        }
        return sum / gs.size();
    }

    private static List<ToolFigure> tools(List<Trial> trials, Map<String, Scenario> scenarios) {
        List<ToolFigure> out = new ArrayList<>();
        Map<String, List<Trial>> byScenario = group(trials, Trial::scenario);
        byScenario.forEach((name, mine) -> {
            Scenario sc = scenarios.get(name);
            if (sc == null) {
                return;
            }
            Map<String, List<Trial>> slices =
                    group(mine, x -> order(x.approach()) + x.approach() + "\u0000" + x.condition());
            for (Scenario.Tool tool : sc.tools()) {
                for (List<Trial> slice : slices.values()) {
                    int expected = 0;
                    int tp = 0;
                    int fp = 0;
                    for (Trial x : slice) {
                        boolean e = x.expected().contains(tool.name());
                        boolean s = x.selected().contains(tool.name());
                        expected += e ? 1 : 0;
                        tp += e && s ? 1 : 0;
                        fp += !e && s ? 1 : 0;
                    }
                    Trial first = slice.get(0);
                    out.add(new ToolFigure(
                            name,
                            tool.name(),
                            tool.safetyCritical(),
                            first.approach(),
                            first.condition(),
                            slice.size(),
                            expected,
                            tp,
                            expected - tp,
                            fp));
                }
            }
        });
        return out;
    }
}
