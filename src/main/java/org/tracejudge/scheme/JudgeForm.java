package org.tracejudge.scheme;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.tracejudge.json.Json;
import org.tracejudge.model.TaskType;

/**
 * What an LLM judge is given and how its reply is read, for the questions of a scheme that apply to one trace: the
 * structured-output JSON Schema, the rubric's question block, and the reading of the judge's JSON reply into answers.
 * Pure: no HTTP, no SQL; the caller wires the schema into a provider's request and passes the trace's texts.
 *
 * <p>The reply is one JSON object with one property per question key. Single choice → one option value; multiple choice
 * → a list of option values (at least one, no repeats); ordinal → a whole step of the scale; number → a number in the
 * range; yes/no per tool → an object with one property per tool, YES or NO; span → a list of {target, index, quote,
 * option}, the quote copied from the trace's text, which {@link #read} locates to turn it into character offsets; text
 * → a string. A question that is optional, or that applies only when another answer meets a condition, may be null.
 *
 * <p><b>OpenAI strict structured outputs.</b> {@link #openAiSchema()} keeps to the subset OpenAI documents for
 * {@code strict: true} ("Structured Outputs", section "Supported schemas",
 * https://platform.openai.com/docs/guides/structured-outputs#supported-schemas): the root is an object, not
 * {@code anyOf}; every object sets {@code additionalProperties: false} and lists every property in {@code required},
 * an optional field being written as a union with null ({@code "type": ["string", "null"]}); the keywords used are
 * only {@code type, properties, required, additionalProperties, items, enum, minimum, maximum, minItems,
 * description}; {@code uniqueItems} is not in OpenAI's list, so the strict variant leaves it out and {@link #read}
 * refuses a repeated option instead. The documented limits (at most 5,000 object properties, 10 levels of nesting,
 * 1,000 enum values) are far above what a scheme's questions need. {@link #schema()} is the same schema with
 * {@code uniqueItems}, for Anthropic's tool {@code input_schema} (which takes JSON Schema as is) and any other
 * validator; both accept exactly the same well-formed replies except that the strict one lets a repeated option
 * through to {@link #read}.
 */
public final class JudgeForm {
    /** The text of a trace a span points into, or null when the trace has no such text. */
    @FunctionalInterface
    public interface Texts {
        String text(SpanTarget target, int index);

        /**
         * Where a quote is in the text of this target and index (which is {@code text}), as {start, end} offsets of
         * that text, or null when the judge was not shown it. By default the quote is looked up in the text itself
         * ({@link #locate}); a caller that showed the judge another form of the text (redacted) maps it back.
         */
        default int[] find(SpanTarget target, int index, String text, String quote) {
            return locate(text, quote);
        }
    }

    /**
     * A judge's reply read against the scheme.
     *
     * @param answers the valid answers by question key, in the scheme's order
     * @param nullReasons for each question (or unknown key) whose verdict is null, why: not answered though required,
     *     a value outside the scheme, a quote not found in the trace, a key the scheme does not have
     */
    public record Reply(Map<String, Answer> answers, Map<String, String> nullReasons) {
        public Reply {
            answers = Collections.unmodifiableMap(new LinkedHashMap<>(answers));
            nullReasons = Collections.unmodifiableMap(new LinkedHashMap<>(nullReasons));
        }
    }

    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private final Scheme scheme;
    private final List<Question> questions;
    private final List<String> tools;

    private JudgeForm(Scheme scheme, List<Question> questions, List<String> tools) {
        this.scheme = scheme;
        this.questions = List.copyOf(questions);
        this.tools = List.copyOf(tools);
    }

    /**
     * The form for a trace of this task type: the scheme's questions whose task types include it, in order. A question
     * with a condition on another answer is kept (the judge answers both) but may be null.
     *
     * @param tools the tool names a yes/no-per-tool question asks about (the trace's candidate tools), in order
     * @throws IllegalArgumentException when a yes/no-per-tool question applies and no tools are given
     */
    public static JudgeForm of(Scheme scheme, TaskType type, List<String> tools) {
        Objects.requireNonNull(scheme, "scheme");
        List<Question> qs = type == null ? scheme.questions() : scheme.questionsFor(type);
        List<String> t = List.copyOf(new LinkedHashSet<>(tools));
        for (Question q : qs) {
            if (q.kind() == Kind.YES_NO_PER_TOOL && t.isEmpty()) {
                throw new IllegalArgumentException(
                        "question '" + q.key() + "' asks yes/no per tool, and the trace names no tools");
            }
        }
        return new JudgeForm(scheme, qs, t);
    }

    /** The questions the judge answers, in the scheme's order. */
    public List<Question> questions() {
        return questions;
    }

    /** The tools a yes/no-per-tool question asks about. */
    public List<String> tools() {
        return tools;
    }

    /** Whether the judge must give this question a value (required, and not behind a condition). */
    static boolean mustAnswer(Question q) {
        return q.required() && q.appliesTo().when() == null;
    }

    /** The schema in OpenAI's strict subset (see the class documentation): no {@code uniqueItems}. */
    public ObjectNode openAiSchema() {
        return build(false);
    }

    /** The schema with {@code uniqueItems} on multiple choice: Anthropic's tool input_schema, and for validators. */
    public ObjectNode schema() {
        return build(true);
    }

    /** The name of the schema or tool for providers: "scheme_" and the scheme's name, [A-Za-z0-9_-], ≤ 64 chars. */
    public String name() {
        String n = ("scheme_" + scheme.name()).replaceAll("[^A-Za-z0-9_-]", "_");
        return n.length() > 64 ? n.substring(0, 64) : n;
    }

    /**
     * OpenAI's (and OpenAI-compatible servers') {@code response_format}: {@code {"type":"json_schema","json_schema":
     * {"name", "strict": true, "schema"}}}.
     */
    public ObjectNode openAiResponseFormat() {
        ObjectNode rf = F.objectNode();
        rf.put("type", "json_schema");
        ObjectNode js = rf.putObject("json_schema");
        js.put("name", name());
        js.put("strict", true);
        js.set("schema", openAiSchema());
        return rf;
    }

    /** An Anthropic tool whose input is the reply: {@code {"name", "description", "input_schema"}}. */
    public ObjectNode anthropicTool() {
        ObjectNode t = F.objectNode();
        t.put("name", name());
        t.put("description", "Record the answers to the questions of the scheme '" + scheme.name() + "'.");
        t.set("input_schema", schema());
        return t;
    }

    private ObjectNode build(boolean uniqueItems) {
        ObjectNode root = F.objectNode();
        root.put("type", "object");
        ObjectNode props = root.putObject("properties");
        ArrayNode required = root.putArray("required");
        for (Question q : questions) {
            boolean nullable = !mustAnswer(q);
            ObjectNode p = property(q, nullable, uniqueItems);
            p.put("description", q.prompt());
            props.set(q.key(), p);
            required.add(q.key());
        }
        root.put("additionalProperties", false);
        return root;
    }

    private ObjectNode property(Question q, boolean nullable, boolean uniqueItems) {
        ObjectNode p = F.objectNode();
        switch (q.kind()) {
            case SINGLE_CHOICE -> {
                type(p, "string", nullable);
                ArrayNode e = p.putArray("enum");
                q.values().forEach(e::add);
                if (nullable) {
                    e.addNull();
                }
            }
            case MULTIPLE_CHOICE -> {
                type(p, "array", nullable);
                ObjectNode items = p.putObject("items");
                items.put("type", "string");
                ArrayNode e = items.putArray("enum");
                q.values().forEach(e::add);
                p.put("minItems", 1);
                if (uniqueItems) {
                    p.put("uniqueItems", true);
                }
            }
            case ORDINAL -> {
                type(p, "integer", nullable);
                p.put("minimum", q.scale().from());
                p.put("maximum", q.scale().to());
            }
            case NUMBER -> {
                type(p, "number", nullable);
                if (q.range().hasMin()) {
                    p.put("minimum", q.range().min());
                }
                if (q.range().hasMax()) {
                    p.put("maximum", q.range().max());
                }
            }
            case YES_NO_PER_TOOL -> {
                type(p, "object", nullable);
                ObjectNode tp = p.putObject("properties");
                ArrayNode req = p.putArray("required");
                for (String tool : tools) {
                    ObjectNode d = tp.putObject(tool);
                    d.put("type", "string");
                    d.putArray("enum").add("YES").add("NO");
                    req.add(tool);
                }
                p.put("additionalProperties", false);
            }
            case SPAN -> {
                // no minItems: an empty list is the answer "none found" (nothing in the text to mark)
                type(p, "array", nullable);
                ObjectNode item = p.putObject("items");
                item.put("type", "object");
                ObjectNode ip = item.putObject("properties");
                ArrayNode req = item.putArray("required");
                ObjectNode target = ip.putObject("target");
                target.put("type", "string");
                ArrayNode te = target.putArray("enum");
                for (SpanTarget t : SpanTarget.values()) {
                    if (q.targets().contains(t)) {
                        te.add(t.code());
                    }
                }
                req.add("target");
                ObjectNode index = ip.putObject("index");
                index.put("type", "integer");
                index.put("minimum", 0);
                index.put("description", "0 for the answer; the tool return's or turn's position from 0");
                req.add("index");
                ObjectNode quote = ip.putObject("quote");
                quote.put("type", "string");
                quote.put("description", "the passage copied exactly from that text");
                req.add("quote");
                if (!q.options().isEmpty()) {
                    ObjectNode option = ip.putObject("option");
                    option.put("type", "string");
                    ArrayNode oe = option.putArray("enum");
                    q.values().forEach(oe::add);
                    req.add("option");
                }
                item.put("additionalProperties", false);
            }
            case TEXT -> type(p, "string", nullable);
        }
        return p;
    }

    private static void type(ObjectNode p, String type, boolean nullable) {
        if (nullable) {
            p.putArray("type").add(type).add("null");
        } else {
            p.put("type", type);
        }
    }

    /**
     * The rubric's question block: per question its key, prompt, kind in words, options with labels and definitions
     * (ordinal: the anchors), when it applies, and how to answer; then the instruction to reply with the schema's
     * JSON.
     */
    public String rubric() {
        StringBuilder b = new StringBuilder();
        b.append("Answer each question below about the trace.\n\n");
        int n = 0;
        for (Question q : questions) {
            n++;
            b.append(n)
                    .append(". ")
                    .append(q.key())
                    .append(" (")
                    .append(q.kind().words())
                    .append(", ");
            if (mustAnswer(q)) {
                b.append("required");
            } else if (q.appliesTo().when() != null) {
                b.append("only when ")
                        .append(q.appliesTo().when())
                        .append(q.required() ? ", then required" : ", then optional")
                        .append("; null otherwise");
            } else {
                b.append("optional, null when you leave it out");
            }
            b.append(")\n   ").append(q.prompt()).append('\n');
            switch (q.kind()) {
                case SINGLE_CHOICE -> {
                    b.append("   Give exactly one option value:\n");
                    options(b, q);
                }
                case MULTIPLE_CHOICE -> {
                    b.append("   Give a list of every option value that applies (at least one, none twice):\n");
                    options(b, q);
                }
                case ORDINAL -> {
                    b.append("   Give one whole number from ")
                            .append(q.scale().from())
                            .append(" to ")
                            .append(q.scale().to())
                            .append('.');
                    if (!q.options().isEmpty()) {
                        b.append(" Anchors:\n");
                        for (Option o : q.options()) {
                            b.append("   - ").append(o.value()).append(" = ").append(o.label());
                            definition(b, o);
                        }
                    } else {
                        b.append('\n');
                    }
                }
                case NUMBER ->
                    b.append("   Give a number (")
                            .append(SchemeText.range(q.range()))
                            .append(").\n");
                case YES_NO_PER_TOOL -> {
                    b.append("   For each of these tools give YES or NO: ")
                            .append(String.join(", ", tools))
                            .append(".\n");
                    options(b, q);
                }
                case SPAN -> {
                    b.append("   Give a list of passages, each with target (")
                            .append(SchemeText.targets(q.targets()))
                            .append("), index (0 for the answer; the tool return's or turn's position from 0),")
                            .append(" quote (the passage copied exactly, character for character, from that text)");
                    if (q.options().isEmpty()) {
                        b.append(".\n");
                    } else {
                        b.append(" and option, one of:\n");
                        options(b, q);
                    }
                    b.append("   Give an empty list [] when you looked and found no such passage.\n");
                }
                case TEXT -> b.append("   Give free text.\n");
            }
            b.append('\n');
        }
        b.append("Reply with one JSON object that follows the given JSON Schema: one property per question key above,")
                .append(" with null for a question that does not apply or that is optional and left out.")
                .append(" Use only the option values listed; add no other keys.\n");
        return b.toString();
    }

    private static void options(StringBuilder b, Question q) {
        for (Option o : q.options()) {
            b.append("   - ").append(o.value());
            if (!o.label().equals(o.value())) {
                b.append(" (").append(o.label()).append(')');
            }
            definition(b, o);
        }
    }

    private static void definition(StringBuilder b, Option o) {
        if (!o.definition().isEmpty()) {
            b.append(": ").append(o.definition());
        }
        b.append('\n');
    }

    /**
     * Reads a judge's reply. Each question's value is read for its kind and checked with {@link
     * Answer#validate(Question)}; a span's quote is located in its target's text (exact match first, then with runs of
     * whitespace counted as one space) and becomes start and end. A value that does not fit, a quote not found, a
     * required question left null, an answer to a question whose condition does not hold, or a key the scheme does not
     * have gives a null verdict for that key with the reason; the other questions keep their answers.
     *
     * @param json the judge's reply (the message content, or the tool input)
     * @param texts the trace's texts by target and index
     * @throws IllegalArgumentException when the reply is not a JSON object at all
     */
    public Reply read(String json, Texts texts) {
        JsonNode root;
        try {
            root = Json.read(json);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("the judge's reply is not JSON: " + e.getMessage(), e);
        }
        if (root == null || !root.isObject()) {
            throw new IllegalArgumentException("the judge's reply is not a JSON object");
        }
        return read((ObjectNode) root, texts);
    }

    /** {@link #read(String, Texts)} from a parsed object (an Anthropic tool_use input). */
    public Reply read(ObjectNode root, Texts texts) {
        Map<String, Answer> answers = new LinkedHashMap<>();
        Map<String, String> reasons = new LinkedHashMap<>();
        Set<String> known = new HashSet<>();
        for (Question q : questions) {
            known.add(q.key());
            JsonNode v = root.get(q.key());
            Condition cond = q.appliesTo().when();
            boolean applies = cond == null || cond.holds(answers.get(cond.question()));
            if (v == null || v.isNull()) {
                if (q.required() && applies) {
                    reasons.put(
                            q.key(),
                            "'" + q.key() + "' is required"
                                    + (q.appliesTo().when() == null
                                            ? ""
                                            : " when " + q.appliesTo().when())
                                    + " and the judge gave no answer");
                }
                continue;
            }
            if (!applies) {
                Condition when = q.appliesTo().when();
                reasons.put(
                        q.key(),
                        "'" + q.key() + "' applies only when " + when
                                + (reasons.containsKey(when.question())
                                        ? ", and '" + when.question() + "' has no valid answer"
                                        : ", which the judge's own answers do not meet"));
                continue;
            }
            Optional<String> bad;
            Answer a = null;
            try {
                a = answer(q, v, texts);
                bad = a.validate(q);
            } catch (IllegalArgumentException e) {
                bad = Optional.of(e.getMessage());
            }
            if (bad.isPresent()) {
                reasons.put(q.key(), bad.get());
            } else {
                answers.put(q.key(), a);
            }
        }
        for (Map.Entry<String, JsonNode> e : root.properties()) {
            if (!known.contains(e.getKey())) {
                reasons.put(
                        e.getKey(),
                        scheme.question(e.getKey()).isPresent()
                                ? "'" + e.getKey() + "' does not apply to this trace's task type"
                                : "'" + e.getKey() + "' is no question of the scheme '" + scheme.name() + "' version "
                                        + scheme.version() + " (" + String.join(", ", keys()) + ")");
            }
        }
        return new Reply(answers, reasons);
    }

    private List<String> keys() {
        List<String> k = new ArrayList<>();
        questions.forEach(q -> k.add(q.key()));
        return k;
    }

    private Answer answer(Question q, JsonNode v, Texts texts) {
        String what = "'" + q.key() + "': ";
        switch (q.kind()) {
            case MULTIPLE_CHOICE -> {
                if (v.isArray()) {
                    Set<String> seen = new HashSet<>();
                    for (JsonNode e : v) {
                        if (e.isTextual() && !seen.add(e.textValue())) {
                            throw new IllegalArgumentException(what + "option '" + e.textValue() + "' given twice");
                        }
                    }
                    if (v.isEmpty()) {
                        throw new IllegalArgumentException(what + "no option given (at least one)");
                    }
                }
                return withKey(q, v);
            }
            case YES_NO_PER_TOOL -> {
                Answer a = withKey(q, v);
                TreeMap<String, Answer.YesNo> d = new TreeMap<>(((Answer.PerTool) a).decisions());
                Set<String> unknown = new TreeSet<>(d.keySet());
                unknown.removeAll(tools);
                if (!unknown.isEmpty()) {
                    throw new IllegalArgumentException(what + "tool(s) " + String.join(", ", unknown)
                            + " are not among this trace's tools (" + String.join(", ", tools) + ")");
                }
                Set<String> missing = new TreeSet<>(tools);
                missing.removeAll(d.keySet());
                if (!missing.isEmpty()) {
                    throw new IllegalArgumentException(what + "no YES/NO for " + String.join(", ", missing));
                }
                return a;
            }
            case SPAN -> {
                return spans(q, v, texts);
            }
            default -> {
                return withKey(q, v);
            }
        }
    }

    private static Answer withKey(Question q, JsonNode v) {
        try {
            return Answer.fromNode(q.kind(), v);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + q.key() + "': " + e.getMessage(), e);
        }
    }

    private static Answer spans(Question q, JsonNode v, Texts texts) {
        String what = "'" + q.key() + "': ";
        if (!v.isArray()) {
            throw new IllegalArgumentException(what + "a span answer is a list of passages, not " + v);
        }
        List<Answer.Span> spans = new ArrayList<>();
        for (JsonNode e : v) {
            if (!e.isObject()) {
                throw new IllegalArgumentException(what + "a passage is an object, not " + e);
            }
            JsonNode tn = e.get("target");
            SpanTarget t = tn != null && tn.isTextual() ? SpanTarget.ofCode(tn.textValue()) : null;
            if (t == null) {
                throw new IllegalArgumentException(
                        what + "span target " + tn + " is none of answer, tool_return, turn");
            }
            JsonNode in = e.get("index");
            int index = in == null || in.isNull()
                    ? 0
                    : in.canConvertToExactIntegral() && in.canConvertToInt() ? in.intValue() : -1;
            if (index < 0) {
                throw new IllegalArgumentException(what + "span index " + in + " is not a whole number ≥ 0");
            }
            JsonNode qn = e.get("quote");
            if (qn == null || !qn.isTextual() || qn.textValue().isBlank()) {
                throw new IllegalArgumentException(what + "a passage without a quote");
            }
            JsonNode on = e.get("option");
            String option = on == null || on.isNull() ? null : on.asText();
            String where = t == SpanTarget.ANSWER ? "the answer" : t.code() + " " + index;
            String text = texts.text(t, index);
            if (text == null) {
                throw new IllegalArgumentException(what + "the trace has no " + where);
            }
            int[] found = texts.find(t, index, text, qn.textValue());
            if (found == null) {
                throw new IllegalArgumentException(
                        what + "the quoted text \"" + shorten(qn.textValue()) + "\" is not in " + where);
            }
            spans.add(new Answer.Span(t, index, found[0], found[1], option));
        }
        return new Answer.Spans(spans);
    }

    private static String shorten(String s) {
        return s.length() <= 80 ? s : s.substring(0, 77) + "...";
    }

    /**
     * Where a quote is in a text, as {start, end} character offsets of the text, or null when it is not there: the
     * first exact occurrence, else the first occurrence with every run of whitespace in both counted as one space and
     * the quote's ends trimmed.
     */
    public static int[] locate(String text, String quote) {
        int i = text.indexOf(quote);
        if (i >= 0 && !quote.isEmpty()) {
            return new int[] {i, i + quote.length()};
        }
        String q = collapse(quote.strip(), null);
        if (q.isEmpty()) {
            return null;
        }
        int[] origin = new int[text.length()];
        String t = collapse(text, origin);
        int j = t.indexOf(q);
        if (j < 0) {
            return null;
        }
        return new int[] {origin[j], origin[j + q.length() - 1] + 1};
    }

    /** The text with each run of whitespace as one space; origin[k] = the position in s of the k-th char kept. */
    private static String collapse(String s, int[] origin) {
        StringBuilder b = new StringBuilder(s.length());
        boolean space = false;
        for (int k = 0; k < s.length(); k++) {
            char c = s.charAt(k);
            if (Character.isWhitespace(c)) {
                if (!space) {
                    if (origin != null) {
                        origin[b.length()] = k;
                    }
                    b.append(' ');
                    space = true;
                }
            } else {
                if (origin != null) {
                    origin[b.length()] = k;
                }
                b.append(c);
                space = false;
            }
        }
        return b.toString();
    }
}
