package org.tracejudge.metrics;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.tracejudge.scheme.Kind;
import org.tracejudge.scheme.Outcomes;
import org.tracejudge.scheme.Question;

/**
 * Metrics of one question of a project's own scheme: per rater, model and option, the share of the rater's answered
 * items (traces; per tool for yes/no per tool) whose answer chose the option, with its 95% Wilson interval. A multiple
 * choice or span answer may choose several options, so its shares need not sum to 1. Pure: the caller reads the
 * answers and each trace's model.
 */
public final class QuestionMetrics {
    private QuestionMetrics() {}

    /** One option's share: {@code count} of {@code n} answered items, null value and interval when n is 0. */
    public record Cell(String option, String label, int count, int n, Double share, double[] ci95) {}

    /** One model's figures under one rater. */
    public record ModelRow(String model, int answered, List<Cell> cells) {}

    /** One rater's figures, models by name. */
    public record RaterRows(String rater, List<ModelRow> models) {}

    /**
     * @param answers trace id → rater name → the answer's JSON
     * @param models trace id → model
     * @param raters the raters to show (null: every rater with an answer, by name)
     */
    public static List<RaterRows> compute(
            Question q, Map<String, Map<String, String>> answers, Map<String, String> models, List<String> raters) {
        Outcomes.unsupported(q).ifPresent(why -> {
            throw new IllegalArgumentException(why);
        });
        List<String> who = raters;
        if (who == null) {
            Set<String> all = new TreeSet<>();
            answers.values().forEach(m -> all.addAll(m.keySet()));
            who = List.copyOf(all);
        }
        List<String> cats = Outcomes.categories(q);
        List<RaterRows> out = new ArrayList<>();
        for (String rater : who) {
            // model → [answered items, count per category]
            Map<String, int[]> counts = new TreeMap<>();
            for (Map.Entry<String, Map<String, String>> t : answers.entrySet()) {
                String json = t.getValue().get(rater);
                if (json == null) {
                    continue;
                }
                String model = models.getOrDefault(t.getKey(), "unknown");
                int[] c = counts.computeIfAbsent(model, k -> new int[cats.size() + 1]);
                for (Set<String> chosen : Outcomes.of(q, json).values()) {
                    c[0]++;
                    for (int i = 0; i < cats.size(); i++) {
                        if (chosen.contains(cats.get(i))) {
                            c[i + 1]++;
                        }
                    }
                }
            }
            List<ModelRow> rows = new ArrayList<>();
            counts.forEach((model, c) -> {
                List<Cell> cells = new ArrayList<>();
                for (int i = 0; i < cats.size(); i++) {
                    int x = c[i + 1];
                    int n = c[0];
                    cells.add(new Cell(
                            cats.get(i),
                            Outcomes.label(q, cats.get(i)),
                            x,
                            n,
                            n == 0 ? null : (double) x / n,
                            Proportions.wilson(x, n, Proportions.Z95)));
                }
                rows.add(new ModelRow(model, c[0], List.copyOf(cells)));
            });
            out.add(new RaterRows(rater, List.copyOf(rows)));
        }
        return out;
    }

    /**
     * {@code metrics P --question KEY --format json}'s body: shares and intervals as fractions, as {@code metrics}
     * prints its rates.
     */
    public static ObjectNode json(Question q, int version, List<RaterRows> rows) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("question", q.key());
        o.put("kind", q.kind().code());
        o.put("scheme_version", version);
        o.put("items", q.kind() == Kind.YES_NO_PER_TOOL ? "tool decisions" : "traces");
        ArrayNode rs = o.putArray("raters");
        for (RaterRows r : rows) {
            ObjectNode ro = rs.addObject();
            ro.put("rater", r.rater());
            ArrayNode ms = ro.putArray("models");
            for (ModelRow m : r.models()) {
                ObjectNode mo = ms.addObject();
                mo.put("model", m.model());
                mo.put("answered", m.answered());
                ArrayNode cs = mo.putArray("options");
                for (Cell c : m.cells()) {
                    ObjectNode co = cs.addObject();
                    co.put("value", c.option())
                            .put("label", c.label())
                            .put("count", c.count())
                            .put("n", c.n());
                    if (c.share() == null) {
                        co.putNull("share");
                        co.putNull("ci95");
                    } else {
                        co.put("share", c.share());
                        co.putArray("ci95").add(c.ci95()[0]).add(c.ci95()[1]);
                    }
                }
            }
        }
        return o;
    }

    /** The table {@code metrics P --question KEY} prints: shares in %, count / n, 95% Wilson interval. */
    public static String table(Question q, int version, List<RaterRows> rows) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(
                Locale.ROOT,
                "question %s (%s, scheme version %d): share of %s per option; %% with 95%% Wilson intervals%s%n",
                q.key(),
                q.kind().words(),
                version,
                q.kind() == Kind.YES_NO_PER_TOOL ? "tool decisions" : "answered traces",
                q.kind() == Kind.MULTIPLE_CHOICE || q.kind() == Kind.SPAN
                        ? "; an answer may choose several options, so shares need not sum to 100%"
                        : ""));
        if (rows.isEmpty()) {
            sb.append("no answers to '").append(q.key()).append("' yet\n");
        }
        int w = 16;
        for (RaterRows r : rows) {
            for (ModelRow m : r.models()) {
                for (Cell c : m.cells()) {
                    w = Math.max(w, c.label().length() + 1);
                }
            }
        }
        for (RaterRows r : rows) {
            for (ModelRow m : r.models()) {
                sb.append(String.format(
                        Locale.ROOT, "%n%s   rater %s, %d answered%n", m.model(), r.rater(), m.answered()));
                sb.append(String.format(
                        Locale.ROOT, "  %-" + w + "s %8s %15s   %s%n", "option", "%", "count / n", "95% CI"));
                for (Cell c : m.cells()) {
                    sb.append(String.format(
                            Locale.ROOT,
                            "  %-" + w + "s %8s %15s   %s%n",
                            c.label(),
                            c.share() == null ? "n/a" : String.format(Locale.ROOT, "%.2f", 100 * c.share()),
                            c.count() + " / " + c.n(),
                            c.ci95() == null
                                    ? "n/a"
                                    : String.format(Locale.ROOT, "%.2f–%.2f", 100 * c.ci95()[0], 100 * c.ci95()[1])));
                }
            }
        }
        return sb.toString();
    }
}
