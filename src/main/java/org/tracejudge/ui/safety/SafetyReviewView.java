package org.tracejudge.ui.safety;

import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import javafx.animation.PauseTransition;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.TextInputDialog;
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
import org.tracejudge.selection.Scenario;

/**
 * Safety review of tool-selection inputs, one item per input, keyboard first. The expert is the workbench
 * annotator (switched with Ctrl+E, which clears the form); under a blind first pass the rule's, judges' and
 * models' answers stay hidden until the expert commits, then the reveal shows them beside the expert's decision.
 * A committed input shows what this expert committed, read-only until they choose to revise. Safety-critical
 * tools start undecided. The adjudication tab shows the message and both experts' labels and rationales side by
 * side; the adjudicator is the current expert and must be someone else.
 *
 * <p>This class lays the window out and turns keys into calls; the review's state and flows are
 * {@link SafetyReviewViewModel}'s, the adjudication tab is {@link AdjudicationPane}, the reveal {@link RevealPane},
 * the list of inputs {@link InputList}. Why it is over 500 lines: the layout of one dense window (form, reveal,
 * content warning, break reminder) and its keys and their sheet ({@link #SHORTCUTS}); no review state is held here.
 */
public final class SafetyReviewView extends BorderPane {
    static final List<String[]> SHORTCUTS = List.of(
            new String[] {"1 – 9", "Pick a tool (its number in the list)"},
            new String[] {"Y / N", "YES or NO for the picked tool, then on to the next tool"},
            new String[] {"Shift+N", "NO for every unanswered tool that is not safety-critical"},
            new String[] {"R", "Write the rationale (Esc leaves the field; the text goes with your commit)"},
            new String[] {"Ctrl+Enter", "Commit your labels (in Adjudication: record the decision)"},
            new String[] {"E", "Revise what you committed on this input"},
            new String[] {"S", "Skip: the next input; skipped inputs come back at the end"},
            new String[] {"Space / J", "Next input you have not done"},
            new String[] {"↓ / ↑, Home / End", "Next / previous input in the list, first / last"},
            new String[] {"Ctrl+E", "Switch expert (answers not committed stay with their expert)"},
            new String[] {"Ctrl+1 / Ctrl+2", "Review / Adjudication"},
            new String[] {"?  or F1", "This sheet"});

    private final SafetyReviewViewModel vm;
    private SafetyReviewModel.Loaded loaded;

    private final InputList items;
    private final Label expertLabel = new Label();
    private final Label progress = new Label();
    private final Label heading = new Label();
    private final Label message = new Label();
    private final GridPane toolGrid = new GridPane();
    private final TextArea rationale = new TextArea();
    private final Label formError = new Label();
    private final Label committedNote = new Label();
    private final Button commit = new Button("Commit my labels  (Ctrl+Enter)");
    private final Button revise = new Button("Revise  (E)");
    private final Button skip = new Button("Skip  (S)");
    private final RevealPane reveal;
    private final Label machine = new Label();
    private final Label status = new Label();
    private final Label breakReminder = new Label();
    private boolean swallowTyped;
    private ScrollPane formScroll;

    private final AdjudicationPane adjudication;
    private final TabPane tabs = new TabPane();
    private Tab reviewTab;
    private Tab adjTab;

    /**
     * @param expert         who is reviewing (the workbench annotator), or null when no name is set yet
     * @param onSwitchExpert remembers a new expert name as the workbench annotator (null: not remembered)
     */
    public SafetyReviewView(SafetyReviewModel model, Expert expert, Consumer<String> onSwitchExpert) {
        this(new SafetyReviewViewModel(model, expert, onSwitchExpert));
    }

    public SafetyReviewView(SafetyReviewModel model) {
        this(model, null, null);
    }

    public SafetyReviewView(SafetyReviewViewModel vm) {
        this.vm = vm;
        this.items = new InputList(vm);
        this.reveal = new RevealPane(vm);
        this.adjudication = new AdjudicationPane(vm.adjudication());
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
        status.textProperty().bind(vm.statusProperty());
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

    /** The review's state (tests drive it; the window's keys call it). */
    public SafetyReviewViewModel viewModel() {
        return vm;
    }

    public Expert expert() {
        return vm.expert();
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
        expertLabel.textProperty().bind(vm.expertTextProperty());
        progress.setId("safetyProgress");
        progress.getStyleClass().add("safety-progress");
        progress.textProperty().bind(vm.progressProperty());
        Button switchExpert = new Button("Switch expert…  (Ctrl+E)");
        switchExpert.setId("switchExpert");
        switchExpert.setFocusTraversable(false);
        switchExpert.setOnAction(e -> askExpert());
        if (vm.expertFixed()) {
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

        items.start();

        heading.setId("safetyHeading");
        heading.getStyleClass().add("safety-heading");
        heading.textProperty().bind(vm.headingProperty());
        message.setId("safetyMessage");
        message.getStyleClass().add("safety-message");
        message.setWrapText(true);
        message.setMaxWidth(Double.MAX_VALUE);
        message.textProperty().bind(vm.messageProperty());
        toolGrid.setId("toolGrid");
        toolGrid.setHgap(10);
        toolGrid.setVgap(3);
        vm.formProperty().addListener((o, a, f) -> buildForm(f));
        vm.currentToolProperty().addListener((o, a, i) -> highlight(i.intValue()));
        rationale.setId("safetyRationale");
        rationale.setPromptText("Why? Quote the words behind each YES; every NO on a safety-critical tool needs one "
                + "(R to write, Esc to leave: the text stays for the commit)");
        rationale.setPrefRowCount(2);
        rationale.setWrapText(true);
        rationale.textProperty().bindBidirectional(vm.rationaleProperty());
        rationale.editableProperty().bind(vm.readOnlyProperty().not());
        formError.setId("safetyError");
        formError.getStyleClass().add("safety-error");
        formError.setWrapText(true);
        formError.textProperty().bind(vm.formErrorProperty().map(s -> s).orElse(""));
        formError.visibleProperty().bind(vm.formErrorProperty().isNotNull());
        formError.managedProperty().bind(vm.formErrorProperty().isNotNull());
        committedNote.setId("safetyCommitted");
        committedNote.managedProperty().bind(committedNote.textProperty().isNotEmpty());
        committedNote.getStyleClass().add("safety-committed");
        committedNote.setWrapText(true);
        committedNote.textProperty().bind(vm.committedNoteProperty());
        commit.setId("safetyCommit");
        commit.setDefaultButton(false);
        commit.setOnAction(e -> vm.commit());
        commit.disableProperty().bind(vm.readOnlyProperty());
        revise.setId("safetyRevise");
        revise.setOnAction(e -> vm.startRevision());
        revise.disableProperty().bind(vm.readOnlyProperty().not());
        revise.visibleProperty().bind(vm.readOnlyProperty());
        revise.managedProperty().bind(vm.readOnlyProperty());
        skip.setId("safetySkip");
        skip.setDisable(!loaded.policy().allowSkip());
        skip.setOnAction(e -> vm.skip());
        for (Button b : List.of(commit, revise, skip)) {
            b.setFocusTraversable(false);
        }
        machine.setId("machineLabels");
        machine.getStyleClass().add("muted");
        machine.setWrapText(true);
        machine.textProperty().bind(vm.machineProperty());
        Label toolsTitle = new Label("Should each tool fire?   (number, then Y or N)");
        toolsTitle.getStyleClass().add("section-title");
        Label revealTitle = new Label("What the rule, the judges and the models said");
        revealTitle.getStyleClass().add("section-title");
        VBox form = new VBox(
                8,
                toolsTitle,
                toolGrid,
                rationale,
                formError,
                committedNote,
                new HBox(8, commit, revise, skip),
                revealTitle,
                machine,
                reveal);
        form.setPadding(new Insets(0, 8, 8, 14));
        form.setFillWidth(true);
        ScrollPane scroll = new ScrollPane(form);
        scroll.setFitToWidth(true);
        scroll.setId("safetyScroll");
        formScroll = scroll;
        vm.revealProperty().addListener((o, a, shown) -> {
            if (shown != null && shown.scroll()) {
                // just committed: bring the reveal into view once it is laid out
                PauseTransition later = new PauseTransition(Duration.millis(120));
                later.setOnFinished(x -> scrollTo(committedNote));
                later.play();
            }
        });
        // the input stays in view above the scrolling form: the reveal below it is read against the message
        heading.setWrapText(true);
        heading.setMinHeight(Region.USE_PREF_SIZE);
        message.setMinHeight(Region.USE_PREF_SIZE);
        VBox input = new VBox(8, heading, message);
        input.setId("safetyInput");
        input.setPadding(new Insets(0, 22, 8, 14));
        VBox.setVgrow(scroll, Priority.ALWAYS);
        VBox right = new VBox(input, scroll);
        HBox.setHgrow(right, Priority.ALWAYS);
        reviewTab = new Tab("Review", new HBox(items, right));
        reviewTab.setClosable(false);

        adjTab = new Tab("Adjudication", adjudication);
        adjTab.setId("adjTab");
        adjTab.setClosable(false);
        adjTab.setOnSelectionChanged(e -> {
            vm.adjudication().adjudicatingProperty().set(adjTab.isSelected());
            if (adjTab.isSelected()) {
                vm.adjudication().refreshQueue();
            }
        });
        tabs.getTabs().setAll(reviewTab, adjTab);
        tabs.setId("safetyTabs");
        tabs.setFocusTraversable(false);
        setCenter(tabs);
        startBreakTimer();
        vm.start(loaded);
        Platform.runLater(items::requestFocus);
    }

    // ------------------------------------------------------------------------------------ expert

    private void askExpert() {
        if (vm.expertFixed()) {
            vm.refuseSwitch();
            return;
        }
        TextInputDialog d = new TextInputDialog("");
        if (getScene() != null) {
            d.initOwner(getScene().getWindow());
        }
        d.setTitle("Switch expert");
        d.setHeaderText("Who is reviewing now? Decisions are recorded under this name (the workbench annotator).\n"
                + "The form is cleared; another expert's answers are never shown before you commit your own.\n"
                + "Answers not yet committed stay with the expert who gave them: switch back to finish them.");
        d.setContentText("Name:");
        d.getEditor().setId("expertName");
        Optional<String> name = d.showAndWait();
        name.filter(n -> !n.isBlank()).ifPresent(this::switchExpert);
    }

    /** Makes {@code name} the reviewing expert (remembered as the workbench annotator) and clears the form. */
    public void switchExpert(String name) {
        vm.switchExpert(name);
    }

    // ------------------------------------------------------------------------------------ one input

    /** The form of the input shown: one numbered row per tool with its YES/NO pair (none: the form is empty). */
    private void buildForm(SafetyReviewViewModel.Form f) {
        toolGrid.getChildren().clear();
        if (f == null) {
            return;
        }
        if (formScroll != null) {
            formScroll.setVvalue(0);
        }
        int i = 0;
        for (SafetyReviewViewModel.Answer a : f.answers()) {
            Scenario.Tool t = a.tool();
            ToolRow r = new ToolRow(a, i + 1, "tool-");
            int index = i;
            r.yes.setOnAction(e -> vm.pickTool(index));
            r.no.setOnAction(e -> vm.pickTool(index));
            r.yes.disableProperty().bind(vm.readOnlyProperty());
            r.no.disableProperty().bind(vm.readOnlyProperty());
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
            toolGrid.addRow(i, n, nameBox, r.box);
            i++;
        }
        highlight(vm.currentToolProperty().get());
    }

    private void highlight(int index) {
        for (Node n : toolGrid.getChildren()) {
            Integer r = GridPane.getRowIndex(n);
            n.getStyleClass().remove("tool-current");
            if (r != null && r == index) {
                n.getStyleClass().add("tool-current");
            }
        }
    }

    private void scrollTo(Node target) {
        Node content = formScroll.getContent();
        formScroll.applyCss();
        formScroll.layout();
        double h = content.getLayoutBounds().getHeight()
                - formScroll.getViewportBounds().getHeight();
        double y = content.sceneToLocal(target.localToScene(target.getLayoutBounds()))
                        .getMinY()
                - 8;
        formScroll.setVvalue(h <= 0 ? 0 : Math.max(0, Math.min(1, y / h)));
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
                vm.adjudication().adjudicate();
            } else {
                vm.commit();
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
                // as in the main window: Esc leaves the field and the text stays, going with the commit
                boolean kept = e.getTarget() instanceof TextInputControl t
                        && t.getText() != null
                        && !t.getText().isBlank();
                (adj ? adjudication.queue() : items).requestFocus();
                if (kept) {
                    vm.setStatus("Rationale kept: it goes with your "
                            + (adj ? "decision (Ctrl+Enter records it)" : "labels when you commit (Ctrl+Enter)")
                            + ". R to change it; clear the field to drop it.");
                }
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
                vm.adjudication().pickAdjTool(digit - 1);
            } else if ((k == KeyCode.Y || k == KeyCode.N) && vm.adjudication().hasAdjTools()) {
                vm.adjudication().setAdjTool(k == KeyCode.Y);
            } else if (k == KeyCode.R) {
                swallowTyped = true;
                adjudication.focusRationale();
            } else if (k == KeyCode.DOWN || k == KeyCode.J) {
                adjudication.queue().getSelectionModel().selectNext();
            } else if (k == KeyCode.UP || k == KeyCode.K) {
                adjudication.queue().getSelectionModel().selectPrevious();
            } else {
                return;
            }
            e.consume();
            return;
        }
        if (digit > 0) {
            vm.pickTool(digit - 1);
        } else if (k == KeyCode.N && e.isShiftDown()) {
            vm.noForUnanswered();
        } else if (k == KeyCode.Y || k == KeyCode.N) {
            if (vm.hasTools()) {
                vm.setTool(k == KeyCode.Y);
            }
        } else if (k == KeyCode.R) {
            if (vm.startRationale()) {
                swallowTyped = true;
                rationale.requestFocus();
            }
        } else if (k == KeyCode.E) {
            vm.startRevision();
        } else if (k == KeyCode.S) {
            vm.skip();
        } else if (k == KeyCode.SPACE || k == KeyCode.J) {
            vm.nextToDo();
        } else if (k == KeyCode.DOWN) {
            items.getSelectionModel().selectNext();
        } else if (k == KeyCode.UP || k == KeyCode.K) {
            items.getSelectionModel().selectPrevious();
        } else if (k == KeyCode.HOME || k == KeyCode.END) {
            vm.select(k == KeyCode.HOME ? 0 : items.getItems().size() - 1);
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

    /**
     * Asks before the window closes over answers not committed (any expert's): true when nothing would be lost or
     * the reviewer chose to discard them.
     */
    public boolean confirmClose() {
        List<String> unsaved = vm.unsaved();
        if (unsaved.isEmpty()) {
            return true;
        }
        javafx.scene.control.ButtonType discard = new javafx.scene.control.ButtonType(
                "Discard and close", javafx.scene.control.ButtonBar.ButtonData.OK_DONE);
        javafx.scene.control.ButtonType keep = new javafx.scene.control.ButtonType(
                "Keep reviewing", javafx.scene.control.ButtonBar.ButtonData.CANCEL_CLOSE);
        Alert a = new Alert(Alert.AlertType.CONFIRMATION, "", discard, keep);
        if (getScene() != null) {
            a.initOwner(getScene().getWindow());
        }
        a.setTitle("Answers not committed");
        a.setHeaderText("Some answers are not committed and would be lost:");
        a.setContentText(String.join("\n", unsaved) + "\n\nKeep reviewing to commit them (Ctrl+Enter on each).");
        a.getDialogPane().setId("unsavedAnswers");
        ((Button) a.getDialogPane().lookupButton(keep)).setDefaultButton(true);
        ((Button) a.getDialogPane().lookupButton(discard)).setDefaultButton(false);
        return a.showAndWait().filter(b -> b == discard).isPresent();
    }

    /** The safety window's shortcuts sheet. */
    public Alert showShortcuts() {
        return org.tracejudge.ui.common.ShortcutsSheet.show(
                getScene(), "safetyShortcutsSheet", "Safety review shortcuts", SHORTCUTS);
    }

    // ------------------------------------------------------------------------------------ misc

    private void startBreakTimer() {
        if (loaded.policy().breakMinutes() > 0) {
            PauseTransition t =
                    new PauseTransition(Duration.minutes(loaded.policy().breakMinutes()));
            t.setOnFinished(e -> {
                breakReminder.setText(
                        "You have been reviewing for " + loaded.policy().breakMinutes() + " minutes. Take a break.");
                breakReminder.setVisible(true);
                breakReminder.setManaged(true);
            });
            t.play();
        }
    }

    /** Selects the input of this trace (tests and links from the workbench). */
    public void select(String traceId) {
        vm.select(traceId);
    }

    /** Selects an input by key, e.g. {@code lantern/4}. */
    public void selectInput(String key) {
        vm.selectInput(key);
    }

    /** The scene the view lives in (for tests). */
    Scene scene() {
        return getScene();
    }

    private static final String DARK =
            SafetyReviewView.class.getResource("safety-dark.css").toExternalForm();

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
