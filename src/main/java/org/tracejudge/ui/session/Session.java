package org.tracejudge.ui.session;

import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.StringProperty;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.settings.Settings;
import org.tracejudge.store.Project;
import org.tracejudge.store.TraceTable;

/**
 * What every view model of the workbench shares, as one façade over four parts (JabRef's shape): the
 * {@link StateManager} (the open project, what was read of it, the properties the window binds), the
 * {@link TaskExecutor} (the project thread, trace details, agreement, the FX thread), the {@link ViewPreferences}
 * (views kept per project) and the {@link TeamSyncService} (a team project's sync), with the review keys' latency
 * probe ({@link KeyLatency}). This class opens projects: it orders the opening's steps across the parts (quick check,
 * first read for the listeners, team sync, full check after the first rows) and closes them.
 *
 * <p>The view models take part in reading the project through {@link Listener}: when a project is opened or re-read
 * (an import, a judge run, a new annotator name) the session reads the columns on the project thread and hands them
 * to each listener in the order they were added (the queue first, so its first rows do not wait for the agreement).
 */
public final class Session implements AutoCloseable {
    /** How a view model takes part in opening and re-reading the project. */
    public interface Listener {
        /** FX thread: another project is being opened; forget what belonged to the last one. */
        default void opened() {}

        /** Project thread: the project was (re-)read with these columns, filter and sort. */
        default void read(Read r) {}

        /** Project thread: the project's content changed (import, classify); cached reads are stale. */
        default void contentChanged() {}
    }

    /**
     * One read of the project.
     *
     * @param agreementToo whether the agreement is to be read again too
     * @param showColumns  FX thread: publishes the title, the columns and "open"; to run with the first rows
     */
    public record Read(
            Project project,
            TraceTable table,
            TraceTable.Layout layout,
            TraceTable.Filter filter,
            TraceTable.Sort sort,
            boolean agreementToo,
            Runnable showColumns) {}

    /** Set by the first {@link #close()}: a second one (the window closed, then the application stopped) does nothing. */
    private boolean closed;

    /** The FX thread (Platform::runLater), or the thread a test gives. */
    private final java.util.concurrent.Executor fx;

    private final StateManager state;
    private final TaskExecutor tasks;
    private final TeamSyncService team;
    private final ViewPreferences views;
    private final KeyLatency keys = new KeyLatency();

    public Session(Settings settings) {
        this(settings, Platform::runLater);
    }

    /**
     * A session whose results reach {@code fx} instead of the JavaFX thread: view-model tests without a window pass
     * one thread of their own that plays the FX thread's part.
     */
    public Session(Settings settings, java.util.concurrent.Executor fx) {
        this.fx = fx;
        this.state = new StateManager(settings, fx);
        this.tasks = new TaskExecutor(fx, state::setStatus);
        this.team = new TeamSyncService(fx, () -> reload(true));
        this.views = new ViewPreferences(settings, state::project, state::filter, state::sort);
    }

    // ------------------------------------------------------------------------------------ the parts

    /** The open project, what was read of it, and the properties the window binds. */
    public StateManager state() {
        return state;
    }

    /** The threads: the project thread, trace details, agreement, the FX thread. */
    public TaskExecutor tasks() {
        return tasks;
    }

    /** A team project's background sync, and the count of decisions committed in this window. */
    public TeamSyncService team() {
        return team;
    }

    /** The views kept per project in the settings: the last one and the named ones. */
    public ViewPreferences views() {
        return views;
    }

    /** The review keys' latency probe (key to next item shown). */
    public KeyLatency keys() {
        return keys;
    }

    // ------------------------------------------------------------------------------------ shortcuts

    /** Adds a view model that takes part in reading the project (listeners hear in the order added). */
    public void addListener(Listener l) {
        state.addListener(l);
    }

    public ReadOnlyStringProperty statusProperty() {
        return state.statusProperty();
    }

    /** FX thread. */
    public void setStatus(String s) {
        state.setStatus(s);
    }

    public ReadOnlyBooleanProperty loadingProperty() {
        return state.loadingProperty();
    }

    /** FX thread. */
    public void setLoading(boolean b) {
        state.setLoading(b);
    }

    public ReadOnlyBooleanProperty openProperty() {
        return state.openProperty();
    }

    public ReadOnlyObjectProperty<TraceTable.Filter> filterProperty() {
        return state.filterProperty();
    }

    public StringProperty annotatorProperty() {
        return state.annotatorProperty();
    }

    /** The open project (null before one is open); read and write it only on {@link #submit the project thread}. */
    public Project project() {
        return state.project();
    }

    public Path projectFile() {
        return state.projectFile();
    }

    /** See {@link TaskExecutor#submit}. */
    public void submit(Runnable r) {
        tasks.submit(r);
    }

    /** See {@link TaskExecutor#afterFirstRows}. */
    public void afterFirstRows(Runnable r) {
        tasks.afterFirstRows(r);
    }

    /** Runs {@code r} on the FX thread (for the view models: their results are published there). */
    public void onFx(Runnable r) {
        tasks.onFx(r);
    }

    public ExecutorService agreementExecutor() {
        return tasks.agreementExecutor();
    }

    /** {@link TaskExecutor#query} on the open project ("No project is open." when none is). */
    public <T> void query(Function<Project, T> work, Consumer<T> onFx, Consumer<String> onError) {
        tasks.query(state.project(), work, onFx, onError);
    }

    /** Runs {@code r} on the FX thread after every task queued so far on the project thread (tests, bench). */
    public void afterPendingWork(Runnable r) {
        tasks.afterPendingWork(r);
    }

    // ------------------------------------------------------------------------------------ opening and reading

    /**
     * Opens a project file, or the bundled sample when {@code file} is null. A file that needs SQLite's full
     * integrity check is shown after the quick check, and fully checked in the background; damage found then
     * is reported ({@link StateManager#integrityProblemProperty()}) and no decision is written to the file.
     */
    public void open(Path file) {
        load(
                () -> file == null
                        ? SampleProject.open()
                        : Project.open(file, Project.OpenOptions.existing().checkInBackground()),
                file);
    }

    /** Opens a bundled sample (built first when missing or out of date); like the sample, its view is not kept. */
    public void openSample(SampleProject.Kind kind) {
        load(() -> SampleProject.open(kind, kind.defaultFile()), null);
    }

    /** Creates (or opens) a project file. */
    public void create(Path file) {
        load(() -> Project.open(file, Project.OpenOptions.createIfMissing(null)), file);
    }

    private void load(Supplier<Project> opener, Path remember) {
        views.saveView(); // the project being left: its filter, sort, row and skipped traces, for when it is reopened
        state.setOpen(false);
        state.setLoading(true);
        state.setOpening(true);
        tasks.newOpening();
        state.setIntegrityProblem(null);
        state.setStatus("Opening…");
        tasks.onWorker(() -> {
            try {
                Project p = opener.get();
                Project old = state.replaceProject(p);
                if (old != null && old != p) {
                    old.close();
                }
                if (remember != null) {
                    state.settings().addRecent(p.file());
                }
                ViewPreferences.View v = views.opened(p, remember != null);
                TraceTable.Filter f0 = v == null ? TraceTable.Filter.NONE : v.filter();
                TraceTable.Sort s0 = v == null ? TraceTable.Sort.DEFAULT : v.sort();
                fx.execute(() -> {
                    views.restore(v);
                    state.tellOpened();
                    state.select(f0, s0);
                });
                state.readOnWorker(p, f0, s0, true);
                team.startTeamSync(p);
                if (p.checkPending()) {
                    checkFullyInBackground(p);
                }
            } catch (RuntimeException e) {
                fx.execute(() -> {
                    state.setStatus("Cannot open the project: " + e.getMessage());
                    state.setLoading(false);
                    state.setOpening(false);
                });
            }
        });
    }

    private void checkFullyInBackground(Project p) {
        // after the first rows (at most a few seconds): damage is still reported seconds after opening
        tasks.lowPriorityAfterFirstRows("integrity-check", () -> {
            try {
                p.completeIntegrityCheck();
            } catch (RuntimeException e) {
                fx.execute(() -> {
                    if (state.project() == p) {
                        state.setIntegrityProblem(e.getMessage());
                        state.setStatus(e.getMessage());
                    }
                });
            }
        });
    }

    /** FX thread: the first rows are shown (or opening failed). */
    public void openingDone() {
        state.setOpening(false);
        tasks.firstRowsShown();
    }

    /** Re-reads the table's columns, rows and agreement (after work that changed the project, e.g. a judge run). */
    public void refresh() {
        if (state.project() != null) {
            reload(true);
        }
    }

    /** FX thread: re-reads columns and queue (and the agreement when {@code agreementToo}) on the project thread. */
    public void reload(boolean agreementToo) {
        Project p = state.project();
        TraceTable.Filter f = state.filterProperty().get();
        TraceTable.Sort s = state.sortProperty().get();
        tasks.onWorker(() -> readOnWorker(p, f, s, agreementToo));
    }

    /** Project thread: the project's content changed (import, classify): the view models drop cached reads. */
    public void contentChanged() {
        state.contentChanged();
    }

    /** Project thread: reads the label sets and columns, then hands them to the listeners ({@link StateManager}). */
    public void readOnWorker(Project p, TraceTable.Filter f, TraceTable.Sort s, boolean agreementToo) {
        state.readOnWorker(p, f, s, agreementToo);
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        views.saveView();
        team.close();
        tasks.shutdown(() -> {
            Project p = state.project();
            if (p != null) {
                p.close();
            }
        });
    }
}
