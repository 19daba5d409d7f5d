package org.tracejudge.ui;

import java.util.List;
import java.util.Locale;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.ToggleGroup;
import javafx.stage.Stage;
import org.tracejudge.ui.common.Theme;

/**
 * The main window's menu bar: File, Review, View, Judges, Help. Accelerators come from the key table
 * ({@link Shortcut}); the review actions' plain keys go through {@link ReviewKeys#review} so that they act only where
 * the review keys do.
 */
final class MainMenus {
    private final MainWindow w;
    private final ViewModels vm;
    private final ReviewKeys keys;
    private final FileActions files;
    private final Stage stage;
    private org.tracejudge.ui.team.TeamWindow teamWindow;

    MainMenus(MainWindow w, ViewModels vm, ReviewKeys keys, FileActions files, Stage stage) {
        this.w = w;
        this.vm = vm;
        this.keys = keys;
        this.files = files;
        this.stage = stage;
    }

    MenuBar build() {
        return new MenuBar(file(), review(), view(), judges(), help());
    }

    private Menu file() {
        MenuItem start = new MenuItem("_Start page");
        start.setOnAction(e -> w.showWelcome());
        MenuItem sample = new MenuItem("Open _sample project");
        sample.setOnAction(e -> vm.session().open(null));
        MenuItem tour = new MenuItem("Open the _tour of trace kinds");
        tour.setId("tourMenu");
        tour.setOnAction(e -> vm.session().openSample(org.tracejudge.sample.SampleProject.Kind.TOUR));
        MenuItem open = new MenuItem("_Open project…");
        open.setAccelerator(Shortcut.OPEN_IMPORT.accelerator(0));
        open.setOnAction(e -> files.chooseProject());
        MenuItem create = new MenuItem("_New project…");
        create.setAccelerator(Shortcut.NEW_PROJECT.accelerator());
        create.setOnAction(e -> files.chooseNewProject());
        MenuItem imp = new MenuItem("_Import…");
        imp.setAccelerator(Shortcut.OPEN_IMPORT.accelerator(1));
        imp.setOnAction(e -> files.chooseImport());
        MenuItem receive = new MenuItem("_Receive traces…");
        receive.setId("receiveMenu");
        receive.setOnAction(e -> org.tracejudge.ui.receive.ReceiveWindow.show(stage, vm.session()));
        receive.disableProperty().bind(vm.session().openProperty().not());
        MenuItem classify = new MenuItem("_Classify…");
        classify.setId("classifyMenu");
        classify.setOnAction(e -> files.chooseClassify());
        MenuItem export = new MenuItem("_Export…");
        export.setId("exportMenu");
        export.setAccelerator(Shortcut.EXPORT.accelerator());
        export.setOnAction(e -> files.chooseExport());
        MenuItem exportLabels = new MenuItem("Export _labels (CSV)…");
        exportLabels.setId("exportLabelsMenu");
        exportLabels.setOnAction(e -> files.chooseLabelsExport());
        MenuItem exportReport = new MenuItem("Export re_port…");
        exportReport.setId("exportReportMenu");
        exportReport.setOnAction(e -> files.chooseReportExport());
        for (MenuItem m : List.of(classify, export, exportLabels, exportReport)) {
            m.disableProperty()
                    .bind(vm.session().openProperty().not().or(vm.imports().importingProperty()));
        }
        MenuItem quit = new MenuItem("_Quit");
        quit.setAccelerator(Shortcut.QUIT.accelerator());
        quit.setOnAction(e -> {
            if (w.safetyMayClose()) {
                stage.close();
            }
        });
        Menu file = new Menu(
                "_File",
                null,
                start,
                sample,
                tour,
                open,
                create,
                new SeparatorMenuItem(),
                imp,
                receive,
                classify,
                export,
                exportLabels,
                exportReport,
                new SeparatorMenuItem(),
                team(),
                new SeparatorMenuItem(),
                quit);
        file.setId("fileMenu");
        return file;
    }

    /** File ▸ Team: join, sync now, status and progress (org.tracejudge.ui.team). */
    private Menu team() {
        MenuItem join = new MenuItem("_Join…");
        join.setOnAction(e -> org.tracejudge.ui.team.TeamWindow.join(stage, vm.session()));
        MenuItem sync = new MenuItem("_Sync now");
        sync.setId("teamSyncMenu");
        sync.setOnAction(e -> vm.session().team().syncTeamNow());
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

    private Menu review() {
        MenuItem accept = new MenuItem("_Accept proposed label");
        accept.setId("acceptMenu");
        accept.setAccelerator(Shortcut.ACCEPT.accelerator());
        accept.setOnAction(keys.review(() -> w.withAnnotator(vm.decisions()::accept)));
        MenuItem next = new MenuItem("_Next trace");
        next.setAccelerator(Shortcut.NEXT.accelerator());
        next.setOnAction(keys.review(vm.table()::next));
        MenuItem prev = new MenuItem("_Previous trace");
        prev.setAccelerator(Shortcut.PREVIOUS.accelerator());
        prev.setOnAction(keys.review(vm.table()::previous));
        MenuItem skip = new MenuItem("S_kip trace");
        skip.setAccelerator(Shortcut.SKIP.accelerator());
        skip.setOnAction(keys.review(vm.table()::skip));
        MenuItem rationale = new MenuItem("Write a _rationale");
        rationale.setAccelerator(Shortcut.RATIONALE.accelerator());
        rationale.setOnAction(keys.review(keys::rationale));
        MenuItem skippedItem = new MenuItem("Review _skipped traces");
        skippedItem.setId("reviewSkippedMenu");
        skippedItem.setOnAction(e -> vm.table().reviewSkipped());
        MenuItem undo = new MenuItem("_Undo last decision");
        undo.setId("undoMenu");
        undo.setAccelerator(Shortcut.UNDO.accelerator());
        undo.setOnAction(keys.review(vm.decisions()::undo));
        CheckMenuItem blind = new CheckMenuItem("_Blind mode");
        blind.setId("blindMenu");
        blind.setAccelerator(Shortcut.BLIND.accelerator());
        blind.selectedProperty().bindBidirectional(vm.session().state().blindProperty());
        MenuItem name = new MenuItem("Annotator _name…");
        name.setOnAction(e -> w.askAnnotator());
        MenuItem safety = new MenuItem("Sa_fety review of this project…");
        safety.setId("safetyMenu");
        safety.setAccelerator(Shortcut.SAFETY.accelerator());
        safety.setOnAction(e -> w.openSafetyReview());
        MenuItem compare = new MenuItem("Compare _with another run…");
        compare.setId("compareMenu");
        compare.setAccelerator(Shortcut.COMPARE.accelerator());
        compare.setOnAction(keys.review(w::openCompare));
        MenuItem comment = new MenuItem("Co_mment on this trace…");
        comment.setId("commentMenu");
        comment.setAccelerator(Shortcut.COMMENT_FLAG.accelerator(0));
        comment.setOnAction(keys.review(w.commentsPane()::askAndComment));
        MenuItem flag = new MenuItem("_Flag for the lead / clear the flag");
        flag.setId("flagMenu");
        flag.setAccelerator(Shortcut.COMMENT_FLAG.accelerator(1));
        flag.setOnAction(keys.review(() -> vm.comments().toggleFlag("")));
        MenuItem safetySample = new MenuItem("Safety review of the _Lantern sample…");
        safetySample.setId("safetySampleMenu");
        safetySample.setOnAction(e -> w.openSafetySample());
        Menu review = new Menu(
                "_Review",
                null,
                accept,
                next,
                prev,
                skip,
                rationale,
                skippedItem,
                undo,
                new SeparatorMenuItem(),
                blind,
                name,
                compare,
                comment,
                flag,
                new SeparatorMenuItem(),
                safety,
                safetySample);
        review.setId("reviewMenu");
        return review;
    }

    private Menu view() {
        MenuItem showTrace = new MenuItem("_Trace");
        showTrace.setId("showTraceMenu");
        showTrace.setAccelerator(Shortcut.TABS.accelerator(0));
        showTrace.setOnAction(e -> w.showAgreement(false));
        MenuItem showAgreement = new MenuItem("_Agreement");
        showAgreement.setId("showAgreementMenu");
        showAgreement.setAccelerator(Shortcut.TABS.accelerator(1));
        showAgreement.setOnAction(e -> w.showAgreement(true));
        showAgreement.disableProperty().bind(vm.session().state().blindProperty());
        MenuItem metrics = new MenuItem("_Metrics dashboard");
        metrics.setId("metricsMenu");
        metrics.setAccelerator(Shortcut.METRICS.accelerator());
        metrics.setOnAction(e -> w.showMetrics());
        ToggleGroup themes = new ToggleGroup();
        Menu theme = new Menu("T_heme");
        theme.setId("themeMenu");
        for (Theme.Mode m : Theme.Mode.values()) {
            RadioMenuItem item =
                    new RadioMenuItem(m == Theme.Mode.SYSTEM ? "_System (follow the desktop)" : "_" + m.title());
            item.setId("theme-" + m.name().toLowerCase(Locale.ROOT));
            item.setToggleGroup(themes);
            item.setSelected(w.themeModeProperty().get() == m);
            item.setOnAction(e -> w.themeModeProperty().set(m));
            w.themeModeProperty().addListener((o, a, b) -> item.setSelected(b == m));
            theme.getItems().add(item);
        }
        MenuItem larger = new MenuItem("_Larger");
        larger.setId("textLarger");
        larger.setAccelerator(Shortcut.TEXT_SIZE.accelerator(0));
        larger.setOnAction(e -> w.setTextSize(Theme.step(w.textSize(), +1)));
        MenuItem smaller = new MenuItem("_Smaller");
        smaller.setId("textSmaller");
        smaller.setAccelerator(Shortcut.TEXT_SIZE.accelerator(1));
        smaller.setOnAction(e -> w.setTextSize(Theme.step(w.textSize(), -1)));
        MenuItem reset = new MenuItem("_Reset");
        reset.setId("textReset");
        reset.setAccelerator(Shortcut.TEXT_SIZE.accelerator(2));
        reset.setOnAction(e -> w.setTextSize(Theme.DEFAULT_SIZE));
        Menu size = new Menu("Text _size", null, larger, smaller, reset);
        size.setId("textSizeMenu");
        CheckMenuItem focus = new CheckMenuItem("_Focus on one trace");
        focus.setId("focusMenu");
        focus.setAccelerator(Shortcut.FOCUS.accelerator());
        focus.selectedProperty().bindBidirectional(w.focusModeProperty());
        CheckMenuItem tableOnly = new CheckMenuItem("Table _only");
        tableOnly.setId("tableOnlyMenu");
        tableOnly.setAccelerator(Shortcut.TABLE_ONLY.accelerator());
        tableOnly.selectedProperty().bindBidirectional(w.tableOnlyProperty());
        MenuItem showCalibration = new MenuItem("_Calibration");
        showCalibration.setId("showCalibrationMenu");
        showCalibration.setAccelerator(Shortcut.TABS.accelerator(2));
        showCalibration.setOnAction(e -> w.showCalibration());
        showCalibration.disableProperty().bind(vm.session().state().blindProperty());
        MenuItem raw = new MenuItem("_Raw record of this trace…");
        raw.setId("rawMenu");
        raw.setAccelerator(Shortcut.RAW.accelerator());
        raw.setOnAction(e -> w.openRaw());
        Menu view = new Menu(
                "_View",
                null,
                showTrace,
                showAgreement,
                showCalibration,
                tableOnly,
                focus,
                raw,
                new SeparatorMenuItem(),
                metrics,
                new SeparatorMenuItem(),
                theme,
                size);
        view.setId("viewMenu");
        return view;
    }

    private Menu judges() {
        MenuItem runJudge = new MenuItem("_Run a judge…");
        runJudge.setId("runJudgeMenu");
        runJudge.setAccelerator(Shortcut.JUDGE.accelerator());
        runJudge.setOnAction(e -> w.showJudgeRun());
        return new Menu("_Judges", null, runJudge);
    }

    private Menu help() {
        MenuItem keysItem = new MenuItem("_Keyboard shortcuts");
        keysItem.setAccelerator(Shortcut.SHEET.accelerator()); // and ? (typed, outside text fields)
        keysItem.setOnAction(e -> w.showShortcuts());
        return new Menu("_Help", null, keysItem);
    }
}
