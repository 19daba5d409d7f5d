package org.tracejudge.scheme;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.tracejudge.model.TaskType;

/**
 * The YAML file a team writes for a scheme, read into a {@link Scheme} with every problem named by file, line and field,
 * and written back. The published JSON Schema ({@link #JSON_SCHEMA}) describes the same file for editors.
 *
 * <pre>
 * scheme: helpfulness            # [a-z0-9][a-z0-9._-]*
 * version: 1                     # optional; the store numbers versions
 * description: ...
 * questions:
 *   - key: score                 # [a-z][a-z0-9_]*, unique
 *     prompt: How helpful ...    # required
 *     kind: ordinal              # single_choice multiple_choice ordinal number yes_no_per_tool span text
 *     required: true             # default true
 *     blind: true                # default: true when an option is safety_critical, else false
 *     applies_to: {task_types: [tool_required], when: "risk >= 2"}
 *     options:  [{value, label, definition, key, colour, safety_critical, renamed_from}]   # choices, spans, per tool
 *     scale: {from: 1, to: 5}    # ordinal
 *     anchors: [{step, label, definition, key, colour, safety_critical}]                   # ordinal
 *     min: 0                     # number
 *     max: 100                   # number
 *     targets: [answer, tool_return, turn]                                                 # span (default answer)
 * </pre>
 */
public final class SchemeFile {
    private SchemeFile() {}

    /** The classpath resource of the JSON Schema (draft 2020-12) of the file. */
    public static final String JSON_SCHEMA = "/org/tracejudge/scheme/scheme.schema.json";

    /** The classpath folder of the shipped examples. */
    public static final String EXAMPLES = "/org/tracejudge/scheme/examples/";

    /** The shipped examples' file names. */
    public static final List<String> EXAMPLE_FILES = List.of(
            "mental-health-response-review.yaml",
            "agent-failure-taxonomy.yaml",
            "helpfulness-1-5.yaml",
            "tool-safety-review.yaml");

    private static final YAMLFactory YAML = YAMLFactory.builder().build();
    private static final Pattern SCHEME_NAME = Pattern.compile("[a-z0-9][a-z0-9._-]{0,63}");
    private static final Pattern QUESTION_KEY = Pattern.compile("[a-z][a-z0-9_]{0,63}");
    private static final Pattern VALUE = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,63}");
    private static final Pattern COLOUR = Pattern.compile("#[0-9a-fA-F]{6}");

    /**
     * Reads a scheme file.
     *
     * @throws SchemeException naming file, line and field of every problem
     * @throws IOException when the file cannot be read
     */
    public static Scheme read(Path file) throws SchemeException, IOException {
        byte[] bytes = Files.readAllBytes(file);
        String text;
        try {
            text = StandardCharsets.UTF_8
                    .newDecoder()
                    .decode(java.nio.ByteBuffer.wrap(bytes))
                    .toString();
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new SchemeException(
                    List.of(new SchemeException.Problem(file.toString(), 0, "", "the file is not UTF-8 text")));
        }
        return parse(text, file.toString());
    }

    /**
     * Reads a scheme from text.
     *
     * @param name the file's name for messages
     * @throws SchemeException naming the line and field of every problem
     */
    public static Scheme parse(String text, String name) throws SchemeException {
        Builder b = new Builder(name);
        Node root;
        try (JsonParser p = YAML.createParser(text)) {
            JsonToken first = p.nextToken();
            if (first == null) {
                throw b.fail(0, "", "the file is empty: write scheme, questions");
            }
            root = b.node(p, "", p.currentTokenLocation().getLineNr());
            if (p.nextToken() != null) {
                b.problem(p.currentTokenLocation().getLineNr(), "", "a second YAML document: one scheme per file");
            }
        } catch (JsonProcessingException e) {
            for (Throwable c = e; c != null; c = c.getCause()) {
                if (c instanceof org.yaml.snakeyaml.error.MarkedYAMLException m && m.getProblemMark() != null) {
                    String context = m.getContext() == null
                            ? ""
                            : " (" + m.getContext()
                                    + (m.getContextMark() == null
                                            ? ""
                                            : " started on line "
                                                    + (m.getContextMark().getLine() + 1))
                                    + ")";
                    throw b.fail(m.getProblemMark().getLine() + 1, "", "not YAML: " + m.getProblem() + context);
                }
            }
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            throw b.fail(
                    line,
                    "",
                    "not YAML: " + e.getOriginalMessage().lines().findFirst().orElse(""));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Scheme s = b.scheme(root);
        if (!b.problems.isEmpty() || s == null) {
            throw new SchemeException(b.problems);
        }
        return s;
    }

    /** A shipped example by file name. */
    public static Scheme example(String fileName) {
        try (InputStream in = SchemeFile.class.getResourceAsStream(EXAMPLES + fileName)) {
            if (in == null) {
                throw new IllegalArgumentException("no shipped scheme example " + fileName);
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), fileName);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (SchemeException e) {
            throw new IllegalStateException("shipped example " + fileName + " is broken: " + e.getMessage(), e);
        }
    }

    // ------------------------------------------------------------------------------------------------------- writing

    /** The scheme as a file that {@link #parse} reads back to an equal scheme (what {@code scheme P --show} prints). */
    public static String write(Scheme s) {
        try {
            return YAMLMapper.builder()
                    .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                    .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
                    .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
                    .build()
                    .writeValueAsString(tree(s));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The scheme as canonical JSON (keys sorted, no spaces): equal schemes give equal text, for storing a version and
     * hashing it. JSON is YAML, so {@link #parse} reads it back to an equal scheme.
     */
    public static String toJson(Scheme s) {
        return org.tracejudge.json.Json.canonical(tree(s));
    }

    private static ObjectNode tree(Scheme s) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode root = f.objectNode();
        root.put("scheme", s.name());
        root.put("version", s.version());
        if (!s.description().isEmpty()) {
            root.put("description", s.description());
        }
        ArrayNode qs = root.putArray("questions");
        for (Question q : s.questions()) {
            ObjectNode o = qs.addObject();
            o.put("key", q.key());
            o.put("prompt", q.prompt());
            o.put("kind", q.kind().code());
            o.put("required", q.required());
            if (q.blind()) {
                o.put("blind", true);
            } else if (!q.safetyCritical().isEmpty()) {
                // blind is the default of a question with a safety-critical option: turned off, it says so
                o.put("blind", false);
            }
            AppliesTo a = q.appliesTo();
            if (!a.taskTypes().isEmpty() || a.when() != null) {
                ObjectNode at = o.putObject("applies_to");
                if (!a.taskTypes().isEmpty()) {
                    ArrayNode types = at.putArray("task_types");
                    for (TaskType t : TaskType.values()) {
                        if (a.taskTypes().contains(t)) {
                            types.add(t.code());
                        }
                    }
                }
                if (a.when() != null) {
                    at.put("when", a.when().toString());
                }
            }
            if (q.kind() == Kind.ORDINAL) {
                ObjectNode sc = o.putObject("scale");
                sc.put("from", q.scale().from());
                sc.put("to", q.scale().to());
            }
            if (q.kind() == Kind.NUMBER) {
                if (q.range().hasMin()) {
                    o.put("min", q.range().min());
                }
                if (q.range().hasMax()) {
                    o.put("max", q.range().max());
                }
            }
            if (q.kind() == Kind.SPAN) {
                ArrayNode t = o.putArray("targets");
                for (SpanTarget st : SpanTarget.values()) {
                    if (q.targets().contains(st)) {
                        t.add(st.code());
                    }
                }
            }
            if (!q.options().isEmpty()) {
                ArrayNode opts = o.putArray(q.kind() == Kind.ORDINAL ? "anchors" : "options");
                for (Option op : q.options()) {
                    ObjectNode on = opts.addObject();
                    if (q.kind() == Kind.ORDINAL) {
                        on.put("step", Integer.parseInt(op.value()));
                    } else {
                        on.put("value", op.value());
                    }
                    on.put("label", op.label());
                    if (!op.definition().isEmpty()) {
                        on.put("definition", op.definition());
                    }
                    if (op.key() != null) {
                        on.put("key", op.key());
                    }
                    if (op.colour() != null) {
                        on.put("colour", op.colour());
                    }
                    if (op.safetyCritical()) {
                        on.put("safety_critical", true);
                    }
                    if (op.renamedFrom() != null) {
                        on.put("renamed_from", op.renamedFrom());
                    }
                }
            }
        }
        return root;
    }

    // ------------------------------------------------------------------------------------------------------- reading

    /** A YAML value with the line of its key (or its own start) and its path. */
    private static final class Node {
        final String path;
        final int line;
        final JsonToken token;
        final String text;
        final Map<String, Node> fields;
        final List<Node> items;

        Node(String path, int line, JsonToken token, String text, Map<String, Node> fields, List<Node> items) {
            this.path = path;
            this.line = line;
            this.token = token;
            this.text = text;
            this.fields = fields;
            this.items = items;
        }

        boolean scalar() {
            return fields == null && items == null;
        }

        boolean isNull() {
            return token == JsonToken.VALUE_NULL;
        }

        String child(String name) {
            return path.isEmpty() ? name : path + "." + name;
        }
    }

    /** Collects problems while it builds the scheme. */
    private static final class Builder {
        final String file;
        final List<SchemeException.Problem> problems = new ArrayList<>();

        Builder(String file) {
            this.file = file;
        }

        void problem(int line, String field, String message) {
            problems.add(new SchemeException.Problem(file, line, field, message));
        }

        SchemeException fail(int line, String field, String message) {
            problem(line, field, message);
            return new SchemeException(problems);
        }

        Node node(JsonParser p, String path, int line) throws IOException {
            JsonToken t = p.currentToken();
            if (t == JsonToken.START_OBJECT) {
                Map<String, Node> fields = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    int keyLine = p.currentTokenLocation().getLineNr();
                    p.nextToken();
                    String childPath = path.isEmpty() ? name : path + "." + name;
                    Node child = node(p, childPath, keyLine);
                    Node before = fields.putIfAbsent(name, child);
                    if (before != null) {
                        problem(keyLine, childPath, "given twice (first on line " + before.line + ")");
                    }
                }
                return new Node(path, line, t, null, fields, null);
            }
            if (t == JsonToken.START_ARRAY) {
                List<Node> items = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    items.add(node(
                            p,
                            path + "[" + items.size() + "]",
                            p.currentTokenLocation().getLineNr()));
                }
                return new Node(path, line, t, null, null, items);
            }
            return new Node(path, line, t, p.getText(), null, null);
        }

        // ------------------------------------------------------------------------------------- field access

        void only(Node map, Set<String> allowed, String what) {
            for (Map.Entry<String, Node> e : map.fields.entrySet()) {
                if (!allowed.contains(e.getKey())) {
                    problem(
                            e.getValue().line,
                            e.getValue().path,
                            "unknown field for " + what + " (known: "
                                    + String.join(", ", new java.util.TreeSet<>(allowed)) + ")");
                }
            }
        }

        boolean isMap(Node n, String what) {
            if (n.fields == null) {
                problem(n.line, n.path, "must be " + what);
                return false;
            }
            return true;
        }

        /** A scalar's text, null when absent (a problem when required) or not a scalar (always a problem). */
        String string(Node map, String name, boolean required) {
            Node n = map.fields.get(name);
            if (n == null || n.isNull()) {
                if (required) {
                    problem(n == null ? map.line : n.line, map.child(name), "missing");
                }
                return null;
            }
            if (!n.scalar()) {
                problem(n.line, n.path, "must be a single value, not a " + (n.items != null ? "list" : "mapping"));
                return null;
            }
            return n.text;
        }

        String text(Node map, String name, boolean required) {
            String s = string(map, name, required);
            if (s != null && s.isBlank()) {
                if (required) {
                    problem(map.fields.get(name).line, map.child(name), "empty");
                }
                return null;
            }
            return s == null ? null : s.strip();
        }

        Boolean bool(Node map, String name) {
            Node n = map.fields.get(name);
            if (n == null || n.isNull()) {
                return null;
            }
            if (n.token != JsonToken.VALUE_TRUE && n.token != JsonToken.VALUE_FALSE) {
                problem(n.line, n.path, "must be true or false, not '" + n.text + "'");
                return null;
            }
            return n.token == JsonToken.VALUE_TRUE;
        }

        Integer integer(Node map, String name, boolean required) {
            Node n = map.fields.get(name);
            if (n == null || n.isNull()) {
                if (required) {
                    problem(map.line, map.child(name), "missing");
                }
                return null;
            }
            if (n.token != JsonToken.VALUE_NUMBER_INT) {
                problem(n.line, n.path, "must be a whole number, not '" + n.text + "'");
                return null;
            }
            try {
                return Integer.parseInt(n.text.replace("_", ""));
            } catch (NumberFormatException e) {
                problem(n.line, n.path, "'" + n.text + "' is too large");
                return null;
            }
        }

        Double number(Node map, String name) {
            Node n = map.fields.get(name);
            if (n == null || n.isNull()) {
                return null;
            }
            if (n.token != JsonToken.VALUE_NUMBER_INT && n.token != JsonToken.VALUE_NUMBER_FLOAT) {
                problem(n.line, n.path, "must be a number, not '" + n.text + "'");
                return null;
            }
            try {
                double d = Double.parseDouble(n.text.replace("_", ""));
                if (!Double.isFinite(d)) {
                    problem(n.line, n.path, "must be a finite number (leave it out for an open end)");
                    return null;
                }
                return d;
            } catch (NumberFormatException e) {
                problem(n.line, n.path, "'" + n.text + "' is no number");
                return null;
            }
        }

        List<Node> list(Map<String, Node> fields, String name) {
            Node n = fields.get(name);
            if (n == null || n.isNull()) {
                return null;
            }
            if (n.items == null) {
                problem(n.line, n.path, "must be a list");
                return null;
            }
            return n.items;
        }

        // ------------------------------------------------------------------------------------------ scheme

        Scheme scheme(Node root) {
            if (!isMap(root, "a mapping with scheme, questions")) {
                return null;
            }
            only(root, Set.of("scheme", "version", "description", "questions"), "the scheme");
            String name = text(root, "scheme", true);
            if (name != null && !SCHEME_NAME.matcher(name).matches()) {
                problem(
                        root.fields.get("scheme").line,
                        "scheme",
                        "'" + name + "' is no scheme name: lower-case letters, digits, '.', '_', '-', up to 64");
            }
            Integer version = integer(root, "version", false);
            if (version != null && version < 1) {
                problem(root.fields.get("version").line, "version", "versions start at 1");
            }
            String description = text(root, "description", false);
            List<Node> qnodes = list(root.fields, "questions");
            if (qnodes == null && !root.fields.containsKey("questions")) {
                problem(root.line, "questions", "missing: a scheme has at least one question");
            } else if (qnodes != null && qnodes.isEmpty()) {
                problem(root.fields.get("questions").line, "questions", "empty: a scheme has at least one question");
            }
            List<Question> questions = new ArrayList<>();
            Map<String, Node> keyNodes = new HashMap<>();
            if (qnodes != null) {
                for (Node qn : qnodes) {
                    Question q = question(qn, questions);
                    if (q == null) {
                        continue;
                    }
                    Node keyNode = qn.fields.get("key");
                    Node first = keyNodes.putIfAbsent(q.key(), keyNode);
                    if (first != null) {
                        problem(
                                keyNode.line,
                                keyNode.path,
                                "question key '" + q.key() + "' used twice (first on line " + first.line + ")");
                        continue;
                    }
                    questions.add(q);
                }
            }
            if (!problems.isEmpty() || name == null) {
                return null;
            }
            return new Scheme(name, version == null ? 1 : version, description, questions);
        }

        // ---------------------------------------------------------------------------------------- question

        Question question(Node qn, List<Question> earlier) {
            if (!isMap(qn, "a mapping with key, prompt, kind")) {
                return null;
            }
            int before = problems.size();
            only(
                    qn,
                    Set.of(
                            "key",
                            "prompt",
                            "kind",
                            "required",
                            "blind",
                            "applies_to",
                            "options",
                            "scale",
                            "anchors",
                            "min",
                            "max",
                            "targets"),
                    "a question");
            String key = text(qn, "key", true);
            if (key != null && !QUESTION_KEY.matcher(key).matches()) {
                problem(
                        qn.fields.get("key").line,
                        qn.child("key"),
                        "'" + key
                                + "' is no question key: a lower-case letter, then lower-case letters, digits or '_', up to 64");
                key = null;
            }
            String prompt = text(qn, "prompt", true);
            String kindText = text(qn, "kind", true);
            Kind kind = Kind.ofCode(kindText);
            if (kindText != null && kind == null) {
                problem(
                        qn.fields.get("kind").line,
                        qn.child("kind"),
                        "unknown kind '" + kindText + "' (known: "
                                + String.join(
                                        ", ",
                                        java.util.Arrays.stream(Kind.values())
                                                .map(Kind::code)
                                                .toList()) + ")");
            }
            Boolean required = bool(qn, "required");
            Boolean blind = bool(qn, "blind");
            if (kind == null) {
                return null;
            }
            notFor(
                    qn,
                    kind,
                    "options",
                    EnumSet.of(Kind.SINGLE_CHOICE, Kind.MULTIPLE_CHOICE, Kind.SPAN, Kind.YES_NO_PER_TOOL));
            notFor(qn, kind, "scale", EnumSet.of(Kind.ORDINAL));
            notFor(qn, kind, "anchors", EnumSet.of(Kind.ORDINAL));
            notFor(qn, kind, "min", EnumSet.of(Kind.NUMBER));
            notFor(qn, kind, "max", EnumSet.of(Kind.NUMBER));
            notFor(qn, kind, "targets", EnumSet.of(Kind.SPAN));

            Scale scale = null;
            Range range = null;
            Set<SpanTarget> targets = Set.of();
            List<Option> options = List.of();
            switch (kind) {
                case SINGLE_CHOICE, MULTIPLE_CHOICE -> {
                    options = options(qn, true, kind == Kind.SINGLE_CHOICE ? 2 : 1);
                }
                case SPAN -> {
                    options = qn.fields.containsKey("options") ? options(qn, true, 1) : List.of();
                    targets = targets(qn);
                }
                case YES_NO_PER_TOOL -> {
                    options = qn.fields.containsKey("options") ? yesNo(qn) : BuiltinSchemes.yesNoOptions();
                }
                case ORDINAL -> {
                    scale = scale(qn);
                    options = scale == null ? List.of() : anchors(qn, scale);
                }
                case NUMBER -> {
                    range = range(qn);
                }
                case TEXT -> {
                    // a prompt is all it has
                }
            }
            AppliesTo appliesTo = appliesTo(qn, earlier);
            if (problems.size() > before || key == null || prompt == null) {
                return null;
            }
            return new Question(
                    key,
                    prompt,
                    kind,
                    required == null || required,
                    blind != null ? blind : options.stream().anyMatch(Option::safetyCritical),
                    appliesTo,
                    options,
                    scale,
                    range,
                    targets);
        }

        void notFor(Node qn, Kind kind, String field, Set<Kind> kinds) {
            Node n = qn.fields.get(field);
            if (n != null && !kinds.contains(kind)) {
                problem(
                        n.line,
                        n.path,
                        SchemeText.a(kind.code()) + " question has no " + field + " (it is for "
                                + String.join(
                                        ", ",
                                        kinds.stream().map(Kind::code).sorted().toList()) + ")");
            }
        }

        List<Option> options(Node qn, boolean required, int least) {
            List<Node> nodes = list(qn.fields, "options");
            if (nodes == null) {
                if (required) {
                    problem(qn.line, qn.child("options"), "missing");
                }
                return List.of();
            }
            if (nodes.size() < least) {
                problem(
                        qn.fields.get("options").line,
                        qn.child("options"),
                        "at least " + least + " option" + (least == 1 ? "" : "s"));
            }
            List<Option> out = new ArrayList<>();
            Map<String, Node> values = new HashMap<>();
            Map<String, Node> renames = new HashMap<>();
            for (Node on : nodes) {
                if (!isMap(on, "a mapping with value, label, definition")) {
                    continue;
                }
                only(
                        on,
                        Set.of("value", "label", "definition", "key", "colour", "safety_critical", "renamed_from"),
                        "an option");
                String value = text(on, "value", true);
                if (value != null && !VALUE.matcher(value).matches()) {
                    problem(
                            on.fields.get("value").line,
                            on.child("value"),
                            "'" + value
                                    + "' is no option value: a letter or digit, then letters, digits, '_', '.', '-', up to 64");
                    value = null;
                }
                if (value != null) {
                    Node first = values.putIfAbsent(value, on.fields.get("value"));
                    if (first != null) {
                        problem(
                                on.fields.get("value").line,
                                on.child("value"),
                                "option value '" + value + "' used twice (first on line " + first.line + ")");
                    }
                }
                String renamedFrom = text(on, "renamed_from", false);
                if (renamedFrom != null) {
                    Node first = renames.putIfAbsent(renamedFrom, on.fields.get("renamed_from"));
                    if (first != null) {
                        problem(
                                on.fields.get("renamed_from").line,
                                on.child("renamed_from"),
                                "'" + renamedFrom + "' renamed twice (first on line " + first.line + ")");
                    }
                }
                Option o = option(on, value, renamedFrom);
                if (o != null) {
                    out.add(o);
                }
            }
            for (Map.Entry<String, Node> r : renames.entrySet()) {
                if (values.containsKey(r.getKey())) {
                    problem(
                            r.getValue().line,
                            r.getValue().path,
                            "'" + r.getKey() + "' is renamed, yet still an option of this question");
                }
            }
            checkKeys(out, nodes);
            return out;
        }

        Option option(Node on, String value, String renamedFrom) {
            String label = text(on, "label", false);
            String definition = text(on, "definition", false);
            String key = string(on, "key", false);
            if (key != null && (key.codePointCount(0, key.length()) != 1 || key.isBlank())) {
                problem(on.fields.get("key").line, on.child("key"), "'" + key + "' is no key: one character");
                key = null;
            }
            String colour = text(on, "colour", false);
            if (colour != null && !COLOUR.matcher(colour).matches()) {
                problem(on.fields.get("colour").line, on.child("colour"), "'" + colour + "' is no colour: #rrggbb");
                colour = null;
            }
            Boolean critical = bool(on, "safety_critical");
            if (renamedFrom != null && !VALUE.matcher(renamedFrom).matches()) {
                problem(
                        on.fields.get("renamed_from").line,
                        on.child("renamed_from"),
                        "'" + renamedFrom + "' is no option value");
            }
            return value == null
                    ? null
                    : new Option(
                            value,
                            label,
                            definition,
                            key,
                            colour == null ? null : colour.toLowerCase(Locale.ROOT),
                            critical != null && critical,
                            renamedFrom);
        }

        /** Keys bound twice within a question: explicit keys and the positions' defaults together. */
        void checkKeys(List<Option> options, List<Node> nodes) {
            if (options.size() != nodes.size()) {
                return; // problems already named
            }
            Question probe = new Question(
                    "probe", "probe", Kind.SINGLE_CHOICE, true, false, AppliesTo.ALL, options, null, null, Set.of());
            checkKeys(probe, nodes);
        }

        void checkKeys(Question probe, List<Node> nodes) {
            Map<String, Integer> seen = new HashMap<>();
            for (int i = 0; i < probe.options().size(); i++) {
                String k = probe.keyOf(probe.options().get(i));
                if (k == null) {
                    continue;
                }
                String norm = k.toLowerCase(Locale.ROOT);
                Integer first = seen.putIfAbsent(norm, i);
                if (first != null) {
                    Node n = nodes.get(i);
                    Node keyNode = n.fields.get("key");
                    problem(
                            keyNode == null ? n.line : keyNode.line,
                            n.child("key"),
                            "key '" + k
                                    + "' bound twice in this question (also to '"
                                    + probe.options().get(first).value()
                                    + "' on line " + nodes.get(first).line + ")");
                }
            }
        }

        List<Option> yesNo(Node qn) {
            int before = problems.size();
            List<Option> given = options(qn, true, 2);
            if (problems.size() > before) {
                return List.of();
            }
            List<String> values = given.stream().map(Option::value).toList();
            if (given.size() != 2 || !values.containsAll(List.of("YES", "NO"))) {
                problem(
                        qn.fields.get("options").line,
                        qn.child("options"),
                        "a yes_no_per_tool question has the options YES and NO (give them only to word them)");
                return List.of();
            }
            return given;
        }

        Set<SpanTarget> targets(Node qn) {
            List<Node> nodes = list(qn.fields, "targets");
            if (nodes == null) {
                return Set.of(SpanTarget.ANSWER);
            }
            if (nodes.isEmpty()) {
                problem(qn.fields.get("targets").line, qn.child("targets"), "empty: answer, tool_return, turn");
            }
            Set<SpanTarget> out = EnumSet.noneOf(SpanTarget.class);
            for (Node n : nodes) {
                SpanTarget t = n.scalar() ? SpanTarget.ofCode(n.text) : null;
                if (t == null) {
                    problem(n.line, n.path, "'" + n.text + "' is no span target (answer, tool_return, turn)");
                } else if (!out.add(t)) {
                    problem(n.line, n.path, "target '" + n.text + "' given twice");
                }
            }
            return out;
        }

        Scale scale(Node qn) {
            Node sn = qn.fields.get("scale");
            if (sn == null) {
                problem(qn.line, qn.child("scale"), "missing: an ordinal question has a scale {from, to}");
                return null;
            }
            if (!isMap(sn, "a mapping {from, to}")) {
                return null;
            }
            only(sn, Set.of("from", "to"), "a scale");
            Integer from = integer(sn, "from", true);
            Integer to = integer(sn, "to", true);
            if (from == null || to == null) {
                return null;
            }
            if (from >= to) {
                problem(
                        sn.fields.get("to").line,
                        sn.child("to"),
                        "the scale runs from " + from + " to " + to
                                + ": upside down or a single step (from must be below to)");
                return null;
            }
            if (to - from > 100) {
                problem(sn.fields.get("to").line, sn.child("to"), "more than 101 steps: use a number question");
                return null;
            }
            return new Scale(from, to);
        }

        List<Option> anchors(Node qn, Scale scale) {
            List<Node> nodes = list(qn.fields, "anchors");
            if (nodes == null) {
                return List.of();
            }
            List<Option> out = new ArrayList<>();
            Map<Integer, Node> steps = new HashMap<>();
            Map<Integer, Node> anchorNodes = new HashMap<>();
            for (Node an : nodes) {
                if (!isMap(an, "a mapping with step, label, definition")) {
                    continue;
                }
                only(an, Set.of("step", "label", "definition", "key", "colour", "safety_critical"), "an anchor");
                Integer step = integer(an, "step", true);
                if (step != null && !scale.contains(step)) {
                    problem(
                            an.fields.get("step").line,
                            an.child("step"),
                            "step " + step + " is outside the scale " + scale.from() + "–" + scale.to());
                    step = null;
                }
                if (step != null) {
                    anchorNodes.putIfAbsent(step, an);
                    Node first = steps.putIfAbsent(step, an.fields.get("step"));
                    if (first != null) {
                        problem(
                                an.fields.get("step").line,
                                an.child("step"),
                                "step " + step + " anchored twice (first on line " + first.line + ")");
                    }
                }
                Option o = option(an, step == null ? null : Integer.toString(step), null);
                if (o != null) {
                    out.add(o);
                }
            }
            out.sort(java.util.Comparator.comparingInt(o -> Integer.parseInt(o.value())));
            if (out.size() == nodes.size()) {
                Question probe = new Question(
                        "probe", "probe", Kind.ORDINAL, true, false, AppliesTo.ALL, out, scale, null, Set.of());
                Map<String, Integer> seen = new HashMap<>();
                for (int step = scale.from(); step <= scale.to(); step++) {
                    String k = probe.keyOfStep(step);
                    if (k == null) {
                        continue;
                    }
                    Integer first = seen.putIfAbsent(k.toLowerCase(Locale.ROOT), step);
                    if (first != null) {
                        int blamed = anchorKey(probe, step) ? step : first;
                        Node anchor = anchorNodes.getOrDefault(blamed, qn);
                        Node keyNode = anchor.fields.get("key");
                        problem(
                                keyNode == null ? anchor.line : keyNode.line,
                                anchor.child("key"),
                                "key '" + k + "' bound twice in this question (steps " + first + " and " + step + ")");
                    }
                }
            }
            return out;
        }

        static boolean anchorKey(Question q, int step) {
            return q.option(Integer.toString(step)).map(o -> o.key() != null).orElse(false);
        }

        Range range(Node qn) {
            Double min = number(qn, "min");
            Double max = number(qn, "max");
            if (min != null && max != null && min > max) {
                problem(
                        qn.fields.get("max").line,
                        qn.child("max"),
                        "max " + SchemeText.number(max) + " is below min " + SchemeText.number(min)
                                + ": the range is upside down");
                return null;
            }
            return new Range(
                    min == null ? Double.NEGATIVE_INFINITY : min, max == null ? Double.POSITIVE_INFINITY : max);
        }

        AppliesTo appliesTo(Node qn, List<Question> earlier) {
            Node an = qn.fields.get("applies_to");
            if (an == null || an.isNull()) {
                return AppliesTo.ALL;
            }
            if (!isMap(an, "a mapping {task_types, when}")) {
                return AppliesTo.ALL;
            }
            only(an, Set.of("task_types", "when"), "applies_to");
            Set<TaskType> types = EnumSet.noneOf(TaskType.class);
            List<Node> typeNodes = list(an.fields, "task_types");
            if (typeNodes != null) {
                for (Node t : typeNodes) {
                    try {
                        if (!t.scalar()) {
                            throw new IllegalArgumentException("");
                        }
                        if (!types.add(TaskType.fromCode(t.text))) {
                            problem(t.line, t.path, "task type '" + t.text + "' given twice");
                        }
                    } catch (IllegalArgumentException e) {
                        problem(
                                t.line,
                                t.path,
                                "'" + t.text + "' is no task type (known: "
                                        + String.join(
                                                ", ",
                                                java.util.Arrays.stream(TaskType.values())
                                                        .map(TaskType::code)
                                                        .toList())
                                        + ")");
                    }
                }
            }
            String whenText = text(an, "when", false);
            Condition when = null;
            if (whenText != null) {
                int line = an.fields.get("when").line;
                String field = an.child("when");
                try {
                    when = Condition.parse(whenText);
                    String bad = conditionProblem(when, earlier);
                    if (bad != null) {
                        problem(line, field, bad);
                        when = null;
                    }
                } catch (IllegalArgumentException e) {
                    problem(line, field, e.getMessage());
                }
            }
            return new AppliesTo(types, when);
        }

        static String conditionProblem(Condition c, List<Question> earlier) {
            Question other = null;
            for (Question q : earlier) {
                if (q.key().equals(c.question())) {
                    other = q;
                }
            }
            if (other == null) {
                return "'" + c + "' names no earlier question '" + c.question() + "' (a condition looks back: known "
                        + (earlier.isEmpty()
                                ? "none"
                                : String.join(
                                        ", ",
                                        earlier.stream().map(Question::key).toList()))
                        + ")";
            }
            switch (other.kind()) {
                case SINGLE_CHOICE, MULTIPLE_CHOICE -> {
                    if (c.op().ordered()) {
                        return "'" + c + "': " + SchemeText.a(other.kind().code())
                                + " question compares with == or != only";
                    }
                    if (other.option(c.value()).isEmpty()) {
                        return "'" + c + "': '" + c.value() + "' is no option of '" + other.key() + "' ("
                                + String.join(", ", other.values()) + ")";
                    }
                    return null;
                }
                case ORDINAL -> {
                    try {
                        int step = Integer.parseInt(c.value());
                        return other.scale().contains(step)
                                ? null
                                : "'" + c + "': step " + step + " is outside the scale "
                                        + other.scale().from() + "–"
                                        + other.scale().to() + " of '" + other.key() + "'";
                    } catch (NumberFormatException e) {
                        return "'" + c + "': '" + other.key() + "' is ordinal, compare it with a step";
                    }
                }
                case NUMBER -> {
                    try {
                        Double.parseDouble(c.value());
                        return null;
                    } catch (NumberFormatException e) {
                        return "'" + c + "': '" + other.key() + "' is a number, compare it with a number";
                    }
                }
                default -> {
                    return "'" + c + "': a condition cannot look at a "
                            + other.kind().code() + " question";
                }
            }
        }
    }
}
