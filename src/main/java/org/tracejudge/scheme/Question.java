package org.tracejudge.scheme;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.tracejudge.model.TaskType;

/**
 * One question of a scheme. Only the parts its kind uses are set: options for choices, spans and yes/no per tool;
 * scale and anchors (as options whose values are the steps) for ordinal; range for number; targets for span.
 *
 * @param key the question's name in files, columns and {@code --question} ([a-z][a-z0-9_]*)
 * @param prompt what to decide, shown above the decision keys and given to judges
 * @param kind what the answer is
 * @param required a trace counts as decided when every required question that applies to it is answered
 * @param blind hide other raters' answers to this question until one's own is given
 * @param appliesTo which traces it applies to
 * @param options the options in order (ordinal: the anchors, value = the step)
 * @param scale the steps of an ordinal question, null otherwise
 * @param range the allowed numbers of a number question ({@link Range#ANY} otherwise)
 * @param targets what a span may point into (span questions only, empty otherwise)
 */
public record Question(
        String key,
        String prompt,
        Kind kind,
        boolean required,
        boolean blind,
        AppliesTo appliesTo,
        List<Option> options,
        Scale scale,
        Range range,
        Set<SpanTarget> targets) {
    public Question {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(prompt, "prompt");
        Objects.requireNonNull(kind, "kind");
        appliesTo = appliesTo == null ? AppliesTo.ALL : appliesTo;
        options = List.copyOf(options);
        range = range == null ? Range.ANY : range;
        targets = Set.copyOf(targets);
        if (kind == Kind.ORDINAL && scale == null) {
            throw new IllegalArgumentException("ordinal question '" + key + "' has no scale");
        }
    }

    /** A single-choice question on every trace, required, not blind. */
    public static Question singleChoice(String key, String prompt, List<Option> options) {
        return new Question(key, prompt, Kind.SINGLE_CHOICE, true, false, AppliesTo.ALL, options, null, null, Set.of());
    }

    /** The option with this value. */
    public Optional<Option> option(String value) {
        for (Option o : options) {
            if (o.value().equals(value)) {
                return Optional.of(o);
            }
        }
        return Optional.empty();
    }

    /** The option values in order. */
    public List<String> values() {
        List<String> v = new ArrayList<>(options.size());
        for (Option o : options) {
            v.add(o.value());
        }
        return v;
    }

    /** The values of the safety-critical options (ordinal: the steps as text). */
    public Set<String> safetyCritical() {
        Set<String> s = new LinkedHashSet<>();
        for (Option o : options) {
            if (o.safetyCritical()) {
                s.add(o.value());
            }
        }
        return s;
    }

    /** Whether an answer with this option (or step) is safety-critical. */
    public boolean safetyCritical(Answer answer) {
        Set<String> critical = safetyCritical();
        if (critical.isEmpty() || answer == null) {
            return false;
        }
        if (answer instanceof Answer.Choice c) {
            return critical.contains(c.value());
        }
        if (answer instanceof Answer.Choices c) {
            return c.values().stream().anyMatch(critical::contains);
        }
        if (answer instanceof Answer.Step s) {
            return critical.contains(Integer.toString(s.value()));
        }
        if (answer instanceof Answer.Spans s) {
            return s.spans().stream().anyMatch(x -> x.option() != null && critical.contains(x.option()));
        }
        return false;
    }

    /**
     * The keyboard key of an option: its own key, else for choices and span labels its position 1–9 (none after the
     * ninth), for an ordinal anchor {@link #keyOfStep}. Null when it has none.
     */
    public String keyOf(Option option) {
        if (kind == Kind.ORDINAL) {
            return keyOfStep(Integer.parseInt(option.value()));
        }
        if (option.key() != null) {
            return option.key();
        }
        int i = options.indexOf(option);
        return i >= 0 && i < 9 ? Integer.toString(i + 1) : null;
    }

    /**
     * The keyboard key of an ordinal step: its anchor's own key, else (on a scale of at most ten steps) the step's last
     * digit. Null when it has none (the step is typed).
     */
    public String keyOfStep(int step) {
        Optional<Option> anchor = option(Integer.toString(step));
        if (anchor.isPresent() && anchor.get().key() != null) {
            return anchor.get().key();
        }
        return scale != null && scale.size() <= 10 ? Integer.toString(Math.floorMod(step, 10)) : null;
    }

    /** Whether the question applies to a trace of this type with these current answers (by question key). */
    public boolean appliesTo(TaskType type, Map<String, Answer> answers) {
        return appliesTo.test(type, answers);
    }

    /** Why the answer does not fit this question, or empty when it does. */
    public Optional<String> check(Answer answer) {
        return answer.validate(this);
    }
}
