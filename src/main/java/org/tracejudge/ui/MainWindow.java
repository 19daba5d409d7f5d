package org.tracejudge.ui;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.TextInputDialog;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Stage;
import org.tracejudge.agreement.AgreementReport;
import org.tracejudge.agreement.LiveSnapshot;
import org.tracejudge.settings.Settings;
import org.tracejudge.ui.agreement.AgreementPanel;
import org.tracejudge.ui.judges.JudgeRunWindow;
import org.tracejudge.ui.metrics.MetricsWindow;
import org.tracejudge.ui.table.TraceTableView;
import org.tracejudge.ui.trace.TraceView;
import org.tracejudge.ui.welcome.ImportPane;
import org.tracejudge.ui.welcome.WelcomeView;

/**
 * The window: menu bar; the start page or the workbench (trace table and live agreement on the left, the
 * trace view on the right); import progress; status bar. Review keys are handled here, before any control
 * sees them (except while typing in a text field).
 */
public final class MainWindow {
    /** The review keys, for the shortcuts sheet and the menu. */
    static final List<String[]> SHORTCUTS = List.of(
            new String[] {"Enter", "Accept the proposed label (in blind mode after deciding: next trace)"},
            new String[] {"1 – 6", "Override with that label of the task's label set"},
            new String[] {"R", "Write a rationale for the current trace (Enter saves, Esc leaves)"},
            new String[] {"J / ↓", "Next trace"},
            new String[] {"K / ↑", "Previous trace"},
            new String[] {"S", "Skip: next trace without deciding (skipped traces come back at the end of the queue)"},
            new String[] {"Ctrl+Z", "Undo your last decision"},
            new String[] {"Ctrl+F", "Search message and answer text"},
            new String[] {"Ctrl+B", "Blind mode on/off (machine labels hidden until you decide)"},
            new String[] {"Ctrl+O / Ctrl+I", "Open a project / import files"},
            new String[] {"Ctrl+M", "Metrics dashboard (F5 refreshes it)"},
            new String[] {"Ctrl+J", "Run a judge (local or remote model)"},
            new String[] {"Ctrl+Shift+L", "Safety review of the Lantern sample (its own window and shortcuts)"},
            new String[] {"?", "This sheet"});

    private final Stage stage;
    private final ViewModels vm;
    private final BorderPane root = new BorderPane();
    private final StackPane center = new StackPane();
    private final WelcomeView welcome;
    private final SplitPane workbench;
    private final SplitPane left;
    private final TraceTableView tableView;
    private final TraceView traceView;
    private final AgreementPanel agreementPanel;
    private final Scene scene;
    private MetricsWindow metricsWindow;
    private JudgeRunWindow judgeWindow;
    /** Set by the R key: the KEY_TYPED event that follows it is dropped. */
    private boolean swallowTyped;

    public MainWindow(Stage stage, ViewModels vm) {
        this.stage = stage;
        this.vm = vm;
        tableView = new TraceTableView(vm.table());
        traceView = new TraceView(vm.trace(), vm.decisions());
        traceView.decisionGate(this::withAnnotator);
        agreementPanel = new AgreementPanel(vm.agreement());
        agreementPanel.onFiltered(() -> tableView.table().requestFocus());
        // blind mode: the agreement (with the machine raters' kappas) is hidden too
        agreementPanel.visibleProperty().bind(vm.session().blindProperty().not());
        left = new SplitPane(tableView, agreementPanel);
        left.setOrientation(Orientation.VERTICAL);
        workbench = new SplitPane(left, traceView);
        workbench.setId("workbench");
        welcome = new WelcomeView(vm.session(), new WelcomeView.Actions(
                () -> vm.session().open(null), this::chooseProject, this::chooseNewProject, this::chooseImport,
                p -> vm.session().open(p), this::importDropped));
        welcome.onSafetySample(this::openSafetySample);
        center.getChildren().setAll(welcome);
        root.setTop(menu());
        root.setCenter(center);
        root.setBottom(new VBox(new ImportPane(vm.imports()), statusBar()));
        scene = new Scene(root, 1280, 800);
        scene.getStylesheets().add(MainWindow.class.getResource("workbench.css").toExternalForm());
        scene.addEventFilter(KeyEvent.KEY_PRESSED, this::key);
        scene.addEventFilter(KeyEvent.KEY_TYPED, e -> {
            // the character of the R that moved the focus into the rationale must not land in it (the safety
            // window does the same)
            if (swallowTyped) {
                swallowTyped = false;
                e.consume();
                return;
            }
            if ("?".equals(e.getCharacter()) && !(scene.getFocusOwner() instanceof TextInputControl)) {
                showShortcuts();
                e.consume();
            }
        });
        root.setOnDragOver(e -> {
            if (e.getDragboard().hasFiles()) {
                e.acceptTransferModes(TransferMode.COPY);
            }
        });
        root.setOnDragDropped(e -> {
            if (e.getDragboard().hasFiles()) {
                importDropped(e.getDragboard().getFiles().stream().map(File::toPath).toList());
                e.setDropCompleted(true);
            }
        });
        vm.session().openProperty().addListener((o, a, b) -> {
            if (b) {
                showWorkbench();
            }
        });
        // the workbench appears (empty, "Reading the project…") as soon as opening starts: its controls are
        // styled and laid out while the project is read, not after
        vm.session().openingProperty().addListener((o, a, b) -> {
            if (b) {
                showWorkbench();
            } else if (!vm.session().openProperty().get()) {
                showWelcome();
            }
        });
        vm.session().integrityProblemProperty().addListener((o, a, problem) -> {
            if (problem != null) {
                Alert alert = new Alert(Alert.AlertType.ERROR, problem
                        + "\n\nYou can still read it, but nothing more is saved into this file.", ButtonType.OK);
                alert.setHeaderText("The project file is damaged");
                alert.initOwner(stage);
                alert.show();
            }
        });
        stage.titleProperty().bind(vm.session().titleProperty());
        for (int size : new int[] {16, 32, 48, 64, 128, 256}) {
            var icon = MainWindow.class.getResourceAsStream("icons/tracejudge-" + size + ".png");
            if (icon != null) {
                stage.getIcons().add(new javafx.scene.image.Image(icon));
            }
        }
        stage.setScene(scene);
        stage.setMinWidth(760);
        stage.setMinHeight(500);
        restoreLayout();
        stage.setOnHiding(e -> saveLayout());
    }

    private org.tracejudge.ui.safety.SafetyReviewView safetyView;
    private org.tracejudge.ui.safety.SafetyReviewModel safetyModel;

    /** Opens the bundled safety sample in its own window; its content warning comes first. */
    public void openSafetySample() {
        if (safetyModel != null) {
            return;
        }
        safetyModel = new org.tracejudge.ui.safety.SafetyReviewModel();
        // the expert is the workbench annotator; switching expert in the safety window changes it
        safetyView = new org.tracejudge.ui.safety.SafetyReviewView(safetyModel,
                org.tracejudge.safety.Expert.workbench(vm.session().annotatorProperty().get()), vm.decisions()::setAnnotator);
        javafx.stage.Stage s = new javafx.stage.Stage();
        s.setTitle("Safety review — sample (invented conversations)");
        Scene sc = new Scene(safetyView, 1240, 760);
        sc.getStylesheets().add(MainWindow.class.getResource("workbench.css").toExternalForm());
        s.setScene(sc);
        s.setOnHidden(e -> {
            safetyModel.close();
            safetyModel = null;
            safetyView = null;
        });
        s.show();
        safetyModel.load(org.tracejudge.sample.SafetySample::open).whenComplete((loaded, err) ->
                javafx.application.Platform.runLater(() -> {
                    if (err != null) {
                        safetyView.setCenter(new javafx.scene.control.Label("Cannot open the safety sample: " + err.getMessage()));
                    } else {
                        safetyView.show(loaded);
                    }
                }));
    }

    public org.tracejudge.ui.safety.SafetyReviewView safetyView() {
        return safetyView;
    }

    public org.tracejudge.ui.safety.SafetyReviewModel safetyModel() {
        return safetyModel;
    }

    public Scene scene() {
        return scene;
    }

    public TraceTableView tableView() {
        return tableView;
    }

    public TraceView traceView() {
        return traceView;
    }

    public AgreementPanel agreementPanel() {
        return agreementPanel;
    }

    public void showWelcome() {
        welcome.refresh(vm.session());
        welcome.onSafetySample(this::openSafetySample);
        center.getChildren().setAll(welcome);
    }

    public void showWorkbench() {
        center.getChildren().setAll(workbench);
        // review keys work at once: the focus starts in the table, not in the search box
        javafx.application.Platform.runLater(() -> tableView.table().requestFocus());
    }

    // ------------------------------------------------------------------------------------ keys

    private void key(KeyEvent e) {
        swallowTyped = false;
        if (new KeyCodeCombination(KeyCode.F, KeyCombination.SHORTCUT_DOWN).match(e)) {
            tableView.searchField().requestFocus();
            e.consume();
            return;
        }
        if (scene.getFocusOwner() instanceof TextInputControl t) {
            if (e.getCode() == KeyCode.ESCAPE) {
                workbench.requestFocus();
                e.consume();
            }
            return;
        }
        if (center.getChildren().get(0) != workbench || !reviewFocus()) {
            return;
        }
        if (new KeyCodeCombination(KeyCode.Z, KeyCombination.SHORTCUT_DOWN).match(e)) {
            vm.decisions().undo();
            e.consume();
            return;
        }
        if (e.isShortcutDown() || e.isAltDown()) {
            return;
        }
        KeyCode k = e.getCode();
        boolean handled = true;
        switch (k) {
            case ENTER -> withAnnotator(vm.decisions()::accept);
            case J, DOWN -> vm.table().next();
            case K, UP -> vm.table().previous();
            case S -> vm.table().skip();
            case R -> {
                swallowTyped = true;
                traceView.rationaleField().requestFocus();
            }
            default -> {
                int n = digit(k);
                if (n > 0) {
                    withAnnotator(() -> vm.decisions().overrideWithKey(n));
                } else {
                    handled = false;
                }
            }
        }
        if (handled) {
            e.consume();
        }
    }

    /**
     * Review keys act only where reviewing happens: the table, the trace view (not its trees, lists, combo boxes
     * or text fields: ↓ in the JSON tree moves in the tree) or nowhere in particular (after Esc).
     */
    private boolean reviewFocus() {
        javafx.scene.Node f = scene.getFocusOwner();
        if (f == null || f == workbench || f == root) {
            return true;
        }
        if (f instanceof javafx.scene.control.TreeView<?> || f instanceof javafx.scene.control.TreeTableView<?>
                || f instanceof javafx.scene.control.ListView<?> || f instanceof javafx.scene.control.ComboBoxBase<?>
                || f instanceof javafx.scene.control.ChoiceBox<?> || f instanceof javafx.scene.control.Spinner<?>
                || f instanceof javafx.scene.control.Slider) {
            return false;
        }
        for (javafx.scene.Node n = f; n != null; n = n.getParent()) {
            if (n == tableView.table() || n == traceView) {
                return true;
            }
        }
        return false;
    }

    private static int digit(KeyCode k) {
        if (k.isDigitKey()) {
            String name = k.getName();
            char c = name.charAt(name.length() - 1);
            return Character.isDigit(c) ? c - '0' : -1;
        }
        return -1;
    }

    /** Runs a decision, asking for the annotator's name first if it was never given. */
    private void withAnnotator(java.util.function.BooleanSupplier decision) {
        if (vm.session().annotatorProperty().get() != null) {
            decision.getAsBoolean();
            return;
        }
        // the decision runs once the annotator's column is there (the name re-reads the columns)
        String name = askName();
        if (name != null) {
            vm.decisions().setAnnotator(name, decision::getAsBoolean);
        }
    }

    /** Asks for the annotator's name; null when cancelled or blank. */
    private String askName() {
        TextInputDialog d = new TextInputDialog(Optional.ofNullable(vm.session().annotatorProperty().get())
                .orElse(System.getProperty("user.name", "")));
        d.initOwner(stage);
        d.setTitle("Your name");
        d.setHeaderText("Every decision is recorded with the annotator's name.");
        d.setContentText("Name:");
        d.getEditor().setId("annotatorName");
        Optional<String> name = d.showAndWait();
        return name.isEmpty() || name.get().isBlank() ? null : name.get();
    }

    /** Asks for the annotator's name; false when cancelled. */
    boolean askAnnotator() {
        String name = askName();
        if (name == null) {
            return false;
        }
        vm.decisions().setAnnotator(name);
        return true;
    }

    // ------------------------------------------------------------------------------------ menu

    private MenuBar menu() {
        MenuItem start = new MenuItem("Start page");
        start.setOnAction(e -> showWelcome());
        MenuItem sample = new MenuItem("Open sample project");
        sample.setOnAction(e -> vm.session().open(null));
        MenuItem open = new MenuItem("Open project…");
        open.setAccelerator(new KeyCodeCombination(KeyCode.O, KeyCombination.SHORTCUT_DOWN));
        open.setOnAction(e -> chooseProject());
        MenuItem create = new MenuItem("New project…");
        create.setOnAction(e -> chooseNewProject());
        MenuItem imp = new MenuItem("Import…");
        imp.setAccelerator(new KeyCodeCombination(KeyCode.I, KeyCombination.SHORTCUT_DOWN));
        imp.setOnAction(e -> chooseImport());
        MenuItem classify = new MenuItem("Classify…");
        classify.setId("classifyMenu");
        classify.setOnAction(e -> chooseClassify());
        MenuItem export = new MenuItem("Export…");
        export.setId("exportMenu");
        export.setAccelerator(new KeyCodeCombination(KeyCode.E, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN));
        export.setOnAction(e -> chooseExport());
        for (MenuItem m : List.of(classify, export)) {
            m.disableProperty().bind(vm.session().openProperty().not().or(vm.imports().importingProperty()));
        }
        MenuItem quit = new MenuItem("Quit");
        quit.setAccelerator(new KeyCodeCombination(KeyCode.Q, KeyCombination.SHORTCUT_DOWN));
        quit.setOnAction(e -> stage.close());
        Menu file = new Menu("File", null, start, sample, open, create, new SeparatorMenuItem(), imp,
                classify, export, new SeparatorMenuItem(), teamMenu(), new SeparatorMenuItem(), quit);

        MenuItem accept = new MenuItem("Accept proposed label   Enter");
        accept.setOnAction(e -> withAnnotator(vm.decisions()::accept));
        MenuItem next = new MenuItem("Next trace   J");
        next.setOnAction(e -> vm.table().next());
        MenuItem prev = new MenuItem("Previous trace   K");
        prev.setOnAction(e -> vm.table().previous());
        MenuItem skippedItem = new MenuItem("Review skipped traces");
        skippedItem.setId("reviewSkippedMenu");
        skippedItem.setOnAction(e -> vm.table().reviewSkipped());
        MenuItem undo = new MenuItem("Undo last decision   Ctrl+Z");
        undo.setOnAction(e -> vm.decisions().undo());
        CheckMenuItem blind = new CheckMenuItem("Blind mode");
        blind.setId("blindMenu");
        blind.setAccelerator(new KeyCodeCombination(KeyCode.B, KeyCombination.SHORTCUT_DOWN));
        blind.selectedProperty().bindBidirectional(vm.session().blindProperty());
        MenuItem name = new MenuItem("Annotator name…");
        name.setOnAction(e -> askAnnotator());
        MenuItem safety = new MenuItem("Safety review (Lantern sample)…");
        safety.setId("safetyMenu");
        safety.setAccelerator(new KeyCodeCombination(KeyCode.L, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN));
        safety.setOnAction(e -> openSafetySample());
        Menu review = new Menu("Review", null, accept, next, prev, skippedItem, undo, new SeparatorMenuItem(), blind, name,
                new SeparatorMenuItem(), safety);

        MenuItem metrics = new MenuItem("Metrics dashboard");
        metrics.setId("metricsMenu");
        metrics.setAccelerator(new KeyCodeCombination(KeyCode.M, KeyCombination.SHORTCUT_DOWN));
        metrics.setOnAction(e -> showMetrics());
        Menu view = new Menu("View", null, metrics);
        MenuItem runJudge = new MenuItem("Run a judge…");
        runJudge.setId("runJudgeMenu");
        runJudge.setAccelerator(new KeyCodeCombination(KeyCode.J, KeyCombination.SHORTCUT_DOWN));
        runJudge.setOnAction(e -> showJudgeRun());
        Menu judgesMenu = new Menu("Judges", null, runJudge);

        MenuItem keys = new MenuItem("Keyboard shortcuts   ?");
        keys.setOnAction(e -> showShortcuts());
        Menu help = new Menu("Help", null, keys);
        return new MenuBar(file, review, view, judgesMenu, help);
    }

    /** Opens the judge-run window for the open project (or brings the running one forward). */
    public JudgeRunWindow showJudgeRun() {
        if (!vm.session().openProperty().get()) {
            new Alert(Alert.AlertType.INFORMATION, "Open a project first: a judge labels its traces.",
                    ButtonType.OK).showAndWait();
            return null;
        }
        if (judgeWindow == null || !judgeWindow.stage().isShowing()) {
            judgeWindow = new JudgeRunWindow(stage, vm.judges());
            judgeWindow.open();
        } else {
            judgeWindow.stage().toFront();
        }
        return judgeWindow;
    }

    /** The judge-run window last opened (null before). */
    public JudgeRunWindow judgeRunWindow() {
        return judgeWindow;
    }

    /** The metrics dashboard last opened (null before). */
    public MetricsWindow metricsWindow() {
        return metricsWindow;
    }

    /** Opens (or brings forward and refreshes) the metrics dashboard of the open project. */
    public MetricsWindow showMetrics() {
        if (!vm.session().openProperty().get()) {
            new Alert(Alert.AlertType.INFORMATION, "Open a project first: the dashboard shows its figures.",
                    ButtonType.OK).showAndWait();
            return null;
        }
        if (metricsWindow == null || !metricsWindow.stage().isShowing()) {
            metricsWindow = new MetricsWindow(stage, vm.session());
        }
        metricsWindow.open();
        return metricsWindow;
    }

    /** The shortcuts sheet. */
    public Alert showShortcuts() {
        return ShortcutsSheet.show(scene, "shortcutsSheet", "Keyboard shortcuts", SHORTCUTS);
    }

    // ------------------------------------------------------------------------------------ files

    private void chooseProject() {
        FileChooser fc = new FileChooser();
        fc.setTitle("Open project");
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("Tracejudge projects", "*.tjdb"));
        File f = fc.showOpenDialog(stage);
        if (f != null) {
            vm.session().open(f.toPath());
        }
    }

    private boolean chooseNewProject() {
        FileChooser fc = new FileChooser();
        fc.setTitle("New project");
        fc.setInitialFileName("project.tjdb");
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("Tracejudge projects", "*.tjdb"));
        File f = fc.showSaveDialog(stage);
        if (f == null) {
            return false;
        }
        Path p = f.toPath();
        if (!p.getFileName().toString().endsWith(".tjdb")) {
            p = p.resolveSibling(p.getFileName() + ".tjdb");
        }
        vm.session().create(p);
        return true;
    }

    private void chooseImport() {
        if (vm.session().projectFile() == null && !chooseNewProject()) {
            return;
        }
        FileChooser fc = new FileChooser();
        fc.setTitle("Import into " + vm.session().titleProperty().get().replace("Tracejudge — ", ""));
        fc.getExtensionFilters().addAll(new FileChooser.ExtensionFilter("JSON and JSON Lines", "*.json", "*.jsonl"),
                new FileChooser.ExtensionFilter("All files", "*.*"));
        List<File> files = fc.showOpenMultipleDialog(stage);
        if (files != null && !files.isEmpty()) {
            importFiles(files.stream().map(File::toPath).toList());
        }
    }

    /** File ▸ Classify…: which rule (compat reproduces the published one), then the run in the background. */
    private void chooseClassify() {
        javafx.scene.control.ChoiceDialog<String> d = new javafx.scene.control.ChoiceDialog<>(
                "compat (the published rule, quirks included)", "compat (the published rule, quirks included)",
                "tolerant (numbers as numbers, whole tokens)");
        d.initOwner(stage);
        d.setTitle("Classify");
        d.setHeaderText("Run the rule classifier over every trace of the project; its labels go into the ledger.");
        d.setContentText("Rule:");
        d.showAndWait().ifPresent(choice -> vm.imports().classify(choice.startsWith("tolerant")
                ? org.tracejudge.rules.RuleClassifier.Mode.TOLERANT : org.tracejudge.rules.RuleClassifier.Mode.COMPAT));
    }

    /** File ▸ Export…: where to, then the export in the background. */
    private void chooseExport() {
        FileChooser fc = new FileChooser();
        fc.setTitle("Export the project");
        fc.setInitialFileName(vm.session().projectFile() == null ? "project.jsonl"
                : vm.session().projectFile().getFileName().toString().replaceAll("\\.tjdb$", "") + ".jsonl");
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("JSON Lines", "*.jsonl"));
        File f = fc.showSaveDialog(stage);
        if (f != null) {
            vm.imports().export(f.toPath());
        }
    }

    private void importDropped(List<Path> files) {
        if (files.size() == 1 && files.get(0).toString().endsWith(".tjdb")) {
            vm.session().open(files.get(0));
            return;
        }
        if (vm.session().projectFile() == null) {
            new Alert(Alert.AlertType.INFORMATION, "Open or create a project first; then drop files to import them.",
                    ButtonType.OK).show();
            return;
        }
        importFiles(files);
    }

    /** Imports into the open project in the background (same path as the Import… menu and drag and drop). */
    public void importFiles(List<Path> files) {
        vm.imports().importFiles(files);
    }

    /** File ▸ Team: join, sync now, status and progress (org.tracejudge.ui.team). */
    private Menu teamMenu() {
        MenuItem join = new MenuItem("Join…");
        join.setOnAction(e -> org.tracejudge.ui.team.TeamWindow.join(stage, vm.session()));
        MenuItem sync = new MenuItem("Sync now");
        sync.setId("teamSyncMenu");
        sync.setOnAction(e -> vm.session().syncTeamNow());
        MenuItem status = new MenuItem("Status and progress…");
        status.setId("teamStatusMenu");
        status.setOnAction(e -> {
            if (teamWindow == null) {
                teamWindow = new org.tracejudge.ui.team.TeamWindow(stage, vm.session());
            }
            teamWindow.show();
        });
        Menu team = new Menu("Team", null, join, sync, status);
        team.setId("teamMenu");
        return team;
    }

    private org.tracejudge.ui.team.TeamWindow teamWindow;

    // ------------------------------------------------------------------------------------ status, layout

    private HBox statusBar() {
        Label status = new Label();
        status.setId("statusText");
        status.textProperty().bind(vm.session().statusProperty());
        Label agreement = new Label();
        agreement.setId("agreementStatus");
        agreement.visibleProperty().bind(vm.session().blindProperty().not());
        agreement.textProperty().bind(Bindings.createStringBinding(() -> agreementLine(vm.agreement().agreementProperty().get()),
                vm.agreement().agreementProperty()));
        Label who = new Label();
        who.textProperty().bind(Bindings.createStringBinding(() -> {
            String a = vm.session().annotatorProperty().get();
            return (a == null ? "annotator: (not set)" : "annotator: " + a) + (vm.session().blindProperty().get() ? " · BLIND" : "");
        }, vm.session().annotatorProperty(), vm.session().blindProperty()));
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        Label team = new Label();
        team.setId("teamStatus");
        team.textProperty().bind(vm.session().teamStatusProperty());
        HBox bar = new HBox(14, status, gap, progressLabel(), team, agreement, who);
        bar.setPadding(new Insets(4, 8, 4, 8));
        bar.getStyleClass().add("status-bar");
        return bar;
    }

    /** The annotator's progress through the queue: "done 12 / 120 in queue" (done = decided by the annotator). */
    private Label progressLabel() {
        Label progress = new Label();
        progress.setId("reviewProgress");
        progress.getStyleClass().add("review-progress");
        progress.textProperty().bind(Bindings.createStringBinding(() -> progressLine(vm.table().doneProperty().get(),
                vm.table().totalProperty().get(), vm.session().annotatorProperty().get()),
                vm.table().doneProperty(), vm.table().totalProperty(), vm.session().annotatorProperty()));
        progress.visibleProperty().bind(vm.session().openProperty());
        return progress;
    }

    static String progressLine(int done, int total, String annotator) {
        if (annotator == null) {
            return String.format(Locale.ROOT, "%,d in queue", total);
        }
        return String.format(Locale.ROOT, "done %s / %,d in queue", done < 0 ? "…" : String.format(Locale.ROOT, "%,d", done), total);
    }

    static String agreementLine(LiveSnapshot s) {
        if (s == null) {
            return "";
        }
        AgreementReport r = s.report();
        return String.format(Locale.ROOT, "α = %s · Fleiss κ = %s", r.alpha() == null ? "n/a" : fmt(r.alpha().value()),
                r.fleiss() == null ? "n/a" : fmt(r.fleiss().kappa()));
    }

    private static String fmt(Double d) {
        return d == null ? "n/a" : String.format(Locale.ROOT, "%.3f", d);
    }

    private void restoreLayout() {
        Settings s = vm.session().settings();
        double w = s.number("window.width", 1280);
        double h = s.number("window.height", 800);
        stage.setWidth(w);
        stage.setHeight(h);
        double x = s.number("window.x", Double.NaN);
        double y = s.number("window.y", Double.NaN);
        if (!Double.isNaN(x) && !Double.isNaN(y)) {
            stage.setX(x);
            stage.setY(y);
        }
        stage.setMaximized(s.flag("window.maximized"));
        workbench.setDividerPositions(s.number("divider.main", 0.42));
        left.setDividerPositions(s.number("divider.left", 0.6));
    }

    private void saveLayout() {
        Settings s = vm.session().settings();
        s.setFlag("window.maximized", stage.isMaximized());
        if (!stage.isMaximized()) {
            s.setNumbers(Map.of("window.width", stage.getWidth(), "window.height", stage.getHeight(),
                    "window.x", stage.getX(), "window.y", stage.getY()));
        }
        s.setNumbers(Map.of("divider.main", workbench.getDividerPositions()[0],
                "divider.left", left.getDividerPositions()[0]));
    }
}
