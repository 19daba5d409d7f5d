package org.tracejudge.ui.trace;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;
import org.tracejudge.model.GroundTruth;
import org.tracejudge.model.Task;
import org.tracejudge.model.TaskType;
import org.tracejudge.rules.Evidence;
import org.tracejudge.ui.common.LazyTooltip;
import org.tracejudge.ui.common.UncachedViewport;

/**
 * The tool return (a collapsible JSON tree) beside the final answer and the ground truth under it, both highlighted
 * with the rule's evidence, think blocks folded: a part of the {@link TraceView}, refilled on every trace. Its state
 * (the unfolded think blocks, the current highlight) is {@link ReturnAndAnswerViewModel}'s.
 */
final class ReturnAndAnswerView extends SplitPane {
    private static final javafx.css.PseudoClass CURRENT = javafx.css.PseudoClass.getPseudoClass("current");

    private final ReturnAndAnswerViewModel model;
    /** Draws the whole trace again (a think block unfolded). */
    private final Runnable reshow;

    private final TreeView<JsonEntry> returnTree = new TreeView<>();
    /** What the return pane shows: the run's returns, or the task's return the run never received. */
    private final Label returnTitle = TraceView.title("Tool return");

    private final Label returnNote = new Label();
    private final TextFlow answer = new TextFlow();
    private final ScrollPane answerScroll;
    private final FlowPane groundTruth = new FlowPane(6, 4);

    /** A node of the return tree. */
    record JsonEntry(String key, JsonNode node, String pointer) {}

    ReturnAndAnswerView(ReturnAndAnswerViewModel model, Runnable reshow) {
        this.model = model;
        this.reshow = reshow;
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
        VBox answerPane = new VBox(4, TraceView.title("Final answer"), answerScroll, groundTruth);
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
        getItems().setAll(returnPane, answerPane);
        setOrientation(Orientation.HORIZONTAL);
        setDividerPositions(0.45);
        setId("returnAndAnswer");
    }

    /** Fills the pair with a trace; {@code hidden}: blind, no evidence highlighted. */
    void show(TraceDetail d, boolean hidden) {
        Task task = d.task();
        Evidence ev = hidden || d.rule() == null ? null : d.rule().evidence();
        returnTitle.setText(CallsShown.returnTitle(task, d.trace()));
        String note = CallsShown.returnNote(task, d.trace());
        returnNote.setText(note == null ? "" : note);
        returnNote.setVisible(note != null);
        showReturn(ReturnAndAnswerViewModel.returnOf(task, d.trace()), Highlights.foundPointers(ev));
        showAnswer(d.trace().answer(), d.rule() == null ? null : d.rule().evidence(), ev);
        if (task.type() == TaskType.TOOL_SELECTION) {
            groundTruth.getChildren().setAll(TraceView.muted("Ground truth: the expected tools (above)"));
        } else {
            showGroundTruth(task.groundTruth(), ev, d.trace().answer());
        }
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

    /**
     * A node of the tool return: its key, then the value (leaves) or the size (containers), wrapped at the tree's width
     * (a long value reads in full, never cut at the pane's edge), in the cell's text colour.
     */
    private static final class JsonCell extends TreeCell<JsonEntry> {
        private final Text shown = new Text();

        JsonCell() {
            shown.getStyleClass().add("json-value");
            shown.fillProperty().bind(textFillProperty());
            shown.fontProperty().bind(fontProperty());
            setPrefWidth(0); // the tree's width, not the longest value's, sets the cells' width
        }

        /** The width a value may take in this cell: the tree's, less the indent of its level and a scroll bar. */
        private double wrapWidth() {
            TreeView<JsonEntry> tree = getTreeView();
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
     * Scrolls the final answer to the next (or previous) highlighted span and marks it; wraps around. Long spans wrap
     * inside the answer's width, so every highlight is reachable by scroll and by these keys.
     *
     * @return false when the answer has no highlight
     */
    boolean nextEvidence(boolean forward) {
        List<Node> marks = answer.getChildren().stream()
                .filter(n -> n.getStyleClass().contains("answer-mark"))
                .toList();
        if (marks.isEmpty()) {
            return false;
        }
        int was = model.evidenceAt();
        if (was >= 0 && was < marks.size()) {
            marks.get(was).pseudoClassStateChanged(CURRENT, false);
        }
        Node n = marks.get(model.stepEvidence(forward, marks.size()));
        n.pseudoClassStateChanged(CURRENT, true);
        double content = answer.getBoundsInLocal().getHeight();
        double view = answerScroll.getViewportBounds().getHeight();
        if (content > view) {
            double y = n.getBoundsInParent().getMinY() - view / 3;
            answerScroll.setVvalue(Math.max(0, Math.min(1, y / (content - view))));
        }
        return true;
    }

    private void showAnswer(String text, Evidence forThink, Evidence ev) {
        answer.getChildren().clear();
        model.answerDrawn();
        List<Highlights.Segment> segs = Highlights.of(text, ReturnAndAnswerViewModel.answerEvidence(forThink, ev));
        int lastThink = -2;
        for (Highlights.Segment s : segs) {
            if (s.think() >= 0) {
                int t = s.think();
                boolean open = model.thinkOpen(t);
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
                        model.toggleThink(t);
                        reshow.run();
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
            answer.getChildren().add(TraceView.muted("(empty answer)"));
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
            groundTruth.getChildren().add(TraceView.muted("Ground truth: none"));
            return;
        }
        groundTruth.getChildren().add(TraceView.title("Must contain (" + gt.matchMode() + "):"));
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
                chip = new Label("≈ " + m + " only inside “" + TraceView.shorten(inside, 40) + "”");
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
            groundTruth.getChildren().add(TraceView.title("Must not contain:"));
            for (String m : gt.mustNotContain()) {
                Label chip = new Label(m);
                chip.getStyleClass().addAll("gt-chip", "gt-unknown");
                groundTruth.getChildren().add(chip);
            }
        }
    }
}
