package org.tracejudge.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import org.junit.jupiter.api.Test;

/**
 * The main window's key table read on its own (no window): every row of the shortcuts sheet is an entry that
 * something handles, and no key is claimed twice. {@code ShortcutTableUiTest} checks the window against it.
 */
class ShortcutTableTest {
    @Test
    void theSheetIsTheTableRowForRow() {
        List<String[]> sheet = Shortcut.sheet();
        assertEquals(Shortcut.values().length, sheet.size());
        int row = 0;
        for (Shortcut s : Shortcut.values()) { // in the table's order
            assertEquals(s.keys, sheet.get(row)[0]);
            assertEquals(s.does, sheet.get(row++)[1]);
            assertFalse(s.keys.isBlank() || s.does.isBlank(), s.name());
        }
        assertEquals(sheet.size(), sheet.stream().map(r -> r[0]).distinct().count(), "one row per key");
    }

    @Test
    void everyEntryIsHandledBySomethingAndOnlyTheToolkitsKeysByNothingOfOurs() {
        for (Shortcut s : Shortcut.values()) {
            boolean ours = !s.accelerators.isEmpty() || !s.presses.isEmpty();
            assertTrue(ours ^ s.toolkit != null, s + ": handled by a menu or the key filter, or says who handles it");
        }
        assertNotNull(Shortcut.SHEET.accelerator(), "F1 opens the sheet (and " + Shortcut.SHEET_CHARACTER + ")");
        assertTrue(Shortcut.SHEET.keys.contains(Shortcut.SHEET_CHARACTER));
    }

    @Test
    void noKeyIsClaimedTwice() {
        Map<KeyCombination, Shortcut> accelerators = new HashMap<>();
        Set<Shortcut.Press> presses = new HashSet<>();
        for (Shortcut s : Shortcut.values()) {
            for (KeyCombination k : s.accelerators) {
                Shortcut before = accelerators.put(k, s);
                assertTrue(before == null, k + " is " + before + "'s and " + s + "'s");
            }
            for (Shortcut.Press p : s.presses) {
                assertTrue(presses.add(p), p + " twice");
            }
        }
    }

    /** The sheet names the key of every plain letter or digit the entry binds (the sheet's words are a person's). */
    @Test
    void theSheetNamesTheLettersAndDigitsItBinds() {
        for (Shortcut s : Shortcut.values()) {
            for (KeyCombination k : s.accelerators) {
                javafx.scene.input.KeyCode code = ((KeyCodeCombination) k).getCode();
                String c = code.getChar().toUpperCase(Locale.ROOT);
                if (code.isLetterKey() || code.isDigitKey()) {
                    assertTrue(s.keys.contains(c), s + ": " + s.keys + " does not name " + k);
                    boolean withShortcut = k.getShortcut() == KeyCombination.ModifierValue.DOWN;
                    boolean named = java.util.regex.Pattern.compile("Ctrl\\+(Shift\\+)?" + c)
                            .matcher(s.keys)
                            .find();
                    assertEquals(withShortcut, named, s + ": " + k);
                }
            }
            for (Shortcut.Press p : s.presses) {
                String c = p.code().getChar().toUpperCase(Locale.ROOT);
                if (p.code().isLetterKey() || (p.code().isDigitKey() && c.equals("1"))) {
                    assertTrue(s.keys.contains(c), s + ": " + s.keys + " does not name " + p);
                }
            }
        }
    }
}
