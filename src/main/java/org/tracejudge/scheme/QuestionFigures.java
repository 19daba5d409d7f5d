package org.tracejudge.scheme;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.tracejudge.agreement.AgreementOptions;
import org.tracejudge.agreement.QuestionAgreement;
import org.tracejudge.agreement.Ratings;
import org.tracejudge.json.Json;

/**
 * The figures of one question of a project's own scheme as JSON: the question itself (prompt, kind, options with
 * their definitions), who answered it, how its answers fall on its options or steps, and its agreement coefficients
 * — the last exactly the body {@code agreement PROJECT --question KEY --format json} prints, since both are made here.
 * Pure: the caller reads the scheme and the answers.
 */
public final class QuestionFigures {
    private QuestionFigures() {}

    /**
     * {@code agreement --question KEY --format json}'s body for {@code ratings} of {@code q} (scheme version
     * {@code version}) and their coefficients {@code result}.
     */
    public static ObjectNode agreement(
            Question q, int version, Ratings<Object> ratings, QuestionAgreement.Result result) {
        ObjectNode root = Json.object();
        root.put("question", q.key());
        root.put("kind", q.kind().code());
        root.put("scheme_version", version);
        root.put("traces", ratings.itemCount());
        ArrayNode rs = root.putArray("raters");
        ratings.raters().forEach(rs::add);
        if (result.note() != null) {
            root.put("note", result.note());
        }
        ArrayNode cs = root.putArray("coefficients");
        for (QuestionAgreement.Coefficient c : result.coefficients()) {
            ObjectNode o = cs.addObject().put("name", c.name()).put("n", c.n());
            if (c.value() == null) {
                o.putNull("value");
            } else {
                o.put("value", c.value());
            }
            if (c.interval() != null) {
                o.set("interval", Json.MAPPER.valueToTree(c.interval()));
            }
            if (c.note() != null) {
                o.put("note", c.note());
            }
        }
        return root;
    }

    /**
     * Everything the study report shows of {@code q}: {@code question}, {@code kind}, {@code prompt}, {@code options}
     * (value, label, definition, safety_critical), {@code scale} for ordinal questions, the field "answered" (traces,
     * raters, answers), {@code distribution} (per option or step: how many answers chose it; for spans how many
     * spans carry it; per tool question YES and NO decisions; numbers their range; text none) and {@code agreement}
     * (the command's body, or null with {@code agreement_note} saying why there is none).
     *
     * @param answers trace id → rater name → the answer's JSON, as stored
     */
    public static ObjectNode of(
            Question q, int version, Map<String, Map<String, String>> answers, AgreementOptions options) {
        ObjectNode o = Json.object();
        o.put("question", q.key());
        o.put("kind", q.kind().code());
        o.put("prompt", q.prompt());
        o.put("required", q.required());
        ArrayNode opts = o.putArray("options");
        for (Option op : q.options()) {
            opts.addObject()
                    .put("value", op.value())
                    .put("label", op.label())
                    .put("definition", op.definition())
                    .put("safety_critical", op.safetyCritical());
        }
        if (q.scale() != null) {
            o.putObject("scale")
                    .put("from", q.scale().from())
                    .put("to", q.scale().to());
        }
        Ratings<Object> ratings = QuestionRatings.of(q, answers, null);
        long count = answers.values().stream().mapToLong(Map::size).sum();
        ObjectNode answered = o.putObject("answered");
        answered.put("traces", answers.size());
        ArrayNode rs = answered.putArray("raters");
        ratings.raters().forEach(rs::add);
        answered.put("answers", count);
        o.set("distribution", distribution(q, answers));
        if (ratings.raterCount() < 2) {
            o.putNull("agreement");
            o.put(
                    "agreement_note",
                    "agreement on '" + q.key() + "' needs answers of at least two raters; found "
                            + (ratings.raters().isEmpty() ? "none" : String.join(", ", ratings.raters())));
        } else {
            QuestionAgreement.Result result = new QuestionAgreement(options).compute(QuestionRatings.kind(q), ratings);
            o.set("agreement", agreement(q, version, ratings, result));
        }
        return o;
    }

    /** Per option or step: {@code value}, {@code label}, {@code count}; see {@link #of}. */
    static ArrayNode distribution(Question q, Map<String, Map<String, String>> answers) {
        Map<String, Long> counts = new LinkedHashMap<>();
        Map<String, String> labels = new LinkedHashMap<>();
        switch (q.kind()) {
            case ORDINAL -> {
                for (int s = q.scale().from(); s <= q.scale().to(); s++) {
                    String v = Integer.toString(s);
                    counts.put(v, 0L);
                    labels.put(v, q.option(v).map(x -> s2(v, x.label())).orElse(v));
                }
            }
            case SINGLE_CHOICE, MULTIPLE_CHOICE, SPAN ->
                q.options().forEach(x -> {
                    counts.put(x.value(), 0L);
                    labels.put(x.value(), x.label());
                });
            case YES_NO_PER_TOOL -> {
                for (Answer.YesNo y : Answer.YesNo.values()) {
                    counts.put(y.name(), 0L);
                    labels.put(y.name(), y.name());
                }
            }
            case NUMBER, TEXT -> {
                // no options: numbers get their range below, text nothing
            }
        }
        List<Double> numbers = new ArrayList<>();
        for (Map<String, String> byRater : new TreeMap<>(answers).values()) {
            for (String json : byRater.values()) {
                Answer a = Answer.parse(q.kind(), json);
                if (a instanceof Answer.Choice c) {
                    counts.merge(c.value(), 1L, Long::sum);
                } else if (a instanceof Answer.Choices c) {
                    c.values().forEach(v -> counts.merge(v, 1L, Long::sum));
                } else if (a instanceof Answer.Step s) {
                    counts.merge(Integer.toString(s.value()), 1L, Long::sum);
                } else if (a instanceof Answer.PerTool p) {
                    p.decisions().values().forEach(y -> counts.merge(y.name(), 1L, Long::sum));
                } else if (a instanceof Answer.Spans s) {
                    s.spans().forEach(x -> counts.merge(x.option() == null ? "" : x.option(), 1L, Long::sum));
                } else if (a instanceof Answer.Numeric n) {
                    numbers.add(n.value());
                }
            }
        }
        ArrayNode out = Json.MAPPER.createArrayNode();
        if (q.kind() == Kind.NUMBER) {
            if (!numbers.isEmpty()) {
                numbers.sort(null);
                out.addObject().put("value", "min").put("label", "smallest").put("number", numbers.get(0));
                int m = numbers.size() / 2;
                double median = numbers.size() % 2 == 1 ? numbers.get(m) : (numbers.get(m - 1) + numbers.get(m)) / 2;
                out.addObject().put("value", "median").put("label", "median").put("number", median);
                out.addObject()
                        .put("value", "max")
                        .put("label", "largest")
                        .put("number", numbers.get(numbers.size() - 1));
            }
            return out;
        }
        counts.forEach((v, n) -> out.addObject()
                .put("value", v)
                .put("label", labels.getOrDefault(v, v.isEmpty() ? "(no label)" : v))
                .put("count", n));
        return out;
    }

    private static String s2(String step, String label) {
        return step + " " + label;
    }
}
