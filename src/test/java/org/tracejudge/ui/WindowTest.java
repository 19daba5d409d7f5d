package org.tracejudge.ui;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;
import org.tracejudge.store.TraceTable;
import org.tracejudge.ui.table.PagedRows;

/**
 * What the window tests that walk the workbench share: each test gets a fresh data folder (whose settings name
 * {@link #annotator()}) and the real window on the bundled sample; the data folder the class found is put back
 * afterwards; waits name what they wait for.
 */
@ExtendWith(ApplicationExtension.class)
abstract class WindowTest {
    private static String homeBefore;
    Path home;
    Stage stage;
    WorkbenchApp app;

    @BeforeAll
    static void rememberHome() {
        homeBefore = System.getProperty("tracejudge.home");
    }

    @AfterAll
    static void restoreHome() {
        if (homeBefore == null) {
            System.clearProperty("tracejudge.home");
        } else {
            System.setProperty("tracejudge.home", homeBefore);
        }
    }

    /** The annotator the fresh data folder's settings name. */
    String annotator() {
        return "tester";
    }

    /** The fresh data folder's settings.json. */
    String settingsJson() {
        return "{\"annotator\": \"" + annotator() + "\"}";
    }

    /** How long a wait may take before the test fails saying what it waited for. */
    int waitSeconds() {
        return 30;
    }

    /**
     * Opens the window on the primary stage before each test (TestFX looks for {@code @Start} only on the test class
     * itself, so the base class starts it after the extension has set the stage up).
     */
    @BeforeEach
    void startWindow() throws Exception {
        home = Files.createTempDirectory("tracejudge-" + getClass().getSimpleName());
        System.setProperty("tracejudge.home", home.toString());
        Files.writeString(home.resolve("settings.json"), settingsJson());
        FxToolkit.setupStage(s -> {
            stage = s;
            app = new WorkbenchApp();
            app.start(s);
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    /**
     * Stops the test's application: its project closed, its workers ended. Without it every window a test opened kept
     * its session (project, caches, threads) alive to the end of the run.
     */
    @AfterEach
    void stopWindow() throws Exception {
        WorkbenchApp a = app;
        if (a != null) {
            FxToolkit.cleanupApplication(a);
        }
    }

    /**
     * Types keys into the trace table as a person does once they look at it: focus on the table first, and only once
     * the window has it (a key typed before the focus settled goes elsewhere, and the test would wait for nothing).
     */
    void typeInTable(FxRobot robot, javafx.scene.input.KeyCode... keys) {
        robot.interact(() -> table().requestFocus());
        waitFor("the table focused", () -> table().isFocused() && stage.isFocused());
        robot.type(keys);
    }

    ViewModels vm() {
        return app.viewModels();
    }

    TableView<PagedRows.RowRef> table() {
        return app.window().tableView().table();
    }

    void waitFor(String what, Callable<Boolean> c) {
        try {
            WaitForAsyncUtils.waitFor(waitSeconds(), TimeUnit.SECONDS, c);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("timed out waiting for: " + what + " (" + windowState() + ")", e);
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    /**
     * Waits until the project thread has run everything queued so far and the FX thread has shown its results, twice
     * over (a result may queue one more read): an event to wait on instead of a sleep, so a check that nothing more
     * happens after it cannot pass just because the app was slow.
     */
    void settled() {
        for (int round = 0; round < 2; round++) {
            java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(1);
            vm().session().afterPendingWork(done::countDown);
            try {
                if (!done.await(waitSeconds(), TimeUnit.SECONDS)) {
                    throw new AssertionError("timed out waiting for the project thread (" + windowState() + ")");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting for the project thread", e);
            }
            WaitForAsyncUtils.waitForFxEvents();
        }
    }

    /** What a failed wait reports besides what it waited for: the status line and where the keys went. */
    private String windowState() {
        try {
            return WaitForAsyncUtils.asyncFx(() -> {
                        Object focus = stage.getScene() == null
                                ? null
                                : stage.getScene().getFocusOwner();
                        return "status: "
                                + (app == null
                                        ? null
                                        : vm().session().statusProperty().get())
                                + "; focus: "
                                + (focus == null
                                        ? "none"
                                        : focus.getClass().getSimpleName() + " " + ((javafx.scene.Node) focus).getId())
                                + "; window focused: " + stage.isFocused();
                    })
                    .get(5, TimeUnit.SECONDS);
        } catch (Exception e) {
            return "window state unknown: " + e;
        }
    }

    /** Waits for the sample in the window: its 60 rows, the first trace, the agreement, the first row's values. */
    void opened(FxRobot robot) {
        waitFor(
                "the sample's 60 rows",
                () -> table().getItems().size() == 60
                        && vm().trace().detailProperty().get() != null
                        && vm().agreement().agreementProperty().get() != null
                        && robot.lookup("#traceTable").tryQuery().isPresent());
        waitFor("first row filled", () -> rowValue(0, "model") != null);
    }

    /** A loaded row's value for a column key (null: not loaded yet, or no value). */
    String rowValue(int index, String key) {
        TraceTable.Row r = vm().table().rowsProperty().get().get(index).row();
        return r == null ? null : r.get(key);
    }

    String text(FxRobot robot, String id) {
        return robot.lookup(id).queryAs(Label.class).getText();
    }
}
