package org.tracejudge.ui;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.stage.FileChooser;
import javafx.stage.Stage;

/**
 * The File menu's choices (open, new, import, classify, export) and dropped files: a chooser or a dialog, then the
 * work through the session or the import view model, which runs it in the background.
 */
final class FileActions {
    private final Stage stage;
    private final ViewModels vm;
    private final MainWindow w;

    FileActions(Stage stage, ViewModels vm, MainWindow w) {
        this.stage = stage;
        this.vm = vm;
        this.w = w;
    }

    void chooseProject() {
        FileChooser fc = new FileChooser();
        fc.setTitle("Open project");
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("Tracejudge projects", "*.tjdb"));
        File f = fc.showOpenDialog(stage);
        if (f != null) {
            vm.session().open(f.toPath());
        }
    }

    boolean chooseNewProject() {
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

    void chooseImport() {
        if (vm.session().projectFile() == null && !chooseNewProject()) {
            return;
        }
        FileChooser fc = new FileChooser();
        fc.setTitle("Import into " + vm.session().state().titleProperty().get().replace("Tracejudge — ", ""));
        fc.getExtensionFilters()
                .addAll(
                        new FileChooser.ExtensionFilter(
                                "Traces (JSON, JSON Lines, Inspect .eval, SWE-agent .traj, .gz)",
                                "*.json",
                                "*.jsonl",
                                "*.eval",
                                "*.traj",
                                "*.gz"),
                        new FileChooser.ExtensionFilter("All files", "*.*"));
        List<File> files = fc.showOpenMultipleDialog(stage);
        if (files != null && !files.isEmpty()) {
            vm.imports().importFiles(files.stream().map(File::toPath).toList());
        }
    }

    /** File ▸ Classify…: which rule (compat reproduces the published one), then the run in the background. */
    void chooseClassify() {
        javafx.scene.control.ChoiceDialog<String> d = new javafx.scene.control.ChoiceDialog<>(
                "compat (the published rule, quirks included)",
                "compat (the published rule, quirks included)",
                "tolerant (numbers as numbers, whole tokens)");
        d.initOwner(stage);
        d.setTitle("Classify");
        w.dressed(d.getDialogPane());
        d.setHeaderText("Run the rule classifier over every trace of the project; its labels go into the ledger.");
        d.setContentText("Rule:");
        d.showAndWait().ifPresent(choice -> vm.imports()
                .classify(
                        choice.startsWith("tolerant")
                                ? org.tracejudge.rules.RuleClassifier.Mode.TOLERANT
                                : org.tracejudge.rules.RuleClassifier.Mode.COMPAT));
    }

    /** File ▸ Export…: where to, then the export in the background. */
    void chooseExport() {
        FileChooser fc = new FileChooser();
        fc.setTitle("Export the project");
        fc.setInitialFileName(
                vm.session().projectFile() == null
                        ? "project.jsonl"
                        : vm.session().projectFile().getFileName().toString().replaceAll("\\.tjdb$", "") + ".jsonl");
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("JSON Lines", "*.jsonl"));
        File f = fc.showSaveDialog(stage);
        if (f != null) {
            vm.imports().export(f.toPath());
        }
    }

    /** File ▸ Export labels (CSV)…: one row per trace, with each person's rationale and the comments. */
    void chooseLabelsExport() {
        FileChooser fc = new FileChooser();
        fc.setTitle("Export the labels (CSV)");
        fc.setInitialFileName(
                vm.session().projectFile() == null
                        ? "labels.csv"
                        : vm.session().projectFile().getFileName().toString().replaceAll("\\.tjdb$", "")
                                + "-labels.csv");
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("CSV", "*.csv"));
        File f = fc.showSaveDialog(stage);
        if (f != null) {
            vm.imports().exportLabels(f.toPath());
        }
    }

    /** File ▸ Export report…: where to, then the study report in the background (progress and Cancel). */
    void chooseReportExport() {
        FileChooser fc = new FileChooser();
        fc.setTitle("Export the study report (HTML)");
        fc.setInitialFileName(
                vm.session().projectFile() == null
                        ? "study.html"
                        : vm.session().projectFile().getFileName().toString().replaceAll("\\.tjdb$", "")
                                + "-report.html");
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("Web page", "*.html"));
        File f = fc.showSaveDialog(stage);
        if (f != null) {
            Path p = f.toPath();
            if (!p.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".html")) {
                p = p.resolveSibling(p.getFileName() + ".html");
            }
            vm.imports().exportReport(p);
        }
    }

    /** Files dropped on the window or the start page: a project opens, anything else is imported. */
    void importDropped(List<Path> files) {
        if (files.size() == 1 && files.get(0).toString().endsWith(".tjdb")) {
            vm.session().open(files.get(0));
            return;
        }
        if (vm.session().projectFile() == null) {
            new Alert(
                            Alert.AlertType.INFORMATION,
                            "Open or create a project first; then drop files to import them.",
                            ButtonType.OK)
                    .show();
            return;
        }
        vm.imports().importFiles(files);
    }
}
