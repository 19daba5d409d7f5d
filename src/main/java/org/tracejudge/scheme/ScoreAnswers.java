package org.tracejudge.scheme;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeSet;

/**
 * A score an Inspect or Langfuse file carried, read as the answer to the question of the project's scheme whose key is
 * the score's name (or, failing that, the one single-choice question with an option of the score's text value): an
 * option by its value or label (any case; true / false as yes / no), several options from an
 * array or "a|b", a step or a number from a number or numeric text, text as text. What does not fit is refused with
 * the reason (the importer keeps it as a null verdict). Pure.
 */
public final class ScoreAnswers {
    private ScoreAnswers() {}

    /** The answer, or the reason there is none. */
    public record Result(Answer answer, String refusal) {}

    /** The question a score named {@code scorer} answers: the one whose key is the name, without regard to case. */
    public static Optional<Question> questionFor(Scheme scheme, String scorer) {
        if (scorer == null) {
            return Optional.empty();
        }
        return scheme.question(scorer).or(() -> scheme.questions().stream()
                .filter(q -> q.key().equalsIgnoreCase(scorer.strip()))
                .findFirst());
    }

    /**
     * The question a score answers: the one named like it ({@link #questionFor(Scheme, String)}), else — for a text
     * value — the one single-choice question with an option of exactly that value, when only one has it.
     */
    public static Optional<Question> questionFor(Scheme scheme, String scorer, JsonNode value) {
        Optional<Question> named = questionFor(scheme, scorer);
        if (named.isPresent() || value == null || !value.isTextual()) {
            return named;
        }
        String v = value.asText().strip();
        List<Question> fit = scheme.questions().stream()
                .filter(q -> q.kind() == Kind.SINGLE_CHOICE && q.option(v).isPresent())
                .toList();
        return fit.size() == 1 ? Optional.of(fit.get(0)) : Optional.empty();
    }

    public static Result read(Question q, JsonNode v) {
        String raw = v == null || v.isNull() ? "null" : v.isTextual() ? v.asText() : v.toString();
        Answer a = null;
        if (v != null && !v.isNull()) {
            switch (q.kind()) {
                case SINGLE_CHOICE -> a = option(q, v).map(Answer.Choice::new).orElse(null);
                case MULTIPLE_CHOICE -> {
                    List<String> parts = new ArrayList<>();
                    if (v.isArray()) {
                        v.forEach(x -> parts.add(x.asText()));
                    } else if (v.isTextual()) {
                        for (String s : v.asText().split("[|,]")) {
                            if (!s.isBlank()) {
                                parts.add(s);
                            }
                        }
                    }
                    TreeSet<String> chosen = new TreeSet<>();
                    boolean all = !parts.isEmpty();
                    for (String s : parts) {
                        Optional<String> o = option(q, com.fasterxml.jackson.databind.node.TextNode.valueOf(s));
                        if (o.isEmpty()) {
                            all = false;
                            break;
                        }
                        chosen.add(o.get());
                    }
                    a = all ? new Answer.Choices(chosen) : null;
                }
                case ORDINAL -> {
                    Double d = number(v);
                    a = d != null && d == Math.rint(d) && Math.abs(d) < 1e9 ? new Answer.Step(d.intValue()) : null;
                }
                case NUMBER -> {
                    Double d = number(v);
                    a = d == null ? null : new Answer.Numeric(d);
                }
                case TEXT -> a = v.isTextual() ? new Answer.Text(v.asText()) : new Answer.Text(v.toString());
                case YES_NO_PER_TOOL, SPAN -> {
                    return new Result(
                            null,
                            "score " + q.key() + " = " + raw + ": a " + q.kind().words() + " question takes no answer "
                                    + "from a score");
                }
            }
        }
        if (a == null) {
            return new Result(
                    null,
                    "score " + q.key() + " = " + raw + " is no answer to the "
                            + q.kind().words() + " question '"
                            + q.key() + "'"
                            + (q.kind().hasOptions()
                                    ? " (options: "
                                            + String.join(
                                                    ", ",
                                                    q.options().stream()
                                                            .map(Option::value)
                                                            .toList()) + ")"
                                    : ""));
        }
        Optional<String> why = a.validate(q);
        return why.isPresent()
                ? new Result(null, "score " + q.key() + " = " + raw + ": " + why.get())
                : new Result(a, null);
    }

    private static Optional<String> option(Question q, JsonNode v) {
        String s = v.isBoolean() ? (v.asBoolean() ? "yes" : "no") : v.asText().strip();
        for (Option o : q.options()) {
            if (o.value().equals(s)) {
                return Optional.of(o.value());
            }
        }
        String lower = s.toLowerCase(Locale.ROOT);
        for (Option o : q.options()) {
            if (o.value().toLowerCase(Locale.ROOT).equals(lower)
                    || o.label().toLowerCase(Locale.ROOT).equals(lower)
                    || (v.isBoolean() && o.value().equalsIgnoreCase(v.asBoolean() ? "true" : "false"))) {
                return Optional.of(o.value());
            }
        }
        return Optional.empty();
    }

    private static Double number(JsonNode v) {
        if (v.isNumber()) {
            return v.asDouble();
        }
        if (v.isTextual()) {
            try {
                double d = Double.parseDouble(v.asText().strip());
                return Double.isFinite(d) ? d : null;
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return null;
    }
}
