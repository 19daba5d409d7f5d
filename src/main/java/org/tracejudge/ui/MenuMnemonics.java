package org.tracejudge.ui;

import java.util.Locale;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.input.KeyEvent;
import javafx.stage.Window;

/**
 * The underlined letter of an item in an open menu chooses it, as in GTK, Windows and macOS menus: with the File
 * menu open, C is Classify…. JavaFX 21 opens a menu by its mnemonic (Alt+F) but, walked in the real window under
 * X11, ignored the items' letters, with or without Alt. A letter that names a submenu opens it.
 */
final class MenuMnemonics {
    private MenuMnemonics() {}

    /** Lets every menu of the bar (and their submenus) answer the letters of their items. */
    static void install(MenuBar bar) {
        for (Menu m : bar.getMenus()) {
            install(m);
        }
    }

    private static void install(Menu menu) {
        // the menu says it is shown before its popup is: look for the popup a moment later
        menu.addEventHandler(Menu.ON_SHOWN, e -> javafx.application.Platform.runLater(() -> attach(menu)));
        for (MenuItem i : menu.getItems()) {
            if (i instanceof Menu sub) {
                install(sub);
            }
        }
    }

    /** The popup that shows {@code menu}'s items gets a key filter (once). */
    private static void attach(Menu menu) {
        for (Window w : Window.getWindows()) {
            if (w instanceof ContextMenu cm
                    && cm.isShowing()
                    && cm.getItems().equals(menu.getItems())
                    && cm.getProperties().putIfAbsent(MenuMnemonics.class, true) == null) {
                cm.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
                    if (e.isControlDown()
                            || e.isMetaDown()
                            || e.getCode().getChar().isEmpty()) {
                        return;
                    }
                    // the keys may still come here while a submenu is open: the letter is the open submenu's
                    Menu open = deepestOpen(menu);
                    MenuItem item = itemFor(open, e.getCode().getChar());
                    if (item == null || item.isDisable() || !item.isVisible()) {
                        return;
                    }
                    e.consume();
                    if (item instanceof Menu sub) {
                        sub.show();
                        return;
                    }
                    closeAll(open);
                    // after this key's dispatch: an item may open a dialog (showAndWait) of its own
                    javafx.application.Platform.runLater(() -> {
                        if (item instanceof RadioMenuItem r) {
                            r.setSelected(true);
                        } else if (item instanceof CheckMenuItem c) {
                            c.setSelected(!c.isSelected());
                        }
                        item.fire();
                    });
                });
            }
        }
    }

    private static Menu deepestOpen(Menu menu) {
        for (MenuItem i : menu.getItems()) {
            if (i instanceof Menu m && m.isShowing()) {
                return deepestOpen(m);
            }
        }
        return menu;
    }

    /** The item whose mnemonic is {@code ch} (the letter after a single underscore), or null. */
    static MenuItem itemFor(Menu menu, String ch) {
        for (MenuItem i : menu.getItems()) {
            Character m = mnemonic(i.getText());
            if (i.isMnemonicParsing() && m != null && ch.equalsIgnoreCase(String.valueOf(m))) {
                return i;
            }
        }
        return null;
    }

    static Character mnemonic(String text) {
        if (text == null) {
            return null;
        }
        for (int i = 0; i < text.length() - 1; i++) {
            if (text.charAt(i) == '_') {
                if (text.charAt(i + 1) == '_') {
                    i++; // "__" is a literal underscore
                    continue;
                }
                return Character.toUpperCase(text.toUpperCase(Locale.ROOT).charAt(i + 1));
            }
        }
        return null;
    }

    private static void closeAll(Menu menu) {
        for (Menu m = menu; m != null; m = m.getParentMenu()) {
            m.hide();
        }
    }
}
