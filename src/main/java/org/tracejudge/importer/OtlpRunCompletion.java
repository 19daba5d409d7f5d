package org.tracejudge.importer;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.tracejudge.json.Json;
import org.tracejudge.store.ImportRows;
import org.tracejudge.store.OtlpRuns;

/**
 * OTLP runs kept open until their log records come (otlp_run, schema 15), for one import: the runs a flush keeps,
 * updates or forgets, and at the end of the import the message log records of spans this import did not bring,
 * joined to the project's open run of their trace. Part of {@link ImportWriter}'s transaction: the run batch and the
 * source files are the writer's, and the writer flushes and replaces traces for it ({@link Writes}).
 */
final class OtlpRunCompletion {
    /** What this class asks of the writer: write its batches, replace a trace's content. */
    interface Writes {
        void flush() throws SQLException;

        /** Returns how many current labels it withdrew. */
        int replaceTrace(Records.TraceRec t, String sourceId, String why) throws SQLException;
    }

    private final OtlpRuns otlpRuns;
    /** Whether the project may hold open runs: without any, a complete run has no row to remove. */
    private Boolean openRunsHeld;

    /** Message records of spans this import did not bring, by OTLP trace id: completed at the end of the import. */
    private final Map<String, LateLogs> lateLogs = new java.util.LinkedHashMap<>();

    private final ImportRows rows;
    private final ImportTasks tasks;
    /** Source id to the file it came from, for messages (the writer's). */
    private final Map<String, Path> sourceFiles;
    /** Runs handed on since the last flush (the writer's batch). */
    private final List<Records.OtlpRunRec> runBatch;

    private final List<ImportReport.FileCounts> runBatchCounts;
    private final Writes writes;

    OtlpRunCompletion(
            OtlpRuns otlpRuns,
            ImportRows rows,
            ImportTasks tasks,
            Map<String, Path> sourceFiles,
            List<Records.OtlpRunRec> runBatch,
            List<ImportReport.FileCounts> runBatchCounts,
            Writes writes) {
        this.otlpRuns = otlpRuns;
        this.rows = rows;
        this.tasks = tasks;
        this.sourceFiles = sourceFiles;
        this.runBatch = runBatch;
        this.runBatchCounts = runBatchCounts;
        this.writes = writes;
    }

    private static final class LateLogs {
        final String sourceId;
        final ImportReport.FileCounts counts;
        final Map<String, List<com.fasterxml.jackson.databind.node.ObjectNode>> messages =
                new java.util.LinkedHashMap<>();
        int records;

        LateLogs(String sourceId, ImportReport.FileCounts counts) {
            this.sourceId = sourceId;
            this.counts = counts;
        }
    }

    void writeRuns() throws SQLException {
        if (openRunsHeld == null) {
            openRunsHeld = otlpRuns.any();
        }
        for (int i = 0; i < runBatch.size(); i++) {
            Records.OtlpRunRec r = runBatch.get(i);
            if (r.openSpans() > 0) {
                otlpRuns.put(new OtlpRuns.Stored(r.otlpTraceId(), r.traceId(), r.spans(), r.messages(), r.openSpans()));
                openRunsHeld = true;
                ImportReport.FileCounts counts = runBatchCounts.get(i);
                if (counts != null) {
                    counts.runsOpen++;
                }
            } else if (openRunsHeld) {
                otlpRuns.remove(r.otlpTraceId());
            }
        }
        runBatch.clear();
        runBatchCounts.clear();
    }

    /**
     * At the end of the import: message log records whose spans this import did not bring complete the project's
     * open run of their trace, if it has one. Each such run is assembled again from its kept spans with every record
     * joined so far and the new ones, and its trace rewritten (the labels on it withdrawn, as --replace does: they
     * judged a run without these messages). Records of a trace the project has no open run of are said to be skipped.
     */
    void completeStoredRuns() throws SQLException {
        writes.flush();
        if (lateLogs.isEmpty()) {
            return;
        }
        if (openRunsHeld == null) {
            openRunsHeld = otlpRuns.any();
        }
        Map<ImportReport.FileCounts, List<String>> unmatched = new java.util.LinkedHashMap<>();
        Map<ImportReport.FileCounts, Integer> unmatchedRecords = new java.util.LinkedHashMap<>();
        for (Map.Entry<String, LateLogs> e : lateLogs.entrySet()) {
            LateLogs late = e.getValue();
            OtlpRuns.Stored stored = openRunsHeld ? otlpRuns.find(e.getKey()) : null;
            if (stored == null) {
                unmatched.computeIfAbsent(late.counts, k -> new ArrayList<>()).addAll(late.messages.keySet());
                unmatchedRecords.merge(late.counts, late.records, Integer::sum);
                continue;
            }
            completeStoredRun(stored, late);
        }
        lateLogs.clear();
        writes.flush();
        unmatched.forEach((counts, spanIds) -> {
            if (counts == null) {
                return;
            }
            List<String> ids = spanIds.stream().sorted().toList();
            counts.skipped.merge(
                    "message log records whose span is neither in this import nor in the project (span ids "
                            + String.join(", ", ids.subList(0, Math.min(3, ids.size())))
                            + (ids.size() > 3 ? ", …" : "")
                            + "): import them with their spans, or after them",
                    unmatchedRecords.get(counts),
                    Integer::sum);
        });
    }

    private void completeStoredRun(OtlpRuns.Stored stored, LateLogs late) throws SQLException {
        Map<String, List<com.fasterxml.jackson.databind.node.ObjectNode>> messages =
                OtlpReader.messages(Json.read(stored.messages()));
        late.messages.forEach((spanId, events) ->
                messages.computeIfAbsent(spanId, k -> new ArrayList<>()).addAll(events));
        List<Records.Rec> recs = new ArrayList<>();
        Path file = sourceFiles.get(late.sourceId);
        OtlpReader.reassemble(
                file == null ? Path.of("stored run " + stored.otlpTraceId()) : file,
                stored.otlpTraceId(),
                Json.read(stored.spans()),
                messages,
                recs::add);
        int notJoined = 0;
        for (Records.Rec r : recs) {
            if (r instanceof Records.LateLogsRec left) {
                notJoined += left.records();
            }
        }
        int joinedNow = Math.max(0, late.records - notJoined);
        if (notJoined > 0 && late.counts != null) {
            late.counts.skipped.merge(
                    "message log records of spans not in their stored run (of no span the run's import read)",
                    notJoined,
                    Integer::sum);
        }
        for (Records.Rec r : recs) {
            if (r instanceof Records.TaskRec t) {
                tasks.task(t, late.sourceId, late.counts);
            } else if (r instanceof Records.TraceRec t) {
                writes.flush(); // the run's task is in the project before its trace points at it
                int withdrawn = completeTrace(t, late.sourceId);
                if (withdrawn >= 0 && late.counts != null) {
                    late.counts.runsCompleted++;
                    late.counts.logRecordsJoined += joinedNow;
                    late.counts.completedLabelsWithdrawn += withdrawn;
                }
            } else if (r instanceof Records.OtlpRunRec o) {
                runBatch.add(o);
                runBatchCounts.add(late.counts);
                writeRuns();
            }
        }
    }

    /**
     * The trace of a stored run assembled again with its late log records: rewritten in place (its source stays the
     * spans' file) when its content changed, the labels on it withdrawn; the task it had before, if no trace keeps it,
     * removed. Returns how many labels were withdrawn, or -1 when nothing changed.
     */
    private int completeTrace(Records.TraceRec t, String sourceId) throws SQLException {
        String oldTask;
        ImportRows.StoredTrace old = rows.storedTrace(t.id());
        if (old == null
                || ImportWriter.differences(old.taskId(), old.answer(), old.toolCalls(), old.turns(), old.extra(), t)
                        == null) {
            return -1;
        }
        oldTask = old.taskId();
        Path file = sourceFiles.get(sourceId);
        int withdrawn = writes.replaceTrace(
                t,
                null,
                "import" + (file == null ? "" : " " + file.getFileName())
                        + ": log records completed the run's messages (its content changed)");
        if (!oldTask.equals(t.taskId())) {
            otlpRuns.dropTaskWithoutTraces(oldTask);
        }
        return withdrawn;
    }

    /** Message records of spans this import did not bring: kept for {@link #completeStoredRuns}. */
    void late(Records.LateLogsRec r, String sourceId, ImportReport.FileCounts counts) {
        LateLogs l = lateLogs.computeIfAbsent(r.otlpTraceId(), k -> new LateLogs(sourceId, counts));
        r.messages().forEach((spanId, events) -> l.messages
                .computeIfAbsent(spanId, k -> new ArrayList<>())
                .addAll(events));
        l.records += r.records();
    }

    /** Whether the project holds an open run of this trace. */
    boolean isOpenTrace(String traceId) throws SQLException {
        if (openRunsHeld == null) {
            openRunsHeld = otlpRuns.any();
        }
        return openRunsHeld && otlpRuns.isOpenTrace(traceId);
    }

    void dropTaskWithoutTraces(String taskId) throws SQLException {
        otlpRuns.dropTaskWithoutTraces(taskId);
    }
}
