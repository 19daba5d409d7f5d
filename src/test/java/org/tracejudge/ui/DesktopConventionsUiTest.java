package org.tracejudge.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableColumn;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import org.tracejudge.model.Adjudication;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectQueries;
import org.tracejudge.ui.table.PagedRows;

/**
 * Desktop conventions and the layout at 1280×800, walked in the real window (headless under Monocle) with keys
 * and clicks: Tab reaches confusion cells and decision buttons (with a focus ring), menus open by their
 * mnemonics, View switches the theme and the text size, the layout comes back after a reopen, and nothing that
 * matters is cut off.
 */
class DesktopConventionsUiTest extends WindowTest {
    Node focused() {
        return stage.getScene().getFocusOwner();
    }

    /** Presses Tab until {@code wanted} holds for the focus owner (at most 150 times). */
    Node tabTo(FxRobot robot, String what, java.util.function.Predicate<Node> wanted) {
        for (int i = 0; i < 150; i++) {
            robot.type(KeyCode.TAB);
            Node f = focused();
            if (f != null && wanted.test(f)) {
                return f;
            }
        }
        throw new AssertionError("Tab never reached " + what + "; last focus: " + focused());
    }

    /** View ▸ Theme ▸ {@code which}, the pointer moving as a person's does: along the Theme row into the submenu. */
    void pickTheme(FxRobot robot, String which) throws Exception {
        clickShown(robot, "Theme");
        robot.moveTo(shown(robot, "System (follow the desktop)"));
        robot.clickOn(shown(robot, which));
    }

    Node shown(FxRobot robot, String text) throws Exception {
        Node[] found = new Node[1];
        waitFor(text + " on screen", () -> {
            found[0] = robot.lookup(text).queryAll().stream()
                    .filter(n -> n.getScene() != null
                            && n.getScene().getWindow() != null
                            && n.getScene().getWindow().isShowing()
                            && n.isVisible())
                    .findFirst()
                    .orElse(null);
            return found[0] != null;
        });
        return found[0];
    }

    /** Clicks the node showing {@code text} in a window on screen (a menu's popup, once it is open). */
    void clickShown(FxRobot robot, String text) throws Exception {
        Node[] found = new Node[1];
        waitFor(text + " on screen", () -> {
            found[0] = robot.lookup(text).queryAll().stream()
                    .filter(n -> n.getScene() != null
                            && n.getScene().getWindow() != null
                            && n.getScene().getWindow().isShowing()
                            && n.isVisible())
                    .findFirst()
                    .orElse(null);
            return found[0] != null;
        });
        robot.clickOn(found[0]);
    }

    Adjudication lastDecision(String traceId) {
        try (Project p = Project.open(SampleProject.defaultFile())) {
            List<Adjudication> h = new ProjectQueries(p).adjudications(traceId);
            return h.isEmpty() ? null : h.get(h.size() - 1);
        }
    }

    @Test
    void tabReachesAConfusionCellAndADecisionButtonWithAVisibleFocusRing(FxRobot robot) throws Exception {
        opened(robot);
        robot.clickOn("Agreement");
        waitFor(
                "the agreement tab",
                () -> app.window().agreementPanel().isVisible()
                        && robot.lookup("#confusionMatrix .confusion-cell")
                                .tryQuery()
                                .isPresent());
        robot.clickOn("#fleissValue"); // a click somewhere in the panel, then the keyboard
        Node kappa = tabTo(robot, "a kappa cell", n -> n.getStyleClass().contains("kappa-cell"));
        assertTrue(kappa.isFocusVisible(), "the kappa cell shows keyboard focus");
        assertNotNull(kappa.getAccessibleText(), "the kappa cell says what its colour means");
        Button cell = (Button) tabTo(
                robot,
                "an enabled confusion cell",
                n -> n.getStyleClass().contains("confusion-cell") && !n.isDisabled());
        assertTrue(cell.isFocusVisible());
        // the focus ring is drawn: the focused cell's background has Modena's focus colour as its outer fill
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(
                cell.getBackground().getFills().size() >= 4,
                "focus ring fills: " + cell.getBackground().getFills());
        assertTrue(cell.getAccessibleText().contains("traces:"), cell.getAccessibleText());
        int count = Integer.parseInt(cell.getText());
        robot.type(KeyCode.ENTER);
        waitFor(
                "the cell's traces",
                () -> !vm().session().loadingProperty().get()
                        && vm().session().filterProperty().get().equals().size() == 2
                        && table().getItems().size() == count);

        // the decision buttons are in the Tab order too; Space decides
        robot.clickOn("Trace");
        robot.clickOn("#traceHeading");
        String traceId = vm().table().idAt(vm().table().currentProperty().get());
        Button key = (Button) tabTo(
                robot, "a decision button", n -> n.getId() != null && n.getId().startsWith("key-"));
        assertTrue(key.isFocusVisible());
        assertTrue(key.getAccessibleText().startsWith("Key "), key.getAccessibleText());
        int n = Integer.parseInt(key.getId().substring(4));
        String label = vm().trace().detailProperty().get().labelSet().get(n - 1);
        robot.type(KeyCode.SPACE);
        vm().session().afterPendingWork(() -> {});
        waitFor(
                "the decision in the ledger",
                () -> lastDecision(traceId) != null
                        && label.equals(lastDecision(traceId).value()));
    }

    @Test
    void menusOpenByTheirMnemonicsAndShowRealAccelerators(FxRobot robot) throws Exception {
        opened(robot);
        javafx.scene.control.MenuBar bar = robot.lookup(".menu-bar").queryAs(javafx.scene.control.MenuBar.class);
        for (javafx.scene.control.Menu m : bar.getMenus()) {
            assertTrue(m.getText().startsWith("_"), "a mnemonic for " + m.getText());
            for (javafx.scene.control.MenuItem item : m.getItems()) {
                if (item.getText() != null) {
                    assertFalse(item.getText().matches(".*\\s{2,}\\S+$"), "no shortcut written into " + item.getText());
                }
            }
        }
        javafx.scene.control.MenuItem accept = bar.getMenus().get(1).getItems().stream()
                .filter(i -> "acceptMenu".equals(i.getId()))
                .findFirst()
                .orElseThrow();
        assertEquals(KeyCode.ENTER, ((javafx.scene.input.KeyCodeCombination) accept.getAccelerator()).getCode());
        robot.press(KeyCode.ALT).type(KeyCode.V).release(KeyCode.ALT);
        waitFor("the View menu open", () -> bar.getMenus().get(2).isShowing());
        robot.type(KeyCode.ESCAPE);
        // a plain-key accelerator does nothing while typing: J in the search box moves no trace
        robot.clickOn("#traceTable");
        waitFor(
                "a trace",
                () -> vm().table().currentProperty().get() >= 0
                        && !vm().session().loadingProperty().get());
        int at = vm().table().currentProperty().get();
        robot.clickOn("#searchField");
        robot.write("j");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(at, vm().table().currentProperty().get());
        assertEquals("j", app.window().tableView().searchField().getText());
        // F10 walks the menus with the arrow keys; ↓ there opens a menu and moves no trace
        robot.clickOn("#traceTable");
        waitFor("a trace", () -> !vm().session().loadingProperty().get());
        int here = vm().table().currentProperty().get();
        robot.type(KeyCode.F10);
        robot.type(KeyCode.RIGHT).type(KeyCode.DOWN);
        waitFor("a menu open", () -> bar.getMenus().stream().anyMatch(javafx.scene.control.Menu::isShowing));
        assertEquals(here, vm().table().currentProperty().get());
        robot.type(KeyCode.ESCAPE).type(KeyCode.ESCAPE);
    }

    @Test
    void anOpenMenusItemsAnswerTheirUnderlinedLetters(FxRobot robot) throws Exception {
        opened(robot);
        javafx.scene.control.MenuBar bar = robot.lookup(".menu-bar").queryAs(javafx.scene.control.MenuBar.class);
        // Alt+F, then C: Classify… (in the real window the letters did nothing)
        robot.press(KeyCode.ALT).type(KeyCode.F).release(KeyCode.ALT);
        waitFor("the File menu open", () -> bar.getMenus().get(0).isShowing());
        robot.type(KeyCode.C);
        waitFor("the Classify dialog", () -> javafx.stage.Window.getWindows().stream()
                .anyMatch(w -> w instanceof Stage st && "Classify".equals(st.getTitle()) && st.isShowing()));
        assertFalse(bar.getMenus().get(0).isShowing(), "the menu closed");
        robot.type(KeyCode.ESCAPE);
        waitFor("the dialog closed", () -> javafx.stage.Window.getWindows().stream()
                .noneMatch(w -> w instanceof Stage st && "Classify".equals(st.getTitle())));
        // Alt+V, H (Theme, a submenu), D: the dark look; then back with Alt+V, H, L
        robot.press(KeyCode.ALT).type(KeyCode.V).release(KeyCode.ALT);
        waitFor("the View menu open", () -> bar.getMenus().get(2).isShowing());
        robot.type(KeyCode.H);
        waitFor("the Theme submenu open", () -> bar.getMenus().get(2).getItems().stream()
                .anyMatch(i -> i instanceof javafx.scene.control.Menu m && m.isShowing()));
        robot.type(KeyCode.D);
        waitFor("dark", () -> app.window().dark());
        robot.press(KeyCode.ALT).type(KeyCode.V).release(KeyCode.ALT);
        waitFor("the View menu open", () -> bar.getMenus().get(2).isShowing());
        robot.type(KeyCode.H);
        robot.type(KeyCode.L);
        waitFor("light", () -> !app.window().dark());
        assertEquals(Character.valueOf('H'), MenuMnemonics.mnemonic("T_heme"));
        assertEquals(Character.valueOf('X'), MenuMnemonics.mnemonic("a__b _x"));
        assertEquals(null, MenuMnemonics.mnemonic("no mnemonic"));
    }

    @Test
    void theDarkThemeComesFromTheViewMenuAndIsRemembered(FxRobot robot) throws Exception {
        opened(robot);
        robot.clickOn("View");
        pickTheme(robot, "Light"); // whatever the desktop says
        waitFor("light", () -> !app.window().dark());
        robot.clickOn("View");
        pickTheme(robot, "Dark");
        waitFor("dark", () -> app.window().dark());
        // the screen is dark: the table's background and the status text
        javafx.scene.control.Label status = robot.lookup("#statusText").queryAs(javafx.scene.control.Label.class);
        Color text = (Color) status.getTextFill();
        assertTrue(text.getBrightness() > 0.7, "light text on dark: " + text);
        Color tableBg = (Color) table().getBackground()
                .getFills()
                .get(table().getBackground().getFills().size() - 1)
                .getFill();
        assertTrue(tableBg.getBrightness() < 0.35, "dark table: " + tableBg);
        assertEquals(
                "dark",
                org.tracejudge.settings.Settings.load(home.resolve("settings.json"))
                        .text("view.theme", ""));
        // the safety window follows: its message box dark, its text light (it stayed light before)
        robot.interact(() -> app.window().openSafetySample());
        waitFor(
                "the safety window",
                () -> app.window().safetyView() != null
                        && app.window().safetyView().lookup("#continueWarning") != null);
        robot.interact(() -> ((Button) app.window().safetyView().lookup("#continueWarning")).fire());
        waitFor(
                "its message",
                () -> app.window().safetyView().lookup(".safety-message") != null
                        && ((Region) app.window().safetyView().lookup(".safety-message")).getBackground() != null);
        Region message = (Region) app.window().safetyView().lookup(".safety-message");
        Color messageBg = (Color) message.getBackground().getFills().get(0).getFill();
        assertTrue(messageBg.getBrightness() < 0.35, "dark safety message: " + messageBg);
        Stage safety = (Stage) app.window().safetyView().getScene().getWindow();
        robot.interact(stage::toFront); // back to the workbench, the safety window left open behind it
        robot.clickOn("View");
        pickTheme(robot, "Light");
        waitFor("light", () -> !app.window().dark());
        assertTrue(((Color) status.getTextFill()).getBrightness() < 0.5);
        waitFor(
                "the safety window light again",
                () -> ((Color) message.getBackground().getFills().get(0).getFill()).getBrightness() > 0.8);
        robot.interact(safety::close);
    }

    @Test
    void theTextSizeGrowsShrinksAndResetsFromTheKeyboard(FxRobot robot) throws Exception {
        opened(robot);
        javafx.scene.control.Label status = robot.lookup("#statusText").queryAs(javafx.scene.control.Label.class);
        double before = status.getFont().getSize();
        double rowBefore = table().getFixedCellSize();
        robot.press(KeyCode.CONTROL).type(KeyCode.EQUALS).type(KeyCode.EQUALS).release(KeyCode.CONTROL);
        waitFor("larger", () -> status.getFont().getSize() > before + 1.5);
        assertEquals(15, app.window().textSize());
        assertTrue(table().getFixedCellSize() > rowBefore, "rows grow with the text");
        // the layout is in em: a section title grows too
        robot.press(KeyCode.CONTROL).type(KeyCode.MINUS).release(KeyCode.CONTROL);
        waitFor("one smaller", () -> app.window().textSize() == 14);
        robot.press(KeyCode.CONTROL).type(KeyCode.DIGIT0).release(KeyCode.CONTROL);
        waitFor("reset", () -> Math.abs(status.getFont().getSize() - before) < 0.01);
        assertEquals(rowBefore, table().getFixedCellSize());
    }

    @Test
    void theLayoutComesBackAfterAReopen(FxRobot robot) throws Exception {
        opened(robot);
        javafx.scene.control.SplitPane workbench =
                robot.lookup("#workbench").queryAs(javafx.scene.control.SplitPane.class);
        // the divider dragged by hand to the left
        Node divider = workbench.lookupAll(".split-pane-divider").stream()
                .filter(d -> d.getParent() == workbench)
                .findFirst()
                .orElseThrow();
        double before = workbench.getDividerPositions()[0];
        robot.drag(divider).moveBy(-160, 0).drop();
        double moved = workbench.getDividerPositions()[0];
        assertTrue(moved < before - 0.08, "dragged from " + before + " to " + moved);
        robot.clickOn("Agreement");
        robot.press(KeyCode.CONTROL).type(KeyCode.EQUALS).release(KeyCode.CONTROL);
        waitFor("larger", () -> app.window().textSize() == 14);
        // closing saves the layout (the event the window gets when it closes; the test's own stage stays open)
        robot.interact(
                () -> stage.fireEvent(new javafx.stage.WindowEvent(stage, javafx.stage.WindowEvent.WINDOW_HIDING)));
        robot.interact(() -> vm().close());
        Stage[] again = new Stage[1];
        WorkbenchApp reopened = new WorkbenchApp();
        robot.interact(() -> {
            again[0] = new Stage();
            reopened.start(again[0]);
        });
        try {
            waitFor(
                    "reopened",
                    () -> reopened.viewModels().session().openProperty().get());
            javafx.scene.control.SplitPane w =
                    (javafx.scene.control.SplitPane) again[0].getScene().lookup("#workbench");
            assertEquals(moved, w.getDividerPositions()[0], 0.02);
            assertEquals(
                    "agreementTab",
                    reopened.window()
                            .sideTabs()
                            .getSelectionModel()
                            .getSelectedItem()
                            .getId());
            assertEquals(14, reopened.window().textSize());
        } finally {
            robot.interact(() -> again[0].close());
            robot.interact(() -> reopened.viewModels().close());
        }
    }

    @Test
    void theTraceAndAgreementCollapseAndComeBack(FxRobot robot) throws Exception {
        opened(robot);
        javafx.scene.control.TabPane side = app.window().sideTabs();
        double tableBefore = table().getWidth();
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT).type(KeyCode.T).release(KeyCode.SHIFT, KeyCode.CONTROL);
        waitFor("table only", () -> side.getScene() == null);
        waitFor("the table wider", () -> table().getWidth() > tableBefore + 200);
        assertTrue(org.tracejudge.settings.Settings.load(home.resolve("settings.json"))
                .flag("view.tableOnly"));
        robot.press(KeyCode.CONTROL).type(KeyCode.DIGIT1).release(KeyCode.CONTROL);
        waitFor(
                "the trace back",
                () -> side.getScene() != null && app.window().traceView().isVisible());
        assertEquals(tableBefore, table().getWidth(), 30);
    }

    @Test
    void nothingThatMattersIsCutOffAt1280x800(FxRobot robot) throws Exception {
        opened(robot);
        assertEquals(1280, stage.getWidth(), 1);
        assertEquals(800, stage.getHeight(), 1);
        WaitForAsyncUtils.waitForFxEvents();
        Thread.sleep(300); // the plain columns fit their values once those are read
        WaitForAsyncUtils.waitForFxEvents();
        // every column of the table within its width: Ensemble and Final on screen
        double right = 0;
        for (TableColumn<PagedRows.RowRef, ?> c : table().getColumns()) {
            right += c.getWidth();
        }
        assertTrue(right <= table().getWidth(), "columns " + right + " px in a table of " + table().getWidth());
        // no header, chip or key label drawn with an ellipsis, in the table, the trace view and the agreement
        List<String> cut = truncated(stage.getScene().getRoot());
        assertEquals(List.of(), cut, "cut off in the trace tab");
        robot.clickOn("Agreement");
        waitFor("agreement", () -> app.window().agreementPanel().isVisible());
        assertEquals(List.of(), truncated(app.window().agreementPanel()), "cut off in the agreement tab");
        // the full label is there for the pointer and a screen reader
        TableColumn<PagedRows.RowRef, ?> dtree = table().getColumns().stream()
                .filter(c -> c.getText().equals("dtree"))
                .findFirst()
                .orElseThrow();
        assertNotNull(dtree);
        Node header = table().lookup(
                        "#col-" + dtree.getId().substring(4).replace(":", "\\:").replace("@", "\\@"));
        assertTrue(header == null
                || header.getAccessibleText() == null
                || header.getAccessibleText().contains("illustrative-dtree"));
    }

    /** Visible labelled controls whose drawn text differs from their text (an ellipsis). */
    static List<String> truncated(Node root) {
        List<String> out = new ArrayList<>();
        walk(root, out);
        return out;
    }

    private static void walk(Node n, List<String> out) {
        if (!n.isVisible() || n.getOpacity() == 0) {
            return;
        }
        if (n instanceof Labeled l && l.getText() != null && !l.getText().isBlank()) {
            String full = l.isMnemonicParsing() ? l.getText().replaceFirst("_", "") : l.getText();
            for (Node t : l.getChildrenUnmodifiable()) {
                if (t instanceof Text text
                        && !text.getText().equals(full)
                        && (text.getText().endsWith("…") || text.getText().endsWith("..."))) {
                    out.add(l.getClass().getSimpleName() + " '" + full + "' drawn as '" + text.getText() + "'");
                }
            }
        }
        if (n instanceof Parent p) {
            for (Node c : p.getChildrenUnmodifiable()) {
                walk(c, out);
            }
        }
    }
}
