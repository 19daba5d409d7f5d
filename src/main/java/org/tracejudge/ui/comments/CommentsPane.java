package org.tracejudge.ui.comments;

import java.util.Optional;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.VBox;
import org.tracejudge.store.Comments;

/**
 * The comments and flag of the trace on screen, under its raters (issue 36, item 8): "⚑ Flagged for the lead" while
 * it is, each comment with its author and time, and the two actions — N writes a comment (optionally flagging the
 * trace), F flags it for the lead or clears the flag.
 */
public final class CommentsPane extends VBox {
    private final CommentsViewModel vm;
    private final VBox list = new VBox(4);
    private final Label flag = new Label("⚑ Flagged for the lead");
    private final Label held = new Label("Others' comments on this trace show once you have decided it (blind mode).");
    private final Button flagButton = new Button();

    /** The banner over the trace while it is flagged (placed by the trace view). */
    public Label banner() {
        Label b = new Label();
        b.setId("flagBanner");
        b.getStyleClass().add("flag-badge");
        b.setWrapText(true);
        b.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE); // wraps instead of cutting the reason off
        b.textProperty().bind(vm.flagNoteProperty());
        b.visibleProperty().bind(vm.flagNoteProperty().isNotEmpty());
        b.managedProperty().bind(b.visibleProperty());
        return b;
    }

    public CommentsPane(CommentsViewModel vm) {
        this.vm = vm;
        setId("commentsPane");
        setSpacing(4);
        getStyleClass().add("comments-pane");
        Label title = new Label("Comments");
        title.getStyleClass().add("section-title");
        flag.setId("flagBadge");
        flag.getStyleClass().add("flag-badge");
        flag.managedProperty().bind(flag.visibleProperty());
        flag.visibleProperty().bind(vm.flaggedProperty());
        held.getStyleClass().add("muted");
        held.setWrapText(true);
        held.managedProperty().bind(held.visibleProperty());
        held.visibleProperty().bind(vm.heldBackProperty());
        list.setId("commentList");
        Button comment = new Button("Comment… (N)");
        comment.setId("commentButton");
        comment.setOnAction(e -> askAndComment());
        flagButton.setId("flagButton");
        flagButton
                .textProperty()
                .bind(javafx.beans.binding.Bindings.when(vm.flaggedProperty())
                        .then("Clear the flag (F)")
                        .otherwise("Flag for the lead (F)"));
        flagButton.setOnAction(e -> report(vm.toggleFlag("")));
        FlowPane actions = new FlowPane(6, 4, comment, flagButton);
        getChildren().setAll(new FlowPane(8, 2, title, flag), list, held, actions);
        setPadding(new Insets(4, 0, 0, 0));
        vm.comments().addListener((ListChangeListener<Comments.Comment>) c -> redraw());
        redraw();
    }

    private void redraw() {
        list.getChildren().clear();
        for (Comments.Comment c : vm.comments()) {
            String what =
                    switch (c.action()) {
                        case FLAG -> "flagged for the lead";
                        case UNFLAG -> "cleared the flag";
                        case NOTE -> "";
                    };
            String when = c.createdAt().length() >= 16
                    ? c.createdAt().substring(0, 16).replace('T', ' ')
                    : c.createdAt();
            Label l = new Label(c.author() + (what.isEmpty() ? "" : " " + what) + " · " + when
                    + (c.text().isEmpty() ? "" : "\n" + c.text()));
            l.setWrapText(true);
            l.getStyleClass().add("comment");
            if (c.action() == Comments.Action.FLAG) {
                l.getStyleClass().add("comment-flag");
            }
            list.getChildren().add(l);
        }
        if (vm.comments().isEmpty()) {
            Label none = new Label("No comments. N writes one; F flags the trace for the lead.");
            none.getStyleClass().add("muted");
            none.setWrapText(true);
            list.getChildren().add(none);
        }
    }

    /** Asks for a comment (with "flag it for the lead") and writes it. */
    public void askAndComment() {
        Dialog<ButtonType> d = new Dialog<>();
        d.setTitle("Comment on this trace");
        d.setHeaderText("A note for the team, kept with the trace (and synced on a team project).");
        TextArea text = new TextArea();
        text.setId("commentText");
        text.setPrefRowCount(4);
        text.setWrapText(true);
        text.setPromptText("e.g. the return looks cut off — ask the lead");
        CheckBox flagIt = new CheckBox(
                vm.flaggedProperty().get()
                        ? "Flagged for the lead already (F clears the flag)"
                        : "Flag it for the lead (ask the lead)");
        flagIt.setId("commentFlag");
        flagIt.setSelected(vm.flaggedProperty().get());
        flagIt.setDisable(vm.flaggedProperty().get());
        VBox box = new VBox(8, text, flagIt);
        box.setPadding(new Insets(8));
        d.getDialogPane().setContent(box);
        d.getDialogPane().getButtonTypes().setAll(ButtonType.OK, ButtonType.CANCEL);
        d.getDialogPane()
                .lookupButton(ButtonType.OK)
                .disableProperty()
                .bind(text.textProperty()
                        .isEmpty()
                        .and(flagIt.selectedProperty().not().or(flagIt.disabledProperty())));
        if (getScene() != null) {
            d.initOwner(getScene().getWindow());
        }
        d.setOnShown(e -> text.requestFocus());
        // Enter on the check box keeps the comment too (Space ticks it), as a dialog's Enter does elsewhere
        Button ok = (Button) d.getDialogPane().lookupButton(ButtonType.OK);
        Runnable keep = () -> {
            if (!ok.isDisabled()) {
                ok.fire();
            }
        };
        flagIt.addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == javafx.scene.input.KeyCode.ENTER) {
                e.consume();
                keep.run();
            }
        });
        // Enter keeps the comment (Shift+Enter: a new line), Tab moves on, as in the rationale field
        text.addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == javafx.scene.input.KeyCode.ENTER && !e.isShiftDown()) {
                e.consume();
                keep.run();
            } else if (e.getCode() == javafx.scene.input.KeyCode.ENTER) {
                e.consume();
                text.insertText(text.getCaretPosition(), "\n");
            } else if (e.getCode() == javafx.scene.input.KeyCode.TAB && !e.isControlDown()) {
                e.consume();
                (flagIt.isDisabled() ? ok : flagIt).requestFocus();
            }
        });
        Optional<ButtonType> r = d.showAndWait();
        if (r.isPresent() && r.get() == ButtonType.OK) {
            boolean newFlag = flagIt.isSelected() && !vm.flaggedProperty().get();
            report(vm.add(newFlag ? Comments.Action.FLAG : Comments.Action.NOTE, text.getText()));
        }
    }

    /** What could not be done is in the status bar already (the view model said it); nothing more here. */
    private static void report(String problem) {
        assert problem == null || !problem.isEmpty();
    }
}
