package org.tracejudge.ui.welcome;

import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * Import progress and errors, shown under whatever view is open: a progress bar with a cancel button while
 * an import runs, then its outcome; an error names the file and line and can be copied.
 */
public final class ImportPane extends VBox {
    public ImportPane(ImportViewModel vm) {
        setId("importPane");
        getStyleClass().add("import-pane");
        setPadding(new Insets(6, 10, 6, 10));
        setSpacing(4);
        ProgressBar bar = new ProgressBar();
        bar.setId("importProgress");
        bar.setPrefWidth(260);
        bar.progressProperty().bind(vm.importProgressProperty());
        Button cancel = new Button("Cancel");
        cancel.setId("cancelImport");
        cancel.setOnAction(e -> vm.cancelImport());
        Label message = new Label();
        message.setId("importMessage");
        message.textProperty().bind(vm.importMessageProperty());
        message.setWrapText(true); // a line per imported file; classify's counts per task type
        HBox progress = new HBox(8, bar, cancel);
        progress.setAlignment(Pos.CENTER_LEFT);
        progress.visibleProperty().bind(vm.importingProperty());
        progress.managedProperty().bind(vm.importingProperty());

        Label error = new Label();
        error.setId("importError");
        error.setWrapText(true);
        error.getStyleClass().add("import-error");
        HBox.setHgrow(error, Priority.ALWAYS);
        error.setMaxWidth(Double.MAX_VALUE);
        Button copy = new Button("Copy message");
        copy.setId("copyImportError");
        Button dismiss = new Button("Dismiss");
        dismiss.setId("dismissImport");
        // the message goes too: "Import failed" stayed under the table after the error was dismissed
        dismiss.setOnAction(e -> vm.dismiss());
        copy.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        dismiss.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        error.setMinWidth(0);
        HBox errorRow = new HBox(8, error, copy, dismiss);
        errorRow.setAlignment(Pos.CENTER_LEFT);
        copy.setOnAction(e -> {
            ImportViewModel.ImportError err = vm.importErrorProperty().get();
            if (err != null) {
                ClipboardContent c = new ClipboardContent();
                c.putString(err.message());
                Clipboard.getSystemClipboard().setContent(c);
                copy.setText("Copied");
            }
        });
        vm.importErrorProperty().addListener((o, a, err) -> {
            copy.setText("Copy message");
            if (err == null) {
                error.setText("");
            } else {
                StringBuilder sb = new StringBuilder();
                if (err.file() != null) {
                    sb.append("File ").append(err.file());
                    if (err.line() > 0) {
                        sb.append(", line ").append(err.line());
                    }
                    sb.append(":\n");
                }
                sb.append(err.message());
                error.setText(sb.toString());
            }
        });
        errorRow.visibleProperty().bind(vm.importErrorProperty().isNotNull());
        errorRow.managedProperty().bind(errorRow.visibleProperty());
        copy.visibleProperty().bind(vm.importErrorProperty().isNotNull());
        copy.managedProperty().bind(copy.visibleProperty());
        // a success message has its Dismiss too, beside it (the error row holds it when there is an error)
        HBox messageRow = new HBox(8, message);
        messageRow.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(message, Priority.ALWAYS);
        message.setMaxWidth(Double.MAX_VALUE);
        message.setMinWidth(0);
        javafx.beans.binding.BooleanBinding idle =
                vm.importingProperty().not().and(vm.importErrorProperty().isNull());
        idle.addListener((o, a, b) -> place(dismiss, b ? messageRow : errorRow));
        place(dismiss, idle.get() ? messageRow : errorRow);
        dismissIdle = idle;
        getChildren().addAll(messageRow, progress, errorRow);
        visibleProperty()
                .bind(vm.importingProperty()
                        .or(vm.importErrorProperty().isNotNull())
                        .or(vm.importMessageProperty().isNotEmpty()));
        managedProperty().bind(visibleProperty());
    }

    /** Held so the binding that moves Dismiss is not collected. */
    @SuppressWarnings("UnusedVariable")
    private final javafx.beans.binding.BooleanBinding dismissIdle;

    private static void place(Button dismiss, HBox row) {
        if (dismiss.getParent() != row) {
            if (dismiss.getParent() instanceof HBox old) {
                old.getChildren().remove(dismiss);
            }
            row.getChildren().add(dismiss);
        }
    }
}
