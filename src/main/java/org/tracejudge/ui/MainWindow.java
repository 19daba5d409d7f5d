package org.tracejudge.ui;

import org.tracejudge.ui.common.Theme;
import org.tracejudge.ui.common.ShortcutsSheet;
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
import javafx.scene.control.Tooltip;
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
            new String[] {"Ctrl+Shift+L", "Safety review of this project (its own window and shortcuts)"},
            new String[] {"Ctrl+1 / Ctrl+2 / Ctrl+3", "Show the trace / the agreement / the calibration"},
            new String[] {"Ctrl+Shift+F", "Focus on one trace (the table hidden; again to bring it back)"},
            new String[] {"E / Shift+E", "Next / previous highlighted evidence in the final answer"},
            new String[] {"C", "Compare the trace with another run of its task, side by side"},
            new String[] {"Ctrl+U", "Raw record: the trace's steps and provider responses as imported"},
            new String[] {"N / F", "Comment on the trace / flag it for the lead (F again clears the flag)"},
            new String[] {"Ctrl+Shift+T", "Table only (the trace and agreement collapsed)"},
            new String[] {"Ctrl+= / Ctrl+− / Ctrl+0", "Text larger / smaller / as it was"},
            new String[] {"Alt+letter, F10", "Open the menus (arrow keys walk them)"},
            new String[] {"Tab / Shift+Tab", "Move the focus (Space or Enter presses the focused cell or button)"},
            new String[] {"? or F1", "This sheet"});

    private final Stage stage;
    private final ViewModels vm;
    private final BorderPane root = new BorderPane();
    private final StackPane center = new StackPane();
    private final WelcomeView welcome;
    private final SplitPane workbench;
    /** Right of the table: the trace view and the agreement, one tab each (the table keeps its full height). */
    private final javafx.scene.control.TabPane side = new javafx.scene.control.TabPane();
    private final javafx.scene.control.Tab traceTab;
    private final javafx.scene.control.Tab agreementTab;
    private final javafx.scene.control.Tab calibrationTab;
    /** View ▸ Theme: System, Light or Dark. */
    private final javafx.beans.property.ObjectProperty<Theme.Mode> themeMode =
            new javafx.beans.property.SimpleObjectProperty<>(Theme.Mode.SYSTEM);
    /** What the desktop asked for (read in the background at start; light until known). */
    private volatile boolean systemDark;
    private int textSize = Theme.DEFAULT_SIZE;
    /** True while the scene dispatches a key press: a menu item run by its accelerator knows it came from a key. */
    private boolean keyInFlight;
    private final TraceTableView tableView;
    private final TraceView traceView;
    private final org.tracejudge.ui.comments.CommentsPane commentsPane;
    private final AgreementPanel agreementPanel;
    private final Scene scene;
    private MenuBar menuBar;
    private MetricsWindow metricsWindow;
    private JudgeRunWindow judgeWindow;
    /** Set by the R key: the KEY_TYPED event that follows it is dropped. */
    private boolean swallowTyped;

    public MainWindow(Stage stage, ViewModels vm) {
        this.stage = stage;
        this.vm = vm;
        tableView = new TraceTableView(vm.table());
        traceView = new TraceView(vm.trace(), vm.decisions());
        commentsPane = new org.tracejudge.ui.comments.CommentsPane(vm.comments());
        traceView.setComments(commentsPane, commentsPane.banner());
        vm.trace().detailProperty().addListener((o, a, d) -> vm.comments().show(d == null ? null : d.traceId(),
                d != null && vm.trace().hidden(d)));
        traceView.decisionGate(this::withAnnotator);
        agreementPanel = new AgreementPanel(vm.agreement());
        agreementPanel.onFiltered(() -> tableView.table().requestFocus());
        // blind mode: the agreement (with the machine raters' kappas) is hidden too
        agreementPanel.visibleProperty().bind(vm.session().blindProperty().not());
        traceTab = new javafx.scene.control.Tab("Trace", traceView);
        traceTab.setId("traceTab");
        agreementTab = new javafx.scene.control.Tab("Agreement", agreementPanel);
        agreementTab.setId("agreementTab");
        // blind mode: the agreement tab is off (the machine raters' kappas would give their labels away)
        agreementTab.disableProperty().bind(vm.session().blindProperty());
        vm.session().blindProperty().addListener((o, a, b) -> {
            if (b) {
                side.getSelectionModel().select(traceTab);
            }
        });
        var calibrationView = new org.tracejudge.ui.calibration.CalibrationView(vm.calibration());
        calibrationView.onFiltered(() -> tableView.table().requestFocus());
        calibrationTab = new javafx.scene.control.Tab("Calibration", calibrationView.scrolled());
        calibrationTab.setId("calibrationTab");
        // blind mode: a judge's figures against gold would give its labels away, as the agreement would
        calibrationTab.disableProperty().bind(vm.session().blindProperty());
        calibrationTab.selectedProperty().addListener((o, a, on) -> vm.calibration().setShown(on));
        side.getTabs().setAll(traceTab, agreementTab, calibrationTab);
        side.setId("sideTabs");
        side.setTabClosingPolicy(javafx.scene.control.TabPane.TabClosingPolicy.UNAVAILABLE);
        workbench = new SplitPane(tableView, side);
        workbench.setId("workbench");
        welcome = new WelcomeView(vm.session(), new WelcomeView.Actions(
                () -> vm.session().open(null), this::chooseProject, this::chooseNewProject, this::chooseImport,
                p -> vm.session().open(p), this::importDropped));
        welcome.onSafetySample(this::openSafetySample);
        welcome.onTour(() -> vm.session().openSample(org.tracejudge.sample.SampleProject.Kind.TOUR));
        center.getChildren().setAll(welcome);
        menuBar = menu();
        MenuMnemonics.install(menuBar); // an open menu's items answer their underlined letters
        root.setTop(menuBar);
        root.setCenter(center);
        root.setBottom(new VBox(new ImportPane(vm.imports()), statusBar()));
        scene = new Scene(root, 1280, 800);
        scene.getStylesheets().add(MainWindow.class.getResource("workbench.css").toExternalForm());
        scene.addEventFilter(KeyEvent.KEY_PRESSED, this::key);
        javafx.event.EventDispatcher dispatcher = scene.getEventDispatcher();
        scene.setEventDispatcher((event, tail) -> {
            boolean key = event.getEventType() == KeyEvent.KEY_PRESSED;
            boolean outer = keyInFlight;
            keyInFlight = outer || key;
            try {
                return dispatcher.dispatchEvent(event, tail);
            } finally {
                keyInFlight = outer;
            }
        });
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
        themeMode.addListener((o, a, b) -> applyTheme());
        Thread t = new Thread(() -> {
            boolean dark = Theme.systemPrefersDark();
            javafx.application.Platform.runLater(() -> {
                systemDark = dark;
                applyTheme();
            });
        }, "tracejudge-theme");
        t.setDaemon(true);
        t.start();
    }

    /** View ▸ Theme's choice (System follows the desktop). */
    public javafx.beans.property.ObjectProperty<Theme.Mode> themeModeProperty() {
        return themeMode;
    }

    /** Whether the window shows the dark look now. */
    public boolean dark() {
        return Theme.isDark(scene);
    }

    private void applyTheme() {
        boolean dark = switch (themeMode.get()) {
            case DARK -> true;
            case LIGHT -> false;
            case SYSTEM -> systemDark;
        };
        for (javafx.stage.Window w : javafx.stage.Window.getWindows()) {
            if (w.getScene() != null && (w == stage || w.getScene().getStylesheets().containsAll(scene.getStylesheets()
                    .stream().filter(x -> !x.equals(Theme.DARK_CSS)).toList()))) {
                Theme.apply(w.getScene(), dark);
            }
        }
        Theme.apply(scene, dark);
        vm.session().settings().setText("view.theme", themeMode.get().name().toLowerCase(Locale.ROOT));
    }

    /** The text size in px (View ▸ Text size). */
    public int textSize() {
        return textSize;
    }

    /** Sets the text size (px); the layout is in em, the table's rows and columns follow. */
    public void setTextSize(int px) {
        textSize = Math.max(Theme.SIZES.get(0), Math.min(Theme.SIZES.get(Theme.SIZES.size() - 1), px));
        Theme.applySize(scene, textSize);
        tableView.setFontScale(textSize / (double) Theme.DEFAULT_SIZE);
        fitDivider();
        vm.session().settings().setNumbers(Map.of("view.textSize", (double) textSize));
    }

    /** View ▸ Table only: the trace and agreement tabs collapsed, the table the whole width. */
    private final javafx.beans.property.BooleanProperty tableOnly = new javafx.beans.property.SimpleBooleanProperty();

    public javafx.beans.property.BooleanProperty tableOnlyProperty() {
        return tableOnly;
    }

    private void collapse(boolean only) {
        if (only) {
            lastDivider = workbench.getDividerPositions()[0];
            workbench.getItems().remove(side);
        } else if (!workbench.getItems().contains(side)) {
            workbench.getItems().add(side);
            workbench.setDividerPositions(lastDivider);
            fitDivider();
        }
        vm.session().settings().setFlag("view.tableOnly", only);
    }

    private double lastDivider = 0.62;

    /**
     * View ▸ Focus on one trace (Ctrl+Shift+F): the table goes, the trace and its decision keys take the window; the
     * review keys (Enter, digits, J/K, S) work as before. The same keys bring the table back.
     */
    private final javafx.beans.property.BooleanProperty focusMode = new javafx.beans.property.SimpleBooleanProperty();

    public javafx.beans.property.BooleanProperty focusModeProperty() {
        return focusMode;
    }

    private void focusOn(boolean on) {
        if (on) {
            tableOnly.set(false);
            if (workbench.getItems().contains(tableView)) {
                lastDivider = workbench.getDividerPositions().length > 0 ? workbench.getDividerPositions()[0] : lastDivider;
                workbench.getItems().remove(tableView);
            }
            side.getSelectionModel().select(traceTab);
            workbench.requestFocus(); // the review keys act from here
        } else if (!workbench.getItems().contains(tableView)) {
            workbench.getItems().add(0, tableView);
            workbench.setDividerPositions(lastDivider);
            fitDivider();
            tableView.table().requestFocus();
        }
    }

    /** True until the table's divider is moved by hand: it follows what the table's columns need. */
    private boolean autoDivider = true;

    /** Puts the divider where the table shows all its columns (between 45% and 67.5% of the window). */
    private void fitDivider() {
        double w = workbench.getWidth();
        double need = tableView.neededWidthProperty().get();
        if (!autoDivider || w <= 0 || need <= 0) {
            return;
        }
        workbench.setDividerPositions(Math.max(0.45, Math.min(0.675, (need + 4) / w)));
    }

    /** The right-hand tabs: the trace view and the agreement. */
    public javafx.scene.control.TabPane sideTabs() {
        return side;
    }

    private org.tracejudge.ui.trace.CompareWindow compareWindow;

    /** The trace on screen beside another run of its task (C, or Review ▸ Compare with another run…). */
    public void openCompare() {
        org.tracejudge.ui.trace.TraceDetail d = vm.trace().detailProperty().get();
        if (d == null) {
            vm.session().setStatus("No trace on screen to compare.");
            return;
        }
        if (compareWindow != null) {
            compareWindow.stage().close();
        }
        compareWindow = new org.tracejudge.ui.trace.CompareWindow(stage, vm.trace(), d);
        styleLike(compareWindow.stage().getScene());
        compareWindow.open();
    }

    private org.tracejudge.ui.trace.RawRecordWindow rawWindow;

    /** The trace on screen as it was imported, step by step (View ▸ Raw record, Ctrl+U). */
    public void openRaw() {
        org.tracejudge.ui.trace.TraceDetail d = vm.trace().detailProperty().get();
        if (d == null) {
            vm.session().setStatus("No trace on screen to show.");
            return;
        }
        if (rawWindow != null) {
            rawWindow.stage().close();
        }
        rawWindow = new org.tracejudge.ui.trace.RawRecordWindow(stage, d, vm.trace().hidden(d));
        styleLike(rawWindow.stage().getScene());
        rawWindow.open();
    }

    public org.tracejudge.ui.trace.RawRecordWindow rawWindow() {
        return rawWindow;
    }

    public org.tracejudge.ui.trace.CompareWindow compareWindow() {
        return compareWindow;
    }

    /** Shows the calibration tab (View ▸ Calibration, Ctrl+3). */
    public void showCalibration() {
        if (calibrationTab.isDisable()) {
            return;
        }
        tableOnly.set(false);
        side.getSelectionModel().select(calibrationTab);
    }

    /** Shows the agreement tab (View ▸ Agreement, Ctrl+2) or the trace (Ctrl+1). */
    public void showAgreement(boolean agreement) {
        if (agreement && agreementTab.isDisable()) {
            return;
        }
        tableOnly.set(false);
        javafx.scene.Node f = scene.getFocusOwner();
        javafx.scene.Node shown = side.getSelectionModel().getSelectedItem().getContent();
        boolean inTab = false;
        for (javafx.scene.Node n = f; n != null; n = n.getParent()) {
            inTab |= n == shown;
        }
        side.getSelectionModel().select(agreement ? agreementTab : traceTab);
        if (inTab || f == null) {
            // the focus was in the tab that went away: the table takes it (the review keys keep working), not
            // whatever comes next in the Tab order (the search field)
            tableView.table().requestFocus();
        }
    }

    /** A dialog in the window's look (theme and text size). */
    private void dressed(javafx.scene.control.DialogPane pane) {
        pane.getStylesheets().setAll(scene.getStylesheets());
        pane.setStyle(scene.getRoot().getStyle());
    }

    /** Gives a window of ours (dialogs, the dashboard) the main window's look and text size. */
    public void styleLike(Scene other) {
        for (String css : scene.getStylesheets()) {
            if (!other.getStylesheets().contains(css)) {
                other.getStylesheets().add(css);
            }
        }
        if (!dark()) {
            other.getStylesheets().remove(Theme.DARK_CSS);
        }
        Theme.applySize(other, textSize);
    }

    private org.tracejudge.ui.safety.SafetyReviewView safetyView;
    private org.tracejudge.ui.safety.SafetyReviewModel safetyModel;
    private javafx.stage.Stage safetyStage;

    /** Opens the bundled safety sample in its own window; its content warning comes first. */
    public void openSafetySample() {
        openSafety(org.tracejudge.sample.SafetySample::open, "Safety review — sample (invented conversations)",
                org.tracejudge.safety.Expert.workbench(vm.session().annotatorProperty().get()), false);
    }

    /**
     * Opens the safety review on the open project when it has tool-selection inputs (a team project's under the
     * member's hub identity, whose decisions sync like the main window's), else on the bundled sample.
     */
    public void openSafetyReview() {
        org.tracejudge.store.Project open = vm.session().project();
        if (open == null || !vm.session().hasSelectionInputs()) {
            if (open != null) {
                vm.session().setStatus("This project has no tool-selection inputs to review; the safety sample opens instead.");
            }
            openSafetySample();
            return;
        }
        java.nio.file.Path file = open.file();
        org.tracejudge.ui.session.Session.Identity who = vm.session().identity(); // read with the project, off this thread
        String person = who.teamPerson();
        org.tracejudge.safety.Expert expert = person != null
                ? org.tracejudge.safety.Expert.team(who.teamUser(), person)
                : org.tracejudge.safety.Expert.workbench(vm.session().annotatorProperty().get());
        openSafety(() -> org.tracejudge.store.Project.open(file), "Safety review — " + who.projectName()
                + (person != null ? " (team project)" : ""), expert, true);
    }

    private void openSafety(java.util.function.Supplier<org.tracejudge.store.Project> opener, String title,
                            org.tracejudge.safety.Expert expert, boolean ofProject) {
        if (safetyModel != null) {
            safetyStage.toFront();
            return;
        }
        safetyModel = new org.tracejudge.ui.safety.SafetyReviewModel();
        if (ofProject) {
            // decisions made there show in this window's table, and a team project sends them within seconds
            safetyModel.setOnWritten(() -> javafx.application.Platform.runLater(() -> {
                vm.session().refresh();
                vm.session().syncTeamNow();
            }));
        }
        // the expert is the workbench annotator (switching expert there changes it), or a team member's fixed identity
        safetyView = new org.tracejudge.ui.safety.SafetyReviewView(safetyModel, expert,
                expert != null && expert.fixed() ? null : vm.decisions()::setAnnotator);
        javafx.stage.Stage s = new javafx.stage.Stage();
        safetyStage = s;
        s.setTitle(title);
        Scene sc = new Scene(safetyView, 1240, 760);
        styleLike(sc); // the theme (safety.css has its dark twin) and the text size follow the workbench
        // Ctrl+Q quits the workbench from this window too (its main window goes, and every other window with it)
        sc.getAccelerators().put(key(KeyCode.Q, KeyCombination.SHORTCUT_DOWN), stage::close);
        s.setScene(sc);
        s.setOnHidden(e -> {
            safetyModel.close();
            safetyModel = null;
            safetyView = null;
            safetyStage = null;
        });
        s.show();
        safetyModel.load(opener).whenComplete((loaded, err) ->
                javafx.application.Platform.runLater(() -> {
                    if (safetyView == null) {
                        return; // the window was closed while the review was loading
                    }
                    if (err != null) {
                        Throwable cause = err instanceof java.util.concurrent.CompletionException && err.getCause() != null
                                ? err.getCause() : err;
                        safetyView.setCenter(new javafx.scene.control.Label("Cannot open the safety review: " + cause.getMessage()));
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
        welcome.onTour(() -> vm.session().openSample(org.tracejudge.sample.SampleProject.Kind.TOUR));
        center.getChildren().setAll(welcome);
    }

    public void showWorkbench() {
        center.getChildren().setAll(workbench);
        // review keys work at once: the focus starts in the table, not in the search box — now, so that a key typed
        // while the rows are read never lands in the search box as a filter, and again after the layout pass
        tableView.table().requestFocus();
        javafx.application.Platform.runLater(() -> tableView.table().requestFocus());
    }

    // ------------------------------------------------------------------------------------ keys

    private void key(KeyEvent e) {
        swallowTyped = false;
        if (e.isShortcutDown() && (e.getCode() == KeyCode.PLUS || e.getCode() == KeyCode.ADD
                || e.getCode() == KeyCode.SUBTRACT)) {
            setTextSize(Theme.step(textSize, e.getCode() == KeyCode.SUBTRACT ? -1 : +1));
            e.consume();
            return;
        }
        if (new KeyCodeCombination(KeyCode.F, KeyCombination.SHORTCUT_DOWN).match(e)) {
            tableView.searchField().requestFocus();
            e.consume();
            return;
        }
        if (scene.getFocusOwner() instanceof TextInputControl) {
            if (e.getCode() == KeyCode.ESCAPE) {
                workbench.requestFocus();
                e.consume();
            }
            return;
        }
        if (center.getChildren().get(0) != workbench || !reviewFocus()) {
            return;
        }
        if (e.getCode() == KeyCode.ENTER && scene.getFocusOwner() instanceof javafx.scene.control.ButtonBase b
                && b.isFocusVisible() && !e.isShortcutDown() && !e.isAltDown()) {
            // a button reached with Tab (a decision key) answers Enter as well as Space; one clicked with the
            // mouse leaves Enter to accept the proposed label
            b.fire();
            e.consume();
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
            case C -> openCompare();
            case E -> {
                // E / Shift+E: the next / previous highlighted evidence in the final answer (in a conversation: the next
                // marked turn), scrolled into view
                side.getSelectionModel().select(traceTab);
                if (!traceView.nextEvidence(!e.isShiftDown())) {
                    vm.session().setStatus(traceView.conversationView().getScene() != null
                            ? "No marked turn in this conversation." : "No highlighted evidence in this answer.");
                }
            }
            case R -> {
                swallowTyped = true;
                side.getSelectionModel().select(traceTab);
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
            // reviewing: the trace is what the keys act on, so it is on show
            side.getSelectionModel().select(traceTab);
        }
    }

    /**
     * Review keys act only where reviewing happens: the table, the trace view (not its trees, lists, combo boxes
     * or text fields: ↓ in the JSON tree moves in the tree) or nowhere in particular (after Esc).
     */
    private boolean reviewFocus() {
        // the menu bar reached with F10 or Alt: its arrow keys walk the menus, not the queue (the bar's buttons
        // show that state as hover)
        for (javafx.scene.Node b : menuBar.lookupAll(".menu-button")) {
            if (b.isHover()) {
                return false;
            }
        }
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
    private void withAnnotator(Runnable decision) {
        if (vm.session().annotatorProperty().get() != null) {
            decision.run();
            return;
        }
        // the decision runs once the annotator's column is there (the name re-reads the columns)
        String name = askName();
        if (name != null) {
            vm.decisions().setAnnotator(name, decision);
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
        dressed(d.getDialogPane());
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

    /**
     * A review action for the menu: run from the menu with the mouse it always acts; run by its accelerator (a
     * plain key such as J or Enter) it acts only where the review keys do, never while typing in a text field or
     * moving in a tree or a list.
     */
    private javafx.event.EventHandler<javafx.event.ActionEvent> review(Runnable r) {
        return e -> {
            if (keyInFlight && (center.getChildren().get(0) != workbench || !reviewFocus()
                    || scene.getFocusOwner() instanceof TextInputControl)) {
                return;
            }
            side.getSelectionModel().select(traceTab);
            r.run();
        };
    }

    private static KeyCodeCombination key(KeyCode code, KeyCombination.Modifier... modifiers) {
        return new KeyCodeCombination(code, modifiers);
    }

    private MenuBar menu() {
        MenuItem start = new MenuItem("_Start page");
        start.setOnAction(e -> showWelcome());
        MenuItem sample = new MenuItem("Open _sample project");
        sample.setOnAction(e -> vm.session().open(null));
        MenuItem tour = new MenuItem("Open the _tour of trace kinds");
        tour.setId("tourMenu");
        tour.setOnAction(e -> vm.session().openSample(org.tracejudge.sample.SampleProject.Kind.TOUR));
        MenuItem open = new MenuItem("_Open project…");
        open.setAccelerator(key(KeyCode.O, KeyCombination.SHORTCUT_DOWN));
        open.setOnAction(e -> chooseProject());
        MenuItem create = new MenuItem("_New project…");
        create.setAccelerator(key(KeyCode.N, KeyCombination.SHORTCUT_DOWN));
        create.setOnAction(e -> chooseNewProject());
        MenuItem imp = new MenuItem("_Import…");
        imp.setAccelerator(key(KeyCode.I, KeyCombination.SHORTCUT_DOWN));
        imp.setOnAction(e -> chooseImport());
        MenuItem classify = new MenuItem("_Classify…");
        classify.setId("classifyMenu");
        classify.setOnAction(e -> chooseClassify());
        MenuItem export = new MenuItem("_Export…");
        export.setId("exportMenu");
        export.setAccelerator(key(KeyCode.E, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN));
        export.setOnAction(e -> chooseExport());
        for (MenuItem m : List.of(classify, export)) {
            m.disableProperty().bind(vm.session().openProperty().not().or(vm.imports().importingProperty()));
        }
        MenuItem quit = new MenuItem("_Quit");
        quit.setAccelerator(key(KeyCode.Q, KeyCombination.SHORTCUT_DOWN));
        quit.setOnAction(e -> stage.close());
        Menu file = new Menu("_File", null, start, sample, tour, open, create, new SeparatorMenuItem(), imp,
                classify, export, new SeparatorMenuItem(), teamMenu(), new SeparatorMenuItem(), quit);
        file.setId("fileMenu");

        MenuItem accept = new MenuItem("_Accept proposed label");
        accept.setId("acceptMenu");
        accept.setAccelerator(key(KeyCode.ENTER));
        accept.setOnAction(review(() -> withAnnotator(vm.decisions()::accept)));
        MenuItem next = new MenuItem("_Next trace");
        next.setAccelerator(key(KeyCode.J));
        next.setOnAction(review(vm.table()::next));
        MenuItem prev = new MenuItem("_Previous trace");
        prev.setAccelerator(key(KeyCode.K));
        prev.setOnAction(review(vm.table()::previous));
        MenuItem skip = new MenuItem("S_kip trace");
        skip.setAccelerator(key(KeyCode.S));
        skip.setOnAction(review(vm.table()::skip));
        MenuItem rationale = new MenuItem("Write a _rationale");
        rationale.setAccelerator(key(KeyCode.R));
        rationale.setOnAction(review(() -> {
            swallowTyped = keyInFlight; // the R typed must not land in the field
            traceView.rationaleField().requestFocus();
        }));
        MenuItem skippedItem = new MenuItem("Review _skipped traces");
        skippedItem.setId("reviewSkippedMenu");
        skippedItem.setOnAction(e -> vm.table().reviewSkipped());
        MenuItem undo = new MenuItem("_Undo last decision");
        undo.setId("undoMenu");
        undo.setAccelerator(key(KeyCode.Z, KeyCombination.SHORTCUT_DOWN));
        undo.setOnAction(review(vm.decisions()::undo));
        CheckMenuItem blind = new CheckMenuItem("_Blind mode");
        blind.setId("blindMenu");
        blind.setAccelerator(key(KeyCode.B, KeyCombination.SHORTCUT_DOWN));
        blind.selectedProperty().bindBidirectional(vm.session().blindProperty());
        MenuItem name = new MenuItem("Annotator _name…");
        name.setOnAction(e -> askAnnotator());
        MenuItem safety = new MenuItem("Sa_fety review of this project…");
        safety.setId("safetyMenu");
        safety.setAccelerator(key(KeyCode.L, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN));
        safety.setOnAction(e -> openSafetyReview());
        MenuItem compare = new MenuItem("Compare _with another run…");
        compare.setId("compareMenu");
        compare.setAccelerator(key(KeyCode.C));
        compare.setOnAction(review(this::openCompare));
        MenuItem comment = new MenuItem("Co_mment on this trace…");
        comment.setId("commentMenu");
        comment.setAccelerator(key(KeyCode.N));
        comment.setOnAction(review(commentsPane::askAndComment));
        MenuItem flag = new MenuItem("_Flag for the lead / clear the flag");
        flag.setId("flagMenu");
        flag.setAccelerator(key(KeyCode.F));
        flag.setOnAction(review(() -> vm.comments().toggleFlag("")));
        MenuItem safetySample = new MenuItem("Safety review of the _Lantern sample…");
        safetySample.setId("safetySampleMenu");
        safetySample.setOnAction(e -> openSafetySample());
        Menu review = new Menu("_Review", null, accept, next, prev, skip, rationale, skippedItem, undo,
                new SeparatorMenuItem(), blind, name, compare, comment, flag, new SeparatorMenuItem(), safety, safetySample);
        review.setId("reviewMenu");

        MenuItem showTrace = new MenuItem("_Trace");
        showTrace.setId("showTraceMenu");
        showTrace.setAccelerator(key(KeyCode.DIGIT1, KeyCombination.SHORTCUT_DOWN));
        showTrace.setOnAction(e -> showAgreement(false));
        MenuItem showAgreement = new MenuItem("_Agreement");
        showAgreement.setId("showAgreementMenu");
        showAgreement.setAccelerator(key(KeyCode.DIGIT2, KeyCombination.SHORTCUT_DOWN));
        showAgreement.setOnAction(e -> showAgreement(true));
        showAgreement.disableProperty().bind(vm.session().blindProperty());
        MenuItem metrics = new MenuItem("_Metrics dashboard");
        metrics.setId("metricsMenu");
        metrics.setAccelerator(key(KeyCode.M, KeyCombination.SHORTCUT_DOWN));
        metrics.setOnAction(e -> showMetrics());
        javafx.scene.control.ToggleGroup themes = new javafx.scene.control.ToggleGroup();
        Menu theme = new Menu("T_heme");
        theme.setId("themeMenu");
        for (Theme.Mode m : Theme.Mode.values()) {
            javafx.scene.control.RadioMenuItem item = new javafx.scene.control.RadioMenuItem(
                    m == Theme.Mode.SYSTEM ? "_System (follow the desktop)" : "_" + m.title());
            item.setId("theme-" + m.name().toLowerCase(Locale.ROOT));
            item.setToggleGroup(themes);
            item.setSelected(themeMode.get() == m);
            item.setOnAction(e -> themeMode.set(m));
            themeMode.addListener((o, a, b) -> item.setSelected(b == m));
            theme.getItems().add(item);
        }
        MenuItem larger = new MenuItem("_Larger");
        larger.setId("textLarger");
        larger.setAccelerator(key(KeyCode.EQUALS, KeyCombination.SHORTCUT_DOWN));
        larger.setOnAction(e -> setTextSize(Theme.step(textSize, +1)));
        MenuItem smaller = new MenuItem("_Smaller");
        smaller.setId("textSmaller");
        smaller.setAccelerator(key(KeyCode.MINUS, KeyCombination.SHORTCUT_DOWN));
        smaller.setOnAction(e -> setTextSize(Theme.step(textSize, -1)));
        MenuItem reset = new MenuItem("_Reset");
        reset.setId("textReset");
        reset.setAccelerator(key(KeyCode.DIGIT0, KeyCombination.SHORTCUT_DOWN));
        reset.setOnAction(e -> setTextSize(Theme.DEFAULT_SIZE));
        Menu size = new Menu("Text _size", null, larger, smaller, reset);
        size.setId("textSizeMenu");
        CheckMenuItem focus = new CheckMenuItem("_Focus on one trace");
        focus.setId("focusMenu");
        focus.setAccelerator(key(KeyCode.F, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN));
        focus.selectedProperty().bindBidirectional(this.focusMode);
        CheckMenuItem tableOnly = new CheckMenuItem("Table _only");
        tableOnly.setId("tableOnlyMenu");
        tableOnly.setAccelerator(key(KeyCode.T, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN));
        tableOnly.selectedProperty().bindBidirectional(this.tableOnly);
        MenuItem showCalibration = new MenuItem("_Calibration");
        showCalibration.setId("showCalibrationMenu");
        showCalibration.setAccelerator(key(KeyCode.DIGIT3, KeyCombination.SHORTCUT_DOWN));
        showCalibration.setOnAction(e -> showCalibration());
        showCalibration.disableProperty().bind(vm.session().blindProperty());
        MenuItem raw = new MenuItem("_Raw record of this trace…");
        raw.setId("rawMenu");
        raw.setAccelerator(key(KeyCode.U, KeyCombination.SHORTCUT_DOWN));
        raw.setOnAction(e -> openRaw());
        Menu view = new Menu("_View", null, showTrace, showAgreement, showCalibration, tableOnly, focus, raw,
                new SeparatorMenuItem(), metrics,
                new SeparatorMenuItem(), theme, size);
        view.setId("viewMenu");
        MenuItem runJudge = new MenuItem("_Run a judge…");
        runJudge.setId("runJudgeMenu");
        runJudge.setAccelerator(key(KeyCode.J, KeyCombination.SHORTCUT_DOWN));
        runJudge.setOnAction(e -> showJudgeRun());
        Menu judgesMenu = new Menu("_Judges", null, runJudge);

        MenuItem keys = new MenuItem("_Keyboard shortcuts");
        keys.setAccelerator(key(KeyCode.F1)); // and ? (typed, outside text fields)
        keys.setOnAction(e -> showShortcuts());
        Menu help = new Menu("_Help", null, keys);
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
            styleLike(judgeWindow.stage().getScene());
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
            styleLike(metricsWindow.stage().getScene());
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
        fc.getExtensionFilters().addAll(new FileChooser.ExtensionFilter("Traces (JSON, JSON Lines, Inspect .eval, SWE-agent .traj, .gz)", "*.json", "*.jsonl", "*.eval", "*.traj", "*.gz"),
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
        dressed(d.getDialogPane());
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
        MenuItem join = new MenuItem("_Join…");
        join.setOnAction(e -> org.tracejudge.ui.team.TeamWindow.join(stage, vm.session()));
        MenuItem sync = new MenuItem("_Sync now");
        sync.setId("teamSyncMenu");
        sync.setOnAction(e -> vm.session().syncTeamNow());
        MenuItem status = new MenuItem("Status and _progress…");
        status.setId("teamStatusMenu");
        status.setOnAction(e -> {
            if (teamWindow == null) {
                teamWindow = new org.tracejudge.ui.team.TeamWindow(stage, vm.session());
            }
            teamWindow.show();
        });
        Menu team = new Menu("_Team", null, join, sync, status);
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
        // a long status line gives way (cut, whole in its tooltip); the counters on the right stay whole
        status.setMinWidth(0);
        Tooltip statusTip = new Tooltip();
        statusTip.textProperty().bind(status.textProperty());
        status.tooltipProperty().bind(Bindings.when(status.textProperty().isEmpty()).then((Tooltip) null).otherwise(statusTip));
        Label progress = progressLabel();
        for (Label l : new Label[] {progress, team, agreement, who}) {
            l.setMinWidth(Region.USE_PREF_SIZE);
        }
        HBox bar = new HBox(14, status, gap, progress, team, agreement, who);
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
        // the first time, most of the screen (a 1280×800 window in the middle of a 1920×1080 or larger screen wastes
        // it); a size kept from a bigger screen is fitted into this one
        javafx.geometry.Rectangle2D screen = javafx.stage.Screen.getPrimary().getVisualBounds();
        double w = Math.min(s.number("window.width", (double) Math.max(1280, Math.round(screen.getWidth() * 0.9))), screen.getWidth());
        double h = Math.min(s.number("window.height", (double) Math.max(800, Math.round(screen.getHeight() * 0.9))),
                screen.getHeight());
        stage.setWidth(w);
        stage.setHeight(h);
        double x = s.number("window.x", Double.NaN);
        double y = s.number("window.y", Double.NaN);
        boolean onScreen = !Double.isNaN(x) && !Double.isNaN(y) && javafx.stage.Screen.getScreensForRectangle(x, y,
                Math.max(1, w / 4), Math.max(1, h / 4)).size() > 0;
        if (onScreen) {
            stage.setX(x);
            stage.setY(y);
        } else {
            stage.setX(screen.getMinX() + (screen.getWidth() - w) / 2);
            stage.setY(screen.getMinY() + (screen.getHeight() - h) / 2);
        }
        stage.setMaximized(s.flag("window.maximized"));
        // the table gets the room its columns need (measured once they are known), unless the divider was moved
        // by hand once: then where it was left
        double table = s.number("divider.table", Double.NaN);
        autoDivider = Double.isNaN(table);
        workbench.setDividerPositions(autoDivider ? 0.62 : table);
        tableView.neededWidthProperty().addListener((o, a, b) -> fitDivider());
        workbench.widthProperty().addListener((o, a, b) -> fitDivider());
        workbench.addEventFilter(javafx.scene.input.MouseEvent.MOUSE_PRESSED, e -> {
            for (javafx.scene.Node n = (javafx.scene.Node) e.getTarget(); n != null && n != workbench; n = n.getParent()) {
                if (n.getStyleClass().contains("split-pane-divider") && n.getParent() == workbench) {
                    autoDivider = false; // moved by hand: kept, and remembered
                }
            }
        });
        traceView.evidenceAndRaters().setDividerPositions(s.number("divider.raters", 0.55));
        traceView.allDefinitionsProperty().set(s.flag("view.allDefinitions"));
        if (s.flag("view.agreementTab") && !vm.session().blindProperty().get()) {
            side.getSelectionModel().select(agreementTab);
        }
        themeMode.set(Theme.mode(s.text("view.theme", "system")));
        tableOnly.addListener((o, a, b) -> {
            if (b) {
                focusMode.set(false);
            }
            collapse(b);
        });
        focusMode.addListener((o, a, b) -> focusOn(b));
        tableOnly.set(s.flag("view.tableOnly"));
        int size = (int) s.number("view.textSize", Theme.DEFAULT_SIZE);
        if (size != Theme.DEFAULT_SIZE) {
            setTextSize(size);
        }
    }

    private void saveLayout() {
        Settings s = vm.session().settings();
        s.setFlag("window.maximized", stage.isMaximized());
        if (!stage.isMaximized()) {
            s.setNumbers(Map.of("window.width", stage.getWidth(), "window.height", stage.getHeight(),
                    "window.x", stage.getX(), "window.y", stage.getY()));
        }
        if (!autoDivider) {
            s.setNumbers(Map.of("divider.table", tableOnly.get() ? lastDivider : workbench.getDividerPositions()[0]));
        }
        s.setNumbers(Map.of("divider.raters", traceView.evidenceAndRaters().getDividerPositions()[0]));
        s.setFlag("view.allDefinitions", traceView.allDefinitionsProperty().get());
        s.setFlag("view.agreementTab", side.getSelectionModel().getSelectedItem() == agreementTab);
    }
}
