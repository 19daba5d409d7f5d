package org.tracejudge.ui.calibration;

import java.util.List;
import java.util.Locale;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.control.cell.PropertyValueFactory;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.tracejudge.calibration.Corrected;
import org.tracejudge.calibration.CorrectedRates;
import org.tracejudge.calibration.Diagnostics;
import org.tracejudge.calibration.Recommended;
import org.tracejudge.ui.common.ShortNames;

/**
 * The Calibration tab: how far to trust one judge. Its diagnostics against the human gold (accuracy, κ, AC1, and per
 * label sensitivity, precision and the trust verdict), and with a calibration sample the rates per model corrected for
 * its errors beside the judge-only ones. Draws what {@link CalibrationViewModel} computed; nothing is read here.
 */
public final class CalibrationView extends VBox {
    private final ComboBox<String> judge = new ComboBox<>();
    private final Label status = new Label();
    private final Label summary = new Label();
    private final TableView<LabelRow> perLabel = new TableView<>();
    private final javafx.scene.layout.GridPane confusion = new javafx.scene.layout.GridPane();
    private final CalibrationViewModel vm;
    private Runnable afterFilter = () -> {};
    private final Label sample = new Label();
    private final TableView<RateRow> rates = new TableView<>();
    private final Label rateWhy = new Label();
    private boolean filling;
    /** Gold traces before κ and AC1 are shown. */
    static final int MIN_FOR_KAPPA = 10;

    /** One label's line of the diagnostics (public for the table's property lookup). */
    public record LabelRow(String label, int gold, String sensitivity, String precision, String trust) {
        public String getLabel() {
            return label;
        }

        public int getGold() {
            return gold;
        }

        public String getSensitivity() {
            return sensitivity;
        }

        public String getPrecision() {
            return precision;
        }

        public String getTrust() {
            return trust;
        }
    }

    /**
     * One model's rate: the recommended figure (its value and name), judge only, gold only (n), Rogan-Gladen, PPI++
     * (the recommended one marked ●), and why that one is recommended.
     */
    public record RateRow(
            String model,
            String rate,
            String recommended,
            String judgeOnly,
            String goldOnly,
            String roganGladen,
            String ppi,
            String reason) {
        public String getRecommended() {
            return recommended;
        }

        public String getModel() {
            return model;
        }

        public String getRate() {
            return rate;
        }

        public String getJudgeOnly() {
            return judgeOnly;
        }

        public String getGoldOnly() {
            return goldOnly;
        }

        public String getRoganGladen() {
            return roganGladen;
        }

        public String getPpi() {
            return ppi;
        }
    }

    public CalibrationView(CalibrationViewModel vm) {
        this.vm = vm;
        setId("calibrationView");
        setSpacing(6);
        setPadding(new Insets(8));
        judge.setId("calibrationJudge");
        judge.setOnAction(e -> {
            if (!filling && judge.getValue() != null) {
                vm.choose(judge.getValue());
            }
        });
        Label title = new Label("Judge:");
        HBox top = new HBox(8, title, judge, status);
        top.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        status.setId("calibrationStatus");
        status.getStyleClass().add("muted");
        summary.setId("calibrationSummary");
        summary.setWrapText(true);
        summary.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE); // wrapped whole, never elided
        perLabel.setId("calibrationPerLabel");
        // the verdict beside its label: at the end it sat past the right edge of the side pane (680 px of columns in
        // some 420) and only focus mode showed it (issue 48); the intervals come after it
        perLabel.getColumns().add(col("label", "label", 130));
        perLabel.getColumns().add(col("trust", "trust", 170));
        perLabel.getColumns().add(col("gold", "gold", 50));
        perLabel.getColumns().add(col("sensitivity [95% CI]", "sensitivity", 150));
        perLabel.getColumns().add(col("precision [95% CI]", "precision", 150));
        perLabel.setPrefHeight(170);
        perLabel.setMinHeight(140); // with the matrix below, the tab scrolls rather than squash the table
        perLabel.setPlaceholder(new Label("No gold yet"));
        sample.setId("calibrationSample");
        sample.setWrapText(true);
        sample.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        rates.setId("calibrationRates");
        // model, rate and the recommended figure (over its estimator's name) fit the side pane at 1280×800; the
        // other estimates follow, a scroll away
        rates.getColumns().add(col("model", "model", 140));
        rates.getColumns().add(col("rate", "rate", 70));
        TableColumn<RateRow, Object> best = col("recommended", "recommended", 146);
        best.setCellFactory(c -> new javafx.scene.control.TableCell<>() {
            @Override
            protected void updateItem(Object item, boolean empty) {
                super.updateItem(item, empty);
                RateRow row =
                        empty || getTableRow() == null ? null : getTableRow().getItem();
                setText(empty || item == null ? null : item.toString());
                setTooltip(row == null ? null : new Tooltip(row.reason()));
            }
        });
        rates.getColumns().add(best);
        rates.getColumns().add(col("judge only", "judgeOnly", 160));
        rates.getColumns().add(col("gold only (n)", "goldOnly", 190));
        rates.getColumns().add(col("Rogan-Gladen", "roganGladen", 160));
        rates.getColumns().add(col("PPI++ (λ)", "ppi", 200));
        rates.setPlaceholder(new Label("No calibration sample"));
        // a row chosen: why its recommended figure is the one to trust (the others are the row's other columns)
        rateWhy.setId("calibrationRateWhy");
        rateWhy.setWrapText(true);
        rateWhy.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        rates.getSelectionModel().selectedItemProperty().addListener((o, a, r) -> rateWhy.setText(whyOf(r)));
        VBox.setVgrow(rates, Priority.ALWAYS);
        rates.setMinHeight(220);
        Label ratesTitle = new Label("Rates corrected for the judge's errors, in % with 95% intervals");
        ratesTitle.setWrapText(true);
        ratesTitle.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        ratesTitle.getStyleClass().add("section-title");
        confusion.setId("calibrationConfusion");
        confusion.setHgap(2);
        confusion.setVgap(2);
        Label confusionTitle = new Label("Judge × gold: a cell shows its traces in the table");
        confusionTitle.getStyleClass().add("section-title");
        confusionTitle.visibleProperty().bind(javafx.beans.binding.Bindings.isNotEmpty(confusion.getChildren()));
        confusionTitle.managedProperty().bind(confusionTitle.visibleProperty());
        getChildren()
                .addAll(
                        top,
                        drawBar(vm),
                        summary,
                        perLabel,
                        confusionTitle,
                        confusion,
                        ratesTitle,
                        sample,
                        rateWhy,
                        rates);
        vm.stateProperty().addListener((o, a, s) -> draw(s));
        draw(vm.stateProperty().get());
    }

    private static <T> TableColumn<T, Object> col(String title, String property, double width) {
        TableColumn<T, Object> c = new TableColumn<>(title);
        c.setCellValueFactory(new PropertyValueFactory<>(property));
        c.setPrefWidth(width);
        c.setSortable(false);
        return c;
    }

    private void draw(CalibrationViewModel.State s) {
        filling = true;
        try {
            if (s == null) {
                judge.getItems().clear();
                status.setText("reading…");
                summary.setText("");
                perLabel.getItems().clear();
                rates.getItems().clear();
                sample.setText("");
                return;
            }
            judge.getItems().setAll(s.judges());
            judge.setValue(s.judge());
            status.setText(s.stale() ? "updating…" : "current");
            Diagnostics.Result d = s.diagnostics();
            if (s.problem() != null) {
                summary.setText(s.problem());
            } else if (d == null || d.n() == 0) {
                summary.setText("No gold trace has a label of " + s.judge() + " yet.");
            } else if (d.n() < MIN_FOR_KAPPA) {
                // κ and AC1 of a handful of traces swing between -1 and 1: not shown until they mean something
                summary.setText(String.format(
                        Locale.ROOT,
                        "Against %d gold trace%s: accuracy %s; κ and AC1 from %d gold " + "traces on.",
                        d.n(),
                        d.n() == 1 ? "" : "s",
                        cell(d.accuracy()),
                        MIN_FOR_KAPPA));
            } else {
                summary.setText(String.format(
                        Locale.ROOT,
                        "Against %d gold traces%s: accuracy %s   Cohen's κ %s   " + "Gwet's AC1 %s%s",
                        d.n(),
                        s.gold().disagreed() > 0
                                ? " (" + s.gold().disagreed() + " where people disagree left out)"
                                : "",
                        cell(d.accuracy()),
                        num(d.kappa()),
                        num(d.ac1()),
                        d.kappa() != null && d.ac1() != null && Math.abs(d.kappa() - d.ac1()) > 0.2
                                ? " — κ and AC1 differ: one label dominates"
                                : ""));
            }
            perLabel.getItems().clear();
            if (d != null && d.n() > 0) {
                for (Diagnostics.LabelFigures f : d.perLabel()) {
                    perLabel.getItems()
                            .add(new LabelRow(
                                    f.label(),
                                    f.goldCount(),
                                    cell(f.sensitivity()),
                                    cell(f.precision()),
                                    switch (f.trust()) {
                                        case TRUSTED -> "trusted";
                                        case NOT_TRUSTED -> "not trusted";
                                        case NOT_YET -> "not yet (~" + f.moreGold() + " more gold)";
                                    }));
                }
            }
            drawConfusion(s.judge(), d);
            sample.setText(s.sampleNote());
            int chosen = rates.getSelectionModel().getSelectedIndex();
            rates.getItems().clear();
            if (s.corrected() != null) {
                for (CorrectedRates.Row r : s.corrected().rows()) {
                    if (r.judged() == 0) {
                        continue;
                    }
                    Recommended best = s.corrected().recommended(r);
                    java.util.function.Function<Recommended.Which, String> mark = w -> w == best.which() ? "● " : "";
                    rates.getItems()
                            .add(new RateRow(
                                    r.model(),
                                    r.rate().name(),
                                    pct(best.estimate()) + "\n" + best.which().title(),
                                    mark.apply(Recommended.Which.JUDGE_ONLY) + pct(r.judgeOnly()),
                                    mark.apply(Recommended.Which.GOLD_ONLY) + pct(r.goldOnly()) + " (" + r.gold() + ")",
                                    pct(r.roganGladen()),
                                    mark.apply(Recommended.Which.PPI)
                                            + pct(r.ppi())
                                            + (r.ppi().lambda() == null
                                                    ? ""
                                                    : String.format(
                                                            Locale.ROOT,
                                                            " (%.2f)",
                                                            r.ppi().lambda())),
                                    best.which().title() + ", because " + best.reason() + "."));
                }
            }
            if (chosen >= 0 && chosen < rates.getItems().size()) {
                rates.getSelectionModel().select(chosen);
            }
            rateWhy.setText(whyOf(rates.getSelectionModel().getSelectedItem()));
        } finally {
            filling = false;
        }
    }

    /**
     * The review queue's sampling modes: a design, how many (the batch for until-precise), a seed and a name, and for
     * until-precise the wanted half-width of the corrected CTUR's interval; Draw stores the sample, each trace with why
     * it was drawn, and the table then lists the calibration samples' traces.
     */
    private javafx.scene.Node drawBar(CalibrationViewModel vm) {
        ComboBox<org.tracejudge.calibration.SamplingDesign> design = new ComboBox<>();
        design.setId("calibrationDesign");
        design.getItems().setAll(org.tracejudge.calibration.SamplingDesign.values());
        design.setValue(org.tracejudge.calibration.SamplingDesign.UNIFORM);
        design.setConverter(new javafx.util.StringConverter<>() {
            @Override
            public String toString(org.tracejudge.calibration.SamplingDesign d) {
                return d == null ? "" : d.code();
            }

            @Override
            public org.tracejudge.calibration.SamplingDesign fromString(String s) {
                return org.tracejudge.calibration.SamplingDesign.of(s);
            }
        });
        javafx.scene.control.TextField n = field("calibrationN", "40", 4);
        javafx.scene.control.TextField seed = field("calibrationSeed", "1", 4);
        javafx.scene.control.TextField name = field("calibrationName", "calibration", 9);
        javafx.scene.control.TextField width = field("calibrationHalfWidth", "0.05", 4);
        Label nLabel = new Label("n");
        Label widthLabel = new Label("CTUR half-width ≤");
        design.valueProperty().addListener((o, a, d) -> {
            boolean precise = d == org.tracejudge.calibration.SamplingDesign.UNTIL_PRECISE;
            nLabel.setText(precise ? "batch" : "n");
            widthLabel.setVisible(precise);
            widthLabel.setManaged(precise);
            width.setVisible(precise);
            width.setManaged(precise);
            String was = name.getText();
            if (was.equals("calibration")
                    || java.util.Arrays.stream(org.tracejudge.calibration.SamplingDesign.values())
                            .anyMatch(x -> x.code().equals(was))) {
                name.setText(d.probability() ? (precise ? "until-precise" : "calibration") : d.code());
            }
        });
        widthLabel.setVisible(false);
        widthLabel.setManaged(false);
        width.setVisible(false);
        width.setManaged(false);
        Button draw = new Button("Draw");
        draw.setId("calibrationDraw");
        Label status = new Label();
        status.setId("calibrationDrawStatus");
        status.setWrapText(true);
        status.getStyleClass().add("muted");
        status.textProperty().bind(vm.drawStatusProperty());
        draw.setOnAction(e -> {
            try {
                vm.draw(
                        design.getValue(),
                        name.getText().strip(),
                        Integer.parseInt(n.getText().strip()),
                        Long.parseLong(seed.getText().strip()),
                        Double.parseDouble(width.getText().strip()));
            } catch (NumberFormatException ex) {
                status.textProperty().unbind();
                status.setText("n, seed and half-width are numbers: " + ex.getMessage());
                status.textProperty().bind(vm.drawStatusProperty());
            }
        });
        Tooltip.install(
                design,
                new Tooltip("uniform / stratified (by model) / until-precise: probability samples whose "
                        + "gold corrects rates; disagreement / uncertainty: hard traces for the diagnostics only"));
        // wraps in a narrow side panel
        javafx.scene.layout.FlowPane bar = new javafx.scene.layout.FlowPane(
                6,
                4,
                new Label("Draw a sample:"),
                design,
                nLabel,
                n,
                new Label("seed"),
                seed,
                new Label("name"),
                name,
                widthLabel,
                width,
                draw);
        bar.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        Label why = new Label();
        why.setId("calibrationWhy");
        why.setWrapText(true);
        why.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        why.getStyleClass().add("muted");
        why.textProperty().bind(vm.currentWhyProperty());
        return new VBox(2, bar, status, why);
    }

    private static javafx.scene.control.TextField field(String id, String text, int columns) {
        javafx.scene.control.TextField f = new javafx.scene.control.TextField(text);
        f.setId(id);
        f.setPrefColumnCount(columns);
        return f;
    }

    /** What runs after a confusion cell filtered the table (the window moves the focus to the table). */
    public void onFiltered(Runnable r) {
        afterFilter = r == null ? () -> {} : r;
    }

    /**
     * The confusion matrix, judge label down and gold label across, each cell a button with its count: pressing it
     * (or Enter / Space on it) filters the trace table to those traces, as the agreement panel's cells do.
     */
    private void drawConfusion(String judgeName, Diagnostics.Result d) {
        confusion.getChildren().clear();
        if (d == null || d.n() == 0) {
            return;
        }
        Label corner = new Label("judge ↓  gold →");
        corner.getStyleClass().add("muted");
        corner.setTooltip(new Tooltip("rows: what " + judgeName + " said; columns: the human gold"));
        confusion.add(corner, 0, 0);
        List<String> labels = d.labels();
        for (int j = 0; j < labels.size(); j++) {
            Label h = new Label(ShortNames.label(labels.get(j)));
            h.setTooltip(new Tooltip(labels.get(j)));
            confusion.add(h, j + 1, 0);
        }
        for (int i = 0; i < labels.size(); i++) {
            Label h = new Label(ShortNames.label(labels.get(i)));
            h.setTooltip(new Tooltip(labels.get(i)));
            confusion.add(h, 0, i + 1);
            for (int j = 0; j < labels.size(); j++) {
                String judged = labels.get(i);
                String gold = labels.get(j);
                int count = d.matrix()[i][j];
                Button cell = new Button(String.valueOf(count));
                cell.setId("calCell-" + judged + "-" + gold);
                cell.getStyleClass().addAll("confusion-cell", i == j ? "confusion-agree" : "confusion-disagree");
                cell.setMinWidth(3.2 * javafx.scene.text.Font.getDefault().getSize());
                cell.setMaxWidth(Double.MAX_VALUE);
                cell.setTooltip(new Tooltip(count + " trace" + (count == 1 ? "" : "s") + ": " + judgeName + " said "
                        + judged + ", the gold is " + gold + (count > 0 ? " — press to show them in the table" : "")));
                cell.setAccessibleText(cell.getTooltip().getText());
                org.tracejudge.ui.common.ConfusionCell.reachable(cell);
                cell.setOnAction(e -> {
                    if (vm.filterToCell(judged, gold)) {
                        afterFilter.run(); // the table, with the cell's traces, takes the focus: the review keys work
                    }
                });
                confusion.add(cell, j + 1, i + 1);
            }
        }
    }

    /** The line above the rates: how to read them, or the chosen row's reason. */
    private static String whyOf(RateRow r) {
        return r == null
                ? "● marks the figure recommended for each rate (the recommended column); choose a row to see why."
                : r.model() + ", " + r.rate() + ": recommended " + r.reason();
    }

    private static String pct(Corrected.Estimate e) {
        return e.defined()
                ? String.format(Locale.ROOT, "%.1f [%.1f, %.1f]", 100 * e.value(), 100 * e.ci95()[0], 100 * e.ci95()[1])
                : "n/a";
    }

    private static String cell(Diagnostics.Rate r) {
        return r.value() == null
                ? "n/a"
                : String.format(Locale.ROOT, "%.2f [%.2f, %.2f]", r.value(), r.ci95()[0], r.ci95()[1]);
    }

    private static String num(Double d) {
        return d == null ? "n/a" : String.format(Locale.ROOT, "%.3f", d);
    }

    /** The wrapped content, for a tab. */
    public ScrollPane scrolled() {
        ScrollPane sp = new ScrollPane(this);
        sp.setFitToWidth(true);
        sp.setFitToHeight(true);
        return sp;
    }
}
