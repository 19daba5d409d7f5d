package org.tracejudge.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.scene.shape.Circle;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.tracejudge.selection.SelectionStudy;
import org.tracejudge.store.Project;
import org.tracejudge.testdata.NltStudyGenerator;
import org.tracejudge.ui.metrics.MetricsWindow;
import org.tracejudge.ui.metrics.SelectionView;

/**
 * The tool-selection study in the metrics dashboard, in the real window (headless): a project of NLT study runs only
 * opens the dashboard on the study tab; the table, the variance definition, the headline and one arrow per model
 * follow the core's report; switching the variance relabels the column and the plot; the plot saves as PNG and SVG.
 */
@ExtendWith(ApplicationExtension.class)
class SelectionViewUiTest {
    static String homeBefore;
    static Path home;
    WorkbenchApp app;

    @BeforeAll
    static void isolatedDataFolder() throws Exception {
        home = Files.createTempDirectory("tracejudge-selection-ui-test");
        homeBefore = System.getProperty("tracejudge.home");
        System.setProperty("tracejudge.home", home.toString());
        Files.writeString(home.resolve("settings.json"), "{\"annotator\": \"tester\"}");
    }

    @AfterAll
    static void restore() {
        if (homeBefore == null) { // back to the build's test data folder, never the user's own
            System.clearProperty("tracejudge.home");
        } else {
            System.setProperty("tracejudge.home", homeBefore);
        }
    }

    @Start
    void start(Stage stage) throws Exception {
        app = new WorkbenchApp();
        app.start(stage);
    }

    private void waitFor(String what, java.util.concurrent.Callable<Boolean> c) throws Exception {
        try {
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, c);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("timed out waiting for: " + what, e);
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static String text(FxRobot robot, String id) {
        return robot.lookup(id).queryAs(Label.class).getText();
    }

    /** A two-input scenario with runs of two models: 2 approaches × 2 conditions × 5 replications each. */
    private static Path studyProject() throws Exception {
        return NltStudyGenerator.harborProject(Files.createTempDirectory(home, "study"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void theStudyTabShowsTheTableDefinitionHeadlineAndArrows(FxRobot robot) throws Exception {
        waitFor(
                "sample project open",
                () -> app.viewModels().session().openProperty().get()
                        && !app.viewModels().session().state().openingProperty().get());
        Path file = studyProject();
        SelectionStudy.Report expected;
        try (Project p = Project.open(file)) {
            expected = SelectionStudy.compute(p.read(SelectionStudy::trials));
        }
        robot.interact(() -> app.viewModels().session().open(file));
        waitFor(
                "study open",
                () -> app.viewModels().session().openProperty().get()
                        && !app.viewModels().session().state().openingProperty().get()
                        && app.viewModels()
                                .session()
                                .state()
                                .titleProperty()
                                .get()
                                .contains("study"));
        robot.press(KeyCode.CONTROL).type(KeyCode.M).release(KeyCode.CONTROL);
        waitFor(
                "the study report",
                () -> app.window().metricsWindow() != null
                        && app.window()
                                        .metricsWindow()
                                        .selectionView()
                                        .model()
                                        .reportProperty()
                                        .get()
                                != null);
        MetricsWindow w = app.window().metricsWindow();
        SelectionView view = w.selectionView();
        waitFor("the study tab is chosen (the project has no ToolFailBench traces)", w::selectionShown);

        TableView<SelectionStudy.Group> table = robot.lookup("#selectionTable").queryAs(TableView.class);
        assertEquals(expected.groups().size(), table.getItems().size());
        assertEquals(
                2 * 2 * (1 + 1 + 2),
                table.getItems().size(),
                "2 models × 2 approaches × (all, 1 scenario, 2 conditions)");
        SelectionStudy.Group first = expected.groups().get(0);
        assertEquals(
                String.format(Locale.ROOT, "%.4f", first.variance(SelectionStudy.Variance.REPLICATION)),
                table.getColumns().get(5).getCellObservableValue(0).getValue());
        assertTrue(
                text(robot, "#selectionDefinition").contains(SelectionStudy.Variance.REPLICATION.definition),
                text(robot, "#selectionDefinition"));
        assertTrue(
                text(robot, "#selectionHeadline").startsWith("Mean across 2 models: NLT"),
                text(robot, "#selectionHeadline"));
        assertEquals(
                2,
                robot.lookup("#selectionDifferences")
                        .queryAs(TableView.class)
                        .getItems()
                        .size());
        assertEquals(
                expected.tools().size(),
                robot.lookup("#selectionTools")
                        .queryAs(TableView.class)
                        .getItems()
                        .size());
        assertEquals(2, robot.lookup(".selection-nlt").queryAll().size(), "one NLT dot per model");
        assertEquals(2, robot.lookup(".selection-structured").queryAll().size());

        // another variance: the column, the definition and the plot follow
        robot.interact(() ->
                robot.lookup("#selectionVariance").queryAs(ComboBox.class).setValue(SelectionStudy.Variance.ACROSS));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("Variance (across)", table.getColumns().get(5).getText());
        assertEquals(
                String.format(Locale.ROOT, "%.4f", first.variance(SelectionStudy.Variance.ACROSS)),
                table.getColumns().get(5).getCellObservableValue(0).getValue());
        assertTrue(text(robot, "#selectionDefinition").contains(SelectionStudy.Variance.ACROSS.definition));
        Circle dot =
                (Circle) robot.lookup(".selection-nlt").queryAll().iterator().next();
        assertTrue(dot.getCenterX() > 0 && dot.getCenterY() > 0);
        // rows: conditions only
        robot.interact(() -> robot.lookup("#selectionSlice")
                .queryAs(ComboBox.class)
                .setValue(org.tracejudge.ui.metrics.SelectionViewModel.Slice.CONDITION));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(8, table.getItems().size());

        Path png = home.resolve("selection.png");
        Path svg = home.resolve("selection.svg");
        robot.interact(() -> {
            try {
                view.savePlotPng(png);
                view.savePlotSvg(svg);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        java.awt.image.BufferedImage img = javax.imageio.ImageIO.read(png.toFile());
        assertTrue(img != null && img.getWidth() > 200 && img.getHeight() > 200);
        assertTrue(Files.readString(svg).contains("Variance (across)"));
        robot.interact(() -> w.stage().close());
    }
}
