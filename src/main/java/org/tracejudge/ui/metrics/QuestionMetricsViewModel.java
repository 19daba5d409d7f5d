package org.tracejudge.ui.metrics;

import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import org.tracejudge.metrics.QuestionMetrics;
import org.tracejudge.scheme.Outcomes;
import org.tracejudge.scheme.Question;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectQuestions;
import org.tracejudge.ui.session.Session;

/**
 * The dashboard's Questions tab (issue 49): a question of the project's own scheme picked, and the rater (every rater
 * by default), then per rater, model and option the share of answers that chose the option with its 95% Wilson
 * interval, as {@code tracejudge metrics P --question KEY [--source RATER]} computes them ({@link QuestionMetrics}).
 * Read on the project thread when the dashboard opens or is refreshed, and when another question is picked.
 */
public final class QuestionMetricsViewModel {
    /** The rater picker's first entry: every rater with an answer. */
    public static final String EVERY_RATER = "every rater";

    /**
     * One question's figures, or why there are none.
     *
     * @param rows per rater, per model, per option; empty when {@code note} says why
     * @param raters every rater with an answer to the question, by name
     */
    public record Figures(
            Question question, int version, List<String> raters, List<QuestionMetrics.RaterRows> rows, String note) {}

    private record Read(List<String> keys, String key, Figures figures) {}

    private final Session session;
    private final ReadOnlyObjectWrapper<List<String>> questions = new ReadOnlyObjectWrapper<>(List.of());
    private final ReadOnlyObjectWrapper<String> chosen = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<List<String>> raters = new ReadOnlyObjectWrapper<>(List.of(EVERY_RATER));
    private final ReadOnlyObjectWrapper<String> rater = new ReadOnlyObjectWrapper<>(EVERY_RATER);
    private final ReadOnlyObjectWrapper<Figures> figures = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<String> status = new ReadOnlyObjectWrapper<>("");

    public QuestionMetricsViewModel(Session session) {
        this.session = session;
    }

    /** The scheme's questions whose answers have options to count (every kind but number and text), in its order. */
    public ReadOnlyObjectProperty<List<String>> questionsProperty() {
        return questions.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<String> chosenProperty() {
        return chosen.getReadOnlyProperty();
    }

    /** {@link #EVERY_RATER}, then each rater with an answer to the chosen question. */
    public ReadOnlyObjectProperty<List<String>> ratersProperty() {
        return raters.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<String> raterProperty() {
        return rater.getReadOnlyProperty();
    }

    /** The chosen question's figures (null while reading). */
    public ReadOnlyObjectProperty<Figures> figuresProperty() {
        return figures.getReadOnlyProperty();
    }

    /** What went wrong reading, or "". */
    public ReadOnlyObjectProperty<String> statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** FX thread: reads the scheme's questions and the chosen one's figures again (the dashboard's Refresh). */
    public void load() {
        String want = chosen.get();
        session.query(
                p -> {
                    ProjectQuestions.Current cur = ProjectQuestions.current(p);
                    List<String> keys = new ArrayList<>();
                    if (cur != null) {
                        for (Question q : cur.scheme().questions()) {
                            if (Outcomes.unsupported(q).isEmpty()) {
                                keys.add(q.key());
                            }
                        }
                    }
                    String key = keys.contains(want) ? want : keys.isEmpty() ? null : keys.get(0);
                    return new Read(List.copyOf(keys), key, key == null ? null : figuresOf(p, cur, key));
                },
                r -> {
                    questions.set(r.keys());
                    chosen.set(r.key());
                    show(r.figures());
                },
                err -> status.set("Cannot read the scheme's questions: " + err));
    }

    /** FX thread: shows another question's figures. */
    public void choose(String key) {
        if (key == null || key.equals(chosen.get()) || !questions.get().contains(key)) {
            return;
        }
        chosen.set(key);
        figures.set(null);
        session.query(
                p -> figuresOf(p, ProjectQuestions.current(p), key),
                f -> {
                    if (key.equals(chosen.get())) {
                        show(f);
                    }
                },
                err -> status.set("Cannot read the answers to '" + key + "': " + err));
    }

    /** FX thread: shows one rater's rows (or every rater's: {@link #EVERY_RATER}); no read. */
    public void chooseRater(String name) {
        if (name != null && raters.get().contains(name)) {
            rater.set(name);
        }
    }

    /** The rows on show: the chosen rater's, or every rater's. */
    public List<QuestionMetrics.RaterRows> shownRows() {
        Figures f = figures.get();
        if (f == null) {
            return List.of();
        }
        String r = rater.get();
        return EVERY_RATER.equals(r)
                ? f.rows()
                : f.rows().stream().filter(x -> x.rater().equals(r)).toList();
    }

    private void show(Figures f) {
        status.set("");
        List<String> rs = new ArrayList<>();
        rs.add(EVERY_RATER);
        if (f != null) {
            rs.addAll(f.raters());
        }
        raters.set(List.copyOf(rs));
        if (!rs.contains(rater.get())) {
            rater.set(EVERY_RATER);
        }
        figures.set(f);
    }

    /** Project thread: the figures of question {@code key} of the current scheme. */
    static Figures figuresOf(Project p, ProjectQuestions.Current cur, String key) {
        Question q = cur == null ? null : cur.scheme().question(key).orElse(null);
        if (q == null) {
            return null;
        }
        ProjectQuestions.Loaded l = ProjectQuestions.load(p, q, cur.version());
        List<QuestionMetrics.RaterRows> rows = QuestionMetrics.compute(q, l.answers(), l.models(), null);
        List<String> who = rows.stream().map(QuestionMetrics.RaterRows::rater).toList();
        return new Figures(
                q, cur.version(), who, rows, rows.isEmpty() ? "Nobody has answered '" + key + "' yet." : null);
    }
}
