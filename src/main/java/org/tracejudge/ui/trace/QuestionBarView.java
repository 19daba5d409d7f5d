package org.tracejudge.ui.trace;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.tracejudge.scheme.Answer;
import org.tracejudge.scheme.Kind;
import org.tracejudge.scheme.Option;
import org.tracejudge.scheme.Question;

/**
 * The decision bar of a project with its own scheme: the trace's questions in order (the current one marked, answered
 * ones ticked), the current question's prompt, its keys with their one-line definitions, and the field a number, a
 * text or a span needs. Drawn from {@link QuestionBarViewModel.State}; the keys reach the view model from the window's
 * key filter, or from the fields here while one has the focus.
 */
public final class QuestionBarView extends VBox {
    private static final javafx.css.PseudoClass CURRENT = javafx.css.PseudoClass.getPseudoClass("current");
    private static final javafx.css.PseudoClass ANSWERED = javafx.css.PseudoClass.getPseudoClass("answered");

    private final QuestionBarViewModel vm;
    private final FlowPane questions = new FlowPane(6, 4);
    private final Label prompt = new Label();
    private final Label mine = new Label();
    /** Other raters' and machines' answers, or (blind, before mine) the line saying they are hidden. */
    private final Label othersLine = new Label();
    /** The safety review's chip on an item that waits for a second expert or an adjudicator. */
    private final Label reviewChip = new Label();

    private final VBox options = new VBox(1);
    private final TextField field = new TextField();
    private final TextArea spanText = new TextArea();
    private final Label marked = new Label();
    private final Label help = new Label();
    /** Runs after the bar gives the focus back (the window puts it on the workbench, where the review keys act). */
    private Runnable focusBack = () -> {};

    private String shownQuestion;
    private String shownTrace;
    /** Whether the trace shown had its answers read (the walk's first position is not a move). */
    private boolean loadedShown;

    public QuestionBarView(QuestionBarViewModel vm) {
        super(4);
        this.vm = vm;
        setId("questionBar");
        getStyleClass().add("question-bar");
        questions.setId("questionChips");
        prompt.setId("questionPrompt");
        prompt.getStyleClass().add("question-prompt");
        prompt.setWrapText(true);
        prompt.setMinHeight(Region.USE_PREF_SIZE);
        mine.setId("questionMine");
        mine.getStyleClass().add("muted");
        mine.setWrapText(true);
        mine.setMinHeight(Region.USE_PREF_SIZE);
        othersLine.setId("questionOthers");
        othersLine.getStyleClass().add("muted");
        othersLine.setWrapText(true);
        othersLine.setMinHeight(Region.USE_PREF_SIZE);
        reviewChip.setId("questionReview");
        reviewChip.getStyleClass().addAll("question-chip", "review-chip");
        reviewChip.setMinWidth(Region.USE_PREF_SIZE);
        reviewChip.managedProperty().bind(reviewChip.visibleProperty());
        reviewChip.setVisible(false);
        org.tracejudge.ui.common.LazyTooltip.install(reviewChip, () -> {
            QuestionBarViewModel.Others o = vm.othersProperty().get();
            return o.review() == null ? "" : o.review().why();
        });
        options.setId("questionOptions");
        field.setId("questionField");
        field.setOnAction(e -> {
            if (vm.submitText(field.getText())) {
                field.clear();
            }
        });
        field.addEventFilter(KeyEvent.KEY_PRESSED, this::fieldKey);
        spanText.setId("spanText");
        spanText.setEditable(false);
        spanText.setWrapText(true);
        spanText.setPrefRowCount(3);
        spanText.getStyleClass().add("span-text");
        spanText.addEventFilter(KeyEvent.KEY_PRESSED, this::spanKey);
        spanText.setAccessibleText(
                "The final answer: select a passage with Shift and the arrow keys, then press the key "
                        + "of its option; Enter saves the marks");
        marked.setId("spanMarks");
        marked.getStyleClass().add("muted");
        marked.setWrapText(true);
        marked.setMinHeight(Region.USE_PREF_SIZE);
        for (Node n : List.of(field, spanText, marked)) {
            n.managedProperty().bind(n.visibleProperty());
        }
        help.getStyleClass().add("key-help");
        help.setWrapText(true);
        help.setMinHeight(Region.USE_PREF_SIZE);
        help.setText("Tab / ] next question · Shift+Tab / [ previous · J/K traces · S skip · Ctrl+Z undo · ? all keys");
        HBox head = new HBox(8, prompt, reviewChip);
        head.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(prompt, Priority.ALWAYS);
        getChildren().setAll(questions, head, options, field, spanText, marked, mine, othersLine, help);
        vm.stateProperty().addListener((o, a, b) -> show(b));
        show(vm.stateProperty().get());
        vm.othersProperty().addListener((o, a, b) -> showOthers(b));
        showOthers(vm.othersProperty().get());
    }

    private void showOthers(QuestionBarViewModel.Others o) {
        othersLine.setText(o.text());
        othersLine.setAccessibleText(o.text());
        String chip = o.chip();
        reviewChip.setVisible(chip != null);
        reviewChip.setText(chip == null ? "" : chip);
        if (chip != null) {
            reviewChip.setAccessibleText(
                    "Safety review: " + chip + ". " + o.review().why());
        }
    }

    /** What runs when a field here gives the focus back to the review keys. */
    public void onFocusBack(Runnable r) {
        focusBack = r;
    }

    public TextField field() {
        return field;
    }

    public TextArea spanText() {
        return spanText;
    }

    private void fieldKey(KeyEvent e) {
        if (e.getCode() == KeyCode.TAB && !e.isShortcutDown()) {
            vm.move(e.isShiftDown() ? -1 : +1);
            e.consume();
        }
    }

    private void spanKey(KeyEvent e) {
        if (e.isShortcutDown() && e.getCode() == KeyCode.Z) {
            vm.undo();
            e.consume();
            return;
        }
        if (e.isShortcutDown() || e.isAltDown()) {
            return;
        }
        if (e.getCode() == KeyCode.TAB || e.getCode() == KeyCode.CLOSE_BRACKET || e.getCode() == KeyCode.OPEN_BRACKET) {
            vm.move(e.getCode() == KeyCode.OPEN_BRACKET || e.isShiftDown() ? -1 : +1);
            e.consume();
            return;
        }
        if (e.getCode() == KeyCode.ENTER) {
            vm.enter();
            e.consume();
            return;
        }
        String ch = character(e);
        if (ch != null && !e.isShiftDown() && vm.takes(ch)) {
            // 0: none found (the selection, if any, is not a mark)
            vm.key(ch);
            spanText.deselect();
            e.consume();
            return;
        }
        if (ch != null) {
            javafx.scene.control.IndexRange r = spanText.getSelection();
            if (vm.markSpan(ch, r.getStart(), r.getEnd())) {
                spanText.deselect();
                e.consume();
            }
        }
    }

    /** The character a key press stands for: a digit (also on the keypad) or a letter in lower case; else null. */
    public static String character(KeyEvent e) {
        KeyCode c = e.getCode();
        if (c.isDigitKey()) {
            String n = c.getName();
            return n.substring(n.length() - 1);
        }
        if (c.isLetterKey()) {
            return c.getName().toLowerCase(java.util.Locale.ROOT);
        }
        return null;
    }

    private void show(QuestionBarViewModel.State st) {
        Question q = st.question();
        questions.getChildren().clear();
        for (int i = 0; i < st.questions().size(); i++) {
            Question x = st.questions().get(i);
            boolean answered = st.answers().containsKey(x.key());
            Label chip = new Label((answered ? "✓ " : "") + x.key() + (x.required() ? "" : " (optional)"));
            chip.setId("question-" + x.key());
            chip.getStyleClass().add("question-chip");
            chip.pseudoClassStateChanged(CURRENT, x.key().equals(st.current()));
            chip.pseudoClassStateChanged(ANSWERED, answered);
            chip.setMinWidth(Region.USE_PREF_SIZE);
            chip.setAccessibleText("Question " + (i + 1) + ", " + x.key() + (answered ? ", answered" : "")
                    + (x.key().equals(st.current()) ? ", current" : ""));
            questions.getChildren().add(chip);
        }
        if (st.decided()) {
            Label done = new Label("decided");
            done.setId("questionsDecided");
            done.getStyleClass().add("question-decided");
            questions.getChildren().add(done);
        }
        options.getChildren().clear();
        boolean number = q != null && q.kind() == Kind.NUMBER;
        boolean text = q != null && q.kind() == Kind.TEXT;
        boolean span = q != null && q.kind() == Kind.SPAN;
        if ((field.isFocused() && !(number || text)) || (spanText.isFocused() && !span)) {
            // the field goes away with the focus in it: the review keys get it back (else the scene would hand it
            // to the next control, the return tree, where the keys do nothing)
            focusBack.run();
        }
        field.setVisible(number || text);
        spanText.setVisible(span);
        marked.setVisible(span);
        if (q == null) {
            prompt.setText(
                    st.traceId() == null
                            ? ""
                            : st.loaded()
                                    ? "No question of the scheme applies to this trace."
                                    : "Reading your answers…");
            mine.setText("");
            shownQuestion = null;
            return;
        }
        prompt.setText(q.prompt() + "  (" + q.kind().words() + keysOf(q) + ")");
        Answer given = st.answers().get(q.key());
        mine.setText(
                given == null
                        ? "Not answered yet."
                        : "Your answer: " + QuestionBarViewModel.shortText(QuestionBarViewModel.cellText(given)));
        fillOptions(q, st, given);
        if (number || text) {
            field.setPromptText(
                    number
                            ? "A number" + range(q) + ", then Enter"
                            : "Type, then Enter" + (q.required() ? "" : " (Enter on an empty field passes)"));
        }
        if (span) {
            if (!st.answerText().equals(spanText.getText())) {
                spanText.setText(st.answerText());
            }
            List<String> m = new ArrayList<>();
            for (Answer.Span s : st.spans()) {
                m.add("“" + QuestionBarViewModel.shortText(excerpt(st.answerText(), s)) + "” → " + s.option());
            }
            marked.setText(
                    m.isEmpty()
                            ? "Select a passage (Shift+arrows), then its option's key; Enter saves the marks; "
                                    + QuestionBarViewModel.NONE_FOUND_KEY + " answers none found."
                            : "Marked: " + String.join(" · ", m) + ". Enter saves them.");
        }
        // the walk moved on this trace (an answer, Tab): a field's question takes the focus. A trace just shown
        // (J, K, a decision's move on) never pulls it into a field, where J would be typed rather than obeyed
        boolean sameTrace = java.util.Objects.equals(st.traceId(), shownTrace) && loadedShown;
        boolean moved = !q.key().equals(shownQuestion);
        shownQuestion = q.key();
        shownTrace = st.traceId();
        loadedShown = st.loaded();
        if (moved && sameTrace && st.loaded()) {
            focusFor(q);
        }
    }

    /**
     * A field's question takes the focus into its field (the person answers from the keyboard, wherever the review keys
     * had it: the table, the trace); any other gives a field's focus back to the review keys. A text field elsewhere
     * (the search, a filter) keeps it.
     */
    private void focusFor(Question q) {
        if (getScene() == null || !isVisible()) {
            return;
        }
        Node owner = getScene().getFocusOwner();
        boolean ours = owner == field || owner == spanText;
        if (!ours && owner instanceof javafx.scene.control.TextInputControl) {
            return;
        }
        if (q.kind() == Kind.NUMBER || q.kind() == Kind.TEXT) {
            field.clear();
            field.requestFocus();
        } else if (q.kind() == Kind.SPAN) {
            spanText.requestFocus();
            spanText.positionCaret(0);
        } else if (ours) {
            focusBack.run();
        }
    }

    private void fillOptions(Question q, QuestionBarViewModel.State st, Answer given) {
        if (q.kind() == Kind.ORDINAL) {
            Map<Integer, Option> anchors = QuestionBarViewModel.anchors(q);
            for (int step = q.scale().from(); step <= q.scale().to(); step++) {
                Option a = anchors.get(step);
                String k = q.keyOfStep(step);
                boolean chosen = given instanceof Answer.Step s && s.value() == step;
                // the step once when its key is its digit ("3  high"), else both ("h  3 high")
                String what = (Integer.toString(step).equals(k) ? "" : step + " ") + (a == null ? "" : a.label());
                options.getChildren()
                        .add(line(
                                k == null ? Integer.toString(step) : k,
                                what,
                                a == null ? "" : a.definition(),
                                chosen,
                                "step-" + step));
            }
            return;
        }
        if (q.kind() == Kind.YES_NO_PER_TOOL) {
            String next = st.nextTool();
            Label tools = new Label(
                    st.tools().isEmpty()
                            ? "This trace names no tools to decide."
                            : "Tools: " + toolsText(st) + (next == null ? "" : "   → now: " + next));
            tools.setId("toolDecisions");
            tools.setWrapText(true);
            tools.setMinHeight(Region.USE_PREF_SIZE);
            options.getChildren().add(tools);
        }
        if (!q.kind().hasOptions()) {
            return;
        }
        for (Option o : q.options()) {
            boolean chosen = (given instanceof Answer.Choice c && c.value().equals(o.value()))
                    || (q.kind() == Kind.MULTIPLE_CHOICE && st.choices().contains(o.value()));
            String pre = q.kind() == Kind.MULTIPLE_CHOICE ? (st.choices().contains(o.value()) ? "[x] " : "[ ] ") : "";
            options.getChildren().add(line(q.keyOf(o), pre + o.label(), o.definition(), chosen, "option-" + o.value()));
        }
        if (q.kind() == Kind.SPAN && QuestionBarViewModel.noneFoundKey(q, QuestionBarViewModel.NONE_FOUND_KEY)) {
            boolean none = given instanceof Answer.Spans x && x.isNoneFound();
            options.getChildren()
                    .add(line(
                            QuestionBarViewModel.NONE_FOUND_KEY,
                            Answer.Spans.NONE_FOUND,
                            "nothing in the text to mark",
                            none,
                            "option-none-found"));
        }
        if (q.kind() == Kind.MULTIPLE_CHOICE) {
            Label l = new Label(
                    "Keys toggle, Enter saves" + (given == null ? "" : " (your answer: " + given.display() + ")"));
            l.getStyleClass().add("muted");
            options.getChildren().add(l);
        }
    }

    private static String toolsText(QuestionBarViewModel.State st) {
        List<String> parts = new ArrayList<>();
        for (String t : st.tools()) {
            Answer.YesNo yn = st.perTool().get(t);
            parts.add(t + (yn == null ? " ?" : " " + yn));
        }
        return String.join(", ", parts);
    }

    private static Label line(String key, String label, String definition, boolean chosen, String id) {
        Label l =
                new Label((key == null ? "·" : key) + "  " + label + (definition.isEmpty() ? "" : " — " + definition));
        l.setId(id);
        l.getStyleClass().add("question-option");
        l.pseudoClassStateChanged(CURRENT, chosen);
        l.setWrapText(false);
        l.setTextOverrun(javafx.scene.control.OverrunStyle.ELLIPSIS);
        l.setMaxWidth(Double.MAX_VALUE);
        if (!definition.isEmpty()) {
            // the line may be cut at the pane's width: the whole definition on hover
            org.tracejudge.ui.common.LazyTooltip.install(l, label + ": " + definition);
        }
        l.setAccessibleText("Key " + key + ": " + label + (definition.isEmpty() ? "" : ", " + definition));
        return l;
    }

    private static String keysOf(Question q) {
        return switch (q.kind()) {
            case SINGLE_CHOICE -> ", its key answers";
            case MULTIPLE_CHOICE -> ", keys toggle, Enter saves";
            case ORDINAL -> ", the step's key answers";
            case NUMBER -> ", type it";
            case YES_NO_PER_TOOL -> ", decide each tool in turn";
            case SPAN -> ", select, then the option's key; " + QuestionBarViewModel.NONE_FOUND_KEY + " none found";
            case TEXT -> q.required() ? ", type it" : ", optional";
        };
    }

    private static String range(Question q) {
        if (!q.range().hasMin() && !q.range().hasMax()) {
            return "";
        }
        return " (" + (q.range().hasMin() ? fmt(q.range().min()) : "…") + " to "
                + (q.range().hasMax() ? fmt(q.range().max()) : "…") + ")";
    }

    private static String fmt(double d) {
        return new Answer.Numeric(d).display();
    }

    private static String excerpt(String text, Answer.Span s) {
        int a = Math.max(0, Math.min(text.length(), s.start()));
        int b = Math.max(a, Math.min(text.length(), s.end()));
        return text.substring(a, b);
    }
}
