package org.tracejudge.calls;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.tracejudge.json.Json;
import org.tracejudge.metrics.Rate;

/**
 * Call-level metrics per benchmark and model:
 * <ul>
 *   <li><b>ACC</b> (DiaBench): the share of dialogues whose outcome is right: the right tool with exactly the gold
 *       argument map ({@code correct_call}), or, where the gold map has a {@code MISSING} value, a question instead
 *       of a call ({@code correct_clarification});</li>
 *   <li><b>FTR</b> (DiaBench): the count of calls to tools other than the gold tool, summed over the dialogues
 *       (also shown per dialogue);</li>
 *   <li><b>TAR</b> (DiaBench): the share of dialogues with no call at all;</li>
 *   <li><b>call accuracy by scenario and level</b> (ToolHaystack): the ACC share per scenario
 *       (context_recall, information_shift, missing_context) and level (single/multi, explicit/implicit,
 *       easy/hard), and their average over the scenario-level cells that have traces.</li>
 * </ul>
 */
public final class CallMetrics {
    private CallMetrics() {}

    /** One judged trace. {@code scenario} and {@code level} may be null (DiaBench). */
    public record Row(
            String model, String benchmark, String scenario, String level, String label, int calls, int otherTools) {}

    public record Cell(String scenario, String level, Rate accuracy) {}

    public record ModelCalls(
            String benchmark,
            String model,
            int dialogues,
            Rate acc,
            int ftr,
            Double ftrPerDialogue,
            Rate tar,
            List<Cell> byScenario,
            Double scenarioAverage,
            Map<String, Integer> labels) {}

    public static List<ModelCalls> compute(List<Row> rows) {
        Map<String, List<Row>> byModel = new TreeMap<>();
        for (Row r : rows) {
            byModel.computeIfAbsent(
                            (r.benchmark() == null ? "" : r.benchmark()) + "\u0000" + r.model(), k -> new ArrayList<>())
                    .add(r);
        }
        List<ModelCalls> out = new ArrayList<>();
        byModel.forEach(
                (key, rs) -> out.add(one(rs.get(0).benchmark(), rs.get(0).model(), rs)));
        return out;
    }

    private static ModelCalls one(String benchmark, String model, List<Row> rs) {
        int n = rs.size();
        int correct = 0;
        int ftr = 0;
        int none = 0;
        Map<String, Integer> labels = new java.util.LinkedHashMap<>();
        CallLabels.all().forEach(l -> labels.put(l, 0));
        Map<String, int[]> cells = new TreeMap<>();
        for (Row r : rs) {
            boolean ok = CallLabels.correct(r.label());
            if (ok) {
                correct++;
            }
            ftr += r.otherTools();
            if (r.calls() == 0) {
                none++;
            }
            if (r.label() != null) {
                labels.merge(r.label(), 1, Integer::sum);
            }
            if (r.scenario() != null) {
                int[] c = cells.computeIfAbsent(
                        r.scenario() + "\u0000" + (r.level() == null ? "" : r.level()), k -> new int[2]);
                c[1]++;
                if (ok) {
                    c[0]++;
                }
            }
        }
        List<Cell> byScenario = new ArrayList<>();
        double sum = 0;
        for (Map.Entry<String, int[]> e : cells.entrySet()) {
            String[] sl = e.getKey().split("\u0000", -1);
            Rate rate = Rate.of("accuracy", e.getValue()[0], e.getValue()[1]);
            byScenario.add(new Cell(sl[0], sl[1].isEmpty() ? null : sl[1], rate));
            sum += rate.percent();
        }
        return new ModelCalls(
                benchmark,
                model,
                n,
                Rate.of("ACC", correct, n),
                ftr,
                n == 0 ? null : (double) ftr / n,
                Rate.of("TAR", none, n),
                byScenario,
                byScenario.isEmpty() ? null : sum / byScenario.size(),
                labels);
    }

    public static String table(List<ModelCalls> ms) {
        StringBuilder sb = new StringBuilder();
        sb.append("Call-level (ToolHaystack / DiaBench traces)\n");
        sb.append(String.format(
                Locale.ROOT,
                "%-13s %-24s %6s %22s %6s %9s %22s%n",
                "benchmark",
                "model",
                "n",
                "ACC",
                "FTR",
                "FTR/dlg",
                "TAR"));
        for (ModelCalls m : ms) {
            sb.append(String.format(
                    Locale.ROOT,
                    "%-13s %-24s %6d %22s %6d %9s %22s%n",
                    m.benchmark() == null ? "-" : m.benchmark(),
                    m.model(),
                    m.dialogues(),
                    fmt(m.acc()),
                    m.ftr(),
                    m.ftrPerDialogue() == null ? "n/a" : String.format(Locale.ROOT, "%.2f", m.ftrPerDialogue()),
                    fmt(m.tar())));
        }
        boolean any = ms.stream().anyMatch(m -> !m.byScenario().isEmpty());
        if (any) {
            sb.append("call accuracy by scenario and level\n");
            for (ModelCalls m : ms) {
                for (Cell c : m.byScenario()) {
                    sb.append(String.format(
                            Locale.ROOT,
                            "%-24s %-20s %-9s %22s%n",
                            m.model(),
                            c.scenario(),
                            c.level() == null ? "-" : c.level(),
                            fmt(c.accuracy())));
                }
                if (m.scenarioAverage() != null) {
                    sb.append(String.format(
                            Locale.ROOT,
                            "%-24s %-30s %21.2f%%%n",
                            m.model(),
                            "average over cells",
                            m.scenarioAverage()));
                }
            }
        }
        return sb.toString();
    }

    /** One row per benchmark and model (scenario "all": ACC, FTR, TAR), then one per scenario and level. */
    public static String csv(List<ModelCalls> ms) {
        StringBuilder sb = new StringBuilder(
                "benchmark,model,scenario,level,n,correct,accuracy_percent,ftr,tar_count,tar_percent\n");
        for (ModelCalls m : ms) {
            sb.append(cell(m.benchmark()))
                    .append(',')
                    .append(cell(m.model()))
                    .append(",all,,")
                    .append(m.dialogues())
                    .append(',')
                    .append(m.acc().count())
                    .append(',')
                    .append(pct(m.acc()))
                    .append(',')
                    .append(m.ftr())
                    .append(',')
                    .append(m.tar().count())
                    .append(',')
                    .append(pct(m.tar()))
                    .append('\n');
            for (Cell c : m.byScenario()) {
                sb.append(cell(m.benchmark()))
                        .append(',')
                        .append(cell(m.model()))
                        .append(',')
                        .append(cell(c.scenario()))
                        .append(',')
                        .append(cell(c.level()))
                        .append(',')
                        .append(c.accuracy().denominator())
                        .append(',')
                        .append(c.accuracy().count())
                        .append(',')
                        .append(pct(c.accuracy()))
                        .append(",,,\n");
            }
        }
        return sb.toString();
    }

    private static String pct(Rate r) {
        return r.defined() ? String.format(Locale.ROOT, "%.4f", r.percent()) : "";
    }

    private static String cell(String s) {
        return org.tracejudge.csv.Csv.cell(s);
    }

    private static String fmt(Rate r) {
        return r.defined()
                ? String.format(Locale.ROOT, "%.2f%% (%d/%d)", r.percent(), r.count(), r.denominator())
                : "n/a";
    }

    public static ArrayNode json(List<ModelCalls> ms) {
        ArrayNode arr = Json.MAPPER.createArrayNode();
        for (ModelCalls m : ms) {
            ObjectNode o = arr.addObject();
            o.put("benchmark", m.benchmark());
            o.put("model", m.model());
            o.put("dialogues", m.dialogues());
            rate(o.putObject("acc"), m.acc());
            o.put("ftr", m.ftr());
            if (m.ftrPerDialogue() == null) {
                o.putNull("ftr_per_dialogue");
            } else {
                o.put("ftr_per_dialogue", m.ftrPerDialogue());
            }
            rate(o.putObject("tar"), m.tar());
            ArrayNode cells = o.putArray("by_scenario");
            for (Cell c : m.byScenario()) {
                ObjectNode x = cells.addObject();
                x.put("scenario", c.scenario());
                x.put("level", c.level());
                rate(x.putObject("accuracy"), c.accuracy());
            }
            if (m.scenarioAverage() == null) {
                o.putNull("scenario_average");
            } else {
                o.put("scenario_average", m.scenarioAverage() / 100); // percent inside, a fraction in JSON
            }
            ObjectNode l = o.putObject("labels");
            m.labels().forEach(l::put);
        }
        return arr;
    }

    private static void rate(ObjectNode o, Rate r) {
        o.put("count", r.count());
        o.put("denominator", r.denominator());
        if (r.defined()) {
            o.put("rate", r.fraction()); // fractions in JSON, percent in tables
            o.putArray("ci95").add(r.ci95()[0] / 100).add(r.ci95()[1] / 100);
        } else {
            o.putNull("rate");
            o.putNull("ci95");
        }
    }
}
