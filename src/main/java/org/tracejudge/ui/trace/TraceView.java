package org.tracejudge.ui.trace;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextField;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;
import org.tracejudge.json.Json;
import org.tracejudge.model.Adjudication;
import org.tracejudge.model.GroundTruth;
import org.tracejudge.model.Task;
import org.tracejudge.model.ToolCall;
import org.tracejudge.rules.Evidence;
import org.tracejudge.store.ProjectQueries;
import org.tracejudge.store.TraceTable;
import org.tracejudge.ui.common.LazyTooltip;
import org.tracejudge.ui.common.UncachedViewport;
import org.tracejudge.ui.conversation.ConversationView;

/**
 * The trace view: the user message on top; the expected call beside the executed calls; the tool return
 * (a collapsible JSON tree) beside the final answer, both highlighted with the rule's evidence; think blocks
 * folded; the ground truth; every rater's verdict and the history of decisions; and the decision bar.
 *
 * <p>Why it is over 500 lines: it is one screen whose parts are refilled together on every trace (the nodes are
 * kept and refilled, not rebuilt, so that J/K stays fast: see docs/ARCHITECTURE.md, "Views change by refilling");
 * its state and decisions are already {@link TraceViewModel}'s and {@link DecisionViewModel}'s, the raters' cards
 * {@link RaterCard}, the evidence {@link Highlights}, a conversation the {@code ConversationView}. What is left is
 * layout and rendering.
 */
public final class TraceView extends BorderPane {
    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneId.systemDefault());

    private final TraceViewModel vm;
    private final DecisionViewModel review;
    private final Label heading = new Label();
    private final Label userMessage = new Label();
    private final VBox expected = new VBox(2);
    private final VBox executed = new VBox(2);
    private final TreeView<JsonEntry> returnTree = new TreeView<>();
    /** What the return pane shows: the run's returns, or the task's return the run never received. */
    private final Label returnTitle = title("Tool return");

    private final Label returnNote = new Label();

    private final TextFlow answer = new TextFlow();
    private final ScrollPane answerScroll;
    /** The evidence span "next evidence" (E, Shift+E) last showed, -1 for none. */
    private int evidenceAt = -1;

    private static final javafx.css.PseudoClass CURRENT = javafx.css.PseudoClass.getPseudoClass("current");
    private final FlowPane groundTruth = new FlowPane(6, 4);
    private final FlowPane raters = new FlowPane(8, 8);
    private final List<RaterCard> cards = new java.util.ArrayList<>();
    private int cardsUsed;
    private final VBox history = new VBox(2);
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
    private final java.util.Set<Integer> openThink = new java.util.HashSet<>();
    private String shownTrace;
    /** Task and model of the trace shown (for the note when an unsaved rationale is dropped). */
    private String shownKey;

    /** A node of the return tree. */
    public record JsonEntry(String key, JsonNode node, String pointer) {}

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

        HBox calls = new HBox(10, box("Expected call", expected), box("Executed calls", executed));
        for (Node n : calls.getChildren()) {
            HBox.setHgrow(n, Priority.ALWAYS);
            ((Region) n).setMaxWidth(Double.MAX_VALUE);
            ((Region) n).setPrefWidth(100); // the two boxes share the width equally
            ((Region) n).setMinWidth(0);
        }

        returnTree.setId("returnTree");
        returnTree.setShowRoot(true);
        returnTree.setCellFactory(t -> new JsonCell());
        returnTree.widthProperty().addListener((o, a, b) -> returnTree.refresh()); // values wrap at the new width
        answer.setId("answerText");
        answer.getStyleClass().add("answer-text");
        answer.setPadding(new Insets(6));
        answerScroll = UncachedViewport.of(new ScrollPane(answer));
        answerScroll.setFitToWidth(true);
        answerScroll.getStyleClass().add("answer-scroll");
        groundTruth.setId("groundTruth");
        VBox answerPane = new VBox(4, title("Final answer"), answerScroll, groundTruth);
        VBox.setVgrow(answerScroll, Priority.ALWAYS);
        returnTitle.setId("returnTitle");
        returnTitle.setWrapText(true);
        returnTitle.setMinHeight(Region.USE_PREF_SIZE);
        returnNote.setId("returnNote");
        returnNote.setWrapText(true);
        returnNote.setMinHeight(Region.USE_PREF_SIZE);
        returnNote.getStyleClass().add("muted");
        returnNote.managedProperty().bind(returnNote.visibleProperty());
        VBox returnPane = new VBox(4, returnTitle, returnNote, returnTree);
        VBox.setVgrow(returnTree, Priority.ALWAYS);
        SplitPane sideBySide = new SplitPane(returnPane, answerPane);
        sideBySide.setOrientation(Orientation.HORIZONTAL);
        sideBySide.setDividerPositions(0.45);
        sideBySide.setId("returnAndAnswer");
        VBox.setVgrow(sideBySide, Priority.ALWAYS);

        raters.setId("raterPanel");
        history.setId("history");
        ScrollPane raterScroll = UncachedViewport.of(new ScrollPane(new VBox(6, raters, history)));
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
        sideBySide.setMinHeight(100);
        evidenceAndRaters.getItems().setAll(sideBySide, raterBox);
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

    private static Label title(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("section-title");
        return l;
    }

    private static VBox box(String title, VBox content) {
        VBox b = new VBox(3, title(title), content);
        b.getStyleClass().add("call-box");
        b.setPadding(new Insets(4, 6, 4, 6));
        return b;
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
            openThink.clear();
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
        showCalls(d);
        Evidence ev = hidden || d.rule() == null ? null : d.rule().evidence();
        returnTitle.setText(CallsShown.returnTitle(task, d.trace()));
        String note = CallsShown.returnNote(task, d.trace());
        returnNote.setText(note == null ? "" : note);
        returnNote.setVisible(note != null);
        showReturn(
                task.toolReturn() != null ? task.toolReturn() : returnsOfSteps(d.trace()),
                Highlights.foundPointers(ev));
        showAnswer(d.trace().answer(), d.rule() == null ? null : d.rule().evidence(), ev);
        if (task.type() == org.tracejudge.model.TaskType.TOOL_SELECTION) {
            groundTruth.getChildren().setAll(muted("Ground truth: the expected tools (above)"));
        } else {
            showGroundTruth(task.groundTruth(), ev, d.trace().answer());
        }
        showRaters(d, hidden);
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

    private void showCalls(TraceDetail d) {
        expected.getChildren().clear();
        executed.getChildren().clear();
        ToolCall exp = d.task().expectedCall();
        // an imported agent run (OpenTelemetry, Langfuse, Inspect…) names no expected call: say so, and judge no call
        boolean unknown = exp == null
                && (org.tracejudge.rules.RuleClassifier.unclassifiable(d.task()) != null
                        || CallsShown.agentRun(d.task()));
        if (unknown) {
            expected.getChildren().add(muted("not given (an agent run)"));
        } else if (d.task().type() == org.tracejudge.model.TaskType.TOOL_SELECTION) {
            // a selection input's ground truth is its expected set of tools (none: no tool should fire)
            List<String> tools = new java.util.ArrayList<>();
            if (d.task().body() != null) {
                d.task().body().path("expected_tools").forEach(t -> tools.add(t.asText()));
            }
            expected.getChildren()
                    .add(
                            tools.isEmpty()
                                    ? muted("expected tools: none should fire")
                                    : new Label("expected tools: " + String.join(", ", tools)));
        } else if (exp == null) {
            expected.getChildren().add(muted("none: no tool is needed"));
        } else {
            expected.getChildren().add(call(exp, null));
        }
        boolean selection = d.task().type() == org.tracejudge.model.TaskType.TOOL_SELECTION;
        java.util.Set<String> expectedSet = new java.util.HashSet<>();
        if (selection && d.task().body() != null) {
            d.task().body().path("expected_tools").forEach(t -> expectedSet.add(t.asText()));
        }
        if (selection && d.trace().executedCalls().isEmpty()) {
            // an NLT selector answers in text (Tool: YES/NO); the rule reads its choices from the final answer
            executed.getChildren().add(muted("none: the answer lists its choices"));
        } else if (d.trace().executedCalls().isEmpty()
                && CallsShown.seenOnlyByResult(d.trace()).isEmpty()) {
            Label none = muted("no tool was called");
            if (exp != null) {
                none.getStyleClass().add("call-missing");
            }
            executed.getChildren().add(none);
        }
        // results whose call the file does not record (an Inspect log of tool messages only): the tool did run
        CallsShown.seenOnlyByResult(d.trace()).forEach((name, n) -> {
            Label l = new Label(name + (n > 1 ? " ×" + n : "") + ": its result" + (n > 1 ? "s are" : " is")
                    + " below; the call itself is not in the file");
            l.setWrapText(true);
            l.setMinHeight(Region.USE_PREF_SIZE);
            l.getStyleClass().addAll("call", "call-from-result");
            executed.getChildren().add(l);
        });
        for (ToolCall c : d.trace().executedCalls()) {
            executed.getChildren()
                    .add(call(
                            c,
                            unknown
                                    ? null
                                    : selection
                                            ? Boolean.valueOf(expectedSet.contains(c.name()))
                                            : exp == null
                                                    ? Boolean.FALSE
                                                    : Boolean.valueOf(c.name().equals(exp.name()))));
        }
    }

    private static Node call(ToolCall c, Boolean matches) {
        String args = c.arguments() == null || c.arguments().isNull() ? "" : Json.write(c.arguments());
        Label l = new Label((matches == null ? "" : matches ? "✓ " : "✗ ") + c.name() + "("
                + shorten(readable(c.arguments()), 160) + ")");
        l.setWrapText(true);
        l.setMinWidth(0);
        l.setMaxWidth(Double.MAX_VALUE);
        l.setMinHeight(Region.USE_PREF_SIZE);
        l.getStyleClass().add("call");
        if (matches != null) {
            l.getStyleClass().add(matches ? "call-match" : "call-other");
        }
        LazyTooltip.install(l, c.name() + "\n" + args);
        return l;
    }

    /**
     * Arguments as {@code key: value, key: value}: a narrow box wraps them between arguments, where the JSON
     * ({@code {"key":"value"}}) broke inside a word.
     */
    static String readable(JsonNode args) {
        if (args == null || args.isNull() || args.isMissingNode()) {
            return "";
        }
        if (!args.isObject()) {
            return Json.write(args);
        }
        StringBuilder sb = new StringBuilder();
        Iterator<Map.Entry<String, JsonNode>> f = args.properties().iterator();
        while (f.hasNext()) {
            Map.Entry<String, JsonNode> e = f.next();
            sb.append(sb.length() == 0 ? "" : ", ")
                    .append(e.getKey())
                    .append(": ")
                    .append(Json.write(e.getValue()));
        }
        return sb.toString();
    }

    /**
     * What the tools returned in a run whose task has no tool return of its own (an imported agent run): each step's
     * results in order, keyed "1. name" (and "error" where the tool failed), so that the answer is read beside them.
     * Results of a session's earlier turns that the run's input repeats are left out: the run did not get them.
     */
    static JsonNode returnsOfSteps(org.tracejudge.model.Trace trace) {
        com.fasterxml.jackson.databind.node.ObjectNode all = Json.object();
        int i = 0;
        for (org.tracejudge.model.Turn t : trace.turns()) {
            if (t.badges().contains(org.tracejudge.model.Turn.EARLIER_TURN)) {
                continue; // an earlier turn of the session, repeated as context: not what this run's answer rests on
            }
            for (org.tracejudge.model.ToolResult r : t.toolResults()) {
                i++;
                String key = i + ". " + (r.name() == null ? "tool" : r.name()) + (r.error() ? " (error)" : "");
                all.set(key, r.content() == null ? Json.MAPPER.nullNode() : r.content());
            }
        }
        return i == 0 ? null : all;
    }

    private void showReturn(JsonNode ret, Set<String> found) {
        if (ret == null || ret.isMissingNode()) {
            returnTree.setRoot(new TreeItem<>(new JsonEntry("(no tool return)", null, "")));
            return;
        }
        int[] budget = {3000};
        TreeItem<JsonEntry> root = item("return", ret, "", found, budget, 0);
        root.setExpanded(true);
        // the cells read the found pointers when the new root fills them: no refresh, which would rebuild every cell
        returnTree.setUserData(found);
        returnTree.setRoot(root);
    }

    private TreeItem<JsonEntry> item(String key, JsonNode n, String ptr, Set<String> found, int[] budget, int depth) {
        TreeItem<JsonEntry> it = new TreeItem<>(new JsonEntry(key, n, ptr));
        budget[0]--;
        if (n.isContainerNode() && budget[0] > 0) {
            boolean any = false;
            if (n.isObject()) {
                Iterator<Map.Entry<String, JsonNode>> f = n.properties().iterator();
                while (f.hasNext() && budget[0] > 0) {
                    Map.Entry<String, JsonNode> e = f.next();
                    TreeItem<JsonEntry> child = item(
                            e.getKey(),
                            e.getValue(),
                            ptr + "/" + e.getKey().replace("~", "~0").replace("/", "~1"),
                            found,
                            budget,
                            depth + 1);
                    it.getChildren().add(child);
                    any |= child.isExpanded() || found.contains(child.getValue().pointer());
                }
            } else {
                for (int i = 0; i < n.size() && budget[0] > 0; i++) {
                    TreeItem<JsonEntry> child = item("[" + i + "]", n.get(i), ptr + "/" + i, found, budget, depth + 1);
                    it.getChildren().add(child);
                    any |= child.isExpanded() || found.contains(child.getValue().pointer());
                }
            }
            it.setExpanded(depth < 2 || any);
        }
        return it;
    }

    /** A row of the return tree: key, then the value (leaves) or the size (containers). */
    /**
     * A node of the tool return: its key and value wrapped at the tree's width (a long value reads in full, never
     * cut at the pane's edge), in the cell's text colour.
     */
    private static final class JsonCell extends TreeCell<JsonEntry> {
        private final javafx.scene.text.Text shown = new javafx.scene.text.Text();

        JsonCell() {
            shown.getStyleClass().add("json-value");
            shown.fillProperty().bind(textFillProperty());
            shown.fontProperty().bind(fontProperty());
            setPrefWidth(0); // the tree's width, not the longest value's, sets the cells' width
        }

        /** The width a value may take in this cell: the tree's, less the indent of its level and a scroll bar. */
        private double wrapWidth() {
            javafx.scene.control.TreeView<JsonEntry> tree = getTreeView();
            if (tree == null || tree.getWidth() <= 0) {
                return 0;
            }
            int level = Math.max(0, tree.getTreeItemLevel(getTreeItem()));
            return Math.max(60, tree.getWidth() - 44 - 18 * level);
        }

        @Override
        protected void updateItem(JsonEntry e, boolean empty) {
            super.updateItem(e, empty);
            getStyleClass().remove("ev-found");
            setText(null);
            if (empty || e == null) {
                setGraphic(null);
                return;
            }
            JsonNode n = e.node();
            String text;
            if (n == null) {
                text = e.key();
            } else if (n.isObject()) {
                text = e.key() + "  {" + n.size() + "}";
            } else if (n.isArray()) {
                text = e.key() + "  [" + n.size() + "]";
            } else {
                text = e.key() + ": " + (n.isTextual() ? "\"" + n.asText() + "\"" : n.toString());
            }
            shown.setText(text);
            shown.setWrappingWidth(wrapWidth());
            setGraphic(shown);
            Object found = getTreeView() == null ? null : getTreeView().getUserData();
            boolean ev = found instanceof Set<?> s && s.contains(e.pointer());
            if (ev) {
                getStyleClass().add("ev-found");
            }
            setAccessibleText(ev ? text + " (value used in the answer)" : null);
        }
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
        List<Node> marks = answer.getChildren().stream()
                .filter(n -> n.getStyleClass().contains("answer-mark"))
                .toList();
        if (marks.isEmpty()) {
            return false;
        }
        if (evidenceAt >= 0 && evidenceAt < marks.size()) {
            marks.get(evidenceAt).pseudoClassStateChanged(CURRENT, false);
        }
        evidenceAt = evidenceAt < 0
                ? (forward ? 0 : marks.size() - 1)
                : Math.floorMod(evidenceAt + (forward ? 1 : -1), marks.size());
        Node n = marks.get(evidenceAt);
        n.pseudoClassStateChanged(CURRENT, true);
        double content = answer.getBoundsInLocal().getHeight();
        double view = answerScroll.getViewportBounds().getHeight();
        if (content > view) {
            double y = n.getBoundsInParent().getMinY() - view / 3;
            answerScroll.setVvalue(Math.max(0, Math.min(1, y / (content - view))));
        }
        return true;
    }

    /** Which highlight of the answer the evidence keys are on (-1: none), for tests. */
    public int evidenceIndex() {
        return evidenceAt;
    }

    private void showAnswer(String text, Evidence forThink, Evidence ev) {
        answer.getChildren().clear();
        evidenceAt = -1;
        Evidence e = ev;
        if (e == null && forThink != null) {
            // blind: fold think blocks, but show no highlights
            e = new Evidence(
                    forThink.mode(),
                    null,
                    null,
                    forThink.thinkBlockPresent(),
                    false,
                    forThink.thinkSpans(),
                    null,
                    null,
                    null,
                    0,
                    0,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null);
        }
        List<Highlights.Segment> segs = Highlights.of(text, e);
        int lastThink = -2;
        for (Highlights.Segment s : segs) {
            if (s.think() >= 0) {
                int t = s.think();
                boolean open = openThink.contains(t);
                if (t != lastThink) {
                    int len = 0;
                    for (Highlights.Segment x : segs) {
                        if (x.think() == t) {
                            len += x.text().length();
                        }
                    }
                    Hyperlink toggle = new Hyperlink((open ? "▾ think" : "▸ think") + " (" + len + " chars)");
                    toggle.getStyleClass().add("think-toggle");
                    toggle.setOnAction(a -> {
                        if (!openThink.remove(t)) {
                            openThink.add(t);
                        }
                        show(vm.detailProperty().get());
                    });
                    answer.getChildren().add(toggle);
                    lastThink = t;
                }
                if (!open) {
                    continue;
                }
            }
            Node seg = segment(s);
            if (seg instanceof Label l) {
                // a long highlighted span wraps inside the answer instead of running off its right edge
                l.setWrapText(true);
                l.maxWidthProperty().bind(answerScroll.widthProperty().subtract(24));
            }
            answer.getChildren().add(seg);
        }
        if (text.isEmpty()) {
            answer.getChildren().add(muted("(empty answer)"));
        }
    }

    private static Node segment(Highlights.Segment s) {
        if (s.kinds().isEmpty()) {
            Text t = new Text(s.text());
            t.getStyleClass().add(s.think() >= 0 ? "think-text" : "answer-plain");
            return t;
        }
        Label l = new Label(s.text());
        l.getStyleClass().add("answer-mark");
        for (Highlights.Kind k : s.kinds()) {
            l.getStyleClass()
                    .add(
                            switch (k) {
                                case FOUND -> "ev-found";
                                case UNSUPPORTED -> "ev-unsupported";
                                case MUST -> "ev-must";
                                case INSIDE_WORD -> "ev-inside-word";
                            });
        }
        String why = s.kinds().contains(Highlights.Kind.UNSUPPORTED)
                ? "The answer asserts this value; the tool return does not support it"
                : s.kinds().contains(Highlights.Kind.FOUND)
                        ? "This value comes from the tool return"
                        : s.kinds().contains(Highlights.Kind.MUST) ? "Must-contain match" : INSIDE_WORD_WHY;
        LazyTooltip.install(l, why);
        // the highlight's colour in words, for screen readers
        l.setAccessibleText(s.text() + ": " + why);
        return l;
    }

    /** Why a compat hit inside a longer word is marked apart (issue 48: "COP" highlighted inside "copper"). */
    static final String INSIDE_WORD_WHY = "Only part of a longer word or number: the published rule (compat) counts "
            + "a substring, so its label uses this match, but the answer does not contain the value itself";

    private void showGroundTruth(GroundTruth gt, Evidence ev, String answerText) {
        groundTruth.getChildren().clear();
        if (gt == null || (gt.mustContain().isEmpty() && gt.mustNotContain().isEmpty())) {
            groundTruth.getChildren().add(muted("Ground truth: none"));
            return;
        }
        groundTruth.getChildren().add(title("Must contain (" + gt.matchMode() + "):"));
        for (String m : gt.mustContain()) {
            Boolean matched = null;
            String inside = null;
            if (ev != null) {
                for (Evidence.MustContain mc : ev.mustContain()) {
                    if (mc.text().equals(m)) {
                        matched = mc.matched();
                        inside = mc.matched() ? Evidence.enclosingWord(answerText, mc.span()) : null;
                    }
                }
            }
            Label chip;
            if (inside != null) {
                // compat counts a substring (the published rule); the chip says what the answer really has
                chip = new Label("≈ " + m + " only inside “" + shorten(inside, 40) + "”");
                chip.getStyleClass().addAll("gt-chip", "gt-inside-word");
                chip.setAccessibleText("must contain " + m + ": only inside the longer word " + inside
                        + "; the published rule counts it as found");
                LazyTooltip.install(chip, INSIDE_WORD_WHY);
            } else {
                chip = new Label((matched == null ? "" : matched ? "✓ " : "✗ ") + m);
                chip.getStyleClass()
                        .addAll("gt-chip", matched == null ? "gt-unknown" : matched ? "ev-must" : "gt-missing");
                chip.setAccessibleText("must contain " + m
                        + (matched == null ? "" : matched ? ": found in the answer" : ": missing from the answer"));
            }
            groundTruth.getChildren().add(chip);
        }
        if (!gt.mustNotContain().isEmpty()) {
            groundTruth.getChildren().add(title("Must not contain:"));
            for (String m : gt.mustNotContain()) {
                Label chip = new Label(m);
                chip.getStyleClass().addAll("gt-chip", "gt-unknown");
                groundTruth.getChildren().add(chip);
            }
        }
    }

    private void showRaters(TraceDetail d, boolean hidden) {
        cardsUsed = 0;
        List<Node> shown = new java.util.ArrayList<>();
        history.getChildren().clear();
        if (hidden) {
            Label l = new Label("Blind mode: machine labels are hidden until you decide (1–"
                    + d.labelSet().size() + ").");
            l.setId("blindNotice");
            l.getStyleClass().add("blind-notice");
            // the whole sentence in a narrow pane: wrapped to the pane's width (it was cut off at the right)
            l.setWrapText(true);
            l.prefWidthProperty().bind(raters.widthProperty().subtract(4));
            l.setMinHeight(Region.USE_PREF_SIZE);
            shown.add(l);
        } else {
            if (d.rule() != null && (d.ruleSource() == null || d.ruleSource().contains("computed"))) {
                shown.add(card(
                        "rule (tolerant)",
                        "computed now",
                        d.rule().label(),
                        "check: " + d.rule().check(),
                        null,
                        d.rule().toReadableText(),
                        "rule-card"));
            }
            for (ProjectQueries.LabelDetail l : d.labels()) {
                String name = l.raterVersion() == null || l.raterVersion().isEmpty()
                        ? l.raterName()
                        : l.raterName() + "@" + l.raterVersion();
                StringBuilder meta = new StringBuilder();
                if (l.confidence() != null) {
                    meta.append("confidence ").append(l.confidence());
                }
                if (l.scores() != null) {
                    meta.append(meta.length() > 0 ? " · " : "")
                            .append("scores ")
                            .append(l.scores());
                }
                if ("null".equals(l.action())) {
                    meta.append(meta.length() > 0 ? " · " : "")
                            .append("no valid label: ")
                            .append(nz(l.nullReason()));
                }
                shown.add(
                        card(name, l.kind().code(), l.value(), meta.toString(), l.rationale(), l.raw(), "rater-card"));
            }
            TraceTable.Row r = d.row();
            if (r != null && r.values().containsKey("ensemble")) {
                shown.add(card("ensemble", "majority vote", r.get("ensemble"), null, null, null, "derived-card"));
            }
            if (r != null) {
                shown.add(card(
                        "final", "latest decision, else ensemble", r.get("final"), null, null, null, "derived-card"));
            }
        }
        if (!raters.getChildren().equals(shown)) {
            raters.getChildren().setAll(shown);
        }
        if (!d.history().isEmpty()) {
            history.getChildren().add(title("Decisions"));
            for (Adjudication a : d.history()) {
                Label l = new Label(TIME.format(a.createdAt()) + "  " + a.annotator() + "  "
                        + (a.withdrawn() ? "withdrew" : a.value())
                        + (a.rationale() == null || a.rationale().isBlank() ? "" : "  — " + a.rationale()));
                l.getStyleClass().add("history-entry");
                history.getChildren().add(l);
            }
        }
    }

    /** The next card of the rater panel, reused from the previous trace when there is one. */
    private RaterCard card(String name, String kind, String value, String meta, String why, String raw, String cls) {
        RaterCard c = cardsUsed < cards.size() ? cards.get(cardsUsed) : null;
        if (c == null) {
            c = new RaterCard();
            cards.add(c);
        }
        cardsUsed++;
        c.fill(name, kind, value, meta, why, raw, cls);
        return c;
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

    private static Label muted(String text) {
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
