package org.tracejudge.ui.agreement;

import java.util.Locale;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.tracejudge.agreement.QuestionAgreement;

/**
 * The Agreement tab with a question picker on top (issue 49): the built-in labels' panel by default; a question of the
 * project's own scheme shows its coefficients with their 95% intervals, as {@code agreement --question} prints them.
 * The picker shows only when the project has a scheme of its own, so other projects see the tab as before.
 */
public final class QuestionAgreementView extends BorderPane {
    private final QuestionAgreementViewModel vm;
    private final Node labels;
    private final ComboBox<String> picker = new ComboBox<>();
    private final Label heading = new Label();
    private final Label note = new Label();
    private final Label blind = new Label();
    private final GridPane grid = new GridPane();
    private final ScrollPane questionPane;

    public QuestionAgreementView(QuestionAgreementViewModel vm, Node labelsPanel) {
        this.vm = vm;
        this.labels = labelsPanel;
        setId("agreementWithPicker");
        picker.setId("agreementQuestion");
        picker.setAccessibleText("Agreement on: the built-in labels, or a question of the project's scheme");
        picker.setOnAction(e -> {
            String v = picker.getValue();
            if (v != null && !v.equals(vm.chosenProperty().get())) {
                vm.choose(v);
            }
        });
        Label on = new Label("Agreement on");
        on.setMinWidth(Region.USE_PREF_SIZE);
        HBox top = new HBox(8, on, picker);
        top.setAlignment(Pos.CENTER_LEFT);
        top.setPadding(new Insets(6, 8, 0, 8));
        top.setId("agreementPickerRow");
        heading.setId("questionAgreementHeading");
        heading.getStyleClass().add("section-title");
        heading.setWrapText(true);
        heading.setMinHeight(Region.USE_PREF_SIZE);
        note.setId("questionAgreementNote");
        note.setWrapText(true);
        note.setMinHeight(Region.USE_PREF_SIZE);
        grid.setId("questionAgreementFigures");
        grid.setHgap(12);
        grid.setVgap(3);
        blind.setId("questionAgreementBlind");
        blind.setWrapText(true);
        blind.setMinHeight(Region.USE_PREF_SIZE);
        blind.getStyleClass().add("muted");
        blind.managedProperty().bind(blind.visibleProperty());
        blind.setVisible(false);
        VBox box = new VBox(6, heading, blind, note, grid);
        box.setPadding(new Insets(6, 8, 8, 8));
        questionPane = new ScrollPane(box);
        questionPane.setFitToWidth(true);
        vm.choicesProperty().addListener((o, a, c) -> {
            picker.getItems().setAll(c);
            picker.setValue(vm.chosenProperty().get());
            showTop(top, c.size() > 1);
        });
        picker.getItems().setAll(vm.choicesProperty().get());
        picker.setValue(vm.chosenProperty().get());
        showTop(top, vm.choicesProperty().get().size() > 1);
        vm.chosenProperty().addListener((o, a, c) -> {
            picker.setValue(c);
            showBody();
        });
        vm.figuresProperty().addListener((o, a, f) -> draw(f));
        showBody();
    }

    private void showTop(HBox top, boolean on) {
        top.visibleProperty().unbind();
        top.setVisible(on);
        setTop(on ? top : null);
    }

    public ComboBox<String> picker() {
        return picker;
    }

    private void showBody() {
        boolean builtIn =
                QuestionAgreementViewModel.LABELS.equals(vm.chosenProperty().get());
        Node want = builtIn ? labels : questionPane;
        if (getCenter() != want) {
            setCenter(want);
        }
        if (!builtIn) {
            draw(vm.figuresProperty().get());
        }
    }

    private void draw(QuestionAgreementViewModel.Figures f) {
        grid.getChildren().clear();
        if (f == null) {
            heading.setText(vm.chosenProperty().get());
            note.setText("Computing…");
            blind.setVisible(false);
            return;
        }
        blind.setText(f.blind() == null ? "" : f.blind());
        blind.setVisible(f.blind() != null);
        heading.setText(f.question().key() + " (" + f.question().kind().words() + ", scheme version " + f.version()
                + "): "
                + (f.raters().isEmpty()
                        ? "no trace answered yet"
                        : f.items() + (f.items() == 1 ? " trace" : " traces") + " answered by "
                                + String.join(", ", f.raters())));
        if (f.result() == null) {
            note.setText(f.note());
            return;
        }
        note.setText(
                f.result().note() == null
                        ? "95% intervals: bootstrap over traces."
                        : f.result().note());
        grid.addRow(0, head("coefficient"), head("value"), head("95% interval"), head("n"));
        int row = 1;
        for (QuestionAgreement.Coefficient c : f.result().coefficients()) {
            Label value = fixed(c.value() == null ? "—" : String.format(Locale.ROOT, "%.3f", c.value()));
            value.setId("qa-" + c.name().replaceAll("[^A-Za-z0-9_]", "_"));
            Label name = new Label(c.name());
            name.setMinWidth(60); // a long pair of rater names gives way first (the tooltip has it whole)
            name.setTooltip(new javafx.scene.control.Tooltip(c.name()));
            grid.addRow(
                    row++,
                    name,
                    value,
                    fixed(
                            c.interval() == null
                                    ? ""
                                    : String.format(
                                            Locale.ROOT,
                                            "%.3f to %.3f",
                                            c.interval().lo(),
                                            c.interval().hi())),
                    fixed(Long.toString(c.n())));
            if (c.note() != null) {
                // why a value is undefined: on its own line under the figure, wrapped to the pane
                Label why = muted(c.note());
                grid.add(why, 0, row++, 4, 1);
            }
        }
    }

    /** A figure's cell: never cut ("0…"), the name column gives way instead. */
    private static Label fixed(String s) {
        Label l = new Label(s);
        l.setMinWidth(Region.USE_PREF_SIZE);
        return l;
    }

    private static Label head(String s) {
        Label l = new Label(s);
        l.setMinWidth(Region.USE_PREF_SIZE);
        l.getStyleClass().add("section-title");
        return l;
    }

    private static Label muted(String s) {
        Label l = new Label(s);
        l.getStyleClass().add("muted");
        l.setWrapText(true);
        return l;
    }
}
