package org.tracejudge.ui.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.settings.Settings;
import org.tracejudge.store.Project;
import org.tracejudge.store.TraceTable;

/** The views kept per project in the settings file, with plain JUnit (no window, no JavaFX). */
class ViewPreferencesTest {
    @TempDir
    Path dir;

    private Settings settings;
    private Project project;
    private final AtomicReference<Project> open = new AtomicReference<>();
    private final AtomicReference<TraceTable.Filter> filter = new AtomicReference<>(TraceTable.Filter.NONE);
    private final AtomicReference<TraceTable.Sort> sort = new AtomicReference<>(TraceTable.Sort.DEFAULT);

    private static final TraceTable.Filter MODEL_X =
            new TraceTable.Filter(Map.of("model", "x"), TraceTable.Show.DISAGREE, "refund");
    private static final TraceTable.Sort BY_TIME = new TraceTable.Sort("time", true);

    @BeforeEach
    void setUp() throws Exception {
        Path file = dir.resolve("settings.json");
        Files.writeString(file, "{}");
        settings = Settings.load(file);
        project = Project.open(dir.resolve("p.tjdb"), Project.OpenOptions.createIfMissing(null));
    }

    @AfterEach
    void tearDown() {
        project.close();
    }

    private ViewPreferences views() {
        return new ViewPreferences(settings, open::get, filter::get, sort::get);
    }

    @Test
    void aViewWritesAndReadsBackAndUnreadableTextIsNoView() {
        ViewPreferences.View v = new ViewPreferences.View(MODEL_X, BY_TIME, "t-7", List.of("t-1", "t-2"), List.of("c"));
        assertEquals(v, ViewPreferences.View.read(v.write()));
        ViewPreferences.View plain =
                new ViewPreferences.View(TraceTable.Filter.NONE, TraceTable.Sort.DEFAULT, null, List.of());
        assertEquals(plain, ViewPreferences.View.read(plain.write()));
        assertNull(ViewPreferences.View.read(null));
        assertNull(ViewPreferences.View.read("{not json"));
        assertNull(ViewPreferences.View.read("{\"show\": \"NO_SUCH_SHOW\"}"));
    }

    @Test
    void theLastViewOfAProjectFileComesBackWhenItIsReopened() {
        ViewPreferences first = views();
        first.viewFrom(() -> new ViewPreferences.View(null, null, "t-3", List.of("t-1"), List.of("judge")));
        assertNull(first.opened(project, true), "nothing kept yet");
        open.set(project);
        filter.set(MODEL_X);
        sort.set(BY_TIME);
        first.saveView();

        ViewPreferences again = views(); // the next start: only the settings carry over
        assertEquals(
                new ViewPreferences.View(MODEL_X, BY_TIME, "t-3", List.of("t-1"), List.of("judge")),
                again.opened(project, true));
        assertNull(again.restoredView());
        again.restore(again.opened(project, true));
        assertEquals("t-3", again.restoredView().trace());
    }

    @Test
    void aSampleIsNotKeptAndNothingIsKeptWithoutTheTablesPart() {
        ViewPreferences sample = views();
        sample.viewFrom(() -> new ViewPreferences.View(null, null, "t-3", List.of(), List.of()));
        assertNull(sample.opened(project, false));
        open.set(project);
        sample.saveView();
        assertNull(views().opened(project, true), "a sample's view is not kept");

        ViewPreferences noTable = views();
        noTable.opened(project, true);
        noTable.saveView();
        assertNull(views().opened(project, true), "no view model told where the person is");
    }

    @Test
    void namedViewsAreKeptPerProjectSortedByNameAndDeleted() {
        ViewPreferences views = views();
        assertEquals(List.of(), views.namedViews(), "no project open");
        views.saveNamedView("ignored", List.of());
        open.set(project);
        filter.set(MODEL_X);
        sort.set(BY_TIME);
        views.saveNamedView(" mine ", List.of("judge"));
        filter.set(TraceTable.Filter.NONE);
        views.saveNamedView("Alpha", List.of());
        views.saveNamedView("  ", List.of());
        assertEquals(List.of("Alpha", "mine"), views.namedViews());
        assertEquals(
                new ViewPreferences.View(MODEL_X, BY_TIME, null, List.of(), List.of("judge")),
                views().namedView("mine"));
        assertNull(views.namedView("nobody's"));

        views.deleteNamedView("mine");
        assertEquals(List.of("Alpha"), views().namedViews());
    }

    @Test
    void namedViewsEditedIntoSomethingElseByHandStartEmpty() {
        open.set(project);
        settings.setText("views:" + project.file().toAbsolutePath().normalize(), "[1, 2]");
        ViewPreferences views = views();
        assertTrue(views.namedViews().isEmpty());
        views.saveNamedView("fresh", List.of());
        assertEquals(List.of("fresh"), views.namedViews());
    }
}
