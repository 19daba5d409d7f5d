package org.tracejudge.ui;

import javafx.event.ActionEvent;
import javafx.event.EventHandler;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyEvent;

/**
 * The main window's review keys: a scene event filter that acts on the presses of the {@link Shortcut} table before
 * any control sees them, only where reviewing happens (the table, the trace view; never while typing in a text field
 * or moving in a tree or a list), and the gate the menus' plain-key accelerators go through to act only there too.
 */
final class ReviewKeys {
    private final MainWindow w;
    private final ViewModels vm;
    /** True while the scene dispatches a key press: a menu item run by its accelerator knows it came from a key. */
    private boolean keyInFlight;
    /** Set by the R key: the KEY_TYPED event that follows it is dropped. */
    private boolean swallowTyped;

    ReviewKeys(MainWindow w, ViewModels vm) {
        this.w = w;
        this.vm = vm;
    }

    /** Puts the filters on the window's scene. */
    void install(Scene scene) {
        scene.addEventFilter(KeyEvent.KEY_PRESSED, this::key);
        javafx.event.EventDispatcher dispatcher = scene.getEventDispatcher();
        scene.setEventDispatcher((event, tail) -> {
            boolean key = event.getEventType() == KeyEvent.KEY_PRESSED;
            boolean outer = keyInFlight;
            keyInFlight = outer || key;
            try {
                return dispatcher.dispatchEvent(event, tail);
            } finally {
                keyInFlight = outer;
            }
        });
        scene.addEventFilter(KeyEvent.KEY_TYPED, e -> {
            // the character of the R that moved the focus into the rationale must not land in it (the safety
            // window does the same)
            if (swallowTyped) {
                swallowTyped = false;
                e.consume();
                return;
            }
            if (Shortcut.SHEET_CHARACTER.equals(e.getCharacter())
                    && !(scene.getFocusOwner() instanceof TextInputControl)) {
                w.showShortcuts();
                e.consume();
            }
        });
    }

    /** The key filter: the press's entry in the key table, acted on where it applies. */
    void key(KeyEvent e) {
        swallowTyped = false;
        Scene scene = w.scene();
        Shortcut s = Shortcut.pressed(e);
        if (s == Shortcut.TEXT_SIZE) {
            w.setTextSize(org.tracejudge.ui.common.Theme.step(
                    w.textSize(), e.getCode() == javafx.scene.input.KeyCode.SUBTRACT ? -1 : +1));
            e.consume();
            return;
        }
        if (s == Shortcut.SEARCH) {
            w.tableView().searchField().requestFocus();
            e.consume();
            return;
        }
        if (scene.getFocusOwner() instanceof TextInputControl field) {
            if (e.getCode() == javafx.scene.input.KeyCode.ESCAPE) {
                w.workbench().requestFocus();
                if (field == w.traceView().rationaleField()) {
                    // the text stays and goes with the next decision on this trace; the status line says so
                    vm.decisions().draftKept();
                }
                e.consume();
            }
            return;
        }
        if (!w.workbenchShown() || !reviewFocus()) {
            return;
        }
        if (vm.questions().active() && questionKey(e, s)) {
            // a project with its own scheme: the question bar's keys, never the label keys; the character the press
            // types must not land in a field the answer moved the focus into (the next question's number or text)
            swallowTyped = true;
            e.consume();
            if (s != Shortcut.UNDO) {
                w.showTraceTab();
            }
            return;
        }
        if (e.getCode() == javafx.scene.input.KeyCode.ENTER
                && scene.getFocusOwner() instanceof ButtonBase b
                && b.isFocusVisible()
                && !e.isShortcutDown()
                && !e.isAltDown()) {
            // a button reached with Tab (a decision key) answers Enter as well as Space; one clicked with the
            // mouse leaves Enter to accept the proposed label
            b.fire();
            e.consume();
            return;
        }
        if (s == null) {
            return;
        }
        boolean handled =
                switch (s) {
                    case UNDO -> run(vm.decisions()::undo);
                    case ACCEPT -> run(() -> w.withAnnotator(vm.decisions()::accept));
                    case NEXT -> run(vm.table()::next);
                    case PREVIOUS -> run(vm.table()::previous);
                    case SKIP -> run(vm.table()::skip);
                    case COMPARE -> run(w::openCompare);
                    case EVIDENCE ->
                        run(() -> {
                            // E / Shift+E: the next / previous highlighted evidence in the final answer (in a
                            // conversation: the
                            // next marked turn), scrolled into view
                            w.showTraceTab();
                            if (!w.traceView().nextEvidence(!e.isShiftDown())) {
                                vm.session()
                                        .setStatus(
                                                w.traceView().conversationView().getScene() != null
                                                        ? "No marked turn in this conversation."
                                                        : "No highlighted evidence in this answer.");
                            }
                        });
                    case RATIONALE ->
                        run(() -> {
                            swallowTyped = true;
                            w.showTraceTab();
                            w.traceView().rationaleField().requestFocus();
                        });
                    case OVERRIDE ->
                        run(() -> {
                            int n = digit(e.getCode());
                            w.withAnnotator(() -> vm.decisions().overrideWithKey(n));
                        });
                    // handled by the menus' accelerators, the toolkit or above
                    case TEXT_SIZE,
                            SEARCH,
                            BLIND,
                            OPEN_IMPORT,
                            NEW_PROJECT,
                            EXPORT,
                            METRICS,
                            JUDGE,
                            SAFETY,
                            TABS,
                            FOCUS,
                            RAW,
                            COMMENT_FLAG,
                            TABLE_ONLY,
                            QUIT,
                            MENUS,
                            TRAVERSE,
                            SHEET -> false;
                };
        if (handled) {
            e.consume();
            if (s != Shortcut.UNDO) {
                // reviewing: the trace is what the keys act on, so it is on show
                w.showTraceTab();
            }
        }
    }

    /**
     * The question bar's keys (a project with its own scheme): Tab / Shift+Tab and ] / [ between questions, the current
     * question's keys, Enter to save toggles and marks, Ctrl+Z to take back the last answer. Enter and the digits never
     * reach the label keys here; other keys (J, K, S…) keep their meaning.
     *
     * @return whether the press was the bar's
     */
    private boolean questionKey(KeyEvent e, Shortcut s) {
        org.tracejudge.ui.trace.QuestionBarViewModel q = vm.questions();
        if (s == Shortcut.UNDO) {
            q.undo();
            return true;
        }
        if (e.isShortcutDown() || e.isAltDown()) {
            return false;
        }
        javafx.scene.input.KeyCode code = e.getCode();
        if (code == javafx.scene.input.KeyCode.TAB) {
            return q.move(e.isShiftDown() ? -1 : +1);
        }
        if (code == javafx.scene.input.KeyCode.CLOSE_BRACKET || code == javafx.scene.input.KeyCode.OPEN_BRACKET) {
            return q.move(code == javafx.scene.input.KeyCode.OPEN_BRACKET ? -1 : +1);
        }
        if (code == javafx.scene.input.KeyCode.ENTER) {
            w.withAnnotator(q::enter);
            return true;
        }
        String ch = org.tracejudge.ui.trace.QuestionBarView.character(e);
        if (ch != null && !e.isShiftDown() && q.takes(ch)) {
            w.withAnnotator(() -> q.key(ch));
            return true;
        }
        return s == Shortcut.OVERRIDE || s == Shortcut.ACCEPT;
    }

    private static boolean run(Runnable r) {
        r.run();
        return true;
    }

    /**
     * Review keys act only where reviewing happens: the table, the trace view (not its trees, lists, combo boxes
     * or text fields: ↓ in the JSON tree moves in the tree) or nowhere in particular (after Esc).
     */
    boolean reviewFocus() {
        // the menu bar reached with F10 or Alt: its arrow keys walk the menus, not the queue (the bar's buttons
        // show that state as hover)
        for (Node b : w.menuBar().lookupAll(".menu-button")) {
            if (b.isHover()) {
                return false;
            }
        }
        Node f = w.scene().getFocusOwner();
        if (f == null || f == w.workbench() || f == w.scene().getRoot()) {
            return true;
        }
        if (f instanceof javafx.scene.control.TreeView<?>
                || f instanceof javafx.scene.control.TreeTableView<?>
                || f instanceof javafx.scene.control.ListView<?>
                || f instanceof javafx.scene.control.ComboBoxBase<?>
                || f instanceof javafx.scene.control.ChoiceBox<?>
                || f instanceof javafx.scene.control.Spinner<?>
                || f instanceof javafx.scene.control.Slider) {
            return false;
        }
        for (Node n = f; n != null; n = n.getParent()) {
            if (n == w.tableView().table() || n == w.traceView()) {
                return true;
            }
        }
        return false;
    }

    /**
     * A review action for the menu: run from the menu with the mouse it always acts; run by its accelerator (a
     * plain key such as J or Enter) it acts only where the review keys do, never while typing in a text field or
     * moving in a tree or a list.
     */
    EventHandler<ActionEvent> review(Runnable r) {
        return e -> {
            if (keyInFlight
                    && (!w.workbenchShown()
                            || !reviewFocus()
                            || w.scene().getFocusOwner() instanceof TextInputControl)) {
                return;
            }
            w.showTraceTab();
            r.run();
        };
    }

    /** Review ▸ Write a rationale: the R typed (when the accelerator ran it) must not land in the field. */
    void rationale() {
        swallowTyped = keyInFlight;
        w.traceView().rationaleField().requestFocus();
    }

    private static int digit(javafx.scene.input.KeyCode k) {
        String name = k.getName();
        char c = name.charAt(name.length() - 1);
        return Character.isDigit(c) ? c - '0' : -1;
    }
}
