package org.tracejudge.importer;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.tracejudge.json.Json;
import org.tracejudge.store.ImportRows;

/**
 * The tasks (and their toolsets) of one import, with the versions of a task: which tasks the import met, which file
 * each is counted for, and what happens to a task whose id the project has with other content. Part of {@link
 * ImportWriter}'s transaction; the source maps are the writer's, shared.
 */
final class ImportTasks {
    private final ImportRows rows;
    /** Results files' edited tasks (refused, or with --replace replacing the project's). */
    private final EditedTasks editedTasks;
    /** Source id to the file it came from, for messages (the writer's). */
    private final Map<String, Path> sourceFiles;
    /** Each source's format code (the writer's): an edited task is refused (or replaced) only from a results file. */
    private final Map<String, String> sourceFormats;

    private final Set<String> taskIds = new HashSet<>();
    private final Set<String> toolsetIds = new HashSet<>();
    /** Each task this import met: whether it was new to the project, and the first file (in import order) that refers to it. */
    private final Map<String, TaskTally> taskTallies = new HashMap<>();

    private boolean replace;

    private static final class TaskTally {
        Boolean wasNew;
        ImportReport.FileCounts owner;
    }

    ImportTasks(
            ImportRows rows,
            EditedTasks editedTasks,
            Map<String, Path> sourceFiles,
            Map<String, String> sourceFormats) {
        this.rows = rows;
        this.editedTasks = editedTasks;
        this.sourceFiles = sourceFiles;
        this.sourceFormats = sourceFormats;
    }

    /** With {@code true} (--replace), a results file's edited task replaces the project's version. */
    void replace(boolean on) {
        this.replace = on;
    }

    void toolset(String id, String json) throws SQLException {
        if (id != null && toolsetIds.add(id)) {
            rows.addToolset(id, json);
        }
    }

    /**
     * A file refers to a task. The task is counted once, for the first file in import order (phase, then command-line
     * order) that refers to it, not for the file whose reader reached the writer first: readers run in parallel, and
     * results files share the tasks they embed.
     */
    private TaskTally refer(String taskId, ImportReport.FileCounts counts) {
        TaskTally t = taskTallies.computeIfAbsent(taskId, k -> new TaskTally());
        if (counts != null && (t.owner == null || counts.order < t.owner.order)) {
            t.owner = counts;
        }
        return t;
    }

    void taskRef(String taskId, ImportReport.FileCounts counts) {
        refer(taskId, counts);
    }

    /** Adds each task to its file's counts; called once, after every file was written. */
    void finishTaskCounts() {
        for (TaskTally t : taskTallies.values()) {
            if (t.owner == null) {
                continue;
            }
            if (t.wasNew != null && t.wasNew) {
                t.owner.tasksNew++;
            } else {
                t.owner.tasksSeen++;
            }
        }
        taskTallies.clear();
    }

    void task(Records.TaskRec r, String sourceId, ImportReport.FileCounts counts) throws SQLException {
        TaskTally tally = refer(r.id(), counts);
        if (!taskIds.add(r.id())) {
            return;
        }
        if (r.toolsJson() != null) {
            toolset(r.toolsetId(), r.toolsJson());
        }
        // a scenario file's tool-selection task (with its tools) completes or updates one that runs brought in
        boolean upsert = r.toolsetId() != null && "tool_selection".equals(r.type());
        boolean existed = upsert && rows.taskExists(r.id());
        tally.wasNew = rows.addTask(
                        upsert,
                        r.id(),
                        r.key(),
                        r.domain(),
                        r.type(),
                        r.target(),
                        r.labelSet(),
                        r.userMessage(),
                        r.toolsetId(),
                        r.body())
                && !existed;
        if (tally.wasNew && !upsert && Format.TOOLFAILBENCH_RESULTS.code().equals(sourceFormats.get(sourceId))) {
            editedTask(r, sourceId, counts);
        } else if (tally.wasNew && counts != null && !upsert) {
            otherVersions(r, counts);
        }
    }

    /**
     * A results file's task whose task_id the project has with other content: refused, or with --replace put in the
     * place of the project's version (see {@link EditedTasks}).
     */
    private void editedTask(Records.TaskRec r, String sourceId, ImportReport.FileCounts counts) throws SQLException {
        List<String[]> others = editedTasks.otherVersions(r.key(), r.id());
        if (others.isEmpty()) {
            return;
        }
        if (!replace) {
            throw EditedTasks.refusal(sourceFiles.get(sourceId), r, others.get(others.size() - 1)[1]);
        }
        editedTasks.replace(r.id(), others.stream().map(o -> o[0]).toList(), sourceFiles.get(sourceId));
        if (counts != null) {
            counts.warnings.add("task " + r.key() + " replaced by the file's edited copy ("
                    + EditedTasks.difference(others.get(others.size() - 1)[1], r.body()) + ")");
        }
    }

    /** After the last flush: removes the task versions an edited task replaced (see {@link EditedTasks}). */
    void dropReplacedTasks() throws SQLException {
        editedTasks.dropReplaced();
    }

    /**
     * A task whose id (task_id) the project already has with other content is kept as given, as a version of its
     * own (its traces are its own), and the import says so: an edited copy of a task is never merged into, nor
     * silently set beside, the one already there.
     */
    private void otherVersions(Records.TaskRec r, ImportReport.FileCounts counts) throws SQLException {
        String other = rows.otherVersionBody(r.key(), r.id());
        if (other != null) {
            counts.warnings.add("task " + r.key() + " is already in the project with other content ("
                    + "differs in: " + Json.differingFields(other, r.body())
                    + "); kept as a second version "
                    + "of it, with its own traces");
        }
    }
}
