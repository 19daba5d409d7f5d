package org.tracejudge.ui.calibration;

import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import org.tracejudge.calibration.QuestionCalibrations;
import org.tracejudge.scheme.Question;
import org.tracejudge.scheme.Scheme;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectException;
import org.tracejudge.store.ProjectQuestions;
import org.tracejudge.ui.session.Session;

/**
 * The Calibration tab's question picker (issue 49): the built-in labels by default, or one single-choice or yes/no
 * question of the project's own scheme with one of its options read as the positive class; the figures are
 * {@link QuestionCalibrations}' (each machine rater against the people's gold), as {@code tracejudge calibration P
 * --question KEY --positive OPTION} computes them. Read on the project thread, published on the FX thread.
 */
public final class QuestionCalibrationViewModel implements Session.Listener {
    /** What the picker lists besides the questions: the built-in labels' calibration. */
    public static final String LABELS = "labels (built-in)";

    /**
     * What the tab shows for a question: its figures, or why there are none.
     *
     * @param diagnosed the figures, null when {@code note} says why there are none
     * @param note why there are no figures, or null
     */
    public record Figures(
            String question,
            String positive,
            QuestionCalibrations.Diagnosed diagnosed,
            String note,
            List<JudgeRates> corrected,
            String correctedNote) {
        Figures(String question, String positive, QuestionCalibrations.Diagnosed diagnosed, String note) {
            this(question, positive, diagnosed, note, List.of(), null);
        }
    }

    /**
     * One machine rater's rate of the positive option per model, corrected with the gold of the question's
     * calibration sample, as {@code calibration --question KEY --positive OPTION --corrected --judge NAME} computes
     * it; or why not ({@code note}).
     */
    public record JudgeRates(String judge, QuestionCalibrations.CorrectedRates rates, String note) {}

    private final Session session;
    private final ReadOnlyObjectWrapper<List<String>> choices = new ReadOnlyObjectWrapper<>(List.of(LABELS));
    private final ReadOnlyObjectWrapper<String> chosen = new ReadOnlyObjectWrapper<>(LABELS);
    private final ReadOnlyObjectWrapper<List<String>> options = new ReadOnlyObjectWrapper<>(List.of());
    private final ReadOnlyObjectWrapper<String> positive = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<Figures> figures = new ReadOnlyObjectWrapper<>();
    private volatile ProjectQuestions.Current current;

    public QuestionCalibrationViewModel(Session session) {
        this.session = session;
        session.addListener(this);
        // a decision changes the gold: the figures follow
        session.team().ledgerVersionProperty().addListener((o, a, b) -> compute());
    }

    /** The picker's entries: {@link #LABELS}, then the scheme's single-choice and yes/no questions. */
    public ReadOnlyObjectProperty<List<String>> choicesProperty() {
        return choices.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<String> chosenProperty() {
        return chosen.getReadOnlyProperty();
    }

    /** The chosen question's options (what may be read as positive); empty for the built-in labels. */
    public ReadOnlyObjectProperty<List<String>> optionsProperty() {
        return options.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<String> positiveProperty() {
        return positive.getReadOnlyProperty();
    }

    /** The chosen question's figures; null while the built-in labels are shown or they are being computed. */
    public ReadOnlyObjectProperty<Figures> figuresProperty() {
        return figures.getReadOnlyProperty();
    }

    @Override
    public void opened() {
        current = null;
        choices.set(List.of(LABELS));
        chosen.set(LABELS);
        options.set(List.of());
        positive.set(null);
        figures.set(null);
    }

    @Override
    public void read(Session.Read r) {
        ProjectQuestions.Current cur;
        try {
            cur = ProjectQuestions.current(r.project());
        } catch (RuntimeException e) {
            cur = null; // the question bar says why; the built-in labels stay
        }
        ProjectQuestions.Current c0 = cur;
        session.onFx(() -> {
            current = c0;
            List<String> c = new ArrayList<>();
            c.add(LABELS);
            if (c0 != null) {
                QuestionCalibrations.questions(c0.scheme()).forEach(q -> c.add(q.key()));
            }
            if (!c.equals(choices.get())) {
                choices.set(List.copyOf(c));
            }
            if (!c.contains(chosen.get())) {
                choose(LABELS);
            } else {
                List<String> o = optionsOf(chosen.get());
                if (!o.equals(options.get())) {
                    options.set(o);
                    positive.set(o.contains(positive.get()) ? positive.get() : first(o));
                }
                compute();
            }
        });
    }

    /** FX thread: the built-in labels ({@link #LABELS}) or a question, its first option read as positive. */
    public void choose(String choice) {
        String c = choice == null ? LABELS : choice;
        chosen.set(c);
        List<String> o = optionsOf(c);
        options.set(o);
        positive.set(first(o));
        figures.set(null);
        compute();
    }

    /** FX thread: reads {@code option} of the chosen question as the positive class. */
    public void choosePositive(String option) {
        if (option == null || option.equals(positive.get()) || !options.get().contains(option)) {
            return;
        }
        positive.set(option);
        figures.set(null);
        compute();
    }

    private List<String> optionsOf(String key) {
        Question q = question(key);
        return q == null ? List.of() : List.copyOf(QuestionCalibrations.options(q));
    }

    private Question question(String key) {
        ProjectQuestions.Current cur = current;
        Scheme s = cur == null ? null : cur.scheme();
        return s == null || LABELS.equals(key) ? null : s.question(key).orElse(null);
    }

    private static String first(List<String> o) {
        return o.isEmpty() ? null : o.get(0);
    }

    private void compute() {
        String key = chosen.get();
        String pos = positive.get();
        Question q = question(key);
        ProjectQuestions.Current cur = current;
        if (q == null || cur == null) {
            return;
        }
        if (pos == null) {
            figures.set(new Figures(
                    key,
                    null,
                    null,
                    "Question '" + key + "' has no option to read as the positive class, so it has no calibration."));
            return;
        }
        session.query(
                p -> figuresOf(p, q, cur.version(), pos),
                f -> {
                    if (key.equals(chosen.get()) && pos.equals(positive.get())) {
                        figures.set(f);
                    }
                },
                err -> {
                    if (key.equals(chosen.get()) && pos.equals(positive.get())) {
                        figures.set(
                                new Figures(key, pos, null, "Cannot compute the calibration of '" + key + "': " + err));
                    }
                });
    }

    /**
     * The figures of one question and option from the project's current answers (project thread): each machine rater
     * against the gold, and each one's corrected rates where the question has a calibration sample.
     */
    static Figures figuresOf(Project p, Question q, int version, String positive) {
        ProjectQuestions.Loaded loaded = ProjectQuestions.load(p, q, version);
        QuestionCalibrations.Diagnosed diagnosed;
        try {
            QuestionCalibrations.Read read = QuestionCalibrations.read(p, loaded, positive, null, false, null);
            diagnosed = QuestionCalibrations.diagnose(read, null);
        } catch (QuestionCalibrations.Refused e) {
            return new Figures(q.key(), positive, null, e.getMessage());
        }
        if (diagnosed.read().gold().labels().isEmpty()) {
            return new Figures(
                    q.key(),
                    positive,
                    diagnosed,
                    null,
                    List.of(),
                    "No corrected rates: no gold yet (no item where every person who answered '" + q.key()
                            + "' agrees).");
        }
        List<JudgeRates> corrected = new ArrayList<>();
        String note = null;
        try {
            QuestionCalibrations.Read read = QuestionCalibrations.read(p, loaded, positive, null, true, null);
            for (String judge : read.machines()) {
                try {
                    corrected.add(new JudgeRates(judge, QuestionCalibrations.corrected(read, judge, p.file()), null));
                } catch (QuestionCalibrations.Refused | ProjectException e) {
                    corrected.add(new JudgeRates(judge, null, e.getMessage()));
                }
            }
            if (read.machines().isEmpty()) {
                note = "No corrected rates: no machine rater answered '" + q.key() + "'.";
            }
        } catch (QuestionCalibrations.Refused | ProjectException e) {
            note = "No corrected rates: " + e.getMessage();
        }
        return new Figures(q.key(), positive, diagnosed, null, List.copyOf(corrected), note);
    }
}
