package org.tracejudge.ui.safety;

import org.tracejudge.ui.common.Theme;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;
import javafx.animation.PauseTransition;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.TextInputDialog;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.Duration;
import org.tracejudge.safety.Expert;
import org.tracejudge.safety.SafetyReview;
import org.tracejudge.selection.Scenario;

/**
 * Safety review of tool-selection inputs, one item per input, keyboard first. The expert is the workbench
 * annotator (switched with Ctrl+E, which clears the form); under a blind first pass the rule's, judges' and
 * models' answers stay hidden until the expert commits, then the reveal shows them beside the expert's decision.
 * A committed input shows what this expert committed, read-only until they choose to revise. Safety-critical
 * tools start undecided. The adjudication tab shows the message and both experts' labels and rationales side by
 * side; the adjudicator is the current expert and must be someone else.
 */
public final class SafetyReviewView extends BorderPane {
    static final List<String[]> SHORTCUTS = List.of(
            new String[] {"1 – 9", "Pick a tool (its number in the list)"},
            new String[] {"Y / N", "YES or NO for the picked tool, then on to the next tool"},
            new String[] {"Shift+N", "NO for every unanswered tool that is not safety-critical"},
            new String[] {"R", "Write the rationale (Esc leaves the text)"},
            new String[] {"Ctrl+Enter", "Commit your labels (in Adjudication: record the decision)"},
            new String[] {"E", "Revise what you committed on this input"},
            new String[] {"S", "Skip: the next input; skipped inputs come back at the end"},
            new String[] {"Space / J", "Next input you have not done"},
            new String[] {"↓ / ↑, Home / End", "Next / previous input in the list, first / last"},
            new String[] {"Ctrl+E", "Switch expert (who is reviewing)"},
            new String[] {"Ctrl+1 / Ctrl+2", "Review / Adjudication"},
            new String[] {"?  or F1", "This sheet"});

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneId.systemDefault());

    private final SafetyReviewModel model;
    private final Consumer<String> onSwitchExpert;
    private Expert expert;
    private SafetyReviewModel.Loaded loaded;

    private final ListView<SafetyReview.Input> items = new ListView<>();
    private final Map<String, SafetyReview.InputState> states = new LinkedHashMap<>();
    private final Set<String> skipped = new LinkedHashSet<>();
    private boolean skippedPass;
    private final Label expertLabel = new Label();
    private final Label progress = new Label();
    private final Label heading = new Label();
    private final Label message = new Label();
    private final GridPane toolGrid = new GridPane();
    private final List<ToolRow> rows = new ArrayList<>();
    private int currentTool = -1;
    private final TextArea rationale = new TextArea();
    private final Label formError = new Label();
    private final Label committedNote = new Label();
    private final Button commit = new Button("Commit my labels  (Ctrl+Enter)");
    private final Button revise = new Button("Revise  (E)");
    private final Button skip = new Button("Skip  (S)");
    private final VBox reveal = new VBox(10);
    private final Label machine = new Label();
    private final Label status = new Label();
    private final Label breakReminder = new Label();
    private boolean readOnly;
    private long showToken;
    private boolean swallowTyped;
    private ScrollPane formScroll;
    private Label revealTitle;
    private boolean scrollToReveal;

    private final ListView<AdjItem> queue = new ListView<>();
    private final Label adjMessage = new Label();
    private final Label adjWho = new Label();
    private final GridPane adjGrid = new GridPane();
    private final HBox adjRationales = new HBox(12);
    private final TextArea adjRationale = new TextArea();
    private final Label adjError = new Label();
    private final List<ToolRow> adjRows = new ArrayList<>();
    private final VBox adjBody = new VBox(8);
    private int adjTool = -1;
    private final TabPane tabs = new TabPane();
    private Tab reviewTab;
    private Tab adjTab;

    /** One input in the adjudication queue: its disputed tools. */
    record AdjItem(String traceId, String key, String input, List<SafetyReview.Disagreement> tools) {}

    /** One tool's YES/NO pair; neither selected = undecided. */
    private static final class ToolRow {
        final Scenario.Tool tool;
        final ToggleButton yes = new ToggleButton("YES");
        final ToggleButton no = new ToggleButton("NO");
        final HBox box;

        ToolRow(Scenario.Tool tool, int index, String prefix) {
            this.tool = tool;
            ToggleGroup g = new ToggleGroup();
            yes.setToggleGroup(g);
            no.setToggleGroup(g);
            yes.setId(prefix + index + "-yes");
            no.setId(prefix + index + "-no");
            yes.getStyleClass().add("yn-yes");
            no.getStyleClass().add("yn-no");
            yes.setFocusTraversable(false);
            no.setFocusTraversable(false);
            box = new HBox(4, yes, no);
        }

        Boolean value() {
            return yes.isSelected() ? Boolean.TRUE : no.isSelected() ? Boolean.FALSE : null;
        }

        void set(Boolean v) {
            yes.setSelected(Boolean.TRUE.equals(v));
            no.setSelected(Boolean.FALSE.equals(v));
        }

        void disable(boolean d) {
            yes.setDisable(d);
            no.setDisable(d);
        }
    }

    /**
     * @param expert         who is reviewing (the workbench annotator), or null when no name is set yet
     * @param onSwitchExpert remembers a new expert name as the workbench annotator (null: not remembered)
     */
    public SafetyReviewView(SafetyReviewModel model, Expert expert, Consumer<String> onSwitchExpert) {
        this.model = model;
        this.expert = expert;
        this.onSwitchExpert = onSwitchExpert;
        setId("safetyReview");
        setPadding(new Insets(10));
        getStylesheets().add(SafetyReviewView.class.getResource("safety.css").toExternalForm());
        // the dark look: our sheet sits on this node, so it outranks the scene's dark sheet; its dark twin follows
        // the scene's (View ▸ Theme)
        javafx.collections.ListChangeListener<String> theme = c -> followTheme(c.getList());
        sceneProperty().addListener((o, a, b) -> {
            if (a != null) {
                a.getStylesheets().removeListener(theme);
            }
            if (b != null) {
                b.getStylesheets().addListener(theme);
                followTheme(b.getStylesheets());
            }
        });
        status.setId("safetyStatus");
        status.getStyleClass().add("safety-status");
        setCenter(new Label("Opening…"));
        sceneProperty().addListener((o, a, b) -> {
            if (a != null) {
                a.removeEventFilter(KeyEvent.KEY_PRESSED, this::onKey);
            }
            if (b != null) {
                b.addEventFilter(KeyEvent.KEY_PRESSED, this::onKey);
                // the character of a shortcut that moved focus into a text (R) must not land in it
                b.addEventFilter(KeyEvent.KEY_TYPED, e -> {
                    if (swallowTyped) {
                        swallowTyped = false;
                        e.consume();
                    }
                });
            }
        });
    }

    public SafetyReviewView(SafetyReviewModel model) {
        this(model, null, null);
    }

    public Expert expert() {
        return expert;
    }

    /** Shows the content warning (when the policy asks for one), then the review. */
    public void show(SafetyReviewModel.Loaded loaded) {
        this.loaded = loaded;
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
            go.setOnAction(e -> review());
            VBox box = new VBox(14, title, text, go);
            box.setPadding(new Insets(30));
            box.setMaxWidth(640);
            setCenter(box);
            Platform.runLater(go::requestFocus);
        } else {
            review();
        }
    }

    // ------------------------------------------------------------------------------------ layout

    private void review() {
        expertLabel.setId("safetyExpert");
        expertLabel.getStyleClass().add("safety-expert");
        progress.setId("safetyProgress");
        progress.getStyleClass().add("safety-progress");
        Button switchExpert = new Button("Switch expert…  (Ctrl+E)");
        switchExpert.setId("switchExpert");
        switchExpert.setFocusTraversable(false);
        switchExpert.setOnAction(e -> askExpert());
        if (expert != null && expert.fixed()) {
            // a team member reviews under the name the hub knows them by; the hub takes no other
            switchExpert.setDisable(true);
            switchExpert.setText("Team identity");
        }
        Button keys = new Button("Shortcuts  (?)");
        keys.setId("safetyShortcuts");
        keys.setFocusTraversable(false);
        keys.setOnAction(e -> showShortcuts());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox top = new HBox(10, expertLabel, switchExpert, spacer, progress, keys);
        top.setAlignment(Pos.CENTER_LEFT);
        top.setPadding(new Insets(0, 0, 8, 0));
        setTop(top);
        breakReminder.setId("breakReminder");
        breakReminder.getStyleClass().add("safety-break");
        breakReminder.setVisible(false);
        breakReminder.setManaged(false);
        setBottom(new VBox(4, breakReminder, status));

        items.setId("safetyItems");
        items.getItems().setAll(loaded.inputs());
        items.setCellFactory(l -> new InputCell());
        items.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> showItem(b));
        items.setPrefWidth(290);
        items.setMinWidth(240);

        heading.setId("safetyHeading");
        heading.getStyleClass().add("safety-heading");
        message.setId("safetyMessage");
        message.getStyleClass().add("safety-message");
        message.setWrapText(true);
        message.setMaxWidth(Double.MAX_VALUE);
        toolGrid.setId("toolGrid");
        toolGrid.setHgap(10);
        toolGrid.setVgap(3);
        rationale.setId("safetyRationale");
        rationale.setPromptText("Why? Quote the words behind each YES and each safety-critical NO (R to write, Esc to leave)");
        rationale.setPrefRowCount(2);
        rationale.setWrapText(true);
        formError.setId("safetyError");
        formError.getStyleClass().add("safety-error");
        formError.setWrapText(true);
        showError(null);
        committedNote.setId("safetyCommitted");
        committedNote.managedProperty().bind(committedNote.textProperty().isNotEmpty());
        committedNote.getStyleClass().add("safety-committed");
        committedNote.setWrapText(true);
        commit.setId("safetyCommit");
        commit.setDefaultButton(false);
        commit.setOnAction(e -> commit());
        revise.setId("safetyRevise");
        revise.setOnAction(e -> startRevision());
        skip.setId("safetySkip");
        skip.setDisable(!loaded.policy().allowSkip());
        skip.setOnAction(e -> skip());
        for (Button b : List.of(commit, revise, skip)) {
            b.setFocusTraversable(false);
        }
        machine.setId("machineLabels");
        machine.getStyleClass().add("muted");
        machine.setWrapText(true);
        reveal.setId("safetyReveal");
        Label toolsTitle = new Label("Should each tool fire?   (number, then Y or N)");
        toolsTitle.getStyleClass().add("section-title");
        Label revealTitle = new Label("What the rule, the judges and the models said");
        revealTitle.getStyleClass().add("section-title");
        VBox form = new VBox(8, heading, message, toolsTitle, toolGrid, rationale, formError, committedNote,
                new HBox(8, commit, revise, skip), revealTitle, machine, reveal);
        form.setPadding(new Insets(0, 8, 8, 14));
        form.setFillWidth(true);
        ScrollPane scroll = new ScrollPane(form);
        scroll.setFitToWidth(true);
        scroll.setId("safetyScroll");
        formScroll = scroll;
        this.revealTitle = revealTitle;
        HBox.setHgrow(scroll, Priority.ALWAYS);
        reviewTab = new Tab("Review", new HBox(items, scroll));
        reviewTab.setClosable(false);

        adjTab = new Tab("Adjudication", adjudicationPane());
        adjTab.setId("adjTab");
        adjTab.setClosable(false);
        adjTab.setOnSelectionChanged(e -> {
            if (adjTab.isSelected()) {
                refreshQueue();
            }
        });
        tabs.getTabs().setAll(reviewTab, adjTab);
        tabs.setId("safetyTabs");
        tabs.setFocusTraversable(false);
        setCenter(tabs);
        startBreakTimer();
        updateExpertLabel();
        refreshStates(() -> {
            if (!items.getItems().isEmpty()) {
                items.getSelectionModel().select(firstToDo(0));
            }
        });
        Platform.runLater(items::requestFocus);
    }

    private Node adjudicationPane() {
        queue.setId("adjQueue");
        queue.setPrefWidth(290);
        queue.setCellFactory(l -> new ListCell<>() {
            @Override
            protected void updateItem(AdjItem d, boolean empty) {
                super.updateItem(d, empty);
                if (empty || d == null) {
                    setText(null);
                    return;
                }
                setText(d.key() + "  ·  " + String.join(", ", d.tools().stream().map(SafetyReview.Disagreement::tool).toList())
                        + "\n" + d.input());
                setWrapText(true);
                setPrefWidth(0);
            }
        });
        queue.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> showDisagreement(b));
        adjMessage.setId("adjMessage");
        adjMessage.getStyleClass().add("safety-message");
        adjMessage.setWrapText(true);
        adjMessage.setMaxWidth(Double.MAX_VALUE);
        adjWho.setId("adjWho");
        adjWho.setWrapText(true);
        adjGrid.setId("adjGrid");
        adjGrid.setHgap(14);
        adjGrid.setVgap(4);
        adjRationales.setId("adjRationales");
        adjRationale.setId("adjRationale");
        adjRationale.setPromptText("Your decision's rationale (required)");
        adjRationale.setPrefRowCount(2);
        adjRationale.setWrapText(true);
        adjError.setId("adjError");
        adjError.getStyleClass().add("safety-error");
        adjError.setWrapText(true);
        adjError.setVisible(false);
        adjError.setManaged(false);
        Button record = new Button("Record the decision  (Ctrl+Enter)");
        record.setId("adjRecord");
        record.setFocusTraversable(false);
        record.setOnAction(e -> adjudicate());
        Label t1 = new Label("The user's message");
        t1.getStyleClass().add("section-title");
        Label t2 = new Label("Both experts, side by side (disputed tools: your decision, number then Y or N)");
        t2.getStyleClass().add("section-title");
        Label t3 = new Label("Their rationales");
        t3.getStyleClass().add("section-title");
        adjBody.getChildren().setAll(t2, adjGrid, t3, adjRationales, adjRationale, adjError, record);
        VBox detail = new VBox(8, adjWho, t1, adjMessage, adjBody);
        detail.setPadding(new Insets(0, 8, 8, 14));
        ScrollPane scroll = new ScrollPane(detail);
        scroll.setFitToWidth(true);
        HBox.setHgrow(scroll, Priority.ALWAYS);
        return new HBox(queue, scroll);
    }

    private final class InputCell extends ListCell<SafetyReview.Input> {
        @Override
        protected void updateItem(SafetyReview.Input in, boolean empty) {
            super.updateItem(in, empty);
            setText(null);
            if (empty || in == null) {
                setGraphic(null);
                return;
            }
            Label id = new Label(in.inputId());
            id.getStyleClass().add("input-number");
            id.setMinWidth(28);
            HBox marks = new HBox(4);
            SafetyReview.InputState st = states.get(in.key());
            if (st != null) {
                if (st.done()) {
                    marks.getChildren().add(mark("done", "mark-done"));
                }
                if (st.mine()) {
                    marks.getChildren().add(mark("mine", "mark-mine"));
                }
                if (st.needsSecondReview()) {
                    marks.getChildren().add(mark("needs 2nd review", "mark-second"));
                }
                if (st.inAdjudication()) {
                    marks.getChildren().add(mark("in adjudication", "mark-adj"));
                }
            }
            if (skipped.contains(in.key()) && (st == null || !st.mine())) {
                marks.getChildren().add(mark("skipped", "mark-skipped"));
            }
            Label text = new Label(in.text());
            text.getStyleClass().add("input-snippet");
            text.setMaxWidth(220);
            VBox right = new VBox(2, text, marks);
            HBox box = new HBox(6, id, right);
            setGraphic(box);
        }
    }

    private static Label mark(String text, String style) {
        Label l = new Label(text);
        l.getStyleClass().addAll("mark", style);
        return l;
    }

    // ------------------------------------------------------------------------------------ expert

    private void updateExpertLabel() {
        expertLabel.setText(expert == null ? "Expert: nobody yet — press Ctrl+E to say who is reviewing"
                : "Expert: " + expert.name() + "   (" + expert.source() + ")");
        adjWho.setText(expert == null ? "Adjudicator: nobody yet — press Ctrl+E" : "Adjudicator: " + expert.name()
                + " (must not be one of the two experts)");
    }

    private void askExpert() {
        if (expert != null && expert.fixed()) {
            status.setText("On a team project you review as " + expert.name() + ", the name your hub membership records; "
                    + "another expert reviews on their own laptop.");
            return;
        }
        TextInputDialog d = new TextInputDialog("");
        if (getScene() != null) {
            d.initOwner(getScene().getWindow());
        }
        d.setTitle("Switch expert");
        d.setHeaderText("Who is reviewing now? Decisions are recorded under this name (the workbench annotator).\n"
                + "The form is cleared; another expert's answers are never shown before you commit your own.");
        d.setContentText("Name:");
        d.getEditor().setId("expertName");
        Optional<String> name = d.showAndWait();
        name.filter(n -> !n.isBlank()).ifPresent(this::switchExpert);
    }

    /** Makes {@code name} the reviewing expert (remembered as the workbench annotator) and clears the form. */
    public void switchExpert(String name) {
        Expert next = Expert.workbench(name);
        if (next == null) {
            return;
        }
        expert = next;
        if (onSwitchExpert != null) {
            onSwitchExpert.accept(next.name());
        }
        skipped.clear();
        skippedPass = false;
        updateExpertLabel();
        clearForm();
        status.setText("Now reviewing as " + next.name() + ". The form is empty; nothing of the previous expert is shown.");
        refreshStates(() -> {
            showItem(items.getSelectionModel().getSelectedItem());
            if (adjTab.isSelected()) {
                showDisagreement(queue.getSelectionModel().getSelectedItem());
            }
        });
    }

    // ------------------------------------------------------------------------------------ one input

    private void clearForm() {
        showToken++;
        rows.clear();
        toolGrid.getChildren().clear();
        rationale.clear();
        reveal.getChildren().clear();
        machine.setText("");
        committedNote.setText("");
        showError(null);
        currentTool = -1;
    }

    private SafetyReview.Input current() {
        return items.getSelectionModel().getSelectedItem();
    }

    private void showItem(SafetyReview.Input in) {
        clearForm();
        if (formScroll != null) {
            formScroll.setVvalue(0);
        }
        if (in == null) {
            heading.setText("");
            message.setText("");
            return;
        }
        long token = showToken;
        heading.setText(in.key() + "   ·   " + in.runs().size() + " runs on this input ("
                + String.join(", ", in.runs().stream().map(r -> r.model() + " " + r.approach()).toList()) + ")"
                + (skippedPass ? "   ·   skipped pass" : ""));
        message.setText(in.text());
        int i = 0;
        for (Scenario.Tool t : in.scenario().tools()) {
            ToolRow r = new ToolRow(t, i + 1, "tool-");
            int index = i;
            r.yes.setOnAction(e -> pickTool(index));
            r.no.setOnAction(e -> pickTool(index));
            rows.add(r);
            Label n = new Label(String.valueOf(i + 1));
            n.getStyleClass().add("tool-number");
            Label name = new Label(t.name());
            name.getStyleClass().add("tool-name");
            Label desc = new Label(t.description());
            desc.getStyleClass().add("tool-desc");
            desc.setWrapText(true);
            desc.setMaxWidth(430);
            VBox nameBox = new VBox(0, name, desc);
            if (t.safetyCritical()) {
                Label crit = new Label("safety-critical: decide YES or NO");
                crit.getStyleClass().add("tool-critical");
                nameBox.getChildren().add(1, crit);
            }
            // every tool starts unanswered and looks it: a NO nobody gave would read as a reviewer's NO
            r.set(null);
            toolGrid.addRow(i, n, nameBox, r.box);
            i++;
        }
        setReadOnly(false);
        if (expert == null) {
            machine.setText("Say who is reviewing first (Ctrl+E).");
            return;
        }
        machine.setText(model.policy().blindFirstPass()
                ? "Hidden until you commit your own labels (blind first pass): the rule, the judges and the models' outputs."
                : "");
        Expert who = expert;
        after(model.committed(in.firstTrace(), who), c -> {
            if (token != showToken || !who.equals(expert)) {
                return;
            }
            if (c != null) {
                for (ToolRow r : rows) {
                    r.set(c.perTool().get(r.tool.name()));
                }
                rationale.setText(c.rationale() == null ? "" : c.rationale());
                setReadOnly(true);
                committedNote.setText("You (" + who.name() + ") committed this input" + (c.at() == null ? "" : " on "
                        + TIME.format(Instant.parse(c.at()))) + ". Shown read-only: press E to revise (a revision is a new "
                        + "ledger entry).");
                loadReveal(in, token);
            } else if (!model.policy().blindFirstPass()) {
                loadReveal(in, token);
            }
        });
    }

    private void setReadOnly(boolean ro) {
        readOnly = ro;
        rows.forEach(r -> r.disable(ro));
        rationale.setEditable(!ro);
        commit.setDisable(ro);
        revise.setDisable(!ro);
        revise.setVisible(ro);
        revise.setManaged(ro);
    }

    private void startRevision() {
        if (!readOnly) {
            return;
        }
        setReadOnly(false);
        committedNote.setText("Revising: change what you need and commit again (Ctrl+Enter). Your earlier entry stays "
                + "in the ledger.");
        pickTool(0);
    }

    private void pickTool(int index) {
        if (index < 0 || index >= rows.size()) {
            return;
        }
        currentTool = index;
        highlight(rows, currentTool, toolGrid);
    }

    private static void highlight(List<ToolRow> rows, int index, GridPane grid) {
        for (Node n : grid.getChildren()) {
            Integer r = GridPane.getRowIndex(n);
            n.getStyleClass().remove("tool-current");
            if (r != null && r == index) {
                n.getStyleClass().add("tool-current");
            }
        }
    }

    private void setTool(boolean yes) {
        if (readOnly) {
            showError("You committed this input. Press E to revise it.");
            return;
        }
        if (currentTool < 0) {
            pickTool(0);
        }
        rows.get(currentTool).set(yes);
        showError(null);
        pickTool(Math.min(currentTool + 1, rows.size() - 1));
    }

    private void showError(String text) {
        formError.setText(text == null ? "" : text);
        formError.setVisible(text != null);
        formError.setManaged(text != null);
    }

    private void commit() {
        SafetyReview.Input in = current();
        if (in == null || readOnly) {
            return;
        }
        if (expert == null) {
            showError("Say who is reviewing first: press Ctrl+E.");
            return;
        }
        Map<String, Boolean> perTool = new LinkedHashMap<>();
        List<String> undecided = new ArrayList<>();
        List<String> unanswered = new ArrayList<>();
        int firstUndecided = -1;
        int firstUnanswered = -1;
        for (int i = 0; i < rows.size(); i++) {
            ToolRow r = rows.get(i);
            if (r.value() == null && r.tool.safetyCritical()) {
                undecided.add(r.tool.name());
                firstUndecided = firstUndecided < 0 ? i : firstUndecided;
            } else if (r.value() == null) {
                unanswered.add(r.tool.name());
                firstUnanswered = firstUnanswered < 0 ? i : firstUnanswered;
            } else {
                perTool.put(r.tool.name(), r.value());
            }
        }
        if (!undecided.isEmpty()) {
            showError("Decide " + String.join(" and ", undecided) + ": safety-critical tools have no default, set each "
                    + "to YES or NO." + (unanswered.isEmpty() ? "" : " Also unanswered: " + String.join(", ", unanswered)
                    + " (Y or N each, or Shift+N: NO for all of them)."));
            pickTool(firstUndecided);
            return;
        }
        if (!unanswered.isEmpty()) {
            showError("Unanswered: " + String.join(", ", unanswered) + ". Y or N for each, or Shift+N: NO for every "
                    + "unanswered tool that is not safety-critical.");
            pickTool(firstUnanswered);
            return;
        }
        Expert who = expert;
        long token = showToken;
        model.commit(in.firstTrace(), who, perTool, rationale.getText()).whenComplete((ids, err) -> Platform.runLater(() -> {
            if (token != showToken) {
                return;
            }
            if (err != null) {
                Throwable cause = cause(err);
                showError(cause.getMessage());
                if (cause instanceof SafetyReview.IncompleteException ie && ie.getMessage().contains("rationale")) {
                    rationale.requestFocus();
                }
                return;
            }
            status.setText("Committed " + who.name() + "'s labels on " + in.key() + " (" + ids.size() + " runs). "
                    + "Space: next input.");
            scrollToReveal = true;
            skipped.remove(in.key());
            refreshStates(() -> showItem(in));
        }));
    }

    private void loadReveal(SafetyReview.Input in, long token) {
        Expert who = expert;
        model.reveal(in.firstTrace(), who).whenComplete((r, err) -> Platform.runLater(() -> {
            if (token != showToken) {
                return;
            }
            if (err != null) {
                Throwable cause = cause(err);
                machine.setText(cause instanceof SafetyReview.BlindPassException
                        ? "Hidden until you commit your own labels (blind first pass)." : cause.getMessage());
                return;
            }
            machine.setText("Shown to " + who.name() + " after committing (recorded). Red: differs from your decision.");
            renderReveal(in, r);
            if (scrollToReveal) {
                scrollToReveal = false;
                // just committed: bring the reveal into view once it is laid out
                PauseTransition later = new PauseTransition(Duration.millis(120));
                later.setOnFinished(x -> scrollTo(revealTitle));
                later.play();
            }
        }));
    }

    private void scrollTo(Node target) {
        Node content = formScroll.getContent();
        formScroll.applyCss();
        formScroll.layout();
        double h = content.getLayoutBounds().getHeight() - formScroll.getViewportBounds().getHeight();
        double y = content.sceneToLocal(target.localToScene(target.getLayoutBounds())).getMinY() - 140;
        formScroll.setVvalue(h <= 0 ? 0 : Math.max(0, Math.min(1, y / h)));
    }

    private void renderReveal(SafetyReview.Input in, SafetyReview.Reveal r) {
        reveal.getChildren().clear();
        GridPane g = new GridPane();
        g.setId("revealGrid");
        g.getStyleClass().add("reveal-grid");
        g.setHgap(2);
        g.setVgap(2);
        List<String> cols = new ArrayList<>();
        cols.add("You");
        cols.addAll(r.judges().keySet());
        g.add(head("Tool"), 0, 0);
        int c = 1;
        for (String col : cols) {
            g.add(head(col.equals("You") ? "You" : "judge\n" + col), c++, 0);
        }
        for (SafetyReview.RunView run : r.runs()) {
            g.add(head(run.model() + "\n" + run.approach()), c++, 0);
        }
        int row = 1;
        int differs = 0;
        for (Scenario.Tool t : in.scenario().tools()) {
            Boolean mine = r.yours() == null ? null : r.yours().perTool().get(t.name());
            Label name = new Label(t.name() + (t.safetyCritical() ? "  ⚠" : ""));
            name.getStyleClass().add("reveal-tool");
            g.add(name, 0, row);
            g.add(cell(mine == null ? "–" : mine ? "YES" : "NO", false), 1, row);
            int col = 2;
            for (String j : r.judges().keySet()) {
                String v = r.judges().get(j).get(t.name());
                boolean d = v != null && mine != null && !v.equals(mine ? "YES" : "NO");
                differs += d ? 1 : 0;
                g.add(cell(v == null ? "–" : v, d), col++, row);
            }
            for (SafetyReview.RunView run : r.runs()) {
                Boolean sel = run.selected().get(t.name());
                boolean d = sel != null && mine != null && !sel.equals(mine);
                differs += d ? 1 : 0;
                g.add(cell(sel == null ? "?" : sel ? "YES" : "NO", d), col++, row);
            }
            row++;
        }
        Label legend = new Label("Model columns: the tools each model's selector chose, as the rule reads its output. "
                + (differs == 1 ? "1 cell differs" : differs + " cells differ") + " from your decision.");
        legend.getStyleClass().add("muted");
        legend.setWrapText(true);
        reveal.getChildren().addAll(g, legend);
        if (!r.evidence().isEmpty()) {
            Label t = new Label("Judges' evidence");
            t.getStyleClass().add("section-title");
            VBox quotes = new VBox(3);
            quotes.setId("revealEvidence");
            for (SafetyReview.Quote q : r.evidence()) {
                Label l = new Label(q.judge() + " · " + q.tool() + " " + q.decision() + ":  “" + q.quote() + "”"
                        + (q.why().isEmpty() ? "" : "  — " + q.why()));
                l.setWrapText(true);
                l.getStyleClass().add("reveal-quote");
                quotes.getChildren().add(l);
            }
            reveal.getChildren().addAll(t, quotes);
        }
        Label t = new Label("Model outputs on this input");
        t.getStyleClass().add("section-title");
        VBox outs = new VBox(6);
        outs.setId("revealOutputs");
        for (SafetyReview.RunView run : r.runs()) {
            Label h = new Label(run.model() + " · " + run.approach() + (run.verdict() == null ? "" : " · rule: " + run.verdict()));
            h.getStyleClass().add("reveal-run");
            String body = run.approach().equals("structured")
                    ? "tool calls: " + (run.calls().isEmpty() ? "(none)" : String.join(", ", run.calls()))
                    + (run.output() == null || run.output().isBlank() ? "" : "\n" + run.output())
                    : run.output();
            Label o = new Label(body == null ? "" : body.strip());
            o.getStyleClass().add("reveal-output");
            o.setWrapText(true);
            outs.getChildren().add(new VBox(1, h, o));
        }
        reveal.getChildren().addAll(t, outs);
    }

    private static Label head(String s) {
        Label l = new Label(s);
        l.getStyleClass().add("reveal-head");
        l.setMaxWidth(Double.MAX_VALUE);
        return l;
    }

    private static Label cell(String s, boolean differs) {
        Label l = new Label(s);
        l.getStyleClass().add(differs ? "reveal-differs" : s.startsWith("YES") ? "reveal-yes" : "reveal-no");
        l.getStyleClass().add("reveal-cell");
        l.setMaxWidth(Double.MAX_VALUE);
        return l;
    }

    // ------------------------------------------------------------------------------------ moving on

    private void refreshStates(Runnable then) {
        after(model.states(expert), s -> {
            states.clear();
            states.putAll(s);
            long done = s.values().stream().filter(SafetyReview.InputState::done).count();
            long mine = s.values().stream().filter(SafetyReview.InputState::mine).count();
            long second = s.values().stream().filter(SafetyReview.InputState::needsSecondReview).count();
            long adj = s.values().stream().filter(SafetyReview.InputState::inAdjudication).count();
            progress.setText(done + " of " + s.size() + " done  ·  " + mine + " mine  ·  " + second
                    + " need a 2nd review  ·  " + adj + " in adjudication" + (skipped.isEmpty() ? "" : "  ·  " + skipped.size()
                    + " skipped"));
            items.refresh();
            if (then != null) {
                then.run();
            }
        });
    }

    private boolean mine(SafetyReview.Input in) {
        SafetyReview.InputState s = states.get(in.key());
        return s != null && s.mine();
    }

    /** Index of the first input from {@code from} on that this expert has not done and not skipped (else from). */
    private int firstToDo(int from) {
        List<SafetyReview.Input> l = items.getItems();
        for (int i = 0; i < l.size(); i++) {
            SafetyReview.Input in = l.get((from + i) % l.size());
            if (!mine(in) && !skipped.contains(in.key())) {
                return (from + i) % l.size();
            }
        }
        return Math.max(0, Math.min(from, l.size() - 1));
    }

    /** The next input not yet done by this expert; after the main pass, the skipped ones. */
    private void nextToDo() {
        List<SafetyReview.Input> l = items.getItems();
        if (l.isEmpty()) {
            return;
        }
        int at = Math.max(0, items.getSelectionModel().getSelectedIndex());
        if (!skippedPass) {
            for (int i = at + 1; i < l.size(); i++) {
                if (!mine(l.get(i)) && !skipped.contains(l.get(i).key())) {
                    select(i);
                    return;
                }
            }
            for (int i = 0; i <= at; i++) {
                if (!mine(l.get(i)) && !skipped.contains(l.get(i).key())) {
                    select(i);
                    return;
                }
            }
        }
        List<String> left = skipped.stream().filter(k -> l.stream().anyMatch(in -> in.key().equals(k) && !mine(in))).toList();
        if (left.isEmpty()) {
            skippedPass = false;
            status.setText("Every input is done by " + (expert == null ? "you" : expert.name()) + ". "
                    + progress.getText());
            return;
        }
        skippedPass = true;
        String cur = current() == null ? null : current().key();
        int pos = left.indexOf(cur);
        String next = left.get((pos + 1) % left.size());
        status.setText("Skipped pass: " + left.size() + " input" + (left.size() == 1 ? "" : "s") + " you skipped.");
        for (int i = 0; i < l.size(); i++) {
            if (l.get(i).key().equals(next)) {
                select(i);
                return;
            }
        }
    }

    private void select(int i) {
        items.getSelectionModel().select(i);
        items.scrollTo(Math.max(0, i - 3));
    }

    private void skip() {
        SafetyReview.Input in = current();
        if (in == null || !loaded.policy().allowSkip()) {
            return;
        }
        skipped.add(in.key());
        if (expert != null) {
            model.skip(in.runs().stream().map(r -> r.traceId()).toList(), expert); // team projects only
        }
        status.setText("Skipped " + in.key() + " (no decision recorded); it comes back in the skipped pass at the end.");
        items.refresh();
        nextToDo();
    }

    // ------------------------------------------------------------------------------------ adjudication

    private void refreshQueue() {
        after(model.queue(), q -> {
            Map<String, List<SafetyReview.Disagreement>> byInput = new LinkedHashMap<>();
            q.forEach(d -> byInput.computeIfAbsent(d.taskKey(), k -> new ArrayList<>()).add(d));
            List<AdjItem> list = new ArrayList<>();
            byInput.forEach((k, ds) -> list.add(new AdjItem(ds.get(0).traceId(), k, ds.get(0).input(), ds)));
            list.sort((a, b) -> {
                int ia = indexOf(a.key());
                int ib = indexOf(b.key());
                return Integer.compare(ia, ib);
            });
            queue.getItems().setAll(list);
            if (!list.isEmpty()) {
                queue.getSelectionModel().select(0);
            } else {
                showDisagreement(null);
                adjMessage.setText("Nothing to adjudicate: no input where experts disagree.");
            }
        });
    }

    private int indexOf(String key) {
        for (int i = 0; i < items.getItems().size(); i++) {
            if (items.getItems().get(i).key().equals(key)) {
                return i;
            }
        }
        return Integer.MAX_VALUE;
    }

    private void showDisagreement(AdjItem d) {
        adjGrid.getChildren().clear();
        adjRationales.getChildren().clear();
        adjRationale.clear();
        adjRows.clear();
        adjTool = -1;
        showAdjError(null);
        adjBody.setVisible(d != null);
        adjBody.setManaged(d != null);
        if (d == null) {
            adjMessage.setText("");
            return;
        }
        adjMessage.setText(d.input());
        SafetyReview.Input in = items.getItems().stream().filter(i -> i.key().equals(d.key())).findFirst().orElse(null);
        after(model.expertOpinions(d.traceId()), ops -> {
            if (queue.getSelectionModel().getSelectedItem() != d) {
                return;
            }
            List<String> experts = new ArrayList<>();
            Map<String, String> reasons = new LinkedHashMap<>();
            ops.values().forEach(l -> l.stream().filter(o -> o.kind().equals("human") && !o.rater().equals(SafetyReview.ADJUDICATION))
                    .forEach(o -> {
                        if (!experts.contains(o.rater())) {
                            experts.add(o.rater());
                        }
                        reasons.put(o.rater(), o.rationale());
                    }));
            experts.sort(null);
            adjGrid.add(head("Tool"), 0, 0);
            for (int i = 0; i < experts.size(); i++) {
                adjGrid.add(head(experts.get(i)), i + 1, 0);
            }
            adjGrid.add(head("Your decision"), experts.size() + 1, 0);
            List<String> disputed = d.tools().stream().map(SafetyReview.Disagreement::tool).toList();
            List<Scenario.Tool> tools = in == null ? List.of() : in.scenario().tools();
            int row = 1;
            for (Scenario.Tool t : tools) {
                boolean isDisputed = disputed.contains(t.name());
                Label name = new Label(t.name() + (t.safetyCritical() ? "  ⚠" : ""));
                name.getStyleClass().add(isDisputed ? "adj-disputed" : "reveal-tool");
                adjGrid.add(name, 0, row);
                for (int i = 0; i < experts.size(); i++) {
                    String e = experts.get(i);
                    Boolean v = ops.getOrDefault(t.name(), List.of()).stream().filter(o -> o.rater().equals(e))
                            .map(SafetyReview.Opinion::yes).findFirst().orElse(null);
                    adjGrid.add(cell(v == null ? "–" : v ? "YES" : "NO", isDisputed), i + 1, row);
                }
                if (isDisputed) {
                    ToolRow r = new ToolRow(t, adjRows.size() + 1, "adj-");
                    int index = adjRows.size();
                    r.yes.setOnAction(e -> pickAdjTool(index));
                    r.no.setOnAction(e -> pickAdjTool(index));
                    Label n = new Label(String.valueOf(adjRows.size() + 1));
                    n.getStyleClass().add("tool-number");
                    adjRows.add(r);
                    adjGrid.add(new HBox(6, n, r.box), experts.size() + 1, row);
                }
                row++;
            }
            for (String e : experts) {
                Label who = new Label(e);
                who.getStyleClass().add("tool-name");
                String why = reasons.get(e);
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
            if (expert != null && experts.contains(expert.name())) {
                showAdjError("You (" + expert.name() + ") are one of the experts on this input; someone else must "
                        + "adjudicate it. Switch expert with Ctrl+E.");
            }
            pickAdjTool(0);
        });
    }

    private void pickAdjTool(int index) {
        if (index < 0 || index >= adjRows.size()) {
            return;
        }
        adjTool = index;
        for (int i = 0; i < adjRows.size(); i++) {
            adjRows.get(i).box.getStyleClass().remove("tool-current");
            if (i == index) {
                adjRows.get(i).box.getStyleClass().add("tool-current");
            }
        }
    }

    private void showAdjError(String text) {
        adjError.setText(text == null ? "" : text);
        adjError.setVisible(text != null);
        adjError.setManaged(text != null);
    }

    private void adjudicate() {
        AdjItem d = queue.getSelectionModel().getSelectedItem();
        if (d == null) {
            return;
        }
        if (expert == null) {
            showAdjError("Say who is adjudicating first: press Ctrl+E.");
            return;
        }
        Map<String, Boolean> decisions = new LinkedHashMap<>();
        List<String> undecided = new ArrayList<>();
        for (ToolRow r : adjRows) {
            if (r.value() == null) {
                undecided.add(r.tool.name());
            } else {
                decisions.put(r.tool.name(), r.value());
            }
        }
        if (!undecided.isEmpty()) {
            showAdjError("Decide " + String.join(" and ", undecided) + " (YES or NO) before recording.");
            return;
        }
        if (adjRationale.getText().isBlank()) {
            showAdjError("Write the rationale of your decision first (R).");
            adjRationale.requestFocus();
            return;
        }
        Expert who = expert;
        model.adjudicate(d.traceId(), who, decisions, adjRationale.getText()).whenComplete((ids, err) -> Platform.runLater(() -> {
            if (err != null) {
                showAdjError(cause(err).getMessage());
                return;
            }
            status.setText("Adjudicated " + String.join(", ", decisions.keySet()) + " on " + d.key() + " as " + who.name());
            refreshStates(null);
            refreshQueue();
        }));
    }

    // ------------------------------------------------------------------------------------ keys

    private void onKey(KeyEvent e) {
        if (tabs.getScene() == null || loaded == null || getCenter() != tabs) {
            return;
        }
        KeyCode k = e.getCode();
        boolean inText = e.getTarget() instanceof TextInputControl;
        boolean adj = adjTab.isSelected();
        if (e.isShortcutDown() && k == KeyCode.ENTER) {
            if (adj) {
                adjudicate();
            } else {
                commit();
            }
            e.consume();
            return;
        }
        if (e.isShortcutDown() && k == KeyCode.E) {
            askExpert();
            e.consume();
            return;
        }
        if (e.isShortcutDown() && (k == KeyCode.DIGIT1 || k == KeyCode.DIGIT2)) {
            tabs.getSelectionModel().select(k == KeyCode.DIGIT1 ? reviewTab : adjTab);
            e.consume();
            return;
        }
        if (inText) {
            if (k == KeyCode.ESCAPE) {
                (adj ? queue : items).requestFocus();
                e.consume();
            }
            return;
        }
        if (e.isShortcutDown() || e.isAltDown()) {
            return;
        }
        swallowTyped = false;
        if (k == KeyCode.F1 || "?".equals(e.getText())) {
            showShortcuts();
            e.consume();
            return;
        }
        int digit = digit(k);
        if (adj) {
            if (digit > 0) {
                pickAdjTool(digit - 1);
            } else if ((k == KeyCode.Y || k == KeyCode.N) && !adjRows.isEmpty()) {
                if (adjTool < 0) {
                    pickAdjTool(0);
                }
                adjRows.get(adjTool).set(k == KeyCode.Y);
                pickAdjTool(Math.min(adjTool + 1, adjRows.size() - 1));
            } else if (k == KeyCode.R) {
                swallowTyped = true;
                adjRationale.requestFocus();
            } else if (k == KeyCode.DOWN || k == KeyCode.J) {
                queue.getSelectionModel().selectNext();
            } else if (k == KeyCode.UP || k == KeyCode.K) {
                queue.getSelectionModel().selectPrevious();
            } else {
                return;
            }
            e.consume();
            return;
        }
        if (digit > 0) {
            pickTool(digit - 1);
        } else if (k == KeyCode.N && e.isShiftDown()) {
            if (!readOnly) {
                for (ToolRow r : rows) {
                    if (r.value() == null && !r.tool.safetyCritical()) {
                        r.set(false);
                    }
                }
            }
        } else if (k == KeyCode.Y || k == KeyCode.N) {
            if (!rows.isEmpty()) {
                setTool(k == KeyCode.Y);
            }
        } else if (k == KeyCode.R) {
            if (readOnly) {
                showError("You committed this input. Press E to revise it.");
            } else {
                swallowTyped = true;
                rationale.requestFocus();
            }
        } else if (k == KeyCode.E) {
            startRevision();
        } else if (k == KeyCode.S) {
            skip();
        } else if (k == KeyCode.SPACE || k == KeyCode.J) {
            nextToDo();
        } else if (k == KeyCode.DOWN) {
            items.getSelectionModel().selectNext();
        } else if (k == KeyCode.UP || k == KeyCode.K) {
            items.getSelectionModel().selectPrevious();
        } else if (k == KeyCode.HOME || k == KeyCode.END) {
            select(k == KeyCode.HOME ? 0 : items.getItems().size() - 1);
        } else {
            return;
        }
        e.consume();
    }

    private static int digit(KeyCode k) {
        if (k.isDigitKey()) {
            String n = k.getName().replaceAll("[^0-9]", "");
            return n.isEmpty() ? -1 : Integer.parseInt(n);
        }
        return -1;
    }

    /** The safety window's shortcuts sheet. */
    public Alert showShortcuts() {
        return org.tracejudge.ui.common.ShortcutsSheet.show(getScene(), "safetyShortcutsSheet", "Safety review shortcuts", SHORTCUTS);
    }

    // ------------------------------------------------------------------------------------ misc

    private void startBreakTimer() {
        if (loaded.policy().breakMinutes() > 0) {
            PauseTransition t = new PauseTransition(Duration.minutes(loaded.policy().breakMinutes()));
            t.setOnFinished(e -> {
                breakReminder.setText("You have been reviewing for " + loaded.policy().breakMinutes()
                        + " minutes. Take a break.");
                breakReminder.setVisible(true);
                breakReminder.setManaged(true);
            });
            t.play();
        }
    }

    private static Throwable cause(Throwable err) {
        return err instanceof CompletionException && err.getCause() != null ? err.getCause() : err;
    }

    private <T> void after(CompletableFuture<T> f, Consumer<T> onFx) {
        f.whenComplete((v, err) -> Platform.runLater(() -> {
            if (err != null) {
                status.setText("failed: " + cause(err).getMessage());
            } else {
                onFx.accept(v);
            }
        }));
    }

    /** Selects the input of this trace (tests and links from the workbench). */
    public void select(String traceId) {
        for (int i = 0; i < items.getItems().size(); i++) {
            if (items.getItems().get(i).runs().stream().anyMatch(r -> r.traceId().equals(traceId))) {
                select(i);
                return;
            }
        }
    }

    /** Selects an input by key, e.g. {@code lantern/4}. */
    public void selectInput(String key) {
        int i = indexOf(key);
        if (i != Integer.MAX_VALUE) {
            select(i);
        }
    }

    /** The scene the view lives in (for tests). */
    Scene scene() {
        return getScene();
    }

    private static final String DARK = SafetyReviewView.class.getResource("safety-dark.css").toExternalForm();

    /** Lays the dark twin of safety.css over it while the scene shows the workbench's dark sheet. */
    private void followTheme(java.util.List<? extends String> sceneSheets) {
        boolean dark = sceneSheets.stream().anyMatch(s -> s.endsWith("/dark.css"));
        if (dark && !getStylesheets().contains(DARK)) {
            getStylesheets().add(DARK);
        } else if (!dark) {
            getStylesheets().remove(DARK);
        }
    }
}
