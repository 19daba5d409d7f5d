package org.tracejudge.ui.conversation;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.regex.Pattern;
import javafx.beans.property.IntegerProperty;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.tracejudge.calls.ArgEntry;
import org.tracejudge.calls.CallVerdict;
import org.tracejudge.calls.Conversation;
import org.tracejudge.calls.Schemas;
import org.tracejudge.json.Json;
import org.tracejudge.model.Task;
import org.tracejudge.model.ToolCall;
import org.tracejudge.model.Trace;
import org.tracejudge.model.Turn;
import org.tracejudge.ui.common.UncachedViewport;
import org.tracejudge.ui.conversation.ConversationViewModel.Row;

/**
 * A long multi-turn conversation (ToolHaystack, DiaBench) for call-level judging. The turns sit in a virtualised
 * {@link ListView} (only visible rows are laid out, so 80+ turns and 16+ sessions stay fluid); each session has a
 * header row with its badge (evidence / goal / distractor) that collapses it. Think blocks are hidden behind a
 * toggle. Beside it: the argument diff (each wrong value with its origin and a link to the turn it came from),
 * jump-to-evidence links with the evidence-to-goal distance, value timelines across sessions (latest flagged) and
 * the candidate-tool panel (gold beside its distractors, full parameter schemas, required flags, chosen vs gold).
 * Its state (rows, folded sessions, marked turns, the turn reached) is {@link ConversationViewModel}'s.
 */
public final class ConversationView extends BorderPane {
    private static final Pattern THINK = Pattern.compile("(?s)<think>(.*?)(</think>|$)");

    private final ConversationViewModel vm = new ConversationViewModel();
    private final ListView<Row> list = new ListView<>(vm.rows());
    private final ToggleButton thinkToggle = new ToggleButton("Show thinking");
    private final Label summary = new Label();
    private final VBox diffBox = new VBox(3);
    private final VBox evidenceBox = new VBox(3);
    private final VBox timelineBox = new VBox(3);
    private final VBox toolsBox = new VBox(6);

    public ConversationView() {
        setId("conversationView");
        getStyleClass().add("conversation-view");
        list.setId("conversationList");
        list.setCellFactory(l -> new TurnCell());
        thinkToggle.setId("thinkToggle");
        thinkToggle.selectedProperty().addListener((o, a, b) -> list.refresh());
        summary.setId("conversationSummary");
        summary.textProperty().bind(vm.summaryProperty());
        summary.getStyleClass().add("conversation-summary");
        HBox top = new HBox(10, summary, thinkToggle);
        top.setAlignment(Pos.CENTER_LEFT);
        top.setPadding(new Insets(2, 0, 4, 0));
        HBox.setHgrow(summary, Priority.ALWAYS);
        summary.setMaxWidth(Double.MAX_VALUE);
        summary.setWrapText(true); // the rule's check can be long: wrap it rather than cut it at 1280 px
        summary.setMinHeight(Region.USE_PREF_SIZE);
        thinkToggle.setMinWidth(Region.USE_PREF_SIZE); // never "S…"

        diffBox.setId("argDiff");
        evidenceBox.setId("evidenceLinks");
        timelineBox.setId("valueTimelines");
        toolsBox.setId("candidatePanel");
        VBox side = new VBox(
                6,
                title("Argument diff"),
                diffBox,
                title("Evidence"),
                evidenceBox,
                title("Value timelines"),
                timelineBox,
                title("Candidate tools"),
                toolsBox);
        side.setPadding(new Insets(4, 6, 4, 6));
        ScrollPane sideScroll = UncachedViewport.of(new ScrollPane(side));
        sideScroll.setFitToWidth(true);
        sideScroll.setId("callPanel");
        SplitPane split = new SplitPane(list, sideScroll);
        split.setOrientation(Orientation.HORIZONTAL);
        split.setDividerPositions(0.6);
        setTop(top);
        setCenter(split);
    }

    /** The turn most recently jumped to (-1 when none). */
    public IntegerProperty focusedTurnProperty() {
        return vm.focusedTurnProperty();
    }

    public ListView<Row> list() {
        return list;
    }

    /** The view's state (rows, folds, marks). */
    public ConversationViewModel model() {
        return vm;
    }

    public void show(Task task, Trace trace, CallVerdict v) {
        vm.show(trace, v);
        showDiff(v);
        showEvidence(v);
        showTimelines(v);
        showTools(task, v);
        list.scrollTo(0);
    }

    /** Scrolls to a turn (unfolding its session) and selects it. */
    public void jumpTo(int turn) {
        int i = vm.reach(turn);
        if (i >= 0) {
            list.scrollTo(Math.max(0, i - 1));
            list.getSelectionModel().clearAndSelect(i);
        }
    }

    /** The turns marked with ◆ (evidence for a gold value, the judged call), in order. */
    public List<Integer> markedTurns() {
        return vm.markedTurns();
    }

    /**
     * E / Shift+E in a conversation: scrolls to the next (or previous) marked turn — evidence and the judged call —
     * unfolding its session; wraps around.
     *
     * @return false when no turn is marked
     */
    public boolean nextEvidence(boolean forward) {
        int turn = vm.nextMark(forward);
        if (turn < 0) {
            return false;
        }
        jumpTo(turn);
        return true;
    }

    /** Folds or unfolds a session's turns. */
    public void toggleSession(int session) {
        vm.toggleSession(session);
    }

    /** A note of the side panel, wrapped to its width rather than cut off. */
    private static Label note(String text) {
        Label l = new Label(text);
        l.setWrapText(true);
        return l;
    }

    private static Label title(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("section-title");
        return l;
    }

    private static String value(JsonNode v) {
        return v == null ? "—" : Json.write(v);
    }

    /**
     * JSON on one line with a space after each comma and colon (outside strings), so a long call or tool result
     * wraps inside a turn instead of being cut off with an ellipsis.
     */
    static String spaced(JsonNode v) {
        if (v == null) {
            return "—";
        }
        if (v.isObject()) {
            StringBuilder sb = new StringBuilder("{");
            var it = v.properties().iterator();
            while (it.hasNext()) {
                var f = it.next();
                sb.append(Json.write(f.getKey()))
                        .append(": ")
                        .append(spaced(f.getValue()))
                        .append(it.hasNext() ? ", " : "");
            }
            return sb.append('}').toString();
        }
        if (v.isArray()) {
            StringBuilder sb = new StringBuilder("[");
            for (int i = 0; i < v.size(); i++) {
                sb.append(i > 0 ? ", " : "").append(spaced(v.get(i)));
            }
            return sb.append(']').toString();
        }
        return Json.write(v);
    }

    private Hyperlink turnLink(String id, String text, int turn) {
        Hyperlink h = new Hyperlink(text);
        h.setId(id);
        h.setOnAction(e -> jumpTo(turn));
        return h;
    }

    private static String safeId(String key) {
        return key.replaceAll("[^A-Za-z0-9_-]", "_");
    }

    private void showDiff(CallVerdict v) {
        diffBox.getChildren().clear();
        if (v == null) {
            return;
        }
        if (v.judged() == null) {
            diffBox.getChildren().add(note("no call was made"));
            return;
        }
        if (v.diff().isEmpty()) {
            diffBox.getChildren()
                    .add(note(
                            v.label().equals("wrong_tool")
                                    ? "another tool than the gold one"
                                    : "arguments equal the gold map"));
            return;
        }
        for (ArgEntry e : v.diff()) {
            Label l = new Label(e.key() + ": " + e.kind().code() + "  gold " + value(e.gold()) + " · called "
                    + value(e.actual())
                    + (e.origin() == null ? "" : " · " + e.origin().code().replace('_', '-'))
                    + (e.stale() ? " · stale" : ""));
            l.setWrapText(true);
            l.getStyleClass().addAll("arg-diff", "arg-" + e.kind().code());
            HBox row = new HBox(6, l);
            row.setAlignment(Pos.CENTER_LEFT);
            if (e.turn() >= 0) {
                row.getChildren()
                        .add(turnLink(
                                "diffTurn-" + safeId(e.key()),
                                "→ turn " + e.turn() + (e.session() == null ? "" : " (" + e.session() + ")"),
                                e.turn()));
            }
            diffBox.getChildren().add(row);
        }
    }

    private void showEvidence(CallVerdict v) {
        evidenceBox.getChildren().clear();
        if (v == null || v.evidence().isEmpty()) {
            evidenceBox.getChildren().add(note("no gold value found in the conversation"));
            return;
        }
        for (CallVerdict.Evidence e : v.evidence()) {
            String where = "turn " + e.turn() + (e.session() == null ? "" : " (" + e.session() + ")");
            String dist = e.distance() == null
                    ? ""
                    : " · " + e.distance() + (e.distance() == 1 ? " session" : " sessions") + " before the goal";
            Hyperlink h = turnLink(
                    "evidence-" + safeId(e.key()),
                    "Jump to evidence for " + e.key() + " = " + value(e.gold()) + ": " + where + dist,
                    e.turn());
            h.setWrapText(true);
            evidenceBox.getChildren().add(h);
        }
    }

    private void showTimelines(CallVerdict v) {
        timelineBox.getChildren().clear();
        if (v == null || v.timelines().isEmpty()) {
            timelineBox.getChildren().add(note("no value changed across the conversation"));
            return;
        }
        v.timelines().forEach((key, points) -> {
            VBox box = new VBox(1);
            box.setId("timeline-" + safeId(key));
            box.getChildren().add(new Label(key + ":"));
            for (CallVerdict.TimelinePoint p : points) {
                Hyperlink h = turnLink(
                        null,
                        "turn " + p.turn() + (p.session() == null ? "" : " (" + p.session() + ")") + "  "
                                + value(p.value()) + (p.latest() ? "  ← latest" : ""),
                        p.turn());
                if (p.latest()) {
                    h.getStyleClass().add("timeline-latest");
                }
                box.getChildren().add(h);
            }
            timelineBox.getChildren().add(box);
        });
    }

    private void showTools(Task task, CallVerdict v) {
        toolsBox.getChildren().clear();
        String gold = task.expectedCall() == null ? null : task.expectedCall().name();
        String chosen = v == null || v.judged() == null ? null : v.judged().name();
        List<Schemas.Tool> tools = Schemas.tools(task.tools());
        if (tools.isEmpty()) {
            toolsBox.getChildren().add(note("no candidate tools listed"));
        }
        // gold first, then the distractors in file order
        tools.sort((a, b) -> Boolean.compare(!a.name().equals(gold), !b.name().equals(gold)));
        for (Schemas.Tool t : tools) {
            VBox card = new VBox(2);
            card.setId("tool-" + safeId(t.name()));
            card.getStyleClass().add("tool-card");
            String marks = (t.name().equals(gold) ? "  [gold]" : "  [distractor]")
                    + (t.name().equals(chosen) ? "  [chosen]" : "");
            Label name = new Label(t.name() + marks);
            name.setWrapText(true);
            name.getStyleClass().add("tool-name");
            if (t.name().equals(gold)) {
                card.getStyleClass().add("tool-gold");
            }
            if (t.name().equals(chosen)) {
                card.getStyleClass().add(t.name().equals(gold) ? "tool-chosen" : "tool-chosen-wrong");
            }
            card.getChildren().add(name);
            if (!t.description().isBlank()) {
                Label d = new Label(t.description());
                d.setWrapText(true);
                card.getChildren().add(d);
            }
            for (String p : t.propertyNames()) {
                JsonNode schema = t.property(p);
                StringBuilder sb = new StringBuilder("  ")
                        .append(p)
                        .append(t.required(p) ? " *" : "")
                        .append(" : ")
                        .append(schema.path("type").asText("any"));
                if (schema.has("enum")) {
                    sb.append(" ").append(schema.get("enum"));
                }
                if (schema.has("default")) {
                    sb.append(" = ").append(schema.get("default"));
                }
                Label pl = new Label(sb.toString());
                pl.setWrapText(true);
                pl.setTooltip(new Tooltip(schema.toPrettyString()));
                if (t.required(p)) {
                    pl.getStyleClass().add("param-required");
                }
                card.getChildren().add(pl);
            }
            toolsBox.getChildren().add(card);
        }
        Label legend = new Label("* required");
        legend.getStyleClass().add("muted");
        toolsBox.getChildren().add(legend);
    }

    /** The text of a turn as shown: think blocks folded unless the toggle is on. */
    String shownText(Turn t) {
        String text = t.text() == null ? "" : t.text();
        if (thinkToggle.isSelected()) {
            return THINK.matcher(text).replaceAll("〔thinking: $1〕");
        }
        return THINK.matcher(text).replaceAll("〔thinking hidden〕");
    }

    private final class TurnCell extends ListCell<Row> {
        private final Label label = new Label();

        TurnCell() {
            label.setWrapText(true);
            label.setMinWidth(0);
            // a scrolled cell only moves: keep its rendered text as a bitmap instead of drawing every glyph again
            label.setCache(true);
            label.setCacheHint(javafx.scene.CacheHint.SPEED);
            label.maxWidthProperty().bind(widthProperty().subtract(24));
            setPrefWidth(0);
        }

        /**
         * The height the wrapped text needs at the cell's width (the skin asks the graphic for its height at no
         * width, i.e. one line per line break, and a long call or result was cut off with an ellipsis).
         */
        @Override
        protected double computePrefHeight(double width) {
            double w = (width > 0 ? width : getWidth()) - 24;
            if (getGraphic() != label || w <= 0) {
                return super.computePrefHeight(width);
            }
            return Math.max(
                    super.computePrefHeight(width), label.prefHeight(w) + snappedTopInset() + snappedBottomInset());
        }

        @Override
        protected void updateItem(Row r, boolean empty) {
            super.updateItem(r, empty);
            getStyleClass()
                    .removeAll(
                            "session-header",
                            "turn-row",
                            "turn-user",
                            "turn-assistant",
                            "turn-tool",
                            "turn-system",
                            "turn-response",
                            "turn-evidence",
                            "session-evidence",
                            "session-goal",
                            "session-distractor");
            Conversation conv = vm.conversation();
            if (empty || r == null || conv == null) {
                setGraphic(null);
                setText(null);
                setOnMouseClicked(null);
                return;
            }
            setText(null);
            if (r.header()) {
                String badge = conv.sessionBadge(r.session());
                boolean folded = vm.folded(r.session());
                label.setText((folded ? "▸ " : "▾ ") + "Session "
                        + conv.sessions().get(r.session()) + (badge == null ? "" : "  [" + badge + "]"));
                getStyleClass().add("session-header");
                if (badge != null) {
                    getStyleClass().add("session-" + badge);
                }
                setOnMouseClicked(e -> toggleSession(r.session()));
            } else {
                Turn t = conv.turns().get(r.turn());
                StringBuilder sb = new StringBuilder();
                sb.append('[').append(r.turn()).append("] ").append(t.role().code());
                if (conv.isResponse(r.turn())) {
                    sb.append(" (graded)");
                }
                String mark = vm.mark(r.turn());
                if (mark != null) {
                    sb.append("  ◆ ").append(mark);
                }
                sb.append('\n').append(shownText(t));
                if (t.text() == null || conv.isResponse(r.turn())) {
                    for (ToolCall c : t.toolCalls()) {
                        sb.append("\n→ ").append(c.name()).append(' ').append(spaced(c.arguments()));
                    }
                }
                t.toolResults().forEach(res -> sb.append("\n← ")
                        .append(res.name() == null ? "result" : res.name())
                        .append(' ')
                        .append(spaced(res.content())));
                label.setText(sb.toString().strip());
                getStyleClass().addAll("turn-row", "turn-" + t.role().code());
                if (conv.isResponse(r.turn())) {
                    getStyleClass().add("turn-response");
                }
                if (mark != null && mark.startsWith("evidence")) {
                    getStyleClass().add("turn-evidence");
                }
                setOnMouseClicked(null);
            }
            setGraphic(label);
        }
    }

    /** For tests: the rows currently in the list. */
    public List<Row> rows() {
        return List.copyOf(list.getItems());
    }

    /** For tests and the sample: the verdict shown. */
    public CallVerdict verdict() {
        return vm.verdict();
    }
}
