package org.tracejudge.scheme;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.tracejudge.json.Json;

/**
 * An answer to one question, one type per {@link Kind}. Answers are values: equal content is equal, and {@link
 * #toJson()} gives the same text for equal answers (sets sorted, object keys sorted, spans in order of target, index,
 * start, end, option). The JSON is the bare value; the question key and scheme version travel beside it, and {@link
 * #parse(Kind, String)} reads it back given the question's kind.
 */
public sealed interface Answer {
    /** The kind of question this answer is for. */
    Kind kind();

    /** Why it does not fit the question (kind, option, range, span bounds), or empty when it does. */
    Optional<String> validate(Question question);

    /** The answer as a JSON value (see the interface's documentation for the shapes). */
    JsonNode toNode();

    /** Canonical JSON text. */
    default String toJson() {
        return Json.canonical(toNode());
    }

    /** Short text for a table cell or CSV: the option, options joined by '|', the step, the number, JSON for the rest. */
    String display();

    /** One option of a single-choice question. JSON: {@code "value"}. */
    record Choice(String value) implements Answer {
        public Choice {
            Objects.requireNonNull(value, "value");
        }

        @Override
        public Kind kind() {
            return Kind.SINGLE_CHOICE;
        }

        @Override
        public Optional<String> validate(Question q) {
            return kindMismatch(this, q).or(() -> unknownOption(q, value));
        }

        @Override
        public JsonNode toNode() {
            return JsonNodeFactory.instance.textNode(value);
        }

        @Override
        public String display() {
            return value;
        }
    }

    /** A set of options of a multiple-choice question (at least one). JSON: {@code ["a","b"]}, sorted. */
    record Choices(SortedSet<String> values) implements Answer {
        public Choices {
            values = Collections.unmodifiableSortedSet(new TreeSet<>(values));
        }

        /** The options, in any order, duplicates dropped. */
        public static Choices of(String... values) {
            return new Choices(new TreeSet<>(List.of(values)));
        }

        @Override
        public Kind kind() {
            return Kind.MULTIPLE_CHOICE;
        }

        @Override
        public Optional<String> validate(Question q) {
            Optional<String> bad = kindMismatch(this, q);
            if (bad.isPresent()) {
                return bad;
            }
            if (values.isEmpty()) {
                return Optional.of("no option chosen for '" + q.key() + "' (give an option for \"none of these\")");
            }
            for (String v : values) {
                bad = unknownOption(q, v);
                if (bad.isPresent()) {
                    return bad;
                }
            }
            return Optional.empty();
        }

        @Override
        public JsonNode toNode() {
            ArrayNode a = JsonNodeFactory.instance.arrayNode();
            values.forEach(a::add);
            return a;
        }

        @Override
        public String display() {
            return String.join("|", values);
        }
    }

    /** One step of an ordinal scale. JSON: {@code 3}. */
    record Step(int value) implements Answer {
        @Override
        public Kind kind() {
            return Kind.ORDINAL;
        }

        @Override
        public Optional<String> validate(Question q) {
            return kindMismatch(this, q)
                    .or(() -> q.scale().contains(value)
                            ? Optional.empty()
                            : Optional.of("step " + value + " is outside the scale "
                                    + q.scale().from() + "–" + q.scale().to() + " of '" + q.key() + "'"));
        }

        @Override
        public JsonNode toNode() {
            return JsonNodeFactory.instance.numberNode(value);
        }

        @Override
        public String display() {
            return Integer.toString(value);
        }
    }

    /** A number in the question's range. JSON: {@code 2.5} (always with a decimal point: {@code 3.0}). */
    record Numeric(double value) implements Answer {
        @Override
        public Kind kind() {
            return Kind.NUMBER;
        }

        @Override
        public Optional<String> validate(Question q) {
            return kindMismatch(this, q).or(() -> {
                if (!Double.isFinite(value)) {
                    return Optional.of("'" + q.key() + "' takes a finite number, not " + value);
                }
                return q.range().contains(value)
                        ? Optional.empty()
                        : Optional.of(display() + " is outside the range of '" + q.key() + "' ("
                                + SchemeText.range(q.range()) + ")");
            });
        }

        @Override
        public JsonNode toNode() {
            return JsonNodeFactory.instance.numberNode(value);
        }

        @Override
        public String display() {
            return value == Math.rint(value) && Math.abs(value) < 1e15
                    ? Long.toString((long) value)
                    : Double.toString(value);
        }
    }

    /** YES or NO. */
    enum YesNo {
        YES,
        NO
    }

    /** YES/NO for each tool of a tool-selection task (at least one). JSON: {@code {"tool":"YES"}}, keys sorted. */
    record PerTool(SortedMap<String, YesNo> decisions) implements Answer {
        public PerTool {
            decisions = Collections.unmodifiableSortedMap(new TreeMap<>(decisions));
        }

        public static PerTool of(Map<String, YesNo> decisions) {
            return new PerTool(new TreeMap<>(decisions));
        }

        @Override
        public Kind kind() {
            return Kind.YES_NO_PER_TOOL;
        }

        @Override
        public Optional<String> validate(Question q) {
            Optional<String> bad = kindMismatch(this, q);
            if (bad.isPresent()) {
                return bad;
            }
            if (decisions.isEmpty()) {
                return Optional.of("no tool decided for '" + q.key() + "'");
            }
            for (Map.Entry<String, YesNo> e : decisions.entrySet()) {
                if (e.getKey().isBlank()) {
                    return Optional.of("a tool without a name in the answer to '" + q.key() + "'");
                }
                if (e.getValue() == null) {
                    return Optional.of("tool '" + e.getKey() + "' has no YES/NO in the answer to '" + q.key() + "'");
                }
            }
            return Optional.empty();
        }

        @Override
        public JsonNode toNode() {
            ObjectNode o = JsonNodeFactory.instance.objectNode();
            decisions.forEach((k, v) -> o.put(k, v.name()));
            return o;
        }

        @Override
        public String display() {
            return Json.canonical(toNode());
        }
    }

    /**
     * A range of characters [start, end) in one text of the trace, with an option of the question (null when the
     * question has none).
     *
     * @param target what text
     * @param index which one: 0 for the answer, the tool return's or turn's position from 0 otherwise
     */
    record Span(SpanTarget target, int index, int start, int end, String option) implements Comparable<Span> {
        private static final Comparator<Span> ORDER = Comparator.comparing(Span::target)
                .thenComparingInt(Span::index)
                .thenComparingInt(Span::start)
                .thenComparingInt(Span::end)
                .thenComparing(Span::option, Comparator.nullsFirst(Comparator.naturalOrder()));

        public Span {
            Objects.requireNonNull(target, "target");
        }

        /** A span of the final answer. */
        public static Span inAnswer(int start, int end, String option) {
            return new Span(SpanTarget.ANSWER, 0, start, end, option);
        }

        @Override
        public int compareTo(Span o) {
            return ORDER.compare(this, o);
        }
    }

    /** The length of a trace's text a span may point into, or -1 when the trace has no such text. */
    @FunctionalInterface
    interface TextLengths {
        int length(SpanTarget target, int index);
    }

    /**
     * Character ranges with their options. JSON: a list of {end, index, option, start, target}. An empty list is an
     * answer too: the rater looked and found nothing to mark ({@link #noneFound()}), which is not the same as no answer.
     */
    record Spans(List<Span> spans) implements Answer {
        /** What a table cell and the status line show for {@link #noneFound()}. */
        public static final String NONE_FOUND = "none found";

        public Spans {
            List<Span> s = new ArrayList<>(spans);
            Collections.sort(s);
            spans = List.copyOf(s);
        }

        public static Spans of(Span... spans) {
            return new Spans(List.of(spans));
        }

        /** The answer "nothing to mark here": no span (JSON {@code []}). */
        public static Spans noneFound() {
            return new Spans(List.of());
        }

        /** Whether this is {@link #noneFound()}. */
        public boolean isNoneFound() {
            return spans.isEmpty();
        }

        @Override
        public Kind kind() {
            return Kind.SPAN;
        }

        @Override
        public Optional<String> validate(Question q) {
            Optional<String> bad = kindMismatch(this, q);
            if (bad.isPresent()) {
                return bad;
            }
            for (Span s : spans) {
                String where = "span " + s.start() + "–" + s.end() + " of "
                        + s.target().code();
                if (!q.targets().contains(s.target())) {
                    return Optional.of(
                            where + ": '" + q.key() + "' takes spans of " + SchemeText.targets(q.targets()) + " only");
                }
                if (s.index() < 0 || (s.target() == SpanTarget.ANSWER && s.index() != 0)) {
                    return Optional.of(
                            where + ": index " + s.index() + " (the answer is index 0, others count from 0)");
                }
                if (s.start() < 0 || s.end() <= s.start()) {
                    return Optional.of(where + ": start must be ≥ 0 and end after start");
                }
                if (q.options().isEmpty()) {
                    if (s.option() != null) {
                        return Optional.of(
                                where + ": '" + q.key() + "' has no options, yet the span has '" + s.option() + "'");
                    }
                } else if (s.option() == null) {
                    return Optional.of(where + ": no option (one of " + String.join(", ", q.values()) + ")");
                } else {
                    bad = unknownOption(q, s.option());
                    if (bad.isPresent()) {
                        return Optional.of(where + ": " + bad.get());
                    }
                }
            }
            return Optional.empty();
        }

        /** Why a span falls outside the trace's texts (end past the text's length, no such text), or empty. */
        public Optional<String> validateBounds(TextLengths texts) {
            for (Span s : spans) {
                int len = texts.length(s.target(), s.index());
                String what = s.target() == SpanTarget.ANSWER
                        ? "the answer"
                        : s.target().code() + " " + s.index();
                if (len < 0) {
                    return Optional.of("the trace has no " + what);
                }
                if (s.end() > len) {
                    return Optional.of(
                            "span " + s.start() + "–" + s.end() + " ends after " + what + " (" + len + " characters)");
                }
            }
            return Optional.empty();
        }

        @Override
        public JsonNode toNode() {
            ArrayNode a = JsonNodeFactory.instance.arrayNode();
            for (Span s : spans) {
                ObjectNode o = a.addObject();
                o.put("target", s.target().code());
                o.put("index", s.index());
                o.put("start", s.start());
                o.put("end", s.end());
                if (s.option() != null) {
                    o.put("option", s.option());
                }
            }
            return a;
        }

        @Override
        public String display() {
            return Json.canonical(toNode());
        }
    }

    /** Free text (not blank). JSON: {@code "text"}. */
    record Text(String value) implements Answer {
        public Text {
            Objects.requireNonNull(value, "value");
        }

        @Override
        public Kind kind() {
            return Kind.TEXT;
        }

        @Override
        public Optional<String> validate(Question q) {
            return kindMismatch(this, q)
                    .or(() -> value.isBlank() ? Optional.of("empty text for '" + q.key() + "'") : Optional.empty());
        }

        @Override
        public JsonNode toNode() {
            return JsonNodeFactory.instance.textNode(value);
        }

        @Override
        public String display() {
            return value;
        }
    }

    /**
     * Reads an answer's JSON for a question of this kind. Only the shape is checked; {@link #validate(Question)}
     * checks it against the question.
     *
     * @throws IllegalArgumentException saying what is wrong
     */
    public static Answer parse(Kind kind, String json) {
        return fromNode(kind, Json.read(json));
    }

    /**
     * Reads an answer's JSON for a question and checks it against the question: what an importer or the hub does with
     * an answer from outside.
     *
     * @throws IllegalArgumentException naming the question and what is wrong (shape, option, range, span bounds)
     */
    static Answer read(Question question, String json) {
        Answer a;
        try {
            a = parse(question.kind(), json);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + question.key() + "': " + e.getMessage(), e);
        }
        Optional<String> bad = a.validate(question);
        if (bad.isPresent()) {
            throw new IllegalArgumentException(bad.get());
        }
        return a;
    }

    /** {@link #parse(Kind, String)} from a parsed value. */
    static Answer fromNode(Kind kind, JsonNode n) {
        String shape = kind.words() + " answer";
        String aShape = SchemeText.a(shape);
        switch (kind) {
            case SINGLE_CHOICE -> {
                return new Choice(text(n, shape));
            }
            case TEXT -> {
                return new Text(text(n, shape));
            }
            case MULTIPLE_CHOICE -> {
                if (n == null || !n.isArray()) {
                    throw new IllegalArgumentException(aShape + " is a list of options, not " + n);
                }
                TreeSet<String> v = new TreeSet<>();
                for (JsonNode e : n) {
                    v.add(text(e, "option of a " + shape));
                }
                return new Choices(v);
            }
            case ORDINAL -> {
                if (n == null || !n.canConvertToExactIntegral() || !n.canConvertToInt()) {
                    throw new IllegalArgumentException(aShape + " is a whole number, not " + n);
                }
                return new Step(n.intValue());
            }
            case NUMBER -> {
                if (n == null || !n.isNumber()) {
                    throw new IllegalArgumentException(aShape + " is a number, not " + n);
                }
                return new Numeric(n.doubleValue());
            }
            case YES_NO_PER_TOOL -> {
                if (n == null || !n.isObject()) {
                    throw new IllegalArgumentException(aShape + " is an object tool -> YES/NO, not " + n);
                }
                TreeMap<String, YesNo> m = new TreeMap<>();
                for (Map.Entry<String, JsonNode> e : n.properties()) {
                    String v = text(e.getValue(), "decision for tool '" + e.getKey() + "'");
                    if (!v.equals("YES") && !v.equals("NO")) {
                        throw new IllegalArgumentException("tool '" + e.getKey() + "' has '" + v + "', not YES or NO");
                    }
                    m.put(e.getKey(), YesNo.valueOf(v));
                }
                return new PerTool(m);
            }
            case SPAN -> {
                if (n == null || !n.isArray()) {
                    throw new IllegalArgumentException(aShape + " is a list of spans, not " + n);
                }
                List<Span> spans = new ArrayList<>();
                for (JsonNode e : n) {
                    if (!e.isObject()) {
                        throw new IllegalArgumentException("a span is an object, not " + e);
                    }
                    SpanTarget t = SpanTarget.ofCode(text(e.get("target"), "span target"));
                    if (t == null) {
                        throw new IllegalArgumentException(
                                "span target " + e.get("target") + " is none of answer, tool_return, turn");
                    }
                    JsonNode option = e.get("option");
                    spans.add(new Span(
                            t,
                            e.has("index") ? integer(e.get("index"), "span index") : 0,
                            integer(e.get("start"), "span start"),
                            integer(e.get("end"), "span end"),
                            option == null || option.isNull() ? null : text(option, "span option")));
                }
                return new Spans(spans);
            }
        }
        throw new IllegalArgumentException("no answer shape for " + kind);
    }

    private static String text(JsonNode n, String what) {
        if (n == null || !n.isTextual()) {
            throw new IllegalArgumentException("the " + what + " must be text, not " + n);
        }
        return n.textValue();
    }

    private static int integer(JsonNode n, String what) {
        if (n == null || !n.canConvertToExactIntegral() || !n.canConvertToInt()) {
            throw new IllegalArgumentException("the " + what + " must be a whole number, not " + n);
        }
        return n.intValue();
    }

    private static Optional<String> kindMismatch(Answer a, Question q) {
        return a.kind() == q.kind()
                ? Optional.empty()
                : Optional.of(SchemeText.a(a.kind().words()) + " answer to the "
                        + q.kind().words() + " question '" + q.key() + "'");
    }

    private static Optional<String> unknownOption(Question q, String value) {
        return q.option(value).isPresent()
                ? Optional.empty()
                : Optional.of(
                        "'" + value + "' is no option of '" + q.key() + "' (" + String.join(", ", q.values()) + ")");
    }
}
