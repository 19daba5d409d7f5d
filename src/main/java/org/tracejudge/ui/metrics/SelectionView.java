package org.tracejudge.ui.metrics;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javafx.beans.property.SimpleStringProperty;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.shape.Circle;
import javafx.scene.shape.Line;
import javafx.scene.shape.Polygon;
import javafx.scene.shape.Rectangle;
import javafx.scene.text.Text;
import javafx.stage.FileChooser;
import javafx.stage.Window;
import org.tracejudge.selection.SelectionPlot;
import org.tracejudge.selection.SelectionReportFormat;
import org.tracejudge.selection.SelectionStudy;
import org.tracejudge.selection.SelectionStudy.Group;
import org.tracejudge.selection.SelectionStudy.Variance;

/**
 * The tool-selection study in the metrics dashboard (issue 25): per model and approach (overall, by scenario, by
 * condition) trials, exact-match accuracy with its 95% Wilson interval, the chosen variance with its definition
 * written under the table, tokens per trial; NLT − structured per model with McNemar's test; the headline means;
 * and the accuracy-vs-variance plot with a structured → NLT arrow per model. The table copies as CSV or saves as
 * Markdown; the plot saves as PNG (as drawn) or SVG.
 */
public final class SelectionView {
    private final SelectionViewModel model;
    private final BorderPane root = new BorderPane();
    private final TableView<Group> table = new TableView<>();
    private final TableView<SelectionStudy.Difference> diffs = new TableView<>();
    private final TableView<SelectionStudy.ToolFigure> tools = new TableView<>();
    private final ArrowPlot plot = new ArrowPlot();

    public SelectionView(SelectionViewModel model) {
        this.model = model;
        ComboBox<Variance> variance = new ComboBox<>();
        variance.setId("selectionVariance");
        variance.getItems().setAll(Variance.values());
        variance.setConverter(new javafx.util.StringConverter<>() {
            @Override
            public String toString(Variance v) {
                return v == null
                        ? ""
                        : switch (v) {
                            case REPLICATION -> "across replications";
                            case WITHIN -> "within cells";
                            case ACROSS -> "across cells";
                        };
            }

            @Override
            public Variance fromString(String s) {
                return null;
            }
        });
        variance.valueProperty().bindBidirectional(model.varianceProperty());
        ComboBox<SelectionViewModel.Slice> slice = new ComboBox<>();
        slice.setId("selectionSlice");
        slice.getItems().setAll(SelectionViewModel.Slice.values());
        slice.valueProperty().bindBidirectional(model.sliceProperty());
        Button csv = new Button("Copy table as CSV");
        csv.setId("selectionCopyCsv");
        csv.setOnAction(e -> copyCsv());
        Button md = new Button("Save table as Markdown…");
        md.setOnAction(e -> choose(
                "Markdown",
                "*.md",
                "selection.md",
                f -> MetricsWindow.writeAtomically(f, model.markdown().getBytes(StandardCharsets.UTF_8))));
        Button png = new Button("Save plot as PNG…");
        png.setOnAction(e -> choose("PNG image", "*.png", "selection-plot.png", this::savePlotPng));
        Button svg = new Button("Save plot as SVG…");
        svg.setOnAction(e -> choose("SVG image", "*.svg", "selection-plot.svg", this::savePlotSvg));
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox bar = new HBox(8, new Label("Variance"), variance, new Label("Rows"), slice, gap, csv, md, png, svg);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(8));
        bar.getStyleClass().add("filter-bar");

        table.setId("selectionTable");
        table.setPlaceholder(new Label("No tool-selection runs yet: import a scenario file and its runs."));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.getColumns().add(column("Model", 110, g -> g.model()));
        table.getColumns().add(column("Approach", 76, g -> g.approach()));
        table.getColumns().add(column("Slice", 140, SelectionReportFormat::slice));
        table.getColumns().add(column("Trials", 52, g -> String.valueOf(g.trials())));
        table.getColumns()
                .add(column(
                        "Acc. % [95% CI]",
                        140,
                        g -> String.format(
                                Locale.ROOT,
                                "%.1f [%.1f–%.1f]",
                                100 * g.accuracy(),
                                100 * g.ciLow(),
                                100 * g.ciHigh())));
        TableColumn<Group, String> var = column(
                "Variance",
                120,
                g -> SelectionReportFormat.var(
                        g.variance(model.varianceProperty().get())));
        var.setId("selectionVarianceColumn");
        table.getColumns().add(var);
        table.getColumns()
                .add(column(
                        "Tokens in/out/total",
                        130,
                        g -> SelectionReportFormat.tok(g.meanInput()) + " / "
                                + SelectionReportFormat.tok(g.meanOutput()) + " / "
                                + SelectionReportFormat.tok(g.meanTotal())));
        table.setItems(model.rows());
        model.varianceProperty().addListener((o, a, b) -> {
            var.setText("Variance (" + b.key + ")");
            table.refresh();
        });
        var.setText("Variance (" + model.varianceProperty().get().key + ")");

        diffs.setId("selectionDifferences");
        diffs.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        diffs.setPlaceholder(new Label("No model has both approaches."));
        diffs.getColumns().add(column("Model", 130, d -> d.model()));
        diffs.getColumns().add(column("Pairs", 50, d -> String.valueOf(d.pairs())));
        diffs.getColumns()
                .add(column(
                        "NLT − structured (pp)",
                        130,
                        d -> Double.isFinite(d.difference())
                                ? String.format(Locale.ROOT, "%+.1f", 100 * d.difference())
                                : "n/a"));
        diffs.getColumns()
                .add(column("NLT only / structured only", 150, d -> d.nltOnly() + " / " + d.structuredOnly()));
        diffs.getColumns()
                .add(column(
                        "McNemar p",
                        120,
                        d -> String.format(
                                        Locale.ROOT,
                                        d.test().pValue() < 1e-4 ? "%.2e" : "%.4f",
                                        d.test().pValue())
                                + (d.test().method().startsWith("exact") ? " (exact)" : "")));
        diffs.setItems(model.differences());
        diffs.setTooltip(new Tooltip("Trials paired by scenario, input, condition and replication"));

        plot.setId("selectionPlot");
        model.arrows().addListener((ListChangeListener<SelectionPlot.Arrow>) c -> plot.requestLayout());
        model.varianceProperty().addListener((o, a, b) -> plot.requestLayout());

        Label definition = new Label();
        definition.setId("selectionDefinition");
        definition.setWrapText(true);
        definition.setMinHeight(Region.USE_PREF_SIZE);
        definition.setPadding(new Insets(0, 6, 0, 6));
        definition.textProperty().bind(model.definitionProperty());
        Label headline = new Label();
        headline.setId("selectionHeadline");
        headline.setWrapText(true);
        headline.setMinHeight(Region.USE_PREF_SIZE);
        headline.setStyle("-fx-font-weight: bold");
        headline.textProperty().bind(model.headlineProperty());
        Label status = new Label();
        status.setId("selectionStatus");
        status.setWrapText(true);
        status.getStyleClass().add("row-count");
        status.textProperty().bind(model.statusProperty());

        tools.setId("selectionTools");
        tools.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        tools.setPlaceholder(new Label("No scenario tools."));
        tools.getColumns().add(column("Scenario", 70, t -> t.scenario()));
        tools.getColumns().add(column("Tool", 180, t -> t.tool() + (t.safetyCritical() ? " ⚠" : "")));
        tools.getColumns().add(column("Approach", 70, t -> t.approach()));
        tools.getColumns().add(column("Condition", 80, t -> t.condition().isEmpty() ? "(none)" : t.condition()));
        tools.getColumns().add(column("Expected", 60, t -> String.valueOf(t.expectedYes())));
        tools.getColumns().add(column("Recall", 60, t -> SelectionReportFormat.frac(t.recall())));
        tools.getColumns().add(column("Missed", 56, t -> String.valueOf(t.missed())));
        tools.getColumns().add(column("Precision", 64, t -> SelectionReportFormat.frac(t.precision())));
        tools.setItems(model.tools());
        tools.setTooltip(
                new Tooltip("Against the expected set; an unparseable selection fires no tool. ⚠ = safety-critical"));
        Tab diffTab = new Tab("NLT − structured", diffs);
        Tab toolTab = new Tab("Per tool (safety-critical first)", tools);
        toolTab.setId("selectionToolsTab");
        TabPane lower = new TabPane(diffTab, toolTab);
        lower.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        lower.setPrefHeight(190);
        VBox left = new VBox(4, table, definition, lower);
        VBox.setVgrow(table, Priority.ALWAYS);
        left.setPadding(new Insets(0, 0, 0, 0));
        SplitPane split = new SplitPane(left, plot);
        split.setOrientation(Orientation.HORIZONTAL);
        split.setDividerPositions(0.62);
        VBox bottom = new VBox(2, headline, status);
        bottom.setPadding(new Insets(4, 8, 6, 8));
        root.setTop(bar);
        root.setCenter(split);
        root.setBottom(bottom);
    }

    public Node node() {
        return root;
    }

    public SelectionViewModel model() {
        return model;
    }

    /** The plot node (its PNG is what {@link #savePlotPng} writes). */
    public Region plot() {
        return plot;
    }

    private static <T> TableColumn<T, String> column(
            String name, double width, java.util.function.Function<T, String> f) {
        TableColumn<T, String> c = new TableColumn<>(name);
        c.setCellValueFactory(x -> new SimpleStringProperty(f.apply(x.getValue())));
        c.setPrefWidth(width);
        return c;
    }

    public String copyCsv() {
        String text = model.csv();
        if (text == null) {
            return null;
        }
        ClipboardContent c = new ClipboardContent();
        c.putString(text);
        Clipboard.getSystemClipboard().setContent(c);
        model.setStatus("Copied the study table as CSV.");
        return text;
    }

    public void savePlotPng(Path file) throws IOException {
        MetricsWindow.writeAtomically(file, MetricsWindow.png(plot));
    }

    public void savePlotSvg(Path file) throws IOException {
        String svg = model.svg();
        if (svg == null) {
            throw new IOException("nothing to save yet");
        }
        MetricsWindow.writeAtomically(file, svg.getBytes(StandardCharsets.UTF_8));
    }

    private interface Saver {
        void save(Path file) throws IOException;
    }

    private void choose(String kind, String pattern, String name, Saver saver) {
        if (model.reportProperty().get() == null) {
            model.setStatus("Nothing to save yet.");
            return;
        }
        FileChooser fc = new FileChooser();
        fc.setTitle("Save " + kind);
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter(kind, pattern));
        fc.setInitialFileName(name);
        Window w = root.getScene() == null ? null : root.getScene().getWindow();
        File f = fc.showSaveDialog(w);
        if (f == null) {
            return;
        }
        try {
            saver.save(f.toPath());
            model.setStatus("Saved " + f);
        } catch (IOException e) {
            model.setStatus("Could not save " + f + ": " + e.getMessage());
        }
    }

    /**
     * Accuracy (x) against variance (y): an orange dot per model for structured, a green one for NLT, an arrow
     * between them, the model's name by its NLT dot. Laid out from {@link SelectionPlot#axes} like the SVG.
     */
    private final class ArrowPlot extends Region {
        ArrowPlot() {
            setMinSize(300, 240);
            setPrefSize(520, 420);
            setStyle("-fx-background-color: white");
        }

        @Override
        protected void layoutChildren() {
            getChildren().clear();
            List<SelectionPlot.Arrow> arrows = List.copyOf(model.arrows());
            SelectionPlot.Axes ax = SelectionPlot.axes(arrows);
            double w = getWidth();
            double h = getHeight();
            double left = 70;
            double right = 20;
            double top = 40;
            double bottom = 50;
            double pw = Math.max(10, w - left - right);
            double ph = Math.max(10, h - top - bottom);
            Text title = new Text("Accuracy vs variance: structured → NLT per model");
            title.setStyle("-fx-font-size: 14px");
            title.setX(left);
            title.setY(22);
            getChildren().add(title);
            for (double x = ax.xMin(); x <= ax.xMax() + 1e-9; x += ax.xStep()) {
                double px = left + (x - ax.xMin()) / (ax.xMax() - ax.xMin()) * pw;
                Line g = new Line(px, top, px, top + ph);
                g.setStroke(Color.gray(0.87));
                Text t = new Text(px - 8, top + ph + 16, String.format(Locale.ROOT, "%.0f", x));
                getChildren().addAll(g, t);
            }
            int decimals = Math.max(0, (int) Math.ceil(-Math.log10(ax.yStep())));
            for (double y = ax.yMin(); y <= ax.yMax() + ax.yStep() / 1e6; y += ax.yStep()) {
                double py = top + ph - (y - ax.yMin()) / (ax.yMax() - ax.yMin()) * ph;
                Line g = new Line(left, py, left + pw, py);
                g.setStroke(Color.gray(0.87));
                Text t = new Text(String.format(Locale.ROOT, "%." + decimals + "f", y));
                t.setX(left - 6 - t.getLayoutBounds().getWidth());
                t.setY(py + 4);
                getChildren().addAll(g, t);
            }
            Rectangle frame = new Rectangle(left, top, pw, ph);
            frame.setFill(null);
            frame.setStroke(Color.gray(0.55));
            Text xLabel = new Text(left + pw / 2 - 80, h - 12, "Exact-match accuracy (%)");
            Text yLabel = new Text("Variance (" + model.varianceProperty().get().key + ")");
            yLabel.setRotate(-90);
            yLabel.setX(18 - yLabel.getLayoutBounds().getWidth() / 2);
            yLabel.setY(top + ph / 2);
            getChildren().addAll(frame, xLabel, yLabel);
            Color st = Color.web("#d95f02");
            Color nl = Color.web("#1b9e77");
            for (SelectionPlot.Arrow a : arrows) {
                double sx = left + (a.structuredAccuracy() - ax.xMin()) / (ax.xMax() - ax.xMin()) * pw;
                double sy = top + ph - a.structuredVariance() / ax.yMax() * ph;
                double nx = left + (a.nltAccuracy() - ax.xMin()) / (ax.xMax() - ax.xMin()) * pw;
                double ny = top + ph - a.nltVariance() / ax.yMax() * ph;
                double len = Math.hypot(nx - sx, ny - sy);
                if (len > 12) {
                    double ux = (nx - sx) / len;
                    double uy = (ny - sy) / len;
                    double ex = nx - 6 * ux;
                    double ey = ny - 6 * uy;
                    Line l = new Line(sx + 5 * ux, sy + 5 * uy, ex, ey);
                    l.setStroke(Color.gray(0.27));
                    l.setStrokeWidth(1.5);
                    Polygon head = new Polygon(
                            ex,
                            ey,
                            ex - 9 * ux + 4 * uy,
                            ey - 9 * uy - 4 * ux,
                            ex - 9 * ux - 4 * uy,
                            ey - 9 * uy + 4 * ux);
                    head.setFill(Color.gray(0.27));
                    getChildren().addAll(l, head);
                }
                Circle s = new Circle(sx, sy, 5, st);
                Circle n = new Circle(nx, ny, 5, nl);
                s.getStyleClass().add("selection-structured");
                n.getStyleClass().add("selection-nlt");
                String tip = String.format(
                        Locale.ROOT,
                        "%s%nstructured %.1f%%, variance %.4f%nNLT %.1f%%, variance %.4f",
                        a.model(),
                        a.structuredAccuracy(),
                        a.structuredVariance(),
                        a.nltAccuracy(),
                        a.nltVariance());
                Tooltip.install(s, new Tooltip(tip));
                Tooltip.install(n, new Tooltip(tip));
                Text name = new Text(nx + 8, ny - 6, a.model());
                if (nx + 8 + name.getLayoutBounds().getWidth() > left + pw) { // keep the name inside the plot
                    name.setX(nx - 8 - name.getLayoutBounds().getWidth());
                }
                getChildren().addAll(s, n, name);
            }
            Circle ls = new Circle(left + pw - 90, top + 14, 5, st);
            Text lst = new Text(left + pw - 80, top + 18, "structured");
            Circle ln = new Circle(left + pw - 90, top + 32, 5, nl);
            Text lnt = new Text(left + pw - 80, top + 36, "NLT");
            getChildren().addAll(ls, lst, ln, lnt);
        }
    }
}
