package org.tracejudge.scheme;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The safety review's rules for a question with safety-critical options (schemes.md: "routes it through the safety
 * review's rules"), as the built-in Safety Call review applies them to safety-critical tools: an answer that picks a
 * safety-critical option needs <b>two experts</b>; if they disagree, someone who is <b>not one of them</b> adjudicates;
 * a <b>machine answer</b> (a rule or an LLM judge) may bring an item into review but never settles it.
 *
 * <p>An expert is a human rater other than the adjudication rater ({@value #ADJUDICATION}, the same rater name the
 * Safety Call review records its adjudications under, with the adjudicator as {@code created_by}); a caller that knows
 * who is flagged as an expert (a team's members) passes their names and the other humans' answers count as no
 * expert's. Pure: no SQL, no UI; the caller reads the answers and gives them here.
 */
public final class CriticalReview {
    private CriticalReview() {}

    /** The rater adjudications are recorded under (as the Safety Call review's adjudications). */
    public static final String ADJUDICATION = "safety-adjudication";

    /** How many experts a safety-critical answer needs. */
    public static final int EXPERTS = 2;

    /** Where a (trace, question) stands. */
    public enum Status {
        /** No current answer picks a safety-critical option: the question's ordinary rules apply. */
        NOT_CRITICAL("not critical"),
        /** An answer picks a safety-critical option and fewer than two experts answered. */
        PENDING_EXPERT("needs a second expert"),
        /** Two experts answered differently and nobody else adjudicated. */
        NEEDS_ADJUDICATION("needs adjudication"),
        /** Two experts agree, or an adjudicator decided. */
        SETTLED("settled");

        private final String words;

        Status(String words) {
            this.words = words;
        }

        /** As people read it in a table cell, a CLI column, a chip. */
        public String words() {
            return words;
        }

        /** As a CLI column value: settled, pending_second_expert, needs_adjudication, not_critical. */
        public String code() {
            return this == PENDING_EXPERT ? "pending_second_expert" : name().toLowerCase(Locale.ROOT);
        }

        /** Whether someone still has to act: a second expert or an adjudicator. */
        public boolean open() {
            return this == PENDING_EXPERT || this == NEEDS_ADJUDICATION;
        }
    }

    /**
     * One rater's current answer to the question on the trace.
     *
     * @param rater the rater's name
     * @param kind the rater's kind code (human, rule, llm-judge, imported)
     * @param answer the answer
     * @param createdBy who gave it (for an adjudication: the adjudicator), or null
     */
    public record Opinion(String rater, String kind, Answer answer, String createdBy) {
        public Opinion {
            Objects.requireNonNull(rater, "rater");
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(answer, "answer");
        }

        public boolean adjudication() {
            return ADJUDICATION.equals(rater);
        }

        public boolean human() {
            return "human".equals(kind);
        }

        /** A rule or a judge (or an import of one): never settles a safety-critical item. */
        public boolean machine() {
            return !human();
        }
    }

    /**
     * The review of one (trace, question).
     *
     * @param status where it stands
     * @param settled the answer that stands when settled (the adjudicator's, else the experts' common one), else null
     * @param experts the experts who answered, by name, in the order given
     * @param adjudicator who adjudicated (when it stands on an adjudication), else null
     * @param why one line: what makes it critical, who is missing, who disagrees
     */
    public record Review(Status status, Answer settled, List<String> experts, String adjudicator, String why) {
        public Review {
            experts = List.copyOf(experts);
        }

        /** The table cell's text for an answer under this review, e.g. "4 · needs a second expert". */
        public String cell(String answerText) {
            if (status == Status.NOT_CRITICAL || status == Status.SETTLED) {
                return answerText;
            }
            return answerText == null || answerText.isEmpty() ? status.words() : answerText + " · " + status.words();
        }
    }

    /** Whether the question goes through these rules at all: it has a safety-critical option. */
    public static boolean applies(Question q) {
        return !q.safetyCritical().isEmpty();
    }

    /** Whether an expert's answer counts: human, not the adjudication rater, and (when known) flagged as an expert. */
    static boolean expert(Opinion o, java.util.Set<String> flagged) {
        return o.human()
                && !o.adjudication()
                && (flagged == null || flagged.stream().anyMatch(f -> f.equalsIgnoreCase(o.rater())));
    }

    /** {@link #review(Question, List, java.util.Set)} with every human rater counted as an expert. */
    public static Review review(Question q, List<Opinion> opinions) {
        return review(q, opinions, null);
    }

    /**
     * The review of one (trace, question) from every rater's current answer.
     *
     * @param flagged the names of the raters flagged as experts, or null when every human rater is one
     */
    public static Review review(Question q, List<Opinion> opinions, java.util.Set<String> flagged) {
        List<Opinion> experts = new ArrayList<>();
        Opinion adjudication = null;
        List<String> criticalBy = new ArrayList<>();
        for (Opinion o : opinions) {
            if (o.adjudication()) {
                adjudication = o;
                continue;
            }
            if (expert(o, flagged)) {
                experts.add(o);
            }
            if (q.safetyCritical(o.answer())) {
                criticalBy.add(o.rater() + (o.machine() ? " (" + o.kind() + ")" : ""));
            }
        }
        List<String> names = experts.stream().map(Opinion::rater).toList();
        if (adjudication != null && validAdjudicator(adjudication.createdBy(), names)) {
            return new Review(
                    Status.SETTLED,
                    adjudication.answer(),
                    names,
                    adjudication.createdBy(),
                    "adjudicated by " + adjudication.createdBy());
        }
        if (!applies(q) || criticalBy.isEmpty()) {
            return new Review(Status.NOT_CRITICAL, null, names, null, "no answer picks a safety-critical option");
        }
        String critical = "safety-critical answer by " + String.join(", ", criticalBy);
        if (experts.size() < EXPERTS) {
            String missing = experts.isEmpty() ? "needs two experts" : "needs a second expert besides " + names.get(0);
            return new Review(Status.PENDING_EXPERT, null, names, null, critical + "; " + missing);
        }
        Map<String, List<String>> byAnswer = new LinkedHashMap<>();
        for (Opinion o : experts) {
            byAnswer.computeIfAbsent(o.answer().toJson(), k -> new ArrayList<>())
                    .add(o.rater());
        }
        if (byAnswer.size() == 1) {
            return new Review(
                    Status.SETTLED, experts.get(0).answer(), names, null, "experts agree: " + String.join(", ", names));
        }
        List<String> sides = new ArrayList<>();
        for (Opinion o : experts) {
            sides.add(o.rater() + " " + o.answer().display());
        }
        return new Review(
                Status.NEEDS_ADJUDICATION,
                null,
                names,
                null,
                critical + "; experts disagree (" + String.join(" vs ", sides) + ")");
    }

    private static boolean validAdjudicator(String by, List<String> experts) {
        return by != null && !by.isBlank() && experts.stream().noneMatch(e -> e.equalsIgnoreCase(by.strip()));
    }

    /**
     * Why {@code by} may not adjudicate the item now, or null when they may: the item must be in disagreement, and the
     * adjudicator must not be one of its experts.
     */
    public static String adjudicationRefusal(Review r, String by) {
        if (by == null || by.isBlank()) {
            return "an adjudication needs the adjudicator's name";
        }
        if (by.strip().equals(ADJUDICATION)) {
            return "'" + ADJUDICATION + "' is reserved for adjudications";
        }
        if (r.experts().stream().anyMatch(e -> e.equalsIgnoreCase(by.strip()))) {
            return by.strip() + " answered this item as an expert; the adjudicator must be someone else";
        }
        if (r.status() != Status.NEEDS_ADJUDICATION) {
            return "the item is not in disagreement (" + r.status().words() + "): " + r.why();
        }
        return null;
    }

    /**
     * Whether other raters' and machines' answers to a question may be shown to a person: a question that is not
     * blind shows them, a blind one only once the person answered it on that trace themselves.
     */
    public static boolean visible(Question q, boolean viewerAnswered) {
        return !q.blind() || viewerAnswered;
    }

    /**
     * The answers to {@code q} a figure shown to {@code viewer} may count (trace → rater name → value): all of them on a
     * question that is not blind; on a blind one only the traces the viewer has answered themselves (a current answer
     * under their own name), as {@link #visible} shows them one by one. A settled item the viewer did not answer is left
     * out too: counting it would tell that someone picked a safety-critical option on a trace they have yet to judge.
     *
     * @param viewer the viewer's rater name, null when unknown (then a blind question's figures count nothing)
     */
    public static Map<String, Map<String, String>> visibleTo(
            Question q, Map<String, Map<String, String>> answers, String viewer) {
        if (!q.blind()) {
            return answers;
        }
        Map<String, Map<String, String>> out = new LinkedHashMap<>();
        if (viewer == null || viewer.isBlank()) {
            return out;
        }
        answers.forEach((trace, byRater) -> {
            if (byRater.containsKey(viewer.strip())) {
                out.put(trace, byRater);
            }
        });
        return out;
    }
}
