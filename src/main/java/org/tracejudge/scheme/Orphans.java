package org.tracejudge.scheme;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which stored answers a new scheme version would leave without a question they fit: a question removed, an option
 * dropped (not renamed), a kind changed, a range narrowed. Each answer value is checked against the new version's
 * question as the hub checks an answer, so every way of orphaning is found the same way; an option the new version
 * marks as renamed from a stored value maps that value, which is not an orphan.
 */
public final class Orphans {
    private Orphans() {}

    /**
     * One question whose answers would be orphaned.
     *
     * @param question the question key
     * @param answers how many stored entries it has
     * @param why what the new version does to them, with an example value
     */
    public record Orphan(String question, int answers, String why) {
        @Override
        public String toString() {
            return question + " (" + answers + " " + (answers == 1 ? "answer" : "answers") + "): " + why;
        }
    }

    /**
     * The orphans a change makes.
     *
     * @param old the current version (null: none, so nothing can be orphaned)
     * @param next the version to apply
     * @param entries entries per question key (any action)
     * @param values the distinct stored answer values (JSON) per question key
     */
    public static List<Orphan> of(
            Scheme old, Scheme next, Map<String, Integer> entries, Map<String, Set<String>> values) {
        List<Orphan> out = new ArrayList<>();
        if (old == null) {
            return out;
        }
        for (Map.Entry<String, Integer> e : entries.entrySet()) {
            String key = e.getKey();
            Optional<Question> now = next.question(key);
            if (now.isEmpty()) {
                out.add(new Orphan(key, e.getValue(), "the question is removed"));
                continue;
            }
            Question was = old.question(key).orElse(null);
            Question q = now.get();
            if (was != null && was.kind() != q.kind()) {
                out.add(new Orphan(
                        key,
                        e.getValue(),
                        "its kind changes from " + was.kind().code() + " to "
                                + q.kind().code()));
                continue;
            }
            Set<String> unfit = new TreeSet<>();
            for (String json : values.getOrDefault(key, Set.of())) {
                Optional<String> problem;
                try {
                    problem = renamed(Answer.parse(q.kind(), json), q).validate(q);
                } catch (IllegalArgumentException ex) {
                    problem = Optional.of(String.valueOf(ex.getMessage()));
                }
                problem.ifPresent(p -> unfit.add(json + " (" + p + ")"));
            }
            if (!unfit.isEmpty()) {
                out.add(new Orphan(
                        key,
                        e.getValue(),
                        "stored answers no longer fit: "
                                + String.join("; ", unfit.stream().limit(3).toList())
                                + (unfit.size() > 3 ? "; and " + (unfit.size() - 3) + " more values" : "")));
            }
        }
        return out;
    }

    /** A stored answer with the values the new question renamed mapped to their new names. */
    static Answer renamed(Answer a, Question q) {
        java.util.Map<String, String> map = new java.util.HashMap<>();
        for (Option o : q.options()) {
            if (o.renamedFrom() != null) {
                map.put(o.renamedFrom(), o.value());
            }
        }
        if (map.isEmpty()) {
            return a;
        }
        if (a instanceof Answer.Choice c) {
            return new Answer.Choice(map.getOrDefault(c.value(), c.value()));
        }
        if (a instanceof Answer.Choices c) {
            TreeSet<String> v = new TreeSet<>();
            c.values().forEach(x -> v.add(map.getOrDefault(x, x)));
            return new Answer.Choices(v);
        }
        return a;
    }
}
