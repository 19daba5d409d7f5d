package org.tracejudge.ui;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.tracejudge.agreement.AgreementOptions;
import org.tracejudge.agreement.LabelTable;
import org.tracejudge.agreement.LiveAgreement;
import org.tracejudge.agreement.LiveSnapshot;
import org.tracejudge.importer.ImportCancelledException;
import org.tracejudge.importer.ImportException;
import org.tracejudge.importer.ImportListener;
import org.tracejudge.importer.ImportReport;
import org.tracejudge.importer.Importer;
import org.tracejudge.json.Json;
import org.tracejudge.model.LabelSet;
import org.tracejudge.model.LabelSets;
import org.tracejudge.model.RaterKind;
import org.tracejudge.model.Task;
import org.tracejudge.model.Trace;
import org.tracejudge.rules.Evidence;
import org.tracejudge.rules.RuleClassifier;
import org.tracejudge.rules.RuleVerdict;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.settings.Settings;
import org.tracejudge.store.Adjudications;
import org.tracejudge.store.Consensus;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectQueries;
import org.tracejudge.store.TraceTable;
import org.tracejudge.ui.table.PagedRows;

/**
 * State of the open project for the views. Project reads and writes run on one background thread
 * ("project-worker"), agreement updates on another ("agreement"); results are published to the JavaFX
 * thread. Views never touch the project directly.
 *
 * <p>The review queue is the current filter's id list, fixed until the filter or sort changes, so a
 * decision never makes rows jump. A decision is shown at once (row, agreement), written to the ledger in
 * the background (committed before the next write), and can be undone.
 */
public final class ProjectViewModel implements AutoCloseable {
    private final ExecutorService worker = daemon("project-worker");
    private final ExecutorService detailWorker = daemon("trace-detail");
    private final ExecutorService agreementWorker = daemon("agreement");
    private final Settings settings;

    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper("Tracejudge");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper open = new ReadOnlyBooleanWrapper(false);
    /** A project is being opened (true until its first rows are published, or opening failed). */
    private final ReadOnlyBooleanWrapper opening = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyObjectWrapper<TraceTable.Layout> layout = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<PagedRows> rows = new ReadOnlyObjectWrapper<>(new PagedRows(0, (p, d) -> { }));
    private final ReadOnlyObjectWrapper<TraceTable.Filter> filter = new ReadOnlyObjectWrapper<>(TraceTable.Filter.NONE);
    private final ReadOnlyObjectWrapper<TraceTable.Sort> sort = new ReadOnlyObjectWrapper<>(TraceTable.Sort.DEFAULT);
    private final ReadOnlyIntegerWrapper total = new ReadOnlyIntegerWrapper();
    private final IntegerProperty current = new SimpleIntegerProperty(-1);
    private final ReadOnlyObjectWrapper<TraceDetail> detail = new ReadOnlyObjectWrapper<>();
    private final StringProperty annotator = new SimpleStringProperty();
    private final BooleanProperty blind = new SimpleBooleanProperty();
    private final ReadOnlyObjectWrapper<LiveSnapshot> agreement = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<Map<String, String>> agreementColumns = new ReadOnlyObjectWrapper<>(Map.of());
    private final ReadOnlyStringWrapper lastDecision = new ReadOnlyStringWrapper("");
    /** Skipped traces (S) not decided since, in the order skipped (FX thread only). */
    private final java.util.LinkedHashSet<String> skipped = new java.util.LinkedHashSet<>();
    private final ReadOnlyIntegerWrapper skippedCount = new ReadOnlyIntegerWrapper();
    private final ReadOnlyStringWrapper queueEnd = new ReadOnlyStringWrapper("");
    /** True while going back through the skipped traces: "next" is the next skipped one. */
    private boolean revisiting;
    /** Set when the full integrity check (run after the first rows show) finds damage; decisions are then refused. */
    private final ReadOnlyStringWrapper integrityProblem = new ReadOnlyStringWrapper();

    // import
    private final ReadOnlyBooleanWrapper importing = new ReadOnlyBooleanWrapper(false);
    private final DoubleProperty importProgress = new SimpleDoubleProperty(-1);
    private final ReadOnlyStringWrapper importMessage = new ReadOnlyStringWrapper("");
    private final ObjectProperty<ImportError> importError = new SimpleObjectProperty<>();
    private final AtomicBoolean importCancel = new AtomicBoolean();

    private volatile Project project;
    private volatile TraceTable table;
    private volatile List<String> ids = List.of();
    private volatile long generation;
    private volatile LiveAgreement live;
    private final RuleClassifier rule = new RuleClassifier(RuleClassifier.Mode.TOLERANT);
    private final Map<String, LabelSet> labelSets = new HashMap<>();
    private final Map<String, CompletableFuture<TraceDetail>> details = new LinkedHashMap<>(32, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, CompletableFuture<TraceDetail>> e) {
            return size() > 64;
        }
    };
    private final Deque<Decision> undo = new ArrayDeque<>();
    /** Traces whose machine labels were revealed after a blind decision. */
    private final java.util.Set<String> revealed = new java.util.HashSet<>();
    /** Timestamp (nanoTime) of the last review key; the trace view reports when it showed the result. */
    private volatile long keyTime;
    private final List<Double> keyToShownMillis = new ArrayList<>();

    /** An import error as shown to the user: the whole message, and the file and line when known. */
    public record ImportError(String message, String file, long line) {}

    /** One decision, for undo: the trace, where it was in the queue, my label before and after. */
    public record Decision(String traceId, int index, String before, String after, String rationale) {}

    public ProjectViewModel() {
        this(Settings.load());
    }

    public ProjectViewModel(Settings settings) {
        this.settings = settings;
        annotator.set(settings.annotator());
        blind.set(settings.flag("blind"));
        blind.addListener((o, a, b) -> settings.setFlag("blind", b));
        current.addListener((o, a, b) -> showCurrent());
    }

    private static ExecutorService daemon(String name) {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }

    // ------------------------------------------------------------------------------------ properties

    // team projects: background sync while the project is open (org.tracejudge.team.AutoSync)
    private volatile org.tracejudge.team.AutoSync teamSync;
    private final javafx.beans.property.ReadOnlyStringWrapper teamStatus = new javafx.beans.property.ReadOnlyStringWrapper("");

    /** The team sync state for the status bar ("" for a project without a team). */
    public ReadOnlyStringProperty teamStatusProperty() {
        return teamStatus.getReadOnlyProperty();
    }

    /** Syncs the open team project now (in the background). */
    public void syncTeamNow() {
        org.tracejudge.team.AutoSync a = teamSync;
        if (a != null) {
            a.nudge();
        }
    }

    /** Starts background sync for a team project (on the project thread, after it opened). */
    private void startTeamSync(Project p) {
        org.tracejudge.team.AutoSync old = teamSync;
        teamSync = null;
        if (old != null) {
            old.close();
        }
        if (p.meta(org.tracejudge.team.LocalTeam.HUB) == null) {
            Platform.runLater(() -> teamStatus.set(""));
            return;
        }
        org.tracejudge.team.AutoSync a = new org.tracejudge.team.AutoSync(p, java.time.Duration.ofSeconds(3), st -> {
            Platform.runLater(() -> teamStatus.set(st.text()));
            if (st.message() != null && st.message().startsWith("pushed") && !st.message().endsWith("pulled 0")) {
                Platform.runLater(() -> reload(true)); // others' decisions arrived: re-read table and agreement
            }
        });
        teamSync = a;
        Platform.runLater(() -> teamStatus.set("Team: connecting…"));
        a.start();
    }

    public Settings settings() {
        return settings;
    }

    public ReadOnlyStringProperty titleProperty() {
        return title.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty openProperty() {
        return open.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<TraceTable.Layout> layoutProperty() {
        return layout.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<PagedRows> rowsProperty() {
        return rows.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<TraceTable.Filter> filterProperty() {
        return filter.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<TraceTable.Sort> sortProperty() {
        return sort.getReadOnlyProperty();
    }

    public ReadOnlyIntegerProperty totalProperty() {
        return total.getReadOnlyProperty();
    }

    /** Index of the current trace in the queue (the table's selection), -1 when none. */
    public IntegerProperty currentProperty() {
        return current;
    }

    public ReadOnlyObjectProperty<TraceDetail> detailProperty() {
        return detail.getReadOnlyProperty();
    }

    public StringProperty annotatorProperty() {
        return annotator;
    }

    public BooleanProperty blindProperty() {
        return blind;
    }

    public ReadOnlyObjectProperty<LiveSnapshot> agreementProperty() {
        return agreement.getReadOnlyProperty();
    }

    /** Agreement rater name → table column key. */
    public ReadOnlyObjectProperty<Map<String, String>> agreementColumnsProperty() {
        return agreementColumns.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty lastDecisionProperty() {
        return lastDecision.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty importingProperty() {
        return importing.getReadOnlyProperty();
    }

    public DoubleProperty importProgressProperty() {
        return importProgress;
    }

    public ReadOnlyStringProperty importMessageProperty() {
        return importMessage.getReadOnlyProperty();
    }

    public ObjectProperty<ImportError> importErrorProperty() {
        return importError;
    }

    public Path projectFile() {
        Project p = project;
        return p == null ? null : p.file();
    }

    /** Sets and remembers the annotator's name. */
    public void setAnnotator(String name) {
        setAnnotator(name, null);
    }

    /**
     * Sets the annotator's name, re-reads the columns (the annotator gets one) and, once they are shown, returns
     * to the trace that was current and runs {@code then} on the FX thread (the decision that asked for the
     * name: it must land on the new column and move the queue on, not be overwritten by the re-read).
     */
    public void setAnnotator(String name, Runnable then) {
        String n = name == null || name.isBlank() ? null : name.trim();
        annotator.set(n);
        settings.setAnnotator(n);
        if (project == null) {
            if (then != null) {
                then.run();
            }
            return;
        }
        String was = idAt(current.get());
        reload(false);
        // the worker runs in order and publishes in order: this runs after the re-read queue is shown
        worker.submit(() -> Platform.runLater(() -> {
            int i = was == null ? -1 : ids.indexOf(was);
            if (i >= 0 && i != current.get()) {
                go(i);
            }
            if (then != null) {
                whenShown(was, then);
            }
        }));
    }

    /** Runs {@code r} (FX thread) once the trace view's detail is trace {@code id} (at once if it is). */
    private void whenShown(String id, Runnable r) {
        TraceDetail d = detail.get();
        if (id == null || d != null && d.traceId().equals(id)) {
            r.run();
            return;
        }
        detail.addListener(new javafx.beans.value.ChangeListener<>() {
            @Override
            public void changed(javafx.beans.value.ObservableValue<? extends TraceDetail> o, TraceDetail a, TraceDetail b) {
                if (b != null && b.traceId().equals(id)) {
                    detail.removeListener(this);
                    r.run();
                }
            }
        });
    }

    // ------------------------------------------------------------------------------------ opening

    /**
     * Opens a project file, or the bundled sample when {@code file} is null. A file that needs SQLite's full
     * integrity check is shown after the quick check, and fully checked in the background; damage found then
     * is reported ({@link #integrityProblemProperty()}) and no decision is written to the file.
     */
    public void open(Path file) {
        load(() -> file == null ? SampleProject.open() : Project.open(file, true), file);
    }

    /**
     * Runs {@code work} on the open project on the project thread (never the FX thread) and hands its result,
     * or the error's message, to the FX thread. For views that read the project (the metrics dashboard).
     */
    public <T> void query(java.util.function.Function<Project, T> work, Consumer<T> onFx, Consumer<String> onError) {
        Project p = project;
        if (p == null) {
            onError.accept("No project is open.");
            return;
        }
        worker.submit(() -> {
            try {
                T result = work.apply(p);
                Platform.runLater(() -> onFx.accept(result));
            } catch (RuntimeException e) {
                Platform.runLater(() -> onError.accept(e.getMessage() == null ? e.toString() : e.getMessage()));
            }
        });
    }

    /** Re-reads the table's columns, rows and agreement (after work that changed the project, e.g. a judge run). */
    public void refresh() {
        if (project != null) {
            reload(true);
        }
    }

    /**
     * Runs a judge over the open project's traces that have no verdict from it yet, on a thread of its own
     * (the run has its own request workers and writer). {@code listener} hears progress from the run's writer
     * thread; {@code done} gets the report on the FX thread, {@code failed} the reason it could not start or
     * stopped; the table and agreement are re-read at the end. Returns what cancels the run.
     */
    public Runnable runJudge(org.tracejudge.judges.JudgeConfig cfg, org.tracejudge.judges.JudgeListener listener,
                             Consumer<org.tracejudge.judges.RunReport> done, Consumer<String> failed) {
        Project p = project;
        if (p == null) {
            failed.accept("No project is open.");
            return () -> { };
        }
        java.util.concurrent.atomic.AtomicReference<org.tracejudge.judges.JudgeRunner> runner =
                new java.util.concurrent.atomic.AtomicReference<>();
        AtomicBoolean cancelled = new AtomicBoolean();
        Thread t = new Thread(() -> {
            try {
                org.tracejudge.judges.prompt.Rubric rubric = new org.tracejudge.judges.prompt.RubricLibrary(
                        org.tracejudge.settings.AppDirs.dataDir().resolve("rubrics")).rubric(cfg.rubric());
                org.tracejudge.ensemble.JudgeChoice.pinCurrentJudges(p); // the ensemble keeps its two judges
                org.tracejudge.judges.JudgeRunner r = new org.tracejudge.judges.JudgeRunner(p, cfg, rubric,
                        System::getenv, org.tracejudge.judges.JudgeRunner.Options.defaults(), listener);
                runner.set(r);
                if (cancelled.get()) {
                    r.cancel();
                }
                org.tracejudge.judges.RunReport report = r.run();
                Platform.runLater(() -> {
                    if (report.message() != null && !"done".equals(report.status())) {
                        failed.accept(report.message());
                    }
                    done.accept(report);
                    if (project == p) {
                        reload(true);
                    }
                });
            } catch (RuntimeException e) {
                Platform.runLater(() -> failed.accept(e.getMessage() == null ? e.toString() : e.getMessage()));
            }
        }, "judge-run");
        t.setDaemon(true);
        t.start();
        return () -> {
            cancelled.set(true);
            org.tracejudge.judges.JudgeRunner r = runner.get();
            if (r != null) {
                r.cancel();
            }
        };
    }

    /** True while a project is being opened: the window shows the workbench, empty, at once. */
    public ReadOnlyBooleanProperty openingProperty() {
        return opening.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty integrityProblemProperty() {
        return integrityProblem.getReadOnlyProperty();
    }

    private void checkFullyInBackground(Project p) {
        Thread t = new Thread(() -> {
            try {
                p.completeIntegrityCheck();
            } catch (RuntimeException e) {
                Platform.runLater(() -> {
                    if (project == p) {
                        integrityProblem.set(e.getMessage());
                        status.set(e.getMessage());
                    }
                });
            }
        }, "integrity-check");
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        t.start();
    }

    /** Creates (or opens) a project file. */
    public void create(Path file) {
        load(() -> Project.openOrCreate(file, null), file);
    }

    private void load(Supplier<Project> opener, Path remember) {
        open.set(false);
        loading.set(true);
        opening.set(true);
        integrityProblem.set(null);
        status.set("Opening…");
        worker.submit(() -> {
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
                Platform.runLater(() -> {
                    undo.clear();
                    revealed.clear();
                    synchronized (details) {
                        details.clear();
                    }
                    filter.set(TraceTable.Filter.NONE);
                    sort.set(TraceTable.Sort.DEFAULT);
                });
                reloadOnWorker(p, TraceTable.Filter.NONE, TraceTable.Sort.DEFAULT, true);
                startTeamSync(p);
                if (p.checkPending()) {
                    checkFullyInBackground(p);
                }
            } catch (RuntimeException e) {
                Platform.runLater(() -> {
                    status.set("Cannot open the project: " + e.getMessage());
                    loading.set(false);
                    opening.set(false);
                });
            }
        });
    }

    /** Re-reads columns, the queue and agreement (after an import, or a new annotator name). */
    private void reload(boolean agreementToo) {
        Project p = project;
        TraceTable.Filter f = filter.get();
        TraceTable.Sort s = sort.get();
        worker.submit(() -> reloadOnWorker(p, f, s, agreementToo));
    }

    private void reloadOnWorker(Project p, TraceTable.Filter f, TraceTable.Sort s, boolean agreementToo) {
        try {
            labelSets.clear();
            for (LabelSet ls : p.labelSets()) {
                labelSets.put(ls.name(), ls);
            }
            String me = annotatorName(p);
            TraceTable.Layout l = TraceTable.layout(p, me);
            TraceTable t = new TraceTable(p, l);
            table = t;
            String name = p.name();
            publishQueue(t, f, s, () -> {
                if (!java.util.Objects.equals(annotator.get(), me)) {
                    annotator.set(me);
                }
                title.set("Tracejudge — " + name);
                layout.set(l);
                open.set(true);
            });
            if (agreementToo) {
                loadAgreement(p, l);
            }
        } catch (RuntimeException e) {
            Platform.runLater(() -> {
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
        String team = p.meta(org.tracejudge.team.LocalTeam.PERSON);
        return team != null ? team : settings.annotator();
    }

    // ------------------------------------------------------------------------------------ queue

    /** Changes the filter; the queue is re-read in the background. */
    public void setFilter(TraceTable.Filter f) {
        filter.set(f);
        requery();
    }

    public void setSort(TraceTable.Sort s) {
        sort.set(s);
        requery();
    }

    private void requery() {
        TraceTable t = table;
        if (t == null) {
            return;
        }
        TraceTable.Filter f = filter.get();
        TraceTable.Sort s = sort.get();
        loading.set(true);
        status.set("Filtering…");
        worker.submit(() -> {
            try {
                publishQueue(t, f, s, null);
            } catch (RuntimeException e) {
                Platform.runLater(() -> {
                    status.set("Cannot filter: " + e.getMessage());
                    loading.set(false);
                });
            }
        });
    }

    /** On the worker: reads the filter's ids and first page, then swaps the table's items on the FX thread. */
    private void publishQueue(TraceTable t, TraceTable.Filter f, TraceTable.Sort s, Runnable alsoOnFx) {
        if (alsoOnFx != null && publishOpening(t, f, s, alsoOnFx)) {
            return;
        }
        List<String> list = t.ids(f, s);
        List<TraceTable.Row> first = t.rows(list.subList(0, Math.min(PagedRows.PAGE, list.size())));
        long gen;
        synchronized (this) {
            gen = ++generation;
        }
        Platform.runLater(() -> {
            if (gen != generation) {
                return;
            }
            ids = list;
            if (alsoOnFx != null) {
                alsoOnFx.run();
            }
            PagedRows pr = new PagedRows(list.size(), (page, done) -> loadPage(gen, page, done));
            pr.preload(0, first); // the first page is already here
            rows.set(pr);
            total.set(list.size());
            status.set(String.format("%,d traces · %s", list.size(), t.describe(f)));
            loading.set(false);
            opening.set(false);
            current.set(list.isEmpty() ? -1 : 0);
            revisiting = false;
            queueEnd.set("");
            showCurrent();
        });
    }

    /** A page the table asked for before the queue's ids arrived. */
    private record WaitingPage(int page, Consumer<List<TraceTable.Row>> done) {}

    /**
     * Opening, on the worker: the table appears in three steps so that its first rows do not wait for the full,
     * sorted id list (about 0.6 s for 100,000 traces). 1. the columns and as many rows as the queue has (a count),
     * which the FX thread styles and lays out while this thread goes on; 2. the first page (an ORDER BY … LIMIT
     * query), which fills the visible rows and shows the first trace; 3. the id list, which every later page and
     * every move past the first page reads. Returns false when the queue changed between the count and the list
     * (a write came in); the caller then publishes it in one step.
     */
    private boolean publishOpening(TraceTable t, TraceTable.Filter f, TraceTable.Sort s, Runnable alsoOnFx) {
        int n = t.count(f);
        long gen;
        synchronized (this) {
            gen = ++generation;
        }
        List<WaitingPage> waiting = new ArrayList<>(); // FX thread only
        boolean[] idsHere = {false}; // FX thread only
        PagedRows pr = new PagedRows(n, (page, done) -> {
            if (idsHere[0]) {
                loadPage(gen, page, done);
            } else {
                waiting.add(new WaitingPage(page, done));
            }
        });
        Platform.runLater(() -> {
            if (gen != generation) {
                return;
            }
            ids = List.of();
            alsoOnFx.run();
            rows.set(pr);
            total.set(n);
        });
        List<TraceTable.Row> first = t.page(f, s, 0, PagedRows.PAGE);
        List<String> firstIds = first.stream().map(TraceTable.Row::traceId).toList();
        Platform.runLater(() -> {
            if (gen != generation) {
                return;
            }
            if (!idsHere[0]) {
                ids = firstIds; // until the whole list is here: the first page's moves work at once
            }
            pr.preload(0, first);
            status.set(String.format("%,d traces · %s", n, t.describe(f)));
            loading.set(false);
            opening.set(false);
            current.set(n == 0 ? -1 : 0);
            revisiting = false;
            queueEnd.set("");
            showCurrent();
        });
        List<String> list = t.ids(f, s);
        if (list.size() != n) {
            return false;
        }
        Platform.runLater(() -> {
            if (gen != generation) {
                return;
            }
            ids = list;
            idsHere[0] = true;
            for (WaitingPage w : waiting) {
                if (w.page() > 0 || pr.loaded(0) == null) {
                    loadPage(gen, w.page(), w.done());
                }
            }
            waiting.clear();
            if (current.get() >= firstIds.size()) {
                showCurrent(); // moved (or clicked) past the first page while the list was being read
            }
        });
        return true;
    }

    private void loadPage(long gen, int page, Consumer<List<TraceTable.Row>> done) {
        List<String> list = ids;
        TraceTable t = table;
        int from = page * PagedRows.PAGE;
        if (from >= list.size()) {
            return;
        }
        List<String> slice = List.copyOf(list.subList(from, Math.min(list.size(), from + PagedRows.PAGE)));
        worker.submit(() -> {
            List<TraceTable.Row> r;
            try {
                r = t.rows(slice);
            } catch (RuntimeException e) {
                Platform.runLater(() -> status.set("Cannot read rows: " + e.getMessage()));
                return;
            }
            Platform.runLater(() -> {
                if (gen == generation) {
                    done.accept(r);
                }
            });
        });
    }

    /** The trace id at a queue index, or null. */
    public String idAt(int index) {
        List<String> l = ids;
        return index >= 0 && index < l.size() ? l.get(index) : null;
    }

    /** The values a column filter offers, read in the background. */
    public void columnValues(String key, Consumer<List<String>> onFx) {
        TraceTable t = table;
        if (t == null) {
            return;
        }
        worker.submit(() -> {
            List<String> v = t.values(key);
            Platform.runLater(() -> onFx.accept(v));
        });
    }

    // ------------------------------------------------------------------------------------ trace detail

    private void showCurrent() {
        int i = current.get();
        String id = idAt(i);
        if (id == null) {
            detail.set(null);
            return;
        }
        PagedRows pr = rows.get();
        pr.prefetch(i + 1);
        CompletableFuture<TraceDetail> f = detailFuture(id);
        TraceDetail ready = f.getNow(null);
        if (ready != null) {
            detail.set(withCurrentRow(ready, i));
        } else {
            f.whenComplete((d, err) -> Platform.runLater(() -> {
                if (err != null) {
                    status.set("Cannot read the trace: " + err.getMessage());
                    synchronized (details) {
                        details.remove(id);
                    }
                } else if (id.equals(idAt(current.get()))) {
                    detail.set(withCurrentRow(d, current.get()));
                }
            }));
        }
        // pre-load the neighbours so J/K and decisions show them at once
        for (int k : new int[] {i + 1, i + 2, i - 1}) {
            String n = idAt(k);
            if (n != null) {
                detailFuture(n);
            }
        }
    }

    private TraceDetail withCurrentRow(TraceDetail d, int index) {
        TraceTable.Row r = rows.get().loaded(index);
        return r != null && r.traceId().equals(d.traceId()) ? d.withRow(r) : d;
    }

    /** The trace's detail: cached, or read on the detail thread. */
    public CompletableFuture<TraceDetail> detailFuture(String traceId) {
        synchronized (details) {
            CompletableFuture<TraceDetail> f = details.get(traceId);
            if (f != null && !f.isCompletedExceptionally()) {
                return f;
            }
            Project p = project;
            TraceTable t = table;
            CompletableFuture<TraceDetail> nf = CompletableFuture.supplyAsync(() -> readDetail(p, t, traceId), detailWorker);
            details.put(traceId, nf);
            return nf;
        }
    }

    private TraceDetail readDetail(Project p, TraceTable t, String traceId) {
        ProjectQueries q = new ProjectQueries(p);
        Trace trace = q.trace(traceId);
        Task task = q.task(trace.taskId());
        List<ProjectQueries.LabelDetail> labels = q.labels(traceId);
        List<TraceTable.Row> rs = t.rows(List.of(traceId));
        TraceTable.Row row = rs.isEmpty() ? null : rs.get(0);
        RuleVerdict verdict = null;
        String source = null;
        org.tracejudge.calls.CallVerdict calls = null;
        if (task.type() == org.tracejudge.model.TaskType.CALL_LEVEL) {
            calls = org.tracejudge.calls.CallRule.judge(task, trace);
            LabelSet cls = labelSets.get(task.labelSet());
            return new TraceDetail(row, task, trace, labels, q.adjudications(traceId), null, "call-level rule, computed now", "",
                    (cls == null ? LabelSets.forType(task.type()) : cls).labels(), calls);
        }
        for (ProjectQueries.LabelDetail l : labels) {
            if (l.kind() == RaterKind.RULE && l.evidence() != null && "set".equals(l.action())) {
                try {
                    JsonNode ev = Json.read(l.evidence());
                    // the stored text is {"check": ..., <the Evidence's fields>} (EvidenceJson.write): "check" is no
                    // field of Evidence, so unknown fields are skipped, or every stored label fell back to "computed now"
                    Evidence e = Json.MAPPER.readerFor(Evidence.class)
                            .without(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                            .treeToValue(ev, Evidence.class);
                    String check = ev.path("check").asText(l.rationale());
                    verdict = new RuleVerdict(l.value(), check, e);
                    source = "stored label of " + l.raterName();
                    break;
                } catch (Exception ignored) {
                    // older or foreign evidence: compute it below
                }
            }
        }
        if (verdict == null) {
            try {
                verdict = rule.classify(task, trace);
                source = "rule (tolerant), computed now";
            } catch (RuntimeException e) {
                verdict = null;
            }
        }
        String pretty = task.toolReturn() == null ? "" : RuleClassifier.prettyReturn(task);
        LabelSet ls = labelSets.get(task.labelSet());
        if (ls == null) {
            ls = LabelSets.forType(task.type());
        }
        return new TraceDetail(row, task, trace, labels, q.adjudications(traceId), verdict, source, pretty, ls.labels(), calls);
    }

    /** The label Enter accepts: the final label, else the rule's, else none. */
    public String proposed(TraceDetail d) {
        if (d == null) {
            return null;
        }
        TraceTable.Row r = d.row();
        TraceTable.Layout l = layout.get();
        if (r != null) {
            String fin = r.get("final");
            if (fin != null) {
                return fin;
            }
            if (l != null && l.ruleRater() != null && r.get(l.ruleRater()) != null) {
                return r.get(l.ruleRater());
            }
        }
        if (d.calls() != null) {
            return d.calls().label();
        }
        return d.rule() == null ? null : d.rule().label();
    }

    /** Whether machine labels of this trace are hidden (blind mode, not decided by me yet). */
    public boolean hidden(TraceDetail d) {
        if (!blind.get() || d == null) {
            return false;
        }
        if (revealed.contains(d.traceId())) {
            return false;
        }
        String me = annotator.get();
        return d.row() == null || me == null || d.row().get("human:" + me) == null;
    }

    // ------------------------------------------------------------------------------------ review

    /** Moves to queue index {@code i} (clamped). */
    public void go(int i) {
        int n = ids.size();
        if (n == 0) {
            return;
        }
        queueEnd.set("");
        keyTime = System.nanoTime();
        current.set(Math.max(0, Math.min(n - 1, i)));
    }

    /**
     * The next trace; past the last one, the end-of-queue message (which offers the skipped traces). While going
     * back through the skipped traces, the next skipped one.
     */
    public void next() {
        int i = current.get();
        if (revisiting) {
            int k = nextSkippedAfter(i);
            if (k >= 0) {
                go(k);
            } else {
                atEnd();
            }
            return;
        }
        if (!ids.isEmpty() && i >= ids.size() - 1) {
            atEnd();
            return;
        }
        go(i + 1);
    }

    public void previous() {
        go(current.get() - 1);
    }

    /** S: the current trace is left for later (it comes back through {@link #reviewSkipped()}); then the next. */
    public void skip() {
        String id = idAt(current.get());
        if (id != null) {
            skipped.add(id);
            skippedCount.set(skipped.size());
            // a team project records the skip (not a decision) so that the lead's progress view shows it
            Project p = project;
            String me = annotator.get();
            worker.submit(() -> {
                try {
                    if (p.meta(org.tracejudge.team.LocalTeam.HUB) != null) {
                        p.write(c -> {
                            org.tracejudge.team.LocalTeam.recordSkip(c, id, me);
                            return null;
                        });
                        syncTeamNow();
                    }
                } catch (RuntimeException e) {
                    Platform.runLater(() -> status.set("Could not record the skip: " + e.getMessage()));
                }
            });
        }
        next();
    }

    /** Goes back through the skipped traces, in queue order; false when there are none in this queue. */
    public boolean reviewSkipped() {
        revisiting = false;
        int k = nextSkippedAfter(-1);
        if (k < 0) {
            return false;
        }
        revisiting = true;
        go(k);
        return true;
    }

    private int nextSkippedAfter(int index) {
        int best = -1;
        for (String id : skipped) {
            int k = ids.indexOf(id);
            if (k > index && (best < 0 || k < best)) {
                best = k;
            }
        }
        return best;
    }

    private void atEnd() {
        revisiting = false;
        int n = (int) skipped.stream().filter(ids::contains).count();
        queueEnd.set(n == 0 ? "End of the queue: every trace has been seen."
                : "End of the queue. " + n + (n == 1 ? " trace was" : " traces were") + " skipped: review "
                + (n == 1 ? "it" : "them") + " now?");
    }

    /** Non-empty at the end of the queue: what to say (and whether skipped traces are left). */
    public ReadOnlyStringProperty queueEndProperty() {
        return queueEnd.getReadOnlyProperty();
    }

    /** How many traces are skipped and not yet decided. */
    public ReadOnlyIntegerProperty skippedCountProperty() {
        return skippedCount.getReadOnlyProperty();
    }

    /** Accepts the proposed label of the current trace. */
    public boolean accept() {
        TraceDetail d = detail.get();
        if (d == null || hidden(d)) {
            return false;
        }
        if (blind.get() && revealed.contains(d.traceId()) && mine(d) != null) {
            next(); // after a blind decision, Enter moves on
            return true;
        }
        String p = proposed(d);
        return p != null && decide(p, null);
    }

    /** Overrides with label number {@code key} (1-based) of the trace's label set. */
    public boolean overrideWithKey(int key) {
        TraceDetail d = detail.get();
        if (d == null || key < 1 || key > d.labelSet().size()) {
            return false;
        }
        return decide(d.labelSet().get(key - 1), null);
    }

    private String mine(TraceDetail d) {
        String me = annotator.get();
        return me == null || d.row() == null ? null : d.row().get("human:" + me);
    }

    /**
     * Records my decision on the current trace: the row and agreement change at once, the ledger entry is
     * committed in the background; then the queue moves on (in blind mode it stays and reveals).
     */
    public boolean decide(String value, String rationale) {
        TraceDetail d = detail.get();
        String me = annotator.get();
        if (d == null || me == null || value == null) {
            return false;
        }
        keyTime = System.nanoTime();
        int index = current.get();
        boolean wasBlind = hidden(d);
        String before = mine(d);
        String why = rationale;
        if (wasBlind) {
            why = "[blind] " + (why == null ? "" : why);
            why = why.trim();
        }
        Decision dec = new Decision(d.traceId(), index, before, value, why);
        undo.push(dec);
        if (skipped.remove(d.traceId())) {
            skippedCount.set(skipped.size());
        }
        apply(dec, value, why);
        lastDecision.set(me + ": " + value + (wasBlind ? " (blind; machine labels revealed)" : ""));
        if (blind.get()) {
            revealed.add(d.traceId());
            showCurrentFresh();
        } else {
            next();
        }
        return true;
    }

    /** Writes my rationale on the current trace (keeps my label, or the proposed one when I have none). */
    public boolean rationale(String text) {
        TraceDetail d = detail.get();
        if (d == null) {
            return false;
        }
        String value = mine(d) != null ? mine(d) : proposed(d);
        if (value == null || hidden(d) && mine(d) == null) {
            return false;
        }
        keyTime = System.nanoTime();
        Decision dec = new Decision(d.traceId(), current.get(), mine(d), value, text);
        undo.push(dec);
        apply(dec, value, text);
        lastDecision.set(annotator.get() + ": rationale on " + value);
        showCurrentFresh();
        return true;
    }

    /** Undoes my last decision (appends an entry restoring what I had before) and returns to its trace. */
    public boolean undo() {
        Decision dec = undo.poll();
        if (dec == null) {
            return false;
        }
        apply(dec, dec.before(), "undo");
        lastDecision.set("undone: " + dec.after() + (dec.before() == null ? "" : " → " + dec.before()));
        revealed.remove(dec.traceId());
        if (dec.index() != current.get() && dec.traceId().equals(idAt(dec.index()))) {
            go(dec.index());
        } else {
            showCurrentFresh();
        }
        return true;
    }

    public int undoDepth() {
        return undo.size();
    }

    private void showCurrentFresh() {
        TraceDetail d = detail.get();
        if (d != null) {
            detail.set(null);
            detail.set(withCurrentRow(d, current.get()));
        }
    }

    /** Applies my label {@code value} (null: withdraw) on a trace: row, agreement, ledger, detail cache. */
    private void apply(Decision dec, String value, String rationale) {
        if (integrityProblem.get() != null) {
            status.set("Not saved: " + integrityProblem.get());
            return;
        }
        String me = annotator.get();
        String traceId = dec.traceId();
        // 1. the row, at once
        PagedRows pr = rows.get();
        int index = dec.index();
        if (index >= 0 && index < pr.size() && traceId.equals(idAt(index))) {
            PagedRows.RowRef ref = pr.get(index);
            if (ref.row() != null) {
                ref.update(withMine(ref.row(), me, value));
            }
        }
        synchronized (details) {
            CompletableFuture<TraceDetail> f = details.get(traceId);
            TraceDetail old = f == null ? null : f.getNow(null);
            if (old != null && old.row() != null) {
                details.put(traceId, CompletableFuture.completedFuture(old.withRow(withMine(old.row(), me, value))));
            }
        }
        // 2. agreement
        LiveAgreement la = live;
        if (la != null) {
            // on the FX thread, before the next trace is drawn: one label is a count update and the snapshot is
            // O(pairs x labels^2) over the counts (well under a millisecond), so the panel changes in the same
            // frame as the table; only the bootstrap intervals follow later, from their own thread
            la.set(traceId, me, value);
            LiveSnapshot snap = la.snapshot();
            agreement.set(snap);
            followIntervals(la, snap);
        }
        // 3. the ledger: committed in order on the worker; then the detail (history) is re-read
        Project p = project;
        TraceTable t = table;
        worker.submit(() -> {
            try {
                Adjudications.decide(p, traceId, me, value, rationale);
                syncTeamNow(); // a team project sends the decision within seconds
                TraceDetail fresh = readDetail(p, t, traceId);
                synchronized (details) {
                    details.put(traceId, CompletableFuture.completedFuture(fresh));
                }
                Platform.runLater(() -> {
                    TraceDetail shown = detail.get();
                    if (shown != null && shown.traceId().equals(traceId)) {
                        detail.set(withCurrentRow(fresh, current.get()));
                    }
                });
            } catch (RuntimeException e) {
                Platform.runLater(() -> status.set("Could not save the decision: " + e.getMessage()));
            }
        });
    }

    private TraceTable.Row withMine(TraceTable.Row r, String me, String value) {
        Map<String, String> v = new LinkedHashMap<>(r.values());
        v.put("human:" + me, value);
        v.put("final", Consensus.finalLabel(value, r.get("ensemble")));
        if (v.get(TraceTable.ASSIGNED) != null) {
            v.put(TraceTable.ASSIGNED, TraceTable.decided(v.get(TraceTable.ASSIGNED)));
        }
        return new TraceTable.Row(r.traceId(), r.taskId(), r.labelSet(), v);
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

    // ------------------------------------------------------------------------------------ agreement

    /** How long (ms) decisions must pause before the agreement intervals are recomputed. */
    static final long INTERVALS_QUIET_MS = 700;

    private void loadAgreement(Project p, TraceTable.Layout l) {
        LiveAgreement old = live;
        live = null;
        if (old != null) {
            old.close();
        }
        agreementWorker.submit(() -> {
            ProjectQueries q = new ProjectQueries(p);
            LabelTable.Builder b = LabelTable.builder();
            Map<String, String> columns = new LinkedHashMap<>();
            List<String> machine = new ArrayList<>();
            for (TraceTable.Column c : l.raters()) {
                b.addRater(c.title());
                columns.put(c.title(), c.key());
                machine.add(c.title());
            }
            for (TraceTable.Column c : l.humans()) {
                // an annotator is a rater once they have a label (their verdicts add them below; a first
                // decision adds them live): a fresh name with no labels is no rater with missing data
                columns.put(c.title(), c.key());
            }
            q.verdicts(v -> {
                if (v.rater() != null) {
                    b.add(v.traceId(), v.rater(), v.value());
                }
            });
            AgreementOptions opts = AgreementOptions.defaults().withThreads(1)
                    .withFleissRaters(machine.size() >= 2 ? machine : null);
            LiveAgreement la = LiveAgreement.of(b.build(), opts);
            // intervals follow once the annotator pauses: a run on a big project takes a core for a second or two,
            // which on a two-core laptop would slow the next item's drawing
            la.setQuietPeriod(INTERVALS_QUIET_MS);
            live = la;
            Map<String, String> cols = Map.copyOf(columns);
            Platform.runLater(() -> agreementColumns.set(cols));
            publishAgreement(la);
        });
    }

    private void publishAgreement(LiveAgreement la) {
        LiveSnapshot s = la.snapshot();
        Platform.runLater(() -> {
            if (la == live) {
                agreement.set(s);
            }
        });
        followIntervals(la, s);
    }

    /** When {@code s} has stale intervals: publishes the snapshot again once the bootstrap has caught up. */
    private void followIntervals(LiveAgreement la, LiveSnapshot s) {
        if (s.intervalsStale()) {
            la.whenIntervalsFresh().thenAccept(fresh -> {
                LiveSnapshot now = la.snapshot();
                if (now.version() == fresh.version()) {
                    Platform.runLater(() -> {
                        if (la == live) {
                            agreement.set(now);
                        }
                    });
                }
            });
        }
    }

    /** Filters the table to the traces where agreement rater a said {@code la} and b said {@code lb}. */
    /**
     * The table column of an agreement rater: from the agreement's own map, else (an annotator named in this
     * session, whose labels the live agreement took in after it was read) the table's column of that title.
     */
    private String columnOf(String rater) {
        String k = agreementColumns.get().get(rater);
        if (k != null || layout.get() == null) {
            return k;
        }
        for (TraceTable.Column c : layout.get().columns()) {
            if (c.title().equals(rater) && (c.kind() == TraceTable.Kind.HUMAN || c.kind() == TraceTable.Kind.RATER)) {
                return c.key();
            }
        }
        return null;
    }

    public void filterToCell(String raterA, String labelA, String raterB, String labelB) {
        String ka = columnOf(raterA);
        String kb = columnOf(raterB);
        if (ka == null || kb == null) {
            return;
        }
        Map<String, String> eq = new LinkedHashMap<>();
        eq.put(ka, labelA);
        eq.put(kb, labelB);
        setFilter(new TraceTable.Filter(eq, TraceTable.Show.ALL, ""));
    }

    // ------------------------------------------------------------------------------------ import

    /**
     * Imports files into the open project in the background (one transaction), with progress and cancel;
     * on success the project is re-read, on failure {@link #importErrorProperty()} says what and where.
     */
    public void importFiles(List<Path> files) {
        Project p = project;
        if (p == null || importing.get()) {
            return;
        }
        importCancel.set(false);
        importError.set(null);
        importing.set(true);
        importProgress.set(-1);
        importMessage.set("Importing " + files.size() + (files.size() == 1 ? " file…" : " files…"));
        long totalBytes = files.stream().mapToLong(f -> {
            try {
                return java.nio.file.Files.size(f);
            } catch (java.io.IOException e) {
                return 0;
            }
        }).sum();
        Map<Path, Long> read = new java.util.concurrent.ConcurrentHashMap<>();
        long[] lastPost = {0};
        ImportListener listener = new ImportListener() {
            @Override
            public void progress(Path file, long done, long all) {
                read.put(file, done);
                post();
            }

            @Override
            public void written(long n) {
                post();
            }

            private void post() {
                long now = System.nanoTime();
                synchronized (lastPost) {
                    if (now - lastPost[0] < 50_000_000L) {
                        return;
                    }
                    lastPost[0] = now;
                }
                long done = read.values().stream().mapToLong(Long::longValue).sum();
                double frac = totalBytes <= 0 ? -1 : Math.min(1.0, (double) done / totalBytes);
                Platform.runLater(() -> importProgress.set(frac));
            }

            @Override
            public boolean cancelled() {
                return importCancel.get();
            }
        };
        worker.submit(() -> {
            try {
                ImportReport r = new Importer(p, listener).importFiles(files, null, null);
                // per file: what it brought in (new / already there), never the report object's name
                String text = r.files().size() == 1 ? r.summary()
                        : String.format("%d files, %,d traces and %,d labels new%n%s", r.files().size(), r.tracesNew(),
                                r.labelsNew(), r.summary());
                Platform.runLater(() -> {
                    importing.set(false);
                    importProgress.set(1);
                    importMessage.set("Imported: " + text);
                });
                synchronized (details) {
                    details.clear();
                }
                reloadOnWorker(p, TraceTable.Filter.NONE, TraceTable.Sort.DEFAULT, true);
                Platform.runLater(() -> {
                    filter.set(TraceTable.Filter.NONE);
                    sort.set(TraceTable.Sort.DEFAULT);
                });
            } catch (ImportCancelledException e) {
                Platform.runLater(() -> {
                    importing.set(false);
                    importMessage.set("Import cancelled; the project is unchanged.");
                });
            } catch (ImportException e) {
                ImportError err = new ImportError(e.getMessage(), e.file(), e.line());
                Platform.runLater(() -> {
                    importing.set(false);
                    importMessage.set("Import failed; the project is unchanged.");
                    importError.set(err);
                });
            } catch (RuntimeException e) {
                ImportError err = new ImportError(String.valueOf(e.getMessage()), null, -1);
                Platform.runLater(() -> {
                    importing.set(false);
                    importMessage.set("Import failed; the project is unchanged.");
                    importError.set(err);
                });
            }
        });
    }

    public void cancelImport() {
        importCancel.set(true);
    }

    /**
     * File ▸ Classify…: runs the rule classifier (and the tool-selection and call-level rules) over the open project
     * on the project thread, with progress and cancel in the import pane; the ledger takes the labels in one
     * transaction (a cancel rolls it back: the project is unchanged); then the table and agreement are re-read.
     */
    public void classify(RuleClassifier.Mode mode) {
        Project p = project;
        if (p == null || importing.get()) {
            return;
        }
        importCancel.set(false);
        importError.set(null);
        importing.set(true);
        importProgress.set(-1);
        importMessage.set("Classifying with the rule (" + mode.code() + ")…");
        worker.submit(() -> {
            try {
                org.tracejudge.classify.RuleLabeller.Result r = org.tracejudge.classify.RuleLabeller.classify(p, mode,
                        (done, of) -> {
                            if (importCancel.get()) {
                                throw new java.util.concurrent.CancellationException();
                            }
                            Platform.runLater(() -> importProgress.set(of == 0 ? -1 : (double) done / of));
                        });
                org.tracejudge.classify.SelectionLabeller.Result sr = org.tracejudge.classify.SelectionLabeller.classify(p);
                org.tracejudge.classify.CallLabeller.Result calls = org.tracejudge.classify.CallLabeller.classify(p, r.rater());
                StringBuilder text = new StringBuilder(String.format("Classified %,d traces as rater '%s' (%s mode): ",
                        r.traces() - r.runErrors(), r.rater(), mode.code()));
                List<String> parts = new ArrayList<>(); // per task type: its labels with counts
                r.counts().forEach((type, m) -> {
                    List<String> labels = new ArrayList<>();
                    m.forEach((label, c) -> labels.add(label + " " + c));
                    parts.add(type + ": " + String.join(", ", labels));
                });
                text.append(String.join("; ", parts)).append("\nledger: ").append(r.written()).append(" entries appended");
                if (r.runErrors() > 0) {
                    text.append("; ").append(r.runErrors()).append(" not classified (the run failed at the provider)");
                }
                if (sr.traces() > 0) {
                    text.append(String.format("%n%,d tool-selection traces as rater 'rule'", sr.traces() - sr.noScenario()));
                    if (sr.noScenario() > 0) {
                        text.append("; ").append(sr.noScenario()).append(" not classified (their scenario's tools unknown)");
                    }
                }
                if (calls.traces() > 0) {
                    text.append(String.format("%n%,d call-level traces", calls.traces()));
                }
                String done = text.toString();
                synchronized (details) {
                    details.clear(); // the trace view shows the stored rule label and its evidence now
                }
                Platform.runLater(() -> {
                    importing.set(false);
                    importProgress.set(1);
                    importMessage.set(done);
                });
                reloadOnWorker(p, filter.get(), sort.get(), true);
            } catch (java.util.concurrent.CancellationException e) {
                Platform.runLater(() -> {
                    importing.set(false);
                    importMessage.set("Classify cancelled; the project is unchanged.");
                });
            } catch (RuntimeException e) {
                ImportError err = new ImportError("Classify failed; the project is unchanged: " + e.getMessage(), null, -1);
                Platform.runLater(() -> {
                    importing.set(false);
                    importMessage.set("Classify failed; the project is unchanged.");
                    importError.set(err);
                });
            }
        });
    }

    /**
     * File ▸ Export…: writes the project as JSONL (the CLI's export) on the project thread into a file beside
     * {@code out}, moved into place at the end; a cancel leaves {@code out} as it was.
     */
    public void export(Path out) {
        Project p = project;
        if (p == null || importing.get()) {
            return;
        }
        importCancel.set(false);
        importError.set(null);
        importing.set(true);
        importProgress.set(-1);
        importMessage.set("Exporting to " + out.getFileName() + "…");
        worker.submit(() -> {
            Path tmp = out.toAbsolutePath().resolveSibling(out.getFileName() + ".exporting");
            try {
                org.tracejudge.export.JsonlExporter.Summary s = org.tracejudge.export.JsonlExporter.export(p, tmp);
                if (importCancel.get()) {
                    java.nio.file.Files.deleteIfExists(tmp);
                    Platform.runLater(() -> {
                        importing.set(false);
                        importMessage.set("Export cancelled; " + out.getFileName() + " was not written.");
                    });
                    return;
                }
                java.nio.file.Files.move(tmp, out, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                String text = String.format("Exported %,d tasks, %,d traces, %,d label entries, %,d adjudications to %s",
                        s.tasks(), s.traces(), s.labels(), s.adjudications(), out);
                Platform.runLater(() -> {
                    importing.set(false);
                    importProgress.set(1);
                    importMessage.set(text);
                });
            } catch (java.io.IOException | RuntimeException e) {
                try {
                    java.nio.file.Files.deleteIfExists(tmp);
                } catch (java.io.IOException ignored) {
                    // the partial file is harmless
                }
                ImportError err = new ImportError(String.valueOf(e.getMessage()), out.toString(), -1);
                Platform.runLater(() -> {
                    importing.set(false);
                    importMessage.set("Export failed; nothing was written.");
                    importError.set(err);
                });
            }
        });
    }

    /** Runs {@code r} on the FX thread after every task queued so far on the worker (tests, bench). */
    public void afterPendingWork(Runnable r) {
        worker.submit(() -> Platform.runLater(r));
    }

    @Override
    public void close() {
        org.tracejudge.team.AutoSync ts = teamSync;
        teamSync = null;
        if (ts != null) {
            ts.close();
        }
        LiveAgreement la = live;
        if (la != null) {
            la.close();
        }
        worker.submit(() -> {
            if (project != null) {
                project.close();
            }
        });
        worker.shutdown();
        detailWorker.shutdown();
        agreementWorker.shutdown();
    }
}
