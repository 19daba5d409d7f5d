package org.tracejudge.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

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
        return "{\"annotator\": \"tester\", \"recent\": " + Json.write(Json.MAPPER.valueToTree(
                List.of(gone.toString(), study.toString()))) + "}";
    }

    @Test
    void theProjectOpenLastOpensAgain() {
        waitFor("the study open", () -> study.equals(vm().session().projectFile()) && !vm().session().loadingProperty().get()
                && table().getItems().size() == 60);
        assertEquals(study, vm().session().projectFile(), "the study, not the bundled sample");
    }

    @Test
    void withNoRecentProjectLeftTheSampleOpens() {
        assertNull(WorkbenchApp.lastProject(List.of(gone)));
        assertNull(WorkbenchApp.lastProject(List.of()));
        assertEquals(study, WorkbenchApp.lastProject(List.of(gone, study)));
    }
}
