package org.tracejudge.ensemble;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.tracejudge.json.Json;
import org.tracejudge.model.TaskType;
import org.tracejudge.store.BenchmarkRows;
import org.tracejudge.store.CurrentLabels;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectException;
import org.tracejudge.store.ProjectQueries;

/**
 * Every label source of a project's tool-required and control traces, as columns over one trace axis: each
 * rater's current label (only labels of the task's label set count; anything else, a null verdict or a withdrawal
 * is no label), and, when judges are chosen, the {@value #ENSEMBLE} and {@value #FINAL} labels. Loaded with three
 * queries; label strings are interned per source so columns are cheap to count.
 */
public final class LabelSources {
    public static final String ENSEMBLE = "ensemble";
    public static final String FINAL = "final";
    /** A person's decisions (their current adjudication of each trace) as a source: {@code annotator:NAME}. */
    public static final String ANNOTATOR = "annotator:";

    private final String[] traceIds;
    private final List<String> models;
    private final int[] model;
    private final TaskType[] type;
    private final Map<String, String[]> columns;
    private final JudgeChoice judges;
    private final Map<Ensemble.Status, Integer> ensembleStatus;
    private final int invalidLabels;

    private LabelSources(
            String[] traceIds,
            List<String> models,
            int[] model,
            TaskType[] type,
            Map<String, String[]> columns,
            JudgeChoice judges,
            Map<Ensemble.Status, Integer> ensembleStatus,
            int invalidLabels) {
        this.traceIds = traceIds;
        this.models = models;
        this.model = model;
        this.type = type;
        this.columns = columns;
        this.judges = judges;
        this.ensembleStatus = ensembleStatus;
        this.invalidLabels = invalidLabels;
    }

    /** Builds sources from arrays (tests, other front ends); {@code columns} in display order. */
    public static LabelSources of(
            String[] traceIds, List<String> models, int[] model, TaskType[] type, Map<String, String[]> columns) {
        return new LabelSources(
                traceIds, List.copyOf(models), model, type, new LinkedHashMap<>(columns), null, Map.of(), 0);
    }

    public int size() {
        return traceIds.length;
    }

    public String traceId(int i) {
        return traceIds[i];
    }

    /** Model names, sorted; {@link #model(int)} indexes into this list. */
    public List<String> models() {
        return models;
    }

    public int model(int i) {
        return model[i];
    }

    public TaskType type(int i) {
        return type[i];
    }

    /** Source names in display order: raters (as in the labels table), then ensemble and final when present. */
    public List<String> sourceNames() {
        return List.copyOf(columns.keySet());
    }

    public boolean has(String source) {
        return columns.containsKey(source);
    }

    /** A source's label per trace (null = none); do not modify. */
    public String[] labels(String source) {
        String[] c = columns.get(source);
        if (c == null) {
            throw new ProjectException(
                    "no label source '" + source + "'; sources: " + String.join(", ", columns.keySet()));
        }
        return c;
    }

    /** The judges behind the ensemble, null when the ensemble was not computed. */
    public JudgeChoice judges() {
        return judges;
    }

    /** How many traces are decided, pending, or lack a rule label (empty when no ensemble). */
    public Map<Ensemble.Status, Integer> ensembleStatus() {
        return ensembleStatus;
    }

    /** Current labels ignored because they are not in their task's label set. */
    public int invalidLabels() {
        return invalidLabels;
    }

    /**
     * Whether the raters' current labels are read from schema 16's summary of current labels when the file has it;
     * false: from the ledger (tests compare the two).
     */
    static volatile boolean fromSummary = true;

    /** Loads every rater's labels; with {@code judges} not null, also the ensemble and final columns. */
    public static LabelSources load(Project project, JudgeChoice judges) {
        return load(project, judges, null);
    }

    /**
     * Loads the columns of {@code only} (rater columns, {@value #ENSEMBLE}, {@value #FINAL}; null = all): a single
     * source reads only its rater's part of the ledger. The ensemble and final columns need {@code judges}.
     */
    public static LabelSources load(Project project, JudgeChoice judges, java.util.Collection<String> only) {
        List<ProjectQueries.RaterSummary> raters = new ArrayList<>(JudgeChoice.raters(project));
        boolean ensemble = judges != null && (only == null || only.contains(ENSEMBLE) || only.contains(FINAL));
        if (only != null) {
            Set<String> keep = new HashSet<>(only);
            if (ensemble) {
                keep.add(judges.rule().column());
                keep.addAll(judges.judgeColumns());
            }
            raters.removeIf(r -> !keep.contains(r.column()));
        }
        JudgeChoice effective = ensemble ? judges : null;
        // each trace's current labels from schema 16's summary (or, in an older file, one grouped walk of
        // label_current_idx: store.CurrentLabels), on a connection of its own while this one reads the traces
        List<String> raterIds = new ArrayList<>();
        for (ProjectQueries.RaterSummary r : raters) {
            raterIds.add(r.id());
        }
        java.util.concurrent.CompletableFuture<Walked> walked = project.readInParallel(c -> {
            Walked w = new Walked(raterIds.size());
            if (fromSummary && CurrentLabels.summarised(c)) {
                CurrentLabels.fromSummaryByRowid(c, raterIds, w::add);
            } else {
                CurrentLabels.byTrace(c, raterIds, false, (trace, values, rowids) -> w.add(trace, values));
            }
            return w;
        });
        return project.read(c -> {
            Map<String, Set<String>> labelSets = new HashMap<>();
            BenchmarkRows.labelSets(c).forEach((name, labels) -> {
                Set<String> ls = new HashSet<>();
                Json.read(labels).forEach(x -> ls.add(x.asText()));
                labelSets.put(name, ls);
            });
            // read in the covering index's order and put in (model, task, run) order here: SQLite's sort of a million
            // rows took about a second, a sort of packed ranks takes a tenth of that
            // the tasks first (a few thousand), so each trace row carries only its task's rowid
            Map<Long, TaskRow> tasks = new HashMap<>();
            BenchmarkRows.tasks(
                    c,
                    (rowid, key, typeCode, labelSet) -> tasks.put(
                            rowid,
                            new TaskRow(key, TaskType.fromCode(typeCode), labelSets.getOrDefault(labelSet, Set.of()))));
            List<String> readIds = new ArrayList<>();
            long[][] readRowids = {new long[1024]};
            List<String> readModels = new ArrayList<>();
            List<String> readRuns = new ArrayList<>();
            List<TaskRow> readTasks = new ArrayList<>();
            Map<String, String> names = new HashMap<>();
            BenchmarkRows.traces(c, (traceId, model, taskRowid, run, traceRowid) -> {
                if (readIds.size() == readRowids[0].length) {
                    readRowids[0] = java.util.Arrays.copyOf(readRowids[0], readRowids[0].length * 2);
                }
                readRowids[0][readIds.size()] = traceRowid;
                readIds.add(traceId);
                readModels.add(names.computeIfAbsent(model, k -> k));
                readTasks.add(tasks.get(taskRowid));
                readRuns.add(names.computeIfAbsent(run, k -> k));
            });
            int n = readIds.size();
            List<String> readTaskKeys = new ArrayList<>(n);
            for (TaskRow t : readTasks) {
                readTaskKeys.add(t.key());
            }
            int[] order = TraceOrder.of(readModels, readTaskKeys, readRuns);
            List<String> ids = new ArrayList<>(n);
            long[] rowids = new long[n];
            List<String> modelOf = new ArrayList<>(n);
            List<TaskType> types = new ArrayList<>(n);
            List<Set<String>> allowed = new ArrayList<>(n);
            for (int at : order) {
                rowids[ids.size()] = readRowids[0][at];
                ids.add(readIds.get(at));
                modelOf.add(readModels.get(at));
                types.add(readTasks.get(at).type());
                allowed.add(readTasks.get(at).allowed());
            }
            // where each trace sits: by rowid for the walk's labels; by id for the decisions (ensemble and final, a
            // person's column), made only when a decision is read (a million ids: about half a second)
            Positions[] byId = {null};
            java.util.function.Supplier<Positions> index = () -> {
                if (byId[0] == null) {
                    byId[0] = new Positions(ids);
                }
                return byId[0];
            };
            List<String> models = new ArrayList<>(new TreeMap<String, Boolean>(toMap(modelOf)).keySet());
            Map<String, Integer> modelIndex = new HashMap<>();
            for (int i = 0; i < models.size(); i++) {
                modelIndex.put(models.get(i), i);
            }
            int[] model = new int[n];
            for (int i = 0; i < n; i++) {
                model[i] = modelIndex.get(modelOf.get(i));
            }
            Map<String, String[]> columns = new LinkedHashMap<>();
            for (ProjectQueries.RaterSummary r : raters) {
                columns.put(r.column(), new String[n]);
            }
            Map<String, String> intern = new HashMap<>();
            int invalid = 0;
            List<String[]> raterColumns = new ArrayList<>();
            for (ProjectQueries.RaterSummary r : raters) {
                raterColumns.add(columns.get(r.column()));
            }
            int nr = raterColumns.size();
            String[] newestValue = inTraceOrder(Project.join(walked), index, rowids, n, nr);
            for (int i = 0; i < n; i++) {
                for (int r = 0; r < nr; r++) {
                    String v = newestValue[i * nr + r];
                    if (v == null) {
                        continue;
                    }
                    if (allowed.get(i).contains(v)) {
                        raterColumns.get(r)[i] = v;
                    } else {
                        invalid++;
                    }
                }
            }
            if (only != null) {
                for (String o : only) {
                    if (o.startsWith(ANNOTATOR)) {
                        columns.put(o, annotatorColumn(c, o.substring(ANNOTATOR.length()), index, allowed, intern, n));
                    }
                }
            }
            Map<Ensemble.Status, Integer> status = new EnumMap<>(Ensemble.Status.class);
            if (effective != null) {
                String[] adjudicated = new String[n];
                BenchmarkRows.currentDecisions(c, (traceId, action, value) -> {
                    int i = index.get().of(traceId);
                    if (i >= 0 && allowed.get(i).contains(value)) {
                        adjudicated[i] = intern.computeIfAbsent(value, k -> k);
                    }
                });
                String[] rule = columns.get(effective.rule().column());
                String[] a = columns.get(effective.judgeA().column());
                String[] b = columns.get(effective.judgeB().column());
                String[] ens = new String[n];
                String[] fin = new String[n];
                for (Ensemble.Status st : Ensemble.Status.values()) {
                    status.put(st, 0);
                }
                for (int i = 0; i < n; i++) {
                    Ensemble.Vote v = Ensemble.vote(rule[i], a[i], b[i]);
                    status.merge(v.status(), 1, Integer::sum);
                    ens[i] = v.label();
                    fin[i] = Ensemble.finalLabel(adjudicated[i], v);
                }
                columns.put(ENSEMBLE, ens);
                columns.put(FINAL, fin);
            }
            return new LabelSources(
                    ids.toArray(new String[0]),
                    Collections.unmodifiableList(models),
                    model,
                    types.toArray(new TaskType[0]),
                    columns,
                    effective,
                    status,
                    invalid);
        });
    }

    /** A task's key, type and label set, as the trace rows need them. */
    private record TaskRow(String key, TaskType type, Set<String> allowed) {}

    /**
     * The walk's traces (in trace-id order), each by id (the ledger walk of an older file) or by its row's rowid (the
     * summary), and their raters' values, {@code nr} per trace.
     */
    private static final class Walked {
        final int nr;
        final List<String> traces = new ArrayList<>();
        long[] rowids = new long[0];
        int size;
        String[] values = new String[1024];

        Walked(int nr) {
            this.nr = nr;
        }

        void add(String trace, String[] v) {
            append(v);
            traces.add(trace);
        }

        void add(long rowid, String[] v) {
            if (size == rowids.length) {
                rowids = java.util.Arrays.copyOf(rowids, Math.max(1024, rowids.length * 2));
            }
            rowids[size] = rowid;
            append(v);
        }

        private void append(String[] v) {
            int at = size * nr;
            if (at + nr > values.length) {
                values = java.util.Arrays.copyOf(values, Math.max(values.length * 2, at + nr));
            }
            System.arraycopy(v, 0, values, at, nr);
            size++;
        }
    }

    /** Each rater's current value per trace, {@code nr} per trace in the order of {@code index}'s positions. */
    private static String[] inTraceOrder(
            Walked w, java.util.function.Supplier<Positions> index, long[] rowids, int n, int nr) {
        String[] out = new String[n * Math.max(1, nr)];
        if (!w.traces.isEmpty()) {
            for (int k = 0; k < w.traces.size(); k++) {
                int i = index.get().of(w.traces.get(k));
                if (i >= 0) {
                    System.arraycopy(w.values, k * nr, out, i * nr, nr);
                }
            }
            return out;
        }
        RowidPositions at = new RowidPositions(rowids);
        for (int k = 0; k < w.size; k++) {
            int i = at.of(w.rowids[k]);
            if (i >= 0) {
                System.arraycopy(w.values, k * nr, out, i * nr, nr);
            }
        }
        return out;
    }

    /** One person's current decision per trace (their newest adjudication entry; a withdrawal leaves none). */
    private static String[] annotatorColumn(
            java.sql.Connection c,
            String who,
            java.util.function.Supplier<Positions> index,
            List<Set<String>> allowed,
            Map<String, String> intern,
            int n)
            throws java.sql.SQLException {
        String[] col = new String[n];
        int found = BenchmarkRows.newestOf(c, who, (traceId, action, value) -> {
            int i = index.get().of(traceId);
            if (i >= 0 && "set".equals(action) && allowed.get(i).contains(value)) {
                col[i] = intern.computeIfAbsent(value, k -> k);
            }
        });
        if (found == 0) {
            List<String> people = BenchmarkRows.annotators(c);
            throw new org.tracejudge.store.ProjectException("no decisions by annotator '" + who + "' in this project"
                    + (people.isEmpty()
                            ? " (nobody has decided a trace yet)"
                            : "; annotators: " + String.join(", ", people)));
        }
        return col;
    }

    private static Map<String, Boolean> toMap(List<String> xs) {
        Map<String, Boolean> m = new HashMap<>();
        xs.forEach(x -> m.put(x, Boolean.TRUE));
        return m;
    }
}
