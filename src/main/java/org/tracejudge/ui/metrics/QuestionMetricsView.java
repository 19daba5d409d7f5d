package org.tracejudge.ui.metrics;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.beans.property.SimpleStringProperty;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.tracejudge.metrics.QuestionMetrics;
import org.tracejudge.scheme.Outcomes;

/**
 * The dashboard's Questions tab (issue 49): a question picker (Alt+Q) and a rater picker (Alt+R) over a table of,
 * per rater and model, how many items were answered and each option's share with its 95% Wilson interval.
 */
public final class QuestionMetricsView {
    /** One table row: a rater's figures for one model. */
    public record Row(String rater, String model, int answered, List<QuestionMetrics.Cell> cells) {}

    private final QuestionMetricsViewModel vm;
    private final ComboBox<String> picker = new ComboBox<>();
    private final ComboBox<String> raterPicker = new ComboBox<>();
    private final Label heading = new Label();
    private final TableView<Row> table = new TableView<>();
    private final BorderPane root = new BorderPane();
    private final Label empty = new Label();
    private boolean filling;

    public QuestionMetricsView(QuestionMetricsViewModel vm) {
        this.vm = vm;
        picker.setId("metricsQuestion");
        picker.setAccessibleText("The question of the project's scheme whose answers are counted");
        picker.setOnAction(e -> {
            if (!filling) {
                vm.choose(picker.getValue());
            }
        });
        raterPicker.setId("metricsQuestionRater");
        raterPicker.setAccessibleText("Whose answers: every rater, or one");
        raterPicker.setOnAction(e -> {
            if (!filling) {
                vm.chooseRater(raterPicker.getValue());
            }
        });
        Label q = new Label("_Question");
        q.setMnemonicParsing(true);
        q.setLabelFor(picker);
        q.setMinWidth(Region.USE_PREF_SIZE);
        Label r = new Label("_Rater");
        r.setMnemonicParsing(true);
        r.setLabelFor(raterPicker);
        r.setMinWidth(Region.USE_PREF_SIZE);
        HBox bar = new HBox(8, q, picker, r, raterPicker);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(8));
        bar.getStyleClass().add("filter-bar");
        heading.setId("metricsQuestionHeading");
        heading.setWrapText(true);
        heading.setMinHeight(Region.USE_PREF_SIZE);
        heading.setPadding(new Insets(0, 8, 6, 8));
        table.setId("questionMetrics");
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        empty.setText(NO_QUESTION);
        empty.setWrapText(true);
        empty.setPadding(new Insets(12));
        table.setPlaceholder(empty);
        Label legend =
                new Label("Each cell: the share of the rater's answered items (traces; tool decisions for yes/no "
                        + "per tool) that chose the option, in %, with its 95% Wilson interval. A multiple-choice or span answer "
                        + "may choose several options, so a row need not add up to 100.");
        legend.setWrapText(true);
        legend.setMinHeight(Region.USE_PREF_SIZE);
        legend.setPadding(new Insets(6, 8, 6, 8));
        legend.getStyleClass().add("muted");
        root.setTop(new VBox(bar, heading));
        root.setCenter(table);
        root.setBottom(legend);
        vm.questionsProperty().addListener((o, a, b) -> sync());
        vm.chosenProperty().addListener((o, a, b) -> sync());
        vm.ratersProperty().addListener((o, a, b) -> sync());
        vm.raterProperty().addListener((o, a, b) -> draw());
        vm.figuresProperty().addListener((o, a, b) -> draw());
        vm.statusProperty().addListener((o, a, s) -> {
            if (!s.isEmpty()) {
                heading.setText(s);
            }
        });
        sync();
        draw();
    }

    private static final String NO_QUESTION = "No question yet: a project with a scheme of its own (tracejudge scheme "
            + "P --set FILE) shows here, per question, how often each option was chosen.";

    public QuestionMetricsViewModel model() {
        return vm;
    }

    public BorderPane node() {
        return root;
    }

    public ComboBox<String> picker() {
        return picker;
    }

    public ComboBox<String> raterPicker() {
        return raterPicker;
    }

    public TableView<Row> table() {
        return table;
    }

    private void sync() {
        filling = true;
        try {
            if (!picker.getItems().equals(vm.questionsProperty().get())) {
                picker.getItems().setAll(vm.questionsProperty().get());
            }
            picker.setValue(vm.chosenProperty().get());
            if (!raterPicker.getItems().equals(vm.ratersProperty().get())) {
                raterPicker.getItems().setAll(vm.ratersProperty().get());
            }
            raterPicker.setValue(vm.raterProperty().get());
            picker.setDisable(vm.questionsProperty().get().isEmpty());
            raterPicker.setDisable(vm.questionsProperty().get().isEmpty());
        } finally {
            filling = false;
        }
    }

    private void draw() {
        sync();
        QuestionMetricsViewModel.Figures f = vm.figuresProperty().get();
        if (f == null) {
            heading.setText(vm.chosenProperty().get() == null ? "" : "Reading…");
            table.getColumns().clear();
            table.getItems().clear();
            return;
        }
        empty.setText(f.note() == null ? "" : f.note() + " Pick another question (Alt+Q).");
        heading.setText(f.question().key() + " (" + f.question().kind().words() + ", scheme version " + f.version()
                + "): " + f.question().prompt() + (f.note() == null ? "" : " — " + f.note()));
        List<String> options = Outcomes.categories(f.question());
        List<TableColumn<Row, String>> cols = new ArrayList<>();
        cols.add(col("Rater", 140, Row::rater));
        cols.add(col("Model", 180, Row::model));
        cols.add(col("n", 60, x -> String.format(Locale.ROOT, "%,d", x.answered())));
        for (int i = 0; i < options.size(); i++) {
            int k = i;
            TableColumn<Row, String> c = col(
                    Outcomes.label(f.question(), options.get(i)),
                    150,
                    x -> share(x.cells().get(k)));
            Label h = new Label(c.getText());
            h.setTooltip(new Tooltip(options.get(i) + ": the share of answers that chose it, 95% interval"));
            c.setGraphic(h);
            c.setText(null);
            cols.add(c);
        }
        table.getColumns().setAll(cols);
        List<Row> rows = new ArrayList<>();
        for (QuestionMetrics.RaterRows rr : vm.shownRows()) {
            for (QuestionMetrics.ModelRow m : rr.models()) {
                rows.add(new Row(rr.rater(), m.model(), m.answered(), m.cells()));
            }
        }
        table.getItems().setAll(rows);
    }

    private static String share(QuestionMetrics.Cell c) {
        return c.share() == null
                ? "n/a"
                : String.format(
                        Locale.ROOT, "%.1f [%.1f, %.1f]", 100 * c.share(), 100 * c.ci95()[0], 100 * c.ci95()[1]);
    }

    private static TableColumn<Row, String> col(
            String title, double width, java.util.function.Function<Row, String> f) {
        TableColumn<Row, String> c = new TableColumn<>(title);
        c.setCellValueFactory(x -> new SimpleStringProperty(f.apply(x.getValue())));
        c.setPrefWidth(width);
        c.setSortable(false);
        return c;
    }
}
