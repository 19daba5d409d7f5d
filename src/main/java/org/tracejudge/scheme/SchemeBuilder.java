package org.tracejudge.scheme;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.tracejudge.model.TaskType;

/**
 * Builds a {@link Scheme} from a scheme file's {@link YamlTree}: every field of the scheme, its questions, options,
 * scales, anchors, ranges and conditions checked, each problem named by line and field.
 */
final class SchemeBuilder extends YamlTree {
    private static final Pattern SCHEME_NAME = Pattern.compile("[a-z0-9][a-z0-9._-]{0,63}");
    private static final Pattern QUESTION_KEY = Pattern.compile("[a-z][a-z0-9_]{0,63}");
    private static final Pattern VALUE = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,63}");
    private static final Pattern COLOUR = Pattern.compile("#[0-9a-fA-F]{6}");

    SchemeBuilder(String file) {
        super(file);
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
        return new Range(min == null ? Double.NEGATIVE_INFINITY : min, max == null ? Double.POSITIVE_INFINITY : max);
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
                                    ", ", earlier.stream().map(Question::key).toList()))
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
