package org.tracejudge.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.GridPane;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

/**
 * Issue 37: one key table drives the window's keys and the shortcuts sheet. Every accelerator of the real menu bar is
 * a table entry's and every entry's accelerator is on a menu item; every press the table gives the key filter is
 * consumed by it where reviewing happens; the sheet shows the table; a few of its keys pressed for real do their job.
 */
class ShortcutTableUiTest extends WindowTest {
    private static void items(List<MenuItem> in, List<MenuItem> out) {
        for (MenuItem i : in) {
            out.add(i);
            if (i instanceof Menu m) {
                items(m.getItems(), out);
            }
        }
    }

    @Test
    void everyKeyTheWindowHandlesIsInTheTableAndEveryEntryIsHandled(FxRobot robot) {
        opened(robot);
        List<MenuItem> all = new ArrayList<>();
        for (Menu m : app.window().menuBar().getMenus()) {
            items(m.getItems(), all);
        }
        Set<KeyCombination> onMenus = new HashSet<>();
        for (MenuItem i : all) {
            if (i.getAccelerator() != null) {
                assertTrue(onMenus.add(i.getAccelerator()), i.getAccelerator() + " on two menu items");
                assertTrue(i.getOnAction() != null || i instanceof CheckMenuItem, i.getText() + " does nothing");
            }
        }
        Set<KeyCombination> inTable = new HashSet<>();
        for (Shortcut s : Shortcut.values()) {
            inTable.addAll(s.accelerators);
        }
        assertEquals(inTable, onMenus, "the menus' accelerators are the key table's");

        // the key filter consumes every press the table gives it, where reviewing happens (the table has the focus)
        for (Shortcut s : Shortcut.values()) {
            for (Shortcut.Press p : s.presses) {
                boolean shortcut = p.mode() != Shortcut.Mode.PLAIN;
                AtomicReference<KeyEvent> e = new AtomicReference<>();
                robot.interact(() -> {
                    table().requestFocus();
                    KeyEvent k = new KeyEvent(KeyEvent.KEY_PRESSED, "", "", p.code(), false, shortcut, false, false);
                    assertEquals(s, Shortcut.pressed(k), p + " is " + s + "'s");
                    app.window().keys().key(k);
                    e.set(k);
                });
                assertTrue(e.get().isConsumed(), s + ": " + p + " not handled by the window");
            }
        }
        robot.interact(() -> {
            if (app.window().compareWindow() != null) {
                app.window().compareWindow().stage().close();
            }
        });
    }

    @Test
    void theSheetShowsTheTableAndAFewOfItsKeysDoTheirJob(FxRobot robot) {
        opened(robot);
        robot.interact(() -> table().requestFocus());
        // J and K (the table's presses for next and previous) walk the queue, 1 decides
        KeyCode next = Shortcut.NEXT.presses.get(0).code();
        KeyCode previous = Shortcut.PREVIOUS.presses.get(0).code();
        robot.type(next);
        waitFor("on the second trace", () -> vm().table().currentProperty().get() == 1);
        robot.type(next);
        waitFor("on the third trace", () -> vm().table().currentProperty().get() == 2);
        robot.type(previous);
        waitFor("back on the second", () -> vm().table().currentProperty().get() == 1);
        robot.type(Shortcut.OVERRIDE.presses.get(0).code());
        waitFor("decided, on the third", () -> vm().table().currentProperty().get() == 2);
        assertNotNull(rowValue(1, "human:tester"));
        // F1 (the table's accelerator for the sheet) opens it, with one row per entry
        robot.type(((javafx.scene.input.KeyCodeCombination) Shortcut.SHEET.accelerator()).getCode());
        waitFor("the sheet", () -> robot.lookup("#shortcutsSheet").tryQuery().isPresent());
        GridPane grid = robot.lookup("#shortcutsSheet").queryAs(GridPane.class);
        List<String> keys = grid.getChildren().stream()
                .filter(n -> GridPane.getColumnIndex(n) == 0)
                .map(n -> ((Label) n).getText())
                .toList();
        assertEquals(Shortcut.sheet().stream().map(r -> r[0]).toList(), keys);
        robot.type(KeyCode.ESCAPE);
        waitFor(
                "the sheet closed",
                () -> robot.lookup("#shortcutsSheet").tryQuery().isEmpty());
    }
}
