package org.tracejudge.ui.agreement;

import java.util.List;
import java.util.Map;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import org.tracejudge.agreement.AgreementOptions;
import org.tracejudge.agreement.QuestionAgreement;
import org.tracejudge.agreement.Ratings;
import org.tracejudge.scheme.CriticalReview;
import org.tracejudge.scheme.Question;
import org.tracejudge.scheme.QuestionRatings;
import org.tracejudge.scheme.Scheme;
import org.tracejudge.scheme.SchemeFile;
import org.tracejudge.store.Answers;
import org.tracejudge.store.Project;
import org.tracejudge.store.SchemeVersions;
import org.tracejudge.ui.session.Session;

/**
 * The Agreement tab's question picker (issue 49): the built-in labels by default, or one question of the project's own
 * scheme, whose figures are {@link QuestionAgreement}'s over {@link QuestionRatings} of the current answers, as
 * {@code tracejudge agreement P --question KEY} computes them (same options: the default resamples and seed).
 */
public final class QuestionAgreementViewModel implements Session.Listener {
    /** What the picker lists besides the questions: the built-in labels' panel. */
    public static final String LABELS = "labels (built-in)";

    /**
     * The figures of one question.
     *
     * @param question the question
     * @param version the scheme version its definition is from
     * @param raters the raters with an answer, by name
     * @param items the traces answered
     * @param result the coefficients, null when fewer than two raters answered
     * @param note why there are no figures, or null
     * @param blind on a blind question, the one line that says the figures count only the traces the viewer
     *     answered; else null
     */
    public record Figures(
            Question question,
            int version,
            List<String> raters,
            int items,
            QuestionAgreement.Result result,
            String note,
            String blind) {}

    private final Session session;
    private final ReadOnlyObjectWrapper<List<String>> choices = new ReadOnlyObjectWrapper<>(List.of(LABELS));
    private final ReadOnlyObjectWrapper<String> chosen = new ReadOnlyObjectWrapper<>(LABELS);
    private final ReadOnlyObjectWrapper<Figures> figures = new ReadOnlyObjectWrapper<>();
    private volatile Scheme scheme;
    private volatile int version;

    public QuestionAgreementViewModel(Session session) {
        this.session = session;
        session.addListener(this);
        session.team().ledgerVersionProperty().addListener((o, a, b) -> {
            if (!LABELS.equals(chosen.get())) {
                compute(chosen.get());
            }
        });
        // a blind question's figures are the viewer's: another annotator name counts other traces
        session.annotatorProperty().addListener((o, a, b) -> {
            if (!LABELS.equals(chosen.get())) {
                compute(chosen.get());
            }
        });
    }

    /** The picker's entries: {@link #LABELS}, then the scheme's question keys (only the first when it has none). */
    public ReadOnlyObjectProperty<List<String>> choicesProperty() {
        return choices.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<String> chosenProperty() {
        return chosen.getReadOnlyProperty();
    }

    /** The chosen question's figures; null while the built-in labels are shown or they are being computed. */
    public ReadOnlyObjectProperty<Figures> figuresProperty() {
        return figures.getReadOnlyProperty();
    }

    @Override
    public void opened() {
        scheme = null;
        choices.set(List.of(LABELS));
        chosen.set(LABELS);
        figures.set(null);
    }

    @Override
    public void read(Session.Read r) {
        Project p = r.project();
        Scheme s = null;
        int v = 0;
        try {
            SchemeVersions.Version cur = p.read(SchemeVersions::current);
            if (cur != null) {
                s = SchemeFile.parse(cur.body(), p.file() + " scheme version " + cur.version());
                v = cur.version();
            }
        } catch (Exception e) {
            s = null; // the question bar says why; the built-in labels stay
        }
        Scheme scheme0 = s;
        int v0 = v;
        session.onFx(() -> {
            scheme = scheme0;
            version = v0;
            List<String> c = new java.util.ArrayList<>();
            c.add(LABELS);
            if (scheme0 != null) {
                c.addAll(scheme0.keys());
            }
            if (!c.equals(choices.get())) {
                choices.set(List.copyOf(c));
            }
            if (!c.contains(chosen.get())) {
                chosen.set(LABELS);
                figures.set(null);
            } else if (!LABELS.equals(chosen.get())) {
                compute(chosen.get());
            }
        });
    }

    /** FX thread: shows the built-in labels ({@link #LABELS}) or a question's figures (computed on the project thread). */
    public void choose(String choice) {
        String c = choice == null ? LABELS : choice;
        chosen.set(c);
        figures.set(null);
        if (!LABELS.equals(c)) {
            compute(c);
        }
    }

    private void compute(String key) {
        Scheme s = scheme;
        Question q = s == null ? null : s.question(key).orElse(null);
        if (q == null) {
            return;
        }
        int v = version;
        String me = session.annotatorProperty().get();
        session.query(
                p -> figuresOf(p, q, v, me),
                f -> {
                    if (key.equals(chosen.get())) {
                        figures.set(f);
                    }
                },
                err -> session.setStatus("Cannot compute the agreement on '" + key + "': " + err));
    }

    /**
     * The figures of one question from the project's current answers (project thread). On a blind question they count
     * only the traces {@code viewer} has answered ({@link CriticalReview#visibleTo}): others' answers stay out of sight
     * until one's own, in the figures as in the decision bar.
     */
    static Figures figuresOf(Project p, Question q, int version, String viewer) {
        Map<String, Map<String, String>> answers =
                CriticalReview.visibleTo(q, p.read(c -> Answers.current(c, q.key())), viewer);
        String blind = q.blind() ? blindNote(q, answers.size()) : null;
        Ratings<Object> ratings = QuestionRatings.of(q, answers, null);
        if (ratings.raterCount() < 2) {
            return new Figures(
                    q,
                    version,
                    ratings.raters(),
                    ratings.itemCount(),
                    null,
                    "Agreement on '" + q.key() + "' needs answers of at least two raters"
                            + (q.blind() ? " on traces you answered" : "") + "; "
                            + (ratings.raters().isEmpty()
                                    ? "none yet"
                                    : "so far only " + String.join(", ", ratings.raters()))
                            + ".",
                    blind);
        }
        QuestionAgreement.Result result =
                new QuestionAgreement(AgreementOptions.defaults()).compute(QuestionRatings.kind(q), ratings);
        return new Figures(q, version, ratings.raters(), ratings.itemCount(), result, null, blind);
    }

    /** The panel's one line on a blind question's figures. */
    static String blindNote(Question q, int mine) {
        return "Blind question: these figures count only the " + mine + (mine == 1 ? " trace" : " traces")
                + " you have answered yourself; other raters' and judges' answers on the rest stay hidden until you "
                + "answer '" + q.key() + "' there.";
    }
}
