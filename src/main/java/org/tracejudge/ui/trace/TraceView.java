package org.tracejudge.ui.trace;

import java.util.List;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.tracejudge.model.Task;
import org.tracejudge.ui.common.UncachedViewport;
import org.tracejudge.ui.conversation.ConversationView;

/**
 * The trace view: the user message on top; the expected call beside the executed calls ({@link CallsView}); the tool
 * return beside the final answer, both highlighted with the rule's evidence, and the ground truth
 * ({@link ReturnAndAnswerView}); every rater's verdict and the history of decisions ({@link VerdictHistoryView}) beside
 * the comments; and the decision bar.
 *
 * <p>Why it is over 500 lines: its parts are refilled together on every trace (the nodes are kept and refilled, not
 * rebuilt, so that J/K stays fast: see docs/ARCHITECTURE.md, "Views change by refilling"); its state and decisions are
 * {@link TraceViewModel}'s and {@link DecisionViewModel}'s. What is left here is the layout of the parts, the decision
 * bar and the switch to a conversation ({@code ConversationView}) for call-level traces.
 */
public final class TraceView extends BorderPane {
    private final TraceViewModel vm;
    private final DecisionViewModel review;
    private final Label heading = new Label();
    private final Label userMessage = new Label();
    /** The expected call beside the executed calls. */
    private final CallsView calls = new CallsView();
    /** The tool return beside the final answer (and its ground truth), and their state. */
    private final ReturnAndAnswerViewModel returnAndAnswer = new ReturnAndAnswerViewModel();

    private final ReturnAndAnswerView pair;
    /** Every rater's verdict and the decisions made on the trace. */
    private final VerdictHistoryView verdicts = new VerdictHistoryView();

    private final Label proposed = new Label();
    private final FlowPane keys = new FlowPane(4, 4);
    /** What each decision key's label means (from the label set's definitions), under the keys. */
    private final Label keyLegend = new Label();

    private final javafx.scene.control.Hyperlink keyLegendToggle = new javafx.scene.control.Hyperlink();
    /** The legend shows every key's definition (else one: the hovered or focused key's, or the proposal's). */
    private final javafx.beans.property.BooleanProperty allDefinitions =
            new javafx.beans.property.SimpleBooleanProperty();
    /** The legend's lines, one per key; the one shown when collapsed. */
    private List<String> legendLines = List.of();

    private int legendFocus = -1;
    private int legendProposed = -1;
    private final TextField rationale = new TextField();
    private final Label decisionNote = new Label();
    private final Label placeholder =
            new Label("No trace selected: click a row, or press J / K. (An empty queue: " + "change the filter.)");
    private final VBox body;
    /** Call-level traces (ToolHaystack, DiaBench): the conversation view instead of return and answer. */
    private final ConversationView conversation = new ConversationView();

    private final VBox callBody = new VBox(8);
    private String shownTrace;
    /** Task and model of the trace shown (for the note when an unsaved rationale is dropped). */
    private String shownKey;

    public TraceView(TraceViewModel vm, DecisionViewModel review) {
        this.review = review;
        this.vm = vm;
        setId("traceView");
        getStyleClass().add("trace-view");
        heading.setId("traceHeading");
        heading.getStyleClass().add("trace-heading");
        heading.setWrapText(true); // a narrow pane wraps the heading rather than cutting off the target
        heading.setMinHeight(Region.USE_PREF_SIZE);
        userMessage.setId("userMessage");
        userMessage.setWrapText(true);
        userMessage.setMinHeight(Region.USE_PREF_SIZE);
        userMessage.getStyleClass().add("user-message");

        pair = new ReturnAndAnswerView(
                returnAndAnswer, () -> show(vm.detailProperty().get()));
        VBox.setVgrow(pair, Priority.ALWAYS);

        ScrollPane raterScroll = UncachedViewport.of(new ScrollPane(verdicts));
        raterScroll.setFitToWidth(true);
        raterScroll.setPrefViewportHeight(150);
        raterScroll.setMinHeight(60);
        raterScroll.getStyleClass().add("rater-scroll");
        raterScroll.setId("raterScroll");

        Label raterTitle = title("Raters");
        // the raters and the comments side by side under the evidence, each the full height of the lower part
        VBox raterColumn = new VBox(4, raterTitle, raterScroll);
        VBox.setVgrow(raterScroll, Priority.ALWAYS);
        raterColumn.getStyleClass().add("rater-column"); // as wide as a card (workbench.css), the comments give way
        ScrollPane commentsScroll = UncachedViewport.of(new ScrollPane(commentsSlot));
        commentsScroll.setFitToWidth(true);
        commentsScroll.setMinWidth(120);
        commentsScroll.getStyleClass().add("rater-scroll");
        commentsScroll.setId("commentsScroll");
        ratersAndComments.getItems().setAll(raterColumn, commentsScroll);
        ratersAndComments.setOrientation(Orientation.HORIZONTAL);
        ratersAndComments.setDividerPositions(0.6);
        ratersAndComments.setId("ratersAndComments");
        ratersAndComments.setPrefHeight(200);
        ratersAndComments.getStyleClass().add("raters-and-comments");
        // the return and answer above, the raters and comments below, with a divider between them (View remembers
        // it); neither side can be squeezed below what it needs to be read at 1280×800
        raterBox.getChildren().setAll(ratersAndComments);
        VBox.setVgrow(ratersAndComments, Priority.ALWAYS);
        raterBox.setMinHeight(100);
        pair.setMinHeight(100);
        evidenceAndRaters.getItems().setAll(pair, raterBox);
        evidenceAndRaters.setOrientation(Orientation.VERTICAL);
        evidenceAndRaters.setDividerPositions(0.5);
        evidenceAndRaters.heightProperty().addListener((o, a, b) -> keepRatersReadable());
        evidenceAndRaters.setId("evidenceAndRaters");
        VBox.setVgrow(evidenceAndRaters, Priority.ALWAYS);
        body = new VBox(8, heading, userMessage, calls, legend(), evidenceAndRaters);
        body.setPadding(new Insets(8, 10, 6, 10));
        callBody.setPadding(new Insets(8, 10, 6, 10));
        VBox.setVgrow(conversation, Priority.ALWAYS);
        setCenter(body);
        setBottom(decisionBar());
        placeholder.getStyleClass().add("placeholder");
        placeholder.setId("tracePlaceholder");
        placeholder.setWrapText(true);
        vm.detailProperty().addListener((o, a, d) -> show(d));
        vm.blindProperty().addListener((o, a, b) -> show(vm.detailProperty().get()));
        show(vm.detailProperty().get());
    }

    private final SplitPane evidenceAndRaters = new SplitPane();
    /** The raters (with the history) and the comments beside them. */
    private final SplitPane ratersAndComments = new SplitPane();

    /**
     * The height the raters and the comments keep (when the return and answer above keep theirs): a rater's card and
     * a comment with its buttons, at 1280×800.
     */
    public static final double LOWER_MIN_PX = 165;

    /** The height the return and the answer keep above the raters: a few lines of each, the rest by scrolling. */
    public static final double EVIDENCE_MIN_PX = 135;

    /**
     * Moves the raters' divider up when the raters and comments would get less than {@link #LOWER_MIN_PX} (a small
     * window, a divider kept from an older layout), as far as the return and answer keep {@link #EVIDENCE_MIN_PX};
     * a divider dragged lower stays until the height changes.
     */
    public void keepRatersReadable() {
        double h = evidenceAndRaters.getHeight();
        if (h <= 0 || evidenceAndRaters.getDividers().isEmpty()) {
            return;
        }
        double lower = h * (1 - evidenceAndRaters.getDividerPositions()[0]);
        double want = Math.min(LOWER_MIN_PX + 6, h - EVIDENCE_MIN_PX);
        if (lower < want) {
            evidenceAndRaters.setDividerPositions(1 - want / h);
        }
    }
    /** Where the comments pane goes, under the raters and the history (set by the window). */
    private final javafx.scene.layout.StackPane commentsSlot = new javafx.scene.layout.StackPane();

    /** Puts the comments pane under the raters and the history, and its flag banner under the heading. */
    public void setComments(Node pane, Node banner) {
        commentsSlot.getChildren().setAll(pane);
        flagBanner = banner;
        (getCenter() == callBody ? callBody : body).getChildren().add(1, banner);
    }

    private Node flagBanner;
    private final VBox raterBox = new VBox(4);

    /** The split between the return and answer (above) and the rater cards (below). */
    public SplitPane evidenceAndRaters() {
        return evidenceAndRaters;
    }

    public ConversationView conversationView() {
        return conversation;
    }

    /**
     * How a decision made here runs: the window passes one that first asks for the annotator's name when it was
     * never given (a rationale without a name was silently dropped).
     */
    public void decisionGate(java.util.function.Consumer<Runnable> gate) {
        decisionGate = gate;
    }

    private java.util.function.Consumer<Runnable> decisionGate = Runnable::run;

    public TextField rationaleField() {
        return rationale;
    }

    static Label title(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("section-title");
        return l;
    }

    private FlowPane legend() {
        // short texts, one line at 1280×800; the tooltips say it whole
        FlowPane h = new FlowPane(
                10,
                3,
                swatch("in the return", "ev-found", "a value the tool returned"),
                swatch("not in the return", "ev-unsupported", "a value the tool return does not support"),
                swatch("must contain", "ev-must", "a string the ground truth requires"),
                swatch("think ▸ (click)", "think-toggle", "a think block: click it to unfold"));
        h.setAlignment(Pos.CENTER_LEFT);
        h.getStyleClass().add("legend");
        return h;
    }

    private static Label swatch(String text, String cls, String meaning) {
        Label l = new Label(text);
        l.getStyleClass().addAll("legend-item", cls);
        l.setTooltip(new javafx.scene.control.Tooltip(meaning));
        l.setAccessibleText("Highlight legend: " + meaning);
        l.setMinWidth(Region.USE_PREF_SIZE);
        return l;
    }

    /** The decision bar (the label keys, the rationale): a project's own scheme puts its question bar in. */
    private VBox decisionBarBox;

    /**
     * Puts a project's question bar into the decision bar: while {@code active} it stands in for the label keys, the
     * rationale and their help (a project without a scheme of its own never turns it on).
     */
    public void setQuestionBar(Node bar, javafx.beans.value.ObservableBooleanValue active) {
        List<Node> labelParts = List.copyOf(decisionBarBox
                .getChildren()
                .subList(1, decisionBarBox.getChildren().size()));
        for (Node n : labelParts) {
            n.visibleProperty().bind(javafx.beans.binding.Bindings.not(active));
            n.managedProperty().bind(n.visibleProperty());
        }
        bar.visibleProperty().bind(active);
        bar.managedProperty().bind(bar.visibleProperty());
        decisionBarBox.getChildren().add(1, bar);
    }

    private VBox decisionBar() {
        proposed.setId("proposedLabel");
        proposed.getStyleClass().add("proposed");
        proposed.setMinWidth(Region.USE_PREF_SIZE); // "Enter: accept output_fabrication" whole
        keys.setId("labelKeys");
        keys.setAlignment(Pos.CENTER_LEFT);
        rationale.setId("rationaleField");
        rationale.setPromptText(
                "R: rationale, it goes with the label you choose (Enter keeps it; on your label, saves)");
        // the field holds the decision view model's draft: the decision keys take it along
        rationale.textProperty().bindBidirectional(review.draftProperty());
        rationale.setOnAction(e -> {
            String text = rationale.getText();
            decisionGate.accept(() -> {
                review.rationale(text);
                requestFocus();
            });
        });
        HBox.setHgrow(rationale, Priority.ALWAYS);
        decisionNote.setId("decisionNote");
        decisionNote.getStyleClass().add("decision-note");
        decisionNote.textProperty().bind(review.lastDecisionProperty());
        // the proposal on its own line, the keys the whole width below it: fewer rows in a narrow trace pane
        VBox row1 = new VBox(4, proposed, keys);
        HBox.setHgrow(keys, Priority.ALWAYS);
        keys.setMinWidth(0);
        keys.setPrefWrapLength(300);
        Label help =
                new Label("Enter accept · 1–" + "n override · J/K next/previous · S skip · Ctrl+Z undo · ? all keys");
        help.getStyleClass().add("key-help");
        help.setWrapText(true);
        help.setMinHeight(Region.USE_PREF_SIZE);
        HBox row2 = new HBox(10, rationale, decisionNote);
        row2.setAlignment(Pos.CENTER_LEFT);
        // the end of the queue says so, and offers the skipped traces
        Label end = new Label();
        end.setId("queueEnd");
        end.getStyleClass().add("queue-end");
        end.textProperty().bind(vm.queueEndProperty());
        javafx.scene.control.Button back = new javafx.scene.control.Button();
        back.setId("reviewSkipped");
        back.textProperty()
                .bind(javafx.beans.binding.Bindings.format("Review the %d skipped", vm.skippedCountProperty()));
        back.visibleProperty().bind(vm.skippedCountProperty().greaterThan(0));
        back.managedProperty().bind(back.visibleProperty());
        back.setOnAction(e -> {
            vm.reviewSkipped();
            requestFocus();
        });
        end.setWrapText(true);
        end.setMinHeight(Region.USE_PREF_SIZE);
        back.setMinWidth(Region.USE_PREF_SIZE);
        HBox.setHgrow(end, Priority.ALWAYS);
        HBox endRow = new HBox(10, end, back);
        endRow.setAlignment(Pos.CENTER_LEFT);
        endRow.visibleProperty().bind(vm.queueEndProperty().isNotEmpty());
        endRow.managedProperty().bind(endRow.visibleProperty());
        keyLegend.setId("keyLegend");
        keyLegend.getStyleClass().addAll("key-legend", "muted");
        keyLegend.setWrapText(true);
        keyLegend.setMinHeight(Region.USE_PREF_SIZE);
        keyLegend.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(keyLegend, Priority.ALWAYS);
        keyLegendToggle.setId("keyLegendToggle");
        keyLegendToggle.setMinWidth(Region.USE_PREF_SIZE);
        keyLegendToggle
                .textProperty()
                .bind(javafx.beans.binding.Bindings.when(allDefinitions)
                        .then("fewer")
                        .otherwise("all definitions"));
        keyLegendToggle.setOnAction(e -> allDefinitions.set(!allDefinitions.get()));
        keyLegendToggle.setAccessibleText("Show the definition of every decision key, or only the proposed one");
        allDefinitions.addListener((o, a, b) -> showLegend());
        HBox legendRow = new HBox(6, keyLegend, keyLegendToggle);
        legendRow.setAlignment(Pos.TOP_LEFT);
        VBox bar = new VBox(4, endRow, row1, legendRow, row2, help);
        decisionBarBox = bar;
        bar.setPadding(new Insets(6, 10, 6, 10));
        bar.getStyleClass().add("decision-bar");
        return bar;
    }

    // ------------------------------------------------------------------------------------ rendering

    /** A rationale typed but not saved never stays on screen for another trace (the status line says so). */
    private void dropUnsavedRationale() {
        if (shownTrace != null) {
            review.unsavedRationaleDropped(shownKey);
        } else {
            review.draftProperty().set("");
        }
    }

    private void show(TraceDetail d) {
        if (d == null) {
            // nothing selected (an empty queue, a trace that left it): no stale trace with live decision keys. A
            // detail re-set within one pulse (showFresh) never gets here: the check runs after it
            Platform.runLater(() -> {
                if (vm.detailProperty().get() == null && getCenter() != placeholder) {
                    setCenter(placeholder);
                    if (getBottom() != null) {
                        getBottom().setVisible(false);
                    }
                    dropUnsavedRationale();
                    shownTrace = null;
                }
            });
            return;
        }
        if (getBottom() != null) {
            getBottom().setVisible(true);
        }
        if (!d.traceId().equals(shownTrace)) {
            returnAndAnswer.newTrace();
            dropUnsavedRationale();
            shownTrace = d.traceId();
            shownKey = DecisionViewModel.traceName(d);
        }
        boolean hidden = vm.hidden(d);
        Task task = d.task();
        heading.setText(CallsShown.heading(
                task.key(),
                d.trace().model(),
                task.domain(),
                CallsShown.typeText(task),
                // blind: the target failure mode is a hint too; an agent run's "unspecified" says nothing
                task.targetFailureMode() == null || vm.blindProperty().get() || CallsShown.agentRun(task)
                        ? null
                        : "target: " + task.targetFailureMode()));
        userMessage.setText(nz(task.userMessage()));
        boolean callLevel = task.type() == org.tracejudge.model.TaskType.CALL_LEVEL;
        Node wanted = callLevel ? callBody : body;
        if (getCenter() != wanted) {
            if (callLevel) {
                body.getChildren().remove(heading);
                raterBox.getChildren().remove(ratersAndComments);
                callBody.getChildren().setAll(heading, conversation, ratersAndComments);
                if (flagBanner != null) {
                    body.getChildren().remove(flagBanner);
                    callBody.getChildren().add(1, flagBanner);
                }
            } else {
                callBody.getChildren().clear();
                if (!body.getChildren().contains(heading)) { // from the placeholder it may be there already
                    body.getChildren().add(0, heading);
                }
                if (flagBanner != null && !body.getChildren().contains(flagBanner)) {
                    body.getChildren().add(1, flagBanner);
                }
                raterBox.getChildren().setAll(ratersAndComments);
            }
            setCenter(wanted);
        }
        if (callLevel) {
            conversation.show(task, d.trace(), hidden ? null : d.calls());
        }
        calls.show(d);
        pair.show(d, hidden);
        verdicts.show(d, hidden);
        showDecisionBar(d, hidden);
        reportShownAfterLayout();
    }

    /** Tells the view model when the new trace has been laid out (the key-to-next-item measurement). */
    private void reportShownAfterLayout() {
        if (getScene() == null) {
            Platform.runLater(vm::shown);
            return;
        }
        javafx.scene.Scene scene = getScene();
        Runnable[] once = new Runnable[1];
        once[0] = () -> {
            scene.removePostLayoutPulseListener(once[0]);
            vm.shown();
        };
        scene.addPostLayoutPulseListener(once[0]);
        Platform.requestNextPulse();
    }

    /**
     * Scrolls the final answer to the next (or previous) highlighted span and marks it; wraps around. Long spans
     * wrap inside the answer's width, so every highlight is reachable by scroll and by these keys. In a conversation
     * (call-level traces) the keys go to the marked turns instead.
     *
     * @return false when the answer (or the conversation) has no highlight
     */
    public boolean nextEvidence(boolean forward) {
        if (getCenter() == callBody) { // a conversation: its marked turns
            return conversation.nextEvidence(forward);
        }
        return pair.nextEvidence(forward);
    }

    /** Which highlight of the answer the evidence keys are on (-1: none), for tests. */
    public int evidenceIndex() {
        return returnAndAnswer.evidenceAt();
    }

    private void showDecisionBar(TraceDetail d, boolean hidden) {
        String p = hidden ? null : vm.proposed(d);
        String me = vm.annotatorProperty().get();
        String mine = me == null || d.row() == null ? null : d.row().get("human:" + me);
        boolean safety = vm.safetyItem(d);
        proposed.setText(
                safety
                        ? "Safety item: decide it per tool in the safety review (Ctrl+Shift+L)"
                        : hidden ? "Blind: choose a label" : p == null ? "No proposal" : "Enter: accept " + p);
        List<String> labels = d.labelSet().subList(0, Math.min(9, d.labelSet().size()));
        if (!labels.equals(keys.getUserData())) {
            // the same label set (the usual case from one trace to the next) keeps its buttons
            keys.getChildren().clear();
            List<String> legend = new java.util.ArrayList<>();
            for (int i = 0; i < labels.size(); i++) {
                String label = labels.get(i);
                Button b = new Button((i + 1) + "  " + label);
                // reachable with Tab (the focus ring shows where); Space or Enter decides
                b.setFocusTraversable(true);
                b.setMnemonicParsing(false);
                b.setMinWidth(Region.USE_PREF_SIZE);
                b.setId("key-" + (i + 1));
                b.getStyleClass().addAll("key-button", "label-" + label.replace('_', '-'));
                int key = i + 1;
                b.setOnAction(e -> review.overrideWithKey(key));
                String def = vm.definition(label);
                if (!def.isEmpty()) {
                    b.setTooltip(new javafx.scene.control.Tooltip(label + ": " + def));
                }
                b.setAccessibleText("Key " + key + ": " + label + (def.isEmpty() ? "" : ", " + def));
                keys.getChildren().add(b);
                legend.add(key + " " + label + (def.isEmpty() ? "" : " — " + def));
            }
            keys.setUserData(List.copyOf(labels));
            legendLines = List.copyOf(legend);
            legendFocus = -1;
            for (int i = 0; i < keys.getChildren().size(); i++) {
                Node b = keys.getChildren().get(i);
                int index = i;
                b.hoverProperty().addListener((o, was, on) -> legendAt(on ? index : -1));
                b.focusedProperty().addListener((o, was, on) -> legendAt(on ? index : -1));
            }
        }
        legendProposed = p == null ? -1 : labels.indexOf(p);
        keys.setDisable(safety); // the keys write nothing on a safety item (DecisionViewModel says where to decide it)
        showLegend();
        for (int i = 0; i < labels.size(); i++) {
            keys.getChildren()
                    .get(i)
                    .pseudoClassStateChanged(MINE, labels.get(i).equals(mine));
        }
    }

    /** The key under the mouse or with the focus (-1: none): the collapsed legend says what it means. */
    private void legendAt(int index) {
        legendFocus = index;
        showLegend();
    }

    private void showLegend() {
        if (allDefinitions.get() || legendLines.isEmpty()) {
            keyLegend.setText(String.join("\n", legendLines));
            return;
        }
        int i = legendFocus >= 0 ? legendFocus : legendProposed >= 0 ? legendProposed : 0;
        keyLegend.setText(legendLines.get(Math.min(i, legendLines.size() - 1)));
    }

    /** Whether the key legend lists every label's definition; the window remembers it. */
    public javafx.beans.property.BooleanProperty allDefinitionsProperty() {
        return allDefinitions;
    }

    private static final javafx.css.PseudoClass MINE = javafx.css.PseudoClass.getPseudoClass("mine");

    static Label muted(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("muted");
        return l;
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }

    static String shorten(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max - 1) + "…";
    }
}
