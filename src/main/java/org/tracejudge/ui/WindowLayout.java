package org.tracejudge.ui;

import java.util.Map;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;
import org.tracejudge.settings.Settings;
import org.tracejudge.ui.common.Theme;
import org.tracejudge.ui.table.TraceTableView;
import org.tracejudge.ui.trace.TraceView;

/**
 * The main window's layout and its persistence in {@code settings.json}: window size and place, the table's divider
 * (following what the table's columns need until dragged), the raters' divider, the tab shown, table only and focus
 * mode, theme and text size read back at start.
 */
final class WindowLayout {
    private final Stage stage;
    private final MainWindow w;
    private final SplitPane workbench;
    private final TabPane side;
    private final Tab traceTab;
    private final Tab agreementTab;
    private final TraceTableView tableView;
    private final TraceView traceView;
    /** View ▸ Table only: the trace and agreement tabs collapsed, the table the whole width. */
    private final BooleanProperty tableOnly = new SimpleBooleanProperty();
    /**
     * View ▸ Focus on one trace (Ctrl+Shift+F): the table goes, the trace and its decision keys take the window; the
     * review keys (Enter, digits, J/K, S) work as before. The same keys bring the table back.
     */
    private final BooleanProperty focusMode = new SimpleBooleanProperty();

    private double lastDivider = 0.62;
    /** True until the table's divider is moved by hand: it follows what the table's columns need. */
    private boolean autoDivider = true;

    WindowLayout(Stage stage, MainWindow w, SplitPane workbench, TabPane side, Tab traceTab, Tab agreementTab) {
        this.stage = stage;
        this.w = w;
        this.workbench = workbench;
        this.side = side;
        this.traceTab = traceTab;
        this.agreementTab = agreementTab;
        this.tableView = w.tableView();
        this.traceView = w.traceView();
    }

    BooleanProperty tableOnlyProperty() {
        return tableOnly;
    }

    BooleanProperty focusModeProperty() {
        return focusMode;
    }

    private Settings settings() {
        return w.session().state().settings();
    }

    private void collapse(boolean only) {
        if (only) {
            lastDivider = workbench.getDividerPositions()[0];
            workbench.getItems().remove(side);
        } else if (!workbench.getItems().contains(side)) {
            workbench.getItems().add(side);
            workbench.setDividerPositions(lastDivider);
            fitDivider();
        }
        settings().setFlag("view.tableOnly", only);
    }

    private void focusOn(boolean on) {
        if (on) {
            tableOnly.set(false);
            if (workbench.getItems().contains(tableView)) {
                lastDivider =
                        workbench.getDividerPositions().length > 0 ? workbench.getDividerPositions()[0] : lastDivider;
                workbench.getItems().remove(tableView);
            }
            side.getSelectionModel().select(traceTab);
            workbench.requestFocus(); // the review keys act from here
        } else if (!workbench.getItems().contains(tableView)) {
            workbench.getItems().add(0, tableView);
            workbench.setDividerPositions(lastDivider);
            fitDivider();
            tableView.table().requestFocus();
        }
    }

    /** Puts the divider where the table shows all its columns (between 45% and 67.5% of the window). */
    void fitDivider() {
        double width = workbench.getWidth();
        double need = tableView.neededWidthProperty().get();
        if (!autoDivider || width <= 0 || need <= 0) {
            return;
        }
        workbench.setDividerPositions(Math.max(0.45, Math.min(0.675, (need + 4) / width)));
    }

    void restore() {
        Settings s = settings();
        // the first time, most of the screen (a 1280×800 window in the middle of a 1920×1080 or larger screen wastes
        // it); a size kept from a bigger screen is fitted into this one
        javafx.geometry.Rectangle2D screen = javafx.stage.Screen.getPrimary().getVisualBounds();
        double width = Math.min(
                s.number("window.width", (double) Math.max(1280, Math.round(screen.getWidth() * 0.9))),
                screen.getWidth());
        double h = Math.min(
                s.number("window.height", (double) Math.max(800, Math.round(screen.getHeight() * 0.9))),
                screen.getHeight());
        stage.setWidth(width);
        stage.setHeight(h);
        double x = s.number("window.x", Double.NaN);
        double y = s.number("window.y", Double.NaN);
        boolean onScreen = !Double.isNaN(x)
                && !Double.isNaN(y)
                && javafx.stage.Screen.getScreensForRectangle(x, y, Math.max(1, width / 4), Math.max(1, h / 4))
                                .size()
                        > 0;
        if (onScreen) {
            stage.setX(x);
            stage.setY(y);
        } else {
            stage.setX(screen.getMinX() + (screen.getWidth() - width) / 2);
            stage.setY(screen.getMinY() + (screen.getHeight() - h) / 2);
        }
        stage.setMaximized(s.flag("window.maximized"));
        // the table gets the room its columns need (measured once they are known), unless the divider was moved
        // by hand once: then where it was left
        double table = s.number("divider.table", Double.NaN);
        autoDivider = Double.isNaN(table);
        workbench.setDividerPositions(autoDivider ? 0.62 : table);
        tableView.neededWidthProperty().addListener((o, a, b) -> fitDivider());
        workbench.widthProperty().addListener((o, a, b) -> fitDivider());
        workbench.addEventFilter(javafx.scene.input.MouseEvent.MOUSE_PRESSED, e -> {
            for (javafx.scene.Node n = (javafx.scene.Node) e.getTarget();
                    n != null && n != workbench;
                    n = n.getParent()) {
                if (n.getStyleClass().contains("split-pane-divider") && n.getParent() == workbench) {
                    autoDivider = false; // moved by hand: kept, and remembered
                }
            }
        });
        traceView.evidenceAndRaters().setDividerPositions(s.number("divider.raters", 0.5));
        traceView.keepRatersReadable();
        traceView.allDefinitionsProperty().set(s.flag("view.allDefinitions"));
        if (s.flag("view.agreementTab") && !w.session().state().blindProperty().get()) {
            side.getSelectionModel().select(agreementTab);
        }
        w.themeModeProperty().set(Theme.mode(s.text("view.theme", "system")));
        tableOnly.addListener((o, a, b) -> {
            if (b) {
                focusMode.set(false);
            }
            collapse(b);
        });
        focusMode.addListener((o, a, b) -> focusOn(b));
        tableOnly.set(s.flag("view.tableOnly"));
        int size = (int) s.number("view.textSize", Theme.DEFAULT_SIZE);
        if (size != Theme.DEFAULT_SIZE) {
            w.setTextSize(size);
        }
    }

    void save() {
        Settings s = settings();
        s.setFlag("window.maximized", stage.isMaximized());
        if (!stage.isMaximized()) {
            s.setNumbers(Map.of(
                    "window.width",
                    stage.getWidth(),
                    "window.height",
                    stage.getHeight(),
                    "window.x",
                    stage.getX(),
                    "window.y",
                    stage.getY()));
        }
        if (!autoDivider) {
            s.setNumbers(Map.of(
                    "divider.table", tableOnly.get() ? lastDivider : workbench.getDividerPositions()[0]));
        }
        s.setNumbers(Map.of("divider.raters", traceView.evidenceAndRaters().getDividerPositions()[0]));
        s.setFlag("view.allDefinitions", traceView.allDefinitionsProperty().get());
        s.setFlag("view.agreementTab", side.getSelectionModel().getSelectedItem() == agreementTab);
    }
}
