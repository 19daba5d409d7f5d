package org.tracejudge.ui.calibration;

import java.util.List;
import java.util.Locale;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.tracejudge.calibration.Corrected;
import org.tracejudge.calibration.Diagnostics;
import org.tracejudge.calibration.QuestionCalibration;
import org.tracejudge.calibration.QuestionCalibrations;
import org.tracejudge.scheme.Kind;

/**
 * The Calibration tab with a question picker on top (issue 49): the built-in labels' calibration by default; a
 * single-choice or yes/no question of the project's own scheme, with the option read as positive picked beside it,
 * shows each machine rater against the people's gold as {@code calibration --question KEY --positive OPTION} prints
 * it. The pickers show only when the project's scheme has such a question, so other projects see the tab as before.
 * Alt+Q reaches the question picker, Alt+P the option picker.
 */
public final class QuestionCalibrationView extends BorderPane {
    private final QuestionCalibrationViewModel vm;
    private final Node labels;
    private final ComboBox<String> picker = new ComboBox<>();
    private final ComboBox<String> positive = new ComboBox<>();
    private final VBox top;
    private final Label heading = new Label();
    private final Label note = new Label();
    private final VBox raters = new VBox(10);
    private final VBox corrected = new VBox(8);
    private final ScrollPane questionPane;

    public QuestionCalibrationView(QuestionCalibrationViewModel vm, Node labelsPanel) {
        this.vm = vm;
        this.labels = labelsPanel;
        setId("calibrationWithPicker");
        picker.setId("calibrationQuestion");
        picker.setAccessibleText("Calibration of: the built-in labels, or a question of the project's scheme");
        picker.setOnAction(e -> {
            String v = picker.getValue();
            if (v != null && !v.equals(vm.chosenProperty().get())) {
                vm.choose(v);
            }
        });
        // wide enough to read the key and the option, not "esc…"
        picker.setMinWidth(150);
        positive.setId("calibrationPositive");
        positive.setMinWidth(140);
        positive.setAccessibleText("The option read as the positive class, against the rest");
        positive.setOnAction(e -> vm.choosePositive(positive.getValue()));
        Label on = new Label("Calibration of _question");
        on.setMnemonicParsing(true);
        on.setLabelFor(picker);
        on.setMinWidth(Region.USE_PREF_SIZE);
        Label pos = new Label("read as _positive");
        pos.setMnemonicParsing(true);
        pos.setLabelFor(positive);
        pos.setMinWidth(Region.USE_PREF_SIZE);
        // two rows: side by side they were wider than the side pane at 1280×800, and the option was cut
        HBox first = new HBox(8, on, picker);
        first.setAlignment(Pos.CENTER_LEFT);
        HBox second = new HBox(8, pos, positive);
        second.setAlignment(Pos.CENTER_LEFT);
        top = new VBox(4, first, second);
        top.setMinWidth(0);
        top.setPadding(new Insets(6, 8, 0, 8));
        top.setId("calibrationPickerRow");
        heading.setId("questionCalibrationHeading");
        heading.getStyleClass().add("section-title");
        heading.setWrapText(true);
        heading.setMinHeight(Region.USE_PREF_SIZE);
        note.setId("questionCalibrationNote");
        note.setWrapText(true);
        note.setMinHeight(Region.USE_PREF_SIZE);
        raters.setId("questionCalibrationRaters");
        corrected.setId("questionCalibrationCorrected");
        VBox box = new VBox(6, heading, note, raters, corrected);
        box.setPadding(new Insets(6, 8, 8, 8));
        questionPane = new ScrollPane(box);
        questionPane.setFitToWidth(true);
        vm.choicesProperty().addListener((o, a, c) -> syncPickers());
        vm.chosenProperty().addListener((o, a, c) -> {
            syncPickers();
            showBody();
        });
        vm.optionsProperty().addListener((o, a, c) -> syncPickers());
        vm.positiveProperty().addListener((o, a, c) -> syncPickers());
        vm.figuresProperty().addListener((o, a, f) -> draw(f));
        syncPickers();
        showBody();
    }

    public ComboBox<String> picker() {
        return picker;
    }

    public ComboBox<String> positivePicker() {
        return positive;
    }

    private void syncPickers() {
        List<String> c = vm.choicesProperty().get();
        if (!picker.getItems().equals(c)) {
            picker.getItems().setAll(c);
        }
        picker.setValue(vm.chosenProperty().get());
        List<String> o = vm.optionsProperty().get();
        if (!positive.getItems().equals(o)) {
            positive.getItems().setAll(o);
        }
        positive.setValue(vm.positiveProperty().get());
        positive.setDisable(o.isEmpty());
        boolean on = c.size() > 1;
        if (on != (getTop() == top)) {
            setTop(on ? top : null);
        }
    }

    private void showBody() {
        boolean builtIn =
                QuestionCalibrationViewModel.LABELS.equals(vm.chosenProperty().get());
        Node want = builtIn ? labels : questionPane;
        if (getCenter() != want) {
            setCenter(want);
        }
        if (!builtIn) {
            draw(vm.figuresProperty().get());
        }
    }

    private void draw(QuestionCalibrationViewModel.Figures f) {
        raters.getChildren().clear();
        corrected.getChildren().clear();
        if (f == null) {
            heading.setText(vm.chosenProperty().get());
            note.setText("Computing…");
            return;
        }
        if (f.diagnosed() == null) {
            heading.setText(f.question());
            note.setText(f.note());
            return;
        }
        QuestionCalibrations.Read r = f.diagnosed().read();
        heading.setText(f.question() + " (" + r.question().kind().words() + ", scheme version " + r.version() + "): '"
                + f.positive() + "' against the rest");
        String items = r.question().kind() == Kind.YES_NO_PER_TOOL ? "tool decisions" : "traces";
        String gold = r.settled()
                ? String.format(
                        Locale.ROOT,
                        "Gold: %d %s the safety review settled (two experts agree, or an adjudicator decided) or, "
                                + "with no safety-critical answer, every person agrees",
                        r.gold().labels().size(),
                        items)
                : String.format(
                        Locale.ROOT,
                        "Gold: %d %s where every person who answered agrees",
                        r.gold().labels().size(),
                        items);
        if (r.gold().disagreed() > 0) {
            gold += " (" + r.gold().disagreed() + " where people disagree are not gold)";
        }
        note.setText(
                r.machines().isEmpty()
                        ? gold + ". No machine rater answered '" + f.question()
                                + "': run a judge on it to see how far to " + "trust one."
                        : gold + ". 95% Wilson intervals in brackets.");
        for (Diagnostics.Result d : f.diagnosed().results()) {
            raters.getChildren().add(rater(d));
        }
        Label title = new Label("Corrected rates of '" + f.positive() + "' per model");
        title.getStyleClass().add("section-title");
        corrected.getChildren().add(title);
        if (f.correctedNote() != null) {
            corrected.getChildren().add(wrapped(f.correctedNote(), "questionCorrectedNote"));
        }
        for (QuestionCalibrationViewModel.JudgeRates j : f.corrected()) {
            corrected.getChildren().add(judge(j));
        }
    }

    /** One judge's corrected rates, as {@code calibration --question KEY --corrected --judge NAME} prints them. */
    private static Node judge(QuestionCalibrationViewModel.JudgeRates j) {
        VBox box = new VBox(2);
        box.setId("qcorr-" + j.judge().replaceAll("[^A-Za-z0-9_]", "_"));
        if (j.rates() == null) {
            box.getChildren().add(wrapped("Through " + j.judge() + ": " + j.note(), null));
            return box;
        }
        var chosen = j.rates().read().sample();
        box.getChildren()
                .add(wrapped(
                        String.format(
                                Locale.ROOT,
                                "Through %s, with the gold of sample '%s' (%s, seed %d, %d traces drawn). Rates in %% "
                                        + "with 95%% intervals; n = items the judge answered, gold = of them with "
                                        + "gold in the sample.",
                                j.judge(),
                                chosen.name(),
                                chosen.design().code(),
                                chosen.seed(),
                                chosen.draws().size()),
                        null));
        java.util.Set<String> refusals = new java.util.LinkedHashSet<>();
        for (QuestionCalibration.ModelRate r : j.rates().rates()) {
            Label line = wrapped(
                    r.model() + ": n " + r.judged() + " · gold " + r.gold() + " · judge only "
                            + pct(r.judgeOnly(), refusals) + " · gold only " + pct(r.goldOnly(), refusals)
                            + " · Rogan-Gladen " + pct(r.roganGladen(), refusals) + " · PPI++ "
                            + pct(r.ppi(), refusals)
                            + (r.ppi().lambda() == null
                                    ? ""
                                    : String.format(
                                            Locale.ROOT, " (λ %.2f)", r.ppi().lambda())),
                    null);
            line.getStyleClass().add("qcorr-model");
            box.getChildren().add(line);
        }
        for (String why : refusals) {
            Label l = wrapped(why, null);
            l.getStyleClass().add("muted");
            box.getChildren().add(l);
        }
        return box;
    }

    private static String pct(Corrected.Estimate e, java.util.Set<String> refusals) {
        if (!e.defined()) {
            refusals.add("n/a (" + e.estimator() + "): " + e.refusal());
        }
        return e.percent();
    }

    private static Label wrapped(String text, String id) {
        Label l = new Label(text);
        l.setWrapText(true);
        l.setMinHeight(Region.USE_PREF_SIZE);
        if (id != null) {
            l.setId(id);
        }
        return l;
    }

    /** One machine rater against the gold: its agreement figures, the 2×2 matrix and the per-option figures. */
    private static Node rater(Diagnostics.Result d) {
        Label title = new Label(d.rater() + " against gold: n = " + d.n()
                + (d.goldWithoutRaterLabel() > 0
                        ? " (" + d.goldWithoutRaterLabel() + " gold items have no answer of it)"
                        : ""));
        title.getStyleClass().add("section-title");
        title.setWrapText(true);
        title.setMinHeight(Region.USE_PREF_SIZE);
        VBox box = new VBox(4, title);
        box.setId("qcal-" + d.rater().replaceAll("[^A-Za-z0-9_]", "_"));
        if (d.n() == 0) {
            Label none = new Label("No item has both gold and an answer of " + d.rater() + ".");
            none.setWrapText(true);
            box.getChildren().add(none);
            return box;
        }
        Label agree = new Label(String.format(
                Locale.ROOT,
                "accuracy %s   Cohen's kappa %s   Gwet's AC1 %s",
                cell(d.accuracy()),
                num(d.kappa()),
                num(d.ac1())));
        agree.setWrapText(true);
        agree.setMinHeight(Region.USE_PREF_SIZE);
        GridPane m = new GridPane();
        m.setHgap(12);
        m.setVgap(2);
        Label corner = new Label("rater ↓  gold →");
        corner.getStyleClass().add("muted");
        m.add(corner, 0, 0);
        for (int j = 0; j < d.labels().size(); j++) {
            m.add(fixed(d.labels().get(j)), j + 1, 0);
        }
        for (int i = 0; i < d.labels().size(); i++) {
            m.add(fixed(d.labels().get(i)), 0, i + 1);
            for (int j = 0; j < d.labels().size(); j++) {
                Label v = fixed(Integer.toString(d.matrix()[i][j]));
                v.setTooltip(new Tooltip(d.matrix()[i][j] + " items: " + d.rater() + " said "
                        + d.labels().get(i) + ", the gold is " + d.labels().get(j)));
                m.add(v, j + 1, i + 1);
            }
        }
        // per option one wrapped line: it fits the side pane at any width (a grid of six columns did not)
        VBox per = new VBox(2);
        for (Diagnostics.LabelFigures l : d.perLabel()) {
            Label line = new Label(l.label() + ": gold " + l.goldCount() + " · sensitivity " + cell(l.sensitivity())
                    + " · precision " + cell(l.precision()) + " · F1 " + num(l.f1()) + " · " + trust(l));
            line.setWrapText(true);
            line.setMinHeight(Region.USE_PREF_SIZE);
            per.getChildren().add(line);
        }
        box.getChildren().addAll(agree, m, per);
        return box;
    }

    private static String trust(Diagnostics.LabelFigures f) {
        return switch (f.trust()) {
            case TRUSTED -> "trusted";
            case NOT_TRUSTED -> "not trusted";
            case NOT_YET -> "not yet (about " + f.moreGold() + " more gold)";
        };
    }

    private static String cell(Diagnostics.Rate r) {
        return r.value() == null
                ? "n/a"
                : String.format(Locale.ROOT, "%.2f [%.2f, %.2f]", r.value(), r.ci95()[0], r.ci95()[1]);
    }

    private static String num(Double d) {
        return d == null ? "n/a" : String.format(Locale.ROOT, "%.3f", d);
    }

    /** A figure's cell: never cut ("0…"); names give way instead. */
    private static Label fixed(String s) {
        Label l = new Label(s);
        l.setMinWidth(Region.USE_PREF_SIZE);
        return l;
    }
}
