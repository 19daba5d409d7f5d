package org.tracejudge.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The start page with the workbench built under it (styled and laid out while the person reads the start page, so
 * that opening a project only reveals it): the hidden workbench takes no focus and no review keys, opening shows it,
 * and going back to the start page hides it again. The real window, headless under Monocle.
 */
@ExtendWith(ApplicationExtension.class)
class StartPageUiTest {
    static Path home;
    static String homeBefore;
    WorkbenchApp app;

    @BeforeAll
    static void startOnTheStartPage() throws Exception {
        homeBefore = System.getProperty("tracejudge.home");
        home = Files.createTempDirectory("tracejudge-start-page-test");
        System.setProperty("tracejudge.home", home.toString());
        Files.writeString(home.resolve("settings.json"), "{\"annotator\": \"tester\"}");
        System.setProperty(WorkbenchApp.START, "welcome");
    }

    @AfterAll
    static void restore() {
        if (homeBefore == null) {
            System.clearProperty("tracejudge.home");
        } else {
            System.setProperty("tracejudge.home", homeBefore);
        }
        System.clearProperty(WorkbenchApp.START);
    }

    @Start
    void start(Stage stage) {
        app = new WorkbenchApp();
        app.start(stage);
    }

    private static void waitFor(String what, java.util.concurrent.Callable<Boolean> c) throws Exception {
        try {
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, c);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("timed out waiting for: " + what, e);
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    private boolean focusOnStartPage() {
        Node n = app.window().scene().getFocusOwner();
        while (n != null && !"welcomeView".equals(n.getId())) {
            n = n.getParent();
        }
        return n != null;
    }

    @Test
    void theHiddenWorkbenchTakesNoKeysAndOpeningRevealsIt(FxRobot robot) throws Exception {
        MainWindow w = app.window();
        waitFor("the workbench built under the start page", w::workbenchInScene);
        assertFalse(w.workbenchShown(), "the start page is on show");
        assertTrue(robot.lookup("#welcomeView").query().isVisible());
        for (int i = 0; i < 8; i++) {
            robot.type(KeyCode.TAB);
            assertTrue(focusOnStartPage(), "Tab stays on the start page, step " + (i + 1));
        }

        robot.clickOn("#openSample");
        waitFor(
                "the sample's rows",
                () -> w.workbenchShown()
                        && w.tableView().table().getItems().size() == 60
                        && app.viewModels().trace().detailProperty().get() != null);
        assertFalse(robot.lookup("#welcomeView").query().isVisible(), "the start page is hidden");
        robot.type(KeyCode.J);
        waitFor(
                "J moves to the second trace",
                () -> app.viewModels().table().currentProperty().get() == 1);

        robot.interact(w::showWelcome);
        assertFalse(w.workbenchShown());
        assertTrue(robot.lookup("#welcomeView").query().isVisible());
        robot.type(KeyCode.J);
        robot.type(KeyCode.J);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1, app.viewModels().table().currentProperty().get(), "keys on the start page move nothing");
        robot.type(KeyCode.TAB);
        assertTrue(focusOnStartPage(), "Tab on the start page stays there");

        robot.clickOn("#openSample");
        waitFor("the workbench again", w::workbenchShown);
        assertFalse(robot.lookup("#welcomeView").query().isVisible());
    }
}
