package org.tracejudge.export;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.tracejudge.csv.Csv;
import org.tracejudge.ensemble.LabelSources;
import org.tracejudge.output.OutputFile;
import org.tracejudge.store.Comments;
import org.tracejudge.store.Conflicts;
import org.tracejudge.store.DecisionRationales;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectException;
import org.tracejudge.store.ProjectQueries;
import org.tracejudge.store.TraceTable;

/**
 * The labels table, one row per trace, as {@code labels --format csv} prints it and the workbench's File ▸ Export
 * labels (CSV) writes it: trace_id, model, task_id, task_type, each rater's current label, each person's decision
 * ({@code annotator:NAME}), the ensemble and the final label; then each person's rationale of that decision
 * ({@code rationale:NAME}) and, when the project has any comment, {@code flagged} (yes while a trace is flagged for
 * the lead) and {@code comments} (each as "author: text", "author flagged: text", oldest first, " | " between).
 * A person whose decisions on a trace differ across laptops gets "conflict: a | b" instead of either.
 */
public final class LabelsTable {
    private final ProjectQueries queries;
    private final List<ProjectQueries.RaterSummary> raters;
    private final List<Conflicts.Conflict> conflicts;
    private final Map<String, String> conflicted = new HashMap<>();
    private final List<String> derivedNames;
    private final Map<String, String[]> derivedValues;
    private final List<String> people;
    private final Map<String, Map<String, String>> rationales;
    private final boolean withComments;
    private final Map<String, List<Comments.Comment>> comments = new HashMap<>();
    private final Set<String> flagged;

    /** What a file export wrote. */
    public record Summary(long traces, long conflicts) {}

    private LabelsTable(Project p) {
        queries = new ProjectQueries(p);
        raters = queries.currentRaters();
        conflicts = Conflicts.find(p);
        for (Conflicts.Conflict c : conflicts) {
            if (c.kind().equals("label")) {
                conflicted.put(c.traceId() + '\u0000' + c.who(), "conflict: " + String.join(" | ", c.values()));
            }
        }
        // every label source the workbench shows: each person's decisions, the ensemble and the final label, read
        // through the workbench's own table so that both say the same
        TraceTable table = new TraceTable(p, TraceTable.layout(p, null));
        List<TraceTable.Column> cols = table.layout().columns().stream()
                .filter(c -> c.kind() == TraceTable.Kind.HUMAN
                        || c.kind() == TraceTable.Kind.ENSEMBLE
                        || c.kind() == TraceTable.Kind.FINAL)
                .toList();
        derivedNames = cols.stream()
                .map(c -> c.kind() == TraceTable.Kind.HUMAN ? LabelSources.ANNOTATOR + c.ref() : c.key())
                .toList();
        people = cols.stream()
                .filter(c -> c.kind() == TraceTable.Kind.HUMAN)
                .map(TraceTable.Column::ref)
                .toList();
        derivedValues = new HashMap<>();
        if (!cols.isEmpty()) {
            // the values the workbench's table shows, from one walk of the ledger and one of the decisions
            table.forEachLabelValues(cols.stream().map(TraceTable.Column::key).toList(), derivedValues::put);
        }
        rationales = people.isEmpty() ? Map.of() : p.read(DecisionRationales::current);
        List<Comments.Comment> all = p.read(c -> Comments.all(c, false));
        withComments = !all.isEmpty();
        all.forEach(c ->
                comments.computeIfAbsent(c.traceId(), k -> new ArrayList<>()).add(c));
        flagged = withComments ? p.read(Comments::flaggedTraces) : Set.of();
    }

    /** Reads what the table needs (raters, conflicts, people's decisions and rationales, comments). */
    public static LabelsTable read(Project p) {
        return new LabelsTable(p);
    }

    /** Conflicting decisions (a person decided differently on two laptops). */
    public List<Conflicts.Conflict> conflicts() {
        return conflicts;
    }

    public List<ProjectQueries.RaterSummary> raters() {
        return raters;
    }

    public List<String> header() {
        List<String> header = new ArrayList<>(List.of("trace_id", "model", "task_id", "task_type"));
        raters.forEach(r -> header.add(r.column()));
        header.addAll(derivedNames);
        people.forEach(n -> header.add("rationale:" + n));
        if (withComments) {
            header.add("flagged");
            header.add("comments");
        }
        return header;
    }

    /** Streams the rows (cells in the header's order), ordered by model then task. */
    public void rows(Consumer<List<String>> out) {
        queries.labelRows(raters, row -> out.accept(cells(row)));
    }

    /** The named values of a row for JSON (people's rationales, flag, comments), in the header's order. */
    public Map<String, String> notes(String traceId) {
        Map<String, String> m = new LinkedHashMap<>();
        Map<String, String> why = rationales.getOrDefault(traceId, Map.of());
        people.forEach(n -> m.put("rationale:" + n, why.get(n)));
        if (withComments) {
            m.put("flagged", flagged.contains(traceId) ? "yes" : null);
            m.put("comments", commentsOf(traceId));
        }
        return m;
    }

    /** A rater's cell: its label, or the conflict a person's label is in. */
    public String cell(String traceId, String column, String value) {
        return conflicted.isEmpty() // no key to build for each of millions of cells
                ? value
                : conflicted.getOrDefault(traceId + '\u0000' + column, value);
    }

    /** The person's decisions, ensemble and final label of a trace (null: none), in the header's order. */
    public Map<String, String> derived(String traceId) {
        Map<String, String> m = new LinkedHashMap<>();
        String[] more = derivedValues.get(traceId);
        for (int i = 0; i < derivedNames.size(); i++) {
            m.put(derivedNames.get(i), more == null ? null : more[i]);
        }
        return m;
    }

    private List<String> cells(ProjectQueries.LabelRow row) {
        List<String> cells = new ArrayList<>(List.of(row.traceId(), row.model(), row.taskKey(), row.taskType()));
        row.labels().forEach((col, v) -> {
            String c = cell(row.traceId(), col, v);
            cells.add(c == null ? "" : c);
        });
        derived(row.traceId()).values().forEach(v -> cells.add(v == null ? "" : v));
        notes(row.traceId()).values().forEach(v -> cells.add(v == null ? "" : v));
        return cells;
    }

    private String commentsOf(String traceId) {
        List<Comments.Comment> l = comments.get(traceId);
        if (l == null) {
            return null;
        }
        List<String> parts = new ArrayList<>();
        for (Comments.Comment c : l) {
            String what =
                    switch (c.action()) {
                        case NOTE -> "";
                        case FLAG -> " flagged";
                        case UNFLAG -> " cleared the flag";
                    };
            parts.add(c.author() + what + (c.text().isEmpty() ? "" : ": " + c.text()));
        }
        return String.join(" | ", parts);
    }

    /** Writes the table as CSV to {@code out} (a file for a person: through {@link OutputFile}). */
    public static Summary writeCsv(Project p, Path out) {
        LabelsTable t = read(p);
        long[] n = {0};
        try {
            OutputFile.write(out, List.of(p.file()), tmp -> {
                try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(tmp, StandardCharsets.UTF_8))) {
                    w.print(Csv.line(t.header()));
                    w.print("\n");
                    t.rows(cells -> {
                        w.print(Csv.line(cells));
                        w.print("\n");
                        n[0]++;
                    });
                    if (w.checkError()) {
                        throw new IOException("the file could not be written (is the disk full?)");
                    }
                }
                return null;
            });
        } catch (OutputFile.Refused | ProjectException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new ProjectException(out + ": cannot write the labels: " + e.getMessage(), e);
        }
        return new Summary(n[0], t.conflicts().size());
    }
}
