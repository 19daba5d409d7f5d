package org.tracejudge.ui;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.scene.control.MenuBar;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextInputDialog;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.tracejudge.ui.agreement.AgreementPanel;
import org.tracejudge.ui.common.ShortcutsSheet;
import org.tracejudge.ui.common.Theme;
import org.tracejudge.ui.judges.JudgeRunWindow;
import org.tracejudge.ui.metrics.MetricsWindow;
import org.tracejudge.ui.table.TraceTableView;
import org.tracejudge.ui.trace.TraceView;
import org.tracejudge.ui.welcome.ImportPane;
import org.tracejudge.ui.welcome.WelcomeView;

/**
 * The window: menu bar; the start page or the workbench (trace table on the left; the trace, agreement and
 * calibration tabs on the right); import progress; status bar. It composes the views and wires them to the view
 * models; its pieces each do one job: {@link MainMenus} (the menu bar), {@link ReviewKeys} (the review keys, from the
 * key table {@link Shortcut}, which also fills the shortcuts sheet), {@link WindowLayout} (dividers, window, table
 * only, focus mode and their persistence), {@link StatusBar}, {@link FileActions} (File's choosers, dropped files) and
 * {@link SafetyWindow}. It holds no review state: that lives in the view models ({@link ViewModels}). At about 500
 * lines it is the wiring of the views, tabs and windows and the theme and text size they share.
 */
public final class MainWindow {
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
    private final TraceTableView tableView;
    private final TraceView traceView;
    /** The decision bar of a project with its own scheme (in the trace view, instead of the label keys). */
    private final org.tracejudge.ui.trace.QuestionBarView questionBar;

    private final org.tracejudge.ui.comments.CommentsPane commentsPane;
    private final AgreementPanel agreementPanel;
    private final Scene scene;
    private final MenuBar menuBar;
    private final ReviewKeys keys;
    private final FileActions files;
    private final WindowLayout layout;
    private final SafetyWindow safety;
    private MetricsWindow metricsWindow;
    private JudgeRunWindow judgeWindow;

    public MainWindow(Stage stage, ViewModels vm) {
        this.stage = stage;
        this.vm = vm;
        tableView = new TraceTableView(vm.table());
        traceView = new TraceView(vm.trace(), vm.decisions());
        commentsPane = new org.tracejudge.ui.comments.CommentsPane(vm.comments());
        traceView.setComments(commentsPane, commentsPane.banner());
        vm.trace().detailProperty().addListener((o, a, d) -> vm.comments()
                .show(d == null ? null : d.traceId(), d != null && vm.trace().hidden(d)));
        vm.comments().onScreen(() -> {
            var d = vm.trace().detailProperty().get();
            return d == null ? null : d.traceId();
        });
        traceView.decisionGate(this::withAnnotator);
        questionBar = new org.tracejudge.ui.trace.QuestionBarView(vm.questions());
        traceView.setQuestionBar(questionBar, vm.questions().activeProperty());
        // the table marks flagged and commented traces beside its done marks
        vm.table().setOtherMarks(vm.comments()::marks);
        vm.comments().marksVersionProperty().addListener((o, a, b) -> vm.table().marksChanged());
        agreementPanel = new AgreementPanel(vm.agreement());
        agreementPanel.onFiltered(() -> tableView.table().requestFocus());
        // blind mode: the agreement (with the machine raters' kappas) is hidden too
        agreementPanel
                .visibleProperty()
                .bind(vm.session().state().blindProperty().not());
        traceTab = new javafx.scene.control.Tab("Trace", traceView);
        traceTab.setId("traceTab");
        // a project with its own scheme: a question picker over the panel (the built-in labels stay the default)
        agreementTab = new javafx.scene.control.Tab(
                "Agreement",
                new org.tracejudge.ui.agreement.QuestionAgreementView(vm.questionAgreement(), agreementPanel));
        agreementTab.setId("agreementTab");
        // blind mode: the agreement tab is off (the machine raters' kappas would give their labels away)
        agreementTab.disableProperty().bind(vm.session().state().blindProperty());
        vm.session().state().blindProperty().addListener((o, a, b) -> {
            if (b) {
                side.getSelectionModel().select(traceTab);
            }
        });
        var calibrationView = new org.tracejudge.ui.calibration.CalibrationView(vm.calibration());
        calibrationView.onFiltered(() -> tableView.table().requestFocus());
        // a project with its own scheme: a question and positive-option picker over the labels' calibration
        calibrationTab = new javafx.scene.control.Tab(
                "Calibration",
                new org.tracejudge.ui.calibration.QuestionCalibrationView(
                        vm.questionCalibration(), calibrationView.scrolled()));
        calibrationTab.setId("calibrationTab");
        // blind mode: a judge's figures against gold would give its labels away, as the agreement would
        calibrationTab.disableProperty().bind(vm.session().state().blindProperty());
        calibrationTab.selectedProperty().addListener((o, a, on) -> vm.calibration()
                .setShown(on));
        side.getTabs().setAll(traceTab, agreementTab, calibrationTab);
        side.setId("sideTabs");
        side.setTabClosingPolicy(javafx.scene.control.TabPane.TabClosingPolicy.UNAVAILABLE);
        workbench = new SplitPane(tableView, side);
        workbench.setId("workbench");
        questionBar.onFocusBack(workbench::requestFocus);
        // a project with its own scheme: a column per question (my answers) and the "raters disagree on" filter
        vm.questions().schemeProperty().addListener((o, a, sc) -> tableView.setExtraColumns(questionColumns(sc)));
        vm.questions().cellsVersionProperty().addListener((o, a, b) -> tableView.refreshExtraColumns());
        layout = new WindowLayout(stage, this, workbench, side, traceTab, agreementTab);
        files = new FileActions(stage, vm, this);
        safety = new SafetyWindow(stage, vm, this);
        keys = new ReviewKeys(this, vm);
        welcome = new WelcomeView(
                vm.session(),
                new WelcomeView.Actions(
                        () -> vm.session().open(null),
                        files::chooseProject,
                        files::chooseNewProject,
                        files::chooseImport,
                        p -> vm.session().open(p),
                        files::importDropped));
        welcome.onSafetySample(this::openSafetySample);
        welcome.onTour(() -> vm.session().openSample(org.tracejudge.sample.SampleProject.Kind.TOUR));
        center.getChildren().setAll(welcome);
        prebuildWorkbench();
        menuBar = new MainMenus(this, vm, keys, files, stage).build();
        MenuMnemonics.install(menuBar); // an open menu's items answer their underlined letters
        root.setTop(menuBar);
        root.setCenter(center);
        root.setBottom(new VBox(new ImportPane(vm.imports()), StatusBar.of(vm)));
        scene = new Scene(root, 1280, 800);
        scene.getStylesheets().add(MainWindow.class.getResource("workbench.css").toExternalForm());
        keys.install(scene);
        root.setOnDragOver(e -> {
            if (e.getDragboard().hasFiles()) {
                e.acceptTransferModes(TransferMode.COPY);
            }
        });
        root.setOnDragDropped(e -> {
            if (e.getDragboard().hasFiles()) {
                files.importDropped(
                        e.getDragboard().getFiles().stream().map(File::toPath).toList());
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
        vm.session().state().openingProperty().addListener((o, a, b) -> {
            if (b) {
                showWorkbench();
            } else if (!vm.session().openProperty().get()) {
                showWelcome();
            }
        });
        vm.session().state().integrityProblemProperty().addListener((o, a, problem) -> {
            if (problem != null) {
                Alert alert = new Alert(
                        Alert.AlertType.ERROR,
                        problem + "\n\nYou can still read it, but nothing more is saved into this file.",
                        ButtonType.OK);
                alert.setHeaderText("The project file is damaged");
                alert.initOwner(stage);
                alert.show();
            }
        });
        stage.titleProperty().bind(vm.session().state().titleProperty());
        for (int size : new int[] {16, 32, 48, 64, 128, 256}) {
            var icon = MainWindow.class.getResourceAsStream("icons/tracejudge-" + size + ".png");
            if (icon != null) {
                stage.getIcons().add(new javafx.scene.image.Image(icon));
            }
        }
        stage.setScene(scene);
        stage.setMinWidth(760);
        stage.setMinHeight(500);
        layout.restore();
        stage.setOnHiding(e -> layout.save());
        themeMode.addListener((o, a, b) -> applyTheme());
        Thread t = new Thread(
                () -> {
                    boolean dark = Theme.systemPrefersDark();
                    javafx.application.Platform.runLater(() -> {
                        systemDark = dark;
                        applyTheme();
                    });
                },
                "tracejudge-theme");
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
        boolean dark =
                switch (themeMode.get()) {
                    case DARK -> true;
                    case LIGHT -> false;
                    case SYSTEM -> systemDark;
                };
        for (javafx.stage.Window w : javafx.stage.Window.getWindows()) {
            if (w.getScene() != null
                    && (w == stage
                            || w.getScene()
                                    .getStylesheets()
                                    .containsAll(scene.getStylesheets().stream()
                                            .filter(x -> !x.equals(Theme.DARK_CSS))
                                            .toList()))) {
                Theme.apply(w.getScene(), dark);
            }
        }
        Theme.apply(scene, dark);
        vm.session()
                .state()
                .settings()
                .setText("view.theme", themeMode.get().name().toLowerCase(Locale.ROOT));
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
        layout.fitDivider();
        vm.session().state().settings().setNumbers(Map.of("view.textSize", (double) textSize));
    }

    /** View ▸ Table only: the trace and agreement tabs collapsed, the table the whole width. */
    public javafx.beans.property.BooleanProperty tableOnlyProperty() {
        return layout.tableOnlyProperty();
    }

    /**
     * View ▸ Focus on one trace (Ctrl+Shift+F): the table goes, the trace and its decision keys take the window; the
     * review keys (Enter, digits, J/K, S) work as before. The same keys bring the table back.
     */
    public javafx.beans.property.BooleanProperty focusModeProperty() {
        return layout.focusModeProperty();
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
        rawWindow = new org.tracejudge.ui.trace.RawRecordWindow(
                stage, d, vm.trace().hidden(d) || vm.questions().blindPending(d.traceId()));
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
        layout.tableOnlyProperty().set(false);
        side.getSelectionModel().select(calibrationTab);
    }

    /** Shows the agreement tab (View ▸ Agreement, Ctrl+2) or the trace (Ctrl+1). */
    public void showAgreement(boolean agreement) {
        if (agreement && agreementTab.isDisable()) {
            return;
        }
        layout.tableOnlyProperty().set(false);
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
    void dressed(javafx.scene.control.DialogPane pane) {
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

    /** Opens the bundled safety sample in its own window; its content warning comes first. */
    public void openSafetySample() {
        safety.openSample();
    }

    /**
     * Opens the safety review on the open project when it has tool-selection inputs (a team project's under the
     * member's hub identity, whose decisions sync like the main window's), else on the bundled sample.
     */
    public void openSafetyReview() {
        safety.openReview();
    }

    /** Whether the safety review's window may close with the workbench (it asks over answers not committed). */
    boolean safetyMayClose() {
        return safety.mayClose();
    }

    public org.tracejudge.ui.safety.SafetyReviewView safetyView() {
        return safety.view();
    }

    public org.tracejudge.ui.safety.SafetyReviewModel safetyModel() {
        return safety.model();
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

    private List<TraceTableView.ExtraColumn> questionColumns(org.tracejudge.scheme.Scheme scheme) {
        if (scheme == null) {
            return List.of();
        }
        List<TraceTableView.ExtraColumn> out = new java.util.ArrayList<>();
        for (org.tracejudge.scheme.Question q : scheme.questions()) {
            String key = q.key();
            boolean filter = q.kind() == org.tracejudge.scheme.Kind.SINGLE_CHOICE
                    || q.kind() == org.tracejudge.scheme.Kind.ORDINAL;
            out.add(new TraceTableView.ExtraColumn(
                    "q:" + key,
                    key,
                    q.prompt() + " (your answer; " + q.kind().words() + ")",
                    filter,
                    q.blind(),
                    trace -> vm.questions().cell(trace, key)));
        }
        return out;
    }

    public org.tracejudge.ui.trace.QuestionBarView questionBar() {
        return questionBar;
    }

    public AgreementPanel agreementPanel() {
        return agreementPanel;
    }

    public void showWelcome() {
        welcome.refresh(vm.session());
        welcome.onSafetySample(this::openSafetySample);
        welcome.onTour(() -> vm.session().openSample(org.tracejudge.sample.SampleProject.Kind.TOUR));
        workbench.setVisible(false);
        welcome.setVisible(true);
        if (!center.getChildren().contains(welcome)) {
            center.getChildren().add(welcome);
        }
        welcome.toFront();
    }

    /**
     * The workbench joins the scene, hidden under the start page, once the start page has been laid out: its controls
     * are styled and laid out while the person reads the start page, so opening a project only reveals it (at 100k
     * traces this took a third of the time to the first rows). Hidden nodes take no focus, keys or clicks.
     */
    private void prebuildWorkbench() {
        Runnable[] once = new Runnable[1];
        once[0] = () -> {
            scene.removePostLayoutPulseListener(once[0]);
            javafx.application.Platform.runLater(() -> {
                if (!center.getChildren().contains(workbench)) {
                    workbench.setVisible(false);
                    center.getChildren().add(0, workbench);
                }
            });
        };
        javafx.application.Platform.runLater(() -> scene.addPostLayoutPulseListener(once[0]));
    }

    public void showWorkbench() {
        if (!center.getChildren().contains(workbench)) {
            center.getChildren().add(0, workbench);
        }
        workbench.setVisible(true);
        welcome.setVisible(false);
        // review keys work at once: the focus starts in the table, not in the search box — now, so that a key typed
        // while the rows are read never lands in the search box as a filter, and again after the layout pass
        tableView.table().requestFocus();
        javafx.application.Platform.runLater(() -> tableView.table().requestFocus());
    }

    // ------------------------------------------------------------------------------------ review keys' targets

    /** Runs a decision, asking for the annotator's name first if it was never given. */
    void withAnnotator(Runnable decision) {
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
        TextInputDialog d = new TextInputDialog(
                Optional.ofNullable(vm.session().annotatorProperty().get())
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

    /** Opens the judge-run window for the open project (or brings the running one forward). */
    public JudgeRunWindow showJudgeRun() {
        if (!vm.session().openProperty().get()) {
            new Alert(Alert.AlertType.INFORMATION, "Open a project first: a judge labels its traces.", ButtonType.OK)
                    .showAndWait();
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
            new Alert(
                            Alert.AlertType.INFORMATION,
                            "Open a project first: the dashboard shows its figures.",
                            ButtonType.OK)
                    .showAndWait();
            return null;
        }
        if (metricsWindow == null || !metricsWindow.stage().isShowing()) {
            metricsWindow = new MetricsWindow(stage, vm.session());
            styleLike(metricsWindow.stage().getScene());
        }
        metricsWindow.open();
        return metricsWindow;
    }

    /** The shortcuts sheet: the key table's rows. */
    public Alert showShortcuts() {
        return ShortcutsSheet.show(scene, "shortcutsSheet", "Keyboard shortcuts", Shortcut.sheet());
    }

    /** Imports into the open project in the background (same path as the Import… menu and drag and drop). */
    public void importFiles(List<Path> files) {
        vm.imports().importFiles(files);
    }

    // ------------------------------------------------------------------------------------ for the window's pieces

    org.tracejudge.ui.session.Session session() {
        return vm.session();
    }

    MenuBar menuBar() {
        return menuBar;
    }

    /** The review keys (the scene's key filter and the menus' gate). */
    ReviewKeys keys() {
        return keys;
    }

    SplitPane workbench() {
        return workbench;
    }

    org.tracejudge.ui.comments.CommentsPane commentsPane() {
        return commentsPane;
    }

    /** Whether the workbench is in the scene (on show, or styled and laid out, hidden under the start page). */
    boolean workbenchInScene() {
        return center.getChildren().contains(workbench);
    }

    /** Whether the workbench (not the start page) is on show. */
    boolean workbenchShown() {
        return workbench.isVisible() && center.getChildren().contains(workbench);
    }

    /** Reviewing: the trace is what the keys act on, so its tab is on show. */
    void showTraceTab() {
        side.getSelectionModel().select(traceTab);
    }
}
