package org.tracejudge.importer;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.tracejudge.json.Json;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.TaskVersions;

/**
 * A results file whose embedded task was edited: the same {@code task_id} with other content. A task's id is a
 * hash of its content and a results trace's id is made from its task's, so such a file would set a second trace
 * beside each of the project's runs of that task, for the same model and run, and metrics would count the run
 * twice. It is refused naming the first field that differs; with {@code --replace} the edited task replaces the
 * project's by {@code task_id}: each incoming trace takes the place of the project's trace of the same model and
 * run (that trace's content replaced, its labels withdrawn, as {@code --replace} does for a trace), and the old
 * version of the task, left without traces, is removed.
 */
final class EditedTasks {
    private final Connection c;
    /** The new task's id -> the project's other versions of its task_id (which it replaces). */
    private final Map<String, List<String>> replacing = new HashMap<>();
    /** An incoming trace's id -> the project's trace it replaces. */
    private final Map<String, String> traceAlias = new HashMap<>();
    /** The new task's id -> the file it came in. */
    private final Map<String, Path> files = new HashMap<>();

    EditedTasks(Connection c) {
        this.c = c;
    }

    /** The project's versions of {@code key} other than {@code id}: (id, body) each, oldest first. */
    List<String[]> otherVersions(String key, String id) throws SQLException {
        List<String[]> out = new ArrayList<>();
        for (TaskVersions.Version v : TaskVersions.others(c, key, id)) {
            out.add(new String[] {v.id(), v.body()});
        }
        return out;
    }

    /** Refuses {@code task} (an edited copy of {@code old}), naming the difference and what to do. */
    static ImportException refusal(Path file, Records.TaskRec task, String oldBody) {
        return new ImportException(
                file,
                -1,
                null,
                "task " + task.key() + " is already in the project with other content ("
                        + difference(oldBody, task.body())
                        + "); importing it would set a second version of the task beside the first, with a second "
                        + "trace beside each run a model already has of it (counted twice by metrics). "
                        + "Nothing was imported. To replace the project's task by this one (its traces' content "
                        + "replaced, their labels withdrawn in the ledger), import again with --replace");
    }

    /** With --replace: {@code newId} replaces {@code oldIds}; their traces are taken over as the file's arrive. */
    void replace(String newId, List<String> oldIds, Path file) {
        replacing.put(newId, oldIds);
        files.put(newId, file);
    }

    /**
     * {@code t}, or when its task replaces another version and the project has a trace of that version for the same
     * model and run, {@code t} under that trace's id (so that it replaces it).
     */
    Records.TraceRec remap(Records.TraceRec t) throws SQLException {
        List<String> old = replacing.get(t.taskId());
        if (old == null) {
            return t;
        }
        for (String oldTask : old) {
            String id = TaskVersions.traceOf(c, oldTask, t.model(), t.run());
            if (id != null && !id.equals(t.id())) {
                traceAlias.put(t.id(), id);
                return new Records.TraceRec(
                        id, t.taskId(), t.model(), t.run(), t.answer(), t.toolCalls(), t.turns(), t.extra());
            }
        }
        return t;
    }

    /** {@code l}, on the trace its trace was remapped to (see {@link #remap(Records.TraceRec)}). */
    Records.LabelRec remap(Records.LabelRec l) {
        String to = traceAlias.get(l.entry().traceId());
        if (to == null) {
            return l;
        }
        Ledger.Entry e = l.entry();
        return new Records.LabelRec(
                l.id(),
                l.raterId(),
                new Ledger.Entry(
                        to,
                        e.raterId(),
                        e.action(),
                        e.value(),
                        e.confidence(),
                        e.scores(),
                        e.rationale(),
                        e.raw(),
                        e.nullReason(),
                        e.evidence(),
                        e.createdBy()),
                l.createdAt(),
                l.replaces(),
                l.replacesGiven(),
                l.line());
    }

    /**
     * After the import's traces are written: removes each replaced version left without traces. One that still has a
     * trace of a model and run the new version has too (its trace reached the import before its task did) is refused:
     * the run would be counted twice.
     */
    void dropReplaced() throws SQLException {
        for (Map.Entry<String, List<String>> r : replacing.entrySet()) {
            for (String oldTask : r.getValue()) {
                String[] shared = TaskVersions.sharedRun(c, oldTask, r.getKey());
                if (shared != null) {
                    throw new ImportException(
                            files.get(r.getKey()),
                            -1,
                            null,
                            "the edited task's run " + shared[1] + " of model " + shared[0]
                                    + " would be in the project twice (the old and the edited task); nothing "
                                    + "was imported. Import the file that embeds the edited task on its own "
                                    + "with --replace");
                }
                TaskVersions.dropWithoutTraces(c, oldTask);
            }
        }
    }

    /**
     * Where two task bodies differ: the JSON pointer of the first differing value with both values, shortened ("differs
     * at /user_message: "Book a flight…" in the project, "Book a train…" in the file"), and the other top-level fields
     * that differ.
     */
    static String difference(String oldBody, String newBody) {
        JsonNode a = Json.read(oldBody);
        JsonNode b = Json.read(newBody);
        String at = firstDifference(a, b, "");
        if (at == null) {
            return "differs in the order of its fields";
        }
        JsonNode x = at.isEmpty() ? a : a.at(at);
        JsonNode y = at.isEmpty() ? b : b.at(at);
        String fields = Json.differingFields(oldBody, newBody);
        int from = 0;
        if (x != null && y != null && x.isTextual() && y.isTextual()) {
            // two texts: shown from a little before the first character that differs
            String u = x.asText();
            String v = y.asText();
            int i = 0;
            while (i < u.length() && i < v.length() && u.charAt(i) == v.charAt(i)) {
                i++;
            }
            from = Math.max(0, i - 20);
        }
        return "differs at " + (at.isEmpty() ? "/" : at) + ": " + shown(x, from) + " in the project, " + shown(y, from)
                + " in the file" + (fields.contains(",") ? "; fields that differ: " + fields : "");
    }

    private static String firstDifference(JsonNode a, JsonNode b, String ptr) {
        if (a.equals(b)) {
            return null;
        }
        if (a.isObject() && b.isObject()) {
            TreeSet<String> names = new TreeSet<>();
            a.fieldNames().forEachRemaining(names::add);
            b.fieldNames().forEachRemaining(names::add);
            for (String n : names) {
                JsonNode x = a.get(n);
                JsonNode y = b.get(n);
                String p = ptr + "/" + n.replace("~", "~0").replace("/", "~1");
                if (x == null || y == null) {
                    return p;
                }
                String d = firstDifference(x, y, p);
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        if (a.isArray() && b.isArray()) {
            Iterator<JsonNode> i = a.elements();
            Iterator<JsonNode> j = b.elements();
            for (int k = 0; i.hasNext() && j.hasNext(); k++) {
                String d = firstDifference(i.next(), j.next(), ptr + "/" + k);
                if (d != null) {
                    return d;
                }
            }
            return ptr; // one is longer
        }
        return ptr;
    }

    /** A value as JSON, at most about 60 characters of it; a text from its character {@code from} on. */
    private static String shown(JsonNode n, int from) {
        if (n == null || n.isMissingNode()) {
            return "(absent)";
        }
        if (n.isTextual() && from > 0) {
            String rest = Json.MAPPER
                    .getNodeFactory()
                    .textNode(n.asText().substring(from))
                    .toString();
            return "\"…" + (rest.length() <= 60 ? rest.substring(1) : rest.substring(1, 57) + "…\"");
        }
        String s = n.toString();
        return s.length() <= 60 ? s : s.substring(0, 57) + "…";
    }
}
