package org.tracejudge.ui.safety;

import static org.tracejudge.ui.safety.RevealPane.cell;
import static org.tracejudge.ui.safety.RevealPane.head;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextArea;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.tracejudge.safety.SafetyReview;
import org.tracejudge.selection.Scenario;
import org.tracejudge.ui.safety.SafetyReviewViewModel.AdjItem;
import org.tracejudge.ui.safety.SafetyReviewViewModel.Disputed;

/**
 * The adjudication tab (Ctrl+2): the queue of inputs where experts disagree, the user's message, both experts' labels
 * and rationales side by side, and the adjudicator's decision on each disputed tool with its rationale. The state is
 * {@link AdjudicationViewModel}'s; the window's key handler drives it.
 */
final class AdjudicationPane extends HBox {
    private final AdjudicationViewModel vm;
    private final ListView<AdjItem> queue = new ListView<>();
    private final GridPane adjGrid = new GridPane();
    private final HBox adjRationales = new HBox(12);
    private final TextArea adjRationale = new TextArea();
    private final List<ToolRow> adjRows = new ArrayList<>();

    AdjudicationPane(AdjudicationViewModel vm) {
        this.vm = vm;
        queue.setId("adjQueue");
        queue.setPrefWidth(290);
        queue.setItems(vm.queue());
        queue.setCellFactory(l -> new ListCell<>() {
            @Override
            protected void updateItem(AdjItem d, boolean empty) {
                super.updateItem(d, empty);
                if (empty || d == null) {
                    setText(null);
                    return;
                }
                setText(d.key() + "  ·  "
                        + String.join(
                                ", ",
                                d.tools().stream()
                                        .map(SafetyReview.Disagreement::tool)
                                        .toList()) + "\n" + d.input());
                setWrapText(true);
                setPrefWidth(0);
            }
        });
        queue.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> vm.selectAdj(b));
        vm.setOnAdjSelect(d -> queue.getSelectionModel().select(d));
        Label adjMessage = new Label();
        adjMessage.setId("adjMessage");
        adjMessage.getStyleClass().add("safety-message");
        adjMessage.setWrapText(true);
        adjMessage.setMaxWidth(Double.MAX_VALUE);
        adjMessage.textProperty().bind(vm.adjMessageProperty());
        Label adjWho = new Label();
        adjWho.setId("adjWho");
        adjWho.setWrapText(true);
        adjWho.textProperty().bind(vm.adjWhoProperty());
        adjGrid.setId("adjGrid");
        adjGrid.setHgap(14);
        adjGrid.setVgap(4);
        adjRationales.setId("adjRationales");
        adjRationale.setId("adjRationale");
        adjRationale.setPromptText("Your decision's rationale (required)");
        adjRationale.setPrefRowCount(2);
        adjRationale.setWrapText(true);
        adjRationale.textProperty().bindBidirectional(vm.adjRationaleProperty());
        Label adjError = new Label();
        adjError.setId("adjError");
        adjError.getStyleClass().add("safety-error");
        adjError.setWrapText(true);
        adjError.textProperty().bind(vm.adjErrorProperty().map(s -> s).orElse(""));
        adjError.visibleProperty().bind(vm.adjErrorProperty().isNotNull());
        adjError.managedProperty().bind(vm.adjErrorProperty().isNotNull());
        Button record = new Button("Record the decision  (Ctrl+Enter)");
        record.setId("adjRecord");
        record.setFocusTraversable(false);
        record.setOnAction(e -> vm.adjudicate());
        Label t1 = new Label("The user's message");
        t1.getStyleClass().add("section-title");
        Label t2 = new Label("Both experts, side by side (disputed tools: your decision, number then Y or N)");
        t2.getStyleClass().add("section-title");
        Label t3 = new Label("Their rationales");
        t3.getStyleClass().add("section-title");
        VBox adjBody = new VBox(8, t2, adjGrid, t3, adjRationales, adjRationale, adjError, record);
        adjBody.visibleProperty().bind(vm.adjCurrentProperty().isNotNull());
        adjBody.managedProperty().bind(vm.adjCurrentProperty().isNotNull());
        VBox detail = new VBox(8, adjWho, t1, adjMessage, adjBody);
        detail.setPadding(new Insets(0, 8, 8, 14));
        ScrollPane scroll = new ScrollPane(detail);
        scroll.setFitToWidth(true);
        HBox.setHgrow(scroll, Priority.ALWAYS);
        getChildren().setAll(queue, scroll);
        vm.disputedProperty().addListener((o, a, d) -> render(d));
        vm.adjToolProperty().addListener((o, a, i) -> highlight(i.intValue()));
    }

    /** The queue's list (the key handler moves through it and gives it the focus). */
    ListView<AdjItem> queue() {
        return queue;
    }

    void focusRationale() {
        adjRationale.requestFocus();
    }

    private void render(Disputed d) {
        adjGrid.getChildren().clear();
        adjRationales.getChildren().clear();
        adjRows.clear();
        if (d == null) {
            return;
        }
        List<String> experts = d.experts();
        Map<String, List<SafetyReview.Opinion>> ops = d.opinions();
        adjGrid.add(head("Tool"), 0, 0);
        for (int i = 0; i < experts.size(); i++) {
            adjGrid.add(head(experts.get(i)), i + 1, 0);
        }
        adjGrid.add(head("Your decision"), experts.size() + 1, 0);
        int row = 1;
        for (Scenario.Tool t : d.tools()) {
            boolean isDisputed = d.disputed().contains(t.name());
            Label name = new Label(t.name() + (t.safetyCritical() ? "  ⚠" : ""));
            name.getStyleClass().add(isDisputed ? "adj-disputed" : "reveal-tool");
            adjGrid.add(name, 0, row);
            for (int i = 0; i < experts.size(); i++) {
                String e = experts.get(i);
                Boolean v = ops.getOrDefault(t.name(), List.of()).stream()
                        .filter(o -> o.rater().equals(e))
                        .map(SafetyReview.Opinion::yes)
                        .findFirst()
                        .orElse(null);
                adjGrid.add(cell(v == null ? "–" : v ? "YES" : "NO", isDisputed), i + 1, row);
            }
            if (isDisputed) {
                int index = adjRows.size();
                ToolRow r = new ToolRow(d.answers().get(index), index + 1, "adj-");
                r.yes.setOnAction(e -> vm.pickAdjTool(index));
                r.no.setOnAction(e -> vm.pickAdjTool(index));
                Label n = new Label(String.valueOf(index + 1));
                n.getStyleClass().add("tool-number");
                adjRows.add(r);
                adjGrid.add(new HBox(6, n, r.box), experts.size() + 1, row);
            }
            row++;
        }
        for (String e : experts) {
            Label who = new Label(e);
            who.getStyleClass().add("tool-name");
            String why = d.reasons().get(e);
            Label text = new Label(why == null || why.isBlank() ? "(no rationale)" : why);
            text.setWrapText(true);
            text.setId("adjRationale-" + e);
            VBox box = new VBox(4, who, text);
            box.getStyleClass().add("adj-rationale");
            HBox.setHgrow(box, Priority.ALWAYS);
            box.setMaxWidth(Double.MAX_VALUE);
            box.setPrefWidth(300);
            adjRationales.getChildren().add(box);
        }
        highlight(vm.adjToolProperty().get());
    }

    private void highlight(int index) {
        for (int i = 0; i < adjRows.size(); i++) {
            adjRows.get(i).box.getStyleClass().remove("tool-current");
            if (i == index) {
                adjRows.get(i).box.getStyleClass().add("tool-current");
            }
        }
    }
}
