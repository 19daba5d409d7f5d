package org.tracejudge.ui.metrics;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.chart.CategoryAxis;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.StackedBarChart;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import javafx.stage.FileChooser;
import javafx.stage.Stage;
import javafx.stage.Window;
import javax.imageio.ImageIO;
import org.tracejudge.metrics.Dashboard;
import org.tracejudge.metrics.MetricsFormat;
import org.tracejudge.metrics.SourceMetrics;
import org.tracejudge.ui.session.Session;

/**
 * The metrics dashboard, a window of its own (it fits a second screen): the leaderboard of failure-mode rates
 * per model with 95% Wilson intervals for a chosen label source, the failure profile (CTUR against UTR per
 * model) and the failure modes stacked per model; the table exports as CSV (clipboard) or Markdown, the charts
 * as PNG. The source {@code corrected} shows the rates corrected with a calibration sample's gold (PPI++), the
 * judge-only and gold-only rates under each, and the profile's arrows from judge-only to corrected with the
 * corrected intervals. Computed by {@link MetricsViewModel} in the background for every source at once, so
 * switching is instant; Refresh (F5) re-reads it after decisions.
 */
public final class MetricsWindow {
    static final List<String> BOARD = List.of("TSR", "CTUR", "RIR", "OFR", "UTR", "CTRL_Acc");
    static final List<String> STACKED = List.of("TSR", "CTUR", "RIR", "OFR");

    private final MetricsViewModel model;
    private final Stage stage = new Stage();
    private final ComboBox<String> source = new ComboBox<>();
    private final ComboBox<String> judge = new ComboBox<>();
    private final Label cellDetail = new Label();
    private final TableView<MetricsViewModel.BoardRow> board = new TableView<>();
    private final ProfileChart profile;
    private final StackedBarChart<String, Number> modes;
    private final VBox charts;
    private final Label note = new Label();
    private final ReadOnlyObjectWrapper<Dashboard> dashboard = new ReadOnlyObjectWrapper<>();
    private boolean filling;
    private final SelectionView selection;
    private final TabPane tabs = new TabPane();
    private final Tab selectionTab;
    private final QuestionMetricsView questions;
    private final Tab questionsTab;

    public MetricsWindow(Window owner, Session vm) {
        this.model = new MetricsViewModel(vm);
        stage.initOwner(owner);
        stage.setTitle("Metrics — " + vm.state().titleProperty().get().replace("Tracejudge — ", ""));

        source.setId("metricsSource");
        source.setItems(model.sources());
        source.setOnAction(e -> {
            if (!filling && source.getValue() != null) {
                model.choose(source.getValue());
            }
        });
        // the corrected source's judge (the ensemble, a judge, the rule…), as the Calibration tab chooses it
        judge.setId("metricsJudge");
        judge.setItems(model.judges());
        judge.setAccessibleText("Judge whose rates are corrected");
        judge.setOnAction(e -> {
            if (!filling && judge.getValue() != null) {
                model.chooseJudge(judge.getValue());
            }
        });
        Label judgeLabel = new Label("Judge");
        judgeLabel.setLabelFor(judge);
        judgeLabel.visibleProperty().bind(judge.visibleProperty());
        judgeLabel.managedProperty().bind(judge.visibleProperty());
        judge.managedProperty().bind(judge.visibleProperty());
        judge.setVisible(false);
        Button refresh = new Button("Refresh");
        refresh.setId("metricsRefresh");
        refresh.setOnAction(e -> load());
        Button csv = new Button("Copy table as CSV");
        csv.setId("metricsCopyCsv");
        csv.setOnAction(e -> copyCsv());
        Button md = new Button("Save table as Markdown…");
        md.setOnAction(e -> chooseAndSave("Markdown", "*.md", this::saveMarkdown));
        Button png = new Button("Save charts as PNG…");
        png.setOnAction(e -> chooseAndSave("PNG image", "*.png", this::saveChartsPng));
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox bar = new HBox(8, new Label("Label source"), source, judgeLabel, judge, refresh, gap, csv, md, png);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(8));
        bar.getStyleClass().add("filter-bar");

        board.setId("leaderboard");
        board.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        Label empty = new Label();
        empty.setWrapText(true);
        empty.setPadding(new Insets(12));
        empty.textProperty().bind(model.placeholderProperty());
        board.setPlaceholder(empty);
        TableColumn<MetricsViewModel.BoardRow, String> name = new TableColumn<>("Model");
        name.setCellValueFactory(c -> new SimpleStringProperty(c.getValue().model()));
        name.setPrefWidth(200);
        name.setSortable(false); // the rows come ranked (by corrected CTUR for the corrected source)
        TableColumn<MetricsViewModel.BoardRow, String> n = new TableColumn<>("n");
        n.setCellValueFactory(c -> new SimpleStringProperty(c.getValue().n()));
        n.setPrefWidth(110); // "12,345 / 6,789" without being cut
        n.setMinWidth(90);
        n.setGraphic(null);
        Label nHead = new Label("n");
        Tooltip nTip = new Tooltip();
        nTip.textProperty().bind(model.nMeaningProperty());
        nHead.setTooltip(nTip);
        n.setText(null);
        n.setGraphic(nHead);
        board.getColumns().add(name);
        board.getColumns().add(n);
        for (String rate : BOARD) {
            TableColumn<MetricsViewModel.BoardRow, String> col = new TableColumn<>();
            Label head = new Label(MetricsFormat.display(rate));
            head.setTooltip(new Tooltip(MEANING.get(rate)));
            head.setAccessibleText(MetricsFormat.display(rate) + ": " + MEANING.get(rate));
            col.setGraphic(head);
            col.setUserData(rate);
            col.setCellValueFactory(
                    c -> new SimpleStringProperty(c.getValue().cell(rate).text()));
            col.setComparator(MetricsWindow::comparePercent);
            col.setCellFactory(c -> new RateCell(rate, this::showCellDetail));
            col.setPrefWidth(84);
            board.getColumns().add(col);
        }

        NumberAxis x = new NumberAxis(0, 100, 10);
        // the rates as the spec defines them (shared/spec/rules-and-metrics.md): CTUR = correct / tool-required,
        // UTR = unnecessary_tool_use / control
        x.setLabel("CTUR: clean tool use, % of tool-required traces (higher is better)");
        x.setAccessibleText("CTUR, the clean tool-use rate: tool called and its result used correctly");
        NumberAxis y = new NumberAxis(0, 100, 10);
        y.setLabel("UTR: needless tool use (%)");
        y.setAccessibleText("UTR, the unnecessary tool-use rate: a tool called on a control task");
        profile = new ProfileChart(x, y);
        profile.setId("failureProfile");
        profile.setTitle("Failure profile per model");
        profile.setLegendVisible(false);
        profile.setAnimated(false);

        CategoryAxis models = new CategoryAxis();
        NumberAxis pct = new NumberAxis(0, 100, 20);
        pct.setLabel("% of tool-required traces");
        modes = new StackedBarChart<>(models, pct);
        modes.setId("failureModes");
        modes.setTitle("Failure modes per model");
        modes.setAnimated(false);

        charts = new VBox(profile, modes);
        VBox.setVgrow(profile, Priority.ALWAYS);
        VBox.setVgrow(modes, Priority.ALWAYS);
        SplitPane split = new SplitPane(board, charts);
        split.setOrientation(Orientation.HORIZONTAL);
        split.setDividerPositions(0.6);

        note.setId("metricsNote");
        note.setWrapText(true);
        note.setPadding(new Insets(4, 8, 6, 8));
        note.getStyleClass().add("row-count");

        Label glossary = new Label(GLOSSARY);
        glossary.setId("metricsGlossary");
        glossary.setWrapText(true);
        glossary.setMinHeight(Region.USE_PREF_SIZE);
        glossary.setPadding(new Insets(0, 8, 6, 8));
        glossary.getStyleClass().add("muted");
        // a corrected cell clicked: why its figure is the one recommended, and the other figures of that rate
        cellDetail.setId("metricsCellDetail");
        cellDetail.setWrapText(true);
        cellDetail.setMinHeight(Region.USE_PREF_SIZE);
        cellDetail.setPadding(new Insets(0, 8, 6, 8));
        cellDetail.managedProperty().bind(cellDetail.visibleProperty());
        cellDetail.setVisible(false);
        BorderPane failures = new BorderPane(split, bar, null, new VBox(note, cellDetail, glossary), null);
        selection = new SelectionView(new SelectionViewModel(vm));
        Tab failureTab = new Tab("Failure modes", failures);
        failureTab.setId("failureModesTab");
        selectionTab = new Tab("Tool selection (NLT study)", selection.node());
        selectionTab.setId("selectionTab");
        // a project with its own scheme: per question, how often each option was chosen (issue 49)
        questions = new QuestionMetricsView(new QuestionMetricsViewModel(vm));
        questionsTab = new Tab("Questions", questions.node());
        questionsTab.setId("questionsTab");
        tabs.getTabs().setAll(failureTab, selectionTab);
        questionsModel().questionsProperty().addListener((o, a, q) -> {
            boolean has = !q.isEmpty();
            if (has && !tabs.getTabs().contains(questionsTab)) {
                tabs.getTabs().add(questionsTab);
                Dashboard d = dashboard.get();
                // a project judged under its own scheme only opens on its questions
                if (d != null
                        && d.bySource().values().stream()
                                .allMatch(m -> m.models().isEmpty())) {
                    tabs.getSelectionModel().select(questionsTab);
                }
            } else if (!has) {
                tabs.getTabs().remove(questionsTab);
            }
        });
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        // a project of tool-selection runs only (an NLT study) opens on its study
        selection.model().reportProperty().addListener((o, a, r) -> {
            Dashboard d = dashboard.get();
            if (r != null
                    && r.trials() > 0
                    && (d == null
                            || d.bySource().values().stream()
                                    .allMatch(m -> m.models().isEmpty()))) {
                showSelection();
            }
        });
        BorderPane root = new BorderPane(tabs);
        Scene scene = new Scene(root, 1280, 760);
        scene.getStylesheets().addAll(owner.getScene().getStylesheets());
        scene.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.F5) {
                load();
            } else if (e.getCode() == KeyCode.ESCAPE) {
                stage.close();
            }
        });
        stage.setScene(scene);
        wire();
    }

    public Stage stage() {
        return stage;
    }

    /** Under the table: a clicked corrected cell's recommendation and every figure of its rate ("" clears it). */
    private void showCellDetail(MetricsViewModel.BoardRow row, String rate) {
        String text = model.correctedShown() && row != null && rate != null
                ? row.model() + ", " + MetricsFormat.display(rate) + ": "
                        + row.cell(rate).why()
                : "";
        cellDetail.setText(text);
        cellDetail.setVisible(!text.isEmpty());
    }

    /** The detail line under the table (empty and hidden until a corrected cell is clicked). */
    Label cellDetail() {
        return cellDetail;
    }

    /** What each rate counts (shared/spec/rules-and-metrics.md), for the column headers' tooltips. */
    static final java.util.Map<String, String> MEANING = java.util.Map.of(
            "TSR", "Tool skip rate: tool-required traces answered without calling the tool",
            "CTUR", "Clean tool-use rate: tool-required traces where the tool was called and its result used correctly",
            "RIR", "Result ignore rate: the tool was called but the answer does not follow its result",
            "OFR", "Output fabrication rate: the answer asserts values the tool result does not contain",
            "UTR", "Unnecessary tool-use rate: control traces where a tool was called though none was needed",
            "CTRL_Acc", "Control accuracy: control traces answered correctly without a tool");

    static final String GLOSSARY =
            "TSR tool skipped · CTUR clean tool use (called, result used correctly) · RIR result "
                    + "ignored · OFR output fabricated — each a % of the tool-required traces with a label from this source; "
                    + "with a source's own labels the four add up to 100 (corrected rates are estimated one by one and need not). UTR tool called needlessly on a control task · CTRL-Acc control task answered correctly "
                    + "(% of control traces). Hover a column header for more.";

    /** The figures on show (null while reading). */
    public ReadOnlyObjectProperty<Dashboard> dashboardProperty() {
        return dashboard.getReadOnlyProperty();
    }

    /** The dashboard's view model. */
    public MetricsViewModel model() {
        return model;
    }

    private void wire() {
        note.textProperty().bind(model.noteProperty());
        model.loadedProperty().addListener((o, a, l) -> dashboard.set(l == null ? null : l.dashboard()));
        model.shownVersionProperty().addListener((o, a, b) -> show());
    }

    public void open() {
        stage.show();
        stage.toFront();
        load();
    }

    /** Reads every source's figures in the background, keeping the chosen source when it still exists. */
    public void load() {
        model.load();
        selection.model().load();
        questions.model().load();
    }

    /** The Questions tab's view (a project with a scheme of its own). */
    public QuestionMetricsView questionsView() {
        return questions;
    }

    private QuestionMetricsViewModel questionsModel() {
        return questions.model();
    }

    /** Shows the Questions tab, when the project has a scheme of its own. */
    public void showQuestions() {
        if (tabs.getTabs().contains(questionsTab)) {
            tabs.getSelectionModel().select(questionsTab);
        }
    }

    /** The tool-selection study view (its own tab). */
    public SelectionView selectionView() {
        return selection;
    }

    /** Whether the tool-selection study tab is on show. */
    public boolean selectionShown() {
        return tabs.getSelectionModel().getSelectedItem() == selectionTab;
    }

    /** Shows the tool-selection study tab. */
    public void showSelection() {
        tabs.getSelectionModel().select(selectionTab);
    }

    /** The chosen source's metrics, or null (also while the corrected rates are on show). */
    public SourceMetrics shown() {
        return model.shown();
    }

    /** Draws what the view model holds. */
    private void show() {
        filling = true;
        try {
            source.setValue(model.sourceProperty().get());
            judge.setValue(model.judgeProperty().get());
            judge.setVisible(model.correctedShown() && !model.judges().isEmpty());
        } finally {
            filling = false;
        }
        board.getItems().setAll(model.rows());
        showCellDetail(null, null);
        List<ProfileChart.Arrow> arrows = new java.util.ArrayList<>();
        for (MetricsViewModel.Point pt : model.points()) {
            if (pt.arrow()) {
                arrows.add(new ProfileChart.Arrow(pt));
            }
        }
        profile.points(model.points());
        profile.arrows(arrows);
        List<XYChart.Series<String, Number>> stacks = new java.util.ArrayList<>();
        for (MetricsViewModel.Bars b : model.bars()) {
            XYChart.Series<String, Number> series = new XYChart.Series<>();
            series.setName(MetricsFormat.display(b.rate()));
            for (int i = 0; i < b.models().size(); i++) {
                series.getData()
                        .add(new XYChart.Data<>(b.models().get(i), b.percents().get(i)));
            }
            stacks.add(series);
        }
        modes.getData().setAll(stacks);
        // the corrected four need not add up to 100 (the note says so)
        modes.setTitle(model.correctedShown() ? "Failure modes per model, corrected" : "Failure modes per model");
        profile.setTitle(
                model.correctedShown() ? "Judge only ○ → corrected ● (95% intervals)" : "Failure profile per model");
    }

    /**
     * The rate in bold over its interval in small grey type (and, for the corrected source, the judge-only and
     * gold-only rates under them); the cell's text (for copying and tests) is the rate and its interval.
     */
    private static final class RateCell extends javafx.scene.control.TableCell<MetricsViewModel.BoardRow, String> {
        private final String rate;
        private final Text value = new Text();
        private final Text interval = new Text();
        private final Text beside = new Text();
        private final VBox box = new VBox(0, value, interval, beside);
        private final Tooltip why = new Tooltip();

        RateCell(String rate, java.util.function.BiConsumer<MetricsViewModel.BoardRow, String> clicked) {
            this.rate = rate;
            setOnMouseClicked(e -> {
                if (!isEmpty() && getTableRow() != null) {
                    clicked.accept(getTableRow().getItem(), rate);
                }
            });
            value.getStyleClass().add("rate-value");
            interval.getStyleClass().add("rate-interval");
            beside.getStyleClass().add("rate-interval");
            setContentDisplay(javafx.scene.control.ContentDisplay.GRAPHIC_ONLY);
        }

        @Override
        protected void updateItem(String item, boolean empty) {
            super.updateItem(item, empty);
            if (empty || item == null) {
                setText(null);
                setGraphic(null);
                return;
            }
            setText(item);
            int space = item.indexOf(' ');
            value.setText(space < 0 ? item : item.substring(0, space));
            interval.setText(space < 0 ? "" : item.substring(space + 1));
            MetricsViewModel.BoardRow row =
                    getTableRow() == null ? null : getTableRow().getItem();
            MetricsViewModel.Cell c = row == null ? null : row.cell(rate);
            String more = c == null ? "" : c.beside();
            beside.setText(more);
            beside.setVisible(!more.isEmpty());
            beside.setManaged(!more.isEmpty());
            why.setText(c == null ? "" : c.why());
            setTooltip(c == null || c.why().isEmpty() ? null : why);
            setGraphic(box);
        }
    }

    private static int comparePercent(String a, String b) {
        return Double.compare(leading(a), leading(b));
    }

    private static double leading(String cell) {
        if (cell == null || cell.startsWith("n/a")) {
            return -1;
        }
        int space = cell.indexOf(' ');
        return Double.parseDouble(space < 0 ? cell : cell.substring(0, space));
    }

    // ------------------------------------------------------------------------------------ export

    /** Puts the shown source's table on the clipboard as CSV; returns it. */
    public String copyCsv() {
        String text = model.csv();
        if (text == null) {
            return null;
        }
        ClipboardContent c = new ClipboardContent();
        c.putString(text);
        Clipboard.getSystemClipboard().setContent(c);
        model.say("Copied the " + model.sourceProperty().get() + " table as CSV ("
                + model.rows().size() + " models).");
        return text;
    }

    private interface Saver {
        void save(Path file) throws IOException;
    }

    private void chooseAndSave(String kind, String pattern, Saver saver) {
        FileChooser fc = new FileChooser();
        fc.setTitle("Save " + kind);
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter(kind, pattern));
        fc.setInitialFileName("metrics-" + (source.getValue() == null ? "" : source.getValue()) + pattern.substring(1));
        java.io.File f = fc.showSaveDialog(stage);
        if (f == null) {
            return;
        }
        try {
            saver.save(f.toPath());
            model.say("Saved " + f);
        } catch (IOException e) {
            model.say("Could not save " + f + ": " + e.getMessage());
        }
    }

    /** Writes the shown source's table as Markdown (atomically). */
    public void saveMarkdown(Path file) throws IOException {
        SourceMetrics s = shown();
        if (s == null) {
            throw new IOException(
                    model.correctedShown()
                            ? "the corrected rates are copied as CSV (Copy table as CSV); "
                                    + "Markdown is for the label sources"
                            : "nothing to save yet");
        }
        Dashboard d = dashboard.get();
        writeAtomically(file, MetricsFormat.markdown(s, d.judgeNames(), null).getBytes(StandardCharsets.UTF_8));
    }

    /** Writes both charts, as drawn, to one PNG (atomically). */
    public void saveChartsPng(Path file) throws IOException {
        writeAtomically(file, png(charts));
    }

    /** A node as drawn, as PNG bytes. */
    static byte[] png(Node node) throws IOException {
        WritableImage shot = node.snapshot(null, null);
        int w = (int) shot.getWidth();
        int h = (int) shot.getHeight();
        BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB);
        PixelReader px = shot.getPixelReader();
        int[] line = new int[w];
        for (int row = 0; row < h; row++) {
            px.getPixels(0, row, w, 1, javafx.scene.image.PixelFormat.getIntArgbInstance(), line, 0, w);
            img.setRGB(0, row, w, 1, line, 0, w);
        }
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        ImageIO.write(img, "png", bytes);
        return bytes.toByteArray();
    }

    static void writeAtomically(Path file, byte[] content) throws IOException {
        org.tracejudge.output.OutputFile.write(file, tmp -> {
            Files.write(tmp, content);
            return null;
        });
    }
}
