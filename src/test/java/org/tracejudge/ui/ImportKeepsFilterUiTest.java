package org.tracejudge.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.tracejudge.TestData;
import org.tracejudge.store.TraceTable;

/**
 * Issue 48, item 9: importing more runs keeps the table's filter (it used to go back to All traces) and says how many of
 * the new traces match it.
 */
class ImportKeepsFilterUiTest extends WindowTest {
    @Test
    void anImportKeepsTheFilterAndSaysHowManyNewTracesMatch(FxRobot robot) {
        opened(robot);
        Path file = home.resolve("filtered.tjdb");
        robot.interact(() -> vm().session().create(file));
        waitFor(
                "the new project",
                () -> file.equals(vm().session().projectFile())
                        && !vm().session().loadingProperty().get()
                        && vm().session().openProperty().get());
        Path results = TestData.SAMPLE.resolve("results");
        robot.interact(() -> app.window()
                .importFiles(List.of(
                        TestData.SAMPLE.resolve("travel/tasks.json"),
                        TestData.SAMPLE.resolve("energy/tasks.json"),
                        results.resolve("acme-lm-7b_20261101_120000.json"))));
        waitFor(
                "the first model",
                () -> !vm().imports().importingProperty().get()
                        && !vm().session().loadingProperty().get()
                        && table().getItems().size() == 20);
        // the traces the harness calls correct
        String harness = vm().session().state().layoutProperty().get().columns().stream()
                .filter(c -> c.title().equals("harness"))
                .findFirst()
                .orElseThrow()
                .key();
        TraceTable.Filter correct = TraceTable.Filter.NONE.with(harness, "correct");
        robot.interact(() -> vm().table().setFilter(correct));
        waitFor(
                "correct only",
                () -> !vm().session().loadingProperty().get()
                        && table().getItems().size() < 20
                        && table().getItems().size() > 0);
        int before = table().getItems().size();

        robot.interact(
                () -> app.window().importFiles(List.of(results.resolve("kestrel-13b-instruct_20261101_120000.json"))));
        waitFor(
                "the second model imported",
                () -> !vm().imports().importingProperty().get()
                        && vm().imports().importMessageProperty().get().startsWith("Imported")
                        && !vm().session().loadingProperty().get());
        waitFor(
                "the table re-read: " + before + " before; "
                        + vm().imports().importMessageProperty().get(),
                () -> table().getItems().size() > before);
        assertEquals(correct, vm().session().filterProperty().get(), "the filter stays");
        int after = table().getItems().size();
        String message = vm().imports().importMessageProperty().get();
        assertTrue(
                message.contains("The table keeps its filter (1 column filter): " + (after - before)
                        + " of the 20 new traces match it."),
                message);
        assertTrue(after < 40, "still filtered: " + after);
    }
}
