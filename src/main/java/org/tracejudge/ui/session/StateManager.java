package org.tracejudge.ui.session;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
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
import org.tracejudge.settings.Settings;
import org.tracejudge.store.Project;
import org.tracejudge.store.TraceTable;
import org.tracejudge.team.LocalTeam;
import org.tracejudge.ui.session.Session.Listener;
import org.tracejudge.ui.session.Session.Read;

/**
 * What the workbench holds of the open project: the project and its table reader, its label sets, who works on it and
 * which of its traces are safety items, and the properties the window and the view models bind (title, status line,
 * loading, open, opening, columns, filter, sort, annotator, blind mode, integrity problem). It reads the project for
 * the view models ({@link #readOnWorker}) and tells them, in the order they were added, through
 * {@link Session.Listener}. The properties are set on the FX thread; the project fields are read on any thread.
 */
public final class StateManager {
    private final Settings settings;
    /** The FX thread (Platform::runLater), or the thread a test gives. */
    private final java.util.concurrent.Executor fx;

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

    /**
     * The state of a workbench with {@code settings} (the annotator and blind mode start from them; blind mode is
     * kept there), whose errors of reading reach {@code fx}.
     */
    public StateManager(Settings settings, java.util.concurrent.Executor fx) {
        this.settings = settings;
        this.fx = fx;
        annotator.set(settings.annotator());
        blind.set(settings.flag("blind"));
        blind.addListener((o, a, b) -> settings.setFlag("blind", b));
    }

    /** Adds a view model that takes part in reading the project (listeners hear in the order added). */
    public void addListener(Listener l) {
        listeners.add(l);
    }

    /** FX thread: another project is being opened; the listeners forget the last one (in the order added). */
    void tellOpened() {
        listeners.forEach(Listener::opened);
    }

    /** Project thread: the project's content changed (import, classify): the view models drop cached reads. */
    public void contentChanged() {
        listeners.forEach(Listener::contentChanged);
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

    /** FX thread: a project is being opened (true), or its first rows are shown or opening failed (false). */
    void setOpening(boolean b) {
        opening.set(b);
    }

    /** FX thread: whether a project is open (false while another is being opened). */
    void setOpen(boolean b) {
        open.set(b);
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

    /** The current filter (any thread; it is set on the FX thread). */
    TraceTable.Filter filter() {
        return filter.get();
    }

    /** The current sort (any thread; it is set on the FX thread). */
    TraceTable.Sort sort() {
        return sort.get();
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

    /** FX thread: what the full integrity check found wrong (null: nothing, or not checked yet). */
    void setIntegrityProblem(String problem) {
        integrityProblem.set(problem);
    }

    /** The open project (null before one is open); read and write it only on {@link TaskExecutor#submit project thread}. */
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

    /** Project thread: {@code p} is the open project now; returns the one it replaces (null: none). */
    Project replaceProject(Project p) {
        Project old = project;
        project = p;
        return old;
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
}
