package org.tracejudge.scheme;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * An answer read as which of its question's options it chose, for counting: rates per option (metrics), an option as
 * the positive class against the rest (calibration), the answer as a stratum (samples). One answer gives one item per
 * trace, except yes/no per tool, which gives one item per tool decided ({@code tool}). Numbers and free text have no
 * options and give none. Pure.
 */
public final class Outcomes {
    private Outcomes() {}

    /** The values an item can take, in the question's order: options, scale steps, or YES / NO. */
    public static List<String> categories(Question q) {
        List<String> out = new ArrayList<>();
        switch (q.kind()) {
            case ORDINAL -> {
                for (int s = q.scale().from(); s <= q.scale().to(); s++) {
                    out.add(Integer.toString(s));
                }
            }
            case YES_NO_PER_TOOL -> {
                for (Answer.YesNo y : Answer.YesNo.values()) {
                    out.add(y.name());
                }
            }
            case SINGLE_CHOICE, MULTIPLE_CHOICE, SPAN -> q.options().forEach(o -> out.add(o.value()));
            case NUMBER, TEXT -> {
                // no options
            }
        }
        return out;
    }

    /** A category's label for people: the option's label, a step with its anchor's label, YES / NO. */
    public static String label(Question q, String category) {
        Optional<Option> o = q.option(category);
        if (q.kind() == Kind.ORDINAL) {
            return o.map(x -> category + " " + x.label()).orElse(category);
        }
        return o.map(Option::label).orElse(category);
    }

    /** Why these figures cannot be made for the question's kind, or empty when they can. */
    public static Optional<String> unsupported(Question q) {
        return q.kind() == Kind.NUMBER || q.kind() == Kind.TEXT
                ? Optional.of("question '" + q.key() + "' is " + q.kind().words()
                        + ", which has no options to count (its answers are in labels --question " + q.key() + ")")
                : Optional.empty();
    }

    /**
     * The items of one answer: item name ("" for the trace itself, the tool's name for yes/no per tool) → the
     * categories chosen (one for single choice, a step or a tool's decision; any number for multiple choice; the
     * options the spans carry for spans, none when no span was marked).
     */
    public static Map<String, Set<String>> of(Question q, String json) {
        Answer a = Answer.parse(q.kind(), json);
        Map<String, Set<String>> out = new LinkedHashMap<>();
        if (a instanceof Answer.Choice c) {
            out.put("", Set.of(c.value()));
        } else if (a instanceof Answer.Choices c) {
            out.put("", new TreeSet<>(c.values()));
        } else if (a instanceof Answer.Step s) {
            out.put("", Set.of(Integer.toString(s.value())));
        } else if (a instanceof Answer.PerTool p) {
            Map<String, Set<String>> tools = new TreeMap<>();
            p.decisions().forEach((tool, yn) -> tools.put(tool, Set.of(yn.name())));
            out.putAll(tools);
        } else if (a instanceof Answer.Spans s) {
            Set<String> options = new TreeSet<>();
            s.spans().forEach(x -> options.add(x.option() == null ? "" : x.option()));
            out.put("", options);
        } else {
            throw new IllegalArgumentException(unsupported(q).orElse("no options in " + a));
        }
        return out;
    }

    /**
     * Every item of a question's current answers by one rater: trace id (with "#tool" for yes/no per tool) → the one
     * category chosen. For single choice and yes/no per tool only (one category per item); others are refused.
     *
     * @param answers trace id → rater name → the answer's JSON
     */
    public static Map<String, String> single(Question q, Map<String, Map<String, String>> answers, String rater) {
        if (q.kind() != Kind.SINGLE_CHOICE && q.kind() != Kind.YES_NO_PER_TOOL) {
            throw new IllegalArgumentException(notSingle(q));
        }
        Map<String, String> out = new LinkedHashMap<>();
        answers.forEach((trace, byRater) -> {
            String json = byRater.get(rater);
            if (json != null) {
                of(q, json)
                        .forEach((item, cats) ->
                                out.put(item(trace, item), cats.iterator().next()));
            }
        });
        return out;
    }

    /** Why {@link #single} refuses a question. */
    public static String notSingle(Question q) {
        return "question '" + q.key() + "' is " + q.kind().words() + "; calibration takes a single-choice or yes/no "
                + "question (one option per trace, or per tool), with one option as the positive class";
    }

    /** The item's name: the trace id, or trace id#tool. */
    public static String item(String traceId, String item) {
        return item.isEmpty() ? traceId : traceId + "#" + item;
    }

    /** The trace id of an item named by {@link #item}. */
    public static String traceOf(String item) {
        int i = item.indexOf('#');
        return i < 0 ? item : item.substring(0, i);
    }
}
