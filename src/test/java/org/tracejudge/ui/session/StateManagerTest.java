package org.tracejudge.ui.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.settings.Settings;
import org.tracejudge.store.Project;
import org.tracejudge.store.TraceTable;

/**
 * The workbench's state without a window: JavaFX properties need no toolkit, and one thread of the test's own plays
 * the FX thread. The project is the bundled sample, on disk.
 */
class StateManagerTest {
    @TempDir
    Path dir;

    private final ExecutorService fx = Executors.newSingleThreadExecutor(r -> new Thread(r, "plain-fx"));
    private Settings settings;
    private StateManager state;

    @BeforeEach
    void setUp() throws Exception {
        Path file = dir.resolve("settings.json");
        Files.writeString(file, "{\"annotator\": \"ann\", \"flags\": {\"blind\": true}}");
        settings = Settings.load(file);
        state = new StateManager(settings, fx);
    }

    @AfterEach
    void tearDown() {
        fx.shutdown();
    }

    private <T> T onFx(Callable<T> c) throws Exception {
        return fx.submit(c).get(10, TimeUnit.SECONDS);
    }

    /** A listener that notes what it heard, with its name. */
    private record Noting(String name, List<String> heard) implements Session.Listener {
        @Override
        public void opened() {
            heard.add(name + " opened");
        }

        @Override
        public void read(Session.Read r) {
            heard.add(name + " read " + r.filter().search() + " " + r.agreementToo());
        }

        @Override
        public void contentChanged() {
            heard.add(name + " changed");
        }
    }

    @Test
    void annotatorAndBlindModeStartFromTheSettingsAndBlindModeIsKeptThere() {
        assertEquals("ann", state.annotatorProperty().get());
        assertTrue(state.blindProperty().get());
        state.blindProperty().set(false);
        assertFalse(settings.flag("blind"));
        assertEquals("Tracejudge", state.titleProperty().get());
        assertFalse(state.openProperty().get());
        assertNull(state.project());
        assertNull(state.projectFile());
        assertEquals(TraceTable.Filter.NONE, state.filterProperty().get());
        assertEquals(TraceTable.Sort.DEFAULT, state.sortProperty().get());
    }

    @Test
    void aReadHandsTheColumnsToTheListenersInTheOrderAddedAndTheFirstRowsPublishThem() throws Exception {
        List<String> heard = new CopyOnWriteArrayList<>();
        state.addListener(new Noting("queue", heard));
        state.addListener(new Noting("agreement", heard));
        List<Session.Read> reads = new CopyOnWriteArrayList<>();
        state.addListener(new Session.Listener() {
            @Override
            public void read(Session.Read r) {
                reads.add(r);
            }
        });
        Path file = dir.resolve("sample.tjdb");
        SampleProject.build(file);
        try (Project p = Project.open(file)) {
            assertNull(state.replaceProject(p));
            assertSame(p, state.replaceProject(p));
            assertEquals(file, state.projectFile());
            state.tellOpened();
            TraceTable.Filter f = new TraceTable.Filter(Map.of(), TraceTable.Show.ALL, "refund");
            state.readOnWorker(p, f, TraceTable.Sort.DEFAULT, true);
            state.contentChanged();
            assertEquals(
                    List.of(
                            "queue opened",
                            "agreement opened",
                            "queue read refund true",
                            "agreement read refund true",
                            "queue changed",
                            "agreement changed"),
                    heard);
            Session.Read r = reads.get(0);
            assertSame(p, r.project());
            assertSame(state.table(), r.table());
            assertFalse(state.labelSets().isEmpty(), "the sample's label sets");
            assertEquals(p.name(), state.identity().projectName());
            assertNull(state.identity().teamPerson(), "a laptop project");
            assertFalse(state.safetyItem(null));

            assertFalse(onFx(() -> state.openProperty().get()), "nothing shown before the first rows");
            onFx(() -> {
                r.showColumns().run();
                return null;
            });
            assertTrue(onFx(() -> state.openProperty().get()));
            assertEquals(
                    "Tracejudge — " + p.name(), onFx(() -> state.titleProperty().get()));
            assertSame(r.layout(), onFx(() -> state.layoutProperty().get()));
            assertEquals("ann", onFx(() -> state.annotatorProperty().get()));
        }
    }

    @Test
    void aProjectThatCannotBeReadSaysSoAndStopsLoading() throws Exception {
        Path file = dir.resolve("gone.tjdb");
        Project p = Project.open(file, Project.OpenOptions.createIfMissing(null));
        p.close();
        onFx(() -> {
            state.setLoading(true);
            return null;
        });
        state.readOnWorker(p, TraceTable.Filter.NONE, TraceTable.Sort.DEFAULT, false);
        String status = onFx(() -> state.statusProperty().get());
        assertNotNull(status);
        assertTrue(status.startsWith("Cannot read the project: "), status);
        assertFalse(onFx(() -> state.loadingProperty().get()));
    }

    @Test
    void theFilterAndSortAreSelectedTogether() {
        TraceTable.Filter f = new TraceTable.Filter(Map.of(), TraceTable.Show.DISAGREE, "");
        TraceTable.Sort s = new TraceTable.Sort("time", true);
        state.select(f, s);
        assertEquals(f, state.filterProperty().get());
        assertEquals(s, state.sortProperty().get());
        state.setOpening(true);
        assertTrue(state.openingProperty().get());
        state.setIntegrityProblem("page 7 is damaged");
        assertEquals("page 7 is damaged", state.integrityProblemProperty().get());
    }
}
