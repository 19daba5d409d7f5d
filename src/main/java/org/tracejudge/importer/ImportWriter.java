package org.tracejudge.importer;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.tracejudge.json.Json;
import org.tracejudge.model.Ids;
import org.tracejudge.model.LabelSet;
import org.tracejudge.store.ImportRows;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.OtlpRuns;
import org.tracejudge.store.Timestamps;

/**
 * Stores what readers produce, inside the import's single transaction. Everything is insert-or-ignore
 * by id, so importing something twice adds nothing the second time.
 *
 * <p>Over 600 lines: the trace and label batches, their flush and the checks of a changed trace or a ledger entry
 * read the same caches of one transaction. Tasks ({@link ImportTasks}), answers and scores ({@link ImportAnswers})
 * and OTLP run completion ({@link OtlpRunCompletion}) are out, the caches they share passed in.
 */
final class ImportWriter {
    private static final int BATCH = 512;

    private final Connection c;
    /** The import's statements, prepared once (the trace and label inserts sent in batches). */
    private final ImportRows rows;

    /** The tasks and their toolsets, with a task's versions (see {@link ImportTasks}). */
    private final ImportTasks tasks;

    /** Scores waiting for their traces' batch to be written: {@link #flush} writes them (see {@link ImportAnswers}). */
    private final List<ImportAnswers.PendingScore> pendingScores = new ArrayList<>();
    /** Scheme versions, answers and scores. */
    private final ImportAnswers answers;

    private final Set<String> raterIds = new HashSet<>();
    private final Set<String> newTraces = new HashSet<>();
    private final Map<String, String> lastLabel = new HashMap<>();
    private final Map<String, LabelSet> labelSets = new HashMap<>();
    private final Map<String, Map<String, List<String[]>>> tracesByModel = new HashMap<>();
    private final List<Records.TraceRec> traceBatch = new ArrayList<>();
    private final List<String> traceBatchSource = new ArrayList<>();
    private final List<Records.LabelRec> labelBatch = new ArrayList<>();
    private final List<ImportReport.FileCounts> labelBatchCounts = new ArrayList<>();
    private final List<ImportReport.FileCounts> traceBatchCounts = new ArrayList<>();
    private long written;
    /** Content of each trace this import has met (its first copy), to refuse a second copy that differs. */
    /**
     * A fingerprint of every trace written by this import (not the record: a multi-GB file's turns would stay in
     * memory), to tell a trace given twice with the same content from one given twice with different content.
     */
    private final Map<String, Fingerprint> importedTraces = new HashMap<>();

    record Fingerprint(String taskId, long answer, long calls, long turns, long extra) {
        static Fingerprint of(Records.TraceRec r) {
            return new Fingerprint(r.taskId(), h64(r.answer()), h64(r.toolCalls()), h64(r.turns()), h64(r.extra()));
        }

        /** Which parts differ, or null when none does. */
        String differences(Fingerprint o) {
            List<String> d = new ArrayList<>();
            if (!java.util.Objects.equals(taskId, o.taskId)) {
                d.add("task");
            }
            if (answer != o.answer) {
                d.add("answer");
            }
            if (calls != o.calls) {
                d.add("tool calls");
            }
            if (turns != o.turns) {
                d.add("turns");
            }
            if (extra != o.extra) {
                d.add("other fields");
            }
            return d.isEmpty() ? null : String.join(", ", d);
        }
    }

    /** 64-bit FNV-1a over the chars, with the length mixed in (null and "" differ). */
    static long h64(String s) {
        if (s == null) {
            return 0x9E3779B97F4A7C15L;
        }
        long h = 0xcbf29ce484222325L ^ s.length();
        for (int i = 0, n = s.length(); i < n; i++) {
            h ^= s.charAt(i);
            h *= 0x100000001b3L;
        }
        return h;
    }
    /** Source id to the file it came from, for messages. */
    private final Map<String, Path> sourceFiles = new HashMap<>();
    /** Each source's format code: an edited task is refused (or replaced) only from a results file. */
    private final Map<String, String> sourceFormats = new HashMap<>();
    /** Results files' edited tasks (refused, or with --replace replacing the project's). */
    private final EditedTasks editedTasks;
    /** Traces this import replaced (--replace): their earlier labels were withdrawn. */
    private final Set<String> replacedTraces = new HashSet<>();

    private boolean replace;
    private int replaced;

    ImportWriter(Connection c) throws SQLException {
        this.c = c;
        this.editedTasks = new EditedTasks(c);
        this.rows = new ImportRows(c);
        this.tasks = new ImportTasks(rows, editedTasks, sourceFiles, sourceFormats);
        this.answers = new ImportAnswers(c, rows, pendingScores);
        this.runs = new OtlpRunCompletion(
                new OtlpRuns(c), rows, tasks, sourceFiles, runBatch, runBatchCounts, new OtlpRunCompletion.Writes() {
                    @Override
                    public void flush() throws SQLException {
                        ImportWriter.this.flush();
                    }

                    @Override
                    public int replaceTrace(Records.TraceRec t, String sourceId, String why) throws SQLException {
                        return ImportWriter.this.replaceTrace(t, sourceId, why);
                    }
                });
        labelSets.putAll(rows.labelSets());
    }

    long written() {
        return written;
    }

    /** With {@code true}, a trace already in the project with other content is replaced (see {@link #replaceTrace}). */
    void replaceChanged(boolean on) {
        this.replace = on;
        tasks.replace(on);
    }

    private Provenance provenance;

    /** For merge: ledger entries checked for whose they are (null: not checked). */
    void provenance(Provenance p) {
        this.provenance = p;
        answers.provenance(p);
    }

    private LabelSet traceLabelSet(String traceId) throws SQLException {
        ImportRows.TraceSet t = rows.traceLabelSet(traceId);
        return t != null && t.labelSet() != null ? labelSets.get(t.labelSet()) : null;
    }

    int replaced() {
        return replaced;
    }

    /** Sources whose row this import made at their first records ({@link #sourceFile}), to be completed by {@link #source}. */
    private final Set<String> sourcesStarted = new HashSet<>();

    /**
     * A file's first records are about to be written: its import_source row goes in first (sha256 and row count to
     * follow in {@link #source}), unless the project has it already. A trace names its source under a deferred foreign
     * key: when the source row came after the file's traces, SQLite looked for the traces that now had their parent
     * by scanning the whole trace table (no index on source_id), once per file: the import grew with the square of
     * the files (1,000 files of 1,000 traces: most of the import's time).
     */
    void sourceFile(String sourceId, Path file, String format, String rater) throws SQLException {
        sourceFiles.put(sourceId, file);
        sourceFormats.put(sourceId, format);
        if (rows.startSource(sourceId, file.getFileName().toString(), format, rater)) {
            sourcesStarted.add(sourceId);
        }
    }

    void source(String id, Path file, String sha256, String format, String rater, int rows) throws SQLException {
        if (sourcesStarted.remove(id)) {
            // the row this import began: completed with what the finished file gives (as the insert below would)
            this.rows.completeSource(id, file.getFileName().toString(), sha256, format, rater, rows);
            return;
        }
        this.rows.addSource(id, file.getFileName().toString(), sha256, format, rater, rows);
    }

    void accept(Records.Rec rec, String sourceId, ImportReport.FileCounts counts) throws SQLException {
        accept(rec, sourceId, counts, null);
    }

    /** As {@link #accept(Records.Rec, String, ImportReport.FileCounts)}, a trace's fingerprint computed already. */
    void accept(Records.Rec rec, String sourceId, ImportReport.FileCounts counts, Fingerprint fingerprint)
            throws SQLException {
        written++;
        if (rec instanceof Records.LabelSetRec r) {
            labelSet(r);
        } else if (rec instanceof Records.ToolsetRec r) {
            tasks.toolset(r.id(), r.toolsJson());
        } else if (rec instanceof Records.TaskRec r) {
            tasks.task(r, sourceId, counts);
        } else if (rec instanceof Records.TaskRef r) {
            tasks.taskRef(r.id(), counts);
        } else if (rec instanceof Records.TraceRec t) {
            Records.TraceRec r = editedTasks.remap(t);
            Fingerprint fp = fingerprint != null ? fingerprint : Fingerprint.of(r);
            Fingerprint first = importedTraces.putIfAbsent(r.id(), fp);
            if (first != null) {
                String diff = first.differences(fp);
                if (diff != null) {
                    throw new ImportException(
                            sourceFiles.get(sourceId),
                            -1,
                            null,
                            "the same trace twice with different " + "content in one import: " + describe(r) + " ("
                                    + diff + " differ); expected each trace once");
                }
                counts.tracesSeen++;
                return;
            }
            traceBatch.add(r);
            traceBatchSource.add(sourceId);
            traceBatchCounts.add(counts);
            if (traceBatch.size() >= BATCH) {
                flush();
            }
        } else if (rec instanceof Records.RaterRec r) {
            rater(r);
        } else if (rec instanceof Records.LabelRec r) {
            labelBatch.add(editedTasks.remap(r));
            labelBatchCounts.add(counts);
            if (labelBatch.size() >= BATCH) {
                flush();
            }
        } else if (rec instanceof Records.JudgeRec r) {
            judge(r, counts);
        } else if (rec instanceof Records.AdjudicationRec r) {
            adjudication(r, counts);
        } else if (rec instanceof Records.CommentRec r) {
            comment(r, counts);
        } else if (rec instanceof Records.SchemeRec r) {
            scheme(r, counts);
        } else if (rec instanceof Records.AnswerRec r) {
            answer(r, counts);
        } else if (rec instanceof Records.ScoreRec r) {
            score(r, counts);
        } else if (rec instanceof Records.JudgeConfigRec r) {
            judgeConfig(r, counts);
        } else if (rec instanceof Records.JudgeCallRec r) {
            judgeCall(r, counts);
        } else if (rec instanceof Records.StatsRec r && counts != null) {
            counts.add(r);
        } else if (rec instanceof Records.OtlpRunRec r) {
            runBatch.add(r);
            runBatchCounts.add(counts);
        } else if (rec instanceof Records.LateLogsRec r) {
            runs.late(r, sourceId, counts);
        }
    }

    // ---- OTLP runs kept open until their log records come (otlp_run, schema 15): see OtlpRunCompletion

    /** Runs handed on since the last flush: kept, updated or forgotten after their traces are written. */
    private final List<Records.OtlpRunRec> runBatch = new ArrayList<>();

    private final List<ImportReport.FileCounts> runBatchCounts = new ArrayList<>();
    /** The project's open runs and the late log records that complete them. */
    private final OtlpRunCompletion runs;

    private void writeRuns() throws SQLException {
        runs.writeRuns();
    }

    /** At the end of the import: late message log records complete the project's open runs (see {@link OtlpRunCompletion}). */
    void completeStoredRuns() throws SQLException {
        runs.completeStoredRuns();
    }

    private void labelSet(Records.LabelSetRec r) throws SQLException {
        rows.addLabelSet(r.name(), r.description(), r.labelsJson());
        if (!labelSets.containsKey(r.name())) {
            List<String> labels = new ArrayList<>();
            Json.read(r.labelsJson()).forEach(n -> labels.add(n.asText()));
            labelSets.put(r.name(), new LabelSet(r.name(), r.description(), labels));
        }
    }

    /** Adds each task to its file's counts; called once, after every file was written. */
    void finishTaskCounts() {
        tasks.finishTaskCounts();
    }

    /** After the last flush: removes the task versions an edited task replaced (see {@link EditedTasks}). */
    void dropReplacedTasks() throws SQLException {
        tasks.dropReplacedTasks();
    }

    private void rater(Records.RaterRec r) throws SQLException {
        if (!raterIds.add(r.id())) {
            return;
        }
        rows.addRater(r.id(), r.name(), r.kind().code(), r.version(), r.config(), r.description());
    }

    private void judge(Records.JudgeRec r, ImportReport.FileCounts counts) throws SQLException {
        if (!traceBatch.isEmpty()) {
            flush();
        }
        List<String[]> matches = tracesOf(r.model()).get(r.taskKey());
        if (matches == null || matches.isEmpty()) {
            throw new ImportException(
                    Path.of(r.sourceFile()),
                    r.line(),
                    r.pointer() + "/task_id",
                    "no trace of model '" + r.model() + "' on task '" + r.taskKey() + "' in this project; import "
                            + "that model's results file first (or earlier in the same command)");
        }
        if (matches.size() > 1) {
            counts.ambiguousMatches++;
        }
        String[] trace = matches.get(0);
        String traceId = trace[0];
        LabelSet set = labelSets.get(trace[2]);
        Ledger.Entry e;
        if (r.failureMode() == null) {
            String reason = r.error() != null ? "the judge failed: " + r.error() : "the judge gave no label";
            e = new Ledger.Entry(
                    traceId,
                    r.raterId(),
                    "null",
                    null,
                    r.confidence(),
                    r.scores(),
                    r.reasoning(),
                    r.raw(),
                    reason,
                    null,
                    "import");
        } else if (set != null && !set.allows(r.failureMode())) {
            e = new Ledger.Entry(
                    traceId,
                    r.raterId(),
                    "null",
                    null,
                    r.confidence(),
                    r.scores(),
                    r.reasoning(),
                    r.raw() == null ? r.failureMode() : r.raw(),
                    "'" + r.failureMode() + "' is not a label of " + set.name(),
                    null,
                    "import");
        } else {
            e = new Ledger.Entry(
                    traceId,
                    r.raterId(),
                    "set",
                    r.failureMode(),
                    r.confidence(),
                    r.scores(),
                    r.reasoning(),
                    r.raw(),
                    null,
                    null,
                    "import");
        }
        labelBatch.add(new Records.LabelRec(
                Ids.of("label", traceId, r.raterId(), r.rowHash()), r.raterId(), e, null, null, false, r.line()));
        labelBatchCounts.add(counts);
        if (labelBatch.size() >= BATCH) {
            flush();
        }
    }

    /** (trace id, run, label set) of each trace of a model, by task key, newest run first. */
    private Map<String, List<String[]>> tracesOf(String model) throws SQLException {
        Map<String, List<String[]>> m = tracesByModel.get(model);
        if (m != null) {
            return m;
        }
        Map<String, List<String[]>> byKey = new HashMap<>();
        rows.tracesOfModel(model, (id, run, labelSet, taskKey) -> byKey.computeIfAbsent(taskKey, k -> new ArrayList<>())
                .add(new String[] {id, run, labelSet}));
        byKey.values()
                .forEach(l -> l.sort(Comparator.comparing((String[] a) -> a[1]).reversed()));
        tracesByModel.put(model, byKey);
        return byKey;
    }

    private void adjudication(Records.AdjudicationRec r, ImportReport.FileCounts counts) throws SQLException {
        flush();
        if (provenance != null
                && provenance.adjudication(
                                c,
                                r.id(),
                                r.traceId(),
                                r.annotator(),
                                r.action(),
                                r.value(),
                                r.createdAt(),
                                traceLabelSet(r.traceId()),
                                r.line())
                        != null) {
            return;
        }
        checkEntry(
                counts,
                r.line(),
                r.traceId(),
                r.action(),
                r.value(),
                true,
                r.replaces(),
                java.util.Set.of(),
                "adjudication");
        if (rows.addAdjudication(
                r.id(),
                r.traceId(),
                r.annotator(),
                r.action(),
                r.value(),
                r.rationale(),
                r.replaces(),
                r.createdAt())) {
            counts.adjudicationsNew++;
        } else {
            counts.adjudicationsSeen++;
        }
    }

    /** A comment or flag from another laptop's export: kept once (by id); its trace must be here. */
    private void comment(Records.CommentRec r, ImportReport.FileCounts counts) throws SQLException {
        flush();
        if (rows.traceLabelSet(r.traceId()) == null) {
            throw new ImportException(
                    Path.of(counts.file),
                    r.line(),
                    "/trace_id",
                    "no trace " + r.traceId() + " in this file or the project; import the file that has it "
                            + "first (nothing was imported)");
        }
        if (rows.addComment(r.id(), r.traceId(), r.author(), r.action(), r.text(), r.createdAt())) {
            counts.commentsNew++;
        } else {
            counts.commentsSeen++;
        }
    }

    private void scheme(Records.SchemeRec r, ImportReport.FileCounts counts) throws SQLException {
        flush();
        answers.scheme(r, counts);
    }

    private void score(Records.ScoreRec r, ImportReport.FileCounts counts) throws SQLException {
        answers.score(r, counts);
    }

    private void writeScores() throws SQLException {
        answers.writeScores();
    }

    private void answer(Records.AnswerRec r, ImportReport.FileCounts counts) throws SQLException {
        flush();
        answers.answer(r, counts);
    }

    /**
     * A judge's settings from another laptop: never written unless the user named it to take (see {@link ConfigGate});
     * reported in the file's counts either way.
     */
    private void judgeConfig(Records.JudgeConfigRec r, ImportReport.FileCounts counts) throws SQLException {
        if (ConfigGate.traffic(r.key()) == null || !r.key().startsWith("judge:")) {
            throw new IllegalStateException("not a judge's settings: " + r.key());
        }
        ConfigGate.Judge j = gate.offer(c, r.key(), r.configJson());
        if (counts != null) {
            counts.judges.add(j);
        }
    }

    /** Which judges' settings from the files are taken (by default none). */
    void gate(ConfigGate g) {
        this.gate = g;
    }

    private ConfigGate gate = new ConfigGate(java.util.Set.of());

    /** An answered judge call (the response cache); its run stays on the laptop that made it. */
    private void judgeCall(Records.JudgeCallRec r, ImportReport.FileCounts counts) throws SQLException {
        flush();
        if (rows.addAnsweredCall(new ImportRows.AnsweredCall(
                r.id(),
                r.cacheKey(),
                r.traceId(),
                r.raterId(),
                r.provider(),
                r.model(),
                r.httpStatus(),
                r.response(),
                r.content(),
                r.tokensIn(),
                r.tokensOut(),
                r.latencyMs(),
                r.attempts(),
                r.labelId(),
                r.createdAt()))) {
            counts.judgeCallsNew++;
        } else {
            counts.judgeCallsSeen++;
        }
    }

    /** Writes pending traces, then pending labels (whose traces are now stored). */
    void flush() throws SQLException {
        if (!traceBatch.isEmpty()) {
            for (int i = 0; i < traceBatch.size(); i++) {
                Records.TraceRec t = traceBatch.get(i);
                rows.addTrace(
                        t.id(),
                        t.taskId(),
                        t.model(),
                        t.run(),
                        t.answer(),
                        t.toolCalls(),
                        t.turns(),
                        t.extra(),
                        traceBatchSource.get(i));
            }
            int[] done = rows.sendTraces();
            for (int i = 0; i < done.length; i++) {
                if (done[i] > 0) {
                    newTraces.add(traceBatch.get(i).id());
                    traceBatchCounts.get(i).tracesNew++;
                    tracesByModel.remove(traceBatch.get(i).model());
                } else {
                    if (changedOrSame(traceBatch.get(i), traceBatchSource.get(i), traceBatchCounts.get(i))) {
                        traceBatchCounts.get(i).tracesReplaced++;
                    }
                    traceBatchCounts.get(i).tracesSeen++;
                }
            }
            traceBatch.clear();
            traceBatchSource.clear();
            traceBatchCounts.clear();
        }
        if (!runBatch.isEmpty()) {
            writeRuns();
        }
        if (!labelBatch.isEmpty() && provenance != null) {
            // merge: what a source may not say is left out here, entry by entry, and reported
            List<Records.LabelRec> kept = new ArrayList<>();
            List<ImportReport.FileCounts> keptCounts = new ArrayList<>();
            for (int i = 0; i < labelBatch.size(); i++) {
                Records.LabelRec l = labelBatch.get(i);
                if (l.replacesGiven()
                        && provenance.label(
                                        c,
                                        l.id(),
                                        l.entry().traceId(),
                                        l.raterId(),
                                        l.entry().action(),
                                        l.entry().value(),
                                        traceLabelSet(l.entry().traceId()),
                                        l.line())
                                != null) {
                    continue;
                }
                kept.add(l);
                keptCounts.add(labelBatchCounts.get(i));
            }
            labelBatch.clear();
            labelBatch.addAll(kept);
            labelBatchCounts.clear();
            labelBatchCounts.addAll(keptCounts);
        }
        if (!labelBatch.isEmpty()) {
            java.util.Set<String> inBatch = new java.util.HashSet<>();
            for (int i = 0; i < labelBatch.size(); i++) {
                Records.LabelRec l = labelBatch.get(i);
                if (l.replacesGiven()) { // a ledger entry from an export: its references and value are checked
                    checkEntry(
                            labelBatchCounts.get(i),
                            l.line(),
                            l.entry().traceId(),
                            l.entry().action(),
                            l.entry().value(),
                            isHuman(l.raterId()),
                            l.replaces(),
                            inBatch,
                            "label");
                }
                inBatch.add(l.id());
            }
            for (Records.LabelRec l : labelBatch) {
                String key = l.entry().traceId() + '\u0000' + l.raterId();
                String replaces;
                if (l.replacesGiven()) {
                    replaces = l.replaces();
                } else if (lastLabel.containsKey(key)) {
                    replaces = lastLabel.get(key);
                } else if (newTraces.contains(l.entry().traceId())) {
                    replaces = null;
                } else {
                    replaces = Ledger.currentLabelId(c, l.entry().traceId(), l.raterId());
                    if (l.id().equals(replaces)) {
                        replaces = null;
                    }
                }
                String id = l.id();
                if (replacedTraces.contains(l.entry().traceId()) && labelExists(id)) {
                    // the same verdict as before the replacement: a new entry after the withdrawal, not a no-op
                    id = Ids.of("label", id, "after-replace", Timestamps.now());
                }
                lastLabel.put(key, id);
                rows.addLabel(id, l.entry(), replaces, l.createdAt() == null ? Timestamps.now() : l.createdAt());
            }
            int[] done = rows.sendLabels();
            for (int i = 0; i < done.length; i++) {
                Records.LabelRec l = labelBatch.get(i);
                ImportReport.FileCounts counts = labelBatchCounts.get(i);
                if (done[i] > 0) {
                    counts.labelsNew++;
                    if ("null".equals(l.entry().action())) {
                        counts.nullVerdicts++;
                    }
                } else {
                    counts.labelsSeen++;
                }
            }
            labelBatch.clear();
            labelBatchCounts.clear();
        }
        if (!pendingScores.isEmpty()) {
            writeScores();
        }
    }

    /** Refuses (or with --replace, replaces) a trace already in the project whose content differs from {@code t}. */
    private boolean changedOrSame(Records.TraceRec t, String sourceId, ImportReport.FileCounts counts)
            throws SQLException {
        String diff;
        String oldTask;
        ImportRows.StoredTrace old = rows.storedTrace(t.id());
        if (old == null) {
            return false;
        }
        oldTask = old.taskId();
        diff = differences(old.taskId(), old.answer(), old.toolCalls(), old.turns(), old.extra(), t);
        if (diff == null) {
            return false;
        }
        if (runs.isOpenTrace(t.id()) && lost(t) == null) {
            // its spans again with the log records it lacked: the run completed, as late records alone would
            Path file = sourceFiles.get(sourceId);
            int withdrawn = replaceTrace(
                    t,
                    null,
                    "import" + (file == null ? "" : " " + file.getFileName())
                            + ": log records completed the run's messages (its content changed)");
            if (!oldTask.equals(t.taskId())) {
                runs.dropTaskWithoutTraces(oldTask);
            }
            if (counts != null) {
                counts.runsCompleted++;
                counts.completedLabelsWithdrawn += withdrawn;
            }
            return false;
        }
        if (!replace) {
            throw new ImportException(
                    sourceFiles.get(sourceId),
                    -1,
                    null,
                    describe(t) + " is already in the project with "
                            + "other content (" + diff
                            + " differ); nothing was imported. To replace it, import again with "
                            + "--replace: its earlier labels are then withdrawn in the ledger and the file's labels apply");
        }
        String lost = lost(t);
        if (lost != null && !replacePoorer.contains(t.id())) {
            throw new ImportException(
                    sourceFiles.get(sourceId),
                    -1,
                    null,
                    describe(t) + " in the file has less than the project's run (" + lost + "): replacing it would "
                            + "lose that; nothing was imported. A run split across requests comes whole from the "
                            + "files of one import. If the file's run is the right one, name it: --replace-poorer "
                            + t.id());
        }
        Path file = sourceFiles.get(sourceId);
        replaceTrace(
                t,
                sourceId,
                "import --replace" + (file == null ? "" : " " + file.getFileName())
                        + ": the trace's content was replaced");
        return true;
    }

    /** Traces named with --replace-poorer: replaced even when the file's run has less than the project's. */
    private Set<String> replacePoorer = Set.of();

    void replacePoorer(Set<String> ids) {
        this.replacePoorer = Set.copyOf(ids);
    }

    /**
     * What the project's run has that the file's run lacks — fewer tool calls or turns, an answer gone — in words
     * ("tool calls 2 → 0"), or null when the file's run has at least as much.
     */
    private String lost(Records.TraceRec t) throws SQLException {
        ImportRows.StoredTrace old = rows.storedTrace(t.id());
        if (old == null) {
            return null;
        }
        List<String> d = new ArrayList<>();
        int callsBefore = arrayLength(old.toolCalls());
        int callsAfter = arrayLength(t.toolCalls());
        if (callsAfter < callsBefore) {
            d.add("tool calls " + callsBefore + " → " + callsAfter);
        }
        int turnsBefore = arrayLength(old.turns());
        int turnsAfter = arrayLength(t.turns());
        if (turnsAfter < turnsBefore) {
            d.add("turns " + turnsBefore + " → " + turnsAfter);
        }
        String answer = old.answer();
        if (answer != null
                && !answer.isBlank()
                && (t.answer() == null || t.answer().isBlank())) {
            d.add("the final answer → none");
        }
        return d.isEmpty() ? null : String.join(", ", d);
    }

    private static int arrayLength(String json) {
        if (json == null || json.isBlank()) {
            return 0;
        }
        com.fasterxml.jackson.databind.JsonNode n = Json.read(json);
        return n.isArray() ? n.size() : 0;
    }

    /**
     * Replaces a trace's content and withdraws, in the ledger, every rater's current label on it (they judged the old
     * content); the labels this import brings then stand alone. Never a mix of old answers and new labels.
     */
    /** Returns how many current labels it withdrew. */
    private int replaceTrace(Records.TraceRec t, String sourceId, String why) throws SQLException {
        rows.updateTrace(t.id(), t.taskId(), t.answer(), t.toolCalls(), t.turns(), t.extra(), sourceId);
        List<String> raters = rows.ratersLabelling(t.id());
        for (String rater : raters) {
            Ledger.append(
                    c,
                    Ids.of("label", t.id(), rater, "withdraw-on-replace", Timestamps.now()),
                    Ledger.Entry.withdraw(t.id(), rater, why));
            lastLabel.remove(t.id() + '\u0000' + rater);
        }
        replacedTraces.add(t.id());
        replaced++;
        return raters.size();
    }

    /**
     * A ledger entry of an export (a label or an adjudication) is refused, naming its file, line and field, when its
     * trace is in neither the file nor the project, when a person's value is a label of no label set of the project
     * ("banana"), or when the entry it says it replaces does not exist: such an entry is never stored, changed or
     * guessed at. A person's value that is a label, but not of the trace's label set (result_ignore on a control
     * task), is kept as given, and the import report warns with file, line and field.
     */
    private void checkEntry(
            ImportReport.FileCounts counts,
            long line,
            String traceId,
            String action,
            String value,
            boolean person,
            String replaces,
            java.util.Set<String> earlierInBatch,
            String table)
            throws SQLException {
        Path file = Path.of(counts.file);
        String labelSet;
        ImportRows.TraceSet found = rows.traceLabelSet(traceId);
        if (found == null) {
            throw new ImportException(
                    file,
                    line,
                    "/trace_id",
                    "no trace " + traceId + " in this file or the "
                            + "project; import the file that has it first (nothing was imported)");
        }
        labelSet = found.labelSet();
        LabelSet set = labelSet == null ? null : labelSets.get(labelSet);
        if (person && "set".equals(action) && set != null && !set.allows(value)) {
            boolean known = labelSets.values().stream().anyMatch(ls -> ls.allows(value));
            if (!known) {
                throw new ImportException(
                        file,
                        line,
                        "/value",
                        "\"" + value + "\" is not a label of " + set.name()
                                + " (" + String.join(", ", set.labels())
                                + ") nor of any label set of the project; nothing "
                                + "was imported");
            }
            counts.warnings.add(file.getFileName() + ": line " + line + " at /value: \"" + value
                    + "\" is not a label of " + set.name() + " (the trace's label set); kept as given");
        }
        if (replaces != null
                && !earlierInBatch.contains(replaces)
                && (provenance == null || !provenance.wasRefused(replaces))) {
            if (!rows.entryExists(!table.equals("label"), replaces)) {
                throw new ImportException(
                        file,
                        line,
                        "/replaces",
                        "the " + table + " it replaces, " + replaces
                                + ", is in neither this file (before it) nor the project; nothing was imported");
            }
        }
    }

    private final Map<String, Boolean> humanRaters = new HashMap<>();

    private boolean isHuman(String raterId) throws SQLException {
        Boolean h = humanRaters.get(raterId);
        if (h == null) {
            h = "human".equals(rows.raterKind(raterId));
            humanRaters.put(raterId, h);
        }
        return h;
    }

    private boolean labelExists(String labelId) throws SQLException {
        return rows.labelExists(labelId);
    }

    /** Which parts of a trace differ, or null when none does. */
    static String differences(
            String taskId, String answer, String calls, String turns, String extra, Records.TraceRec t) {
        List<String> d = new ArrayList<>();
        if (!java.util.Objects.equals(taskId, t.taskId())) {
            d.add("task");
        }
        if (!java.util.Objects.equals(answer, t.answer())) {
            d.add("answer");
        }
        if (!java.util.Objects.equals(calls, t.toolCalls())) {
            d.add("tool calls");
        }
        if (!java.util.Objects.equals(turns, t.turns())) {
            d.add("turns");
        }
        if (!java.util.Objects.equals(extra, t.extra())) {
            d.add("other fields");
        }
        return d.isEmpty() ? null : String.join(", ", d);
    }

    private String describe(Records.TraceRec t) throws SQLException {
        String key = t.taskId();
        String stored = rows.taskKey(t.taskId());
        if (stored != null) {
            key = stored;
        }
        return "the trace of model '" + t.model() + "' on task '" + key + "'"
                + (t.run() == null || t.run().isEmpty() ? "" : " (run " + t.run() + ")");
    }
}
