package org.tracejudge.scheme;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.tracejudge.model.TaskType;

/**
 * A named, versioned list of questions. A scheme is never changed in place: a change is a new version (the store
 * numbers them; a file's {@code version} is only a hint).
 *
 * @param name the scheme's name ([a-z0-9][a-z0-9._-]*)
 * @param version from 1
 * @param description one paragraph for people ("" when none)
 * @param questions in the order the decision bar walks them; keys unique
 */
public record Scheme(String name, int version, String description, List<Question> questions) {
    public Scheme {
        Objects.requireNonNull(name, "name");
        description = description == null ? "" : description;
        questions = List.copyOf(questions);
        if (version < 1) {
            throw new IllegalArgumentException("scheme version " + version + " (versions start at 1)");
        }
        for (int i = 0; i < questions.size(); i++) {
            for (int j = 0; j < i; j++) {
                if (questions.get(i).key().equals(questions.get(j).key())) {
                    throw new IllegalArgumentException(
                            "question key '" + questions.get(i).key() + "' used twice");
                }
            }
        }
    }

    /** The question with this key. */
    public Optional<Question> question(String key) {
        for (Question q : questions) {
            if (q.key().equals(key)) {
                return Optional.of(q);
            }
        }
        return Optional.empty();
    }

    /** The question keys in order. */
    public List<String> keys() {
        List<String> k = new ArrayList<>(questions.size());
        for (Question q : questions) {
            k.add(q.key());
        }
        return k;
    }

    /** The same scheme as another version. */
    public Scheme withVersion(int v) {
        return new Scheme(name, v, description, questions);
    }

    /** The questions whose task types include this type (conditions not looked at), in order. */
    public List<Question> questionsFor(TaskType type) {
        List<Question> out = new ArrayList<>();
        for (Question q : questions) {
            if (q.appliesTo().type(type)) {
                out.add(q);
            }
        }
        return out;
    }

    /** The questions that apply to a trace of this type with these current answers (by question key), in order. */
    public List<Question> applicable(TaskType type, Map<String, Answer> answers) {
        List<Question> out = new ArrayList<>();
        for (Question q : questions) {
            if (q.appliesTo(type, answers)) {
                out.add(q);
            }
        }
        return out;
    }

    /** Whether every required question that applies to the trace is answered: the trace counts as decided. */
    public boolean decided(TaskType type, Map<String, Answer> answers) {
        for (Question q : applicable(type, answers)) {
            if (q.required() && !answers.containsKey(q.key())) {
                return false;
            }
        }
        return true;
    }

    /**
     * The traces decided under this scheme: those whose answers (question key → answer) answer every required question
     * that applies to them ({@link #decided}). A trace without answers, or whose task type is not in {@code types},
     * is not.
     *
     * @param types trace id → its task type
     * @param answers trace id → its answers by question key
     */
    public java.util.Set<String> decidedTraces(
            Map<String, TaskType> types, Map<String, ? extends Map<String, Answer>> answers) {
        java.util.Set<String> out = new java.util.HashSet<>();
        answers.forEach((trace, a) -> {
            TaskType t = types.get(trace);
            if (t != null && !a.isEmpty() && decided(t, a)) {
                out.add(trace);
            }
        });
        return out;
    }
}
