package org.tracejudge.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The real window, headless under Monocle: it opens the bundled sample project and lists its traces. */
@ExtendWith(ApplicationExtension.class)
class WorkbenchAppTest {
    static Path home;
    Stage stage;

    @BeforeAll
    static void isolatedDataFolder() throws Exception {
        home = Files.createTempDirectory("tracejudge-ui-test");
        System.setProperty("tracejudge.home", home.toString());
    }

    @AfterAll
    static void restore() {
        System.clearProperty("tracejudge.home");
    }

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        new WorkbenchApp().start(stage);
    }

    @Test
    void opensTheSampleProjectAndListsItsTraces(FxRobot robot) throws Exception {
        TableView<?> table = robot.lookup("#traceTable").queryAs(TableView.class);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> table.getItems().size() == 60);
        assertEquals("Tracejudge — Sample project", stage.getTitle());
        assertEquals(60, table.getItems().size());
        // model, domain, task, type, then one column per rater
        assertEquals(7, table.getColumns().size());
        assertEquals("harness", table.getColumns().get(4).getText());
        Label status = robot.lookup("#statusText").queryAs(Label.class);
        assertTrue(status.getText().startsWith("60 traces · 20 tasks · 3 models"), status.getText());
        assertTrue(Files.exists(home.resolve("samples").resolve("sample-project.tjdb")));
        FxToolkit.cleanupStages();
    }
}
