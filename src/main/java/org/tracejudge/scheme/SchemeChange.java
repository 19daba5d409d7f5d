package org.tracejudge.scheme;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What changes from one version of a scheme to the next: what {@code scheme P --set FILE} shows before it applies, and
 * which existing answers the change would orphan (a question removed, an option dropped, a kind changed, a step or
 * number now out of range), so the caller can refuse it unless those are named explicitly.
 *
 * <p>An option whose value stays and whose label changes is <em>relabelled</em>: answers keep their value. An option
 * whose file says {@code renamed_from: OLD} where OLD was an option before is <em>renamed</em>: answers given as OLD are
 * read as the new value ({@link #mapped}), never rewritten. For ordinal questions the anchors are no options: an anchor
 * added or dropped is an {@link #other} change; steps are orphaned only when the scale no longer holds them.
 *
 * @param before the current version
 * @param after the proposed one
 * @param questionsAdded keys of questions only {@code after} has, in its order
 * @param questionsRemoved keys of questions only {@code before} has, in its order
 * @param kindsChanged questions whose kind changed
 * @param optionsAdded options new in a question of both versions (renames aside)
 * @param optionsRemoved options gone from a question of both versions (renames aside)
 * @param renamed options renamed through {@code renamed_from}
 * @param relabelled options with the same value and another label
 * @param other every other change, as a line for people ("'tone': scale 1–5 -> 1–7")
 */
public record SchemeChange(
        Scheme before,
        Scheme after,
        List<String> questionsAdded,
        List<String> questionsRemoved,
        List<KindChange> kindsChanged,
        List<OptionRef> optionsAdded,
        List<OptionRef> optionsRemoved,
        List<Rename> renamed,
        List<Relabel> relabelled,
        List<String> other) {
    /** A question whose kind changed. */
    public record KindChange(String question, Kind from, Kind to) {}

    /** An option of a question. */
    public record OptionRef(String question, String value) {}

    /** Answers given as {@code from} are read as {@code to}. */
    public record Rename(String question, String from, String to) {}

    /** The same value with another label. */
    public record Relabel(String question, String value, String fromLabel, String toLabel) {}

    /**
     * Existing answers the change would leave without a question or option.
     *
     * @param question the question's key
     * @param value the option, step or number the answers have, or null when the whole question is orphaned
     * @param answers how many answers
     * @param why what orphans them ("question removed", "option removed", "kind changed", "outside the scale 1–3")
     */
    public record Orphan(String question, String value, long answers, String why) {
        @Override
        public String toString() {
            return "'" + question + "'" + (value == null ? "" : " = '" + value + "'") + ": " + answers + " answer"
                    + (answers == 1 ? "" : "s") + " (" + why + ")";
        }
    }

    public SchemeChange {
        Objects.requireNonNull(before, "before");
        Objects.requireNonNull(after, "after");
        questionsAdded = List.copyOf(questionsAdded);
        questionsRemoved = List.copyOf(questionsRemoved);
        kindsChanged = List.copyOf(kindsChanged);
        optionsAdded = List.copyOf(optionsAdded);
        optionsRemoved = List.copyOf(optionsRemoved);
        renamed = List.copyOf(renamed);
        relabelled = List.copyOf(relabelled);
        other = List.copyOf(other);
    }

    /** The change from {@code before} to {@code after}. */
    public static SchemeChange between(Scheme before, Scheme after) {
        List<String> added = new ArrayList<>();
        List<String> removed = new ArrayList<>();
        List<KindChange> kinds = new ArrayList<>();
        List<OptionRef> optAdded = new ArrayList<>();
        List<OptionRef> optRemoved = new ArrayList<>();
        List<Rename> renames = new ArrayList<>();
        List<Relabel> relabels = new ArrayList<>();
        List<String> other = new ArrayList<>();

        if (!before.name().equals(after.name())) {
            other.add("name '" + before.name() + "' -> '" + after.name() + "'");
        }
        if (!before.description().equals(after.description())) {
            other.add("description changed");
        }
        for (Question q : after.questions()) {
            if (before.question(q.key()).isEmpty()) {
                added.add(q.key());
            }
        }
        List<String> common = new ArrayList<>();
        for (Question q : before.questions()) {
            if (after.question(q.key()).isEmpty()) {
                removed.add(q.key());
            } else {
                common.add(q.key());
            }
        }
        List<String> afterOrder = new ArrayList<>(after.keys());
        afterOrder.retainAll(common);
        if (!afterOrder.equals(common)) {
            other.add("questions reordered: " + String.join(", ", after.keys()));
        }
        for (String key : common) {
            Question a = before.question(key).orElseThrow();
            Question b = after.question(key).orElseThrow();
            String k = "'" + key + "': ";
            if (a.kind() != b.kind()) {
                kinds.add(new KindChange(key, a.kind(), b.kind()));
            }
            if (!a.prompt().equals(b.prompt())) {
                other.add(k + "prompt changed");
            }
            if (a.required() != b.required()) {
                other.add(k + (b.required() ? "now required" : "no longer required"));
            }
            if (a.blind() != b.blind()) {
                other.add(k + (b.blind() ? "now blind" : "no longer blind"));
            }
            if (!a.appliesTo().equals(b.appliesTo())) {
                other.add(k + "applies to " + appliesText(a.appliesTo()) + " -> " + appliesText(b.appliesTo()));
            }
            if (!Objects.equals(a.scale(), b.scale())) {
                other.add(k + "scale " + scaleText(a.scale()) + " -> " + scaleText(b.scale()));
            }
            if (!a.range().equals(b.range())) {
                other.add(k + "range " + SchemeText.range(a.range()) + " -> " + SchemeText.range(b.range()));
            }
            if (!a.targets().equals(b.targets())) {
                other.add(k + "span targets " + SchemeText.targets(a.targets()) + " -> "
                        + SchemeText.targets(b.targets()));
            }
            boolean anchors = a.kind() == Kind.ORDINAL || b.kind() == Kind.ORDINAL;
            int addedBefore = optAdded.size();
            int removedBefore = optRemoved.size();
            for (Option o : b.options()) {
                Optional<Option> was = a.option(o.value());
                if (was.isPresent()) {
                    compareOption(key, was.get(), o, anchors, relabels, other);
                } else if (o.renamedFrom() != null && a.option(o.renamedFrom()).isPresent() && !anchors) {
                    renames.add(new Rename(key, o.renamedFrom(), o.value()));
                    compareOption(key, a.option(o.renamedFrom()).orElseThrow(), o, false, relabels, other);
                } else if (anchors) {
                    other.add(k + "anchor for step " + o.value() + " added");
                } else {
                    optAdded.add(new OptionRef(key, o.value()));
                }
            }
            for (Option o : a.options()) {
                boolean renamedAway = renames.stream()
                        .anyMatch(r -> r.question().equals(key) && r.from().equals(o.value()));
                if (b.option(o.value()).isEmpty() && !renamedAway) {
                    if (anchors) {
                        other.add(k + "anchor for step " + o.value() + " removed");
                    } else {
                        optRemoved.add(new OptionRef(key, o.value()));
                    }
                }
            }
            if (!anchors
                    && !a.values().equals(b.values())
                    && optAdded.size() == addedBefore
                    && optRemoved.size() == removedBefore) {
                List<String> mappedOld = new ArrayList<>();
                for (String v : a.values()) {
                    mappedOld.add(mapped(renames, key, v));
                }
                if (!mappedOld.equals(b.values())) {
                    other.add(k + "options reordered: " + String.join(", ", b.values()));
                }
            }
        }
        return new SchemeChange(before, after, added, removed, kinds, optAdded, optRemoved, renames, relabels, other);
    }

    private static void compareOption(
            String key, Option a, Option b, boolean anchor, List<Relabel> relabels, List<String> other) {
        String k = "'" + key + "': " + (anchor ? "step " : "option '") + b.value() + (anchor ? "" : "'");
        if (!a.label().equals(b.label())) {
            relabels.add(new Relabel(key, b.value(), a.label(), b.label()));
        }
        if (!a.definition().equals(b.definition())) {
            other.add(k + " definition changed");
        }
        if (!Objects.equals(a.key(), b.key())) {
            other.add(k + " key " + (a.key() == null ? "(default)" : a.key()) + " -> "
                    + (b.key() == null ? "(default)" : b.key()));
        }
        if (!Objects.equals(a.colour(), b.colour())) {
            other.add(k + " colour " + (a.colour() == null ? "none" : a.colour()) + " -> "
                    + (b.colour() == null ? "none" : b.colour()));
        }
        if (a.safetyCritical() != b.safetyCritical()) {
            other.add(k + (b.safetyCritical() ? " now safety-critical" : " no longer safety-critical"));
        }
    }

    private static String mapped(List<Rename> renames, String question, String value) {
        for (Rename r : renames) {
            if (r.question().equals(question) && r.from().equals(value)) {
                return r.to();
            }
        }
        return value;
    }

    /** Whether nothing changes. */
    public boolean isEmpty() {
        return questionsAdded.isEmpty()
                && questionsRemoved.isEmpty()
                && kindsChanged.isEmpty()
                && optionsAdded.isEmpty()
                && optionsRemoved.isEmpty()
                && renamed.isEmpty()
                && relabelled.isEmpty()
                && other.isEmpty();
    }

    /** The value an answer given as {@code value} under {@code before} has under {@code after} (renames applied). */
    public String mapped(String question, String value) {
        return mapped(renamed, question, value);
    }

    /** The renames by question: old value -> new value. */
    public Map<String, Map<String, String>> renames() {
        Map<String, Map<String, String>> m = new LinkedHashMap<>();
        for (Rename r : renamed) {
            m.computeIfAbsent(r.question(), q -> new LinkedHashMap<>()).put(r.from(), r.to());
        }
        return m;
    }

    /**
     * The existing answers this change would orphan.
     *
     * @param answers current answer counts by question key, then by value: the option for single choice, each option
     *     for multiple choice, each span's option for spans, the step for ordinal, the number as text for number (any
     *     key for text and yes/no per tool, which only a removal or kind change orphans)
     * @return in the order of the old scheme's questions, then of the counts' values; empty when nothing is orphaned
     */
    public List<Orphan> orphans(Map<String, Map<String, Long>> answers) {
        List<Orphan> out = new ArrayList<>();
        for (Question a : before.questions()) {
            Map<String, Long> counts = answers.getOrDefault(a.key(), Map.of());
            long total = counts.values().stream().mapToLong(Long::longValue).sum();
            if (total == 0) {
                continue;
            }
            Optional<Question> b = after.question(a.key());
            if (b.isEmpty()) {
                out.add(new Orphan(a.key(), null, total, "question removed"));
                continue;
            }
            Question q = b.get();
            if (q.kind() != a.kind()) {
                out.add(new Orphan(
                        a.key(),
                        null,
                        total,
                        "kind " + a.kind().words() + " -> " + q.kind().words()));
                continue;
            }
            for (Map.Entry<String, Long> e : counts.entrySet()) {
                if (e.getValue() == 0) {
                    continue;
                }
                String why = orphaned(q, mapped(a.key(), e.getKey()));
                if (why != null) {
                    out.add(new Orphan(a.key(), e.getKey(), e.getValue(), why));
                }
            }
        }
        return out;
    }

    private static String orphaned(Question q, String value) {
        switch (q.kind()) {
            case SINGLE_CHOICE, MULTIPLE_CHOICE, SPAN -> {
                if (q.kind() == Kind.SPAN && q.options().isEmpty()) {
                    return null;
                }
                return q.option(value).isPresent() ? null : "option removed";
            }
            case ORDINAL -> {
                try {
                    return q.scale().contains(Integer.parseInt(value))
                            ? null
                            : "outside the scale " + scaleText(q.scale());
                } catch (NumberFormatException e) {
                    return "not a step";
                }
            }
            case NUMBER -> {
                try {
                    return q.range().contains(Double.parseDouble(value))
                            ? null
                            : "outside the range " + SchemeText.range(q.range());
                } catch (NumberFormatException e) {
                    return "not a number";
                }
            }
            default -> {
                return null;
            }
        }
    }

    /**
     * The change for people, one line each, as {@code scheme P --set FILE} prints it before applying: "+" added, "-"
     * removed, "~" changed.
     */
    public String render() {
        StringBuilder sb = new StringBuilder();
        sb.append("scheme ")
                .append(after.name())
                .append(": version ")
                .append(before.version())
                .append(" -> ")
                .append(after.version())
                .append('\n');
        if (isEmpty()) {
            sb.append("  no change\n");
            return sb.toString();
        }
        for (String key : questionsAdded) {
            Question q = after.question(key).orElseThrow();
            sb.append("  + question '")
                    .append(key)
                    .append("' (")
                    .append(q.kind().words())
                    .append("): ")
                    .append(q.prompt())
                    .append('\n');
        }
        for (String key : questionsRemoved) {
            sb.append("  - question '")
                    .append(key)
                    .append("' (")
                    .append(before.question(key).orElseThrow().kind().words())
                    .append(")\n");
        }
        for (KindChange c : kindsChanged) {
            sb.append("  ~ '")
                    .append(c.question())
                    .append("': kind ")
                    .append(c.from().words())
                    .append(" -> ")
                    .append(c.to().words())
                    .append('\n');
        }
        for (OptionRef o : optionsAdded) {
            sb.append("  + '")
                    .append(o.question())
                    .append("': option '")
                    .append(o.value())
                    .append("'\n");
        }
        for (OptionRef o : optionsRemoved) {
            sb.append("  - '")
                    .append(o.question())
                    .append("': option '")
                    .append(o.value())
                    .append("'\n");
        }
        for (Rename r : renamed) {
            sb.append("  ~ '")
                    .append(r.question())
                    .append("': option '")
                    .append(r.from())
                    .append("' renamed '")
                    .append(r.to())
                    .append("' (answers given as '")
                    .append(r.from())
                    .append("' count as '")
                    .append(r.to())
                    .append("')\n");
        }
        for (Relabel r : relabelled) {
            sb.append("  ~ '")
                    .append(r.question())
                    .append("': option '")
                    .append(r.value())
                    .append("' label '")
                    .append(r.fromLabel())
                    .append("' -> '")
                    .append(r.toLabel())
                    .append("'\n");
        }
        for (String o : other) {
            sb.append("  ~ ").append(o).append('\n');
        }
        return sb.toString();
    }

    /** Orphans for people: what would be left without a question or option, and how to go ahead anyway. */
    public static String render(List<Orphan> orphans) {
        if (orphans.isEmpty()) {
            return "no answer is orphaned\n";
        }
        long total = orphans.stream().mapToLong(Orphan::answers).sum();
        StringBuilder sb = new StringBuilder();
        sb.append("this change orphans ")
                .append(total)
                .append(" answer")
                .append(total == 1 ? "" : "s")
                .append(":\n");
        for (Orphan o : orphans) {
            sb.append("  ").append(o).append('\n');
        }
        return sb.toString();
    }

    private static String appliesText(AppliesTo a) {
        List<String> parts = new ArrayList<>();
        if (!a.taskTypes().isEmpty()) {
            List<String> types = new ArrayList<>();
            for (org.tracejudge.model.TaskType t : org.tracejudge.model.TaskType.values()) {
                if (a.taskTypes().contains(t)) {
                    types.add(t.code());
                }
            }
            parts.add(String.join(", ", types));
        }
        if (a.when() != null) {
            parts.add("when " + a.when());
        }
        return parts.isEmpty() ? "every trace" : String.join(" ", parts);
    }

    private static String scaleText(Scale s) {
        return s == null ? "none" : s.from() + "–" + s.to();
    }
}
