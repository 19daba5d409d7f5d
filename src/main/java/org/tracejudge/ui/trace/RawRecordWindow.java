package org.tracejudge.ui.trace;

import java.util.concurrent.CompletableFuture;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextArea;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * The trace on screen as it was imported (View ▸ Raw record, Ctrl+U): its steps on the left, the selected step's
 * JSON on the right — the turn as stored beside its source entry, and at the end everything else the source carried
 * (raw provider responses, errors, usage). Read-only; the record is built off the FX thread from the trace already
 * read. Under the blind mode verdict-carrying fields are held back (see {@link RawRecord}).
 *
 * <p>A pure view: its model is {@link RawRecord}, plain data built off the FX thread from the trace already read
 * (tested without a window in {@code RawRecordTest}); the window only shows the steps and the selected one's JSON.
 */
public final class RawRecordWindow {
    private final Stage stage = new Stage();
    private final ListView<RawRecord.Entry> steps = new ListView<>();
    private final TextArea json = new TextArea();
    private final Label status = new Label("Reading the record …");

    public RawRecordWindow(Window owner, TraceDetail d, boolean blind) {
        stage.initOwner(owner);
        String where = d.task().key() + " · " + d.trace().model();
        stage.setTitle("Raw record — " + where);
        steps.setId("rawSteps");
        steps.setCellFactory(l -> new ListCell<>() {
            @Override
            protected void updateItem(RawRecord.Entry e, boolean empty) {
                super.updateItem(e, empty);
                setText(empty || e == null ? null : e.title());
            }
        });
        steps.getSelectionModel()
                .selectedItemProperty()
                .addListener((o, a, e) -> json.setText(e == null ? "" : e.json()));
        json.setId("rawJson");
        json.setEditable(false);
        json.setWrapText(true);
        json.getStyleClass().add("raw-json");
        json.setStyle("-fx-font-family: monospace;");
        status.setId("rawStatus");
        status.setWrapText(true);
        status.getStyleClass().add("muted");
        SplitPane split = new SplitPane(steps, json);
        split.setOrientation(Orientation.HORIZONTAL);
        split.setDividerPositions(0.3);
        VBox.setVgrow(split, Priority.ALWAYS);
        Label head = new Label(where
                + (d.trace().run() == null || d.trace().run().isBlank()
                        ? ""
                        : " · " + d.trace().run()));
        head.getStyleClass().add("section-title");
        VBox root = new VBox(8, head, status, split);
        root.setPadding(new Insets(12));
        Scene scene = new Scene(root, 1000, 680);
        scene.getStylesheets().addAll(owner.getScene().getStylesheets());
        scene.addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.ESCAPE) { // before the list, which would take Esc for itself
                e.consume();
                stage.close();
            }
        });
        stage.setScene(scene);
        CompletableFuture.supplyAsync(() -> RawRecord.of(d.trace(), blind))
                .whenComplete((r, err) -> Platform.runLater(() -> {
                    if (err != null) {
                        status.setText("Cannot show the record: " + err.getMessage());
                        return;
                    }
                    steps.getItems().setAll(r.entries());
                    status.setText(r.entries().size() + (r.entries().size() == 1 ? " entry" : " entries")
                            + " as imported; ↑/↓ walk them, Esc closes."
                            + (r.heldBack() > 0
                                    ? " Blind mode: " + r.heldBack() + " field" + (r.heldBack() == 1 ? "" : "s")
                                            + " that can carry a verdict held back."
                                    : ""));
                    steps.getSelectionModel().select(0);
                    steps.requestFocus();
                }));
    }

    public void open() {
        stage.show();
    }

    public Stage stage() {
        return stage;
    }

    public ListView<RawRecord.Entry> steps() {
        return steps;
    }

    public TextArea json() {
        return json;
    }

    public Label status() {
        return status;
    }
}
