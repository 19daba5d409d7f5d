package org.tracejudge.ui.safety;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;
import javafx.animation.PauseTransition;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.util.Duration;
import org.tracejudge.safety.SafetyReview;
import org.tracejudge.selection.Scenario;
import org.tracejudge.selection.SelectionTraces;

/**
 * Safety review of tool-selection traces: a content warning before the first item, an expert's per-tool YES/NO
 * with a rationale (machine labels hidden until the expert commits, under a blind first pass), skip without
 * labelling, a break reminder, and the adjudication queue where the adjudicator sees every expert's reasons.
 */
public final class SafetyReviewView extends BorderPane {
    private final SafetyReviewModel model;
    private final ListView<SelectionTraces.Item> items = new ListView<>();
    private final Label message = new Label();
    private final GridPane toolGrid = new GridPane();
    private final Map<String, ToggleButton> toggles = new LinkedHashMap<>();
    private final TextField expert = new TextField();
    private final TextField rationale = new TextField();
    private final Label machine = new Label();
    private final Label status = new Label();
    private final Label breakReminder = new Label();
    private final ListView<SafetyReview.Disagreement> queue = new ListView<>();
    private final Label reasons = new Label();
    private final TextField adjudicator = new TextField();
    private final TextField adjRationale = new TextField();
    private final TabPane tabs = new TabPane();
    private int skipped;

    public SafetyReviewView(SafetyReviewModel model) {
        this.model = model;
        setId("safetyReview");
        setPadding(new Insets(12));
        status.setId("safetyStatus");
        setBottom(status);
        setCenter(new Label("Opening…"));
    }

    /** Shows the content warning (when the policy asks for one), then the review. */
    public void show(SafetyReviewModel.Loaded loaded) {
        if (loaded.policy().contentWarning()) {
            Label title = new Label("Content warning");
            title.getStyleClass().add("section-title");
            Label text = new Label(loaded.contentWarning() + "\n\nYou can skip any item without labelling it, "
                    + "and stop at any time.");
            text.setId("contentWarning");
            text.setWrapText(true);
            Button go = new Button("Continue to the review");
            go.setId("continueWarning");
            go.setDefaultButton(true);
            go.setOnAction(e -> review(loaded));
            VBox box = new VBox(14, title, text, go);
            box.setPadding(new Insets(30));
            setCenter(box);
        } else {
            review(loaded);
        }
    }

    private void review(SafetyReviewModel.Loaded loaded) {
        items.setId("safetyItems");
        items.getItems().setAll(loaded.items());
        items.setCellFactory(l -> new ListCell<>() {
            @Override
            protected void updateItem(SelectionTraces.Item it, boolean empty) {
                super.updateItem(it, empty);
                setText(empty || it == null ? null : it.taskKey() + "  " + it.model() + " (" + it.approach() + ")");
            }
        });
        items.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> showItem(b));
        items.setPrefWidth(300);
        message.setId("safetyMessage");
        message.setWrapText(true);
        expert.setId("safetyExpert");
        // another expert at the keyboard: hide the machine labels again until they commit (blind first pass)
        expert.textProperty().addListener((o, a, b) -> {
            SelectionTraces.Item it = items.getSelectionModel().getSelectedItem();
            if (it != null) {
                machine.setText("");
                loadMachine(it);
            }
        });
        expert.setPromptText("your name");
        rationale.setId("safetyRationale");
        rationale.setPromptText("why (quote the words behind each YES and each safety-critical NO)");
        machine.setId("machineLabels");
        machine.setWrapText(true);
        Button commit = new Button("Commit my labels");
        commit.setId("safetyCommit");
        commit.setOnAction(e -> commit());
        Button skip = new Button("Skip");
        skip.setId("safetySkip");
        skip.setDisable(!loaded.policy().allowSkip());
        skip.setOnAction(e -> {
            skipped++;
            status.setText("skipped (" + skipped + " this session); nothing was recorded");
            items.getSelectionModel().selectNext();
        });
        breakReminder.setId("breakReminder");
        breakReminder.setVisible(false);
        if (loaded.policy().breakMinutes() > 0) {
            PauseTransition t = new PauseTransition(Duration.minutes(loaded.policy().breakMinutes()));
            t.setOnFinished(e -> {
                breakReminder.setText("You have been reviewing for " + loaded.policy().breakMinutes()
                        + " minutes. Take a break.");
                breakReminder.setVisible(true);
            });
            t.play();
        }
        VBox detail = new VBox(10, new Label("Message"), message, new Label("Should each tool fire?"), toolGrid,
                new HBox(8, new Label("Expert"), expert), rationale, new HBox(8, commit, skip), new Label("Rule and judges"),
                machine, breakReminder);
        detail.setPadding(new Insets(0, 0, 0, 12));
        HBox.setHgrow(detail, Priority.ALWAYS);
        Tab review = new Tab("Review", new HBox(items, detail));
        review.setClosable(false);

        queue.setId("adjQueue");
        queue.setCellFactory(l -> new ListCell<>() {
            @Override
            protected void updateItem(SafetyReview.Disagreement d, boolean empty) {
                super.updateItem(d, empty);
                setText(empty || d == null ? null : d.taskKey() + "  " + d.model() + "  " + d.tool()
                        + (d.safetyCritical() ? "  (safety-critical)" : ""));
            }
        });
        queue.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> reasons.setText(b == null ? "" : describe(b)));
        reasons.setId("adjRationales");
        reasons.setWrapText(true);
        adjudicator.setId("adjudicator");
        adjudicator.setPromptText("adjudicator");
        adjRationale.setId("adjRationale");
        adjRationale.setPromptText("decision rationale");
        Button yes = new Button("YES: the tool should fire");
        yes.setId("adjYes");
        yes.setOnAction(e -> adjudicate(true));
        Button no = new Button("NO");
        no.setId("adjNo");
        no.setOnAction(e -> adjudicate(false));
        VBox adjDetail = new VBox(10, reasons, adjudicator, adjRationale, new HBox(8, yes, no));
        adjDetail.setPadding(new Insets(0, 0, 0, 12));
        Tab adj = new Tab("Adjudication", new HBox(queue, adjDetail));
        adj.setId("adjTab");
        adj.setClosable(false);
        adj.setOnSelectionChanged(e -> {
            if (adj.isSelected()) {
                refreshQueue();
            }
        });
        tabs.getTabs().setAll(review, adj);
        tabs.setId("safetyTabs");
        setCenter(tabs);
        if (!items.getItems().isEmpty()) {
            items.getSelectionModel().select(0);
        }
    }

    private static String describe(SafetyReview.Disagreement d) {
        StringBuilder sb = new StringBuilder(d.tool() + " on " + d.taskKey() + " (" + d.model() + ")\n");
        for (SafetyReview.Opinion o : d.experts()) {
            sb.append(o.rater()).append(": ").append(o.yes() ? "YES" : "NO").append(" — ")
                    .append(o.rationale() == null ? "(no rationale)" : o.rationale()).append('\n');
        }
        return sb.toString();
    }

    private void showItem(SelectionTraces.Item it) {
        toggles.clear();
        toolGrid.getChildren().clear();
        rationale.clear();
        if (it == null) {
            message.setText("");
            return;
        }
        message.setText(it.input());
        int row = 0;
        Scenario sc = it.scenario();
        for (Scenario.Tool t : sc == null ? List.<Scenario.Tool>of() : sc.tools()) {
            ToggleButton b = new ToggleButton("NO");
            b.setId("tool-" + row);
            b.selectedProperty().addListener((o, was, now) -> b.setText(now ? "YES" : "NO"));
            toggles.put(t.name(), b);
            toolGrid.addRow(row++, new Label(t.name() + (t.safetyCritical() ? "  [safety-critical]" : "")), b);
        }
        toolGrid.setHgap(10);
        toolGrid.setVgap(4);
        loadMachine(it);
    }

    private void loadMachine(SelectionTraces.Item it) {
        String who = expert.getText().strip();
        model.machineLabels(it.traceId(), who).whenComplete((m, err) -> Platform.runLater(() -> {
            if (err != null) {
                Throwable cause = err instanceof CompletionException && err.getCause() != null ? err.getCause() : err;
                machine.setText(cause instanceof SafetyReview.BlindPassException
                        ? "hidden until you commit your own labels (blind first pass)" : cause.getMessage());
            } else {
                StringBuilder sb = new StringBuilder();
                m.forEach((rater, tools) -> {
                    List<String> yes = new ArrayList<>();
                    tools.forEach((t, y) -> {
                        if (y) {
                            yes.add(t);
                        }
                    });
                    sb.append(rater).append(": ").append(yes.isEmpty() ? "no tool" : String.join(", ", yes)).append('\n');
                });
                machine.setText(sb.toString().strip());
            }
        }));
    }

    private void commit() {
        SelectionTraces.Item it = items.getSelectionModel().getSelectedItem();
        String who = expert.getText().strip();
        if (it == null || who.isEmpty()) {
            status.setText(who.isEmpty() ? "enter your name first" : "select an item first");
            return;
        }
        Map<String, Boolean> perTool = new LinkedHashMap<>();
        toggles.forEach((t, b) -> perTool.put(t, b.isSelected()));
        after(model.commit(it.traceId(), who, perTool, rationale.getText().strip()), id -> {
            status.setText("committed " + who + "'s labels on " + it.taskKey());
            loadMachine(it);
        });
    }

    private void refreshQueue() {
        after(model.queue(), q -> {
            queue.getItems().setAll(q);
            if (!q.isEmpty()) {
                queue.getSelectionModel().select(0);
            } else {
                reasons.setText("Nothing to adjudicate.");
            }
        });
    }

    private void adjudicate(boolean yes) {
        SafetyReview.Disagreement d = queue.getSelectionModel().getSelectedItem();
        String who = adjudicator.getText().strip();
        if (d == null || who.isEmpty()) {
            status.setText(who.isEmpty() ? "enter the adjudicator's name" : "nothing selected");
            return;
        }
        after(model.adjudicate(d.traceId(), who, d.tool(), yes, adjRationale.getText().strip()), id -> {
            status.setText("adjudicated " + d.tool() + " on " + d.taskKey() + ": " + (yes ? "YES" : "NO"));
            refreshQueue();
        });
    }

    private <T> void after(CompletableFuture<T> f, Consumer<T> onFx) {
        f.whenComplete((v, err) -> Platform.runLater(() -> {
            if (err != null) {
                Throwable cause = err instanceof CompletionException && err.getCause() != null ? err.getCause() : err;
                status.setText("failed: " + cause.getMessage());
            } else {
                onFx.accept(v);
            }
        }));
    }

    /** Selects the item of this trace (tests and links from the workbench). */
    public void select(String traceId) {
        for (SelectionTraces.Item it : items.getItems()) {
            if (it.traceId().equals(traceId)) {
                items.getSelectionModel().select(it);
                items.scrollTo(it);
                return;
            }
        }
    }
}
