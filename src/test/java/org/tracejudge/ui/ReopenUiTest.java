package org.tracejudge.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tracejudge.json.Json;
import org.tracejudge.sample.SampleProject;

/**
 * Started as the launcher starts it, the window opens the project that was open last (the first recent project
 * that still exists), not the sample again; with none left it opens the sample.
 */
class ReopenUiTest extends WindowTest {
    static Path study;
    static Path gone;

    @BeforeAll
    static void aRecentProject() throws Exception {
        System.setProperty(WorkbenchApp.START, WorkbenchApp.START_LAST);
        Path dir = Files.createTempDirectory("tracejudge-reopen");
        study = dir.resolve("study.tjdb");
        SampleProject.build(study);
        gone = dir.resolve("moved-away.tjdb");
    }

    @AfterAll
    static void clearStart() {
        System.clearProperty(WorkbenchApp.START);
    }

    @Override
    String settingsJson() {
        // the most recent one was moved away since: the next one that exists opens
        return "{\"annotator\": \"tester\", \"recent\": "
                + Json.write(Json.MAPPER.valueToTree(List.of(gone.toString(), study.toString()))) + "}";
    }

    @Test
    void theProjectOpenLastOpensAgain() {
        waitFor(
                "the study open",
                () -> study.equals(vm().session().projectFile())
                        && !vm().session().loadingProperty().get()
                        && table().getItems().size() == 60);
        assertEquals(study, vm().session().projectFile(), "the study, not the bundled sample");
    }

    @Test
    void withNoRecentProjectLeftTheSampleOpens() {
        assertNull(WorkbenchApp.lastProject(List.of(gone)));
        assertNull(WorkbenchApp.lastProject(List.of()));
        assertEquals(study, WorkbenchApp.lastProject(List.of(gone, study)));
    }

    @Test
    void reopeningBringsBackTheFilterTheTraceAndTheSkippedTraces(org.testfx.api.FxRobot robot) {
        waitFor(
                "the study open",
                () -> study.equals(vm().session().projectFile())
                        && !vm().session().loadingProperty().get()
                        && table().getItems().size() == 60);
        // nothing skipped yet: Review skipped says so instead of doing nothing
        robot.interact(() -> vm().trace().reviewSkipped());
        assertTrue(
                vm().session().statusProperty().get().startsWith("Nothing to review"),
                vm().session().statusProperty().get());
        String model = rowValue(0, "model");
        robot.interact(() -> vm().table().setFilter(org.tracejudge.store.TraceTable.Filter.NONE.with("model", model)));
        waitFor(
                "filtered",
                () -> !vm().session().loadingProperty().get()
                        && table().getItems().size() == 20);
        robot.interact(() -> table().requestFocus());
        robot.type(javafx.scene.input.KeyCode.J, 3);
        waitFor("row 3", () -> vm().table().currentProperty().get() == 3);
        robot.type(javafx.scene.input.KeyCode.S);
        waitFor(
                "skipped, on row 4",
                () -> vm().table().currentProperty().get() == 4
                        && vm().table().skippedCountProperty().get() == 1);
        String on = vm().table().idAt(4);
        // open it again, as after a restart (the view is kept in the settings when a project is left)
        robot.interact(() -> vm().session().open(study));
        waitFor(
                "reopened on the same trace",
                () -> !vm().session().loadingProperty().get()
                        && table().getItems().size() == 20
                        && on.equals(
                                vm().table().idAt(vm().table().currentProperty().get())));
        assertEquals(model, vm().session().filterProperty().get().equals().get("model"));
        assertEquals(1, vm().table().skippedCountProperty().get());
        robot.interact(() -> vm().trace().reviewSkipped());
        waitFor("the skipped trace", () -> vm().table().currentProperty().get() == 3);
    }

    @Test
    void aColumnHiddenWithTheChooserStaysHiddenWhenTheProjectIsOpenedAgain(org.testfx.api.FxRobot robot) {
        waitFor(
                "the study open",
                () -> study.equals(vm().session().projectFile())
                        && !vm().session().loadingProperty().get()
                        && table().getItems().size() == 60);
        assertTrue(table().isTableMenuButtonVisible(), "the column chooser is offered");
        javafx.scene.control.TableColumn<?, ?> harness = table().getColumns().stream()
                .filter(c -> "harness".equals(c.getText())
                        || (String.valueOf(c.getUserData()).contains("rater:")
                                && c.getText() != null
                                && c.getText().startsWith("harn")))
                .findFirst()
                .orElseThrow();
        Object key = harness.getUserData();
        // what the chooser's check box does
        robot.interact(() -> harness.setVisible(false));
        assertTrue(vm().table().hiddenColumns().contains((String) key));
        robot.interact(() -> vm().session().open(study));
        waitFor(
                "reopened with the column hidden",
                () -> !vm().session().loadingProperty().get()
                        && table().getItems().size() == 60
                        && table().getColumns().stream().anyMatch(c -> key.equals(c.getUserData()) && !c.isVisible()));
        // shown again from the chooser, it stays shown
        robot.interact(() -> table().getColumns().stream()
                .filter(c -> key.equals(c.getUserData()))
                .findFirst()
                .orElseThrow()
                .setVisible(true));
        assertTrue(vm().table().hiddenColumns().isEmpty());
    }

    @Test
    void aNamedViewKeepsColumnsFilterAndSortAndComesBackFromTheViewsMenu(org.testfx.api.FxRobot robot) {
        waitFor(
                "the study open",
                () -> study.equals(vm().session().projectFile())
                        && !vm().session().loadingProperty().get()
                        && table().getItems().size() == 60);
        String model = rowValue(0, "model");
        javafx.scene.control.TableColumn<?, ?> task = table().getColumns().stream()
                .filter(c -> "task".equals(c.getUserData()))
                .findFirst()
                .orElseThrow();
        robot.interact(() -> task.setVisible(false));
        robot.interact(() -> {
            vm().table().setFilter(org.tracejudge.store.TraceTable.Filter.NONE.with("model", model));
            vm().table().setSort(new org.tracejudge.store.TraceTable.Sort("task", true));
        });
        waitFor(
                "filtered",
                () -> !vm().session().loadingProperty().get()
                        && table().getItems().size() == 20);
        // Views ▸ Save this view as… with a name typed in the dialog
        robot.clickOn("#viewsMenu");
        robot.clickOn("Save this view as…");
        waitFor("the name asked", () -> robot.lookup("#viewName").tryQuery().isPresent());
        robot.clickOn("#viewName");
        robot.write("mine").type(javafx.scene.input.KeyCode.ENTER);
        waitFor("kept", () -> vm().table().namedViews().contains("mine"));
        // everything undone, then the view chosen from the menu brings all three back
        robot.interact(() -> {
            task.setVisible(true);
            vm().table().setSort(org.tracejudge.store.TraceTable.Sort.DEFAULT);
            vm().table().setFilter(org.tracejudge.store.TraceTable.Filter.NONE);
        });
        waitFor(
                "all again",
                () -> !vm().session().loadingProperty().get()
                        && table().getItems().size() == 60);
        robot.clickOn("#viewsMenu");
        robot.clickOn(n -> n instanceof javafx.scene.control.Labeled l && "mine".equals(l.getText()));
        waitFor(
                "the view back",
                () -> !vm().session().loadingProperty().get()
                        && table().getItems().size() == 20
                        && !task.isVisible());
        assertEquals(model, vm().session().filterProperty().get().equals().get("model"));
        assertEquals(
                new org.tracejudge.store.TraceTable.Sort("task", true),
                vm().session().state().sortProperty().get());
        assertEquals(
                "View: mine",
                robot.lookup("#viewsMenu")
                        .queryAs(javafx.scene.control.MenuButton.class)
                        .getText());
        // kept with the project: listed after it is opened again, and deleted from the menu
        robot.interact(() -> vm().session().open(study));
        waitFor(
                "reopened",
                () -> !vm().session().loadingProperty().get()
                        && table().getItems().size() > 0);
        assertEquals(List.of("mine"), vm().table().namedViews());
        robot.interact(() -> vm().table().deleteView("mine"));
        assertTrue(vm().table().namedViews().isEmpty());
        boolean[] applied = {true};
        robot.interact(() -> applied[0] = vm().table().applyView("mine"));
        assertTrue(!applied[0] && vm().session().statusProperty().get().startsWith("No view named"));
    }
}
