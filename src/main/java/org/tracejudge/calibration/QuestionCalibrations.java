package org.tracejudge.calibration;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.tracejudge.scheme.CriticalReview;
import org.tracejudge.scheme.Kind;
import org.tracejudge.scheme.Outcomes;
import org.tracejudge.scheme.Question;
import org.tracejudge.scheme.Scheme;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectException;
import org.tracejudge.store.ProjectQuestions;

/**
 * Calibration of one single-choice or yes/no question of a project's own scheme, read from the project: what
 * {@code tracejudge calibration P --question KEY --positive OPTION [--corrected]} prints and the Calibration tab's
 * question picker shows. It reads the question's answers (through {@link ProjectQuestions}), the safety review of a
 * question with a safety-critical option (only what it settled is gold), and for corrected rates the question's
 * calibration sample, then computes through {@link QuestionCalibration}. Refusals a user fixes by choosing otherwise
 * (an option the question lacks, a rater that did not answer) are {@link Refused}; a sample that does not serve is a
 * {@link ProjectException}.
 */
public final class QuestionCalibrations {
    private QuestionCalibrations() {}

    /** A choice that does not fit the question: the message names the option to change and what would fit. */
    public static final class Refused extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        Refused(String message) {
            super(message);
        }
    }

    /** Whether a question can be calibrated (single choice, or yes/no per tool): what the pickers offer. */
    public static boolean applies(Question q) {
        return q.kind() == Kind.SINGLE_CHOICE || q.kind() == Kind.YES_NO_PER_TOOL;
    }

    /** The questions of a scheme that can be calibrated, in the scheme's order. */
    public static List<Question> questions(Scheme s) {
        List<Question> out = new ArrayList<>();
        for (Question q : s.questions()) {
            if (applies(q)) {
                out.add(q);
            }
        }
        return out;
    }

    /** The options a question can read as positive (yes/no per tool: YES, NO). */
    public static List<String> options(Question q) {
        return Outcomes.categories(q);
    }

    /**
     * The question's answers with who gave them and its gold.
     *
     * @param settled whether the gold is what the safety review settled (the question has a safety-critical option)
     * @param humans the raters that are people, by name
     * @param machines the raters that are not, by name
     */
    public record Read(
            ProjectQuestions.Loaded loaded,
            String positive,
            boolean settled,
            List<String> humans,
            List<String> machines,
            Gold gold,
            QuestionSample.Chosen sample) {
        public Question question() {
            return loaded.question();
        }

        public int version() {
            return loaded.version();
        }
    }

    /** Each machine rater against the gold, the positive option against the rest. */
    public record Diagnosed(Read read, List<Diagnostics.Result> results) {}

    /** The positive option's rate per model through {@code judge}, corrected with the sample's gold. */
    public record CorrectedRates(Read read, String judge, List<QuestionCalibration.ModelRate> rates) {}

    /**
     * Reads question {@code key} for calibrating {@code positive} against the rest.
     *
     * @param shown the project's path as the caller names it in messages
     * @param rater the one machine rater to diagnose, or null for every one
     * @param corrected whether to choose the question's calibration sample too
     * @param sample the sample's name (with {@code corrected}; null: the question's first probability sample)
     * @throws ProjectQuestions.Missing when the project has no scheme or no such question
     * @throws Refused when the question is not single choice or yes/no, the option is not one of it, or the rater did
     *     not answer it
     */
    public static Read read(
            Project p, Path shown, String key, String positive, String rater, boolean corrected, String sample) {
        ProjectQuestions.Loaded qa = ProjectQuestions.load(p, shown, key);
        return read(p, qa, positive, rater, corrected, sample);
    }

    /** As {@link #read(Project, Path, String, String, String, boolean, String)}, the question already loaded. */
    public static Read read(
            Project p, ProjectQuestions.Loaded qa, String positive, String rater, boolean corrected, String sample) {
        Question q = qa.question();
        Map<String, CriticalReview.Review> reviews =
                CriticalReview.applies(q) ? org.tracejudge.safety.QuestionReview.reviews(p, q) : null;
        String why = QuestionCalibration.refusal(q, positive);
        if (why != null) {
            throw new Refused(why);
        }
        QuestionSample.Chosen chosen = corrected ? QuestionSample.forCorrection(p, sample, q) : null;
        List<String> humans = new ArrayList<>();
        List<String> machines = new ArrayList<>();
        qa.raterKinds().forEach((name, kind) -> ("human".equals(kind) ? humans : machines).add(name));
        if (rater != null && !machines.contains(rater)) {
            throw new Refused("--rater: no machine rater '" + rater + "' answered '" + q.key() + "'; machine raters: "
                    + (machines.isEmpty() ? "none" : String.join(", ", machines)));
        }
        // a question with a safety-critical option: only what its safety review settled is gold
        Gold gold = reviews == null
                ? QuestionCalibration.gold(q, qa.answers(), new TreeSet<>(humans))
                : QuestionCalibration.settledGold(q, qa.answers(), new TreeSet<>(humans), reviews);
        return new Read(qa, positive, reviews != null, List.copyOf(humans), List.copyOf(machines), gold, chosen);
    }

    /** Each machine rater (or only {@code rater}) against the gold. */
    public static Diagnosed diagnose(Read r, String rater) {
        return new Diagnosed(
                r,
                QuestionCalibration.diagnose(
                        r.question(),
                        r.positive(),
                        r.loaded().answers(),
                        r.gold(),
                        rater == null ? r.machines() : List.of(rater)));
    }

    /**
     * The positive option's rate per model through {@code judge} (null: the only machine rater), corrected with the
     * gold of the sample {@code r} was read with.
     *
     * @throws Refused when no judge is named and there is not exactly one machine rater, or the judge did not answer
     * @throws ProjectException when the sample no longer is a probability sample of the traces the machine raters
     *     answered the question on
     */
    public static CorrectedRates corrected(Read r, String judge, Path shown) {
        String key = r.question().key();
        List<String> machines = r.machines();
        String j = judge;
        if (j == null) {
            if (machines.size() != 1) {
                throw new Refused("--corrected --question: name the judge whose rates to correct with --judge ("
                        + (machines.isEmpty() ? "no machine rater answered" : String.join(", ", machines)) + ")");
            }
            j = machines.get(0);
        } else if (!machines.contains(j)) {
            throw new Refused("--judge: no machine rater '" + j + "' answered '" + key + "'; machine raters: "
                    + (machines.isEmpty() ? "none" : String.join(", ", machines)));
        }
        QuestionSample.Chosen chosen = r.sample();
        ProjectQuestions.Loaded qa = r.loaded();
        List<String> changed = QuestionSample.changes(chosen, r.question(), qa.answers(), qa.places(), machines, j);
        if (!changed.isEmpty()) {
            throw new ProjectException(shown + ": sample '" + chosen.name()
                    + "' no longer is a probability sample of the traces the machine raters answered '" + key
                    + "' on: " + String.join("; ", changed) + " (answers given since had no chance of being "
                    + "drawn). Draw a new sample under another name (tracejudge sample "
                    + shown.getFileName()
                    + " --question " + key + " --name " + key + "-2 --n N) and answer its traces.");
        }
        return new CorrectedRates(
                r,
                j,
                QuestionCalibration.corrected(
                        r.question(),
                        r.positive(),
                        qa.answers(),
                        r.gold(),
                        j,
                        qa.models(),
                        chosen.draws(),
                        chosen.design() == SamplingDesign.STRATIFIED_LABEL));
    }
}
