package org.tracejudge.ui.session;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.tracejudge.model.LabelSet;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.settings.Settings;
import org.tracejudge.store.Project;
import org.tracejudge.store.TraceTable;
import org.tracejudge.team.LocalTeam;

/**
 * What every view model of the workbench shares: the open project and its threads, the table's columns, the current
 * filter and sort, the annotator, blind mode, the window title and status line, and a team project's background
 * sync. Project reads and writes run on one background thread ("project-worker", in submission order), trace details
 * on "trace-detail", agreement on "agreement"; results reach the JavaFX thread through {@link Platform#runLater}
 * (or, in view-model tests without a window, the executor given to the constructor; {@link #onFx}).
 *
 * <p>The view models take part in reading the project through {@link Listener}: when a project is opened or re-read
 * (an import, a judge run, a new annotator name) the session reads the columns on the project thread and hands them
 * to each listener in the order they were added (the queue first, so its first rows do not wait for the agreement).
 *
 * <p>Why it is over 500 lines: it is the one place that owns the project and its threads; opening (quick check, full
 * check, migration), re-reading for the listeners, and a team project's sync all have to order their work on those
 * threads, so they stay together, in sections.
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

    private final Settings settings;
    /** The FX thread (Platform::runLater), or the thread a test gives. */
    private final java.util.concurrent.Executor fx;

    private final TaskExecutor tasks;
    private final TeamSyncService team;
    private final ViewPreferences views;

    private final List<Listener> listeners = new CopyOnWriteArrayList<>();

    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper("Tracejudge");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper open = new ReadOnlyBooleanWrapper(false);
    /** A project is being opened (true until its first rows are published, or opening failed). */
    private final ReadOnlyBooleanWrapper opening = new ReadOnlyBooleanWrapper(false);

    private final ReadOnlyObjectWrapper<TraceTable.Layout> layout = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<TraceTable.Filter> filter = new ReadOnlyObjectWrapper<>(TraceTable.Filter.NONE);
    private final ReadOnlyObjectWrapper<TraceTable.Sort> sort = new ReadOnlyObjectWrapper<>(TraceTable.Sort.DEFAULT);
    private final StringProperty annotator = new SimpleStringProperty();
    private final BooleanProperty blind = new SimpleBooleanProperty();
    /** Set when the full integrity check (run after the first rows show) finds damage; decisions are then refused. */
    private final ReadOnlyStringWrapper integrityProblem = new ReadOnlyStringWrapper();

    private volatile Project project;
    private volatile TraceTable table;
    private volatile Map<String, LabelSet> labelSets = Map.of();
    /** Scenarios whose safety-critical tools a human decides per tool in the safety review (policy human_final). */
    private volatile java.util.Set<String> safetyScenarios = java.util.Set.of();
    /** Whether the project has tool-selection inputs with their scenario (the safety review can open on it). */
    private volatile boolean selectionInputs;

    /** Timestamp (nanoTime) of the last review key; the trace view reports when it showed the result. */
    private volatile long keyTime;

    private final List<Double> keyToShownMillis = new ArrayList<>();

    public Session() {
        this(Settings.load());
    }

    public Session(Settings settings) {
        this(settings, Platform::runLater);
    }

    /**
     * A session whose results reach {@code fx} instead of the JavaFX thread: view-model tests without a window pass
     * one thread of their own that plays the FX thread's part.
     */
    public Session(Settings settings, java.util.concurrent.Executor fx) {
        this.fx = fx;
        this.settings = settings;
        this.tasks = new TaskExecutor(fx, status::set);
        this.team = new TeamSyncService(fx, () -> reload(true));
        this.views = new ViewPreferences(settings, () -> project, filter::get, sort::get);
        annotator.set(settings.annotator());
        blind.set(settings.flag("blind"));
        blind.addListener((o, a, b) -> settings.setFlag("blind", b));
    }

    /** Adds a view model that takes part in reading the project (listeners hear in the order added). */
    public void addListener(Listener l) {
        listeners.add(l);
    }

    // ------------------------------------------------------------------------------------ properties

    public Settings settings() {
        return settings;
    }

    public ReadOnlyStringProperty titleProperty() {
        return title.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** FX thread. */
    public void setStatus(String s) {
        status.set(s);
    }

    public ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }

    /** FX thread. */
    public void setLoading(boolean b) {
        loading.set(b);
    }

    public ReadOnlyBooleanProperty openProperty() {
        return open.getReadOnlyProperty();
    }

    /** True while a project is being opened: the window shows the workbench, empty, at once. */
    public ReadOnlyBooleanProperty openingProperty() {
        return opening.getReadOnlyProperty();
    }

    /** FX thread: the first rows are shown (or opening failed). */
    public void openingDone() {
        opening.set(false);
        tasks.firstRowsShown();
    }

    public ReadOnlyObjectProperty<TraceTable.Layout> layoutProperty() {
        return layout.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<TraceTable.Filter> filterProperty() {
        return filter.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<TraceTable.Sort> sortProperty() {
        return sort.getReadOnlyProperty();
    }

    /** FX thread: the filter and sort the queue is read with (the table's view model re-reads it). */
    public void select(TraceTable.Filter f, TraceTable.Sort s) {
        filter.set(f);
        sort.set(s);
    }

    public StringProperty annotatorProperty() {
        return annotator;
    }

    public BooleanProperty blindProperty() {
        return blind;
    }

    public ReadOnlyStringProperty integrityProblemProperty() {
        return integrityProblem.getReadOnlyProperty();
    }

    /** The team sync state for the status bar ("" for a project without a team). */
    public ReadOnlyStringProperty teamStatusProperty() {
        return team.teamStatusProperty();
    }

    /** The open project (null before one is open); read and write it only on {@link #submit project thread}. */
    public Project project() {
        return project;
    }

    /** The table reader of the open project's current columns. */
    public TraceTable table() {
        return table;
    }

    /** The project's label sets by name, as of the last read. */
    /** The open project's name, and its team member's person and login (null on a laptop project), read with it. */
    public record Identity(String projectName, String teamPerson, String teamUser) {}

    private volatile Identity identity = new Identity("", null, null);

    /** Who works on the open project, as read on the project thread (no SQL on the caller's). */
    public Identity identity() {
        return identity;
    }

    /** Project thread: which scenarios are decided in the safety review, and whether it has anything to review. */
    private void readSafety(Project p) {
        identity = new Identity(p.name(), p.meta(LocalTeam.PERSON), p.meta(LocalTeam.USER));
        Map<String, org.tracejudge.selection.Scenario> scenarios =
                p.read(org.tracejudge.selection.SelectionTraces::scenarios);
        selectionInputs = !scenarios.isEmpty();
        safetyScenarios =
                scenarios.isEmpty() || !org.tracejudge.safety.SafetyPolicy.of(p).humanFinal()
                        ? java.util.Set.of()
                        : scenarios.values().stream()
                                .filter(org.tracejudge.selection.Scenario::hasSafetyCriticalTools)
                                .map(org.tracejudge.selection.Scenario::name)
                                .collect(java.util.stream.Collectors.toUnmodifiableSet());
    }

    /**
     * Whether a trace of {@code task} is a safety item: a tool-selection input of a scenario with safety-critical tools
     * under the human-final policy. Experts decide those per tool in the safety review (their decisions kept apart,
     * disagreements adjudicated), never with the main window's review keys, whose last word would set Final.
     */
    public boolean safetyItem(org.tracejudge.model.Task task) {
        return task != null
                && task.type() == org.tracejudge.model.TaskType.TOOL_SELECTION
                && safetyScenarios.contains(task.domain());
    }

    /** Whether the open project has tool-selection inputs the safety review can open on. */
    public boolean hasSelectionInputs() {
        return project != null && selectionInputs;
    }

    public Map<String, LabelSet> labelSets() {
        return labelSets;
    }

    public Path projectFile() {
        Project p = project;
        return p == null ? null : p.file();
    }

    // ------------------------------------------------------------------------------------ threads

    /** The threads: the project thread, trace details, agreement, the FX thread. */
    public TaskExecutor tasks() {
        return tasks;
    }

    /** See {@link TaskExecutor#submit}. */
    public void submit(Runnable r) {
        tasks.submit(r);
    }

    /** See {@link TaskExecutor#afterFirstRows}. */
    public void afterFirstRows(Runnable r) {
        tasks.afterFirstRows(r);
    }

    public ExecutorService detailExecutor() {
        return tasks.detailExecutor();
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
        tasks.query(project, work, onFx, onError);
    }

    /** Runs {@code r} on the FX thread after every task queued so far on the project thread (tests, bench). */
    public void afterPendingWork(Runnable r) {
        tasks.afterPendingWork(r);
    }

    // ------------------------------------------------------------------------------------ key timing

    /** A review key was pressed now (the trace view reports when it showed the result). */
    public void markKey() {
        keyTime = System.nanoTime();
    }

    /** Called by the trace view once it shows a trace: records the key-to-shown time. */
    public void shown() {
        long k = keyTime;
        if (k != 0) {
            keyTime = 0;
            synchronized (keyToShownMillis) {
                keyToShownMillis.add((System.nanoTime() - k) / 1e6);
            }
        }
    }

    /** Key-to-next-item times measured so far (ms), for the benchmark. */
    public List<Double> keyToShownMillis() {
        synchronized (keyToShownMillis) {
            return List.copyOf(keyToShownMillis);
        }
    }

    // ------------------------------------------------------------------------------------ opening and reading

    /**
     * Opens a project file, or the bundled sample when {@code file} is null. A file that needs SQLite's full
     * integrity check is shown after the quick check, and fully checked in the background; damage found then
     * is reported ({@link #integrityProblemProperty()}) and no decision is written to the file.
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
        open.set(false);
        loading.set(true);
        opening.set(true);
        tasks.newOpening();
        integrityProblem.set(null);
        status.set("Opening…");
        tasks.onWorker(() -> {
            try {
                Project p = opener.get();
                Project old = project;
                project = p;
                if (old != null && old != p) {
                    old.close();
                }
                if (remember != null) {
                    settings.addRecent(p.file());
                }
                ViewPreferences.View v = views.opened(p, remember != null);
                TraceTable.Filter f0 = v == null ? TraceTable.Filter.NONE : v.filter();
                TraceTable.Sort s0 = v == null ? TraceTable.Sort.DEFAULT : v.sort();
                fx.execute(() -> {
                    views.restore(v);
                    listeners.forEach(Listener::opened);
                    select(f0, s0);
                });
                readOnWorker(p, f0, s0, true);
                team.startTeamSync(p);
                if (p.checkPending()) {
                    checkFullyInBackground(p);
                }
            } catch (RuntimeException e) {
                fx.execute(() -> {
                    status.set("Cannot open the project: " + e.getMessage());
                    loading.set(false);
                    opening.set(false);
                });
            }
        });
    }

    private void checkFullyInBackground(Project p) {
        java.util.concurrent.CountDownLatch shown = tasks.firstRowsGate();
        Thread t = new Thread(
                () -> {
                    try {
                        // after the first rows (at most a few seconds): damage is still reported seconds after opening
                        shown.await(
                                TaskExecutor.FIRST_ROWS_BEFORE_CHECK_SECONDS, java.util.concurrent.TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                    try {
                        p.completeIntegrityCheck();
                    } catch (RuntimeException e) {
                        fx.execute(() -> {
                            if (project == p) {
                                integrityProblem.set(e.getMessage());
                                status.set(e.getMessage());
                            }
                        });
                    }
                },
                "integrity-check");
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        t.start();
    }

    /** Re-reads the table's columns, rows and agreement (after work that changed the project, e.g. a judge run). */
    public void refresh() {
        if (project != null) {
            reload(true);
        }
    }

    /** FX thread: re-reads columns and queue (and the agreement when {@code agreementToo}) on the project thread. */
    public void reload(boolean agreementToo) {
        Project p = project;
        TraceTable.Filter f = filter.get();
        TraceTable.Sort s = sort.get();
        tasks.onWorker(() -> readOnWorker(p, f, s, agreementToo));
    }

    /** Project thread: the project's content changed (import, classify): the view models drop cached reads. */
    public void contentChanged() {
        listeners.forEach(Listener::contentChanged);
    }

    /** Project thread: reads the label sets and columns, then hands them to the listeners. */
    public void readOnWorker(Project p, TraceTable.Filter f, TraceTable.Sort s, boolean agreementToo) {
        try {
            Map<String, LabelSet> sets = new HashMap<>();
            for (LabelSet ls : p.labelSets()) {
                sets.put(ls.name(), ls);
            }
            labelSets = Map.copyOf(sets);
            readSafety(p);
            String me = annotatorName(p);
            TraceTable.Layout l = TraceTable.layout(p, me);
            TraceTable t = new TraceTable(p, l, key -> QuestionSorts.of(p, key));
            table = t;
            String name = p.name();
            Read r = new Read(p, t, l, f, s, agreementToo, () -> {
                if (!java.util.Objects.equals(annotator.get(), me)) {
                    annotator.set(me);
                }
                title.set("Tracejudge — " + name);
                layout.set(l);
                open.set(true);
            });
            for (Listener x : listeners) {
                x.read(r);
            }
        } catch (RuntimeException e) {
            fx.execute(() -> {
                status.set("Cannot read the project: " + e.getMessage());
                loading.set(false);
            });
        }
    }

    /**
     * Who decides here: on a team project the person the hub's membership names (the hub accepts decisions only
     * under that name), else the annotator name of the settings.
     */
    private String annotatorName(Project p) {
        String team = p.meta(LocalTeam.PERSON);
        return team != null ? team : settings.annotator();
    }

    // ------------------------------------------------------------------------------------ team

    /** A team project's background sync, and the count of decisions committed in this window. */
    public TeamSyncService team() {
        return team;
    }

    /** Counts the decisions committed in this window (the calibration figures follow it). */
    public javafx.beans.property.ReadOnlyLongProperty ledgerVersionProperty() {
        return team.ledgerVersionProperty();
    }

    /** Any thread: a decision was committed to the ledger. */
    public void ledgerChanged() {
        team.ledgerChanged();
    }

    /** Syncs the open team project now (in the background). */
    public void syncTeamNow() {
        team.syncTeamNow();
    }

    /** The views kept per project in the settings: the last one and the named ones. */
    public ViewPreferences views() {
        return views;
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
            if (project != null) {
                project.close();
            }
        });
    }
}
