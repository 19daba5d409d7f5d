package org.tracejudge.ui.trace;

import java.util.List;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.tracejudge.model.ToolCall;

/**
 * Two runs of one task side by side (issue 36, item 8): the trace on screen on the left, another model's (or run's)
 * on the right, chosen from a list; each with its calls, final answer and labels. Under the blind mode the labels are
 * not shown, as in the trace view. Reads through {@link TraceViewModel}; nothing is read on the FX thread.
 *
 * <p>Its view model is the trace view's ({@link TraceViewModel#otherRuns}, {@link TraceViewModel#detailFuture},
 * {@link TraceViewModel#hidden}, tested in {@code TraceViewModelTest}); the window holds only the choice on screen.
 */
public final class CompareWindow {
    private final Stage stage = new Stage();
    private final TraceViewModel vm;
    private final VBox right = new VBox(6);
    private final ComboBox<TraceViewModel.Run> other = new ComboBox<>();

    public CompareWindow(Window owner, TraceViewModel vm, TraceDetail left) {
        this.vm = vm;
        stage.initOwner(owner);
        stage.setTitle("Compare runs — " + left.task().key());
        other.setId("compareWith");
        other.setPromptText("another run of this task");
        other.setOnAction(e -> {
            if (other.getValue() != null) {
                show(other.getValue());
            }
        });
        VBox leftBox = side(left);
        leftBox.setId("compareLeft");
        right.setId("compareRight");
        right.getChildren()
                .setAll(new Label("Choose another run of " + left.task().key() + " above."));
        Label task = new Label(left.task().key() + ": " + left.task().userMessage());
        task.setWrapText(true);
        task.setId("compareTask");
        HBox sides = new HBox(12, leftBox, right);
        HBox.setHgrow(leftBox, Priority.ALWAYS);
        HBox.setHgrow(right, Priority.ALWAYS);
        leftBox.setPrefWidth(1);
        right.setPrefWidth(1);
        VBox.setVgrow(sides, Priority.ALWAYS);
        HBox top = new HBox(8, new Label("Compare with:"), other);
        top.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        VBox root = new VBox(10, task, top, sides);
        root.setPadding(new Insets(12));
        Scene scene = new Scene(root, 1100, 700);
        scene.getStylesheets().addAll(owner.getScene().getStylesheets());
        scene.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ESCAPE) {
                stage.close();
            }
        });
        stage.setScene(scene);
        vm.otherRuns(left)
                .whenComplete((runs, err) -> Platform.runLater(() -> {
                    if (err != null) {
                        right.getChildren().setAll(new Label("Cannot read the other runs: " + err.getMessage()));
                    } else if (runs.isEmpty()) {
                        right.getChildren()
                                .setAll(new Label(
                                        "No other run of " + left.task().key() + " in this project."));
                        other.setDisable(true);
                    } else {
                        other.getItems().setAll(runs);
                        other.getSelectionModel().select(0);
                    }
                }));
    }

    public void open() {
        stage.show();
    }

    public Stage stage() {
        return stage;
    }

    private void show(TraceViewModel.Run run) {
        right.getChildren().setAll(new Label("Reading " + run + " …"));
        vm.detailFuture(run.traceId())
                .whenComplete((d, err) -> Platform.runLater(() -> {
                    if (other.getValue() != run) {
                        return; // another run was chosen meanwhile
                    }
                    if (err != null) {
                        right.getChildren().setAll(new Label("Cannot read " + run + ": " + err.getMessage()));
                    } else {
                        right.getChildren().setAll(side(d).getChildren());
                    }
                }));
    }

    /** One run: model and run, its calls, its final answer, its labels (hidden under the blind mode). */
    private VBox side(TraceDetail d) {
        Label head = new Label(d.trace().model()
                + (d.trace().run() == null || d.trace().run().isBlank()
                        ? ""
                        : " · " + d.trace().run()));
        head.getStyleClass().add("section-title");
        head.setId("compareHeading");
        List<ToolCall> calls = d.trace().executedCalls();
        StringBuilder c = new StringBuilder(calls.isEmpty() ? "no tool was called" : "");
        for (ToolCall call : calls) {
            c.append(c.length() == 0 ? "" : "\n")
                    .append(call.name())
                    .append('(')
                    .append(call.arguments() == null ? "" : org.tracejudge.json.Json.write(call.arguments()))
                    .append(')');
        }
        Label callsLabel = new Label("Calls: " + c);
        callsLabel.setWrapText(true);
        TextArea answer = new TextArea(
                d.trace().answer() == null ? "(no answer)" : d.trace().answer());
        answer.setEditable(false);
        answer.setWrapText(true);
        answer.getStyleClass().add("compare-answer");
        VBox.setVgrow(answer, Priority.ALWAYS);
        StringBuilder labels = new StringBuilder();
        if (vm.hidden(d)) {
            labels.append("Labels hidden (blind mode)");
        } else if (d.row() != null) {
            d.row().values().forEach((k, v) -> {
                if (v != null
                        && (k.startsWith("rater:")
                                || k.startsWith("human:")
                                || k.equals("ensemble")
                                || k.equals("final"))) {
                    labels.append(labels.length() == 0 ? "" : " · ")
                            .append(title(k, d))
                            .append(": ")
                            .append(v);
                }
            });
        }
        Label labelLine = new Label(labels.length() == 0 ? "No labels" : labels.toString());
        labelLine.setWrapText(true);
        labelLine.getStyleClass().add("muted");
        return new VBox(6, head, callsLabel, new Label("Final answer"), answer, labelLine);
    }

    private static String title(String key, TraceDetail d) {
        if (key.startsWith("human:")) {
            return key.substring("human:".length());
        }
        if (key.startsWith("rater:")) {
            for (var l : d.labels()) {
                if (key.equals("rater:" + l.raterId())) {
                    return l.raterName();
                }
            }
        }
        return key;
    }
}
