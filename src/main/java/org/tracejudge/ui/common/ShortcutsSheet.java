package org.tracejudge.ui.common;

import java.util.List;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;

/** A window's keyboard shortcuts as a sheet: key on the left, what it does on the right. */
public final class ShortcutsSheet {
    private ShortcutsSheet() {}

    /**
     * Shows the sheet over {@code owner}'s window with its stylesheets.
     *
     * @param rows {key, what it does}
     */
    public static Alert show(Scene owner, String gridId, String title, List<String[]> rows) {
        GridPane g = new GridPane();
        g.setId(gridId);
        g.setHgap(18);
        g.setVgap(6);
        int row = 0;
        for (String[] s : rows) {
            Label k = new Label(s[0]);
            k.getStyleClass().add("shortcut-key");
            g.add(k, 0, row);
            g.add(new Label(s[1]), 1, row++);
        }
        Alert a = new Alert(Alert.AlertType.INFORMATION, "", ButtonType.CLOSE);
        if (owner != null) {
            a.initOwner(owner.getWindow());
            a.getDialogPane().getStylesheets().addAll(owner.getStylesheets());
        }
        a.setTitle(title);
        a.setHeaderText("Review from the keyboard");
        a.getDialogPane().setContent(g);
        a.show();
        return a;
    }
}
