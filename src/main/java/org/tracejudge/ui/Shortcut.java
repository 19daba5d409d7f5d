package org.tracejudge.ui;

import static javafx.scene.input.KeyCode.*;
import static javafx.scene.input.KeyCombination.SHIFT_DOWN;
import static javafx.scene.input.KeyCombination.SHORTCUT_DOWN;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;

/**
 * The main window's key table: the one list that the shortcuts sheet shows, the menus take their accelerators from
 * and the window's key filter ({@link ReviewKeys}) matches presses against, so the three cannot drift apart
 * ({@code ShortcutTableTest}, {@code ShortcutTableUiTest}). An entry is one row of the sheet: the keys as a person
 * reads them, what they do, the menu accelerators, the presses the key filter handles itself and (for the toolkit's
 * own keys) why neither is needed.
 */
enum Shortcut {
    ACCEPT(
            "Enter",
            "Accept the proposed label (in blind mode after deciding: next trace)",
            List.of(key(ENTER)),
            plain(ENTER)),
    OVERRIDE(
            "1 – 6",
            "Override with that label of the task's label set",
            List.of(),
            plain(
                    DIGIT1, DIGIT2, DIGIT3, DIGIT4, DIGIT5, DIGIT6, DIGIT7, DIGIT8, DIGIT9, NUMPAD1, NUMPAD2, NUMPAD3,
                    NUMPAD4, NUMPAD5, NUMPAD6, NUMPAD7, NUMPAD8, NUMPAD9)),
    RATIONALE(
            "R",
            "Write a rationale: it goes with the label you choose next (Enter or Esc keeps it; Enter saves it on a "
                    + "label you gave)",
            List.of(key(R)),
            plain(R)),
    NEXT("J / ↓", "Next trace", List.of(key(J)), plain(J, DOWN)),
    PREVIOUS("K / ↑", "Previous trace", List.of(key(K)), plain(K, UP)),
    SKIP(
            "S",
            "Skip: next trace without deciding (skipped traces come back at the end of the queue)",
            List.of(key(S)),
            plain(S)),
    UNDO("Ctrl+Z", "Undo your last decision", List.of(key(Z, SHORTCUT_DOWN)), exactly(Z)),
    SEARCH("Ctrl+F", "Search message and answer text", List.of(), exactly(F)),
    BLIND(
            "Ctrl+B",
            "Blind mode on/off (machine labels hidden until you decide)",
            List.of(key(B, SHORTCUT_DOWN)),
            List.of()),
    OPEN_IMPORT(
            "Ctrl+O / Ctrl+I",
            "Open a project / import files",
            List.of(key(O, SHORTCUT_DOWN), key(I, SHORTCUT_DOWN)),
            List.of()),
    NEW_PROJECT("Ctrl+N", "New project", List.of(key(N, SHORTCUT_DOWN)), List.of()),
    EXPORT("Ctrl+Shift+E", "Export the project as JSON Lines", List.of(key(E, SHORTCUT_DOWN, SHIFT_DOWN)), List.of()),
    METRICS("Ctrl+M", "Metrics dashboard (F5 refreshes it)", List.of(key(M, SHORTCUT_DOWN)), List.of()),
    JUDGE("Ctrl+J", "Run a judge (local or remote model)", List.of(key(J, SHORTCUT_DOWN)), List.of()),
    SAFETY(
            "Ctrl+Shift+L",
            "Safety review of this project (its own window and shortcuts)",
            List.of(key(L, SHORTCUT_DOWN, SHIFT_DOWN)),
            List.of()),
    TABS(
            "Ctrl+1 / Ctrl+2 / Ctrl+3",
            "Show the trace / the agreement / the calibration",
            List.of(key(DIGIT1, SHORTCUT_DOWN), key(DIGIT2, SHORTCUT_DOWN), key(DIGIT3, SHORTCUT_DOWN)),
            List.of()),
    FOCUS(
            "Ctrl+Shift+F",
            "Focus on one trace (the table hidden; again to bring it back)",
            List.of(key(F, SHORTCUT_DOWN, SHIFT_DOWN)),
            List.of()),
    EVIDENCE("E / Shift+E", "Next / previous highlighted evidence in the final answer", List.of(), plain(E)),
    COMPARE("C", "Compare the trace with another run of its task, side by side", List.of(key(C)), plain(C)),
    RAW(
            "Ctrl+U",
            "Raw record: the trace's steps and provider responses as imported",
            List.of(key(U, SHORTCUT_DOWN)),
            List.of()),
    COMMENT_FLAG(
            "N / F",
            "Comment on the trace / flag it for the lead (F again clears the flag)",
            List.of(key(N), key(F)),
            List.of()),
    TABLE_ONLY(
            "Ctrl+Shift+T",
            "Table only (the trace and agreement collapsed)",
            List.of(key(T, SHORTCUT_DOWN, SHIFT_DOWN)),
            List.of()),
    TEXT_SIZE(
            "Ctrl+= / Ctrl+− / Ctrl+0",
            "Text larger / smaller / as it was",
            List.of(key(EQUALS, SHORTCUT_DOWN), key(MINUS, SHORTCUT_DOWN), key(DIGIT0, SHORTCUT_DOWN)),
            withShortcut(PLUS, ADD, SUBTRACT)),
    QUIT("Ctrl+Q", "Quit (every window of the workbench closes)", List.of(key(Q, SHORTCUT_DOWN)), List.of()),
    MENUS(
            "Alt+letter, F10",
            "Open the menus (arrow keys walk them)",
            "JavaFX opens the menu bar itself (MenuMnemonics answers the open menu's letters)"),
    TRAVERSE(
            "Tab / Shift+Tab",
            "Move the focus (Space or Enter presses the focused cell or button)",
            "JavaFX moves the focus; Enter on a button reached by Tab is the key filter's (ReviewKeys)"),
    SHEET("? or F1", "This sheet", List.of(key(F1)), List.of());

    /** The character typed anywhere but in a text field that opens the sheet (besides F1). */
    static final String SHEET_CHARACTER = "?";

    /** How the key filter matches a press. */
    enum Mode {
        /** Neither Shortcut nor Alt held; Shift either way (E and Shift+E are one entry). */
        PLAIN,
        /** Exactly Shortcut + the key (a {@link KeyCodeCombination} with Shortcut down). */
        SHORTCUT,
        /** Shortcut held, the other modifiers either way. */
        SHORTCUT_ANY
    }

    /** A press the window's key filter handles itself. */
    record Press(KeyCode code, Mode mode) {
        boolean matches(KeyEvent e) {
            if (e.getCode() != code) {
                return false;
            }
            return switch (mode) {
                case PLAIN -> !e.isShortcutDown() && !e.isAltDown();
                case SHORTCUT -> new KeyCodeCombination(code, KeyCombination.SHORTCUT_DOWN).match(e);
                case SHORTCUT_ANY -> e.isShortcutDown();
            };
        }
    }

    /** The keys as the sheet shows them. */
    final String keys;
    /** What they do. */
    final String does;
    /** The menu items' accelerators (the menu runs them; plain ones through {@link ReviewKeys#review}). */
    @SuppressWarnings("ImmutableEnumChecker") // List.copyOf: unmodifiable, and KeyCombination is immutable
    final List<KeyCombination> accelerators;
    /** The presses the key filter handles before any control sees them. */
    @SuppressWarnings("ImmutableEnumChecker") // List.copyOf of records
    final List<Press> presses;
    /** For keys neither the menus nor the filter handle: who does. */
    final String toolkit;

    Shortcut(String keys, String does, List<KeyCombination> accelerators, List<Press> presses) {
        this.keys = keys;
        this.does = does;
        this.accelerators = List.copyOf(accelerators);
        this.presses = List.copyOf(presses);
        this.toolkit = null;
    }

    Shortcut(String keys, String does, String toolkit) {
        this.keys = keys;
        this.does = does;
        this.accelerators = List.of();
        this.presses = List.of();
        this.toolkit = toolkit;
    }

    /** The accelerator of this entry's first (or only) menu item. */
    KeyCombination accelerator() {
        return accelerators.get(0);
    }

    /** The accelerator of this entry's i-th menu item (Ctrl+O / Ctrl+I: 0 and 1). */
    KeyCombination accelerator(int i) {
        return accelerators.get(i);
    }

    /** The entry whose filter presses match {@code e}, or null: the press is no review key. */
    static Shortcut pressed(KeyEvent e) {
        for (Shortcut s : values()) {
            for (Press p : s.presses) {
                if (p.matches(e)) {
                    return s;
                }
            }
        }
        return null;
    }

    /** The shortcuts sheet's rows: {keys, what they do}, in the table's order. */
    static List<String[]> sheet() {
        List<String[]> rows = new ArrayList<>();
        for (Shortcut s : values()) {
            rows.add(new String[] {s.keys, s.does});
        }
        return List.copyOf(rows);
    }

    private static KeyCodeCombination key(KeyCode code, KeyCombination.Modifier... modifiers) {
        return new KeyCodeCombination(code, modifiers);
    }

    private static List<Press> plain(KeyCode... codes) {
        return Arrays.stream(codes).map(c -> new Press(c, Mode.PLAIN)).toList();
    }

    private static List<Press> exactly(KeyCode code) {
        return List.of(new Press(code, Mode.SHORTCUT));
    }

    private static List<Press> withShortcut(KeyCode... codes) {
        return Arrays.stream(codes).map(c -> new Press(c, Mode.SHORTCUT_ANY)).toList();
    }
}
